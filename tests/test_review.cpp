// The review of a game (fetaix/engine/review.hpp) and the [%eval] comments it writes (fetaix/eval_note.hpp,
// pdn.hpp). Hand-made games with known turning points: the values expected are the tables' own (solved
// here, up to 3 pieces) and what the rules show by hand (a reply that takes the last piece), never the
// review's.

#include <algorithm>
#include <atomic>

#include <catch2/catch.hpp>

#include <fetaix/engine/review.hpp>
#include <fetaix/fetaix.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "helpers.hpp"
#include "solve/proven_book.hpp"
#include "solved_tables.hpp"

using namespace fetaix;
using fetaix::test::fen;
namespace tb = fetaix::tablebase;

namespace {

Game game_of(std::string_view start, std::initializer_list<std::string_view> moves, const Rules& rules = {}) {
    Game g(rules, fen(start));
    for (std::string_view m : moves) REQUIRE(g.play(m));
    return g;
}

// A review to `depth` with the book of proven positions.
engine::ReviewSettings with_book(int depth) {
    engine::ReviewSettings settings;
    settings.depth = depth;
    settings.book = &solving::proven_book();
    return settings;
}

// A reply that leaves the side that moved before it with no piece: the rules' loss in one ply, by hand.
bool takes_the_last_piece(const Position& p, const Rules& rules) {
    const MoveList replies = legal_moves(p, rules);
    return std::any_of(replies.begin(), replies.end(), [&](const Move& m) { return !p.after(m).us(); });
}

}  // namespace

TEST_CASE("review: a move from a won ending into a lost one is the turning point, with the move that kept the win",
          "[review]") {
    engine::SetTables tables(test::solved_tables(3));
    engine::ReviewSettings settings;
    settings.depth = 4;
    settings.tables = &tables;
    // White's man and mullah against a lone mullah: 2. b3-c3 puts the mullah where Black's takes it and the game.
    const Game game = game_of("W:Wa2,Kd3:BKe1", {"d3-b3", "e1-d2", "b3-c3"});
    REQUIRE(takes_the_last_piece(game.position(), game.rules()));
    const engine::Review review = engine::review_game(game, settings);
    REQUIRE(review.complete);
    REQUIRE(review.positions.size() == 4);
    REQUIRE(review.moves.size() == 3);
    // Every value is the tables' own, for the side to move.
    for (std::size_t ply = 0; ply < 4; ++ply) {
        const tb::Value v = *test::solved_tables(3).probe(game.position_at(ply));
        const engine::Assessment& a = review.positions[ply];
        CHECK(a.origin == engine::Origin::Tables);
        const int expected = v.verdict == tb::Verdict::Win ? 1 : v.verdict == tb::Verdict::Loss ? -1 : 0;
        CHECK(a.low == expected);
        CHECK(a.high == expected);
        if (expected != 0) CHECK(a.distance == v.distance);
    }
    CHECK(review.positions[3].distance == 1);  // the reply that takes the last piece
    CHECK(review.moves[0].mark == engine::Mark::None);
    CHECK(review.moves[1].mark == engine::Mark::None);  // a lost side's move that loses no faster is no mistake
    const engine::MoveReview& turn = review.moves[2];
    CHECK(turn.mark == engine::Mark::Turned);
    CHECK(review.turning_points() == std::vector<std::size_t>{2});
    // The better move is one of the moves the tables say win, the quickest of them.
    REQUIRE(turn.better);
    const Position before = game.position_at(2);
    int quickest = 1000;
    std::vector<Move> winning;
    for (const Move& m : legal_moves(before, game.rules())) {
        const tb::Value after = *test::solved_tables(3).probe(before.after(m));
        if (after.verdict != tb::Verdict::Loss) continue;
        winning.push_back(m);
        quickest = std::min(quickest, after.distance);
    }
    REQUIRE(std::find(winning.begin(), winning.end(), *turn.better) != winning.end());
    CHECK(test::solved_tables(3).probe(before.after(*turn.better))->distance == quickest);
    CHECK(engine::mark_words(turn) == concat("turned a win into a loss; ", to_string(*turn.better), " kept the win"));
}

