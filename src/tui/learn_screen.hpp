#pragma once
// fetaix learn on the curses screen, without curses: a lesson is a game of its own on a Controller,
// drawn by the game's own compose (the same board, cursor, keys and refusals), with the lesson's title,
// rule and task in the side panel; and the list of lessons to pick from. Tested as data.

#include <memory>
#include <string>

#include "learn/lessons.hpp"
#include "tui/frame.hpp"

namespace fetaix::tui {

class LessonScreen {
public:
    LessonScreen(learn::Course& course, KeyMap keys);
    // Plays a key's action: false when the learner leaves.
    bool handle(const Action& action);
    // The mode the keys are read in (the game's: the board, the move prompt, a terminal too small).
    InputMode mode() const;
    void set_too_small(bool too_small) { controller_->set_too_small(too_small); }
    bool listing() const { return listing_; }
    const Controller& controller() const { return *controller_; }
    Frame compose(int rows, int columns, const Glyphs& glyphs) const;

private:
    // The open lesson from its start: a fresh game on its position, with the moves before played.
    void start_lesson(std::string message = "");
    std::string keys_line() const;

    learn::Course& course_;
    KeyMap keys_;
    std::unique_ptr<Controller> controller_;
    bool listing_ = false;
    std::size_t list_cursor_ = 0;
    std::string list_message_;
};

}  // namespace fetaix::tui
