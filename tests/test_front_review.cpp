// The review inside the game: the review key on the controller (src/front/controller.hpp), its work on
// the reviewer's thread (front::Work, play::Reviewer) and what the screen shows of it (src/tui/frame.cpp).
// The ending reviewed is tests/review/check.sh's: its values are the endgame tables' (up to 3 pieces,
// solved here), as tests/test_review.cpp checks them against the tables; the strings expected here are
// those values written by hand in the move list's short form (White's view: #W18 a win for White in 18).

#include <poll.h>
#include <vector>

#include <catch2/catch.hpp>

#include <fetaix/engine/review.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "front/work.hpp"
#include "helpers.hpp"
#include "tui/frame.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::front;
using fetaix::test::fen;
using K = Action::Kind;
namespace tb = fetaix::tablebase;

namespace {

const tb::Set& up_to_three() {
    static const tb::Set set = [] {
        tb::Set s;
        for (const tb::Material& m : tb::stored_materials_up_to(3)) s.add(tb::solve(m, Rules{}, s).value());
        return s;
    }();
    return set;
}

// White's man and mullah against a lone mullah; 2. b3-c3 lets Black's mullah take both pieces.
void play_the_ending(Controller& c) {
    for (const char* m : {"d3-b3", "e1-d2", "b3-c3", "d2xa5xa1"}) type_move(c, m);
    REQUIRE(c.game().result().outcome == Outcome::BlackWins);
}

// The review the key asks for, worked out here with the tables (as the reviewer's thread would).
engine::Review review_with_tables(const Game& game) {
    engine::SetTables tables(up_to_three());
    engine::ReviewSettings settings;
    settings.depth = 4;
    settings.tables = &tables;
    return engine::review_game(game, settings);
}

bool wait_for_work(const Work& work) {
    std::vector<pollfd> sources;
    (void)work.wait_on(sources);
    return !sources.empty() && ::poll(sources.data(), sources.size(), 30000) > 0;
}

}  // namespace

TEST_CASE("review key: only for a game over, opened or looked back at; again, it stops", "[review][front]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Review));
    CHECK(c.ui().message == "Nothing to review: no move has been played.");
    CHECK_FALSE(c.take_review_request());
    type_move(c, "c2-c3");
    c.handle(Action::of(K::Review));
    CHECK(c.ui().message == "The review is for a game that is over, opened (o) or looked back at ([).");
    CHECK_FALSE(c.reviewing());
    // Looking back, it may.
    c.handle(Action::of(K::StepBack));
    c.handle(Action::of(K::Review));
    CHECK(c.reviewing());
    CHECK(c.take_review_request());
    CHECK(c.review_progress() == std::pair<std::size_t, std::size_t>(0, 2));
    c.handle(Action::of(K::Review));
    CHECK(c.take_review_stop());
    CHECK(c.ui().message == "Stopping the review...");
}

TEST_CASE("review on screen: values and marks in the move list, the turning point above it", "[review][tui]") {
    Controller c(Rules{}, Players{}, fen("W:Wa2,Kd3:BKe1"));
    play_the_ending(c);
    c.handle(Action::of(K::Review));
    REQUIRE(c.take_review_request());
    tui::Frame f = tui::compose(c, 24, 80, tui::Glyphs::ascii());
    const int left = tui::board_geometry(24, 80).panel_left();
    CHECK(f.line(2).substr(static_cast<std::size_t>(left)) == "Reviewing: position 0 of 5");
    CHECK(f.line(21).rfind("Reviewing: position 0 of 5 (v stops) | Game over: Black wins", 0) == 0);
    c.finish_review(review_with_tables(c.game()), "");
    REQUIRE(c.review());
    CHECK(c.ui().message == "Review done: decisive 2. b3-c3 (b3-b1 instead); turning points 2. b3-c3??.");
    f = tui::compose(c, 24, 80, tui::Glyphs::ascii());
    const auto panel = [&](int row) { return f.line(row).substr(static_cast<std::size_t>(left)); };
    CHECK(panel(1) == "Moves   ?? turned   ? lost ground");
    CHECK(panel(2) == "Turning points: 2. b3-c3??");
    CHECK(panel(3) == " 1. d3-b3 #W18           e1-d2 #W17");
    CHECK(panel(4) == " 2. b3-c3 #B1??          d2xa5xa1 #B0");
    // The help says what the marks mean while the list shows them.
    c.handle(Action::of(K::Help));
    std::string help;
    const tui::Frame page = tui::compose(c, 40, 80, tui::Glyphs::ascii());
    for (int r = 0; r < page.rows(); ++r) help += page.line(r) + "\n";
    CHECK_THAT(help,
               Catch::Contains("   Review\n     After each move, its value for White: proven (tables, book or rules)"));
    // Its lines joined: the whole of it.
    std::string joined;
    for (std::size_t at = help.find("   Review\n"); at < help.size() && help.compare(at, 8, "   Rules") != 0;) {
        const std::size_t end = help.find('\n', at);
        joined += help.substr(at, end - at).substr(std::min<std::size_t>(5, end - at)) + " ";
        at = end + 1;
    }
    CHECK_THAT(joined,
               Catch::Contains("#W0 White has won; the engine's +0.35 (in men), +#5 a forced win within 5 plies."));
    CHECK_THAT(joined, Catch::Contains("?? turned the result, ? lost a man's worth or more."));
    c.handle(Action::of(K::CloseOverlay));
    REQUIRE_FALSE(c.ui().help_open);
    // Stepping back to the position the turning point was played from: its values, and the better move.
    c.handle(Action::of(K::StepBack));
    c.handle(Action::of(K::StepBack));
    REQUIRE(c.shown_ply() == 2);
    f = tui::compose(c, 24, 80, tui::Glyphs::ascii());
    // The status line, above the key line (the legend's rows above it depend on its marks).
    int status = 0;
    while (status < 23 && f.line(status).rfind("Next ", 0) != 0) ++status;
    CHECK(f.line(status) == "Next 2. b3-c3: win in 17 plies (tables) -> loss in 1 ply (tables)??");
    CHECK(f.line(status + 1).rfind("?? turned a win into a loss; b3-b1 kept the win; the board shows b3-b1", 0) == 0);
    bool better_in_legend = false;
    for (int r = tui::board_geometry(24, 80).bottom() + 1; r < status; ++r)
        better_in_legend = better_in_legend || f.line(r).find("better move") != std::string::npos;
    CHECK(better_in_legend);
    const tui::BoardGeometry board = tui::board_geometry(24, 80);
    for (const char* p : {"b3", "b1"}) {
        const tui::ScreenPoint at = tui::screen_position(*parse_point(p), false, board);
        CHECK(f.at(at.row, at.column).role == tui::Role::Hint);
    }
    const tui::ScreenPoint c3 = tui::screen_position(*parse_point("c3"), false, board);
    CHECK(f.at(c3.row, c3.column).role != tui::Role::Hint);
    // A change of game drops it.
    c.handle(Action::of(K::StepLast));
    c.handle(Action::of(K::Undo));
    CHECK(c.review() == nullptr);
}

