// The screen, composed without a terminal: exact contents for known states.

#include <memory>

#include <catch2/catch.hpp>

#include "tui/frame.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using K = Action::Kind;

namespace {

void cursor_to(Controller& c, ScreenDirection d) {
    Action a = Action::of(K::MoveCursor);
    a.direction = d;
    c.handle(a);
}

std::vector<std::string> lines(const Frame& f) {
    std::vector<std::string> out;
    for (int r = 0; r < f.rows(); ++r) out.push_back(f.line(r));
    return out;
}

// The start position's screen in ASCII for two unnamed players, at 80x24 or 72x24.
std::vector<std::string> start_screen(int rows) {
    std::vector<std::string> s{
        "fetaix   w White to move   b Black",
        "                                  Moves",
        "5   b-----b-----b-----b-----b",
        "    | \\   |   / | \\   |   / |",
        "    |   \\ | /   |   \\ | /   |",
        "4   b-----b-----b-----b-----b",
        "    |   / | \\   |   / | \\   |",
        "    | /   |   \\ | /   |   \\ |",
        "3   b-----b-----.-----w-----w",
        "    | \\   |   / | \\   |   / |",
        "    |   \\ | /   |   \\ | /   |",
        "2   w-----w----[w]----w-----w",
        "    |   / | \\   |   / | \\   |     Rules",
        "    | /   |   \\ | /   |   \\ |     backward captures no, majority no",
        "1   w-----w-----w-----w-----w     promotion end",
        "                                  no-progress draw after 50 plies",
        "    a     b     c     d     e",
        "",
        "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor",
    };
    s.resize(static_cast<std::size_t>(rows), "");
    s[static_cast<std::size_t>(rows - 3)] = "White to move | White 12, Black 12";
    s[static_cast<std::size_t>(rows - 2)] = "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit";
    return s;
}

}  // namespace

TEST_CASE("screen: the start position in ASCII at 80x24", "[tui][frame]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    std::vector<std::string> expected = start_screen(24);
    expected[0] = "fetaix   w White (Ali) to move   b Black (Zineb)";
    expected[21] = "White (Ali) to move | White 12, Black 12";
    CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == expected);
}

TEST_CASE("screen: the last move's start and landing points are highlighted", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Select));
    Action click = Action::of(K::Click);
    click.point = parse_point("c3");
    c.handle(click);
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.at(11, 16).role == Role::LastMove);   // c2, now empty
    CHECK(f.at(8, 16).role == Role::LastMove);    // c3, the man that moved
    CHECK(f.at(8, 22).role == Role::WhitePiece);  // d3, untouched
    CHECK(f.line(2).substr(34) == " 1. c2-c3");
}

TEST_CASE("screen: Unicode lines and pieces", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    CHECK(f.line(0) == "fetaix   ○ White to move   ● Black");
    CHECK(f.line(2) == "5   ●─────●─────●─────●─────●");
    CHECK(f.line(3) == "    │ ╲   │   ╱ │ ╲   │   ╱ │");
    CHECK(f.line(11) == "2   ○─────○────[○]────○─────○");
    CHECK(f.at(11, 16).role == Role::WhitePiece);
    CHECK(f.at(2, 4).role == Role::BlackPiece);
    CHECK(f.at(8, 16).role == Role::Board);
}

TEST_CASE("screen: a selection marks the piece and its landing points; captures mark who must take", "[tui][frame]") {
    Controller c(Rules{}, Players{}, *parse_fen("W:Wc1:Bc2,d3,b3,a5"));
    Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(21) == "White to move - capture compulsory | White 1, Black 4");
    CHECK(f.at(14, 16).role == Role::MustCapture);
    Action click = Action::of(K::Click);
    click.point = parse_point("c1");
    c.handle(click);
    click.point = parse_point("c3");
    c.handle(click);
    f = compose(c, 24, 80, Glyphs::ascii());
    // A capture in progress: the man on c3 (under the cursor), c2 taken, c1 left behind, a3 and e3 to
    // land on next; the legend explains those marks.
    const std::vector<std::string> expected{
        "fetaix   w White to move   b Black",
        "                                  Moves",
        "5   b-----.-----.-----.-----.",
        "    | \\   |   / | \\   |   / |",
        "    |   \\ | /   |   \\ | /   |",
        "4   .-----.-----.-----.-----.",
        "    |   / | \\   |   / | \\   |",
        "    | /   |   \\ | /   |   \\ |",
        "3   *-----b----[w]----b-----*",
        "    | \\   |   / | \\   |   / |",
        "    |   \\ | /   |   \\ | /   |",
        "2   .-----.-----x-----.-----.",
        "    |   / | \\   |   / | \\   |     Rules",
        "    | /   |   \\ | /   |   \\ |     backward captures no, majority no",
        "1   .-----.-----o-----.-----.     promotion end",
        "                                  no-progress draw after 50 plies",
        "    a     b     c     d     e",
        "",
        "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor",
        "o path so far  x taken  * may land",
        "",
        "White to move - capture compulsory | White 1, Black 4",
        "Capture again from c3: land on a3 or e3   Esc cancel   ? help",
        "",
    };
    CHECK(lines(f) == expected);
    CHECK(f.at(8, 16).role == Role::WhitePiece);  // the man, where it has got to
    CHECK(f.at(11, 16).role == Role::Taken);      // c2, taken until the move ends
    CHECK(f.at(14, 16).role == Role::Path);       // c1, where it started
    CHECK(f.at(8, 10).role == Role::BlackPiece);
    CHECK(f.at(8, 4).role == Role::Destination);
    // Each sample in the legend is drawn as the board draws that mark.
    CHECK(f.at(19, 0).role == Role::Path);
    CHECK(f.at(19, 15).role == Role::Taken);
    CHECK(f.at(19, 24).role == Role::Destination);
    CHECK(f.at(19, 1).role == Role::Text);
    // With the cursor away, the ( ) shows the chosen piece where it stands now, and the legend names it.
    cursor_to(c, ScreenDirection::Down);
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(8) == "3   *-----b----(w)----b-----*");
    CHECK(f.line(11) == "2   .-----.----[x]----.-----.");
    CHECK(f.line(18) == "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor");
    CHECK(f.line(19) == "( ) chosen  o path so far  x taken  * may land");
    // Landing on e3 ends the move: the taken pieces leave, the marks go, the whole path is the last move.
    click.point = parse_point("e3");
    c.handle(click);
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(8) == "3   .-----b-----.-----.----[w]");
    CHECK(f.line(11) == "2   .-----.-----.-----.-----.");
    CHECK(f.line(14).substr(0, 29) == "1   .-----.-----.-----.-----.");
    for (auto [row, column] : {std::pair{14, 16}, {8, 16}, {8, 28}}) CHECK(f.at(row, column).role == Role::LastMove);
    CHECK(f.at(11, 16).role == Role::Board);
}

TEST_CASE("screen: the move list numbers moves and keeps the latest in view", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    std::vector<std::string> played;
    for (int i = 0; i < 20; ++i) {
        REQUIRE_FALSE(c.game().over());
        const std::string m = to_string(c.legal_moves()[0]);
        played.push_back(m);
        c.handle(Action::of(K::OpenPrompt));
        for (char ch : m) {
            Action t = Action::of(K::PromptChar);
            t.ch = ch;
            c.handle(t);
        }
        c.handle(Action::of(K::PromptSubmit));
    }
    REQUIRE(c.game().ply() == 20);
    const auto pair = [&](int number) {
        std::string left = concat(number < 10 ? " " : "", number, ". ", played[2 * (number - 1)]);
        left.resize(std::max<std::size_t>(left.size(), 16), ' ');
        return concat(left, " ", played[2 * number - 1]);
    };
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    // Ten full moves and nine lines of room: the first scrolls away, the latest stays in view.
    CHECK(f.line(1).substr(34) == "Moves");
    CHECK(f.line(2).substr(34) == pair(2));
    CHECK(f.line(10).substr(34) == pair(10));
    c.handle(Action::of(K::Undo));
    const Frame g = compose(c, 24, 80, Glyphs::ascii());
    // The moves to redo close the list, below the latest move.
    CHECK(g.line(9).substr(34) == concat("10. ", played[18]));
    CHECK(g.line(10).substr(34) == "(1 ply to redo)");
    CHECK(g.line(11).size() < 34);
}

TEST_CASE("screen: the end of the game says who won, why, and what next", "[tui][frame]") {
    Controller c(Rules{}, Players{"Ali", ""}, *parse_fen("W:Wb3:Bc3"));
    Action click = Action::of(K::Click);
    click.point = parse_point("b3");
    c.handle(click);
    click.point = parse_point("d3");
    c.handle(click);
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(21) == "Game over: White (Ali) wins by all pieces captured.");
    CHECK(f.line(22) == "n new game   u undo   [ look back   v review   f flip   ? help   q quit");
}

TEST_CASE("screen: an agreed draw and a side without a legal move are said plainly", "[tui][frame]") {
    Controller c(Rules{}, Players{"Ali", ""});
    c.handle(Action::of(K::OfferDraw));
    c.handle(Action::of(K::Yes));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(21) == "Game over: draw agreed.");
    // White's man on a4 is hemmed in: every neighbour taken, every jump blocked.
    Controller stuck(Rules{}, Players{"Ali", ""}, *parse_fen("W:Wa4:Ba5,b4,c4"));
    CHECK(compose(stuck, 24, 80, Glyphs::ascii()).line(21) == "Game over: Black wins; White (Ali) has no legal move.");
}

