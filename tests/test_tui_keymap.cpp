// The key table and [keys]: defaults, remapping, lists, conflicts and bad names; the help page, the key
// line and the messages name the keys in force.

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "front/keymap.hpp"
#include "tui/frame.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using K = Action::Kind;
using N = Key::Name;

namespace {

KeyMapRead remap(std::vector<KeyRebinding> entries) { return rebind(entries); }

// The refusals as "entry: reason" lines, for exact comparison.
std::string refusals(const KeyMapRead& read) {
    std::string out;
    for (const KeyRefusal& r : read.refused)
        out += concat(r.entry, r.key ? concat("/", *r.key) : "", ": ", r.reason, "\n");
    return out;
}

std::string screen(const Frame& f) {
    std::string all;
    for (int r = 0; r < f.rows(); ++r) all += f.line(r) + "\n";
    return all;
}

}  // namespace

TEST_CASE("keymap: every action has a unique name, keys that parse, and no default conflicts", "[tui][keymap]") {
    const auto actions = key_actions();
    const KeyMap keys;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        CAPTURE(actions[i].name);
        CHECK(find_key_action(actions[i].name) == i);
        CHECK_FALSE(keys.keys(i).empty());
        // Each default names a key parse_key_name reads, and key_name writes it back the same.
        std::istringstream names{std::string(actions[i].defaults)};
        std::size_t count = 0;
        for (std::string name; names >> name; ++count) {
            const auto key = parse_key_name(name);
            REQUIRE(key);
            CHECK(key_name(*key) == name);
        }
        CHECK(count == keys.keys(i).size());
    }
    // The defaults pass through rebind unchanged: no two actions share a key where both act.
    std::vector<KeyRebinding> all;
    for (const KeyAction& a : actions) {
        KeyRebinding entry{std::string(a.name), {}};
        std::istringstream names{std::string(a.defaults)};
        for (std::string name; names >> name;) entry.keys.push_back(name);
        all.push_back(entry);
    }
    const KeyMapRead read = rebind(all);
    CHECK(refusals(read).empty());
    CHECK_FALSE(read.map.remapped());
}

TEST_CASE("keymap: key names", "[tui][keymap]") {
    CHECK(key_name(*parse_key_name("u")) == "u");
    CHECK(key_name(*parse_key_name("U")) == "U");
    CHECK(key_name(*parse_key_name("left")) == "Left");
    CHECK(key_name(*parse_key_name("PGDN")) == "PgDn");
    CHECK(parse_key_name("Home")->name == N::UpLeft);
    CHECK(parse_key_name("End")->name == N::DownLeft);
    CHECK(parse_key_name("PgUp")->name == N::UpRight);
    CHECK(parse_key_name("esc")->name == N::Escape);
    CHECK(parse_key_name("Space")->ch == ' ');
    CHECK(parse_key_name("Tab")->ch == '\t');
    CHECK(parse_key_name("ctrl-l")->ch == 12);
    CHECK(key_name(Key::character(12)) == "Ctrl-L");
    CHECK(key_name(Key::character('\\')) == "\\");
    // Not keys: nothing, a space written as itself, two characters, beyond ASCII, the signal and
    // doubled control keys.
    for (const char* bad : {"", " ", "uu", "é", "Ctrl-", "Ctrl-1", "Ctrl-C", "Ctrl-Z", "Ctrl-H", "Ctrl-I", "Ctrl-J",
                            "Ctrl-M", "Ctrl-S", "ctrl-q", "Sapce", "F1"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_key_name(bad));
    }
}

TEST_CASE("keymap: a remapped key takes the action, and the default key no longer does", "[tui][keymap]") {
    const KeyMapRead read = remap({{"undo", {"U"}}});
    CHECK(refusals(read).empty());
    CHECK(map_key(Key::character('U'), InputMode::Board, read.map).kind == K::Undo);
    const Action old = map_key(Key::character('u'), InputMode::Board, read.map);
    CHECK(old.kind == K::Unbound);
    CHECK(old.ch == 'u');
    CHECK(read.map.first("undo") == "U");
    CHECK(read.map.remapped());
    // The defaults themselves are untouched.
    CHECK(map_key(Key::character('u'), InputMode::Board).kind == K::Undo);
}

