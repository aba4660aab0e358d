// The command line's readers of numbers and names.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "cli/command_line.hpp"
#include "cli/options.hpp"

using namespace fetaix::cli;

TEST_CASE("cli: numbers are plain decimals", "[cli]") {
    CHECK(parse_seconds("1.5", 0.05, 3600) == 1.5);
    CHECK(parse_seconds("16", 0.05, 3600) == 16.0);
    for (const char* bad : {"0x10", "inf", "infinity", "nan", "+5", " 5", "5 ", "1e1", "5.", ".5", "-1", "", "1.2.3"})
        CHECK_FALSE(parse_seconds(bad, 0, 3600));
    CHECK(parse_number("42", 0, 100) == 42);
    CHECK(parse_number("007", 0, 100) == 7);
    for (const char* bad : {"0x10", "+5", " 5", "5 ", "-0", "1e1", "1.0", "", "99999999999999999999"})
        CHECK_FALSE(parse_number(bad, 0, std::numeric_limits<long long>::max()));
}

TEST_CASE("cli: a name has 1 to 40 characters, counted as characters, not bytes", "[cli]") {
    CHECK_FALSE(name_problem("Ali"));
    CHECK_FALSE(name_problem(std::string(40, 'x')));
    CHECK(name_problem(std::string(41, 'x')) == "a name has 1 to 40 characters");
    CHECK(name_problem("") == "a name has 1 to 40 characters");
    // 14 CJK characters are 42 bytes.
    const std::string fourteen = "一二三四五六七八九十一二三四";
    REQUIRE(fourteen.size() == 42);
    CHECK_FALSE(name_problem(fourteen));
    std::string forty, forty_one;
    for (int i = 0; i < 40; ++i) forty += "中";
    forty_one = forty + "中";
    CHECK_FALSE(name_problem(forty));
    CHECK(name_problem(forty_one) == "a name has 1 to 40 characters");
}

TEST_CASE("cli: a name with control characters or invalid UTF-8 is refused", "[cli]") {
    // The message holds the name as given; it is escaped where it leaves the program (cli::err).
    const std::string why = "a name cannot hold control characters or invalid UTF-8 ('";
    CHECK(name_problem("A\x1b[31mB") == why + "A\x1b[31mB')");
    CHECK(name_problem("Jos\xe9") == why + "Jos\xe9')");
    CHECK(name_problem("tab\there") == why + "tab\there')");
    CHECK(name_problem("\xc2\x9b"
                       "1m") == why +
                                    "\xc2\x9b"
                                    "1m')");
}

namespace {

// Parses `words` as the arguments of a command that takes the rule switches (add_rule_switches, the
// helper every such command uses): the rules, and the message of the first error, if any.
std::pair<fetaix::Rules, std::string> rules_from(std::vector<std::string> words) {
    CLI::App command("test", "fetaix");
    fetaix::Rules rules;
    add_rule_switches(command, rules);
    std::reverse(words.begin(), words.end());
    try {
        command.parse(words);
    } catch (const CLI::ParseError& e) {
        return {rules, parse_error_message(command, e)};
    }
    return {rules, ""};
}

}  // namespace

TEST_CASE("cli: the rule switches, and the messages for bad ones", "[cli]") {
    const auto [rules,
                error] = rules_from({"--backward-captures", "--promotion", "stop", "--majority", "--no-progress", "0"});
    CHECK(error.empty());
    CHECK(fetaix::describe(rules) == "backward-captures=yes promotion=stop majority=yes no-progress=0");
    CHECK(rules_from({"--no-progress", "007"}).first.no_progress == 7);
    CHECK(rules_from({"--promotion"}).second == "--promotion needs a value: end, immediate or stop");
    CHECK(rules_from({"--promotion", "--majority"}).second == "--promotion needs a value: end, immediate or stop");
    CHECK(rules_from({"--promotion", "up"}).second == "--promotion: expected end, immediate or stop, not 'up'");
    CHECK(rules_from({"--promotion", "end", "--promotion", "stop"}).second == "--promotion is given twice");
    CHECK(rules_from({"--no-progress"}).second == "--no-progress needs a number of plies (0 turns the rule off)");
    for (const char* bad : {"-1", "100001", "5x", "99999999999999999999"})
        CHECK(rules_from({"--no-progress", bad}).second ==
              std::string("--no-progress: expected a number from 0 to 100000, not '") + bad + "'");
    // What is not a rule switch is refused, with where to look.
    CHECK(rules_from({"--ascii"}).second == "the following argument was not expected: --ascii (see fetaix --help)");
}

TEST_CASE("cli: every switch of the table is an option of a command that takes RULES", "[cli]") {
    CLI::App command("test", "fetaix");
    fetaix::Rules rules;
    const std::vector<CLI::Option*> options = add_rule_switches(command, rules);
    REQUIRE(options.size() == fetaix::kRuleSwitches.size());
    for (std::size_t i = 0; i < options.size(); ++i) {
        CHECK(options[i]->get_name() == fetaix::kRuleSwitches[i].flag);
        CHECK(options[i]->get_description() == fetaix::kRuleSwitches[i].help);
    }
}