TEST_CASE("screen: a turned board puts rank 1 on top and file e on the left", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Flip));
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(2) == "1   w-----w-----w-----w-----w");
    CHECK(f.line(8) == "3   w-----w-----.-----b-----b");
    CHECK(f.line(16) == "    e     d     c     b     a");
}

TEST_CASE("screen: questions, the prompt and messages use the bottom lines", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::OpenPrompt));
    Action t = Action::of(K::PromptChar);
    for (char ch : std::string_view("c2-c4")) {
        t.ch = ch;
        c.handle(t);
    }
    Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(23) == "Move: c2-c4_");
    // The board's keys type letters now: the key line names the prompt's own.
    CHECK(f.line(22) == "Enter play   Esc close   Tab complete   Up/Down earlier entries");
    c.handle(Action::of(K::PromptSubmit));
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(22) == "c2-c4: a man steps one point, and c4 is not next to c2");
    CHECK(f.line(23) == "Move: c2-c4_");
    // The move key again (as if the prompt had closed) starts a new line rather than joining the old.
    t.ch = ':';
    c.handle(t);
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(23) == "Move: _");
    for (char ch : std::string_view("c2-c3")) {
        t.ch = ch;
        c.handle(t);
    }
    c.handle(Action::of(K::PromptSubmit));
    CHECK(c.game().ply() == 1);
}

TEST_CASE("screen: at each prompt the key line says what Enter does there", "[tui][frame]") {
    // Found by a newcomer: the save and chat prompts said "Enter enter".
    Controller c(Rules{}, Players{});
    Link link;
    link.play = [](const Move&) { return std::optional<std::string>(); };
    c.set_link(std::move(link));
    c.handle(Action::of(K::Save));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(22) ==
          "Enter save   Esc close   Up/Down earlier entries   typing replaces the name");
    c.handle(Action::of(K::PromptClose));
    c.handle(Action::of(K::Chat));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(22) == "Enter send   Esc close   Up/Down earlier entries");
    c.handle(Action::of(K::PromptClose));
    // Open is refused over the network: a game here alone.
    Controller d(Rules{}, Players{});
    d.handle(Action::of(K::Open));
    CHECK(compose(d, 24, 80, Glyphs::ascii()).line(22) == "Enter open   Esc close   Up/Down earlier entries");
    // The key is the one in force.
    KeyMap keys;
    keys.set(*find_key_action("prompt-enter"), {Key::character(15)});  // Ctrl-O
    d.set_keys(keys);
    CHECK(compose(d, 24, 80, Glyphs::ascii()).line(22) == "Ctrl-O open   Esc close   Up/Down earlier entries");
}

TEST_CASE("screen: the help page lists the keys and the rules in force", "[tui][frame]") {
    Rules rules;
    rules.majority = true;
    rules.promotion = Promotion::Stop;
    Controller c(rules, Players{});
    c.handle(Action::of(K::Help));
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    std::string all;
    for (int r = 0; r < f.rows(); ++r) all += f.line(r) + "\n";
    CHECK_THAT(all, Catch::Contains("Home/7 PgUp/9 End/1 PgDn/3  diagonals"));
    CHECK_THAT(all, Catch::Contains("d  offer a draw   R  resign"));
    CHECK_THAT(all, Catch::Contains("u  undo   r  redo   [  look back\n"));
    CHECK_THAT(all, Catch::Contains("R  resign   v  review the game\n"));
    // The switches' phrases (as in the rules panel) in one sentence, wrapped to the page.
    CHECK_THAT(all, Catch::Contains("In force: backward captures no, promotion stop, majority yes,"));
    CHECK_THAT(all, Catch::Contains("  no-progress draw after 50 plies."));
    // Then what each switch changed from the standard game does, from the switch table: two lines more,
    // so at 24 rows the page goes on over two.
    CHECK_THAT(all, Catch::Contains("Page 1 of 2: any key turns the page, Esc or q closes it."));
    const Frame tall = compose(c, 30, 80, Glyphs::unicode());
    std::string whole;
    for (int r = 0; r < tall.rows(); ++r) whole += tall.line(r) + "\n";
    CHECK_THAT(whole, Catch::Contains("  A man reaching the far rank mid-capture is crowned and its move ends.\n"));
    CHECK_THAT(whole, Catch::Contains("  Only the sequences capturing the most pieces may be played.\n"));
    CHECK_THAT(whole, !Catch::Contains("never backward"));
    CHECK_THAT(whole, Catch::Contains("Any key closes this page."));
    // Nothing of the screen beneath shows around the page, at any size.
    const Frame wide = compose(c, 40, 120, Glyphs::unicode());
    for (int r = 0; r < wide.rows(); ++r) {
        CAPTURE(r, wide.line(r));
        CHECK(wide.line(r).find_first_not_of(' ') >= 23);
        CHECK(wide.line(r).size() <= 23 + 76);  // the page's text: 76 columns from 23
    }
}

TEST_CASE("screen: a timed game's help page lists the pause key, but not over the network", "[tui][frame][clock]") {
    for (const bool networked : {false, true}) {
        INFO("networked " << networked);
        Controller c(Rules{}, Players{});
        c.set_clocks(*parse_time_control("5"), *parse_time_control("5"));
        if (networked) {
            Link link;
            link.play = [](const Move&) { return std::optional<std::string>(); };
            c.set_link(std::move(link));
        }
        c.handle(Action::of(K::Help));
        const Frame f = compose(c, 40, 120, Glyphs::unicode());
        std::string all;
        for (int r = 0; r < f.rows(); ++r) all += f.line(r) + "\n";
        CHECK_THAT(all, Catch::Contains("u  undo"));
        CHECK((all.find("p  pause both clocks, or start them again") != std::string::npos) == !networked);
    }
}

TEST_CASE("screen: in a replay the help page lists the replay's keys, not the game's", "[tui][frame][replay]") {
    Game g;
    for (const char* m : {"c2-c3", "c4xc2"}) REQUIRE(g.play(m));
    Controller c(Rules{}, Players{});
    c.load(parse_pdn(format_pdn(g))->front());
    c.start_replay("");
    c.handle(map_key(Key::character('?'), c.mode()));
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    std::string all;
    for (int r = 0; r < f.rows(); ++r) all += f.line(r) + "\n";
    CHECK_THAT(all, Catch::Contains("  [ ] or Left Right  a move back, a move on\n"));
    CHECK_THAT(all, Catch::Contains("  Home/7  the start   End/1  the end\n"));
    CHECK_THAT(all, Catch::Contains("  f  flip the board   s  save the record\n"));
    CHECK_THAT(all, Catch::Contains("     v  review the game (again: stop)   ?  this help   q  leave the replay\n"));
    CHECK_THAT(all, !Catch::Contains("type a move"));
    CHECK_THAT(all, !Catch::Contains("undo"));
}

TEST_CASE("screen: below the minimum size it says how large the terminal must be", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    const Frame f = compose(c, 12, 40, Glyphs::unicode());
    CHECK(f.line(5) == "           Terminal too small");
    CHECK(f.line(6) == "       40x12; fetaix needs 72x24");
    CHECK(f.line(7) == "Enlarge the window to play on; q quits.");
    CHECK(f.line(8) == "");
    // q's question is the one thing the small screen shows and takes an answer to.
    Controller g(Rules{}, Players{});
    g.set_autosaved(true);
    g.handle(Action::of(K::OpenPrompt));
    for (char ch : std::string_view("c2-c3")) {
        Action t = Action::of(K::PromptChar);
        t.ch = ch;
        g.handle(t);
    }
    g.handle(Action::of(K::PromptSubmit));
    g.set_too_small(true);
    g.handle(map_key(Key::character('q'), g.mode()));
    // Autosaved: it says so, and how to get the game back.
    const Frame small = compose(g, 12, 40, Glyphs::unicode());
    CHECK(small.line(8) == " Quit? The game is saved: run fetaix to");
    CHECK(small.line(9) == "            resume it. (y/n)");
    // Narrower still, the lines wrap rather than lose their ends.
    const Frame narrow = compose(g, 12, 30, Glyphs::unicode());
    CHECK(narrow.line(5) == "      Terminal too small");
    CHECK(narrow.line(6) == "  30x12; fetaix needs 72x24");
    CHECK(narrow.line(7) == "Enlarge the window to play on;");
    CHECK(narrow.line(8) == "           q quits.");
    CHECK(narrow.line(9) == " Quit? The game is saved: run");
    CHECK(narrow.line(10) == "  fetaix to resume it. (y/n)");
    const Frame fits = compose(c, kMinRows, kMinColumns, Glyphs::unicode());
    CHECK(fits.line(0) == "fetaix   ○ White to move   ● Black");
    CHECK(fits.line(kMinRows - 3) == "White to move | White 12, Black 12");
}