TEST_CASE("review: a move that throws a win away to a draw is marked, one that wins more slowly is not", "[review]") {
    engine::SetTables tables(test::solved_tables(3));
    engine::ReviewSettings settings;
    settings.depth = 4;
    settings.tables = &tables;
    const Position start = fen("W:Wa2,Kd3:BKe1");
    for (const Move& m : legal_moves(start, Rules{})) {
        Game game(Rules{}, start);
        REQUIRE(game.play(m));
        const engine::Review review = engine::review_game(game, settings);
        REQUIRE(review.moves.size() == 1);
        const tb::Value after = *test::solved_tables(3).probe(start.after(m));
        // Still a win (the opponent lost) whatever its length: unmarked; else marked, as a draw or a loss.
        INFO(to_string(m));
        CHECK((review.moves[0].mark == engine::Mark::Turned) == (after.verdict != tb::Verdict::Loss));
        if (after.verdict == tb::Verdict::Draw)
            CHECK(engine::mark_words(review.moves[0]).starts_with("turned a win into a draw; "));
    }
}

TEST_CASE("review: a move that gives two men away is marked by the engine's measure, a quiet one is not", "[review]") {
    engine::ReviewSettings settings;
    settings.depth = 6;
    // 1. c2-c3 lets Black take c3 and b2 in one capture (c4xc2xa2, forced); a1xa3 takes one back: a man lost.
    const Game blunder = game_of("W:Wa1,b2,c2,d1,e1:Bc4,a5,b5,d5,e5", {"c2-c3"});
    const MoveList replies = legal_moves(blunder.position(), blunder.rules());
    REQUIRE(replies.size() == 1);
    CHECK(to_string(replies[0]) == "c4xc2xa2");
    CHECK(popcount(blunder.position().after(replies[0]).us()) == 3);
    const engine::Review bad = engine::review_game(blunder, settings);
    REQUIRE(bad.moves.size() == 1);
    CHECK(!bad.positions[0].proven());
    CHECK(bad.moves[0].mark == engine::Mark::Weakened);
    REQUIRE(bad.moves[0].better);
    CHECK(!(*bad.moves[0].better == bad.moves[0].move));
    CHECK(bad.moves[0].before.score - bad.moves[0].after.score >= engine::kGroundLost);
    CHECK(engine::mark_words(bad.moves[0]).starts_with("lost "));

    const Game quiet = game_of("W:Wa1,b2,c2,d1,e1:Bc4,a5,b5,d5,e5", {"a1-a2"});
    CHECK(engine::review_game(quiet, settings).moves[0].mark == engine::Mark::None);
}

TEST_CASE("review: the start is a draw the book proves, and the book's first moves keep it", "[review][book]") {
    const engine::ReviewSettings settings = with_book(2);
    const Game game(Rules{}, start_position());
    const engine::Review review = engine::review_game(game, settings);
    REQUIRE(review.positions.size() == 1);
    CHECK(review.positions[0].origin == engine::Origin::Book);
    // Exactly a draw: not "at least" nor "at most" one.
    CHECK(review.positions[0].low == 0);
    CHECK(review.positions[0].high == 0);
    CHECK(engine::result_class(review.positions[0]) == "a draw");
}

TEST_CASE("review: a game that ended by the rules ends on the rules' value", "[review]") {
    engine::ReviewSettings settings;
    settings.depth = 2;
    // Black's man takes White's last man: the game is over, and White (to move) has lost by the rules.
    const Game game = game_of("W:Wb2:Bb4", {"b2-b3", "b4xb2"});
    REQUIRE(game.result().reason == Reason::CaptureAll);
    const engine::Review review = engine::review_game(game, settings);
    REQUIRE(review.positions.size() == 3);
    CHECK(review.positions[2].origin == engine::Origin::Rules);
    CHECK(review.positions[2].low == -1);
    CHECK(review.positions[2].distance == 0);
    // Black's capture was forced and won at once: a win in one ply, by the rules.
    CHECK(review.positions[1].origin == engine::Origin::Rules);
    CHECK(engine::value_words(review.positions[1]) == "win in 1 ply");
}

