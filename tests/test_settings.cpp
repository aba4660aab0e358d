// The settings file: what it sets, what it reports (with line and column), and `fetaix config`'s text.

#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "config/settings.hpp"
#include "helpers.hpp"

using namespace fetaix;
using config::parse_settings;

namespace {

// The problems as one string, one a line, for exact comparison.
std::string lines(const std::vector<std::string>& problems) {
    std::string all;
    for (const std::string& p : problems) all += p + "\n";
    return all;
}

}  // namespace

TEST_CASE("settings: an empty file gives the defaults and no message", "[settings]") {
    const auto read = parse_settings("", "c.toml");
    CHECK(read.problems.empty());
    CHECK(read.settings.white == "White");
    CHECK(read.settings.black == "Black");
    CHECK_FALSE(read.settings.auto_flip);
    CHECK_FALSE(read.settings.ascii);
    CHECK_FALSE(read.settings.bell);
    CHECK_FALSE(read.settings.screen_reader);
    CHECK(describe(read.settings.rules) == describe(Rules{}));
}

TEST_CASE("settings: a whole good file sets every key", "[settings]") {
    const auto read = parse_settings(
        "auto-flip = true\nascii = true\nbell = true\nscreen-reader = true\n"
        "[players]\nwhite = \"Amina\"\nblack = \"王\"\n"
        "[rules]\nbackward-captures = true\npromotion = \"immediate\"\nmajority = true\nno-progress = 0\n",
        "c.toml");
    CHECK(lines(read.problems).empty());
    CHECK(read.settings.auto_flip);
    CHECK(read.settings.ascii);
    CHECK(read.settings.bell);
    CHECK(read.settings.screen_reader);
    CHECK(read.settings.white == "Amina");
    CHECK(read.settings.black == "王");
    CHECK(describe(read.settings.rules) == "backward-captures=yes promotion=immediate majority=yes no-progress=0");
}

TEST_CASE("settings: every rule switch of the table is a key of [rules]", "[settings]") {
    // Each switch set to a value other than its default, written as its kind takes it.
    std::string file = "[rules]\n";
    Rules expected;
    for (const RuleSwitch& s : kRuleSwitches) {
        const int value = s.get(Rules{}) == 0 ? 1 : 0;
        s.set(expected, value);
        const std::string written = s.kind == SwitchKind::Toggle ? (value ? "true" : "false")
                                    : s.kind == SwitchKind::Count
                                        ? std::to_string(value)
                                        : concat("\"", s.words[static_cast<std::size_t>(value)], "\"");
        file += concat(switch_key(s), " = ", written, "\n");
    }
    const auto read = parse_settings(file, "c.toml");
    CHECK(lines(read.problems).empty());
    CHECK(describe(read.settings.rules) == describe(expected));
}

TEST_CASE("settings: a partial file keeps the defaults for the rest", "[settings]") {
    const auto read = parse_settings("[players]\nblack = \"Zineb\"\n", "c.toml");
    CHECK(read.problems.empty());
    CHECK(read.settings.white == "White");
    CHECK(read.settings.black == "Zineb");
    CHECK(describe(read.settings.rules) == describe(Rules{}));
}

TEST_CASE("settings: a key of a table written at the top says which table it belongs to", "[settings]") {
    CHECK(lines(parse_settings("undo = \"U\"\nblack = \"Zineb\"\nmajority = true\nsound = 1\n", "c.toml").problems) ==
          "c.toml:1:1: unknown key 'undo' (ignored); key bindings go under [keys]\n"
          "c.toml:2:1: unknown key 'black' (ignored); the players go under [players]\n"
          "c.toml:3:1: unknown key 'majority' (ignored); the rules go under [rules]\n"
          "c.toml:4:1: unknown key 'sound' (ignored)\n");
}