TEST_CASE("screen: mouse positions map back to points at every board size, either way up", "[tui][frame][board]") {
    for (const auto& [rows, columns] : {std::pair{24, 72}, {24, 200}, {32, 88}, {40, 120}, {60, 200}, {80, 250}}) {
        CAPTURE(rows, columns);
        const BoardGeometry board = board_geometry(rows, columns);
        for (bool flipped : {false, true})
            for (int i = 0; i < kPointCount; ++i) {
                const Point p{static_cast<std::uint8_t>(i)};
                const ScreenPoint s = screen_position(p, flipped, board);
                CHECK(point_at(s.row, s.column, flipped, board) == p);
                CHECK(point_at(s.row, s.column - 1, flipped, board) == p);  // on the cursor's [ and ]
                CHECK(point_at(s.row, s.column + 1, flipped, board) == p);
                // Halfway to the next point, on the line between them, is neither point.
                CHECK_FALSE(point_at(s.row + (board.row_step + 1) / 2, s.column, flipped, board).has_value());
                CHECK_FALSE(point_at(s.row, s.column + board.row_step, flipped, board).has_value());
            }
    }
    // At 72x24 the click must be on the point's row; at 200x60 (a row step of 12) a click up to 3 rows
    // and 7 columns away still takes it. c3 is drawn at row 2 + 2 * 12, column 4 + 2 * 24.
    const BoardGeometry small = board_geometry(24, 72);
    CHECK(point_at(8, 16, false, small) == parse_point("c3"));
    CHECK_FALSE(point_at(9, 16, false, small).has_value());
    CHECK_FALSE(point_at(8, 18, false, small).has_value());
    const BoardGeometry large = board_geometry(60, 200);
    CHECK(point_at(26, 52, false, large) == parse_point("c3"));
    CHECK(point_at(23, 45, false, large) == parse_point("c3"));
    CHECK(point_at(29, 59, true, large) == parse_point("c3"));
    CHECK_FALSE(point_at(30, 52, false, large).has_value());
    CHECK_FALSE(point_at(26, 60, false, large).has_value());
    // Turned, the top left point is e1.
    CHECK(point_at(2, 4, true, large) == parse_point("e1"));
    CHECK(point_at(50, 100, true, large) == parse_point("a5"));
}

TEST_CASE("screen: the board takes the largest size the terminal holds", "[tui][frame][board]") {
    // 4 rows a step plus 12 for the lines around the board; 8 columns a step plus 48 for the panel.
    CHECK(board_geometry(24, 72).row_step == 3);
    CHECK(board_geometry(24, 200).row_step == 3);  // short: as small as ever
    CHECK(board_geometry(60, 80).row_step == 4);   // narrow: the panel keeps 38 columns
    CHECK(board_geometry(27, 120).row_step == 3);
    CHECK(board_geometry(28, 120).row_step == 4);
    CHECK(board_geometry(39, 120).row_step == 6);
    CHECK(board_geometry(40, 120).row_step == 7);
    CHECK(board_geometry(60, 200).row_step == 12);
    CHECK(board_geometry(80, 250).row_step == 17);
    CHECK(board_geometry(12, 40).row_step == 3);  // too small to play: the smallest, for a click
    const BoardGeometry b = board_geometry(40, 120);
    CHECK(b.column_step() == 14);
    CHECK(b.bottom() == 30);
    CHECK(b.right() == 60);
    CHECK(b.panel_left() == 66);
}

TEST_CASE("screen: at 120x40 the board fills the height, its lattice square and its diagonals straight",
          "[tui][frame][board]") {
    // Ranks 7 rows apart and files 14 columns apart: each diagonal goes one row down for two columns
    // across, ending exactly at the next point; the panel starts 6 columns right of file e.
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    const std::vector<std::string> expected{
        "fetaix   w White (Ali) to move   b Black (Zineb)",
        "                                                                  Moves",
        "5   b-------------b-------------b-------------b-------------b",
        "    | \\           |           / | \\           |           / |",
        "    |   \\         |         /   |   \\         |         /   |",
        "    |     \\       |       /     |     \\       |       /     |",
        "    |       \\     |     /       |       \\     |     /       |",
        "    |         \\   |   /         |         \\   |   /         |",
        "    |           \\ | /           |           \\ | /           |",
        "4   b-------------b-------------b-------------b-------------b",
        "    |           / | \\           |           / | \\           |",
        "    |         /   |   \\         |         /   |   \\         |",
        "    |       /     |     \\       |       /     |     \\       |",
        "    |     /       |       \\     |     /       |       \\     |",
        "    |   /         |         \\   |   /         |         \\   |",
        "    | /           |           \\ | /           |           \\ |",
        "3   b-------------b-------------.-------------w-------------w",
        "    | \\           |           / | \\           |           / |",
        "    |   \\         |         /   |   \\         |         /   |",
        "    |     \\       |       /     |     \\       |       /     |",
        "    |       \\     |     /       |       \\     |     /       |",
        "    |         \\   |   /         |         \\   |   /         |",
        "    |           \\ | /           |           \\ | /           |",
        "2   w-------------w------------[w]------------w-------------w",
        "    |           / | \\           |           / | \\           |",
        "    |         /   |   \\         |         /   |   \\         |",
        "    |       /     |     \\       |       /     |     \\       |",
        "    |     /       |       \\     |     /       |       \\     |",
        "    |   /         |         \\   |   /         |         \\   |     Rules",
        "    | /           |           \\ | /           |           \\ |     backward captures no, majority no",
        "1   w-------------w-------------w-------------w-------------w     promotion end",
        "                                                                  no-progress draw after 50 plies",
        "    a             b             c             d             e",
        "",
        "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor",
        "",
        "",
        "White (Ali) to move | White 12, Black 12",
        "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit",
        "",
    };
    CHECK(lines(compose(c, 40, 120, Glyphs::ascii())) == expected);
}

TEST_CASE("screen: at 200x60 the board fills the height, its lattice square and its diagonals straight",
          "[tui][frame][board]") {
    // Ranks 12 rows apart, files 24 columns apart.
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    const std::vector<std::string> expected{
        "fetaix   w White (Ali) to move   b Black (Zineb)",
        "                                                                                                          Moves",
        "5   b-----------------------b-----------------------b-----------------------b-----------------------b",
        "    | \\                     |                     / | \\                     |                     / |",
        "    |   \\                   |                   /   |   \\                   |                   /   |",
        "    |     \\                 |                 /     |     \\                 |                 /     |",
        "    |       \\               |               /       |       \\               |               /       |",
        "    |         \\             |             /         |         \\             |             /         |",
        "    |           \\           |           /           |           \\           |           /           |",
        "    |             \\         |         /             |             \\         |         /             |",
        "    |               \\       |       /               |               \\       |       /               |",
        "    |                 \\     |     /                 |                 \\     |     /                 |",
        "    |                   \\   |   /                   |                   \\   |   /                   |",
        "    |                     \\ | /                     |                     \\ | /                     |",
        "4   b-----------------------b-----------------------b-----------------------b-----------------------b",
        "    |                     / | \\                     |                     / | \\                     |",
        "    |                   /   |   \\                   |                   /   |   \\                   |",
        "    |                 /     |     \\                 |                 /     |     \\                 |",
        "    |               /       |       \\               |               /       |       \\               |",
        "    |             /         |         \\             |             /         |         \\             |",
        "    |           /           |           \\           |           /           |           \\           |",
        "    |         /             |             \\         |         /             |             \\         |",
        "    |       /               |               \\       |       /               |               \\       |",
        "    |     /                 |                 \\     |     /                 |                 \\     |",
        "    |   /                   |                   \\   |   /                   |                   \\   |",
        "    | /                     |                     \\ | /                     |                     \\ |",
        "3   b-----------------------b-----------------------.-----------------------w-----------------------w",
        "    | \\                     |                     / | \\                     |                     / |",
        "    |   \\                   |                   /   |   \\                   |                   /   |",
        "    |     \\                 |                 /     |     \\                 |                 /     |",
        "    |       \\               |               /       |       \\               |               /       |",
        "    |         \\             |             /         |         \\             |             /         |",
        "    |           \\           |           /           |           \\           |           /           |",
        "    |             \\         |         /             |             \\         |         /             |",
        "    |               \\       |       /               |               \\       |       /               |",
        "    |                 \\     |     /                 |                 \\     |     /                 |",
        "    |                   \\   |   /                   |                   \\   |   /                   |",
        "    |                     \\ | /                     |                     \\ | /                     |",
        "2   w-----------------------w----------------------[w]----------------------w-----------------------w",
        "    |                     / | \\                     |                     / | \\                     |",
        "    |                   /   |   \\                   |                   /   |   \\                   |",
        "    |                 /     |     \\                 |                 /     |     \\                 |",
        "    |               /       |       \\               |               /       |       \\               |",
        "    |             /         |         \\             |             /         |         \\             |",
        "    |           /           |           \\           |           /           |           \\           |",
        "    |         /             |             \\         |         /             |             \\         |",
        "    |       /               |               \\       |       /               |               \\       |",
        "    |     /                 |                 \\     |     /                 |                 \\     |",
        "    |   /                   |                   \\   |   /                   |                   \\   |     Rules",
        "    | /                     |                     \\ | /                     |                     \\ |     backward captures no, majority no",
        "1   w-----------------------w-----------------------w-----------------------w-----------------------w     promotion end",
        "                                                                                                          no-progress draw after 50 plies",
        "    a                       b                       c                       d                       e",
        "",
        "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor",
        "",
        "",
        "White (Ali) to move | White 12, Black 12",
        "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit",
        "",
    };
    CHECK(lines(compose(c, 60, 200, Glyphs::ascii())) == expected);
}

