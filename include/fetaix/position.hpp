#pragma once
// A position: where each side's men and mullahs stand, and whose turn it is (docs/rules.md section 2).

#include <array>
#include <cstdint>
#include <string_view>

#include "bitboard.hpp"
#include "lattice.hpp"
#include "move.hpp"
#include "point.hpp"

namespace fetaix {

enum class Color : std::uint8_t { White, Black };

constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr std::string_view to_string(Color c) { return c == Color::White ? "White" : "Black"; }
constexpr int index_of(Color c) { return static_cast<int>(c); }

// The rank a man of colour c is promoted on: rank 5 for White, rank 1 for Black.
constexpr Bitboard last_rank(Color c) { return c == Color::White ? rank_mask(4) : rank_mask(0); }

enum class PieceKind : std::uint8_t { Man, Mullah };

struct Piece {
    Color color;
    PieceKind kind;
    friend constexpr bool operator==(Piece, Piece) = default;
};

// Copy-made: after() returns the next position and leaves this one as it was.
struct Position {
    std::array<Bitboard, 2> pieces{};  // by colour, men and mullahs together
    Bitboard mullahs = 0;              // both colours
    Color side_to_move = Color::White;

    constexpr Bitboard occupied() const { return pieces[0] | pieces[1]; }
    constexpr Bitboard empty() const { return kAllPoints & ~occupied(); }
    constexpr Bitboard of(Color c) const { return pieces[index_of(c)]; }
    constexpr Bitboard men(Color c) const { return pieces[index_of(c)] & ~mullahs; }
    constexpr Bitboard mullahs_of(Color c) const { return pieces[index_of(c)] & mullahs; }
    constexpr Bitboard us() const { return of(side_to_move); }
    constexpr Bitboard them() const { return of(opponent(side_to_move)); }

    // The piece on p, if any.
    constexpr bool piece_at(Point p, Piece& out) const {
        for (Color c : {Color::White, Color::Black})
            if (contains(of(c), p)) {
                out = Piece{c, contains(mullahs, p) ? PieceKind::Mullah : PieceKind::Man};
                return true;
            }
        return false;
    }

    // The position once m, a legal move of this position, is played.
    constexpr Position after(const Move& m) const {
        const Bitboard from = bit(m.from);
        const Bitboard to = bit(m.to());
        const bool mullah = contains(mullahs, m.from) || m.promotes;
        Position next = *this;
        const int u = index_of(side_to_move);
        next.pieces[u] = (pieces[u] & ~from) | to;
        next.pieces[1 - u] = pieces[1 - u] & ~m.captured;
        next.mullahs = mullahs & ~from & ~m.captured;
        if (mullah) next.mullahs |= to;
        next.side_to_move = opponent(side_to_move);
        return next;
    }

    friend constexpr bool operator==(const Position&, const Position&) = default;
};

// What resets the no-progress count (rules 6): a capture or a man's move, sideways included.
constexpr bool is_progress(const Position& before, const Move& m) {
    return m.is_capture() || !contains(before.mullahs, m.from);
}

// A capture or a man's step off its rank: no position before it can stand again. A man's sideways step
// can be undone by the step back, so positions before it can recur.
constexpr bool is_irreversible(const Position& before, const Move& m) {
    return m.is_capture() || (!contains(before.mullahs, m.from) && m.to().rank() != m.from.rank());
}

// White men on ranks 1 and 2 plus d3 and e3; Black men on ranks 4 and 5 plus a3 and b3; c3 empty.
constexpr Position start_position() {
    Position p;
    p.pieces[0] = rank_mask(0) | rank_mask(1) | bit(make_point(3, 2)) | bit(make_point(4, 2));
    p.pieces[1] = rank_mask(3) | rank_mask(4) | bit(make_point(0, 2)) | bit(make_point(1, 2));
    return p;
}

static_assert(popcount(start_position().of(Color::White)) == 12);
static_assert(popcount(start_position().of(Color::Black)) == 12);
static_assert(start_position().empty() == bit(make_point(2, 2)), "only c3 is empty at the start");

namespace detail {
// SplitMix64: a fixed, well-mixed sequence for the Zobrist keys.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
}  // namespace detail

// Zobrist keys: [colour * 2 + kind][point], plus one for Black to move.
struct ZobristKeys {
    std::array<std::array<std::uint64_t, kPointCount>, 4> piece{};
    std::uint64_t black_to_move = 0;
};

inline constexpr ZobristKeys kZobrist = [] {
    ZobristKeys keys;
    std::uint64_t state = 0x46657461697821ull;  // "Fetaix!"
    for (auto& row : keys.piece)
        for (auto& key : row) key = detail::splitmix64(state);
    keys.black_to_move = detail::splitmix64(state);
    return keys;
}();

// The Zobrist hash of p: equal positions hash equally; different ones collide with odds near 2^-64.
constexpr std::uint64_t hash(const Position& p) {
    std::uint64_t h = p.side_to_move == Color::Black ? kZobrist.black_to_move : 0;
    for (Color c : {Color::White, Color::Black}) {
        const int base = 2 * index_of(c);
        for (Point q : points(p.men(c))) h ^= kZobrist.piece[base][q.index];
        for (Point q : points(p.mullahs_of(c))) h ^= kZobrist.piece[base + 1][q.index];
    }
    return h;
}

// hash(to), from hash(from) = from_hash: only the pieces that differ are looked at, a few after a move.
constexpr std::uint64_t rehash(std::uint64_t from_hash, const Position& from, const Position& to) {
    std::uint64_t h = from_hash ^ (from.side_to_move != to.side_to_move ? kZobrist.black_to_move : 0);
    for (Color c : {Color::White, Color::Black}) {
        const int base = 2 * index_of(c);
        for (Point q : points(from.men(c) ^ to.men(c))) h ^= kZobrist.piece[base][q.index];
        for (Point q : points(from.mullahs_of(c) ^ to.mullahs_of(c))) h ^= kZobrist.piece[base + 1][q.index];
    }
    return h;
}

}  // namespace fetaix
