#pragma once
// The game as the terminal plays it: Actions change the Game (through the core) and the UI state
// (cursor, selection, prompt, questions, messages). No curses here, so all of it is unit-tested.

#include <string>

#include <fetaix/fetaix.hpp>

#include "input.hpp"
#include "selection.hpp"

namespace fetaix::tui {

struct Players {
    std::string white = "White";
    std::string black = "Black";
    const std::string& name(Color c) const { return c == Color::White ? white : black; }
    // "White (Ali)", or just "White" when the player has no name of their own.
    std::string label(Color c) const {
        const std::string_view colour = to_string(c);
        return name(c).empty() || name(c) == colour ? std::string(colour) : concat(colour, " (", name(c), ")");
    }
};

// A yes/no question on screen; the game waits for the answer.
enum class Question { None, NewGame, Resign, Quit, AcceptDraw };

struct UiState {
    Point cursor = *parse_point("c2");
    Selection selection;
    bool prompt_open = false;
    std::string prompt_text;
    Question question = Question::None;
    bool help_open = false;
    bool flipped = false;    // Black at the bottom
    bool auto_flip = false;  // turn the board so the side to move is at the bottom
    std::string message;     // feedback for the last action; cleared by the next one
};

class Controller {
public:
    Controller(const Rules& rules, Players players, const Position& start = start_position());

    // Turns the board so the side to move is at the bottom after every move (or stops doing so).
    void set_auto_flip(bool on) {
        ui_.auto_flip = on;
        refresh();
    }

    // Applies one action. Returns false when the program should end.
    bool handle(const Action& action);

    const Game& game() const { return game_; }
    const UiState& ui() const { return ui_; }
    const Players& players() const { return players_; }
    const MoveList& legal_moves() const { return legal_; }
    InputMode mode() const;
    // Pieces that must capture (when a capture is compulsory), for marking on the board.
    Bitboard must_capture() const;
    // Where the selected piece may land next.
    Bitboard destinations() const { return next_landings(legal_, ui_.selection); }
    // The text of the question on screen, empty when there is none.
    std::string question_text() const;

private:
    void refresh();
    void move_cursor(ScreenDirection d);
    void select_at(Point p);
    void extend(Point land);
    void play(const Move& m);
    void clear_selection();
    void answer(bool yes);
    void submit_prompt();
    bool game_in_progress() const;
    void new_game();

    Rules rules_;
    Position start_;
    Players players_;
    Game game_;
    MoveList legal_;
    UiState ui_;
};

}  // namespace fetaix::tui