TEST_CASE("review at work: runs on its thread, shows its progress, stops keeping what was done", "[review][front]") {
    Controller c(Rules{}, Players{});
    for (const char* m : {"c2-c3", "c4xc2", "b2xd2", "b4-c4", "d2-c3", "a4-b4"}) type_move(c, m);
    play::Thinker thinker;
    play::ComputerPlayer computer(thinker, c.players());
    play::Reviewer reviewer;
    Work work(c, thinker, computer, reviewer);
    c.handle(Action::of(K::StepBack));
    c.handle(Action::of(K::Review));
    work.start();
    REQUIRE(work.reviewing());
    // The first position valued, then the key again: the review stops with what it has.
    Work::Done done;
    while (c.review_progress().first == 0) {
        REQUIRE(wait_for_work(work));
        done = work.take([](const Move&) {});
    }
    c.handle(Action::of(K::Review));
    work.start();
    while (!done.reviewed) {
        REQUIRE(wait_for_work(work));
        done = work.take([](const Move&) {});
    }
    REQUIRE(c.review());
    CHECK_FALSE(c.review()->complete);
    CHECK(c.review()->positions.size() < 7);
    CHECK(c.ui().message.rfind("Review stopped after ", 0) == 0);
    CHECK_FALSE(c.reviewing());
}

TEST_CASE(
    "review on screen: turning points beyond the panel's width are counted; a book value's caveat on the key line",
    "[review][tui]") {
    Controller c(Rules{}, Players{});
    const std::vector<std::string> played{"d2-c3", "b4xd2", "e1xc3", "d4xd2", "b2xb4xd4", "d2xb2"};
    for (const std::string& m : played) type_move(c, m);
    c.handle(Action::of(K::StepFirst));
    c.handle(Action::of(K::Review));
    REQUIRE(c.take_review_request());
    // A review written by hand: the first move from a book draw into a book value that is a loss only with
    // no no-progress limit (at most a draw under it), unmarked; the five moves after it marked.
    engine::Review review;
    review.complete = true;
    review.positions.resize(played.size() + 1);
    engine::Assessment draw, at_most;
    draw.origin = at_most.origin = engine::Origin::Book;
    draw.low = draw.high = 0;
    at_most.low = -1;
    at_most.high = 0;
    at_most.unlimited_sign = -1;
    review.positions[0] = draw;
    review.positions[1] = engine::flipped(at_most);
    for (std::size_t ply = 0; ply < played.size(); ++ply) {
        engine::MoveReview m;
        m.ply = ply;
        m.move = c.game().move(ply + 1);
        m.mover = c.game().position_at(ply).side_to_move;
        m.before = review.positions[ply];
        m.after = engine::flipped(review.positions[ply + 1]);
        if (ply > 0) {
            m.mark = engine::Mark::Weakened;
            m.better = m.move;
            m.better_value = m.before;
        }
        review.moves.push_back(m);
    }
    c.finish_review(std::move(review), "");
    REQUIRE(c.shown_ply() == 0);
    const tui::Frame f = tui::compose(c, 24, 80, tui::Glyphs::ascii());
    const int left = tui::board_geometry(24, 80).panel_left();
    // 46 columns from the panel's left edge: two turning points and the count of the three more.
    CHECK(80 - left == 46);
    CHECK(f.line(2).substr(static_cast<std::size_t>(left)) == "Turning points: 1... b4xd2?, 2. e1xc3? +3 more");
    int status = 0;
    while (status < 23 && f.line(status).rfind("Next ", 0) != 0) ++status;
    CHECK(f.line(status) == "Next 1. d2-c3: draw (book) -> at most a draw (book)");
    CHECK(f.line(status + 1) == "The book, with no no-progress limit: a draw before, a loss after   [ ] step");
}
