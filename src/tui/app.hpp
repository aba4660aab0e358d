#pragma once
// The terminal game's loop: read a key, turn it into an Action, apply it, draw the new frame, and
// autosave whenever the game changed.

#include <optional>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "front/controller.hpp"
#include "front/network.hpp"
#include "front/options.hpp"
#include "terminal.hpp"

namespace fetaix::tui {

// Runs a game until the players quit or a signal arrives. Returns the process exit status.
int run(AppOptions options);

}  // namespace fetaix::tui
