#pragma once
// The terminal game's loop: read a key, turn it into an Action, apply it, draw the new frame.

#include <fetaix/fetaix.hpp>

#include "controller.hpp"
#include "terminal.hpp"

namespace fetaix::tui {

struct AppOptions {
    Rules rules;
    Players players;
    Position start = start_position();
    TerminalOptions terminal;
    bool auto_flip = false;
};

// Runs a game until the players quit or a signal arrives. Returns the process exit status.
int run(const AppOptions& options);

}  // namespace fetaix::tui
