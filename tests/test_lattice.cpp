// Rules-spec section 1: the lines of the board, as the compile-time tables hold them.

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
