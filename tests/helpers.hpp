#pragma once
// Shared helpers for the tests: moves as sets of notation strings, positions from FEN.

#include <set>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <fetaix/fetaix.hpp>

namespace fetaix::test {

inline Position fen(std::string_view text) {
    auto p = parse_fen(text);
    INFO("FEN: " << text);
    REQUIRE(p.ok());
    return *p;
}

// The legal moves of a position, in notation, compared regardless of order.
inline std::set<std::string> moves_of(std::string_view position, const Rules& rules = {}) {
    std::set<std::string> out;
    for (const Move& m : legal_moves(fen(position), rules)) out.insert(to_string(m));
    return out;
}

inline Rules with_promotion(Promotion p) {
    Rules r;
    r.promotion = p;
    return r;
}

}  // namespace fetaix::test
