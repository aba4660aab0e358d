// The book of proven positions (issue 15 item 10): made from checked proofs, read back with every entry
// checked (a corrupted one refused with its line), and used by the engine at the root: the proven move
// played, a move into a proven loss never, and after 1. b2-c3 Black's proven win followed to the end.

#include <catch2/catch.hpp>

#include <random>

#include <fetaix/book.hpp>
#include <fetaix/fetaix.hpp>
#include <fetaix/proof.hpp>
#include <fetaix/solve.hpp>

#include "cli/proven_book.hpp"
#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;

namespace {

// A book made of one solved position's proof.
book::Book book_of(const Position& root) {
    solve::Solver solver(Rules{}, nullptr, 1 << 20);
    const solve::Solution s = solve::solve(solver, root);
    REQUIRE(s.proof);
    book::Book b;
    REQUIRE_FALSE(book::add(b, *s.proof));
    return b;
}

std::string parse_error(const std::string& text) {
    const auto parsed = book::parse(text);
    REQUIRE_FALSE(parsed);
    return parsed.error().describe();
}

std::string replaced(std::string text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

const std::string kAfterB2C3 = "B:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";

}  // namespace

TEST_CASE("book: a win's proof gives the winner's nodes with their moves and the loser's as losses", "[solve]") {
    // White's mullah on c3 takes c4 and lands on c5: Black has nothing left (a proof of one node).
    const book::Book b = book_of(fen("W:WKc3:Bc4"));
    REQUIRE(b.entries.size() == 1);
    const book::Entry* e = b.find(fen("W:WKc3:Bc4"));
    REQUIRE(e);
    CHECK(e->value == book::Value::Win);
    REQUIRE(e->move);
    CHECK(to_string(*e->move) == "c3xc5");
    CHECK(book::to_text(b) == "fetaix book 1\nrules backward-captures=no promotion=end majority=no\nW:WKc3:Bc4 win c3xc5\n");
    CHECK_FALSE(b.find(fen("B:WKc3:Bc4")));
    // Read back, the same book.
    const auto again = book::parse(book::to_text(b));
    REQUIRE(again);
    CHECK(book::to_text(*again) == book::to_text(b));
}

TEST_CASE("book: every entry of the shipped book reads, and after 1. b2-c3, 1. d2-c3 and 1. d3-c3 Black's win is in it", "[solve]") {
    const auto parsed = book::parse(cli::proven_book_text());
    INFO((parsed ? std::string() : parsed.error().describe()));
    REQUIRE(parsed);
    const book::Book& b = cli::proven_book();
    CHECK(b.entries.size() == parsed->entries.size());
    CHECK(b.applies(Rules{}));
    const book::Entry* e = b.find(fen(kAfterB2C3));
    REQUIRE(e);
    CHECK(e->value == book::Value::Win);
    REQUIRE(e->move);
    CHECK(to_string(*e->move) == "d4xb2");  // Black's only move: the capture is forced
    const book::Entry* lost = b.find(start_position().after(*parse_move("b2-c3", start_position(), Rules{})).after(*e->move));
    REQUIRE(lost);
    CHECK(lost->value == book::Value::Loss);
    CHECK_FALSE(lost->move);
    CHECK_FALSE(b.find(start_position()));  // the start is not proven
    // After 1. d2-c3 Black wins by b4xd2 (the 6-piece tables as leaves).
    const Position d2c3 = start_position().after(*parse_move("d2-c3", start_position(), Rules{}));
    REQUIRE(b.find(d2c3));
    CHECK(b.find(d2c3)->value == book::Value::Win);
    CHECK(to_string(*b.find(d2c3)->move) == "b4xd2");
    // After 1. d3-c3 Black wins by b3xd3, its only move.
    const Position d3c3 = start_position().after(*parse_move("d3-c3", start_position(), Rules{}));
    REQUIRE(b.find(d3c3));
    CHECK(b.find(d3c3)->value == book::Value::Win);
    CHECK(to_string(*b.find(d3c3)->move) == "b3xd3");
}

TEST_CASE("book: a corrupted entry is refused with its line and what is wrong", "[solve]") {
    const std::string good = book::to_text(book_of(fen("W:WKc3:Bc4")));
    CHECK(parse_error(replaced(good, "c3xc5", "c3-c4")) ==
          "line 3: W:WKc3:Bc4: the move 'c3-c4' is not legal: the point c4 is taken: to capture it, land on c5");
    CHECK(parse_error(replaced(good, " win ", " won ")) == "line 3: W:WKc3:Bc4: the value is win, draw or loss, not 'won'");
    CHECK(parse_error(replaced(good, " win c3xc5", " win")) == "line 3: W:WKc3:Bc4: a win needs its move");
    CHECK(parse_error(replaced(good, " win ", " loss ")) == "line 3: W:WKc3:Bc4: a lost position has no move, found 'c3xc5'");
    CHECK(parse_error(replaced(good, "W:WKc3:Bc4", "W:WKc3:Bc9")).rfind("line 3: 'W:WKc3:Bc9' is not a position: ", 0) == 0);
    CHECK(parse_error(replaced(good, "W:WKc3:Bc4 win", "W:WKc3:B win")) == "line 3: W:WKc3:B: the game is over here, nothing to prove");
    CHECK(parse_error(good + "W:WKc3:Bc4 win c3xc5\n") == "line 4: W:WKc3:Bc4: listed twice");
    CHECK(parse_error(replaced(good, "fetaix book 1", "fetaix book 2")) == "line 1: not a fetaix book (the first line is 'fetaix book 1')");
    CHECK(parse_error(replaced(good, "promotion=end", "promotion=never")).rfind("line 2: promotion=never: ", 0) == 0);
}

TEST_CASE("book: two proofs that disagree on a position are refused", "[solve]") {
    book::Book b = book_of(fen("W:WKc3:Bc4"));
    proof::Proof forged{Rules{}, fen("W:WKc3:Bc4"), "loss", {proof::Strategy{Color::Black, true, {{"W:WKc3:Bc4", ""}}}}};
    CHECK(book::add(b, forged) == std::optional<std::string>("W:WKc3:Bc4: a loss here, but the book has a win"));
}

TEST_CASE("engine: the book's move at the root, a proven win reported, a move into a proven loss never played", "[solve]") {
    const book::Book& b = cli::proven_book();
    engine::Search search(1u << 16);
    search.set_book(&b);
    // After 1. b2-c3 Black plays the book's capture at once, and the result says the win is proven.
    Game game;
    REQUIRE(game.play("b2-c3"));
    const engine::Result black = engine::think(search, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(black.proven);
    CHECK(*black.proven == book::Value::Win);
    CHECK(to_string(black.best) == "d4xb2");
    CHECK(book::verdict(*black.proven) == "win (proven)");
    // The mechanism, with exact moves: stopped before it searches, the engine answers with the first
    // legal move (c2-c3 at the start); a book that has the position after c2-c3 won for Black makes
    // it the next one.
    const Game start;
    const MoveList first = start.legal_moves();
    REQUIRE(to_string(first[0]) == "c2-c3");
    std::atomic<bool> stop{true};
    engine::Limits stopped;
    stopped.stop = &stop;
    engine::Search plain(1u << 16);
    CHECK(plain.run(start.position(), start.rules(), {}, stopped).best == first[0]);
    book::Book c2c3;
    const Position after = start.position().after(first[0]);
    c2c3.entries.emplace(after, book::Entry{book::Value::Win, legal_moves(after, Rules{})[0]});
    engine::Search with_c2c3(1u << 16);
    with_c2c3.set_book(&c2c3);
    const engine::Result avoided = with_c2c3.run(start.position(), start.rules(), {}, stopped);
    CHECK(avoided.best == first[1]);
    CHECK_FALSE(avoided.proven);
    // With the shipped book, searched at the top level, White never opens with a move proven to lose.
    const engine::Result searched = engine::think(search, start, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    // Three of the four first moves are proven to lose (b2-c3, d2-c3, d3-c3): c2-c3 is left.
    CHECK(to_string(searched.best) == "c2-c3");
    CHECK_FALSE(searched.proven);
    // After 1. d2-c3 d4xd2 (proven drawn) White plays the book's holding move.
    Game drawn;
    REQUIRE(drawn.play("d2-c3"));
    REQUIRE(drawn.play("d4xd2"));
    const book::Entry* held = b.find(drawn.position());
    REQUIRE(held);
    REQUIRE(held->value == book::Value::Draw);
    const engine::Result draw = engine::think(search, drawn, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(draw.proven);
    CHECK(*draw.proven == book::Value::Draw);
    CHECK(draw.best == *held->move);
    // The levels that play with noise do not use the book.
    CHECK_FALSE(engine::think(search, game, 1, 1, -1, {}, nullptr, nullptr, &b).proven);
    // After 1. b2-c3 d4xb2 White has lost, whatever it plays: the engine says so and still moves.
    REQUIRE(game.play("d4xb2"));
    const engine::Result lost = engine::think(search, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(lost.has_move);
    REQUIRE(lost.proven);
    CHECK(*lost.proven == book::Value::Loss);
    // A book for other rules is not used.
    book::Book other = b;
    other.rules.promotion = Promotion::Immediate;
    search.set_book(&other);
    Game again;
    REQUIRE(again.play("b2-c3"));
    CHECK_FALSE(search.run(again.position(), again.rules(), {}, engine::Limits{.depth = 1}).proven);
}

TEST_CASE("engine: after 1. b2-c3 the computer as Black follows the proven win to the end, whatever White plays", "[solve]") {
    // Sampled lines: White's replies drawn at random, and some played by the engine itself; Black is the
    // engine at its top level with the book and no tables. Each line ends in a Black win by the rules
    // core (the default rules: no-progress 50 plies, threefold repetition a draw).
    const book::Book& b = cli::proven_book();
    std::mt19937 rng(2026);
    engine::Search black(1u << 16), white(1u << 16);
    for (int line = 0; line < 60; ++line) {
        Game game;
        REQUIRE(game.play("b2-c3"));
        while (!game.over()) {
            if (game.position().side_to_move == Color::Black) {
                const engine::Result r = engine::think(black, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
                const book::Entry* e = b.find(game.position());
                INFO(to_fen(game.position()) << " after " << format_pdn(game));
                REQUIRE(e);  // the proof covers every White reply
                REQUIRE(r.proven);
                CHECK(*r.proven == book::Value::Win);
                CHECK(r.best == *e->move);
                REQUIRE(game.play(r.best));
            } else if (line % 10 == 0) {
                REQUIRE(game.play(engine::think(white, game, 5, static_cast<std::uint64_t>(line)).best));
            } else {
                const MoveList moves = game.legal_moves();
                REQUIRE(game.play(moves[rng() % moves.size()]));
            }
        }
        INFO("line " << line << ": " << format_pdn(game, {}, false));
        CHECK(game.result().outcome == Outcome::BlackWins);
    }
}
