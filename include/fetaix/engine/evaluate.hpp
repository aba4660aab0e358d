#pragma once
// Static evaluation: material, advancement of men, mobility and safe edge points, in hundredths of a
// man, from the side to move's point of view. docs/engine.md says how the weights were chosen.

#include <array>

#include "../lattice.hpp"
#include "../movegen.hpp"
#include "../position.hpp"

namespace fetaix::engine {

struct Weights {
    int man = 100;
    int mullah = 300;
    // A man's bonus by how far it has come: its own ranks 1 to 4 (rank 5 makes it a mullah).
    std::array<int, 4> advancement{0, 4, 10, 20};
    int mobility = 3;    // per point a piece could step to
    int safe_edge = 18;  // per man on the board's edge, where fewer lines can jump it
    int hanging = 30;    // per piece of the side to move that the opponent could take next
};

namespace detail {

inline constexpr Bitboard kEdge = rank_mask(0) | rank_mask(4) | 0x0108421u | (0x0108421u << 4);

// Points the men and mullahs of colour c could step to (each target counted once per direction).
inline int step_targets(const Position& pos, Color c) {
    const Bitboard empty = pos.empty();
    int n = 0;
    for (Direction d : man_step_directions(c)) n += popcount(shift(pos.men(c), d) & empty);
    return n + static_cast<int>(
                   fetaix::detail::mullah_steps_and_jumps<TableBits>(pos.mullahs_of(c), 0, pos.occupied()).first);
}

// Pieces of colour `victim` that the other side could jump right now (ignoring whose turn it is).
inline Bitboard exposed(const Position& pos, Color victim) {
    const Color attacker = opponent(victim);
    const Bitboard prey = pos.of(victim);
    const Bitboard empty = pos.empty();
    Bitboard hit = 0;
    for (Direction d : man_capture_directions(attacker, false))
        hit |= shift(pos.men(attacker), d) & prey & shift(empty, opposite(d));
    // The first piece a mullah meets along a line, if it is prey with an empty point beyond, is exposed.
    for (Point p : points(pos.mullahs_of(attacker)))
        for (const LineSight* sight : fetaix::detail::sights_from(p, pos.occupied())) hit |= sight->jumpables() & prey;
    return hit;
}

inline int side_score(const Position& pos, Color c, const Weights& w) {
    int score = w.man * popcount(pos.men(c)) + w.mullah * popcount(pos.mullahs_of(c));
    for (int rank = 0; rank < 4; ++rank) {
        const int own_rank = c == Color::White ? rank : 4 - rank;
        score += w.advancement[rank] * popcount(pos.men(c) & rank_mask(own_rank));
    }
    score += w.mobility * step_targets(pos, c);
    score += w.safe_edge * popcount(pos.men(c) & kEdge);
    return score;
}

}  // namespace detail

// The position's value for the side to move.
inline int evaluate(const Position& pos, const Weights& w = {}) {
    const Color us = pos.side_to_move;
    const Color them = opponent(us);
    int score = detail::side_score(pos, us, w) - detail::side_score(pos, them, w);
    // Searched positions are quiet (we have no capture), but our exposed pieces may be taken next.
    score -= w.hanging * popcount(detail::exposed(pos, us));
    return score;
}

}  // namespace fetaix::engine
