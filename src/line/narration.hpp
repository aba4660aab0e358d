#pragma once
// The screen-reader mode's words: the game as lines of plain text, one event a line, and what changed
// between what the player was last told and the game now. Pure: no input, no output.

#include <string>
#include <string_view>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "front/controller.hpp"

namespace fetaix::line {

// A move as it is announced: "White c2-c3", "White c2xc4 takes c3", "Black mullah b4xd2xd4 takes c3,
// d3: 2 pieces", "White b4-b5, becomes a mullah". `before` is the position it was played in.
std::string move_said(const Position& before, const Move& m);

// The pieces rank by rank, from rank 5 down, a line a rank (short, for a braille display): "rank 5:
// black men a5, b5, c5, d5, e5", ..., "rank 3: white men d3, e3, black men a3, b3". A rank without
// pieces is "empty".
std::vector<std::string> board_said(const Position& pos);

// The legal moves in the order of their notation: "4 legal moves: b2-c3, c2-c3, d2-c3, d3-c3."
std::string moves_said(const MoveList& legal);

// A question of the controller (or q's words on leaving) with yes and no as words: "(y/n)" becomes
// "(yes or no)", and the screen's keys are left out.
std::string question_said(std::string question);

// The commands that `help` lists, a line each (short, for a braille display), then the rules in brief,
// what the switches in force do, and what draws.
std::vector<std::string> help_said(const Rules& rules);
// "Clocks: White 4:53, Black 0:09.3; Black's runs." (or that the game has none).
std::string clocks_said(const front::Controller& c);
// A timed game's controls ("Timed: 5:00, +3 s a move."), for the opening; "" when untimed.
std::string timed_said(const front::Controller& c);

// Where the game stands: "Game over: ...", or "White (Ali) to move." and, when a capture is
// compulsory, "Capture compulsory: b2, d2 can capture.", then a draw the rules bring near
// ("No-progress draw in 8 plies.", "Position seen twice: once more is a draw.").
std::vector<std::string> state_said(const front::Controller& c);

// The rules, a switch a line in the order of the screen's rules panel ("Rule: promotion stop."); with
// `from`, only the switches whose value differs from it.
std::vector<std::string> rules_said(const Rules& rules, const Rules* from = nullptr);

// The moves so far, for a game that replaced the one before: "3 moves played; the last: White e1xc3
// takes d2.", "No moves played yet."
std::string game_said(const Game& game);

// The moves played, numbered as the screen's move list, and the result once the game is over:
// "Moves: 1. d2-c3 b4xd2; 2. e1xc3." ("1. ... b4xd2" when Black moved first); "No moves played yet."
std::string game_list_said(const Game& game);

// Points typed with nothing between them ("c2c3", "b2 c3", "a1c3e5"): how a move is written, to follow
// a refusal (" A move has - or x between its points: c2-c3 for a step, c2xc3 for a capture."); else "".
std::string move_spelling_hint(std::string_view typed);

// What the player has been told of the game, to tell what changed since.
struct Told {
    Position start;
    std::vector<Move> moves;
    GameResult result;
    front::Question question = front::Question::None;
    std::string notice;
    std::string message;            // the controller's message; blanked before an action, which may set it anew
    std::vector<std::string> chat;  // the chat lines kept (the last kChatLines)
    Rules rules;
};

Told told(const front::Controller& c);

// The lines that tell the player what changed from `before` to the controller's game now, in order:
// moves played, the controller's message, the rules that changed (another game in place), the notice, the chat lines
// that came, the end of the game or whose turn it is (with a compulsory capture), and a question asked. `stepped`: the
// change was an undo or redo, which the controller's message tells ("White took back c2-c3."), as the screen's message
// line does.
std::vector<std::string> changes(const Told& before, const front::Controller& c, bool stepped = false);

}  // namespace fetaix::line