TEST_CASE("screen: a larger board turned and with a piece selected keeps points, marks and labels together",
          "[tui][frame][board]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Flip));
    c.handle(Action::of(K::Select));  // c2, under the cursor
    const Frame f = compose(c, 40, 120, Glyphs::ascii());
    // Turned: rank 1 on top (row 2), rank 2 on row 9, file e at column 4, file a at column 60.
    CHECK(f.line(2) == "1   w-------------w-------------w-------------w-------------w");
    CHECK(f.line(9) == "2   w-------------w------------[w]------------w-------------w");
    CHECK(f.line(16) == "3   w-------------w-------------*-------------b-------------b");
    CHECK(f.line(32) == "    e             d             c             b             a");
    CHECK(f.at(16, 32).role == Role::Destination);
    CHECK(f.at(9, 32).role == Role::WhitePiece);
    CHECK(f.at(9, 31).role == Role::Marker);
}

TEST_CASE("screen: the side to move stands out at the top and again in the status line", "[tui][frame][turn]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    Frame f = compose(c, 24, 80, Glyphs::ascii());
    // " w White (Ali) to move " from column 8 to 30 is White's banner; Black's name is plain.
    CHECK(f.line(0) == "fetaix   w White (Ali) to move   b Black (Zineb)");
    CHECK(f.at(0, 7).role == Role::Title);
    for (int col = 8; col <= 30; ++col) CHECK(f.at(0, col).role == Role::TurnWhite);
    CHECK(f.at(0, 31).role == Role::Title);
    CHECK(f.at(0, 33).role == Role::Title);
    // The status's "White (Ali) to move" in the same colours, the count of pieces as before.
    CHECK(f.line(21) == "White (Ali) to move | White 12, Black 12");
    for (int col = 0; col <= 18; ++col) CHECK(f.at(21, col).role == Role::TurnWhite);
    CHECK(f.at(21, 19).role == Role::Status);
    c.handle(Action::of(K::Select));
    Action click = Action::of(K::Click);
    click.point = parse_point("c3");
    c.handle(click);
    f = compose(c, 24, 80, Glyphs::ascii());
    // Black's turn: White's name goes back to plain, Black's banner from column 24 to 48.
    CHECK(f.line(0) == "fetaix   w White (Ali)   b Black (Zineb) to move");
    for (int col = 0; col <= 23; ++col) CHECK(f.at(0, col).role == Role::Title);
    for (int col = 24; col <= 48; ++col) CHECK(f.at(0, col).role == Role::TurnBlack);
    CHECK(f.line(21) == "Black (Zineb) to move - capture compulsory | White 12, Black 12");
    for (int col = 0; col <= 20; ++col) CHECK(f.at(21, col).role == Role::TurnBlack);
    // The computer's side is named as such.
    Players computer;
    computer.white = "Ali";
    computer.black_level = 2;
    Controller k(Rules{}, computer);
    CHECK(compose(k, 24, 80, Glyphs::ascii()).line(0) ==
          "fetaix   w White (Ali) to move   b Black (computer, level 2)");
    // Once the game is over nobody is to move: no banner.
    Controller over(Rules{}, Players{"Ali", ""}, *parse_fen("W:Wb3:Bc3"));
    click.point = parse_point("b3");
    over.handle(click);
    click.point = parse_point("d3");
    over.handle(click);
    f = compose(over, 24, 80, Glyphs::ascii());
    CHECK(f.line(0) == "fetaix   w White (Ali)   b Black");
    for (int col = 0; col < 80; ++col) {
        CHECK(f.at(0, col).role != Role::TurnWhite);
        CHECK(f.at(0, col).role != Role::TurnBlack);
    }
}

namespace {

const std::string kDeniedNotice =
    "autosave failing: cannot open: Permission denied: /home/someone/a/rather/deeply/nested/state/folder/fetaix/"
    "autosave.lock";

}  // namespace

TEST_CASE("screen: a long notice keeps its reason and shortens the path in the middle", "[tui][frame][notice]") {
    Controller c(Rules{}, Players{});
    c.set_notice(kDeniedNotice);
    std::vector<std::string> wide = start_screen(24);
    wide[20] = "autosave failing: cannot open: Permission denied: /home/…/fetaix/autosave.lock";
    CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == wide);
    // At the narrowest the notice is shorter still; the path keeps its first and last parts.
    std::vector<std::string> narrow = start_screen(24);
    narrow[20] = "autosave failing: cannot open: Permission denied: /home/…/autosave.lock";
    CHECK(lines(compose(c, 24, 72, Glyphs::ascii())) == narrow);
}

TEST_CASE("screen: a notice too long for one line wraps onto a second", "[tui][frame][notice]") {
    Controller c(Rules{}, Players{});
    SECTION("the whole path fits on the second line") {
        c.set_notice(
            "autosave failing: cannot write the autosave because the disk is full: "
            "/home/someone/a/rather/deeply/nested/state/folder/fetaix/autosave.pdn");
        std::vector<std::string> narrow = start_screen(24);
        narrow[19] = "autosave failing: cannot write the autosave because the disk is full:";
        narrow[20] = "/home/someone/a/rather/deeply/nested/state/folder/fetaix/autosave.pdn";
        CHECK(lines(compose(c, 24, 72, Glyphs::ascii())) == narrow);
        std::vector<std::string> wide = start_screen(24);
        wide[19] = narrow[19];
        wide[20] = narrow[20];
        CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == wide);
    }
    SECTION("the path is shortened to fit the two lines") {
        c.set_notice(
            "autosave failing: cannot create the folder for the autosave: Not a directory: "
            "/home/someone/a/rather/deeply/nested/state/folder/that/goes/on/and/on/for/a/long/while/fetaix/"
            "autosave.lock");
        std::vector<std::string> narrow = start_screen(24);
        narrow[19] = "autosave failing: cannot create the folder for the autosave: Not a";
        narrow[20] = "directory: /home/…/goes/on/and/on/for/a/long/while/fetaix/autosave.lock";
        CHECK(lines(compose(c, 24, 72, Glyphs::ascii())) == narrow);
        std::vector<std::string> wide = start_screen(24);
        wide[19] = "autosave failing: cannot create the folder for the autosave: Not a directory:";
        wide[20] = "/home/…/state/folder/that/goes/on/and/on/for/a/long/while/fetaix/autosave.lock";
        CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == wide);
    }
    SECTION("text beyond two lines ends in an ellipsis on screen") {
        std::string text;
        for (int i = 0; i < 4; ++i) text += "the quick brown fox jumps over the lazy dog ";
        text.pop_back();
        c.set_notice(text);
        std::vector<std::string> narrow = start_screen(24);
        narrow[19] = "the quick brown fox jumps over the lazy dog the quick brown fox jumps";
        narrow[20] = "over the lazy dog the quick brown fox jumps over the lazy dog the quick…";
        CHECK(lines(compose(c, 24, 72, Glyphs::ascii())) == narrow);
    }
}

TEST_CASE("screen: the help page shows the whole notice, wrapped, under Notices", "[tui][frame][notice]") {
    Controller c(Rules{}, Players{});
    c.set_notice(kDeniedNotice);
    c.handle(Action::of(K::Help));
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    // The page is 78 columns wide from column 1, its text from column 3, the notice's from column 5 to 76.
    CHECK(f.line(0).empty());
    CHECK(f.line(1).substr(3) == "Notices");
    CHECK(f.line(2).substr(3) == "  autosave failing: cannot open: Permission denied:");
    CHECK(f.line(3).substr(3) == "  /home/someone/a/rather/deeply/nested/state/folder/fetaix/autosave.lock");
    CHECK(f.line(4).substr(3) == "Keys");
    // The draws do not fit under the rules: they are on a second page.
    CHECK(f.line(22).substr(3) == "Page 1 of 2: any key turns the page, Esc or q closes it.");
    // At the minimum size the page takes every row, without its margin, and still holds the notice, the
    // keys and the rules; a path longer than the page's line is broken after a '/'.
    c.set_notice(
        "autosave failing: cannot create the folder for the autosave: Not a directory: "
        "/home/someone/a/rather/deeply/nested/state/folder/that/goes/on/and/on/for/a/long/while/fetaix/"
        "autosave.lock");
    const Frame g = compose(c, 24, 72, Glyphs::ascii());
    CHECK(g.line(0).substr(2) == "Notices");
    CHECK(g.line(1).substr(2) == "  autosave failing: cannot create the folder for the autosave: Not a");
    CHECK(g.line(2).substr(2) == "  directory: /home/someone/a/rather/deeply/nested/state/folder/that/");
    CHECK(g.line(3).substr(2) == "  goes/on/and/on/for/a/long/while/fetaix/autosave.lock");
    CHECK(g.line(4).substr(2) == "Keys");
    CHECK(g.line(12).substr(2) == "  Tab  complete a move");
    CHECK(g.line(13).substr(2) == "Rules");
    CHECK(g.line(23).substr(2) == "Page 1 of 2: any key turns the page, Esc or q closes it.");
}

TEST_CASE("screen: control characters and invalid UTF-8 in a name are shown, not obeyed", "[tui][frame]") {
    Controller c(Rules{}, Players{"A\x1b]0;x\aB", "\xff\xc3"});
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(0) == "fetaix   w White (A^[]0;x^GB) to move   b Black (\\xFF\\xC3)");
    CHECK(f.line(21) == "White (A^[]0;x^GB) to move | White 12, Black 12");
}