TEST_CASE("settings: bad syntax is reported with its line and column, and the whole file left out", "[settings]") {
    const auto read = parse_settings("bell = true\n[players]\nwhite = \"Amina\nblack = \"Zineb\"\n", "c.toml");
    CHECK(lines(read.problems) ==
          "c.toml:3:15: a closing \" is missing (Error while parsing string: unescaped control characters other than "
          "TAB (U+0009) are explicitly prohibited; the whole file is ignored)\n");
    // A value that is a bare word: it goes in quotes.
    CHECK(lines(parse_settings("theme = light\n", "c.toml").problems) ==
          "c.toml:1:9: text goes in quotes (name = \"Amina\") (Error while parsing value: could not determine value "
          "type; the whole file is ignored)\n");
    CHECK(lines(parse_settings("ascii = true\n\nbell = \n", "c.toml").problems) ==
          "c.toml:3:8: Error while parsing key-value pair: expected value, saw '\\n' (the whole file is ignored)\n");
    CHECK_FALSE(read.settings.bell);
    CHECK(read.settings.white == "White");
}

TEST_CASE("settings: the screen-reader mode is told only of the settings it uses", "[settings]") {
    const auto read = parse_settings(
        "theme = 3\nascii = 1\nauto-flip = 1\nbell = 1\nclock = \"x\"\n[keys]\nundo = \"Ctrl-C\"\n[rules]\nmajority = 2\nodd = 1\n",
        "c.toml");
    REQUIRE(read.problems.size() == 8);
    CHECK(lines(read.line_problems) == "c.toml:5:9: clock: expected \"\" or " + std::string(fetaix::kClockSpecHelp) +
                                           ", found \"x\" (ignored)\n"
                                           "c.toml:9:12: rules.majority: expected true or false, found 2 (ignored)\n"
                                           "c.toml:10:1: unknown key 'rules.odd' (ignored)\n");
    // A syntax error leaves the whole file out, in either mode.
    const auto broken = parse_settings("bell = \n", "c.toml");
    CHECK(broken.line_problems == broken.problems);
    CHECK(broken.line_problems.size() == 1);
}

TEST_CASE("settings: unknown keys are reported in the file's order and the rest is used", "[settings]") {
    const auto read = parse_settings(
        "theme = \"light\"\nbell = true\n[sounds]\nundo = \"z\"\n[players]\nwhite = \"Amina\"\nblue = \"x\"\n"
        "[rules]\nmajority = true\nflying = true\n",
        "c.toml");
    CHECK(lines(read.problems) ==
          "c.toml:3:2: unknown key 'sounds' (ignored)\n"
          "c.toml:7:1: unknown key 'players.blue' (ignored)\n"
          "c.toml:10:1: unknown key 'rules.flying' (ignored)\n");
    CHECK(read.settings.bell);
    CHECK(read.settings.theme == "light");
    CHECK(read.settings.white == "Amina");
    CHECK(read.settings.rules.majority);
}

TEST_CASE("settings: a theme is one of the themes' names", "[settings]") {
    const auto read = parse_settings("theme = \"Light\"\nascii = true\n", "c.toml");
    CHECK(
        lines(read.problems) ==
        "c.toml:1:9: theme: expected one of dark, light, high-contrast, colour-blind, mono, found \"Light\" (ignored)\n");
    CHECK(read.settings.theme == "dark");
    CHECK(read.settings.ascii);
    CHECK(parse_settings("theme = 3\n", "c.toml").settings.theme == "dark");
}

TEST_CASE("settings: a bad value is reported and its default kept, the other keys used", "[settings]") {
    const auto read = parse_settings(
        "auto-flip = \"yes\"\nascii = true\n[players]\nwhite = 3\nblack = \"\"\n"
        "[rules]\nbackward-captures = 1\npromotion = \"sideways\"\nmajority = true\nno-progress = 100001\n",
        "c.toml");
    CHECK(lines(read.problems) ==
          "c.toml:1:13: auto-flip: expected true or false, found \"yes\" (ignored)\n"
          "c.toml:4:9: players.white: expected a name in quotes, found 3 (ignored)\n"
          "c.toml:5:9: players.black: a name has 1 to 40 characters (ignored)\n"
          "c.toml:7:21: rules.backward-captures: expected true or false, found 1 (ignored)\n"
          "c.toml:8:13: rules.promotion: expected \"end\", \"immediate\" or \"stop\", found \"sideways\" (ignored)\n"
          "c.toml:10:15: rules.no-progress: expected a number of plies from 0 to 100000, found 100001 (ignored)\n");
    CHECK_FALSE(read.settings.auto_flip);
    CHECK(read.settings.ascii);
    CHECK(read.settings.white == "White");
    CHECK(read.settings.black == "Black");
    CHECK(describe(read.settings.rules) == "backward-captures=no promotion=end majority=yes no-progress=50");
}

