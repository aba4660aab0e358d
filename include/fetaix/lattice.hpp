#pragma once
// The lines of the board as compile-time tables, all derived from step() (docs/rules.md section 1).

#include <array>
#include <bit>
#include <cstdint>

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

// The points of the ray from p in d before the first member of `occupied` on it: where a flying piece steps.
constexpr Bitboard open_ray(Point p, Direction d, Bitboard occupied) {
    const Point stop = first_along_or_none(ray(p, d) & occupied, d);
    return ray(p, d) & ~(ray(stop, d) | bit(stop));
}

// The four axes of the lines through a point, each named by the direction along it in which point
// indices increase (North, NorthEast, East, NorthWest); the opposite direction runs the same line.
inline constexpr std::array<Direction, 4> kAxes{Direction::North, Direction::NorthEast, Direction::East,
                                                Direction::NorthWest};
constexpr int axis_of(Direction d) {
    constexpr std::array<int, kDirectionCount> table{0, 1, 2, 3, 0, 1, 2, 3};
    return table[static_cast<int>(d)];
}
static_assert(
    [] {
        for (Direction d : kDirections)
            if (kAxes[axis_of(d)] != d && kAxes[axis_of(d)] != opposite(d)) return false;
        return true;
    }(),
    "axis_of(d) is the axis d runs along");

// The points of the line through p along an axis, p included.
constexpr Bitboard line_through(Point p, int axis) {
    return bit(p) | ray(p, kAxes[axis]) | ray(p, opposite(kAxes[axis]));
}

namespace detail {

// Reads the points of one line out of a board as a number below 32: the line's lowest point shifted to
// bit 0, its points masked and multiplied next to each other. A line of stride s puts its point i on
// bit s*i; the multiplier's terms 2^((s+1)*(4-j)) take it to bit 4-i + 4s, and no two terms of the
// product meet (s*i - (s+1)*j is the same for two pairs only if i differs by a multiple of s+1), so
// nothing carries. Rows (stride 1) need only the mask. Checked for every line below.
struct LineReader {
    std::uint64_t magic = 0;
    Bitboard mask = 0;        // the line's points, shifted down by `lowest`
    std::uint8_t lowest = 0;  // the index of its lowest point
    std::uint8_t down = 0;
    constexpr unsigned read(Bitboard b) const {
        return static_cast<unsigned>((std::uint64_t{(b >> lowest) & mask} * magic) >> down) & 31u;
    }
};

// The reader of the line through p along an axis; a point with no line there reads 0 from any board.
constexpr LineReader line_reader(Point p, int axis) {
    const Direction up = kAxes[axis];
    if (!p.valid() || (!step(p, up).valid() && !step(p, opposite(up)).valid())) return {};
    Point first = p;
    while (step(first, opposite(up)).valid()) first = step(first, opposite(up));
    LineReader reader;
    reader.lowest = first.index;
    const int s = offset(up);
    int n = 0;
    for (Point q = first; q.valid(); q = step(q, up), ++n) reader.mask |= bit(q) >> first.index;
    if (s == 1) {
        reader.magic = 1;
        return reader;
    }
    for (int j = 0; j < n; ++j) reader.magic |= std::uint64_t{1} << ((s + 1) * (4 - j));
    reader.down = static_cast<std::uint8_t>(4 * s);
    return reader;
}

}  // namespace detail

// kLineReader[p][axis], with a last row for kNoPoint.
inline constexpr auto kLineReader = [] {
    std::array<std::array<detail::LineReader, 4>, kPointCount + 1> table{};
    for (int i = 0; i < kPointCount; ++i)
        for (int a = 0; a < 4; ++a) table[i][a] = detail::line_reader(Point{static_cast<std::uint8_t>(i)}, a);
    return table;
}();

// What a flying piece on p sees along one line through it, for one occupancy of that line (p itself
// counts as empty): the empty points it can step to, and in each direction along the line ([0] the
// increasing one, [1] the other) the first piece met if the point right beyond it is empty (a piece it
// jumps if it is an enemy), and the empty points beyond that piece up to the next one (where it may
// land). Looked up, these replace walking the rays of mullahs, which perft does at almost every node.
struct LineSight {
    Bitboard reach = 0;
    std::array<Bitboard, 2> landings{};
    std::array<Point, 2> jumpable{kNoPoint, kNoPoint};
    // Both pieces it could jump, as a set (kNoPoint's bit lies off the board and meets no piece).
    constexpr Bitboard jumpables() const { return bit(jumpable[0]) | bit(jumpable[1]); }
};

namespace detail {

constexpr LineSight line_sight_of(Point p, int axis, Bitboard occupied) {
    LineSight sight;
    for (int k = 0; k < 2; ++k) {
        const Direction d = k == 0 ? kAxes[axis] : opposite(kAxes[axis]);
        const Point stop = first_along_or_none(ray(p, d) & occupied, d);
        sight.reach |= open_ray(p, d, occupied);
        const Point beyond = neighbour(stop, d);
        if (beyond.valid() && !contains(occupied, beyond)) {
            sight.jumpable[k] = stop;
            sight.landings[k] = open_ray(stop, d, occupied);
        }
    }
    return sight;
}

}  // namespace detail

// kLineSight[p][axis][reading of the line]: built from every occupancy of every line, read by its
// reader, so the table and the look-up agree by construction. A last row for kNoPoint sees nothing.
inline constexpr auto kLineSight = [] {
    std::array<std::array<std::array<LineSight, 32>, 4>, kPointCount + 1> table{};
    for (int i = 0; i < kPointCount; ++i)
        for (int a = 0; a < 4; ++a) {
            const Point p{static_cast<std::uint8_t>(i)};
            const Bitboard line = line_through(p, a);
            for (Bitboard sub = line;; sub = (sub - 1) & line) {
                table[i][a][kLineReader[i][a].read(sub)] = detail::line_sight_of(p, a, sub);
                if (!sub) break;
            }
        }
    return table;
}();

// What a flying piece on p sees along an axis on a board whose occupied points are `occupied`.
constexpr const LineSight& line_sight(Point p, int axis, Bitboard occupied) {
    return kLineSight[p.index][axis][kLineReader[p.index][axis].read(occupied)];
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
static_assert(
    [] {
        // Every line's reader tells apart every occupancy of the line, and ignores every point off it.
        for (int i = 0; i < kPointCount; ++i)
            for (int a = 0; a < 4; ++a) {
                const Point p{static_cast<std::uint8_t>(i)};
                const Bitboard line = line_through(p, a);
                std::array<bool, 32> seen{};
                for (Bitboard sub = line;; sub = (sub - 1) & line) {
                    const unsigned r = kLineReader[i][a].read(sub);
                    if (kLineReader[i][a].read(sub | (kAllPoints & ~line)) != r) return false;
                    if (line != bit(p) && seen[r]) return false;
                    seen[r] = true;
                    if (!sub) break;
                }
            }
        return true;
    }(),
    "each line reader reads its line's occupancy one to one and nothing else");
static_assert(neighbour(kNoPoint, Direction::North) == kNoPoint && ray(kNoPoint, Direction::South) == 0);

}  // namespace fetaix