TEST_CASE("screen: wide (CJK) names take two columns a character and keep the columns aligned", "[tui][frame]") {
    Controller c(Rules{}, Players{"李小龍", "王"});
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    CHECK(f.line(0) == "fetaix   ○ White (李小龍) to move   ● Black (王)");
    // 李 takes columns 18 and 19, so Black's piece sits at column 28, as a terminal shows it.
    CHECK(f.at(0, 18).glyph == "李");
    CHECK(f.at(0, 19).glyph.empty());
    CHECK(f.at(0, 24).glyph == ")");
    CHECK(f.at(0, 36).glyph == "●");
    CHECK(f.line(21) == "White (李小龍) to move | White 12, Black 12");
    CHECK(f.at(21, 15).glyph == "t");
    CHECK(f.at(21, 25).glyph == "W");
    // Names too wide for the line are cut, each to its share, so the other name and the pieces left
    // stay in view.
    std::string forty;
    for (int i = 0; i < 40; ++i) forty += "中";
    Controller d(Rules{}, Players{forty, forty});
    const Frame g = compose(d, 24, 72, Glyphs::unicode());
    const std::string nine = "中中中中中中中中中";
    // The title's names are cut a little further, for the " to move" of the banner.
    const std::string seven = nine.substr(0, 7 * 3);
    CHECK(g.line(0) == "fetaix   ○ White (" + seven + "…) to move   ● Black (" + seven + "…)");
    CHECK(g.line(21) == "White (" + nine + nine.substr(0, 8 * 3) + "…) to move | White 12, Black 12");
}

TEST_CASE("screen: a wide character is never cut in half at the right edge", "[tui][frame]") {
    Frame f(1, 5);
    f.write(0, 0, "中中中");
    CHECK(f.line(0) == "中中");
    CHECK(f.at(0, 3).glyph.empty());
    CHECK(f.at(0, 4).glyph == " ");
    // Writing over half of a wide character blanks its other half.
    f.write(0, 1, "x");
    CHECK(f.line(0) == " x中");
}

TEST_CASE("screen: help that does not fit the screen goes on over pages that a key turns", "[tui][frame][notice]") {
    Controller c(Rules{}, Players{});
    std::string text = "autosave failing:";
    for (int i = 0; i < 60; ++i) text += " reason";  // 437 columns: seven lines of 66 at 72 columns
    c.set_notice(text);
    c.handle(Action::of(K::Help));
    // Notices (8 lines) and keys (9) leave no room for the rules (10) at 24 rows: they go on a second
    // page with the draws (5).
    REQUIRE(help_page_count(c, 24, 72) == 2);
    c.set_help_pages(2);
    Frame f = compose(c, 24, 72, Glyphs::ascii());
    CHECK(f.line(3).substr(2) == "Notices");
    CHECK(f.line(4).substr(2) == "  autosave failing: reason reason reason reason reason reason reason");
    CHECK(f.line(10).substr(2) == "  reason reason reason reason reason reason reason reason");
    CHECK(f.line(11).substr(2) == "Keys");
    CHECK(f.line(19).substr(2) == "  Tab  complete a move");
    CHECK(f.line(20).substr(2) == "Page 1 of 2: any key turns the page, Esc or q closes it.");
    for (int r = 0; r < f.rows(); ++r) CHECK(f.line(r).find("Rules") == std::string::npos);
    c.handle(map_key(Key::character('x'), c.mode()));
    REQUIRE(c.ui().help_open);
    f = compose(c, 24, 72, Glyphs::ascii());
    // The shorter second page starts where the first did, not lower down.
    CHECK(f.line(2).empty());
    CHECK(f.line(3).substr(2) == "Rules");
    CHECK(f.line(13).substr(2) == "  Draws: a position standing a third time with the same side to");
    CHECK(f.line(18).substr(2) == "Page 2 of 2: any key closes this page.");
    // A key on the last page closes the help.
    c.handle(map_key(Key::character('x'), c.mode()));
    CHECK_FALSE(c.ui().help_open);
    // Taller, one page holds it all, and Esc closes it from there.
    c.handle(Action::of(K::Help));
    REQUIRE(help_page_count(c, 40, 80) == 1);
    c.set_help_pages(1);
    f = compose(c, 40, 80, Glyphs::ascii());
    CHECK(f.line(4).substr(3) == "Notices");
    CHECK(f.line(12).substr(3) == "Keys");
    CHECK(f.line(20).substr(3) == "Rules");
    CHECK(f.line(30).substr(3) == "  Draws: a position standing a third time with the same side to move, or");
    CHECK(f.line(34).substr(3) == "Any key closes this page.");
    c.handle(map_key(Key::named(Key::Name::Escape), c.mode()));
    CHECK_FALSE(c.ui().help_open);
    // A notice longer than a screen goes on over pages of its own, none of it lost.
    c.set_notice(std::string(5000, 'x'));
    c.handle(Action::of(K::Help));
    REQUIRE(help_page_count(c, 24, 72) == 5);  // 77 lines of notice + 9 of keys + 15 of rules and draws
    f = compose(c, 24, 72, Glyphs::ascii());
    CHECK(f.line(0).substr(2) == "Notices");
    CHECK(f.line(22).substr(2) == "  " + std::string(66, 'x'));
    CHECK(f.line(23).substr(2) == "Page 1 of 5: any key turns the page, Esc or q closes it.");
}

TEST_CASE(
    "screen: at the smallest size the key line, a question naming a 40-character name and a long save error are whole",
    "[tui][frame][fit]") {
    for (int columns : {kMinColumns, 80}) {
        CAPTURE(columns);
        Controller c(Rules{}, Players{});
        std::vector<std::string> expected = start_screen(kMinRows);
        CHECK(lines(compose(c, kMinRows, columns, Glyphs::ascii())) == expected);
    }
    const std::string name = "Maximilian-Bartholomew-Fitzgerald-Ouazza";  // 40 characters
    REQUIRE(name.size() == 40);
    Controller c(Rules{}, Players{"White", name});
    c.handle(Action::of(K::OfferDraw));
    REQUIRE(c.ui().question == Question::AcceptDraw);
    // The question takes two lines above the (empty) message line; the status moves up one.
    std::vector<std::string> wide = lines(compose(c, 24, 80, Glyphs::ascii()));
    CHECK(wide[20] == "White to move | White 12, Black 12");
    CHECK(wide[21] == "White offers a draw. Black (" + name + "), accept?");
    CHECK(wide[22] == "(y/n)");
    CHECK(wide[23] == "");
    std::vector<std::string> narrow = lines(compose(c, 24, 72, Glyphs::ascii()));
    CHECK(narrow[20] == "White to move | White 12, Black 12");
    CHECK(narrow[21] == "White offers a draw. Black (" + name + "),");
    CHECK(narrow[22] == "accept? (y/n)");
    CHECK(narrow[23] == "");
    CHECK(narrow[18] == "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor");

    // A name longer than any the command line takes (a record's tag) is shortened with an ellipsis, just
    // enough for the question to fit its two lines.
    Controller r(Rules{}, Players{"White", std::string(200, 'B')});
    r.handle(Action::of(K::OfferDraw));
    narrow = lines(compose(r, 24, 72, Glyphs::ascii()));
    CHECK(narrow[21] == "White offers a draw. Black (" + std::string(39, 'B') + "…),");
    CHECK(narrow[22] == "accept? (y/n)");
    // Both players' names long: each is cut as far as needed.
    Controller both(Rules{}, Players{std::string(60, 'W'), std::string(60, 'B')});
    both.handle(Action::of(K::OfferDraw));
    narrow = lines(compose(both, 24, 72, Glyphs::ascii()));
    CHECK(narrow[21] == "White (" + std::string(39, 'W') + "…) offers a draw. Black");
    CHECK(narrow[22] == "(" + std::string(39, 'B') + "…), accept? (y/n)");

    // A save that fails: the reason whole and the path shortened in its middle (one folder dropped),
    // on two lines above the prompt; the prompt shows the end of the long name typed.
    const std::string path = "/home/someone/games/fetaix/a-rather-long-folder-name/2026-11-30-evening-game.pdn";
    Controller s(Rules{}, Players{});
    FileAccess files;
    files.examine = [](const std::string&) { return SaveTarget{}; };
    files.write = [](const std::string& p, const std::string&, bool) -> std::optional<std::string> {
        return concat("cannot write ", p, ": No space left on device");
    };
    files.default_save_name = [path] { return path; };
    s.set_files(files);
    s.handle(Action::of(K::Save));
    s.handle(Action::of(K::PromptSubmit));
    REQUIRE(s.ui().prompt.is_open());
    narrow = lines(compose(s, 24, 72, Glyphs::ascii()));
    CHECK(narrow[20] == "White to move | White 12, Black 12");
    CHECK(narrow[21] == "Not saved: cannot write /home/…/games/fetaix/a-rather-long-folder-name/");
    CHECK(narrow[22] == "2026-11-30-evening-game.pdn: No space left on device");
    CHECK(narrow[23] == "Save to: …" + path.substr(path.size() - 61) + "_");
}

