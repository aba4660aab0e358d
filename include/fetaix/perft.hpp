#pragma once
// Perft (rules-spec section 8): the number of move paths of a given length, for testing and speed.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace fetaix {

// perft(pos, 0) = 1; the last ply is bulk-counted without playing its moves.
inline std::uint64_t perft(const Position& pos, int depth, const Rules& rules) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_legal_moves(pos, rules);
    MoveList moves;
    generate_legal_moves(pos, rules, moves);
    std::uint64_t nodes = 0;
    for (const Move& m : moves) nodes += perft(pos.after(m), depth - 1, rules);
    return nodes;
}

// perft of each legal move at the root, in generation order; the counts sum to perft(pos, depth).
inline std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth, const Rules& rules) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    MoveList moves;
    generate_legal_moves(pos, rules, moves);
    for (const Move& m : moves) result.emplace_back(m, perft(pos.after(m), depth - 1, rules));
    return result;
}

namespace detail {
// Adds to counts[k] the paths of length k + 1 from pos, for k below `remaining`.
inline void perft_walk(const Position& pos, int remaining, const Rules& rules, std::uint64_t* counts) {
    if (remaining == 1) {
        counts[0] += count_legal_moves(pos, rules);
        return;
    }
    MoveList moves;
    generate_legal_moves(pos, rules, moves);
    counts[0] += moves.size();
    for (const Move& m : moves) perft_walk(pos.after(m), remaining - 1, rules, counts + 1);
}
}  // namespace detail

// perft(pos, d) for every d from 1 to depth (element d - 1), from one walk to depth: the paths of each
// length are counted as the walk passes their ends, so the shallower counts cost nothing more. With
// `divide`, each legal move at the root also gets its count at depth, in generation order.
inline std::vector<std::uint64_t> perft_each_depth(const Position& pos, int depth, const Rules& rules,
                                                   std::vector<std::pair<Move, std::uint64_t>>* divide = nullptr) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(std::max(depth, 0)));
    if (depth <= 0) return counts;
    if (!divide) {
        detail::perft_walk(pos, depth, rules, counts.data());
        return counts;
    }
    MoveList moves;
    generate_legal_moves(pos, rules, moves);
    counts[0] = moves.size();
    for (const Move& m : moves) {
        const std::uint64_t before = counts.back();
        if (depth > 1) detail::perft_walk(pos.after(m), depth - 1, rules, counts.data() + 1);
        divide->emplace_back(m, depth > 1 ? counts.back() - before : 1);
    }
    return counts;
}

// The fixed workloads of `fetaix bench`: the start, and middle games with mullahs on both sides.
struct BenchWorkload {
    std::string_view name;
    std::string_view fen;
    int depth;
};

inline constexpr BenchWorkload kBenchWorkloads[] = {
    {"start", "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5", 16},
    {"mullahs", "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", 9},
    {"middle-1", "W:Wa1,c1,d1,b2,e2,c3,Kd4:Bb3,e3,a4,c4,Kb1,e5", 11},
    {"middle-2", "B:Wb1,d1,a2,c2,Ke4:Ba3,c3,d3,b4,Ka1,Kc5", 12},
    {"middle-3", "W:Wa1,e1,b2,d2,Kc3:Ba4,c4,e4,b5,Kd5", 10},
};

}  // namespace fetaix