TEST_CASE("keymap: a list gives an action several keys, in order, once each", "[tui][keymap]") {
    const KeyMapRead read = remap({{"cursor-left", {"Left", "d", "Left"}}, {"draw", {"D"}}});
    CHECK(refusals(read).empty());
    for (const Key& key : {Key::named(N::Left), Key::character('d')}) {
        const Action a = map_key(key, InputMode::Board, read.map);
        CHECK(a.kind == K::MoveCursor);
        CHECK(a.direction == ScreenDirection::Left);
    }
    CHECK(read.map.all("cursor-left") == "Left d");
    CHECK(map_key(Key::character('h'), InputMode::Board, read.map).kind == K::Unbound);
    CHECK(map_key(Key::character('D'), InputMode::Board, read.map).kind == K::OfferDraw);
    // Looking back, the cursor-left keys step back, the new one included.
    CHECK(map_key(Key::character('d'), InputMode::Browse, read.map).kind == K::StepBack);
    CHECK(map_key(Key::character('h'), InputMode::Browse, read.map).kind == K::ViewOnly);
}

TEST_CASE("keymap: a key given to two actions acting in the same place is refused, the defaults stand",
          "[tui][keymap]") {
    SECTION("against a default not moved away") {
        const KeyMapRead read = remap({{"undo", {"r"}}});
        CHECK(refusals(read) == "0/0: \"r\" is also redo's key\n");
        CHECK(map_key(Key::character('u'), InputMode::Board, read.map).kind == K::Undo);
        CHECK(map_key(Key::character('r'), InputMode::Board, read.map).kind == K::Redo);
        CHECK_FALSE(read.map.remapped());
    }
    SECTION("two entries with the same key: both go") {
        const KeyMapRead read = remap({{"undo", {"x"}}, {"redo", {"x"}}});
        CHECK(refusals(read) == "0/0: \"x\" is also redo's key\n1/0: \"x\" is also undo's key\n");
        CHECK_FALSE(read.map.remapped());
    }
    SECTION("a swap is no conflict") {
        const KeyMapRead read = remap({{"undo", {"r"}}, {"redo", {"u"}}});
        CHECK(refusals(read).empty());
        CHECK(map_key(Key::character('r'), InputMode::Board, read.map).kind == K::Undo);
        CHECK(map_key(Key::character('u'), InputMode::Board, read.map).kind == K::Redo);
    }
    SECTION("an entry dropped can bring another's conflict back with the default") {
        // redo's "u" is refused (bad second key), so its default "r" stands and undo's "r" conflicts.
        const KeyMapRead read = remap({{"undo", {"r"}}, {"redo", {"u", "Sapce"}}});
        CHECK(refusals(read) ==
              "0/0: \"r\" is also redo's key\n1/1: \"Sapce\" is not a key name; fetaix config lists them\n");
        CHECK_FALSE(read.map.remapped());
    }
    SECTION("the same key in places that never meet is no conflict") {
        // n is new-game on the board and no in a question; [ for yes is only a question's key.
        const KeyMapRead read = remap({{"yes", {"j", "J"}}, {"no", {"n", "Esc"}}});
        CHECK(refusals(read).empty());
        CHECK(map_key(Key::character('j'), InputMode::Question, read.map).kind == K::Yes);
        CHECK(map_key(Key::character('y'), InputMode::Question, read.map).kind == K::None);
        CHECK(map_key(Key::character('j'), InputMode::Board, read.map).kind == K::MoveCursor);
    }
    SECTION("a key of redraw, which acts everywhere, conflicts with a prompt key") {
        const KeyMapRead read = remap({{"prompt-cut-word", {"Ctrl-L"}}});
        CHECK(refusals(read) == "0/0: \"Ctrl-L\" is also redraw's key\n");
    }
}

TEST_CASE("keymap: unknown actions, bad key names, empty lists and printable prompt keys are refused",
          "[tui][keymap]") {
    const KeyMapRead read = remap(
        {{"undoo", {"U"}}, {"undo", {}}, {"redo", {"R2"}}, {"complete", {"x"}}, {"flip", {"F"}}});
    CHECK(refusals(read) == concat("0: unknown action 'undoo'; fetaix config lists them\n",
                                   "1: expected at least one key, found an empty list\n",
                                   "2/0: \"R2\" is not a key name; fetaix config lists them\n",
                                   "3/0: \"x\" types itself at the prompt; a prompt action takes a named key\n"));
    // What was good is used.
    CHECK(map_key(Key::character('F'), InputMode::Board, read.map).kind == K::Flip);
    CHECK(map_key(Key::character('u'), InputMode::Board, read.map).kind == K::Undo);
}

TEST_CASE("keymap: a control key the terminal keeps for itself is refused with the reason", "[tui][keymap]") {
    // Ctrl-S would freeze the screen (flow control) rather than reach the game; Ctrl-C would end it.
    const KeyMapRead read = remap(
        {{"quit", {"Ctrl-S"}}, {"flip", {"ctrl-q"}}, {"hint", {"Ctrl-C"}}, {"cancel", {"Ctrl-H"}}});
    CHECK(
        refusals(read) ==
        concat("0/0: \"Ctrl-S\" cannot be a key: the terminal keeps Ctrl-S and Ctrl-Q to stop and restart the screen\n",
               "1/0: \"ctrl-q\" cannot be a key: the terminal keeps Ctrl-S and Ctrl-Q to stop and restart the screen\n",
               "2/0: \"Ctrl-C\" cannot be a key: the terminal turns Ctrl-C into a signal that ends the game\n",
               "3/0: \"Ctrl-H\" cannot be a key: Ctrl-H arrives as Backspace\n"));
    CHECK_FALSE(read.map.remapped());
}

