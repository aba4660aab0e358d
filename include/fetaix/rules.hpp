#pragma once
// The switches of shared/rules-spec.md: every setting two games may differ in, saved with each record.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "error.hpp"

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

inline std::string to_string(Promotion p) {
    switch (p) {
        case Promotion::End: return "end";
        case Promotion::Immediate: return "immediate";
        case Promotion::Stop: return "stop";
    }
    return "end";
}

inline std::optional<Promotion> parse_promotion(std::string_view text) {
    if (text == "end") return Promotion::End;
    if (text == "immediate") return Promotion::Immediate;
    if (text == "stop") return Promotion::Stop;
    return std::nullopt;
}

// One line for status bars and logs: "backward-captures=no promotion=end majority=no no-progress=50".
inline std::string describe(const Rules& rules) {
    return concat("backward-captures=", rules.backward_captures ? "yes" : "no", " promotion=", to_string(rules.promotion),
                  " majority=", rules.majority ? "yes" : "no", " no-progress=", rules.no_progress);
}

}  // namespace fetaix
