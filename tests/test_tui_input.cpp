// The key map: each key's meaning in each input mode.

#include <catch2/catch.hpp>

#include "front/input.hpp"

using namespace fetaix;
using namespace fetaix::front;
using K = Action::Kind;
using N = Key::Name;

namespace {
Action board(Key k) { return map_key(k, InputMode::Board); }
Action board(char c) { return map_key(Key::character(c), InputMode::Board); }
}  // namespace

TEST_CASE("keys: arrows, hjkl and the keypad corners move the cursor", "[tui][input]") {
    const std::vector<std::pair<Key, ScreenDirection>> cases{
        {Key::named(N::Up), ScreenDirection::Up},
        {Key::character('k'), ScreenDirection::Up},
        {Key::named(N::Down), ScreenDirection::Down},
        {Key::character('j'), ScreenDirection::Down},
        {Key::named(N::Left), ScreenDirection::Left},
        {Key::character('h'), ScreenDirection::Left},
        {Key::named(N::Right), ScreenDirection::Right},
        {Key::character('l'), ScreenDirection::Right},
        {Key::named(N::UpLeft), ScreenDirection::UpLeft},
        {Key::character('7'), ScreenDirection::UpLeft},
        {Key::named(N::UpRight), ScreenDirection::UpRight},
        {Key::character('9'), ScreenDirection::UpRight},
        {Key::named(N::DownLeft), ScreenDirection::DownLeft},
        {Key::character('1'), ScreenDirection::DownLeft},
        {Key::named(N::DownRight), ScreenDirection::DownRight},
        {Key::character('3'), ScreenDirection::DownRight},
    };
    for (const auto& [key, direction] : cases) {
        const Action a = board(key);
        CHECK(a.kind == K::MoveCursor);
        CHECK(a.direction == direction);
    }
}

TEST_CASE("keys: the board's commands", "[tui][input]") {
    CHECK(board(Key::named(N::Enter)).kind == K::Select);
    CHECK(board(' ').kind == K::Select);
    CHECK(board(Key::named(N::Escape)).kind == K::Cancel);
    CHECK(board(Key::named(N::Backspace)).kind == K::Cancel);
    CHECK(board(':').kind == K::OpenPrompt);
    CHECK(board('u').kind == K::Undo);
    CHECK(board('r').kind == K::Redo);
    CHECK(board('n').kind == K::NewGame);
    CHECK(board('f').kind == K::Flip);
    CHECK(board('a').kind == K::AutoFlip);
    CHECK(board('?').kind == K::Help);
    CHECK(board('R').kind == K::Resign);
    CHECK(board('d').kind == K::OfferDraw);
    CHECK(board('q').kind == K::Quit);
    CHECK(board(Key::named(N::Resize)).kind == K::Redraw);
    CHECK(board('s').kind == K::Save);
    CHECK(board('o').kind == K::Open);
    CHECK(board('x').kind == K::Unbound);  // answered with how to type a move
    Key click = Key::named(N::Click);
    click.point = parse_point("b2");
    const Action a = board(click);
    CHECK(a.kind == K::Click);
    CHECK(a.point == parse_point("b2"));
}

TEST_CASE("keys: in the move prompt, characters are text", "[tui][input]") {
    CHECK(map_key(Key::character('q'), InputMode::Prompt).kind == K::PromptChar);
    CHECK(map_key(Key::character('q'), InputMode::Prompt).ch == 'q');
    CHECK(map_key(Key::character('-'), InputMode::Prompt).kind == K::PromptChar);
    CHECK(map_key(Key::named(N::Enter), InputMode::Prompt).kind == K::PromptSubmit);
    CHECK(map_key(Key::named(N::Backspace), InputMode::Prompt).kind == K::PromptErase);
    CHECK(map_key(Key::named(N::Escape), InputMode::Prompt).kind == K::PromptClose);
    // The prompt's editing keys (prompt.hpp): Up recalls, Left moves the cursor, Ctrl-W cuts a word, Tab completes.
    CHECK(map_key(Key::named(N::Up), InputMode::Prompt).edit == PromptEdit::Older);
    CHECK(map_key(Key::named(N::Left), InputMode::Prompt).edit == PromptEdit::Left);
    CHECK(map_key(Key::named(N::Delete), InputMode::Prompt).edit == PromptEdit::Delete);
    CHECK(map_key(Key::character(23), InputMode::Prompt).edit == PromptEdit::CutWord);
    CHECK(map_key(Key::character('\t'), InputMode::Prompt).kind == K::PromptEdit);
    CHECK(map_key(Key::character('\t'), InputMode::Prompt).edit == PromptEdit::Complete);
}

