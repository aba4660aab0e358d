#pragma once
// How the state of a game reads in words, the same on the screen's status line and in the
// screen-reader's lines.

#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "players.hpp"

namespace fetaix::front {

// A move as the message line announces it: "Black plays c4xc2, taking c3.", "White plays a1xc3xe3,
// taking b2 and d3.", "White plays b4-b5; its man becomes a mullah."
std::string announcement(Color side, const Move& m);

// How a finished game ended: "Game over: White (Ali) wins by resignation.", "Game over: draw agreed."
std::string game_over_text(const GameResult& result, const Players& players);

// The draw rules' warnings, each a phrase: the plies left before the no-progress draw once 10 or fewer
// remain ("No-progress draw in 8 plies"), and a position that has stood twice ("Position seen twice:
// once more is a draw"); none when neither applies or the game is over. `brief`: the short forms
// ("draw in 8 plies", "seen twice") that end the status line when the warnings have no line of their own.
std::vector<std::string> draw_warnings(const Game& game, bool brief = false);

// What draws a game, a phrase each: "a position standing a third time with the same side to move",
// and with a no-progress limit "50 plies without a capture or a man's move".
std::vector<std::string> draw_rules(const Rules& rules);

// The game in seven lines, for the help of the screen and of the screen reader (docs/rules.md in full).
inline constexpr const char* kRulesInBrief[] = {
    "Men step forward, diagonally forward or sideways, one point.",
    "Men capture by short leaps; mullahs fly and capture from afar.",
    "Capturing is compulsory, and a sequence must be completed.",
    "Taken pieces leave at once, in the middle of a move too.",
    "A mullah must land where it can capture again, if it can.",
    "A man ending its move on the far rank becomes a mullah.",
    "Win by capturing every piece or leaving no legal move.",
};

}  // namespace fetaix::front
