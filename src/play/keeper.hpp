#pragma once
// Where the game at a table is kept while it is played: the autosave, written whenever the game changed,
// so that a crash or a killed terminal loses a second of the clocks at most. The table's companion:
// it reads the table (its game, revision, players, clocks and history entry) and nothing of who shows
// it; what a write had to say (a failure, a saved game moved aside) is returned for the front end.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/autosave.hpp"
#include "table.hpp"

namespace fetaix::play {

class Keeper {
public:
    // Keeps `table`'s game in `autosave` from now on. `unsaved`: the game at the table is not in the
    // autosave yet (a file given at start, a new game after the saved one was set aside): the next save
    // writes it even unchanged, so that the next start offers what the quit question says is saved.
    Keeper(const Table& table, std::unique_ptr<store::Autosave> autosave, bool unsaved);
    Keeper(const Keeper&) = delete;
    Keeper& operator=(const Keeper&) = delete;

    // What a write said: why the game is not being saved (none: it is), and news of a saved game moved
    // aside ("" for none).
    struct Written {
        std::optional<std::string> problem;
        std::string news;
    };
    // Writes the game when it changed since the last write: a move, undo or any change the table counts,
    // who plays it, or its clocks' time, while one runs, each second, when paused or started, and at the
    // end (`ending`). `always`: written even unchanged. Nothing when nothing was written.
    std::optional<Written> save_if_changed(bool ending = false, bool always = false);

    store::Autosave& autosave() { return *autosave_; }
    const store::Autosave& autosave() const { return *autosave_; }

private:
    const Table& table_;
    std::unique_ptr<store::Autosave> autosave_;
    bool unsaved_;
    std::uint64_t saved_revision_;
    // Who plays as last saved: a joiner's name arriving changes no move, but a game resumed must have it.
    std::vector<Tag> saved_players_;
    bool saved_paused_;  // the clocks' pause as last saved
    Millis saved_at_;    // when last saved, on the table's time
};

}  // namespace fetaix::play
