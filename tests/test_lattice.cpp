// Rules-spec section 1: the lines of the board, as the compile-time tables hold them.

#include <random>
#include <vector>

#include "helpers.hpp"

using namespace fetaix;

namespace {
Point at(const char* name) { return *parse_point(name); }
}  // namespace

TEST_CASE("1 board: points are named a1..e5 and numbered file + 5 * rank", "[lattice]") {
    CHECK(at("a1").index == 0);
    CHECK(at("e1").index == 4);
    CHECK(at("a2").index == 5);
    CHECK(at("e5").index == 24);
    CHECK(to_string(at("c3")) == "c3");
    CHECK_FALSE(parse_point("f1"));
    CHECK_FALSE(parse_point("a6"));
    CHECK_FALSE(parse_point("a"));
    CHECK_FALSE(parse_point("A1"));
}

TEST_CASE("1 board: even points have diagonals, odd points only orthogonal lines", "[lattice]") {
    int lines_total = 0;
    for (int i = 0; i < kPointCount; ++i) {
        const Point p{static_cast<std::uint8_t>(i)};
        const bool even = (p.file() + p.rank()) % 2 == 0;
        for (Direction d : kDirections) {
            const Point q = neighbour(p, d);
            const int x = p.file() + dx(d), y = p.rank() + dy(d);
            const bool on_board = x >= 0 && x < 5 && y >= 0 && y < 5;
            const bool expected = on_board && (!is_diagonal(d) || even);
            CHECK(q.valid() == expected);
            if (expected) CHECK(q == make_point(x, y));
            lines_total += expected ? 1 : 0;
        }
    }
    // 40 orthogonal + 16 diagonal segments, each counted from both ends.
    CHECK(lines_total == 2 * (40 + 16));
}

TEST_CASE("1 board: diagonal lines run straight from edge to edge", "[lattice]") {
    CHECK(ray(at("a1"), Direction::NorthEast) == (bit(at("b2")) | bit(at("c3")) | bit(at("d4")) | bit(at("e5"))));
    CHECK(ray(at("a3"), Direction::NorthEast) == (bit(at("b4")) | bit(at("c5"))));
    CHECK(ray(at("e3"), Direction::SouthWest) == (bit(at("d2")) | bit(at("c1"))));
    CHECK(ray(at("c2"), Direction::NorthEast) == 0);
    CHECK(ray(at("c3"), Direction::South) == (bit(at("c2")) | bit(at("c1"))));
}

TEST_CASE("1 board: shifting a set moves each member one step along its line", "[lattice]") {
    CHECK(shift(bit(at("c3")), Direction::North) == bit(at("c4")));
    CHECK(shift(bit(at("e2")), Direction::East) == 0);
    CHECK(shift(bit(at("a2")), Direction::West) == 0);
    CHECK(shift(bit(at("b1")), Direction::NorthEast) == 0);  // b1 has no diagonal
    CHECK(shift(bit(at("b2")) | bit(at("c2")), Direction::NorthWest) == bit(at("a3")));
    CHECK(shift(bit(at("e5")), Direction::North) == 0);
}

namespace {

// The tests' own walk of a line, in coordinates (spec 1: orthogonal lines everywhere, diagonals only
// from points with x + y even): the points from (x, y) one step at a time in (dx, dy).
std::vector<Point> walk_line(Point from, int dx, int dy) {
    std::vector<Point> line;
    int x = from.file();
    int y = from.rank();
    if (dx != 0 && dy != 0 && (x + y) % 2 != 0) return line;
    while (x + dx >= 0 && x + dx < 5 && y + dy >= 0 && y + dy < 5) {
        x += dx;
        y += dy;
        line.push_back(make_point(x, y));
    }
    return line;
}

// What a flying piece on p sees along (dx, dy), walked point by point: the empty points before the
// first piece, that piece if the next point is empty, and the empty points after it up to the next.
struct Walked {
    Bitboard reach = 0;
    Point jumpable = kNoPoint;
    Bitboard landings = 0;
};
Walked walk_sight(Point p, int dx, int dy, Bitboard occupied) {
    Walked w;
    const std::vector<Point> line = walk_line(p, dx, dy);
    std::size_t i = 0;
    while (i < line.size() && !contains(occupied, line[i])) w.reach |= bit(line[i++]);
    if (i + 1 < line.size() && !contains(occupied, line[i + 1])) {
        w.jumpable = line[i];
        for (std::size_t j = i + 1; j < line.size() && !contains(occupied, line[j]); ++j) w.landings |= bit(line[j]);
    }
    return w;
}

}  // namespace