TEST_CASE("keymap: remapped prompt, question, reading and too-small keys", "[tui][keymap]") {
    const KeyMapRead read = remap(
        {{"complete", {"Ctrl-T"}}, {"quit", {"Q"}}, {"cancel", {"Backspace"}}, {"prompt-close", {"Esc", "Ctrl-G"}}});
    REQUIRE(refusals(read).empty());
    CHECK(map_key(Key::character(20), InputMode::Prompt, read.map).edit == PromptEdit::Complete);
    // Tab is no key of the prompt now: a control character types nothing.
    CHECK(map_key(Key::character('\t'), InputMode::Prompt, read.map).kind == K::None);
    CHECK(map_key(Key::character(7), InputMode::Prompt, read.map).kind == K::PromptClose);
    CHECK(map_key(Key::character('Q'), InputMode::TooSmall, read.map).kind == K::Quit);
    CHECK(map_key(Key::character('q'), InputMode::TooSmall, read.map).kind == K::None);
    CHECK(map_key(Key::character('Q'), InputMode::Reading, read.map).kind == K::Quit);
    CHECK(map_key(Key::character('q'), InputMode::Reading, read.map).kind == K::Wait);
    CHECK(map_key(Key::named(N::Escape), InputMode::Reading, read.map).kind == K::Wait);
    CHECK(map_key(Key::named(N::Backspace), InputMode::Reading, read.map).kind == K::Cancel);
    CHECK(map_key(Key::named(N::Escape), InputMode::Browse, read.map).kind == K::ViewOnly);
    CHECK(map_key(Key::named(N::Backspace), InputMode::Browse, read.map).kind == K::StepLast);
}

TEST_CASE("keymap: the key line, the help page and the messages name the keys in force", "[tui][keymap]") {
    const KeyMapRead read = remap({{"select", {"Space", "Enter"}},
                                   {"move", {";"}},
                                   {"undo", {"U"}},
                                   {"redo", {"Ctrl-R"}},
                                   {"help", {"F"}},
                                   {"flip", {"/"}},
                                   {"quit", {"Q"}},
                                   {"yes", {"j"}},
                                   {"no", {"N"}}});
    REQUIRE(refusals(read).empty());
    Controller c(Rules{}, Players{});
    c.set_keys(read.map);
    Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(22) == "Space select  ; move  U/Ctrl-R undo/redo  s/o save/open  F help  Q quit");
    // A printable key that does nothing names the move and help keys in force.
    c.handle(map_key(Key::character('u'), c.mode(), c.keys()));
    CHECK(c.ui().message == "'u' does nothing here: press ; to type a move, F for the keys.");
    // c2-c3 on the board with the select key in force, then a question names the answers in force.
    c.handle(map_key(Key::character(' '), c.mode(), c.keys()));
    c.handle(map_key(Key::character('k'), c.mode(), c.keys()));
    c.handle(map_key(Key::named(N::Enter), c.mode(), c.keys()));
    REQUIRE(c.game().ply() == 1);
    c.handle(map_key(Key::character('n'), c.mode(), c.keys()));
    CHECK(c.question_text() == "Abandon this game and start a new one? (j/N)");
    c.handle(map_key(Key::character('N'), c.mode(), c.keys()));
    CHECK(c.ui().question == Question::None);
    CHECK(c.game().ply() == 1);
    c.handle(map_key(Key::character('F'), c.mode(), c.keys()));
    REQUIRE(c.ui().help_open);
    const std::string help = screen(compose(c, 24, 80, Glyphs::ascii()));
    CHECK_THAT(help, Catch::Contains(";  type a move"));
    CHECK_THAT(help, Catch::Contains("U  undo   Ctrl-R  redo"));
    CHECK_THAT(help, Catch::Contains("/  flip board"));
    CHECK_THAT(help, Catch::Contains("F  help"));
    CHECK_THAT(help, Catch::Contains("Q  quit"));
    CHECK_THAT(help, Catch::Contains("Space/Enter  select"));
    CHECK_THAT(help, !Catch::Contains("u  undo"));
    CHECK_THAT(help, !Catch::Contains("?  help"));
}

