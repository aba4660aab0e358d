#pragma once
// A second plain fetaix on a state folder whose autosave another fetaix holds: before
// either front end starts, it asks in plain lines (a screen reader reads them as they come) what to do
// with the game running there: take the other seat, watch it live, take it over, play a separate game
// without the autosave, or quit. A holder that does not answer (stopped, hung on a dead SSH connection)
// can be stopped (same user only: SIGTERM, then SIGKILL) and its game taken from the autosave.
// No curses here: standard input and output, the lock file, and the holder's socket.

#include <cstdio>
#include <optional>

#include "app.hpp"

namespace fetaix::tui {

// When another fetaix holds the autosave of options.state_folder and this one was started plainly (no
// file, no --new, no network command, a terminal to ask on): asks, then sets `options` to do what was
// chosen (net.mode Join or Watch of the holder's game; resume after a take-over, the autosave now this
// process's; resume New for a separate game). Returns the exit status when the choice is to quit (or the
// game could not be taken), nothing to go on. Without `networked` (the screen-reader mode plays no game
// over the network) taking a seat and watching are not offered.
std::optional<int> meet_the_holder(AppOptions& options, std::FILE* in, std::FILE* out, bool networked);

}  // namespace fetaix::tui
