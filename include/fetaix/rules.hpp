#pragma once
// The switches of docs/rules.md: every setting two games may differ in, saved with each record.
// Their flags, tags, words and help are in switches.hpp.

#include <cstdint>

namespace fetaix {

// Section 5: what happens to a man that reaches its last rank in the middle of a capture sequence.
enum class Promotion : std::uint8_t {
    End,        // stays a man until the move ends (default)
    Immediate,  // becomes a mullah on landing and captures on as one
    Stop,       // becomes a mullah on landing and the move ends
};

struct Rules {
    // Section 4, man capture: may men also capture backward (straight or diagonal)?
    bool backward_captures = false;
    // Section 5: promotion in the middle of a capture sequence.
    Promotion promotion = Promotion::End;
    // Section 4, majority: must the sequence capturing the most pieces be chosen?
    bool majority = false;
    // Section 6: plies without a capture or a man's move that draw the game; 0 turns the rule off.
    int no_progress = 50;

    friend bool operator==(const Rules&, const Rules&) = default;
};

inline constexpr int kMaxNoProgress = 100000;

}  // namespace fetaix
