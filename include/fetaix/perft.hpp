#pragma once
// Perft (docs/rules.md section 8): the number of move paths of a given length, for testing and speed.

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

// How the walk of perft_each_depth counts the members of a set: the 8 KiB table, which every CPU runs, or
// the CPU's popcnt instruction, in a copy of the bulk count compiled for it.
enum class BitCount : std::uint8_t { Table, Hardware };

// Whether this CPU has the popcnt instruction (false off x86, where the table is kept).
inline bool cpu_has_popcount() {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

// Hardware where the CPU has popcnt, else Table: what perft_each_depth uses unless told.
inline BitCount fastest_bit_count() { return cpu_has_popcount() ? BitCount::Hardware : BitCount::Table; }

namespace detail {

// Calls f(child) with the position each legal move of pos (Us to move) leads to, in the order
// generate_legal_moves lists the moves, without listing them (under majority, through the list).
template <Color Us, bool Backward, class F>
void for_each_child(const Position& pos, const Rules& rules, F&& f) {
    const Bitboard enemy = pos.them();
    const Bitboard empty = pos.empty();
    const Bitboard jumping_men = capturing_men<Us, Backward>(pos.men(Us), enemy, empty);
    const Bitboard mullahs = pos.mullahs_of(Us);
    if (jumping_men || mullahs_can_capture(mullahs, enemy, empty)) {
        if (rules.majority) {
            MoveList moves;
            generate_legal_moves(pos, rules, moves);
            for (const Move& m : moves) f(pos.after(m));
            return;
        }
        struct Sink {
            const Position& pos;
            F& f;
            void operator()(const Move& m) { f(pos.after(m)); }
        } sink{pos, f};
        CaptureWalker<Sink, Us, Backward>(rules.promotion, sink).walk(pos, jumping_men, mullahs);
        return;
    }
    // Steps, as generate_steps lists them, made on the board directly.
    constexpr int u = index_of(Us);
    Position child = pos;
    child.side_to_move = opponent(Us);
    const Bitboard men = pos.men(Us);
    for (Direction d : ManDirections<Us, Backward>::step)
        for (Point to : points(shift(men, d) & empty)) {
            Position next = child;
            next.pieces[u] ^= bit(to) | (Bitboard{1} << (to.index - offset(d)));
            next.mullahs |= bit(to) & last_rank(Us);  // a man that steps onto its last rank is promoted
            f(next);
        }
    for (Point p : points(mullahs)) {
        const auto reach = mullah_steps_by_direction(p, kAllPoints & ~empty);
        for (Direction d : kDirections)
            for (Point to : points(reach[static_cast<int>(d)])) {
                Position next = child;
                next.pieces[u] ^= bit(p) | bit(to);
                next.mullahs ^= bit(p) | bit(to);
                f(next);
            }
    }
}

// The bulk count at the last ply, with the table, or with the popcnt instruction in a copy compiled for
// it: flatten inlines the whole count (fly, shifts, popcounts) into that copy, so that every popcount
// of the count is the instruction; the capture walk it calls counts no bits. Run only where
// cpu_has_popcount().
template <Color Us, bool Backward>
std::uint64_t leaf_count(const Position& pos, const Rules& rules, TableBits) {
    return count_moves<Us, Backward, TableBits>(pos, rules);
}
#if defined(__x86_64__) || defined(__i386__)
template <Color Us, bool Backward>
[[gnu::target("popcnt"), gnu::flatten]] std::uint64_t leaf_count(const Position& pos, const Rules& rules,
                                                                 HardwareBits) {
    return count_moves<Us, Backward, HardwareBits>(pos, rules);
}
#else
template <Color Us, bool Backward>
std::uint64_t leaf_count(const Position& pos, const Rules& rules, HardwareBits) {
    return count_moves<Us, Backward, TableBits>(pos, rules);
}
#endif

// Adds to counts[k] the paths of length k + 1 from pos (Us to move), for k below `remaining`. The side
// and the switch are fixed at compile time down the walk, and no move is listed on the way.
template <Color Us, bool Backward, class Bits>
void perft_walk(const Position& pos, int remaining, const Rules& rules, std::uint64_t* counts) {
    if (remaining == 1) {
        counts[0] += leaf_count<Us, Backward>(pos, rules, Bits{});
        return;
    }
    if (remaining == 2) {
        std::uint64_t children = 0;
        std::uint64_t leaves = 0;
        for_each_child<Us, Backward>(pos, rules, [&](const Position& child) {
            ++children;
            leaves += leaf_count<opponent(Us), Backward>(child, rules, Bits{});
        });
        counts[0] += children;
        counts[1] += leaves;
        return;
    }
    for_each_child<Us, Backward>(pos, rules, [&](const Position& child) {
        ++counts[0];
        perft_walk<opponent(Us), Backward, Bits>(child, remaining - 1, rules, counts + 1);
    });
}

// The same for any side to move; the popcnt copy only where the CPU has the instruction.
inline void perft_walk(const Position& pos, int remaining, const Rules& rules, std::uint64_t* counts, BitCount bits) {
    const bool hardware = bits == BitCount::Hardware && cpu_has_popcount();
    dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        if (hardware) perft_walk<Us, Backward, HardwareBits>(pos, remaining, rules, counts);
        else perft_walk<Us, Backward, TableBits>(pos, remaining, rules, counts);
    });
}

}  // namespace detail

// perft(pos, d) for every d from 1 to depth (element d - 1), from one walk to depth: the paths of each
// length are counted as the walk passes their ends, so the shallower counts cost nothing more. With
// `divide`, each legal move at the root also gets its count at depth, in generation order. `bits`
// chooses how the bulk count counts bits (the counts are the same either way).
inline std::vector<std::uint64_t> perft_each_depth(const Position& pos, int depth, const Rules& rules,
                                                   std::vector<std::pair<Move, std::uint64_t>>* divide = nullptr,
                                                   BitCount bits = fastest_bit_count()) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(std::max(depth, 0)));
    if (depth <= 0) return counts;
    if (!divide) {
        detail::perft_walk(pos, depth, rules, counts.data(), bits);
        return counts;
    }
    MoveList moves;
    generate_legal_moves(pos, rules, moves);
    counts[0] = moves.size();
    for (const Move& m : moves) {
        const std::uint64_t before = counts.back();
        if (depth > 1) detail::perft_walk(pos.after(m), depth - 1, rules, counts.data() + 1, bits);
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