TEST_CASE("review: a stop ends the review with the positions done, not complete", "[review]") {
    engine::ReviewSettings settings;
    settings.depth = 2;
    // Three moves from the start, each the first legal move after which the reply is a choice (a forced
    // position takes its value from the next one, so is not done on its own).
    Game game(Rules{}, start_position());
    for (int i = 0; i < 3; ++i)
        for (const Move& m : legal_moves(game.position(), game.rules()))
            if (legal_moves(game.position().after(m), game.rules()).size() > 1) {
                REQUIRE(game.play(m));
                break;
            }
    REQUIRE(game.ply() == 3);
    // Asked to stop as the second of the four positions is done: the review ends there.
    std::atomic<bool> stop{false};
    std::size_t last_total = 0;
    const engine::Review review = engine::review_game(game, settings, &stop, [&](std::size_t done, std::size_t total) {
        last_total = total;
        if (done == 2) stop = true;
    });
    CHECK(last_total == 4);
    CHECK(!review.complete);
    CHECK(review.positions.size() == 2);
    CHECK(review.moves.size() == 1);

    // Asked before it starts: nothing done.
    std::atomic<bool> stopped{true};
    const engine::Review none = engine::review_game(game, settings, &stopped);
    CHECK(!none.complete);
    CHECK(none.positions.empty());
}

TEST_CASE("eval notes: each kind written and read back the same", "[review][pdn]") {
    const auto round_trip = [](std::string_view text) {
        const auto e = parse_eval_note(text);
        REQUIRE(e);
        CHECK(format_eval_note(*e) == text);
        return *e;
    };
    CHECK(round_trip("+0.35").centimen == 35);
    CHECK(round_trip("-1.20").centimen == -120);
    CHECK(round_trip("+0.00").centimen == 0);
    CHECK(round_trip("+#13").forced == 13);
    CHECK(round_trip("-#2").centimen < 0);
    const EvalNote w = round_trip("#W17 tables");
    CHECK(w.kind == EvalNote::Kind::Proven);
    CHECK(w.outcome == Outcome::WhiteWins);
    CHECK(w.distance == 17);
    CHECK(round_trip("#= book").outcome == Outcome::Draw);
    CHECK(round_trip("#B= book").at_least);
    CHECK(round_trip("#W0 rules").distance == 0);
    CHECK(round_trip("#B book").outcome == Outcome::BlackWins);
    CHECK(parse_eval_note("0.35")->centimen == 35);  // PGN's unsigned form is read too
    for (std::string_view bad : {"", "+", "+1.2", "1.234", "+-1.20", "#W17", "#W17 guess", "#X tables", "#=3 book",
                                 "+#", "+#x", "#W-1 tables", "0x1.00"})
        CHECK_FALSE(parse_eval_note(bad));
}

TEST_CASE("eval notes: an annotated record is read back with the values it was written with", "[review][pdn]") {
    engine::SetTables tables(test::solved_tables(3));
    engine::ReviewSettings settings;
    settings.depth = 4;
    settings.tables = &tables;
    const Game game = game_of("W:Wa2,Kd3:BKe1", {"d3-b3", "e1-d2", "b3-c3"});
    const engine::Review review = engine::review_game(game, settings);
    std::vector<std::string> comments;
    for (std::size_t ply = 0; ply < review.positions.size(); ++ply)
        comments.push_back(concat(
            "[%eval ", format_eval_note(engine::eval_note(review.positions[ply], game.position_at(ply).side_to_move)),
            "] a comment long enough to wrap the line of moves somewhere in its words"));
    const std::string text = format_pdn(game, {}, false, comments);
    const auto records = parse_pdn(text);
    REQUIRE(records);
    const GameRecord& r = records->front();
    REQUIRE(r.moves == game.moves());
    REQUIRE(r.evals.size() == 4);
    // White wins in 19 at the start (the tables: White to move), still White's after 1. d3-b3 and 1... e1-d2,
    // then Black's in one ply after 2. b3-c3.
    CHECK(format_eval_note(*r.evals[0]) ==
          concat("#W", test::solved_tables(3).probe(game.position_at(0))->distance, " tables"));
    CHECK(r.evals[1]->outcome == Outcome::WhiteWins);
    CHECK(r.evals[2]->outcome == Outcome::WhiteWins);
    CHECK(format_eval_note(*r.evals[3]) == "#B1 tables");
    CHECK(r.notes.empty());
}