TEST_CASE("keymap: at the prompt the key line names the prompt's keys in force", "[tui][keymap]") {
    const KeyMapRead read = remap({{"prompt-close", {"Ctrl-G"}}, {"complete", {"Ctrl-T"}}});
    REQUIRE(refusals(read).empty());
    Controller c(Rules{}, Players{});
    c.set_keys(read.map);
    c.handle(Action::of(K::OpenPrompt));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(22) ==
          "Enter play   Ctrl-G close   Ctrl-T complete   Up/Down earlier entries");
}

TEST_CASE("keymap: the help page's keys with the defaults", "[tui][keymap]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Help));
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    std::vector<std::string> keys;
    int row = 0;
    while (row < f.rows() && f.line(row).find("Keys") == std::string::npos) ++row;
    REQUIRE(row < f.rows());
    for (int r = row; r < f.rows() && f.line(r).find("Rules") == std::string::npos; ++r)
        keys.push_back(f.line(r).substr(3));
    CHECK(keys == std::vector<std::string>{
                      "Keys",
                      "  Up/k Down/j Left/h Right/l  cursor up, down, left, right",
                      "  Home/7 PgUp/9 End/1 PgDn/3  diagonals   Enter/Space  select, land",
                      "  Esc/Backspace  cancel   :  type a move   u  undo   r  redo   [  look back",
                      "  ]  look forward   n  new game   f  flip board",
                      "  a  turn to the side to move   s  save to a file   o  open a file",
                      "  H  hint from the engine   d  offer a draw   R  resign   v  review the game",
                      "  ?  help   P  puzzles   q  quit   Ctrl-L  redraw   Tab  complete a move",
                  });
}

TEST_CASE("keymap: docs/guide.md and the man page hold the table of actions and default keys", "[tui][keymap][docs]") {
    const auto read = [](const std::string& name) {
        std::ifstream in(std::string(FETAIX_SOURCE_DIR) + "/" + name);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    };
    CHECK_THAT(read("docs/guide.md"), Catch::Contains(keys_markdown()));
    CHECK_THAT(read("docs/fetaix.6"), Catch::Contains(keys_man()));
}

TEST_CASE("keymap: many keys for an action wrap on the help page and the key line keeps to the screen",
          "[tui][keymap]") {
    const KeyMapRead read = remap(
        {{"select", {"Enter", "Space", "e", "E", "x", "X", "z", "Z", "Ctrl-X", "Ctrl-Y", "Ctrl-T"}},
         {"cursor-left", {"Left", "h", "Backspace", "Delete", "Ctrl-B", "Ctrl-D", "Ctrl-F", "Ctrl-G"}},
         {"cancel", {"Esc"}}});
    REQUIRE(refusals(read).empty());
    Controller c(Rules{}, Players{});
    c.set_keys(read.map);
    c.handle(Action::of(K::Help));
    for (const auto& [rows, columns] : {std::pair{24, 72}, std::pair{24, 80}, std::pair{40, 120}}) {
        CAPTURE(rows, columns);
        const std::string all = screen(compose(c, rows, columns, Glyphs::ascii()));
        CHECK_THAT(all, Catch::Contains("Enter/Space/e/E/x/X/z/Z/Ctrl-X/Ctrl-Y/Ctrl-T  select, land"));
        // Wrapped keys push the draws to a second page at 24 rows of 72 columns; at 80 columns one page holds them.
        CHECK_THAT(all, Catch::Contains(columns == 72 ? "Page 1 of 2: any key turns the page, Esc or q closes it."
                                                      : "Any key closes this page."));
    }
    c.handle(Action::of(K::CloseOverlay));
    // The key line names the first key of each.
    CHECK(compose(c, 24, 72, Glyphs::ascii()).line(22) ==
          "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit");
}

TEST_CASE("keymap: every key docs/guide.md's table of keys names in backquotes is a default key of the table",
          "[tui][keymap][docs]") {
    std::ifstream in(std::string(FETAIX_SOURCE_DIR) + "/docs/guide.md");
    std::string line;
    while (std::getline(in, line) && line != "| keys | action |") {
    }
    REQUIRE(line == "| keys | action |");
    std::getline(in, line);  // | --- | --- |
    int checked = 0;
    while (std::getline(in, line) && line.rfind("| ", 0) == 0) {
        const std::string cell = line.substr(2, line.find(" | ") - 2);
        for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open + 1)) {
            const std::size_t close = cell.find('`', open + 1);
            REQUIRE(close != std::string::npos);
            std::istringstream names(cell.substr(open + 1, close - open - 1));
            for (std::string name; names >> name; ++checked) {
                CAPTURE(line, name);
                const auto key = parse_key_name(name);
                REQUIRE(key);
                CHECK(default_keys().find(*key, kOnBoard));
            }
            open = close;
        }
    }
    CHECK(checked >= 20);
}
