#pragma once
// fetaix puzzle on the terminal: the puzzles' screen (puzzle_screen.hpp) read from the keyboard and drawn,
// on a terminal of its own or on the game's (a key of the game opens the puzzles, q goes back to it).

#include "front/options.hpp"
#include "front/puzzles.hpp"
#include "tui/terminal.hpp"

namespace fetaix::tui {

// Plays the puzzles on `terminal` until the player quits or a signal arrives.
void play_puzzles(Terminal& terminal, front::PuzzleRun& run, const front::KeyMap& keys);

// The same on a terminal of its own: the exit status.
int run_puzzles(const front::TerminalOptions& terminal_options, const front::KeyMap& keys, front::PuzzleRun& run);

}  // namespace fetaix::tui
