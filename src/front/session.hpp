#pragma once
// What both front ends (the curses screen, src/tui/app.cpp, and the screen-reader lines, src/line/) do around
// the Controller: the real files and game history, the game to start with (the autosave's question,
// a file given, --resume/--new), the settings' problems on the notice line, and the autosave after
// every change. No curses and no terminal here.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "controller.hpp"
#include "options.hpp"
#include "play/keeper.hpp"
#include "store/autosave.hpp"

namespace fetaix::front {

// Saving, opening and the game history on disk, the history kept under `state_folder`.
FileAccess real_files(const std::string& state_folder);

class Session {
public:
    // Hands the files to the controller and sets it up from the options and the autosave.
    Session(Controller& controller, AppOptions& options);

    // Writes the game to the autosave when it has changed since the last write (replay excepted), and
    // puts on the notice line what stands: a failing autosave first, then the settings file's problems,
    // then news of a saved game moved aside.
    // While a clock runs its time is saved too: each second, when paused or started, and at the end
    // (`ending`), so that a crash loses a second of it at most. `always`: written even when unchanged.
    void save_if_changed(bool ending = false, bool always = false);
    // Whether this process writes the autosave (not a joiner's copy, not while another fetaix holds it).
    bool autosaving() const { return keeper_ != nullptr; }
    // The autosave's file, where this process writes it ("" when it does not).
    std::string autosave_path() const { return keeper_ ? keeper_->autosave().path() : std::string(); }
    // Whether this process holds the autosave's lock now.
    bool owns_autosave() const {
        return keeper_ && keeper_->autosave().ownership() == store::Autosave::Ownership::Owned;
    }
    // Records in the lock file the name this game is reachable by (a second fetaix finds it there).
    void reachable_as(std::string game) {
        if (keeper_) keeper_->autosave().set_reachable_as(std::move(game));
    }
    // Another terminal takes the game over: the clocks' time saved, the autosave's lock let go for good.
    void give_up_autosave() {
        // A game of no moves too: the other terminal resumes it as it is (its players, rules, clocks).
        save_if_changed(true, true);
        keeper_.reset();
        controller_.set_autosaved(true);  // the other terminal's autosave holds it: not kept in the history
    }

private:
    Controller& controller_;
    std::unique_ptr<play::Keeper> keeper_;  // the table's game kept in the autosave, when this process writes it
    std::string autosave_news_;             // a saved game moved aside: stays on the notice line until other news
};

}  // namespace fetaix::front
