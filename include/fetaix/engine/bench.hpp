#pragma once
// Fixed positions for the search benchmark (`fetaix bench --search`): the start and three middle
// games, the ones docs/performance.md reports depth and speed for.

#include <string_view>

namespace fetaix::engine {

struct SearchBenchPosition {
    std::string_view name;
    std::string_view fen;
};

inline constexpr SearchBenchPosition kSearchBenchPositions[] = {
    {"start", "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"},
    {"middle-1", "W:Wa1,c1,d1,b2,e2,c3,Kd4:Bb3,e3,a4,c4,Kb1,e5"},
    {"middle-2", "W:We1,b2,c2,a3,b3:Ba4,a5,b5,c5,e5"},
    {"middle-3", "W:Wb1,c1,d1,Ka2:BKe1,b3,c4"},
};

}  // namespace fetaix::engine
