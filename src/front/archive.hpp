#pragma once
// The game history as the game in play uses it: each finished or abandoned game kept there once, in
// place of the record kept of the same game before, and that record found again from a saved game's Kept
// tag. Whether to keep a game, and what to ask when it cannot be kept, is the controller's; how, is here.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "play/table.hpp"
#include "reader.hpp"

namespace fetaix::front {

// What is at a path the player saves to, as the program found it.
struct SaveTarget {
    std::string refusal;   // not empty: nothing may be saved there (a folder, FIFO, link...), and why
    bool exists = false;   // a regular file is there: replaced only after asking
    std::string contents;  // what that file holds: "a fetaix game, 7 moves", "not a game record"
};

// Saving, opening and the game history, handed in by the program (files) or by tests (fakes).
struct FileAccess {
    std::function<SaveTarget(const std::string& path)> examine;
    // Writes a record; `replace` says the player agreed to replace the regular file there.
    std::function<std::optional<std::string>(const std::string& path, const std::string& text, bool replace)> write;
    // Reads a record file, on a worker thread (reader.hpp); `stop` set asks it to give up early.
    ReadFile read;
    std::function<std::string()> default_save_name;
    // Keeps a record of a finished or abandoned game in the game history, in place of `replacing` (the
    // record kept of the same game when it ended before: a resignation since taken back), unless that is
    // empty. Returns the record's path in the history, or why it could not be kept.
    std::function<Expected<std::string>(const std::string& record, const std::string& replacing)> archive;
    // The game history's record files, newest first (#1 is the first).
    std::function<std::vector<std::string>()> history;
    // One line about a record in the history: "2026-11-30 14:15 Ali - Zineb, unfinished, 7 moves".
    std::function<std::string(const std::string& path)> describe_past;
};

class Archive {
public:
    // The history entry is the table's (it goes with a snapshot); the files are the controller's, which
    // the program may hand in after this is made.
    Archive(play::Table& table, const FileAccess& files) : table_(table), files_(files) {}

    // Whether there is a game history to keep games in (a test's controller may have none).
    bool open() const { return static_cast<bool>(files_.archive); }
    // Over the network, the host's process writes this very game history (a second terminal of the
    // same state folder): then a copy of the game is never kept in it, so a game is kept once.
    void set_kept_by_host(bool on) { kept_by_host_ = on; }
    // The record of `game` to keep: empty when it has no moves, the history holds it already, or the
    // host keeps it.
    std::string record_of(const Game& game, const std::vector<Tag>& tags,
                          const std::vector<std::string>& comments = {}) const;
    // Keeps `record` of `game` in place of `replacing`: the record's path, or why it could not be kept.
    // The table's entry then knows `game` as kept.
    Expected<std::string> keep(const std::string& record, const Game& game, const std::string& replacing);
    // Keeps the game in play, in place of the record kept of it before, which it becomes: why it could
    // not ("Not kept in the game history: ..."), or nothing (kept, or nothing to keep).
    std::optional<std::string> keep_game_in_play();
    // The history's record that a record's Kept tag names, if it is there and holds the same game at
    // another stage; "" otherwise.
    std::string kept_record(const GameRecord& record) const;
    // Whether `path` is one of the history's records (a game opened from it is kept in its place).
    bool holds_file(const std::string& path) const;

private:
    play::Table& table_;
    const FileAccess& files_;
    bool kept_by_host_ = false;
};

}  // namespace fetaix::front