TEST_CASE("keys: a question takes y, n or Esc and nothing else", "[tui][input]") {
    CHECK(map_key(Key::character('y'), InputMode::Question).kind == K::Yes);
    CHECK(map_key(Key::character('Y'), InputMode::Question).kind == K::Yes);
    CHECK(map_key(Key::character('n'), InputMode::Question).kind == K::No);
    CHECK(map_key(Key::named(N::Escape), InputMode::Question).kind == K::No);
    CHECK(map_key(Key::character('q'), InputMode::Question).kind == K::None);
    CHECK(map_key(Key::named(N::Enter), InputMode::Question).kind == K::None);
}

TEST_CASE("keys: on the help page Esc and q close it and any other key turns the page", "[tui][input]") {
    CHECK(map_key(Key::character('x'), InputMode::Help).kind == K::TurnHelpPage);
    CHECK(map_key(Key::named(N::Escape), InputMode::Help).kind == K::CloseOverlay);
    CHECK(map_key(Key::named(N::Backspace), InputMode::Help).kind == K::CloseOverlay);
    CHECK(map_key(Key::character('q'), InputMode::Help).kind == K::CloseOverlay);
    CHECK(map_key(Key::character('n'), InputMode::Help).kind == K::TurnHelpPage);
}

namespace {
// Every key the terminal layer can report, with a few characters of each kind.
std::vector<Key> every_key() {
    std::vector<Key> keys;
    for (N n : {N::Up, N::Down, N::Left, N::Right, N::UpLeft, N::UpRight, N::DownLeft, N::DownRight, N::Enter,
                N::Escape, N::Backspace, N::Resize, N::Click, N::None})
        keys.push_back(Key::named(n));
    keys.back().point = parse_point("c3");
    for (int c = 1; c < 128; ++c) keys.push_back(Key::character(static_cast<char>(c)));
    return keys;
}
}  // namespace

TEST_CASE("keys: Ctrl-L and a new size repaint the screen whatever is open", "[tui][input]") {
    for (InputMode mode : {InputMode::Board, InputMode::Prompt, InputMode::Question, InputMode::Help, InputMode::Replay,
                           InputMode::TooSmall}) {
        CAPTURE(static_cast<int>(mode));
        CHECK(map_key(Key::character(12), mode).kind == K::Redraw);
        CHECK(map_key(Key::named(N::Resize), mode).kind == K::Redraw);
    }
}

TEST_CASE("keys: while the terminal is too small only q, Ctrl-L and a new size do anything", "[tui][input]") {
    for (const Key& key : every_key()) {
        CAPTURE(static_cast<int>(key.name), static_cast<int>(key.ch));
        const Action a = map_key(key, InputMode::TooSmall);
        if (key.name == N::Char && key.ch == 'q') CHECK(a.kind == K::Quit);
        else if (key.name == N::Resize || (key.name == N::Char && key.ch == 12)) CHECK(a.kind == K::Redraw);
        else CHECK(a.kind == K::None);
    }
}

TEST_CASE("keys: a printable key with no meaning on the board is answered, not dropped", "[tui][input]") {
    const Action b = map_key(Key::character('b'), InputMode::Board);
    CHECK(b.kind == K::Unbound);
    CHECK(b.ch == 'b');
    CHECK(map_key(Key::character('-'), InputMode::Board).kind == K::Unbound);
    CHECK(map_key(Key::character(2), InputMode::Board).kind == K::None);  // a control key stays silent
    CHECK(map_key(Key::character('a'), InputMode::Board).kind == K::AutoFlip);
}

TEST_CASE("keys: Home, End, PgUp and PgDn as terminals send them, whatever TERM says", "[tui][input]") {
    // Found by a newcomer: in tmux with TERM=xterm-256color inside, Home (ESC [1~) was read as Esc, '[',
    // '1' and '~'. Each sequence is the named key, which looking back takes to the start or the end.
    const auto key_of = [](std::string_view bytes) {
        for (const KeySequence& s : extra_key_sequences())
            if (s.bytes == bytes) return s.key;
        return N::None;
    };
    for (const char* home : {"\x1b[1~", "\x1b[H", "\x1bOH", "\x1b[7~"}) {
        CAPTURE(home + 1);
        CHECK(key_of(home) == N::UpLeft);
        CHECK(map_key(Key::named(key_of(home)), InputMode::Browse).kind == K::StepFirst);
    }
    for (const char* end : {"\x1b[4~", "\x1b[F", "\x1bOF", "\x1b[8~"}) {
        CAPTURE(end + 1);
        CHECK(key_of(end) == N::DownLeft);
        CHECK(map_key(Key::named(key_of(end)), InputMode::Browse).kind == K::StepLast);
    }
    CHECK(key_of("\x1b[5~") == N::UpRight);
    CHECK(key_of("\x1b[6~") == N::DownRight);
    CHECK(extra_key_sequences().size() == 10);
}
