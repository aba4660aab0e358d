#pragma once
// fetaix learn on the terminal: the lessons' screen (learn_screen.hpp) read from the keyboard and drawn.

#include <string>

#include "front/options.hpp"

namespace fetaix::tui {

// Runs the lessons until the learner quits or a signal arrives: the exit status. The progress is kept in
// `state_folder` as it changes.
int run_learn(const front::TerminalOptions& terminal_options, const front::KeyMap& keys,
              const std::string& state_folder);

}  // namespace fetaix::tui