TEST_CASE("eval notes: another program's eval comment is left out with a note, the game still read", "[review][pdn]") {
    const auto records = parse_pdn("[Result \"*\"]\n\n1. c2-c3 {[%eval #-3]} {[%eval\n+0.25]} *\n");
    REQUIRE(records);
    const GameRecord& r = records->front();
    CHECK(r.moves.size() == 1);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0] == "line 3: an eval comment fetaix does not read, left out: '[%eval #-3]' (docs/notation.md)");
    REQUIRE(r.evals.size() == 2);
    CHECK(!r.evals[0]);
    CHECK(r.evals[1]->centimen == 25);  // a line break inside the command reads as a space
}

TEST_CASE("review: the book's losing first move is the turning point, with a first move the book draws with",
          "[review][book]") {
    const engine::ReviewSettings settings = with_book(2);
    const book::Book& b = *settings.book;
    // With the no-progress rule off, as the book's proofs are.
    Rules unlimited;
    unlimited.no_progress = 0;
    const Game game = game_of(to_fen(start_position()), {"d3-c3"}, unlimited);
    // What the book itself says: after 1. d3-c3 Black, to move, has a win (its entry, or a reply into a loss).
    const Position after = game.position();
    const auto black = b.find(after);
    const MoveList replies = legal_moves(after, game.rules());
    const bool black_wins = (black && black->value == book::Value::Win) ||
                            std::any_of(replies.begin(), replies.end(), [&](const Move& m) {
                                const auto e = b.find(after.after(m));
                                return e && e->value == book::Value::Loss;
                            });
    REQUIRE(black_wins);
    const engine::Review review = engine::review_game(game, settings);
    const engine::MoveReview& m = review.moves.at(0);
    CHECK(m.mark == engine::Mark::Turned);
    CHECK(m.before.origin == engine::Origin::Book);
    CHECK(m.after.origin == engine::Origin::Book);
    CHECK(m.after.high == -1);
    REQUIRE(m.better);
    // The move named keeps the draw: Black, after it, has no win the book knows.
    const auto kept = b.find(start_position().after(*m.better));
    CHECK(!(kept && kept->value == book::Value::Win));
    CHECK(engine::mark_words(m) == concat("turned a draw into a loss; ", to_string(*m.better), " held the draw"));

    // Under the default limit of 50 plies a book's win may be cut short: after 1. d3-c3 White is proven
    // only not to win; the start is still a draw (a draw holds under any limit). The move is marked for
    // what the book proves with the rule off, and said so.
    const Game limited = game_of(to_fen(start_position()), {"d3-c3"});
    const engine::Review under_limit = engine::review_game(limited, settings);
    const engine::MoveReview& l = under_limit.moves.at(0);
    CHECK(l.mark == engine::Mark::Turned);
    REQUIRE(l.better);
    const auto kept_limited = b.find(start_position().after(*l.better));
    CHECK(!(kept_limited && kept_limited->value == book::Value::Win));
    CHECK(engine::mark_words(l) ==
          concat("turned a draw into a loss with no no-progress limit; ", to_string(*l.better), " held the draw"));
    CHECK(l.before.low == 0);
    CHECK(l.before.high == 0);
    CHECK(l.after.low == -1);
    CHECK(l.after.high == 0);
    CHECK(engine::value_words(l.after) == "at most a draw, a loss with no no-progress limit");
    CHECK(engine::result_class(l.after) == "at most a draw");
    CHECK(format_eval_note(engine::eval_note(under_limit.positions[1], Color::Black)) ==
          "#B= book");  // Black at least draws
}

TEST_CASE("review: a move between a position proven won or lost and one only the engine values is never marked",
          "[review]") {
    engine::SetTables tables(test::solved_tables(3));
    engine::ReviewSettings settings;
    settings.depth = 3;
    settings.tables = &tables;
    // Four pieces (the engine's) where a capture leads to three (the tables'): every such move, whatever
    // it gives away, is left unmarked; the values on each side are still given.
    int checked = 0;
    const tb::Index index(tb::Material{1, 1, 2, 0});
    for (std::uint64_t i = 0; i < index.size() && checked < 12; i += 97) {
        const auto p = index.position(i);
        if (!p) continue;
        const MoveList moves = legal_moves(*p, Rules{});
        if (moves.size() < 2) continue;
        for (const Move& mv : moves) {
            if (popcount(p->after(mv).occupied()) != 3 || !p->after(mv).us()) continue;
            Game game(Rules{}, *p);
            REQUIRE(game.play(mv));
            const engine::Review review = engine::review_game(game, settings);
            REQUIRE(review.moves.size() == 1);
            if (review.positions[0].proven() == review.positions[1].proven()) continue;
            // A proven draw is even by the engine's measure too (the next case).
            const auto drawn = [](const engine::Assessment& a) { return a.low == 0 && a.high == 0; };
            if (drawn(review.positions[0]) || drawn(review.positions[1])) continue;
            CHECK(review.moves[0].mark == engine::Mark::None);
            ++checked;
            break;
        }
    }
    CHECK(checked == 12);
}

