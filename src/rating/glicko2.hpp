#pragma once
// Glicko-2 ratings exactly as published (Mark Glickman, "Example of the Glicko-2 system", steps 1-8),
// pure arithmetic on values: the game server keeps one rating per class of time control, the puzzles
// one per player, and both update them here at the end of each rating period.

#include <optional>
#include <span>

namespace fetaix::rating {

// A player's strength on the published scale: a new player is 1500, deviation 350, volatility 0.06.
struct Rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// One game of a rating period: the opponent's rating at the start of the period and the player's
// score in it (1 a win, 0.5 a draw, 0 a loss; any score from 0 to 1 is taken).
struct Outcome {
    Rating opponent;
    double score;
};

// Deviations are capped at a new player's, as common practice does: no rating is less sure than none.
inline constexpr double kMaxDeviation = 350;

// The player's rating after one rating period whose games are `period`, with the system constant
// `tau` (the paper suggests 0.3 to 1.2). A period with no games leaves the rating and volatility and
// widens the deviation (step 6). nullopt means invalid input: a number that is not finite, a
// deviation, volatility or tau not above 0, a score outside [0, 1], or numbers so extreme that the
// arithmetic leaves the range of a double. Every rating returned is itself valid input.
[[nodiscard]] std::optional<Rating> rated(const Rating& player, std::span<const Outcome> period, double tau = 0.5);

}  // namespace fetaix::rating
