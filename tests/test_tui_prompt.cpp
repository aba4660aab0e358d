// Editing the prompt's line: the cursor, cutting, the history, and Tab completing a move.

#include <catch2/catch.hpp>

#include "front/controller.hpp"
#include "front/prompt.hpp"
#include "helpers.hpp"
#include "tui/frame.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using E = PromptEdit;
using K = Action::Kind;

namespace {

PromptLine at(std::string text, std::size_t cursor) { return {std::move(text), cursor}; }

void type(Controller& c, std::string_view text) {
    for (char ch : text) {
        Action a = Action::of(K::PromptChar);
        a.ch = ch;
        c.handle(a);
    }
}

void press(Controller& c, const Key& key) { c.handle(map_key(key, c.mode())); }

}  // namespace

TEST_CASE("tui prompt: typing goes in at the cursor, and the line has a limit", "[tui][prompt]") {
    CHECK(type_char(at("c23", 2), '-', 40) == at("c2-3", 3));
    CHECK(type_char(at("", 0), 'c', 40) == at("c", 1));
    CHECK(type_char(at("abc", 1), 'x', 3) == at("abc", 1));
}

TEST_CASE("tui prompt: Left, Right, Home and End move the cursor within the line", "[tui][prompt]") {
    CHECK(edit(at("c2-c3", 5), E::Left) == at("c2-c3", 4));
    CHECK(edit(at("c2-c3", 0), E::Left) == at("c2-c3", 0));
    CHECK(edit(at("c2-c3", 4), E::Right) == at("c2-c3", 5));
    CHECK(edit(at("c2-c3", 5), E::Right) == at("c2-c3", 5));
    CHECK(edit(at("c2-c3", 3), E::Home) == at("c2-c3", 0));
    CHECK(edit(at("c2-c3", 1), E::End) == at("c2-c3", 5));
}

TEST_CASE("tui prompt: Backspace and Delete take the character before and under the cursor", "[tui][prompt]") {
    CHECK(edit(at("c2-c3", 3), E::Erase) == at("c2c3", 2));
    CHECK(edit(at("c2-c3", 0), E::Erase) == at("c2-c3", 0));
    CHECK(edit(at("c2-c3", 2), E::Delete) == at("c2c3", 2));
    CHECK(edit(at("c2-c3", 5), E::Delete) == at("c2-c3", 5));
}

TEST_CASE("tui prompt: Ctrl-U cuts to the start, Ctrl-W the word before the cursor", "[tui][prompt]") {
    CHECK(edit(at("games/old.pdn", 6), E::CutToStart) == at("old.pdn", 0));
    CHECK(edit(at("my game.pdn", 11), E::CutWord) == at("my ", 3));
    CHECK(edit(at("my game  ", 9), E::CutWord) == at("my ", 3));
    CHECK(edit(at("c2xc4xe4", 8), E::CutWord) == at("", 0));
    CHECK(edit(at("ab cd", 0), E::CutWord) == at("ab cd", 0));
}

TEST_CASE("tui prompt: Up and Down walk the entries of this prompt and come back to the line typed", "[tui][prompt]") {
    PromptHistory h;
    CHECK(h.step(at("x", 1), E::Older) == at("x", 1));  // nothing yet
    h.add("c2-c3");
    h.add("d3-c3");
    h.add("d3-c3");  // a repeat is kept once
    h.add("");       // an empty line is not kept
    PromptLine shown = at("b2", 2);
    shown = h.step(shown, E::Older);
    CHECK(shown == at("d3-c3", 5));
    shown = h.step(shown, E::Older);
    CHECK(shown == at("c2-c3", 5));
    CHECK(h.step(shown, E::Older) == at("c2-c3", 5));  // the oldest
    shown = h.step(shown, E::Newer);
    CHECK(shown == at("d3-c3", 5));
    shown = h.step(shown, E::Newer);
    CHECK(shown == at("b2", 2));  // the line being typed, as it was
    CHECK(h.step(shown, E::Newer) == at("b2", 2));
}

