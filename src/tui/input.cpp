#include "input.hpp"

namespace fetaix::tui {

namespace {

constexpr char kCtrlL = 12;

Action cursor(ScreenDirection d) {
    Action a = Action::of(Action::Kind::MoveCursor);
    a.direction = d;
    return a;
}

Action board_key(const Key& key) {
    using N = Key::Name;
    using K = Action::Kind;
    switch (key.name) {
        case N::Up: return cursor(ScreenDirection::Up);
        case N::Down: return cursor(ScreenDirection::Down);
        case N::Left: return cursor(ScreenDirection::Left);
        case N::Right: return cursor(ScreenDirection::Right);
        case N::UpLeft: return cursor(ScreenDirection::UpLeft);
        case N::UpRight: return cursor(ScreenDirection::UpRight);
        case N::DownLeft: return cursor(ScreenDirection::DownLeft);
        case N::DownRight: return cursor(ScreenDirection::DownRight);
        case N::Enter: return Action::of(K::Select);
        case N::Escape:
        case N::Backspace: return Action::of(K::Cancel);
        case N::Click: {
            Action a = Action::of(K::Click);
            a.point = key.point;
            return a;
        }
        case N::Delete:
        case N::Resize:  // see map_key
        case N::None: return Action::of(K::None);
        case N::Char: break;
    }
    switch (key.ch) {
        case 'k': return cursor(ScreenDirection::Up);
        case 'j': return cursor(ScreenDirection::Down);
        case 'h': return cursor(ScreenDirection::Left);
        case 'l': return cursor(ScreenDirection::Right);
        // The keypad's corner digits, for terminals that send digits with Num Lock on.
        case '7': return cursor(ScreenDirection::UpLeft);
        case '9': return cursor(ScreenDirection::UpRight);
        case '1': return cursor(ScreenDirection::DownLeft);
        case '3': return cursor(ScreenDirection::DownRight);
        case ' ': return Action::of(K::Select);
        case ':': return Action::of(K::OpenPrompt);
        case 'u': return Action::of(K::Undo);
        case 'r': return Action::of(K::Redo);
        case 'n': return Action::of(K::NewGame);
        case 'f': return Action::of(K::Flip);
        case 'a': return Action::of(K::AutoFlip);
        case '?': return Action::of(K::Help);
        case 'R': return Action::of(K::Resign);
        case 'd': return Action::of(K::OfferDraw);
        case 'q': return Action::of(K::Quit);
        case 's': return Action::of(K::Save);
        case 'o': return Action::of(K::Open);
        case 'H': return Action::of(K::Hint);
        case 'p': return Action::of(K::Pause);
        case '[': return Action::of(K::StepBack);
        case ']': return Action::of(K::StepForward);
        default: {
            // A printable key with no meaning on the board is answered, not ignored: often a move typed
            // without ':' first.
            if (key.ch <= ' ' || key.ch >= 127) return Action::of(K::None);
            Action a = Action::of(K::Unbound);
            a.ch = key.ch;
            return a;
        }
    }
}

// Stepping through the positions of a game, recorded (replay) or in play (browsing): [ ] or left and
// right a move, Home and End to either end, Esc back to the game in play; nothing changes the game, and
// a key that would says why not.
Action stepping_key(const Key& key, InputMode mode) {
    using N = Key::Name;
    using K = Action::Kind;
    switch (key.name) {
        case N::Left: return Action::of(K::StepBack);
        case N::Right: return Action::of(K::StepForward);
        case N::UpLeft: return Action::of(K::StepFirst);
        case N::DownLeft: return Action::of(K::StepLast);
        case N::Escape:
        case N::Backspace: return Action::of(mode == InputMode::Browse ? K::StepLast : K::ViewOnly);
        case N::None:
        case N::Resize: return Action::of(K::None);
        case N::Char: break;
        default: return Action::of(K::ViewOnly);  // the cursor keys, Enter, a click
    }
    switch (key.ch) {
        case '[':
        case 'h': return Action::of(K::StepBack);
        case ']':
        case 'l': return Action::of(K::StepForward);
        case 'f': return Action::of(K::Flip);
        case '?': return Action::of(K::Help);
        case 's': return Action::of(K::Save);
        case 'q': return Action::of(K::Quit);
        default: return Action::of(K::ViewOnly);
    }
}

Action prompt_key(const Key& key) {
    using N = Key::Name;
    using K = Action::Kind;
    using E = PromptEdit;
    switch (key.name) {
        case N::Enter: return Action::of(K::PromptSubmit);
        case N::Escape: return Action::of(K::PromptClose);
        case N::Backspace: return Action::of(K::PromptErase);
        case N::Delete: return Action::editing(E::Delete);
        case N::Left: return Action::editing(E::Left);
        case N::Right: return Action::editing(E::Right);
        case N::UpLeft: return Action::editing(E::Home);     // Home
        case N::DownLeft: return Action::editing(E::End);    // End
        case N::Up: return Action::editing(E::Older);
        case N::Down: return Action::editing(E::Newer);
        case N::Char:
            // The shell's control keys: Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-W, and Tab.
            switch (key.ch) {
                case 1: return Action::editing(E::Home);
                case 5: return Action::editing(E::End);
                case 21: return Action::editing(E::CutToStart);
                case 23: return Action::editing(E::CutWord);
                case '\t': return Action::editing(E::Complete);
                default: break;
            }
            if (key.ch >= 32 && key.ch < 127) {
                Action a = Action::of(K::PromptChar);
                a.ch = key.ch;
                return a;
            }
            return Action::of(K::None);
        default: return Action::of(K::None);
    }
}

Action question_key(const Key& key) {
    using N = Key::Name;
    using K = Action::Kind;
    if (key.name == N::Escape) return Action::of(K::No);
    if (key.name != N::Char) return Action::of(K::None);
    if (key.ch == 'y' || key.ch == 'Y') return Action::of(K::Yes);
    if (key.ch == 'n' || key.ch == 'N') return Action::of(K::No);
    return Action::of(K::None);
}

}  // namespace

Action map_key(const Key& key, InputMode mode) {
    // Whatever is open: a screen spoilt by another program's output is painted again.
    if (key.name == Key::Name::Resize || (key.name == Key::Name::Char && key.ch == kCtrlL))
        return Action::of(Action::Kind::Redraw);
    switch (mode) {
        case InputMode::Board: return board_key(key);
        case InputMode::Prompt: return prompt_key(key);
        case InputMode::Question: return question_key(key);
        case InputMode::Replay:
        case InputMode::Browse: return stepping_key(key, mode);
        case InputMode::Help: return Action::of(Action::Kind::CloseOverlay);  // any key closes the help page
        case InputMode::TooSmall:
            // The board is hidden: nothing may be played blind. q asks, as ever, if a game is on.
            return Action::of(key.name == Key::Name::Char && key.ch == 'q' ? Action::Kind::Quit : Action::Kind::None);
        case InputMode::Reading:
            if (key.name == Key::Name::Escape || key.name == Key::Name::Backspace) return Action::of(Action::Kind::Cancel);
            if (key.name == Key::Name::Char && key.ch == 'q') return Action::of(Action::Kind::Quit);
            return Action::of(key.name == Key::Name::None ? Action::Kind::None : Action::Kind::Wait);
    }
    return Action::of(Action::Kind::None);
}

}  // namespace fetaix::tui