TEST_CASE("1 lines: a flying piece's look-up agrees with a walk along the line, for every occupancy of every line",
          "[lattice][mullah]") {
    // The four axes, each by its increasing direction: North, NorthEast, East, NorthWest.
    const int axis_dx[4] = {0, 1, 1, -1};
    const int axis_dy[4] = {1, 1, 0, 1};
    std::mt19937 rng(20261206);
    int checked = 0;
    for (int i = 0; i < kPointCount; ++i) {
        const Point p{static_cast<std::uint8_t>(i)};
        for (int a = 0; a < 4; ++a) {
            Bitboard line = 0;
            for (int k = -1; k <= 1; k += 2)
                for (Point q : walk_line(p, k * axis_dx[a], k * axis_dy[a])) line |= bit(q);
            // Every occupancy of the line, with p itself empty or not and random pieces off the line.
            for (Bitboard sub = line;; sub = (sub - 1) & line) {
                for (int extra = 0; extra < 4; ++extra) {
                    const Bitboard off_line = static_cast<Bitboard>(rng()) & kAllPoints & ~line & ~bit(p);
                    const Bitboard occupied = sub | off_line | (extra % 2 ? bit(p) : 0);
                    const LineSight& sight = line_sight(p, a, occupied);
                    const Walked up = walk_sight(p, axis_dx[a], axis_dy[a], occupied);
                    const Walked down = walk_sight(p, -axis_dx[a], -axis_dy[a], occupied);
                    CHECK(sight.reach == (up.reach | down.reach));
                    CHECK(sight.jumpable[0] == up.jumpable);
                    CHECK(sight.landings[0] == up.landings);
                    CHECK(sight.jumpable[1] == down.jumpable);
                    CHECK(sight.landings[1] == down.landings);
                    ++checked;
                }
                if (!sub) break;
            }
        }
    }
    // By hand: a row or column holds 16 occupancies around each of its 5 points (25 x 16 = 400 each);
    // a diagonal axis 5 x 16 on the long diagonal, 4 around each point of two 3-point lines (24), and
    // one (empty) for each of its 2 corners and the 12 points without diagonals: 118.
    CHECK(checked == 4 * (400 + 400 + 118 + 118));
}

TEST_CASE("1 lines: a mullah on c3 among pieces, by hand", "[lattice][mullah]") {
    // c3, with pieces on c4 (c5 beyond it empty), c1, a1, e5 and e3.
    const Bitboard occupied = bit(at("c4")) | bit(at("c1")) | bit(at("a1")) | bit(at("e5")) | bit(at("e3"));
    const LineSight& column = line_sight(at("c3"), 0, occupied);  // North-South
    CHECK(column.reach == bit(at("c2")));
    CHECK(column.jumpable[0] == at("c4"));  // c5 beyond it is empty
    CHECK(column.landings[0] == bit(at("c5")));
    CHECK(column.jumpable[1] == kNoPoint);                          // c1 is on the edge: nothing beyond
    const LineSight& diagonal = line_sight(at("c3"), 1, occupied);  // a1-e5
    CHECK(diagonal.reach == (bit(at("b2")) | bit(at("d4"))));
    CHECK(diagonal.jumpable[0] == kNoPoint);
    CHECK(diagonal.jumpable[1] == kNoPoint);
    const LineSight& row = line_sight(at("c3"), 2, occupied);  // a3-e3
    CHECK(row.reach == (bit(at("d3")) | bit(at("b3")) | bit(at("a3"))));
    CHECK(row.jumpable[0] == kNoPoint);
    const LineSight& other = line_sight(at("c3"), 3, occupied);  // e1-a5
    CHECK(other.reach == (bit(at("b4")) | bit(at("a5")) | bit(at("d2")) | bit(at("e1"))));
    CHECK(line_sight(at("c2"), 1, occupied).reach == 0);  // c2 has no diagonals
}

TEST_CASE("4 landing rule: the points a mullah could jump from, found all at once, agree with a walk from each",
          "[lattice][mullah][landing]") {
    std::mt19937 rng(6122026);
    for (int n = 0; n < 20000; ++n) {
        const Bitboard occupied = static_cast<Bitboard>(rng()) & static_cast<Bitboard>(rng()) & kAllPoints;
        const Bitboard enemy = occupied & static_cast<Bitboard>(rng());
        const Bitboard empty = kAllPoints & ~occupied;
        Bitboard walked = 0;
        for (Point q : points(empty))
            for (Direction d : kDirections) {
                const Point first = walk_sight(q, dx(d), dy(d), occupied).jumpable;
                if (first.valid() && contains(enemy, first)) walked |= bit(q);
            }
        INFO("occupied " << occupied << " enemy " << enemy);
        REQUIRE((detail::jump_points(enemy, empty) & empty) == walked);
    }
}