TEST_CASE("prompt: an offered text is replaced by the first character typed, kept by an editing key", "[tui][prompt]") {
    Prompt p;
    p.open(PromptKind::Save, "fetaix-20261206-1112.pdn", true);
    CHECK(p.offered());
    p.type('/');
    CHECK(p.line() == at("/", 1));
    CHECK_FALSE(p.offered());
    p.type('t');
    CHECK(p.line() == at("/t", 2));
    // An editing key first: the offered name is kept to edit.
    p.open(PromptKind::Save, "game.pdn", true);
    p.edit(E::Left);
    CHECK_FALSE(p.offered());
    p.type('x');
    CHECK(p.line() == at("game.pdxn", 8));
    // Not offered: typed onto, as before.
    p.open(PromptKind::Save, "game.pdn");
    CHECK_FALSE(p.offered());
    p.type('x');
    CHECK(p.line() == at("game.pdnx", 9));
}

TEST_CASE("prompt: opened with a text, the cursor at its end; closed, the text is gone", "[tui][prompt]") {
    Prompt p;
    CHECK_FALSE(p.is_open());
    p.open(PromptKind::Save, "game.pdn");
    CHECK(p.is_open());
    CHECK(p.kind() == PromptKind::Save);
    CHECK(p.line() == at("game.pdn", 8));
    p.edit(E::Home);
    p.type('x');
    CHECK(p.line() == at("xgame.pdn", 1));
    p.close();
    CHECK_FALSE(p.is_open());
    CHECK(p.line() == at("", 0));
}

TEST_CASE("prompt: a full line keeps its text and counts what was dropped until it changes", "[tui][prompt]") {
    Prompt p;
    p.open(PromptKind::Open, std::string(kMaxPromptBytes - 1, 'a'));
    CHECK(p.type('b') == 0);  // the last byte that fits
    CHECK(p.text().size() == kMaxPromptBytes);
    CHECK(p.type('c') == 1);
    CHECK(p.type('d') == 2);
    CHECK(p.text().back() == 'b');
    // Any change to the line starts the count again.
    p.edit(E::Erase);
    CHECK(p.type('e') == 0);
    CHECK(p.type('f') == 1);
}

TEST_CASE("prompt: each kind has its own history, refused entries kept too", "[tui][prompt]") {
    Prompt p;
    p.open(PromptKind::Move, "c2-c3");
    CHECK(p.enter() == "c2-c3");
    p.open(PromptKind::Move, "zz");  // kept whether it works or not
    CHECK(p.enter() == "zz");
    p.open(PromptKind::Save, "one.pdn");
    CHECK(p.enter() == "one.pdn");
    // The move prompt recalls its two, newest first, never the save prompt's name.
    p.open(PromptKind::Move, "");
    p.edit(E::Older);
    CHECK(p.text() == "zz");
    p.edit(E::Older);
    CHECK(p.text() == "c2-c3");
    p.edit(E::Older);
    CHECK(p.text() == "c2-c3");
    p.edit(E::Newer);
    p.edit(E::Newer);
    CHECK(p.text().empty());
    p.open(PromptKind::Save, "");
    p.edit(E::Older);
    CHECK(p.text() == "one.pdn");
}

TEST_CASE("tui prompt: Tab completes a move as far as the legal moves agree", "[tui][prompt]") {
    // The start: White's moves are b2-c3, c2-c3, d2-c3, d3-c3 (and nothing else reaches c3 or steps).
    const MoveList legal = legal_moves(start_position(), Rules{});
    const Completion unique = complete_move(at("c2", 2), legal);
    CHECK(unique.line == at("c2-c3", 5));
    CHECK(unique.choices.empty());
    const Completion two = complete_move(at("d", 1), legal);
    CHECK(two.line == at("d", 1));
    CHECK(two.choices == std::vector<std::string>{"d2-c3", "d3-c3"});
    const Completion none = complete_move(at("a1", 2), legal);
    CHECK(none.line == at("a1", 2));
    CHECK(none.choices.empty());
    // A capture: the common beginning of two sequences, completed up to where they part.
    const Position pos = test::fen("W:Wc1:Bc2,d3,b3,a5");
    const Completion part = complete_move(at("c1", 2), legal_moves(pos, Rules{}));
    CHECK(part.line == at("c1xc3x", 6));
    CHECK(part.choices.size() >= 2);
}