TEST_CASE("screen: the resume question shows the saved game, not the start position", "[tui][frame][resume]") {
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    REQUIRE(saved.play("c4xc2"));
    const GameRecord record = parse_pdn(format_pdn(saved, {{"White", "Ali"}}, true))->front();
    Controller c(Rules{}, Players{});
    c.offer_resume(record);
    // After c2-c3 c4xc2: c4 and c3 empty, a Black man on c2 (under the cursor); White has 11 men and
    // must capture (c1 takes c2, b2 and d2 too: c1xc3, b2... the status says it).
    std::vector<std::string> expected = start_screen(24);
    expected[0] = "fetaix   w White (Ali) to move   b Black";
    expected[2] += "      1. c2-c3        c4xc2";
    expected[5] = "4   b-----b-----.-----b-----b";
    expected[11] = "2   w-----w----[b]----w-----w";
    expected[19] = "w must capture  b last move";
    expected[21] = "White (Ali) to move - capture compulsory | White 11, Black 12";
    expected[22] = "Resume the unfinished game (1 move)? (y/n)";
    CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == expected);
    // No: the start position again, for the players the program started with.
    c.handle(Action::of(K::No));
    CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == start_screen(24));
}

TEST_CASE("screen: quitting says whether the game is saved and how to get it back", "[tui][frame][quit]") {
    Controller c(Rules{}, Players{});
    c.set_autosaved(true);
    Action typed = Action::of(K::OpenPrompt);
    c.handle(typed);
    for (char ch : std::string_view("c2-c3")) {
        Action t = Action::of(K::PromptChar);
        t.ch = ch;
        c.handle(t);
    }
    c.handle(Action::of(K::PromptSubmit));
    c.handle(Action::of(K::Quit));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(22) == "Quit? The game is saved: run fetaix to resume it. (y/n)");
    // The autosave failing: the game history keeps it when quitting.
    c.set_autosaved(false);
    const Frame f = compose(c, 24, 72, Glyphs::ascii());
    CHECK(f.line(22) == "Quit? Not autosaved: it goes to the game history (o #1 opens it). (y/n)");
}

TEST_CASE("screen: a long refusal wraps onto two lines above the prompt at 72 columns", "[tui][frame][refusal]") {
    // Under promotion stop, c3xc5 ends on the last rank: the d5 capture after it is refused.
    Rules stop;
    stop.promotion = Promotion::Stop;
    Controller c(stop, Players{}, *parse_fen("W:Wc3:Bc4,d5"));
    c.handle(Action::of(K::OpenPrompt));
    for (char ch : std::string_view("c3xc5xe5")) {
        Action t = Action::of(K::PromptChar);
        t.ch = ch;
        c.handle(t);
    }
    c.handle(Action::of(K::PromptSubmit));
    const Frame f = compose(c, 24, 72, Glyphs::ascii());
    CHECK(f.line(20) == "White to move - capture compulsory | White 1, Black 2");
    CHECK(f.line(21) == "c3xc5xe5: the move ends on c5: with promotion stop a man reaching the");
    CHECK(f.line(22) == "far rank stops there");
    CHECK(f.line(23) == "Move: c3xc5xe5_");
}

namespace {

Move legal(const Controller& c, std::string_view text) {
    for (const Move& m : c.legal_moves())
        if (to_string(m) == text) return m;
    FAIL("not legal here: " << text);
    return {};
}

}  // namespace

namespace {

// A long game (57 moves, drawn by the no-progress rule after 80 plies) for the move list's tests.
const char* const kLongGame = R"([NoProgress "80"]

1. d2-c3 b4xd2 2. e1xc3 d4xd2 3. b2xb4xd4 d5xd3xb3 4. d1xd3 e5-d5 5. e3xe5
a4-b4 6. a2xa4xc4 c5xc3xe3xe1 7. e5xc5 b5xd5 8. c1-d2 e1xc3xc1 9. b1xd1 b3-a3
10. d1-e1 d5-c5 11. e1-d2 a5-b5 12. d2-e3 b5-b4 13. e3-e4 b4-c3 14. a1-b1 c3-b2
15. b1xb3 a3xc3 16. e4-e5 c3-c2 17. e5xa5 c2-c1 18. a5-e5 c1-d2 19. e5-e1 d2-b2
20. e1-a1 b2-e5 21. a1-a5 e5-d4 22. a5-e5 d4-b4 23. e5-e3 b4-a5 24. e3-e4 a5-e1
25. e4-c4 e1-e5 26. c4-c1 e5-c5 27. c1-b2 c5-e3 28. b2-b4 e3-e5 29. b4-d2 e5-e1
30. d2-d3 e1-a5 31. d3-d1 a5-c3 32. d1-b1 c3-a3 33. b1-b5 a3-a2 34. b5-b4 a2-a4
35. b4-c5 a4-a1 36. c5-b4 a1-a3 37. b4-b1 a3-c3 38. b1-c1 c3-a5 39. c1-c4 a5-d2
40. c4-c5 d2-c1 41. c5-b4 c1-c2 42. b4-a3 c2-c5 43. a3-e3 c5-e5 44. e3-a3 e5-a1
45. a3-b3 a1-a5 46. b3-d3 a5-b4 47. d3-a3 b4-c4 48. a3-a4 c4-c3 49. a4-e4 c3-a3
50. e4-d4 a3-e3 51. d4-d5 e3-b3 52. d5-d4 b3-b5 53. d4-c3 b5-d5 54. c3-a1 d5-d2
55. a1-a2 d2-d4 56. a2-c2 d4-d3 57. c2-c1 d3-d5 1/2-1/2
)";

// (Held by a pointer: the table it shows hears the controller at its address.)
std::unique_ptr<Controller> long_game() {
    auto c = std::make_unique<Controller>(Rules{}, Players{"Ali", "Zineb"});
    c->load(parse_pdn(kLongGame)->front());
    REQUIRE(c->game().ply() == 114);
    return c;
}

// Rows `first` to `last` of the frame from column `left` on: the side panel.
std::vector<std::string> panel(const Frame& f, int first, int last, int left) {
    std::vector<std::string> out;
    for (int r = first; r <= last; ++r) {
        const std::string line = f.line(r);
        out.push_back(line.size() > static_cast<std::size_t>(left) ? line.substr(static_cast<std::size_t>(left)) : "");
    }
    return out;
}

// The columns of `row` drawn in `role`, as "first-last" runs.
std::string columns_in(const Frame& f, int row, Role role) {
    std::string out;
    for (int col = 0; col < f.columns(); ++col) {
        if (f.at(row, col).role != role || (col > 0 && f.at(row, col - 1).role == role)) continue;
        int end = col;
        while (end + 1 < f.columns() && f.at(row, end + 1).role == role) ++end;
        out += concat(out.empty() ? "" : " ", col, "-", end);
    }
    return out;
}

}  // namespace

TEST_CASE("screen: the plies left before the no-progress draw and a position seen twice stand above the status",
          "[tui][frame][draw]") {
    Rules rules;
    rules.no_progress = 12;
    Controller c(rules, Players{}, *parse_fen("W:WKa1:BKe5"));
    type_move(c, "a1-a2");
    // 11 plies left: not yet counted.
    std::vector<std::string> s = lines(compose(c, 24, 80, Glyphs::ascii()));
    CHECK(s[19] == "W last move");
    CHECK(s[20] == "");
    CHECK(s[21] == "Black to move | White 1, Black 1");
    type_move(c, "e5-e4");
    s = lines(compose(c, 24, 80, Glyphs::ascii()));
    CHECK(s[20] == "No-progress draw in 10 plies");
    CHECK(s[21] == "White to move | White 1, Black 1");
    // Back where it started: the second time this position stands, with 8 plies left.
    type_move(c, "a2-a1");
    type_move(c, "e4-e5");
    REQUIRE(c.game().occurrences() == 2);
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    const std::vector<std::string> expected{
        "fetaix   w White to move   b Black",
        "                                  Moves",
        "5   .-----.-----.-----.-----B      1. a1-a2        e5-e4",
        "    | \\   |   / | \\   |   / |      2. a2-a1        e4-e5",
        "    |   \\ | /   |   \\ | /   |",
        "4   .-----.-----.-----.-----.",
        "    |   / | \\   |   / | \\   |",
        "    | /   |   \\ | /   |   \\ |",
        "3   .-----.-----.-----.-----.",
        "    | \\   |   / | \\   |   / |",
        "    |   \\ | /   |   \\ | /   |",
        "2   .-----.----[.]----.-----.",
        "    |   / | \\   |   / | \\   |     Rules",
        "    | /   |   \\ | /   |   \\ |     backward captures no, majority no",
        "1   W-----.-----.-----.-----.     promotion end",
        "                                  no-progress draw after 12 plies",
        "    a     b     c     d     e",
        "",
        "w White man  W White mullah  b Black man  B Black mullah  [ ] cursor",
        "B last move",
        "No-progress draw in 8 plies   Position seen twice: once more is a draw",
        "White to move | White 1, Black 1",
        "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit",
        "",
    };
    CHECK(lines(f) == expected);
    CHECK(f.at(20, 0).role == Role::Status);
    // One ply from the draw: "ply", not "plies".
    for (const char* m : {"a1-b1", "e5-d5", "b1-c1", "d5-c5", "c1-d1", "c5-b5", "d1-e1"}) type_move(c, m);
    REQUIRE(c.game().no_progress_count() == 11);
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(20) == "No-progress draw in 1 ply");
    // The draw itself: the status says it, the warning has gone.
    type_move(c, "b5-c5");
    s = lines(compose(c, 24, 80, Glyphs::ascii()));
    CHECK(s[21] == "Game over: draw by no-progress rule.");
    CHECK(s[20] == "");
}

