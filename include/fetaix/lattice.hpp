#pragma once
// The lines of the board as compile-time tables, all derived from step() (docs/rules.md section 1).

#include <array>
#include <bit>

#include "bitboard.hpp"
#include "point.hpp"

namespace fetaix {

// One step along a line from p in d, or kNoPoint where the line does not go on.
constexpr Point step(Point p, Direction d) {
    if (!p.valid()) return kNoPoint;
    if (is_diagonal(d) && !has_diagonals(p)) return kNoPoint;
    return make_point(p.file() + dx(d), p.rank() + dy(d));
}

namespace detail {
// One row per point, and a last row for kNoPoint (no neighbours, empty rays), so that look-ups from
// "no point" need no branch.
template <class T>
using PointDirectionTable = std::array<std::array<T, kDirectionCount>, kPointCount + 1>;
}  // namespace detail

// kNeighbour[p][d]: step(p, d) for every point and direction.
inline constexpr auto kNeighbour = [] {
    detail::PointDirectionTable<Point> table{};
    for (int i = 0; i <= kPointCount; ++i)
        for (Direction d : kDirections) table[i][static_cast<int>(d)] = step(Point{static_cast<std::uint8_t>(i)}, d);
    return table;
}();

// kRay[p][d]: every point reached from p by repeated steps in d (p itself excluded).
inline constexpr auto kRay = [] {
    detail::PointDirectionTable<Bitboard> table{};
    for (int i = 0; i <= kPointCount; ++i)
        for (Direction d : kDirections) {
            Bitboard ray = 0;
            for (Point p = step(Point{static_cast<std::uint8_t>(i)}, d); p.valid(); p = step(p, d)) ray |= bit(p);
            table[i][static_cast<int>(d)] = ray;
        }
    return table;
}();

// kLineFrom[d]: the points from which a line leaves in direction d.
inline constexpr auto kLineFrom = [] {
    std::array<Bitboard, kDirectionCount> table{};
    for (int i = 0; i < kPointCount; ++i)
        for (Direction d : kDirections)
            if (step(Point{static_cast<std::uint8_t>(i)}, d).valid()) table[static_cast<int>(d)] |= Bitboard{1} << i;
    return table;
}();

constexpr Point neighbour(Point p, Direction d) { return kNeighbour[p.index][static_cast<int>(d)]; }
constexpr Bitboard ray(Point p, Direction d) { return kRay[p.index][static_cast<int>(d)]; }

// Index offset of one step in d: positive for North, NorthEast, East and NorthWest.
inline constexpr std::array<int, kDirectionCount> kOffset{5, 6, 1, -4, -5, -6, -1, 4};
constexpr int offset(Direction d) { return kOffset[static_cast<int>(d)]; }
constexpr bool is_increasing(Direction d) { return offset(d) > 0; }

// Every member of b moved one step in d along an existing line; members with no line in d vanish.
// Both shifts are applied (one of them by 0) so that a direction known only at run time costs no branch.
constexpr Bitboard shift(Bitboard b, Direction d) {
    const int k = offset(d);
    const Bitboard from = b & kLineFrom[static_cast<int>(d)];
    return (from << (k > 0 ? k : 0)) >> (k < 0 ? -k : 0);
}

// The first member of b met when walking from a point in direction d (b must not be empty and lie on that ray).
constexpr Point first_along(Bitboard b, Direction d) { return is_increasing(d) ? lowest(b) : highest(b); }

// As first_along, but kNoPoint when b is empty; compiles without a branch.
constexpr Point first_along_or_none(Bitboard b, Direction d) {
    if (is_increasing(d)) return lowest(b | bit(kNoPoint));
    int i = 31 - std::countl_zero(b);  // -1 when b is empty
    i += (i >> 31) & (kNoPoint.index + 1);
    return Point{static_cast<std::uint8_t>(i)};
}

// The points strictly between a and b when one line joins them (what a jump from a to b passes over);
// empty when they are neighbours or no line joins them.
constexpr Bitboard between(Point a, Point b) {
    for (Direction d : kDirections)
        if (contains(ray(a, d), b)) return ray(a, d) & ~ray(b, d) & ~bit(b);
    return 0;
}

constexpr int line_count(Point p) {
    int n = 0;
    for (Direction d : kDirections) n += neighbour(p, d).valid() ? 1 : 0;
    return n;
}

static_assert(
    [] {
        for (Direction d : kDirections)
            if (offset(d) != dx(d) + 5 * dy(d)) return false;
        return true;
    }(),
    "kOffset agrees with dx and dy");
static_assert(line_count(make_point(2, 2)) == 8, "c3 has 8 lines");
static_assert(line_count(make_point(1, 0)) == 3, "b1 has 3 lines");
static_assert(line_count(make_point(0, 0)) == 3, "a1 has 3 lines: up, right, and the long diagonal");
static_assert(line_count(make_point(1, 1)) == 8, "b2 has 8 lines");
static_assert(line_count(make_point(2, 1)) == 4, "c2 has no diagonals");
static_assert(ray(make_point(0, 0), Direction::NorthEast) ==
                  (bit(make_point(1, 1)) | bit(make_point(2, 2)) | bit(make_point(3, 3)) | bit(make_point(4, 4))),
              "the long diagonal runs a1-e5");
static_assert(ray(make_point(1, 0), Direction::NorthEast) == 0, "b1 has no diagonal");
static_assert(shift(bit(make_point(4, 2)), Direction::East) == 0, "no wrap from e3 to a4");
static_assert(between(make_point(2, 0), make_point(2, 2)) == bit(make_point(2, 1)), "c1 to c3 passes over c2");
static_assert(between(make_point(4, 4), make_point(0, 0)) ==
                  (bit(make_point(1, 1)) | bit(make_point(2, 2)) | bit(make_point(3, 3))),
              "e5 to a1 passes over b2, c3 and d4");
static_assert(between(make_point(1, 0), make_point(3, 2)) == 0, "no line joins b1 and d3");
static_assert(between(make_point(2, 2), make_point(2, 3)) == 0, "neighbours have nothing between them");
static_assert(neighbour(kNoPoint, Direction::North) == kNoPoint && ray(kNoPoint, Direction::South) == 0);

}  // namespace fetaix