TEST_CASE("tui prompt: the keys edit the move prompt, Tab says the choices, Up recalls", "[tui][prompt]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.handle(Action::of(K::OpenPrompt));
    type(c, "2-c3");
    press(c, Key::named(Key::Name::UpLeft));  // Home
    type(c, "c");
    CHECK(c.ui().prompt.text() == "c2-c3");
    CHECK(c.ui().prompt.cursor() == 1);
    press(c, Key::character(5));  // Ctrl-E
    CHECK(c.ui().prompt.cursor() == 5);
    press(c, Key::character(21));  // Ctrl-U
    CHECK(c.ui().prompt.text().empty());
    type(c, "d");
    press(c, Key::character('\t'));
    CHECK(c.ui().prompt.text() == "d");
    CHECK(c.ui().message == "2 moves: d2-c3  d3-c3");
    type(c, "2");
    press(c, Key::character('\t'));
    CHECK(c.ui().prompt.text() == "d2-c3");
    CHECK(c.ui().message.empty());
    c.handle(Action::of(K::PromptSubmit));
    CHECK(c.game().ply() == 1);
    // Black's turn: a beginning no move has is named.
    c.handle(Action::of(K::OpenPrompt));
    type(c, "e5");
    press(c, Key::character('\t'));
    CHECK(c.ui().message == "No legal move begins with e5.");
    press(c, Key::named(Key::Name::Left));
    press(c, Key::named(Key::Name::Delete));
    CHECK(c.ui().prompt.text() == "e");
    // Up brings back the move typed before; Down the line being typed.
    press(c, Key::named(Key::Name::Up));
    CHECK(c.ui().prompt.text() == "d2-c3");
    press(c, Key::named(Key::Name::Down));
    CHECK(c.ui().prompt.text() == "e");
    // Tab at the save prompt completes nothing, and says so.
    c.handle(Action::of(K::PromptClose));
    c.handle(Action::of(K::Save));
    press(c, Key::character('\t'));
    CHECK(c.ui().message == "Tab completes moves, at the move prompt (:).");
}

TEST_CASE("tui prompt: the cursor inside the line is drawn on its character", "[tui][prompt][frame]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.handle(Action::of(K::OpenPrompt));
    type(c, "c2-c3");
    press(c, Key::named(Key::Name::Left));
    press(c, Key::named(Key::Name::Left));
    const Frame f = compose(c, 24, 80, Glyphs::unicode());
    CHECK(f.line(23) == "Move: c2-c3");
    CHECK(f.at(23, 9).glyph == "c");
    CHECK(f.at(23, 9).role == Role::PromptCursor);
    CHECK(f.at(23, 8).role == Role::Message);
    // At the end, the cursor is the "_" where typing goes on.
    press(c, Key::character(5));
    const Frame g = compose(c, 24, 80, Glyphs::unicode());
    CHECK(g.line(23) == "Move: c2-c3_");
    for (int col = 0; col < 12; ++col) CHECK(g.at(23, col).role == Role::Message);
}

TEST_CASE("tui prompt: a line longer than the screen is shown around the cursor", "[tui][prompt][frame]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.handle(Action::of(K::Save));
    press(c, Key::character(21));
    type(c, std::string(70, 'a') + std::string(20, 'b'));
    // At the end: "…" then the end of the line, as before.
    Frame f = compose(c, 24, 72, Glyphs::unicode());
    CHECK(f.line(23) == "Save to: …" + std::string(41, 'a') + std::string(20, 'b') + "_");
    // At the start: the start of the line, its end cut at the edge.
    press(c, Key::named(Key::Name::UpLeft));
    f = compose(c, 24, 72, Glyphs::unicode());
    CHECK(f.line(23) == "Save to: " + std::string(63, 'a'));
    CHECK(f.at(23, 9).role == Role::PromptCursor);
}
