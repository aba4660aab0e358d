#pragma once
// The screen-reader mode's game without its input and output: a line typed becomes a command (a move,
// or a word: board, moves, last, list, clock, hint, save, open, undo, redo, draw, resign, new, help, quit,
// yes, no) applied to the same Controller the screen uses, and the answer is lines of plain text, one event a line.

#include <string>
#include <string_view>
#include <vector>

#include "line/narration.hpp"
#include "tui/controller.hpp"

namespace fetaix::line {

// What a typed line asks for.
enum class Word { Empty, Move, Board, Moves, Last, Clock, Undo, Redo, Draw, Resign, New, Help, Quit, Yes, No, Hint, List,
                  Save, Open, Unknown };

// The command in a line: a word of the list (any case, spaces around ignored), save or open followed
// by a file name or nothing, or a move when it starts as one does (a point: a letter a to e and a
// digit); anything else is Unknown.
Word read_word(std::string_view line);

class LineGame {
public:
    explicit LineGame(tui::Controller& controller) : controller_(controller), told_(told(controller)) {}

    // What the player hears first: the mode, the players, the rules, the notice, the game and whose
    // turn it is, or the question the game starts with.
    std::vector<std::string> opening();
    // Applies one line typed and says what it did.
    std::vector<std::string> enter(std::string_view line);
    // Plays the computer's move and says it.
    std::vector<std::string> computer_moves(const Move& m);
    // What changed since the player was last told (the autosave's notice after a write).
    std::vector<std::string> news();
    // Whether the player has left (quit, answered).
    bool ended() const { return ended_; }

private:
    std::vector<std::string> act(tui::Action::Kind kind);
    // save FILE, open FILE: the screen's prompts, entered with the file named on the line.
    std::vector<std::string> at_prompt(tui::PromptKind kind, std::string file);
    // Runs `change` on the controller and tells what changed; `stepped`: the change is an undo or redo.
    template <typename Change>
    std::vector<std::string> telling(Change change, bool stepped = false);

    tui::Controller& controller_;
    Told told_;
    bool ended_ = false;
};

}  // namespace fetaix::line
