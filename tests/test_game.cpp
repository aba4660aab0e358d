// Rules-spec section 6 and the Game object: history, undo and redo, and every way a game ends.

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;

namespace {
void play_all(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        INFO("playing " << m);
        REQUIRE(g.play(m).ok());
    }
}
}  // namespace

TEST_CASE("6 capture-all: capturing the last enemy piece wins", "[game][end]") {
    Game g({}, fen("W:Wb3:Bc3"));
    CHECK(g.result() == GameResult{});
    REQUIRE(g.play("b3xd3"));
    CHECK(g.result() == GameResult{Outcome::WhiteWins, Reason::CaptureAll});
    CHECK(Game({}, fen("W:W:Ba5")).result() == GameResult{Outcome::BlackWins, Reason::CaptureAll});
}

TEST_CASE("6 no legal move: a side with pieces but no move loses", "[game][end]") {
    CHECK(Game({}, fen("W:Wa4:Ba5,b4,c4")).result() == GameResult{Outcome::BlackWins, Reason::NoLegalMove});
    // a2 is walled in by a1 and by b2 with c2 behind it.
    CHECK(Game({}, fen("B:Wa1,b2,c2:Ba2")).result() == GameResult{Outcome::WhiteWins, Reason::NoLegalMove});
}

TEST_CASE("6 threefold repetition draws on the third occurrence", "[game][end]") {
    Game g({}, fen("W:WKa1:BKe5"));
    play_all(g, {"a1-a2", "e5-e4", "a2-a1", "e4-e5"});
    CHECK(g.occurrences() == 2);
    play_all(g, {"a1-a2", "e5-e4", "a2-a1"});
    CHECK(g.result() == GameResult{});
    play_all(g, {"e4-e5"});
    CHECK(g.occurrences() == 3);
    CHECK(g.result() == GameResult{Outcome::Draw, Reason::Repetition});
    CHECK_FALSE(g.play("a1-a2"));  // nothing more after the end
}

TEST_CASE("6 threefold repetition counts men's sideways steps, which can be stepped back", "[game][end]") {
    Game g({}, fen("W:Wa2:Be4"));
    play_all(g, {"a2-b2", "e4-d4", "b2-a2", "d4-e4"});
    CHECK(g.occurrences() == 2);
    CHECK(g.no_progress_count() == 0);  // every ply was a man's move
    play_all(g, {"a2-b2", "e4-d4", "b2-a2"});
    CHECK(g.result() == GameResult{});
    play_all(g, {"d4-e4"});
    CHECK(g.result() == GameResult{Outcome::Draw, Reason::Repetition});
}

TEST_CASE("6 a man's step forward ends the positions that can recur", "[game][end]") {
    Game g({}, fen("W:Wa2:Be4"));
    play_all(g, {"a2-b2", "e4-d4"});
    CHECK(g.reversible_plies() == 2);
    play_all(g, {"b2-b3"});
    CHECK(g.reversible_plies() == 0);
    play_all(g, {"d4-e4", "b3-a3", "e4-d4", "a3-b3"});
    CHECK(g.reversible_plies() == 4);
    CHECK(g.occurrences() == 2);  // b3 and d4 after the step forward, not the two before it
}

TEST_CASE("6 repetition needs the same side to move", "[game][end]") {
    // The same men and mullahs with the other side to move is a different position.
    CHECK(hash(fen("W:WKa1:BKe5")) != hash(fen("B:WKa1:BKe5")));
    CHECK(hash(fen("W:WKa1:BKe5")) == hash(*parse_fen("W:BKe5:WKa1")));
    CHECK(hash(fen("W:WKa1:BKe5")) != hash(fen("W:Wa1:BKe5")));
}

