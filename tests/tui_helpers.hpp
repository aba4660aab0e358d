#pragma once
// What the tests of the terminal's controller share.

#include <algorithm>
#include <string_view>
#include <vector>

#include "front/controller.hpp"

// The host's whole game arrives (its state after a take-back, a result declared there), as the network
// session puts it in place of the controller's game and tells the table: `goes_on` when it continues the
// game before (the same start, that game's moves and perhaps more).
inline void host_sends(fetaix::front::Controller& c, const fetaix::Game& game) {
    const std::vector<fetaix::Move> moves = c.game().moves(), next = game.moves();
    const bool goes_on = game.start() == c.game().start() && next.size() >= moves.size() &&
                         std::equal(moves.begin(), moves.end(), next.begin());
    c.table().game_for_session() = game;
    c.table().replaced(goes_on);
}

// Types a move at the move prompt and enters it, as the keys : c2-c3 Enter do: to the controller, or to a
// screen that takes the same actions (the lessons', the puzzles').
template <class Screen>
void type_move(Screen& c, std::string_view move) {
    using K = fetaix::front::Action::Kind;
    c.handle(fetaix::front::Action::of(K::OpenPrompt));
    for (char ch : move) {
        fetaix::front::Action t = fetaix::front::Action::of(K::PromptChar);
        t.ch = ch;
        c.handle(t);
    }
    c.handle(fetaix::front::Action::of(K::PromptSubmit));
}