TEST_CASE("settings: [players] or [rules] as a plain value is reported", "[settings]") {
    const auto read = parse_settings("players = \"Amina\"\nrules = 3\n", "c.toml");
    CHECK(lines(read.problems) ==
          "c.toml:1:11: players: expected a table [players], found \"Amina\" (ignored)\n"
          "c.toml:2:9: rules: expected a table [rules], found 3 (ignored)\n");
}

TEST_CASE("settings: the file as `fetaix config` prints it reads back to the same settings", "[settings]") {
    config::Settings s;
    s.white = "A \"quoted\" \\ name";
    s.black = "王";
    s.bell = true;
    s.screen_reader = true;
    s.rules.promotion = Promotion::Stop;
    s.rules.no_progress = 7;
    const auto read = parse_settings(config::settings_toml(s), "c.toml");
    CHECK(read.problems.empty());
    CHECK(read.settings.white == s.white);
    CHECK(read.settings.black == s.black);
    CHECK(read.settings.bell);
    CHECK(read.settings.screen_reader);
    CHECK(describe(read.settings.rules) == describe(s.rules));
}

TEST_CASE("settings: [keys] remaps actions; what is bad is reported where it stands and left out",
          "[settings][keymap]") {
    const auto read = parse_settings(
        "[keys]\n"
        "undo = \"U\"\n"
        "cursor-left = [\"Left\", \"d\"]\n"
        "draw = \"D\"\n"
        "redo = \"f\"\n"
        "flip = [\"F\", \"Sapce\"]\n"
        "undoo = \"z\"\n"
        "hint = 3\n"
        "help = []\n"
        "complete = \"x\"\n",
        "c.toml");
    CHECK(lines(read.problems) ==
          concat("c.toml:5:8: keys.redo: \"f\" is also flip's key (ignored)\n",
                 "c.toml:6:14: keys.flip: \"Sapce\" is not a key name; fetaix config lists them (ignored)\n",
                 "c.toml:7:1: unknown action 'keys.undoo'; fetaix config lists them (ignored)\n",
                 "c.toml:8:8: keys.hint: expected a key or a list of keys in quotes, found 3 (ignored)\n",
                 "c.toml:9:1: keys.help: expected at least one key, found an empty list (ignored)\n",
                 "c.toml:10:12: keys.complete: \"x\" types itself at the prompt; a prompt action takes a named key "
                 "(ignored)\n"));
    const front::KeyMap& keys = read.settings.keys;
    CHECK(keys.all("undo") == "U");
    CHECK(keys.all("cursor-left") == "Left d");
    CHECK(keys.all("draw") == "D");
    // What was refused keeps its defaults.
    CHECK(keys.all("redo") == "r");
    CHECK(keys.all("flip") == "f");
    CHECK(keys.all("hint") == "H");
    CHECK(keys.all("help") == "?");
    CHECK(keys.all("complete") == "Tab");
    // [keys] as a plain value.
    CHECK(lines(parse_settings("keys = \"U\"\n", "c.toml").problems) ==
          "c.toml:1:8: keys: expected a table [keys], found \"U\" (ignored)\n");
}