TEST_CASE("screen: without the no-progress rule only a repeated position is marked", "[tui][frame][draw]") {
    Rules rules;
    rules.no_progress = 0;
    Controller c(rules, Players{}, *parse_fen("W:WKa1:BKe5"));
    for (const char* m : {"a1-a2", "e5-e4", "a2-a1", "e4-e5"}) type_move(c, m);
    const std::vector<std::string> s = lines(compose(c, 24, 72, Glyphs::ascii()));
    CHECK(s[20] == "Position seen twice: once more is a draw");
    CHECK(s[21] == "White to move | White 1, Black 1");
}

TEST_CASE("screen: the computer's move is announced and its whole path marked until the next key",
          "[tui][frame][computer]") {
    // The computer on both sides: the key line says what the keys still do.
    Controller c(Rules{}, Players{"White", "Black", 1, 1}, *parse_fen("W:Wc1:Bc2,d3,b3,a5"));
    Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(22) == "[ ] look back  f flip  s save  n new game  ? help  q quit");
    {
        // Timed, the pause key works too, and is listed.
        Controller timed(Rules{}, Players{"White", "Black", 1, 1});
        timed.set_clocks(*parse_time_control("5"), *parse_time_control("5"));
        CHECK(compose(timed, 24, 80, Glyphs::ascii()).line(22) ==
              "[ ] look back  p pause  f flip  s save  n new game  ? help  q quit");
    }
    c.play_delivered(legal(c, "c1xc3xa3"));
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(23) == "White plays c1xc3xa3, taking c2 and b3.");
    // c1, c3 and a3 marked, the points jumped over empty.
    CHECK(f.line(8) == "3   w-----.-----.-----b-----.");
    for (auto [row, column] : {std::pair{14, 16}, {8, 16}, {8, 4}}) CHECK(f.at(row, column).role == Role::LastMove);
    CHECK(f.at(11, 16).role == Role::Board);
    CHECK(f.at(8, 10).role == Role::Board);
    CHECK(f.line(19) == "w last move");
    CHECK(f.at(19, 0).role == Role::LastMove);
    c.handle(Action::of(K::Flip));
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(23) == "");

    // Against a person: the reply, a single capture.
    Controller p(Rules{}, Players{"White", "Black", 0, 3});
    type_move(p, "c2-c3");
    p.play_delivered(legal(p, "c4xc2"));
    f = compose(p, 24, 80, Glyphs::ascii());
    CHECK(f.line(23) == "Black plays c4xc2, taking c3.");
    CHECK(f.at(5, 16).role == Role::LastMove);
    CHECK(f.at(11, 16).role == Role::LastMove);
    CHECK(f.line(22) == "Enter select  : move  u/r undo/redo  s/o save/open  ? help  q quit");
    // A step takes nothing.
    Controller q(Rules{}, Players{"White", "Black", 0, 3}, *parse_fen("B:Wa1:Be5"));
    q.play_delivered(legal(q, "e5-e4"));
    CHECK(compose(q, 24, 80, Glyphs::ascii()).line(23) == "Black plays e5-e4.");
}

TEST_CASE("screen: the legend names the marks on the board, each sample in its colour", "[tui][frame][legend]") {
    Controller c(Rules{}, Players{});
    type_move(c, "c2-c3");
    Frame f = compose(c, 24, 72, Glyphs::unicode());
    CHECK(f.line(18) == "○ White man  ◎ White mullah  ● Black man  ◉ Black mullah  [ ] cursor");
    CHECK(f.line(19) == "● must capture  ○ last move");
    CHECK(f.at(18, 0).role == Role::WhitePiece);
    CHECK(f.at(18, 29).role == Role::BlackPiece);
    CHECK(f.at(18, 58).role == Role::Marker);
    CHECK(f.at(19, 0).role == Role::MustCapture);
    CHECK(f.at(19, 16).role == Role::LastMove);
    c.show_hint(legal(c, "c4xc2"), 0);
    f = compose(c, 24, 72, Glyphs::unicode());
    CHECK(f.line(19) == "● must capture  ○ last move  ● hint");
    CHECK(f.at(19, 29).role == Role::Hint);
    CHECK(f.at(5, 16).role == Role::Hint);  // c4, the hint's start
    // Short of rows (a notice on two lines), the marks keep their line and the pieces give way.
    c.set_notice(concat("autosave failing: ", std::string(70, 'x')));
    f = compose(c, 24, 72, Glyphs::unicode());
    CHECK(f.line(17) == "");
    CHECK(f.line(18) == "● must capture  ○ last move  ● hint");
    CHECK(f.line(19) == "autosave failing:");
}

TEST_CASE("screen: with every bottom line taken, the draw warnings end the status line in short",
          "[tui][frame][draw]") {
    // A saved game at a position seen twice, 8 plies from the no-progress draw, whose record's player
    // types cannot be used (two notes: a two-line message), shown under a two-line notice while a
    // two-line question asks whether to open another file instead: seven lines below the board.
    GameRecord saved;
    saved.rules.no_progress = 12;
    saved.start = *parse_fen("W:WKa1:BKe5");
    Game g(saved.rules, saved.start);
    for (const char* m : {"a1-a2", "e5-e4", "a2-a1", "e4-e5"}) REQUIRE(g.play(m));
    saved.moves = g.moves();
    saved.tags = {{"WhiteType", "alien"}, {"BlackType", "martian"}};
    Controller c(Rules{}, Players{});
    c.set_notice(concat("autosave failing: ", std::string(60, 'y')));
    c.offer_open_instead(saved, GameRecord{}, "the-evening-game-at-the-club-with-the-long-name.pdn");
    const std::vector<std::string> s = lines(compose(c, 24, 72, Glyphs::ascii()));
    CHECK(s[16] == "    a     b     c     d     e");
    CHECK(s[17] == "autosave failing:");
    CHECK(s[19] == "White to move | White 1, Black 1 | draw in 8 plies | seen twice");
    CHECK(s[20] == "Abandon this game and open");
    CHECK(s[21] == "the-evening-game-at-the-club-with-the-long-name.pdn? (y/n)");
    // Taller, the warnings have their line again.
    const std::vector<std::string> t = lines(compose(c, 25, 72, Glyphs::ascii()));
    CHECK(t[19] == "No-progress draw in 8 plies   Position seen twice: once more is a draw");
    CHECK(t[20] == "White to move | White 1, Black 1");
}

TEST_CASE("screen: at 72x24 a long move list is scrolled to its end and closes with the result and its reason",
          "[tui][frame][moves]") {
    const auto owned = long_game();
    Controller& c = *owned;
    const Frame f = compose(c, 24, 72, Glyphs::ascii());
    CHECK(panel(f, 1, 15, 34) == std::vector<std::string>{
                                     "Moves",
                                     "50. e4-d4        a3-e3",
                                     "51. d4-d5        e3-b3",
                                     "52. d5-d4        b3-b5",
                                     "53. d4-c3        b5-d5",
                                     "54. c3-a1        d5-d2",
                                     "55. a1-a2        d2-d4",
                                     "56. a2-c2        d4-d3",
                                     "57. c2-c1        d3-d5",
                                     "1/2-1/2 (no-progress rule)",
                                     "",
                                     "Rules",
                                     "backward captures no, majority no",
                                     "promotion end",
                                     "no-progress draw after 80 plies",
                                 });
    // The last move is marked in the list as on the board (d5 on row 2, d3 on row 8).
    CHECK(columns_in(f, 9, Role::LastMove) == "51-55");
    CHECK(columns_in(f, 2, Role::LastMove) == "22-22");
    CHECK(columns_in(f, 8, Role::LastMove) == "22-22");
    CHECK(f.line(21) == "Game over: draw by no-progress rule.");
}

