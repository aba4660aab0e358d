#pragma once
// The game history: every game with moves that was finished or abandoned (a new game, another game
// opened, a saved game not resumed) is kept as a record file of its own in <state folder>/games/,
// named by the local time it was archived (20261130-141502-001.pdn), so nothing played is lost for
// good. The newest kHistoryLimit are kept; the oldest go first.

#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::store {

inline constexpr std::size_t kHistoryLimit = 500;

// <state folder>/games
std::string history_directory(const std::string& state_folder);

// Adds a record to the history in `folder` under a name not used yet (never replacing a file), written
// atomically, then removes the oldest records beyond `limit`. Returns the new file's path, or the path
// of a record with the same text already kept (which is not written again). `replacing`: the record of
// the same game kept before, when it ended otherwise (a resignation since taken back), removed once
// this one is kept, so that a game is kept once, with its last ending; only a record of `folder` is.
Expected<std::string> archive_record(const std::string& folder, std::string_view text, std::time_t now,
                                     const std::string& replacing = "", std::size_t limit = kHistoryLimit);

// The history's record files, newest first (other files in the folder are ignored). A folder that
// exists but cannot be read sets `problem`, when given.
std::vector<std::string> history_files(const std::string& folder, std::string* problem = nullptr);

// What a name of a game stands for: "#N" is the history's game N as `fetaix games` numbers them
// (`past`: history_files, newest first), any other name the file it names. A number the history does
// not have is an error that says which it has.
Expected<std::string> record_path(std::string_view name, const std::vector<std::string>& past);
inline bool names_history_game(std::string_view name) { return name.starts_with('#'); }

// Moves as numbered in the move list ("1. c2-c3 c4xc2" is one move): White's and Black's turns
// together, a last move by one side alone counting as one.
std::size_t full_moves(const GameRecord& record);

// One archived game, as `fetaix games` lists it.
struct PastGame {
    std::string path;
    std::string date;     // "2026-11-30 14:15", from the file name
    std::string players;  // "Ali - Zineb"
    std::string result;   // "1-0 (all pieces captured)", "unfinished"
    std::size_t moves = 0;
    std::size_t taken_back = 0;  // plies of its redo line: undone, and kept to play again
    std::string rules;           // its switches that are not the default's: "promotion stop, majority yes"
    bool ongoing = false;        // not over: it can be played on
    std::string problem;         // set when the file cannot be read: why
};
PastGame read_past_game(const std::string& path);

// "7 moves", or with moves taken back "0 moves, 3 plies taken back" (a game undone to its start is kept
// with the moves it can redo, not as an empty one).
std::string past_moves_text(const PastGame& game);

// "#1  2026-11-30 14:15  Ali - Zineb  1-0 (all pieces captured)  7 moves  PATH", with "rules: promotion stop"
// before the path when they are not the default's; control characters written as ^[ (C0, DEL) or ~E (C1).
// The number is padded to `number_width` digits, so that a list's columns stay put past #9.
std::string format_past_game(std::size_t number, const PastGame& game, std::size_t number_width = 1);

// What a regular file at `path` holds, for the question before replacing it: "a fetaix game,
// 7 moves", "a record of 3 games" or "not a game record".
std::string describe_record_file(const std::string& path);

// A record's players as the history lists them: "Ali - computer, level 5" (a side with no name: "White").
std::string record_players(const GameRecord& record);

}  // namespace fetaix::store
