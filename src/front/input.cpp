#include "input.hpp"

#include "keymap.hpp"

namespace fetaix::front {

namespace {

using K = Action::Kind;

// The action of a row of the key table.
Action action_of(const KeyAction& row) {
    Action a = Action::of(row.kind);
    a.direction = row.direction;
    a.edit = row.edit;
    return a;
}

Action board_key(const Key& key, const KeyMap& keys) {
    if (key.name == Key::Name::Click) {
        Action a = Action::of(K::Click);
        a.point = key.point;
        return a;
    }
    if (const auto row = keys.find(key, kOnBoard)) return action_of(key_actions()[*row]);
    // A printable key with no meaning on the board is answered, not ignored: often a move typed
    // without the move key first.
    if (key.name != Key::Name::Char || key.ch <= ' ' || key.ch >= 127) return Action::of(K::None);
    Action a = Action::of(K::Unbound);
    a.ch = key.ch;
    return a;
}

// Stepping through the positions of a game, recorded (replay) or in play (browsing): step-back and
// step-forward, and the cursor-left and cursor-right keys, a move; cursor-up-left and cursor-down-left to
// either end; cancel back to the game in play. Nothing changes the game, and a key that would says why not.
Action stepping_key(const Key& key, InputMode mode, const KeyMap& keys) {
    if (key.name == Key::Name::None) return Action::of(K::None);
    const auto row = keys.find(key, kStepping);
    if (!row) return Action::of(K::ViewOnly);  // the other cursor keys, select, a click, any other key
    const KeyAction& action = key_actions()[*row];
    if (action.kind == K::MoveCursor) {
        switch (action.direction) {
            case ScreenDirection::Left: return Action::of(K::StepBack);
            case ScreenDirection::Right: return Action::of(K::StepForward);
            case ScreenDirection::UpLeft: return Action::of(K::StepFirst);
            case ScreenDirection::DownLeft: return Action::of(K::StepLast);
            default: return Action::of(K::ViewOnly);
        }
    }
    if (action.kind == K::Cancel) return Action::of(mode == InputMode::Browse ? K::StepLast : K::ViewOnly);
    return action_of(action);
}

Action prompt_key(const Key& key, const KeyMap& keys) {
    if (const auto row = keys.find(key, kAtPrompt)) return action_of(key_actions()[*row]);
    // A byte of a character beyond ASCII too: the prompt says it takes none rather than drop it unsaid.
    if (key.name == Key::Name::Char && (key.ch >= 32 || key.ch < 0) && key.ch != 127) {
        Action a = Action::of(K::PromptChar);
        a.ch = key.ch;
        return a;
    }
    return Action::of(K::None);
}

// The action of `context` that `key` stands for; else `otherwise`.
Action only(const Key& key, const KeyMap& keys, KeyContext context, Action::Kind otherwise) {
    if (const auto row = keys.find(key, context)) return action_of(key_actions()[*row]);
    return Action::of(otherwise);
}

}  // namespace

std::span<const KeySequence> extra_key_sequences() {
    using N = Key::Name;
    static constexpr KeySequence kSequences[] = {
        {"\x1b[1~", N::UpLeft},  {"\x1b[4~", N::DownLeft},   // tmux, screen, the Linux console
        {"\x1b[H", N::UpLeft},   {"\x1b[F", N::DownLeft},    // xterm, its cursor keys in normal mode
        {"\x1bOH", N::UpLeft},   {"\x1bOF", N::DownLeft},    // xterm, in application mode
        {"\x1b[7~", N::UpLeft},  {"\x1b[8~", N::DownLeft},   // rxvt
        {"\x1b[5~", N::UpRight}, {"\x1b[6~", N::DownRight},  // PgUp and PgDn, everywhere
    };
    return kSequences;
}

Action map_key(const Key& key, InputMode mode, const KeyMap& keys) {
    // Whatever is open: a screen spoilt by another program's output is painted again.
    if (key.name == Key::Name::Resize) return Action::of(K::Redraw);
    if (const auto row = keys.find(key, kEverywhere); row && key_actions()[*row].contexts == kEverywhere)
        return action_of(key_actions()[*row]);
    switch (mode) {
        case InputMode::Board: return board_key(key, keys);
        case InputMode::Prompt: return prompt_key(key, keys);
        case InputMode::Question: return only(key, keys, kAsked, K::None);
        case InputMode::Replay:
        case InputMode::Browse: return stepping_key(key, mode, keys);
        case InputMode::Help: {
            // The cancel and quit keys close the help at once (as q leaves a pager); any other key turns its
            // page, or closes the last.
            const auto row = keys.find(key, kOnBoard);
            const bool closes = row && (key_actions()[*row].kind == K::Cancel || key_actions()[*row].kind == K::Quit);
            return Action::of(closes ? K::CloseOverlay : K::TurnHelpPage);
        }
        // The board is hidden: nothing may be played blind. Quitting asks, as ever, if a game is on.
        case InputMode::TooSmall: return only(key, keys, kTooSmall, K::None);
        case InputMode::Reading: return only(key, keys, kReading, key.name == Key::Name::None ? K::None : K::Wait);
    }
    return Action::of(K::None);
}

}  // namespace fetaix::front