TEST_CASE("screen: at 72x24 browsing shows the earlier position, its move marked in the list, and a label",
          "[tui][frame][moves][browse]") {
    const auto owned = long_game();
    Controller& c = *owned;
    c.handle(Action::of(K::StepFirst));
    for (int i = 0; i < 23; ++i) c.handle(Action::of(K::StepForward));
    REQUIRE(c.shown_ply() == 23);
    const Frame f = compose(c, 24, 72, Glyphs::ascii());
    // The position after 12. d2-e3: White men on a1 and e3, Black men on b5, c5 and a3; no cursor.
    const std::vector<std::string> expected{
        "fetaix   w White   b Black",
        "                                  Moves",
        "5   .-----b-----b-----.-----.      8. c1-d2        e1xc3xc1",
        "    | \\   |   / | \\   |   / |      9. b1xd1        b3-a3",
        "    |   \\ | /   |   \\ | /   |     10. d1-e1        d5-c5",
        "4   .-----.-----.-----.-----.     11. e1-d2        a5-b5",
        "    |   / | \\   |   / | \\   |     12. d2-e3        b5-b4",
        "    | /   |   \\ | /   |   \\ |     13. e3-e4        b4-c3",
        "3   b-----.-----.-----.-----w     14. a1-b1        c3-b2",
        "    | \\   |   / | \\   |   / |     15. b1xb3        a3xc3",
        "    |   \\ | /   |   \\ | /   |     16. e4-e5        c3-c2",
        "2   .-----.-----.-----.-----.",
        "    |   / | \\   |   / | \\   |     Rules",
        "    | /   |   \\ | /   |   \\ |     backward captures no, majority no",
        "1   w-----.-----.-----.-----.     promotion end",
        "                                  no-progress draw after 80 plies",
        "    a     b     c     d     e",
    };
    CHECK(panel(f, 0, 16, 0) == expected);
    CHECK(f.line(21) == "Viewing after 12. d2-e3 -- ] forward, Esc back to the game");
    CHECK(f.at(21, 0).role == Role::Question);
    CHECK(f.line(22) == "[ ] step back/forward   Home/End first/last   Esc back to the game");
    // d2-e3 marked in the list and on the board (d2 on row 11, e3 on row 8).
    CHECK(columns_in(f, 6, Role::LastMove) == "38-42");
    CHECK(columns_in(f, 11, Role::LastMove) == "22-22");
    CHECK(columns_in(f, 8, Role::LastMove) == "28-28");
    // Black's half-move is named as the list numbers it; the start has no move.
    c.handle(Action::of(K::StepForward));
    CHECK(compose(c, 24, 72, Glyphs::ascii()).line(21) ==
          "Viewing after 12... b5-b4 -- ] forward, Esc back to the game");
    c.handle(Action::of(K::StepFirst));
    const Frame start = compose(c, 24, 72, Glyphs::ascii());
    CHECK(start.line(21) == "Viewing the start -- ] forward, Esc back to the game");
    CHECK(start.line(2).substr(34) == " 1. d2-c3        b4xd2");
    CHECK(start.line(2).substr(0, 29) == "5   b-----b-----b-----b-----b");
}

TEST_CASE("screen: at 120x40 a long move list takes two columns, scrolled to its end, with the result",
          "[tui][frame][moves]") {
    const auto owned = long_game();
    Controller& c = *owned;
    const Frame f = compose(c, 40, 120, Glyphs::ascii());
    CHECK(panel(f, 1, 32, 66) == std::vector<std::string>{
                                     "Moves",
                                     "26. c4-c1        e5-c5     51. d4-d5        e3-b3",
                                     "27. c1-b2        c5-e3     52. d5-d4        b3-b5",
                                     "28. b2-b4        e3-e5     53. d4-c3        b5-d5",
                                     "29. b4-d2        e5-e1     54. c3-a1        d5-d2",
                                     "30. d2-d3        e1-a5     55. a1-a2        d2-d4",
                                     "31. d3-d1        a5-c3     56. a2-c2        d4-d3",
                                     "32. d1-b1        c3-a3     57. c2-c1        d3-d5",
                                     "33. b1-b5        a3-a2     1/2-1/2 (no-progress rule)",
                                     "34. b5-b4        a2-a4",
                                     "35. b4-c5        a4-a1",
                                     "36. c5-b4        a1-a3",
                                     "37. b4-b1        a3-c3",
                                     "38. b1-c1        c3-a5",
                                     "39. c1-c4        a5-d2",
                                     "40. c4-c5        d2-c1",
                                     "41. c5-b4        c1-c2",
                                     "42. b4-a3        c2-c5",
                                     "43. a3-e3        c5-e5",
                                     "44. e3-a3        e5-a1",
                                     "45. a3-b3        a1-a5",
                                     "46. b3-d3        a5-b4",
                                     "47. d3-a3        b4-c4",
                                     "48. a3-a4        c4-c3",
                                     "49. a4-e4        c3-a3",
                                     "50. e4-d4        a3-e3",
                                     "",
                                     "Rules",
                                     "backward captures no, majority no",
                                     "promotion end",
                                     "no-progress draw after 80 plies",
                                     "",
                                 });
    CHECK(columns_in(f, 8, Role::LastMove).substr(0, 7) == "110-114");
}

TEST_CASE("screen: at 120x40 browsing back scrolls the columns to the move shown", "[tui][frame][moves][browse]") {
    const auto owned = long_game();
    Controller& c = *owned;
    c.handle(Action::of(K::StepFirst));
    for (int i = 0; i < 78; ++i) c.handle(Action::of(K::StepForward));
    REQUIRE(c.shown_ply() == 78);
    Frame f = compose(c, 40, 120, Glyphs::ascii());
    // Columns of 25 lines, the second beside the first, each at least 25 wide: 39... a5-d2 is Black's,
    // in columns 83-87.
    CHECK(f.line(15).substr(66) == "39. c1-c4        a5-d2");
    CHECK(f.line(9).substr(66) == "33. b1-b5        a3-a2     1/2-1/2 (no-progress rule)");
    CHECK(f.line(2).substr(66) == "26. c4-c1        e5-c5     51. d4-d5        e3-b3");
    CHECK(columns_in(f, 15, Role::LastMove) == "83-87");
    CHECK(f.line(37) == "Viewing after 39... a5-d2 -- ] forward, Esc back to the game");
    // Back to move 12: its column (25 lines, 28 wide with 6... c5xc3xe3xe1) and the next (at least 25)
    // do not fit in the panel's 54 columns: one column, from the start.
    for (int i = 0; i < 55; ++i) c.handle(Action::of(K::StepBack));
    REQUIRE(c.shown_ply() == 23);
    f = compose(c, 40, 120, Glyphs::ascii());
    CHECK(panel(f, 1, 28, 66) == std::vector<std::string>{
                                     "Moves",
                                     " 1. d2-c3        b4xd2",
                                     " 2. e1xc3        d4xd2",
                                     " 3. b2xb4xd4     d5xd3xb3",
                                     " 4. d1xd3        e5-d5",
                                     " 5. e3xe5        a4-b4",
                                     " 6. a2xa4xc4     c5xc3xe3xe1",
                                     " 7. e5xc5        b5xd5",
                                     " 8. c1-d2        e1xc3xc1",
                                     " 9. b1xd1        b3-a3",
                                     "10. d1-e1        d5-c5",
                                     "11. e1-d2        a5-b5",
                                     "12. d2-e3        b5-b4",
                                     "13. e3-e4        b4-c3",
                                     "14. a1-b1        c3-b2",
                                     "15. b1xb3        a3xc3",
                                     "16. e4-e5        c3-c2",
                                     "17. e5xa5        c2-c1",
                                     "18. a5-e5        c1-d2",
                                     "19. e5-e1        d2-b2",
                                     "20. e1-a1        b2-e5",
                                     "21. a1-a5        e5-d4",
                                     "22. a5-e5        d4-b4",
                                     "23. e5-e3        b4-a5",
                                     "24. e3-e4        a5-e1",
                                     "25. e4-c4        e1-e5",
                                     "",
                                     "Rules",
                                 });
    CHECK(columns_in(f, 13, Role::LastMove) == "70-74");
    CHECK(f.line(37) == "Viewing after 12. d2-e3 -- ] forward, Esc back to the game");
    // At 96x32 one column of 17 rows (2 to 18), scrolled a line at a time with the move in the middle.
    const Frame narrow = compose(c, 32, 96, Glyphs::ascii());
    CHECK(narrow.line(2).substr(50) == " 4. d1xd3        e5-d5");
    CHECK(narrow.line(10).substr(50) == "12. d2-e3        b5-b4");
    CHECK(narrow.line(18).substr(50) == "20. e1-a1        b2-e5");
    CHECK(narrow.line(19).size() <= 50);
}

TEST_CASE("screen: browsing against the computer, the key line says it plays on in the game", "[tui][frame][browse]") {
    Players players;
    players.black_level = 3;
    Controller c(Rules{}, players);
    c.handle(Action::of(K::OpenPrompt));
    for (char ch : std::string("c2-c3")) {
        Action t = Action::of(K::PromptChar);
        t.ch = ch;
        c.handle(t);
    }
    c.handle(Action::of(K::PromptSubmit));
    c.handle(Action::of(K::StepBack));
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    // The banner is the game's: the computer is to move there, while the board shows the start.
    CHECK(f.line(0) == "fetaix   w White   b Black (computer, level 3) to move");
    CHECK(f.line(11) == "2   w-----w-----w-----w-----w");
    CHECK(f.line(20) == "Viewing the start -- ] forward, Esc back to the game");
    CHECK(f.line(21) == "The computer plays on meanwhile. [ ] step back/forward Home/End first/last Esc");
    CHECK(f.line(22) == "back to the game");
}

TEST_CASE("screen: mullahs have roles of their own, on the board and in the legend", "[tui][frame][theme]") {
    Controller c(Rules{}, Players{}, *parse_fen("W:WKa1,b1:BKe5,d5"));
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(14).substr(0, 12) == "1   W-----w-");
    CHECK(f.at(14, 4).role == Role::WhiteMullah);
    CHECK(f.at(14, 10).role == Role::WhitePiece);
    CHECK(f.at(2, 28).role == Role::BlackMullah);
    CHECK(f.at(2, 22).role == Role::BlackPiece);
    REQUIRE(f.line(18).substr(0, 28) == "w White man  W White mullah ");
    CHECK(f.at(18, 0).role == Role::WhitePiece);
    CHECK(f.at(18, 13).role == Role::WhiteMullah);
    CHECK(f.at(18, 29).role == Role::BlackPiece);
    CHECK(f.at(18, 42).role == Role::BlackMullah);
}