TEST_CASE("review: a move into a position the book proves only at most a draw is weighed by the engine's measure",
          "[review][book]") {
    const engine::ReviewSettings settings = with_book(6);
    const book::Book& b = *settings.book;
    // A game against level 1: the book's draw until 5... c4-b4, then positions the book proves only as
    // White's hold (at least a draw) between ones it does not know.
    const Game game = game_of(to_fen(start_position()),
                              {"c2-c3", "c4xc2", "c1xc3", "a3xc1", "c3xa3", "b4-b3", "a3xc3", "c1xc4", "d1-c1", "c4-b4",
                               "a2-a3", "a4xa2", "a1xa3", "d4-c4"});
    // By hand: 7... d4-c4 lets 8. a3-a4 a5xa3 9. d3-c3 c4xc2 10. c1xc3xa5 through (each of Black's replies
    // its only move, a capture), and the last capture takes Black's mullah on b4 and crowns on a5.
    Game line = game;
    for (const auto& [white, forced] : {std::pair{"a3-a4", "a5xa3"}, std::pair{"d3-c3", "c4xc2"}}) {
        REQUIRE(line.play(white));
        REQUIRE(legal_moves(line.position(), line.rules()).size() == 1);
        REQUIRE(line.play(forced));
    }
    REQUIRE(line.play("c1xc3xa5"));
    CHECK(to_fen(line.position()) == "B:Wb1,e1,d2,e2,e3,Ka5:Ba3,e4,b5,c5,d5,e5");
    const auto holds = b.find(game.position());
    REQUIRE(holds);
    CHECK(holds->value == book::Value::Holds);

    const engine::Review review = engine::review_game(game, settings);
    REQUIRE(review.complete);
    const engine::MoveReview& m = review.moves.at(13);
    CHECK_FALSE(m.before.proven());
    CHECK(m.after.origin == engine::Origin::Book);
    CHECK(m.after.low == -1);
    CHECK(m.after.high == 0);
    CHECK(m.after.searched);
    // The score kept for the book's interval is the search's from White's side, to the review's depth.
    engine::Search search(1u << 18);
    search.set_book(&b);
    engine::Limits limits;
    limits.time_ms = -1;
    limits.depth = settings.depth;
    const engine::Result white = search.run(game.position(), game.rules(), engine::history_of(game), limits);
    CHECK(m.after.score == -std::max(white.score, 0));
    CHECK(m.before.score - m.after.score >= engine::kGroundLost);
    CHECK(m.mark == engine::Mark::Weakened);
    REQUIRE(m.better);
    CHECK_FALSE(*m.better == m.move);
    CHECK(engine::mark_words(m).starts_with("lost "));
    // The only turning point: between the book's draws the measure is 0.00 on both sides; 5... c4-b4 leaves
    // the book's move (not c4-b4) for White's hold, weighed from the draw's 0.00, and lost less than a man.
    CHECK(review.turning_points() == std::vector<std::size_t>{13});
    const auto drew = b.find(game.position_at(9));
    REQUIRE(drew);
    CHECK(drew->value == book::Value::Draw);
    REQUIRE(drew->move);
    CHECK(to_string(*drew->move) != "c4-b4");
    const engine::MoveReview& left = review.moves.at(9);
    CHECK(left.before.low == 0);
    CHECK(left.before.high == 0);
    CHECK(left.after.high == 0);
    CHECK(left.after.searched);
    CHECK(left.before.score - left.after.score < engine::kGroundLost);
    CHECK(left.mark == engine::Mark::None);
}

