#pragma once
// Keys and mouse clicks become Actions here, and only here; nothing in this file knows curses.

#include <optional>
#include <span>
#include <string_view>

#include <fetaix/point.hpp>

#include "prompt.hpp"

namespace fetaix::front {

// A key as the terminal layer reports it: a printable character, or one of the named keys.
struct Key {
    enum class Name {
        Char,
        Up,
        Down,
        Left,
        Right,
        UpLeft,     // Home, or 7 on the keypad
        UpRight,    // PgUp, or 9
        DownLeft,   // End, or 1
        DownRight,  // PgDn, or 3
        Enter,
        Escape,
        Backspace,
        Delete,
        Resize,
        Click,  // a mouse click; `point` says where, if on a point of the board
        None,
    };
    Name name = Name::None;
    char ch = 0;
    std::optional<Point> point;

    static Key character(char c) { return Key{Name::Char, c, std::nullopt}; }
    static Key named(Name n) { return Key{n, 0, std::nullopt}; }
};

// An escape sequence a terminal sends for one of the named keys.
struct KeySequence {
    std::string_view bytes;
    Key::Name key;
};

// The sequences that terminals send for Home, End, PgUp and PgDn under the common TERM values, whether
// or not the terminal description names them: tmux sends ESC [1~ for Home whatever TERM says inside it
// (xterm-256color's terminfo expects ESC OH), xterm ESC [H or ESC OH, rxvt ESC [7~. The terminal layer
// teaches curses those its description lacks.
std::span<const KeySequence> extra_key_sequences();

// A direction on the screen; the board may be turned, so it maps to a board direction later.
enum class ScreenDirection { Up, Down, Left, Right, UpLeft, UpRight, DownLeft, DownRight };

struct Action {
    enum class Kind {
        None,
        MoveCursor,  // `direction`
        Select,      // Enter or Space at the cursor
        Click,       // select `point`
        Cancel,      // Esc or Backspace: drop the selection
        OpenPrompt,  // ':'
        PromptChar,  // `ch`
        PromptErase,
        PromptEdit,  // `edit`: move the cursor, cut, recall, complete (prompt.hpp)
        PromptSubmit,
        PromptClose,
        Undo,
        Redo,
        NewGame,
        Flip,
        AutoFlip,
        Help,
        CloseOverlay,
        TurnHelpPage,  // the next page of help, or closes it after the last
        Resign,
        OfferDraw,
        Quit,
        Yes,
        No,
        Redraw,       // a new size, or Ctrl-L: paint every cell of the screen again
        Save,         // 's': prompt for a file to save to
        Open,         // 'o': prompt for a file to open
        StepBack,     // '[': the position before the one shown (browsing, replay)
        StepForward,  // ']': the position after it
        StepFirst,    // Home while browsing: the start of the game
        StepLast,     // End, or Esc while browsing: the game as it stands
        ViewOnly,     // a key that would play or change the game, while browsing or replaying: says why not
        Hint,         // 'H': ask the engine for a suggestion
        Wait,         // any other key while a file is read
        Unbound,      // `ch`, a printable key that does nothing on the board
        Chat,         // 'c': a line to the other player (the watchers: to the other watchers)
        Pause,        // 'p': stop both clocks, or start them again
        Review,       // 'v': review the game on the engine's thread, or stop the review under way
        Puzzles,      // 'P': the puzzles, on the game's screen; the game waits as it is until they close
    };
    Kind kind = Kind::None;
    ScreenDirection direction = ScreenDirection::Up;
    char ch = 0;
    std::optional<Point> point;
    PromptEdit edit = PromptEdit::End;

    static Action of(Kind k) { return Action{k, ScreenDirection::Up, 0, std::nullopt, PromptEdit::End}; }
    static Action editing(PromptEdit e) {
        Action a = of(Kind::PromptEdit);
        a.edit = e;
        return a;
    }
};

// What the keyboard means right now: the board, the move prompt, a yes/no question, the help page,
// stepping through a recorded game (replay) or through the game in play (browsing an earlier position),
// nothing but quitting while the terminal is too small to show the game, or while a file is read
// nothing but stopping the reading or quitting.
enum class InputMode { Board, Prompt, Question, Help, Replay, Browse, TooSmall, Reading };

class KeyMap;
// The keys in force when no settings say otherwise (keymap.hpp).
const KeyMap& default_keys();

// The one place where keys are given meaning: the key map's action for `key` where `mode` applies.
Action map_key(const Key& key, InputMode mode, const KeyMap& keys = default_keys());

}  // namespace fetaix::front
