#pragma once
// The endgame tables of the rules core as the reference check sees them (proof_check.hpp): a guide read
// through each position's FEN, whose values the check walks down to the ends of the game instead of
// trusting them. Shared by the program reference_check and the tests of the check.

#include <optional>

#include <fetaix/fen.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "proof_check.hpp"

namespace reference {

// A guide over `tables`, which must outlive it.
inline TableGuide guide_of(const fetaix::tablebase::Set& tables) {
    return [&tables](const Board& b) -> std::optional<Guide> {
        const auto p = fetaix::parse_fen(board_fen(b));
        if (!p) return std::nullopt;
        const auto v = tables.probe(*p);
        if (!v) return std::nullopt;
        using V = fetaix::tablebase::Verdict;
        return Guide{v->verdict == V::Win    ? Guide::Verdict::Win
                     : v->verdict == V::Loss ? Guide::Verdict::Loss
                                             : Guide::Verdict::Draw,
                     v->distance};
    };
}

}  // namespace reference
