#pragma once
// Perft counts checked twice: test_reference.cpp derives them with the independent array-based reference
// generator, and test_perft.cpp asserts the core's bitboard generator reaches the same numbers.

#include <cstdint>
#include <string_view>

namespace fetaix::test {

// Paths of length 1, 2, ... from the standard start position.
inline constexpr std::uint64_t kStartPerft[] = {4, 5, 6, 12, 21, 80, 253, 924, 3491, 14319, 60895, 291684};

// A middle game with mullahs on both sides.
inline constexpr std::string_view kMullahPerftFen = "W:Wb1,c1,d1,Ka2:BKe1,b3,c4";
inline constexpr std::uint64_t kMullahPerft[] = {14, 117, 717, 5783, 39875, 313890};

}  // namespace fetaix::test