TEST_CASE("review: a move from the book's draw that gives a man away is weighed from the draw's 0.00",
          "[review][book]") {
    const engine::ReviewSettings settings = with_book(6);
    const Game game = game_of(to_fen(start_position()),
                              {"c2-c3", "c4xc2", "c1xc3", "a3xc1", "c3xa3", "b4-b3", "a3xc3", "c1xc4", "d3-c3"});
    // By hand: after 5. d3-c3 every move Black has is a capture of a man (the mullah on c4 takes c3).
    const Position before = game.position_at(8), after = game.position();
    const MoveList replies = legal_moves(after, game.rules());
    REQUIRE_FALSE(replies.empty());
    for (const Move& m : replies) CHECK(popcount(after.after(m).occupied()) == popcount(after.occupied()) - 1);
    const auto drawn = settings.book->find(before);
    REQUIRE(drawn);
    CHECK(drawn->value == book::Value::Draw);

    const engine::Review review = engine::review_game(game, settings);
    const engine::MoveReview& m = review.moves.at(8);
    CHECK(m.before.low == 0);
    CHECK(m.before.high == 0);
    CHECK(m.before.measured());
    CHECK(m.after.measured());
    CHECK(m.after.score <= -engine::kGroundLost);
    CHECK(m.mark == engine::Mark::Weakened);
    REQUIRE(m.better);
    CHECK_FALSE(*m.better == m.move);
    CHECK(engine::mark_words(m) == concat("lost ", -m.after.score / 100, ".", -m.after.score % 100 / 10,
                                          -m.after.score % 10, " by the engine's measure; ", to_string(*m.better),
                                          " was the engine's choice (draw for White, by the book)"));
}

TEST_CASE("review: a move that lost ground from the book's hold says both the engine's value and the book's",
          "[review]") {
    engine::MoveReview m;
    m.move = Move{};
    m.mover = Color::White;
    m.before.origin = engine::Origin::Book;
    m.before.low = 0;
    m.before.high = 1;
    m.before.searched = true;
    m.before.score = 10;
    m.after.score = -200;
    m.mark = engine::Mark::Weakened;
    const Game game(Rules{}, start_position());
    m.better = *parse_move("c2-c3", game.position(), game.rules());
    m.better_value = m.before;
    CHECK(
        engine::mark_words(m) ==
        "lost 2.10 by the engine's measure; c2-c3 was the engine's choice (+0.10 for White; the book: at least a draw)");
}

TEST_CASE("review: the decisive move of a game won on the board is the loser's last move into a lost position",
          "[review]") {
    engine::SetTables tables(test::solved_tables(3));
    engine::ReviewSettings settings;
    settings.depth = 4;
    settings.tables = &tables;
    // White won (tables) until 2. b3-c3, which lost; Black's mullah then took both pieces.
    const Game game = game_of("W:Wa2,Kd3:BKe1", {"d3-b3", "e1-d2", "b3-c3", "d2xa5xa1"});
    REQUIRE(game.result().outcome == Outcome::BlackWins);
    const engine::Review review = engine::review_game(game, settings);
    CHECK(engine::decisive_move(review, game.result().outcome) == std::optional<std::size_t>(2));
    CHECK_FALSE(engine::decisive_move(review, Outcome::Draw));
    // Called for White (as a flag fallen would): White does not stand lost at the end, so none.
    CHECK_FALSE(engine::decisive_move(review, Outcome::WhiteWins));
    // A forced move (d2xa5xa1 is Black's only one) has the value of the position after it, exactly.
    REQUIRE(legal_moves(game.position_at(3), game.rules()).size() == 1);
    CHECK(review.moves[3].before.low == review.moves[3].after.low);
}

TEST_CASE("review: the decisive move is the loser's move into the book's loss, not an earlier dip it recovered from",
          "[review]") {
    // Black's moves only (White's between them change nothing here), as a review values them for Black.
    const auto engine_value = [](int score) {
        engine::Assessment a;
        a.score = score;
        return a;
    };
    // A book's loss under a no-progress limit: proven only "at most a draw", a loss with no limit; searched.
    engine::Assessment book_loss;
    book_loss.origin = engine::Origin::Book;
    book_loss.low = -1;
    book_loss.high = 0;
    book_loss.unlimited_sign = -1;
    engine::Assessment searched_loss = book_loss;
    searched_loss.searched = true;
    searched_loss.score = -500;
    engine::Assessment rules_loss;
    rules_loss.origin = engine::Origin::Rules;
    rules_loss.high = -1;
    rules_loss.distance = 0;
    engine::Review review;
    review.complete = true;
    const auto black = [&](const engine::Assessment& before, const engine::Assessment& after) {
        engine::MoveReview m;
        m.mover = Color::Black;
        m.before = before;
        m.after = after;
        review.moves.push_back(m);
    };
    black(engine_value(-200), engine_value(-320));  // a dip to three men down...
    black(engine_value(-150), book_loss);           // ...recovered from; then into the book's loss (unsearched)
    black(searched_loss, rules_loss);               // and the last move, the search deep in the loss
    CHECK(engine::decisive_move(review, Outcome::WhiteWins) == std::optional<std::size_t>(1));
}