TEST_CASE("cli: every switch with values says what each value does", "[cli]") {
    for (const fetaix::RuleSwitch& s : fetaix::kRuleSwitches) {
        CAPTURE(s.flag);
        if (s.kind == fetaix::SwitchKind::Count) {
            CHECK(s.meanings.empty());
        } else {
            CHECK(s.meanings.size() == (s.kind == fetaix::SwitchKind::Toggle ? 2 : s.words.size()));
        }
    }
    fetaix::Rules rules;
    rules.backward_captures = true;
    rules.promotion = fetaix::Promotion::Immediate;
    CHECK(fetaix::switch_meaning(fetaix::kRuleSwitches[0], rules) ==
          "Men may also capture backward (they still never step backward).");
    CHECK(fetaix::switch_meaning(fetaix::kRuleSwitches[1], rules) ==
          "A man reaching the far rank mid-capture captures on as a mullah.");
    CHECK(fetaix::switch_meaning(fetaix::kRuleSwitches[2], rules) ==
          "Any capture sequence may be chosen, not only the longest.");
    CHECK(fetaix::switch_meaning(fetaix::kRuleSwitches[3], rules).empty());
}

TEST_CASE("cli: --time takes one range, in every command", "[cli]") {
    for (const char* good : {"0.05", "3600", "1.5"}) {
        CLI::App command("test", "fetaix");
        int ms = -1;
        add_time(command, ms, "");
        std::vector<std::string> words{good, "--time"};
        CHECK_NOTHROW(command.parse(words));
        CHECK(ms == static_cast<int>(std::stod(good) * 1000));
    }
    for (const char* bad : {"0.04", "3600.5", "0x10", "1e1"}) {
        CLI::App command("test", "fetaix");
        int ms = -1;
        add_time(command, ms, "");
        std::vector<std::string> words{bad, "--time"};
        try {
            command.parse(words);
            FAIL("--time " << bad << " was taken");
        } catch (const CLI::ParseError& e) {
            CHECK(parse_error_message(command, e) ==
                  std::string("--time: expected a decimal number of seconds from 0.05 to 3600, not '") + bad + "'");
        }
    }
}

TEST_CASE("cli: a word close to a command's name is told as a mistyped command, unless a file has that name", "[cli]") {
    CLI::App app("test", "fetaix");
    for (const char* name : {"host", "hosts", "join", "games", "replay"}) app.add_subcommand(name, "");
    CHECK(mistyped_command(app, "hots") == "unknown command 'hots' (did you mean hosts?)");
    CHECK(mistyped_command(app, "hsot") == "unknown command 'hsot' (did you mean host?)");
    // Ties are all named.
    CHECK(mistyped_command(app, "hostz") == "unknown command 'hostz' (did you mean host or hosts?)");
    // Far from every name, a path, or a record's name: the game opens it (and says if it cannot).
    CHECK_FALSE(mistyped_command(app, "zzzz"));
    CHECK_FALSE(mistyped_command(app, "games"));  // the very name, as after "--"
    CHECK_FALSE(mistyped_command(app, "hots.pdn"));
    CHECK_FALSE(mistyped_command(app, "./hots"));
    CHECK_FALSE(mistyped_command(app, ""));
    // Two edits make any short word another: "jx" is no more join than it is anything.
    CHECK_FALSE(mistyped_command(app, "jx"));
    // A file of that name is the player's to open.
    const std::string folder = std::filesystem::temp_directory_path() /
                               ("fetaix-mistyped-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    const auto here = std::filesystem::current_path();
    std::filesystem::current_path(folder);
    std::ofstream(folder + "/hots") << "1. c2-c3 *\n";
    const auto opened = mistyped_command(app, "hots");
    std::filesystem::current_path(here);
    std::filesystem::remove_all(folder);
    CHECK_FALSE(opened);
}

TEST_CASE("cli: a word after -- is a file's name, a dashed word before it an unknown option", "[cli]") {
    std::string words[] = {"fetaix", "--ascii", "-x.pdn", "--", "-y.pdn"};
    char* argv[] = {words[0].data(), words[1].data(), words[2].data(), words[3].data(), words[4].data()};
    CHECK_FALSE(after_separator(5, argv, "-x.pdn"));
    CHECK(after_separator(5, argv, "-y.pdn"));
    CHECK(dashed_before_separator(5, argv, "-x.pdn"));
    CHECK_FALSE(dashed_before_separator(5, argv, "-y.pdn"));
    // A plain word is a file's name wherever it stands, and so is no word at all.
    CHECK_FALSE(dashed_before_separator(5, argv, "x.pdn"));
    CHECK_FALSE(dashed_before_separator(5, argv, ""));
}