TEST_CASE("6 no-progress: the limit of plies without a capture or a man's move draws", "[game][end]") {
    Rules rules;
    rules.no_progress = 5;
    Game g(rules, fen("W:WKa1,b3:BKe5"));
    play_all(g, {"a1-a2", "e5-e4", "a2-a3"});
    CHECK(g.no_progress_count() == 3);
    // A man's move resets the count.
    play_all(g, {"e4-e3", "b3-b4"});
    CHECK(g.no_progress_count() == 0);
    play_all(g, {"e3-e2", "a3-a2", "e2-e3", "a2-a3"});
    CHECK(g.no_progress_count() == 4);
    CHECK(g.result() == GameResult{});
    play_all(g, {"e3-e4"});
    CHECK(g.result() == GameResult{Outcome::Draw, Reason::NoProgress});
    rules.no_progress = 0;  // off
    Game off(rules, fen("W:WKa1:BKe5"));
    play_all(off, {"a1-a2", "e5-e4", "a2-a3", "e4-e3", "a3-a4", "e3-e2"});
    CHECK(off.no_progress_count() == 6);
    CHECK(off.result() == GameResult{});
}

TEST_CASE("6 a capture resets the no-progress count", "[game][end]") {
    // From d4 nothing more can be taken, nor from e5: both landings are legal.
    Game g({}, fen("W:WKa1:Bc3,Ka5"));
    REQUIRE(g.play("a1xd4"));
    CHECK(g.no_progress_count() == 0);
    REQUIRE(g.play("a5-a4"));
    CHECK(g.no_progress_count() == 1);
}

TEST_CASE("6 resignation and agreed draw end the game and can be taken back", "[game][end]") {
    Game g;
    REQUIRE(g.resign(Color::White));
    CHECK(g.result() == GameResult{Outcome::BlackWins, Reason::Resignation});
    CHECK_FALSE(g.play("c2-c3"));
    CHECK_FALSE(g.agree_draw());
    REQUIRE(g.undo());
    CHECK(g.result() == GameResult{});
    REQUIRE(g.agree_draw());
    CHECK(g.result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
}

TEST_CASE("game: redo declares again the resignation or draw that undo took back, after the moves before it",
          "[game][end]") {
    Game g;
    play_all(g, {"c2-c3"});
    REQUIRE(g.resign(Color::Black));
    REQUIRE(g.undo());
    REQUIRE(g.undo());
    CHECK(g.ply() == 0);
    REQUIRE(g.redo());
    CHECK(g.ply() == 1);
    CHECK_FALSE(g.over());
    REQUIRE(g.redo());
    CHECK(g.result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
    CHECK_FALSE(g.redo());
    // A move played in its place drops it.
    REQUIRE(g.undo());
    REQUIRE(g.agree_draw());
    REQUIRE(g.undo());
    REQUIRE(g.play("c4xc2"));
    REQUIRE(g.undo());
    REQUIRE(g.redo());
    CHECK_FALSE(g.redo());
    CHECK_FALSE(g.over());
    // A loss on time is not declared again: the clocks redo restores show time left.
    REQUIRE(g.lose_on_time(Color::White));
    REQUIRE(g.undo());
    CHECK_FALSE(g.redo());
}

TEST_CASE("game: undo and redo whole moves restore the exact positions", "[game]") {
    Game g;
    const Position p0 = g.position();
    play_all(g, {"d2-c3", "b4xd2"});
    const Position p2 = g.position();
    CHECK(g.ply() == 2);
    REQUIRE(g.undo());
    REQUIRE(g.undo());
    CHECK(g.position() == p0);
    CHECK_FALSE(g.undo());
    CHECK(g.redo_line().size() == 2);
    REQUIRE(g.redo());
    REQUIRE(g.redo());
    CHECK(g.position() == p2);
    CHECK_FALSE(g.redo());
    // A new move after undo drops the redo line.
    REQUIRE(g.undo());
    REQUIRE(g.play("d4xd2"));
    CHECK(g.redo_line().empty());
    CHECK(to_string(g.moves().back()) == "d4xd2");
}

TEST_CASE("game: an illegal move changes nothing", "[game]") {
    Game g;
    auto bad = g.play("c2-c4");
    REQUIRE_FALSE(bad);
    CHECK(g.ply() == 0);
    CHECK(g.position() == start_position());
    Move fake = legal_moves(start_position(), {})[0];
    fake.path[0] = *parse_point("e5");
    CHECK_FALSE(g.play(fake));
    CHECK(g.ply() == 0);
}