TEST_CASE("review: a forced move between two searched positions keeps the searched value", "[review]") {
    engine::ReviewSettings settings;
    settings.depth = 5;
    // 1. c2-c3 forces c4xc2xa2 (Black's only move): Black's value before it is White's after it, flipped.
    const Game game = game_of("W:Wa1,b2,c2,d1,e1:Bc4,a5,b5,d5,e5", {"c2-c3", "c4xc2xa2"});
    const engine::Review review = engine::review_game(game, settings);
    REQUIRE(review.positions.size() == 3);
    CHECK(review.positions[1].score == -review.positions[2].score);
    CHECK(review.moves[1].before.score == review.moves[1].after.score);
}

TEST_CASE(
    "review: a move that keeps a forced win the search saw is not said to let it go when a search after it "
    "stopped short",
    "[review]") {
    // White's win from W:Wa2,Kd3:BKe1 and each move's value are the tables' (3 pieces); the review is given
    // no tables, so only its search can find the win again after the move.
    const auto& tables = test::solved_tables(3);
    const Position start = fen("W:Wa2,Kd3:BKe1");
    const tb::Value won = *tables.probe(start);
    REQUIRE(won.verdict == tb::Verdict::Win);
    // The game of move m, with the values a review had before confirm_kept_wins: before the move the search
    // saw the win (in the tables' number of plies); after it, a search of a set time stopped short of it (0.00).
    // `held`: the win was seen in a position the book proves only as a hold (its interval searched).
    const auto confirmed = [&](const Move& m, bool held = false) {
        Game game(Rules{}, start);
        REQUIRE(game.play(m));
        engine::Review review;
        review.positions.resize(2);
        review.positions[0].score = engine::kMate - static_cast<int>(won.distance);
        if (held) {
            review.positions[0].origin = engine::Origin::Book;
            review.positions[0].low = 0;
            review.positions[0].searched = true;
        }
        engine::confirm_kept_wins(game, review, nullptr, nullptr);
        return std::pair{game, review};
    };
    int kept = 0;
    for (const Move& m : legal_moves(start, Rules{})) {
        const tb::Value after = *tables.probe(start.after(m));
        if (after.verdict != tb::Verdict::Loss || after.distance + 1 != static_cast<int>(won.distance)) continue;
        ++kept;
        INFO(to_string(m));
        // Another move as the engine's choice: the move is judged on its values alone.
        const MoveList all = legal_moves(start, Rules{});
        const Move other = all[0] == m ? all[1] : all[0];
        for (const bool held : {false, true}) {
            const auto [game, review] = confirmed(m, held);
            CHECK(review.positions[1].score == -(engine::kMate - static_cast<int>(after.distance)));
            const engine::MoveReview judged = engine::judge_move(game, 0, review.positions[0], review.positions[1],
                                                                 nullptr, nullptr, other);
            CHECK(judged.mark == engine::Mark::None);
        }
    }
    CHECK(kept > 0);
    // A move that lets the win go (the tables: a draw after it) stays marked: the search finds no win there.
    for (const Move& m : legal_moves(start, Rules{})) {
        if (tables.probe(start.after(m))->verdict != tb::Verdict::Draw) continue;
        INFO(to_string(m));
        const auto [game, review] = confirmed(m);
        CHECK(review.positions[1].score == 0);
        const Move best = *legal_moves(start, Rules{}).begin() == m ? legal_moves(start, Rules{})[1]
                                                                    : *legal_moves(start, Rules{}).begin();
        const engine::MoveReview judged = engine::judge_move(game, 0, review.positions[0], review.positions[1], nullptr,
                                                             nullptr, best);
        CHECK(judged.mark == engine::Mark::Weakened);
        CHECK(engine::mark_words(judged).starts_with("let a forced win go by the engine's search; "));
    }
}
