// The screen, composed without a terminal: exact contents for known states.

#include <catch2/catch.hpp>

#include "tui/frame.hpp"

using namespace fetaix;
using namespace fetaix::tui;
using K = Action::Kind;

namespace {

std::vector<std::string> lines(const Frame& f) {
    std::vector<std::string> out;
    for (int r = 0; r < f.rows(); ++r) out.push_back(f.line(r));
    return out;
}

}  // namespace

TEST_CASE("screen: the start position in ASCII at 80x24", "[tui][frame]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    const std::vector<std::string> expected{
        "fetaix   w White (Ali)   b Black (Zineb)",
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
        "w White man  W White mullah  b Black man  B Black mullah  * may land",
        "",
        "",
        "White (Ali) to move | White 12, Black 12",
        "Enter select  : type a move  u/r undo/redo  s/o save/open  ? help  q quit",
        "",
    };
    CHECK(lines(compose(c, 24, 80, Glyphs::ascii())) == expected);
}

TEST_CASE("screen: the last move's start and landing points are highlighted", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Select));
    Action click = Action::of(K::Click);
    click.point = parse_point("c3");
    c.handle(click);
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.at(11, 16).role == Role::LastMove);  // c2, now empty
    CHECK(f.at(8, 16).role == Role::LastMove);   // c3, the man that moved
    CHECK(f.at(8, 22).role == Role::WhitePiece);  // d3, untouched
    CHECK(f.line(2).substr(34) == " 1. c2-c3");
}

TEST_CASE("screen: Unicode lines and pieces", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    CHECK(f.line(0) == "fetaix   ○ White   ● Black");
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
    // c3 chosen (under the cursor), a3 and e3 to land on next, c1 selected.
    CHECK(f.line(8) == "3   *-----b----[x]----b-----*");
    CHECK(f.line(14).substr(0, 29) == "1   .-----.----(w)----.-----.");
    CHECK(f.at(8, 10).role == Role::BlackPiece);
    CHECK(f.at(8, 4).role == Role::Destination);
    CHECK(f.at(8, 16).role == Role::Path);
    CHECK(f.line(22) == "Enter land on a marked point   Esc cancel   ? help");
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
    CHECK(g.line(10).substr(34) == concat("10. ", played[18]));
    CHECK(g.line(11).substr(34) == "(1 to redo)");
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
    CHECK(f.line(22) == "n new game   u undo   f flip   ? help   q quit");
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
    c.handle(Action::of(K::PromptSubmit));
    f = compose(c, 24, 80, Glyphs::ascii());
    CHECK(f.line(22) == "c2-c4: 'c2-c4' is not a legal move here");
    CHECK(f.line(23) == "Move: c2-c4_");
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
    CHECK_THAT(all, Catch::Contains("Home PgUp End PgDn diagonals (7 9 1 3)"));
    CHECK_THAT(all, Catch::Contains("R  resign     d  offer a draw"));
    CHECK_THAT(all, Catch::Contains("In force: backward captures no, promotion stop,"));
    CHECK_THAT(all, Catch::Contains("majority yes, no-progress draw after 50 plies."));
    CHECK_THAT(all, Catch::Contains("Any key closes this page."));
}

TEST_CASE("screen: below the minimum size it says how large the terminal must be", "[tui][frame]") {
    Controller c(Rules{}, Players{});
    const Frame f = compose(c, 12, 40, Glyphs::unicode());
    CHECK(f.line(5) == "           Terminal too small");
    CHECK(f.line(6) == "       40x12; fetaix needs 72x22");
    CHECK(f.line(7) == "     Enlarge the window to play on.");
    const Frame fits = compose(c, kMinRows, kMinColumns, Glyphs::unicode());
    CHECK(fits.line(0) == "fetaix   ○ White   ● Black");
    CHECK(fits.line(kMinRows - 3) == "White to move | White 12, Black 12");
}

TEST_CASE("screen: mouse positions map back to points on either orientation", "[tui][frame]") {
    for (bool flipped : {false, true})
        for (int i = 0; i < kPointCount; ++i) {
            const Point p{static_cast<std::uint8_t>(i)};
            const ScreenPoint s = screen_position(p, flipped);
            CHECK(point_at(s.row, s.column, flipped) == p);
            CHECK(point_at(s.row, s.column - 1, flipped) == p);
            CHECK(point_at(s.row, s.column + 1, flipped) == p);
            CHECK_FALSE(point_at(s.row + 1, s.column, flipped).has_value());
        }
}
