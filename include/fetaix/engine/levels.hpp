#pragma once
// Playing levels 1 (beginner) to 8 (strongest), and the History a Game hands to the search.

#include <cstdint>
#include <vector>

#include "../game.hpp"
#include "search.hpp"

namespace fetaix::engine {

struct Level {
    int depth;            // deepest iteration
    std::uint64_t nodes;  // node budget per move
    int noise;            // evaluation noise, in hundredths of a man
};

inline constexpr int kMinLevel = 1;
// Level 8's node budget when no time is given (engine matches and tests).
inline constexpr std::uint64_t kUnclockedBudget = 1500000;
inline constexpr int kMaxLevel = 8;

// Shallow and noisy at the bottom, deep and exact at the top; level 8 has no node budget and uses
// all the time it is given.
inline constexpr Level level(int n) {
    constexpr Level table[] = {
        {1, 100, 150},               // 1
        {2, 500, 100},               // 2
        {3, 2500, 120},              // 3
        {4, 6000, 70},               // 4
        {6, 40000, 25},              // 5
        {7, 100000, 15},             // 6
        {64, 500000, 0},             // 7
        {64, ~std::uint64_t{0}, 0},  // 8
    };
    return table[(n < kMinLevel ? kMinLevel : n > kMaxLevel ? kMaxLevel : n) - 1];
}

// The positions that can still recur, for repetition, and the no-progress count.
inline History history_of(const Game& game) {
    History h;
    h.quiet_plies = game.no_progress_count();
    const std::size_t first = game.ply() - static_cast<std::size_t>(game.reversible_plies());
    for (std::size_t i = first; i < game.ply(); ++i) h.keys.push_back(hash(game.position_at(i)));
    return h;
}

// The levels that use the endgame tables and the book of proven positions: the exact ones (no noise),
// so that a beginner's computer does not play endings, or proven openings, perfectly.
inline constexpr bool uses_tables(int level_number) { return level(level_number).noise == 0; }

// One move's thinking at a level: its depth, node budget and noise (seeded), within time_ms if given,
// until `stop` (if given, see Limits::stop) is set; with the endgame tables and the book of proven
// positions if given and the level uses them.
inline Result think(Search& search, const Game& game, int level_number, std::uint64_t seed, int time_ms = -1,
                    const std::function<void(const DepthReport&)>& on_depth = {},
                    const std::atomic<bool>* stop = nullptr, Tables* tables = nullptr,
                    const book::Book* book = nullptr) {
    const Level l = level(level_number);
    search.set_noise(l.noise, seed);
    search.set_tables(uses_tables(level_number) ? tables : nullptr);
    search.set_book(uses_tables(level_number) ? book : nullptr);
    Limits limits;
    limits.depth = l.depth;
    limits.nodes = l.nodes;
    limits.time_ms = time_ms;
    limits.stop = stop;
    // Level 8 thinks for all the time it is given; with no clock it gets a fixed budget instead.
    if (time_ms < 0 && l.nodes == ~std::uint64_t{0}) limits.nodes = kUnclockedBudget;
    Result result = search.run(game.position(), game.rules(), history_of(game), limits, on_depth);
    if (tables && uses_tables(level_number)) result.tables_problem = tables->take_problem();
    return result;
}

// Whether the computer playing `computer` accepts a draw offered now: when a short search (a few
// milliseconds, so the offer can be answered at once) does not find it better off.
inline bool accepts_draw(const Game& game, Color computer) {
    Search search(1u << 14);
    Limits limits;
    limits.nodes = 50000;
    const Result r = search.run(game.position(), game.rules(), history_of(game), limits);
    const int score = game.position().side_to_move == computer ? r.score : -r.score;
    return score <= 0;
}

}  // namespace fetaix::engine
