// The work away from the keyboard that both front ends' loops drive (src/front/work.hpp): the side to
// move's Player and the hint, started when they may be, waited on by their descriptors, dropped when the
// game changes under them.

#include <algorithm>
#include <poll.h>
#include <vector>

#include <catch2/catch.hpp>

#include "front/work.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::front;
using K = Action::Kind;

namespace {

// Waits until one of the descriptors Work names is readable (the limit only guards a hang).
bool something_done(const Work& work) {
    std::vector<pollfd> sources;
    (void)work.wait_on(sources);
    return !sources.empty() && ::poll(sources.data(), sources.size(), 30000) > 0;
}

Players black_computer(int level, int think_ms) {
    Players players;
    players.black_level = level;
    players.think_ms = think_ms;
    return players;
}

// A game at this keyboard with its work: the controller, the engine's thread, the computer.
struct Screen {
    explicit Screen(const Players& players) : c(Rules{}, players), computer(thinker, c.players()) {}
    Controller c;
    play::Thinker thinker;
    play::ComputerPlayer computer;
    play::Reviewer reviewer;
    Work work{c, thinker, computer, reviewer};
};

}  // namespace

TEST_CASE("work: the side to move's Player works out its move, played the front end's way", "[front][player]") {
    Screen screen(black_computer(1, 50));
    // References, not a structured binding: clang 14 lets no lambda capture one.
    Controller& c = screen.c;
    play::ComputerPlayer& computer = screen.computer;
    Work& work = screen.work;
    work.start();
    CHECK_FALSE(work.moving());  // White's turn: the keyboard's
    type_move(c, "c2-c3");
    work.start();
    REQUIRE(work.moving());
    REQUIRE(something_done(work));
    std::vector<Move> played;
    const Work::Done done = work.take([&](const Move& m) {
        played.push_back(m);
        c.play_delivered(m);
    });
    CHECK(done.mover == &computer);
    CHECK_FALSE(done.hinted);
    // The only legal reply: the compulsory capture.
    REQUIRE(played.size() == 1);
    CHECK(to_string(played[0]) == "c4xc2");
    CHECK(c.game().ply() == 2);
    CHECK_FALSE(work.moving());
    CHECK(c.ui().thinking.empty());
}

TEST_CASE("work: a change of game drops the move of the position it left", "[front][player]") {
    Screen screen(black_computer(8, 60000));
    // References, not a structured binding: clang 14 lets no lambda capture one.
    Controller& c = screen.c;
    play::Thinker& thinker = screen.thinker;
    Work& work = screen.work;
    type_move(c, "c2-c3");
    work.start();
    REQUIRE(work.moving());
    c.handle(Action::of(K::Undo));
    REQUIRE(c.game().ply() == 0);
    work.drop_stale();
    CHECK_FALSE(work.moving());
    // The search is stopped, and nothing is played from the position gone.
    CHECK_FALSE(thinker.busy());
    CHECK(work.take([&](const Move& m) { c.play_delivered(m); }).mover == nullptr);
    CHECK(c.game().ply() == 0);
}

TEST_CASE("work: a move held back is neither waited on nor played until let go", "[front][player]") {
    Screen screen(black_computer(1, 50));
    // References, not a structured binding: clang 14 lets no lambda capture one.
    Controller& c = screen.c;
    play::ComputerPlayer& computer = screen.computer;
    Work& work = screen.work;
    type_move(c, "c2-c3");
    work.start(true);
    CHECK_FALSE(work.moving());
    work.start();
    REQUIRE(something_done(work));
    std::vector<pollfd> sources;
    CHECK(work.wait_on(sources, true) == -1);
    CHECK(sources.empty());
    const auto play = [&](const Move& m) { c.play_delivered(m); };
    CHECK(work.take(play, true).mover == nullptr);
    CHECK(c.game().ply() == 1);
    CHECK(work.take(play).mover == &computer);
    CHECK(c.game().ply() == 2);
}

TEST_CASE("work: a hint asked on a person's turn is worked out and shown", "[front][engine]") {
    Screen screen(Players{});
    // References, not a structured binding: clang 14 lets no lambda capture one.
    Controller& c = screen.c;
    Work& work = screen.work;
    c.handle(Action::of(K::Hint));
    work.start();
    REQUIRE(work.hinting());
    REQUIRE(something_done(work));
    const Work::Done done = work.take([](const Move&) { FAIL("no move is the computer's here"); });
    CHECK(done.hinted);
    CHECK_FALSE(work.hinting());
    REQUIRE(c.ui().hint);
    const MoveList legal = c.legal_moves();
    CHECK(std::find(legal.begin(), legal.end(), *c.ui().hint) != legal.end());
}
