#pragma once
// The screen-reader mode's game without its input and output: a line typed becomes a command (a move,
// or a word of the registry of actions, front/keymap.hpp: board, moves, undo, save FILE, ...) applied to
// the same Controller the screen uses, and the answer is lines of plain text, one event a line.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "front/controller.hpp"
#include "front/keymap.hpp"
#include "line/narration.hpp"

namespace fetaix::line {

// What a typed line asks for: nothing, a move, an action of the registry, or nothing known.
struct Command {
    enum class Is { Empty, Move, Action, Unknown };
    Is is = Is::Empty;
    std::optional<std::size_t> action;  // its row of front::actions(): the word's, or for a move the move action's
    std::string_view argument;          // what follows a word that takes something (save FILE), spaces around left out

    // The action's row (nullptr for an empty line or an unknown word).
    const front::KeyAction* row() const;
    // The action's name in the registry ("undo"), "" when there is none.
    std::string_view name() const;
};

// The command in a line: a word of the registry (any case, spaces around ignored), followed by what
// it takes (a file name) or nothing, or a move when it starts as one does (a point: a letter a to e and
// a digit); anything else is Unknown.
Command read_command(std::string_view line);

class LineGame {
public:
    explicit LineGame(front::Controller& controller) : controller_(controller), told_(told(controller)) {}

    // What the player hears first: the mode, the players, the rules, the notice, the game and whose
    // turn it is, or the question the game starts with.
    std::vector<std::string> opening();
    // Applies one line typed and says what it did.
    std::vector<std::string> enter(std::string_view line);
    // Plays the computer's move and says it.
    std::vector<std::string> computer_moves(const Move& m);
    // What changed since the player was last told (the autosave's notice after a write).
    std::vector<std::string> news();
    // The review of the game, as `fetaix review` prints it: its head (the start's value, the decisive
    // move, the turning points), then a line a move; nothing when the game is not reviewed.
    std::vector<std::string> review_said() const;
    // The review's progress, said every tenth position: "Reviewing: position 10 of 41."; nothing between.
    std::vector<std::string> review_progress_said();
    // Whether the player has left (quit, answered).
    bool ended() const { return ended_; }

private:
    std::vector<std::string> act(front::Action::Kind kind);
    // A word of the registry, allowed where it was typed; `argument`: what followed it.
    std::vector<std::string> perform(const front::KeyAction& action, std::string_view argument);
    // save FILE, open FILE: the screen's prompts, entered with the file named on the line.
    std::vector<std::string> at_prompt(front::PromptKind kind, std::string file);
    // Runs `change` on the controller and tells what changed; `stepped`: the change is an undo or redo.
    template <typename Change>
    std::vector<std::string> telling(Change change, bool stepped = false);

    front::Controller& controller_;
    Told told_;
    bool ended_ = false;
    std::size_t progress_said_ = 0;  // the review's last position said
};

}  // namespace fetaix::line
