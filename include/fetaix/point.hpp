#pragma once
// Points and directions of the 5x5 Alquerque lattice (docs/rules.md section 1).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fetaix {

// A point a1..e5, numbered file + 5 * rank (a1 = 0, e1 = 4, a2 = 5, e5 = 24); 25 means none.
struct Point {
    std::uint8_t index = 25;

    constexpr int file() const { return index % 5; }
    constexpr int rank() const { return index / 5; }
    constexpr bool valid() const { return index < 25; }
    friend constexpr bool operator==(Point, Point) = default;
};

inline constexpr int kPointCount = 25;
inline constexpr Point kNoPoint{25};

// The point at file x and rank y (both 0..4), or kNoPoint off the board.
constexpr Point make_point(int x, int y) {
    if (x < 0 || x > 4 || y < 0 || y > 4) return kNoPoint;
    return Point{static_cast<std::uint8_t>(x + 5 * y)};
}

// Points with x + y even carry the diagonal lines.
constexpr bool has_diagonals(Point p) { return (p.file() + p.rank()) % 2 == 0; }

// The eight unit steps, clockwise from North (+rank, White's forward).
enum class Direction : std::uint8_t { North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest };

inline constexpr int kDirectionCount = 8;
inline constexpr std::array<Direction, 8> kDirections{Direction::North,     Direction::NorthEast, Direction::East,
                                                      Direction::SouthEast, Direction::South,     Direction::SouthWest,
                                                      Direction::West,      Direction::NorthWest};

constexpr int dx(Direction d) {
    constexpr std::array<int, 8> table{0, 1, 1, 1, 0, -1, -1, -1};
    return table[static_cast<int>(d)];
}
constexpr int dy(Direction d) {
    constexpr std::array<int, 8> table{1, 1, 0, -1, -1, -1, 0, 1};
    return table[static_cast<int>(d)];
}
constexpr bool is_diagonal(Direction d) { return dx(d) != 0 && dy(d) != 0; }
constexpr Direction opposite(Direction d) { return static_cast<Direction>((static_cast<int>(d) + 4) % 8); }

// "c3" for c3; "-" for kNoPoint.
inline std::string to_string(Point p) {
    if (!p.valid()) return "-";
    return std::string{static_cast<char>('a' + p.file()), static_cast<char>('1' + p.rank())};
}

// Reads exactly two characters "a1".."e5" (lower-case file).
constexpr std::optional<Point> parse_point(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    if (text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '5') return std::nullopt;
    return make_point(text[0] - 'a', text[1] - '1');
}

}  // namespace fetaix
