#pragma once
// The screen-reader mode (--screen-reader): the game as lines of plain text on standard output, one
// event a line, and commands typed one a line on standard input. No curses and no escape codes: it
// works on a pipe, over SSH, with any terminal or none. Same autosave, history, rules and settings
// as the screen (front/session.hpp).

#include "front/options.hpp"

namespace fetaix::line {

// Plays until the player quits, standard input ends (end of file quits, the game saved as ever) or a
// signal arrives. Returns the process exit status.
int run(front::AppOptions options);

}  // namespace fetaix::line
