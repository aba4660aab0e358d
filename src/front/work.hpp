#pragma once
// What a game's screen has worked out for it away from the keyboard: the move of the side to move's
// Player (the computer, on the engine's thread) and the hint asked for (the same thread, at full
// strength). Both front ends' loops drive it the same way: drop what a change of game made moot, start
// what may start, wait on its descriptors with their own input, take what is done.

#include <cstdint>
#include <functional>
#include <poll.h>
#include <utility>
#include <vector>

#include "controller.hpp"
#include "play/player.hpp"
#include "play/reviewer.hpp"
#include "play/thinker.hpp"

namespace fetaix::front {

class Work {
public:
    // The computer's moves and the hints are worked out on `thinker`'s thread, the review of the game on
    // `reviewer`'s.
    Work(Controller& controller, play::Thinker& thinker, play::ComputerPlayer& computer, play::Reviewer& reviewer)
        : controller_(controller), thinker_(thinker), computer_(computer), reviewer_(reviewer) {}
    Work(const Work&) = delete;
    Work& operator=(const Work&) = delete;

    // Cancels the move and the hint of a position the game has left (undo, a new game, a file opened), and
    // the review of a game that changed.
    void drop_stale();
    // Starts the hint asked for, then the side to move's Player when it may move now: not while a hint
    // is worked out, the clocks are paused, or the front end holds it back (`hold`: a pause between the
    // computer's moves, a screen too small to show it).
    void start(bool hold = false);
    // The descriptors to wait on, added to `sources` (the move's unless `hold`), and how soon to look
    // again without them to show progress (-1: no need).
    int wait_on(std::vector<pollfd>& sources, bool hold = false) const;
    // What was done: whose move was played (none), whether the hint is shown, whether the review moved
    // on (a position valued) and whether it ended (done or stopped).
    struct Done {
        const play::Player* mover = nullptr;
        bool hinted = false;
        bool review_news = false;
        bool reviewed = false;
    };
    // Shows the hint once found, and plays the move once delivered, through `play` (the front end's
    // way: said as lines, or on the board), unless `hold`.
    Done take(const std::function<void(const Move&)>& play, bool hold = false);
    // The Player that delivers a side's moves, by its seat: none for this keyboard's, nor for the other
    // terminal's, which the network session plays on the table.
    play::Player* player_of(Color side) const;
    // A Player is working out the side to move's move, or the engine a hint.
    bool moving() const { return working_ != nullptr; }
    bool hinting() const { return hinting_; }
    bool reviewing() const { return reviewer_.busy(); }
    void cancel();

private:
    Controller& controller_;
    play::Thinker& thinker_;
    play::ComputerPlayer& computer_;
    play::Reviewer& reviewer_;
    std::uint64_t review_revision_ = 0;
    // The Player delivering the side to move's move, while it works on the position of `revision_`.
    play::Player* working_ = nullptr;
    std::uint64_t revision_ = 0;
    bool hinting_ = false;
    std::uint64_t hint_revision_ = 0;
};

}  // namespace fetaix::front
