// Thousands of random games under every switch, checking invariants at every ply.

#include <random>

#include <fetaix/perft.hpp>

#include "helpers.hpp"

using namespace fetaix;

TEST_CASE("random games keep every invariant under every switch", "[random]") {
    std::mt19937 rng(7);
    int games = 0;
    int plies = 0;
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        for (int n = 0; n < 250; ++n, ++games) {
            Game game(rules);
            while (!game.over() && game.ply() < 300) {
                const Position before = game.position();
                const MoveList moves = game.legal_moves();
                REQUIRE_FALSE(moves.empty());
                // perft(1) is the number of legal moves.
                REQUIRE(perft(before, 1, rules) == moves.size());
                // Capture is compulsory: all moves are captures exactly when one exists.
                const bool capture = has_capture(before, rules);
                for (const Move& m : moves) REQUIRE(m.is_capture() == capture);
                // FEN round trip.
                REQUIRE(*parse_fen(to_fen(before)) == before);
                const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
                REQUIRE(game.play(m));
                const Position after = game.position();
                // The hash made from the one before by the pieces that changed is the hash made afresh.
                REQUIRE(rehash(hash(before), before, after) == hash(after));
                // Piece counts never grow; a capture takes exactly its captured pieces.
                REQUIRE(popcount(after.of(before.side_to_move)) == popcount(before.us()));
                REQUIRE(popcount(after.of(after.side_to_move)) == popcount(before.them()) - m.capture_count());
                REQUIRE(popcount(after.mullahs) >= popcount(before.mullahs) - m.capture_count());
                // Undo restores the exact previous state; redo the exact next one.
                REQUIRE(game.undo());
                REQUIRE(game.position() == before);
                REQUIRE(game.redo());
                REQUIRE(game.position() == after);
                ++plies;
            }
        }
    }
    CHECK(games == 3000);
    CHECK(plies > 30000);
}
