#pragma once
// fetaix puzzle on the curses screen, without curses: the open puzzle is a game of its own on a
// Controller, drawn by the game's own compose (the same board, cursor, keys and refusals), with the
// puzzle's id, themes, difficulty, whose move and the player's rating in the side panel. Tested as data.

#include <memory>
#include <string>

#include "front/puzzles.hpp"
#include "tui/frame.hpp"

namespace fetaix::tui {

class PuzzleScreen {
public:
    PuzzleScreen(front::PuzzleRun& run, KeyMap keys);
    // Plays a key's action: false when the player leaves.
    bool handle(const Action& action);
    // The tables' reason for a wrong move, once it has come: true when the screen changed.
    bool take_explanation();
    // The mode the keys are read in (the game's: the board, the move prompt, a terminal too small).
    InputMode mode() const;
    void set_too_small(bool too_small) { controller_->set_too_small(too_small); }
    const Controller& controller() const { return *controller_; }
    Frame compose(int rows, int columns, const Glyphs& glyphs) const;
    // The key line of the puzzles: "n next puzzle  r retry  H hint  : type a move  q quit".
    std::string keys_line() const;

private:
    // The open puzzle at the attempt's position: a fresh game on its start, the line so far played.
    void show(std::string message);
    // What is said with a result: the rating's change and a problem with the progress file, if any.
    std::string with_news(std::string text);

    front::PuzzleRun& run_;
    KeyMap keys_;
    std::unique_ptr<Controller> controller_;
    std::string wrong_;  // said after a wrong move's reason: the rating's change (" Your puzzle rating: ...")
};

}  // namespace fetaix::tui
