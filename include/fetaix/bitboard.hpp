#pragma once
// Sets of points as 25-bit masks: bit i is the point with index i.

#include <array>
#include <bit>
#include <cstdint>

#include "point.hpp"

namespace fetaix {

using Bitboard = std::uint32_t;

inline constexpr Bitboard kAllPoints = (Bitboard{1} << 25) - 1;

constexpr Bitboard bit(Point p) { return Bitboard{1} << p.index; }
constexpr bool contains(Bitboard b, Point p) { return (b >> p.index) & 1u; }
namespace detail {
// Bit counts of every 13-bit number: two look-ups count a 25-bit set. Without -mpopcnt (which the
// build does not assume) std::popcount is a library call on x86-64, slower than this.
inline constexpr auto kBitCount13 = [] {
    std::array<std::uint8_t, 1u << 13> table{};
    for (unsigned i = 1; i < table.size(); ++i) table[i] = static_cast<std::uint8_t>(table[i >> 1] + (i & 1u));
    return table;
}();
}  // namespace detail

constexpr int popcount(Bitboard b) {
    return detail::kBitCount13[b & 0x1fffu] + detail::kBitCount13[(b >> 13) & 0x1fffu];
}

// How perft's bulk count counts bits (it is templated on this): the table, which every CPU runs, or
// __builtin_popcount, which is the popcnt instruction where it is inlined into code compiled for it
// (perft.hpp's leaf_count) and a library call elsewhere; perft runs that code only on a CPU with popcnt.
struct TableBits {
    static constexpr int popcount(Bitboard b) { return fetaix::popcount(b); }
};
struct HardwareBits {
    [[gnu::always_inline]] static int popcount(Bitboard b) { return __builtin_popcount(b); }
};

// The lowest and highest members; b must not be empty.
constexpr Point lowest(Bitboard b) { return Point{static_cast<std::uint8_t>(std::countr_zero(b))}; }
constexpr Point highest(Bitboard b) { return Point{static_cast<std::uint8_t>(31 - std::countl_zero(b))}; }

// Lets `for (Point p : points(b))` walk the members from a1 upwards.
class PointRange {
public:
    class Iterator {
    public:
        constexpr explicit Iterator(Bitboard b) : rest_(b) {}
        constexpr Point operator*() const { return lowest(rest_); }
        constexpr Iterator& operator++() {
            rest_ &= rest_ - 1;
            return *this;
        }
        constexpr bool operator!=(const Iterator& other) const { return rest_ != other.rest_; }

    private:
        Bitboard rest_;
    };
    constexpr explicit PointRange(Bitboard b) : bits_(b) {}
    constexpr Iterator begin() const { return Iterator{bits_}; }
    constexpr Iterator end() const { return Iterator{0}; }

private:
    Bitboard bits_;
};

constexpr PointRange points(Bitboard b) { return PointRange{b}; }

// Rank y (0..4) as a mask.
constexpr Bitboard rank_mask(int y) { return Bitboard{0x1f} << (5 * y); }

}  // namespace fetaix