TEST_CASE("settings: `fetaix config` prints the keys in force, and they read back the same", "[settings][keymap]") {
    const auto read = parse_settings(
        "[keys]\nundo = \"U\"\ncursor-left = [\"Left\", \"d\"]\ndraw = \"\\\\\"\nhint = '\"'\n", "c.toml");
    REQUIRE(read.problems.empty());
    const std::string text = config::settings_toml(read.settings);
    CHECK_THAT(text,
               Catch::Contains(
                   "\n[keys]\n# Each action's key, or a list of keys. A key is a character, or Up, Down, Left,"
                   " Right, Home, End,\n# PgUp, PgDn, Enter, Esc, Backspace, Delete, Space, Tab, Ctrl-A to"
                   " Ctrl-Z (not Ctrl-C, Ctrl-H,\n# Ctrl-I, Ctrl-J, Ctrl-M, Ctrl-Q, Ctrl-S or Ctrl-Z).\n# cursor up"));
    CHECK_THAT(text, Catch::Contains("\n# undo (default \"u\")\nundo = \"U\"\n"));
    CHECK_THAT(text, Catch::Contains("\n# cursor left; looking back, a move back (default [\"Left\", \"h\"])\n"
                                     "cursor-left = [\"Left\", \"d\"]\n"));
    CHECK_THAT(text, Catch::Contains("\ndraw = \"\\\\\"\n"));
    CHECK_THAT(text, Catch::Contains("\nhint = \"\\\"\"\n"));
    CHECK_THAT(text, Catch::Contains("\n# redo (default \"r\")\nredo = \"r\"\n"));
    const auto again = parse_settings(text, "c.toml");
    CHECK(again.problems.empty());
    CHECK(config::settings_toml(again.settings) == text);
    CHECK(again.settings.keys.all("draw") == "\\");
    CHECK(again.settings.keys.all("hint") == "\"");
}

TEST_CASE("settings: the file's place follows XDG_CONFIG_HOME, else HOME", "[settings]") {
    const test::ScopedEnv xdg("XDG_CONFIG_HOME", "/x/conf");
    const test::ScopedEnv home("HOME");
    CHECK(config::settings_path() == "/x/conf/fetaix/config.toml");
    xdg.set("relative");  // not absolute: ignored, as the XDG specification says
    home.set("/home/u");
    CHECK(config::settings_path() == "/home/u/.config/fetaix/config.toml");
    xdg.unset();
    CHECK(config::settings_path() == "/home/u/.config/fetaix/config.toml");
}

TEST_CASE("settings: a missing file gives the defaults, a folder, FIFO or large file a message and no hang",
          "[settings]") {
    char folder_template[] = "/tmp/fetaix-settings-XXXXXX";
    const std::string folder = ::mkdtemp(folder_template);
    const std::string path = folder + "/config.toml";
    auto read = config::load_settings(path);
    CHECK(read.problems.empty());

    REQUIRE(::mkdir(path.c_str(), 0700) == 0);
    CHECK(lines(config::load_settings(path).problems) ==
          path + " is a folder, not a settings file; the settings are ignored\n");
    ::rmdir(path.c_str());

    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    CHECK(lines(config::load_settings(path).problems) == path + " is not a regular file; the settings are ignored\n");
    ::unlink(path.c_str());

    std::ofstream(path) << "bell = true\n" << std::string(config::kMaxSettingsBytes, '#');
    CHECK(lines(config::load_settings(path).problems) ==
          path + " is too large for a settings file (over 64 KiB); the settings are ignored\n");

    std::ofstream(path) << "bell = true\n[players]\nwhite = \"Amina\"\n";
    read = config::load_settings(path);
    CHECK(read.problems.empty());
    CHECK(read.settings.bell);
    CHECK(read.settings.white == "Amina");
    ::unlink(path.c_str());
    ::rmdir(folder.c_str());
}

TEST_CASE("settings: a default clock, checked as --clock checks it", "[settings][clock]") {
    CHECK(parse_settings("clock = \"5+3\"\n", "c.toml").settings.clock == "5+3");
    CHECK(parse_settings("clock = \"\"\n", "c.toml").settings.clock.empty());
    const auto bad = parse_settings("clock = \"5x3\"\nbell = true\n", "c.toml");
    CHECK(bad.settings.clock.empty());
    CHECK(bad.settings.bell);
    CHECK(lines(bad.problems) ==
          "c.toml:1:9: clock: expected \"\" or MINUTES[:SS] with +SECONDS (increment), dSECONDS (delay) or bSECONDS "
          "(Bronstein), such as 5, 5+3, 5d3, 5b3 or 0:30+1, found \"5x3\" (ignored)\n");
    CHECK(parse_settings("clock = 5\n", "c.toml").problems.size() == 1);
    // What fetaix config prints reads back the same.
    config::Settings s;
    s.clock = "0:30+1";
    CHECK(parse_settings(config::settings_toml(s), "c.toml").settings.clock == "0:30+1");
}
