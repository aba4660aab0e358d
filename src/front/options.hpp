#pragma once
// What a game's front end is started with (the command line and the settings file merged once,
// src/commands/shown_game.cpp): the game, its players, the files, the network and the screen's look.

#include <optional>
#include <string>
#include <vector>

#include <fetaix/clock.hpp>
#include <fetaix/game.hpp>
#include <fetaix/pdn.hpp>

#include "keymap.hpp"
#include "players.hpp"

namespace fetaix::front {

struct NetOptions {
    enum class Mode { Local, Host, Join, Watch };
    Mode mode = Mode::Local;
    std::string name = "fetaix";               // the game's name (its socket)
    bool shared = false;                       // host: other users may join, with codes
    std::optional<Color> side = Color::White;  // host: the side its player takes
    std::string code;                          // join, watch: a shared game's code
    std::string player;   // this terminal's player's name (empty: the settings', or the login name)
    bool resume = false;  // host: the autosaved game again, its players' seat tokens with it
    std::string note;     // watch: said instead of "Watching NAME" (a game taken over)
    // Join, watch: the game's socket, when the program knows it (the SSH server's own games): not looked
    // for by name. Join: the seat asked for (none: whichever is free).
    std::string socket;
    std::optional<Color> seat;
    std::string token;  // join: the seat's token, when the program has it (else the state folder's)
    // A game of the SSH server, left for its lobby: the words say how to come back there, not which
    // command to run.
    bool from_lobby = false;
    // The server's limits on chat: the longest line in bytes (0: the protocol's own), and lines a minute
    // (0: none but the protocol's). A line over either is refused here, said, and kept to send later.
    std::size_t chat_bytes = 0;
    int chat_per_minute = 0;
};

// How the curses screen looks (src/tui); the screen-reader mode has no look.
struct TerminalOptions {
    bool ascii = false;          // plain ASCII glyphs even in a UTF-8 locale
    std::string theme = "dark";  // a name theme_by_name knows (checked by the command line)
};

// What to do with an unfinished autosaved game at start: ask, resume it, set it aside (kept in the game
// history) for a new game, or refuse to start until the command line says which (`fetaix host`, whose
// game cannot wait for a question: the others join what it hosts).
enum class ResumeChoice { Ask, Resume, New, Choose };

struct AppOptions {
    Rules rules;
    bool rules_given = false;  // the command line gave a rule switch (a resumed or opened game keeps its own)
    Players players;           // with the computer's time per move and seed
    PlayerOptions given;       // which of them the command line gave: they win over a record's tags
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

}  // namespace fetaix::front
