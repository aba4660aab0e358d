#pragma once
// The terminal game's loop: read a key, turn it into an Action, apply it, draw the new frame, and
// autosave whenever the game changed.

#include <optional>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "controller.hpp"
#include "network.hpp"
#include "terminal.hpp"

namespace fetaix::tui {

// What to do with an unfinished autosaved game at start: ask, resume it, set it aside (kept in the game
// history) for a new game, or refuse to start until the command line says which (`fetaix host`, whose
// game cannot wait for a question: the others join what it hosts).
enum class ResumeChoice { Ask, Resume, New, Choose };

struct AppOptions {
    Rules rules;
    Players players;      // with the computer's time per move and seed
    PlayerOptions given;  // which of them the command line gave: they win over a record's tags
    Position start = start_position();
    TerminalOptions terminal;
    bool auto_flip = false;
    bool bell = false;                           // the terminal bell when the computer has moved
    KeyMap keys;                                 // the keys in force (the settings' [keys])
    bool screen_reader = false;                  // lines of plain text instead of the screen (src/line/)
    std::vector<std::string> settings_problems;  // what the settings file had wrong, for the notice line
    ResumeChoice resume = ResumeChoice::Ask;
    std::optional<GameRecord> record;                     // a game opened from a file at start
    std::string record_path;                              // the file it came from, as given
    bool replay = false;                                  // step through `record` without changing it; no autosave
    std::string state_folder;                             // where the autosave lives
    NetOptions net;                                       // host, join or watch a game over a Unix socket
    std::optional<TimeControl> white_clock, black_clock;  // --clock and the like: both or neither
};

// Runs a game until the players quit or a signal arrives. Returns the process exit status.
int run(AppOptions options);

}  // namespace fetaix::tui
