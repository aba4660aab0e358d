// Game clocks in the terminal game: the controller under an injected time, so nothing
// sleeps; what the screen shows; the record and the autosave round trip.

#include <memory>

#include <catch2/catch.hpp>

#include "front/controller.hpp"
#include "tui/frame.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using K = Action::Kind;

namespace {

// A controller on a fake clock: `time` is what now() answers.
struct Timed {
    std::shared_ptr<Millis> time = std::make_shared<Millis>(1000000);
    Controller c{Rules{}, Players{}};
    explicit Timed(std::string_view spec, Players players = {}) : c(Rules{}, std::move(players)) {
        c.set_time_source([t = time] { return *t; });
        const TimeControl tc = *parse_time_control(spec);
        c.set_clocks(tc, tc);
    }
    void wait(Millis ms) { *time += ms; }
    void play(std::string_view move) {
        REQUIRE(c.handle(Action::of(K::OpenPrompt)));
        for (char ch : move) {
            Action a = Action::of(K::PromptChar);
            a.ch = ch;
            c.handle(a);
        }
        c.handle(Action::of(K::PromptSubmit));
        REQUIRE(c.ui().message.empty());
    }
};

std::string clock_line(const Controller& c) {
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    for (int row = 0; row < f.rows(); ++row) {
        const std::string line = f.line(row);
        const std::size_t at = line.find("Clock ");
        if (at != std::string::npos) return line.substr(at);
    }
    return "";
}

std::string status_line(const Controller& c) {
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    for (int row = 0; row < f.rows(); ++row)
        if (f.line(row).rfind("Game over", 0) == 0 || f.line(row).find(" to move") != std::string::npos)
            return f.line(row);
    return "";
}

}  // namespace

TEST_CASE("tui clock: no clock runs before the first move; it starts Black's", "[tui][clock]") {
    Timed t("5+3");
    CHECK(clock_line(t.c) == "Clock  w 5:00   b 5:00");
    CHECK_FALSE(t.c.clock_wait());
    t.wait(60000);  // White thinks a minute over the first move: untimed
    t.play("c2-c3");
    CHECK(t.c.clock_reading() == ClockReading{300000, 300000, Color::Black});
    CHECK(clock_line(t.c) == "Clock  w 5:00  >b 5:00");
    t.wait(4500);
    CHECK(clock_line(t.c) == "Clock  w 5:00  >b 4:55");
    t.play("c4xc2");
    // Black's move is the first timed one: the first increment is Black's.
    CHECK(t.c.clock_reading() == ClockReading{300000, 298500, Color::White});
    CHECK(t.c.game().clock_at(2) == ClockReading{300000, 298500, Color::White});
    // The program's loop is woken when the shown time next changes.
    CHECK(t.c.clock_wait() == 1);
}

TEST_CASE("tui clock: tenths under ten seconds, the warning mark, and the fall", "[tui][clock]") {
    Timed t("0:40");
    t.play("c2-c3");
    t.wait(19500);
    CHECK(clock_line(t.c) == "Clock  w 0:40  >b 0:20");
    t.wait(1000);  // whole seconds, cut down
    CHECK(clock_line(t.c) == "Clock  w 0:40  >b 0:19");
    t.wait(10000);  // tenths under ten seconds, and the mark under the warning time (a quarter of 40 s)
    CHECK(clock_line(t.c) == "Clock  w 0:40  >b 0:09.5!");
    t.wait(9499);
    CHECK(t.c.tick());
    CHECK_FALSE(t.c.game().over());
    CHECK(clock_line(t.c) == "Clock  w 0:40  >b 0:00.0!");
    t.wait(1);
    CHECK(t.c.tick());
    CHECK(t.c.game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    CHECK(t.c.ui().message == "Time is up for Black.");
    CHECK(status_line(t.c) == "Game over: White wins on time.");
    CHECK(clock_line(t.c) == "Clock  w 0:40   b 0:00.0!");
    // Recorded as such.
    const std::string record = format_pdn(t.c.game(), t.c.tags());
    CHECK(record.find("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n") != std::string::npos);
    CHECK(record.find("[TimeControl \"40\"]") != std::string::npos);
}

TEST_CASE("tui clock: a key after the fall finds the game over", "[tui][clock]") {
    Timed t("0:05");
    t.play("c2-c3");
    t.wait(5000);
    // No tick in between: the key itself sees the fall first.
    t.c.handle(Action::of(K::OpenPrompt));
    for (char ch : std::string("c4xc2")) {
        Action a = Action::of(K::PromptChar);
        a.ch = ch;
        t.c.handle(a);
    }
    t.c.handle(Action::of(K::PromptSubmit));
    CHECK(t.c.game().ply() == 1);
    CHECK(t.c.game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
}

TEST_CASE("tui clock: p pauses both clocks and starts them again", "[tui][clock]") {
    Timed t("1");
    t.play("c2-c3");
    t.wait(2000);
    t.c.handle(Action::of(K::Pause));
    CHECK(t.c.ui().message == "Clocks paused: p starts them again.");
    CHECK(clock_line(t.c) == "Clock  w 1:00   b 0:58  paused");
    CHECK_FALSE(t.c.clock_wait());
    t.wait(600000);
    CHECK_FALSE(t.c.tick());
    CHECK(t.c.clock_reading()->black == 58000);
    // Nothing is played while they are paused.
    REQUIRE(t.c.handle(Action::of(K::OpenPrompt)));
    for (char ch : std::string_view("c4xc2")) {
        Action a = Action::of(K::PromptChar);
        a.ch = ch;
        t.c.handle(a);
    }
    t.c.handle(Action::of(K::PromptSubmit));
    CHECK(t.c.game().ply() == 1);
    CHECK(t.c.ui().message == "The clocks are paused: p starts them again.");
    t.c.handle(Action::of(K::PromptClose));
    t.c.handle(Action::of(K::Pause));
    CHECK(t.c.ui().message == "Clocks running again.");
    t.wait(1000);
    CHECK(t.c.clock_reading()->black == 57000);
    // Without clocks, p says how to have them.
    Controller plain(Rules{}, Players{});
    plain.handle(Action::of(K::Pause));
    CHECK(plain.ui().message == "No clocks in this game: fetaix --clock 5+3 starts one with them.");
}

TEST_CASE("tui clock: undo and redo put both clocks back as they were at that ply", "[tui][clock][undo]") {
    Timed t("5+2");
    t.play("c2-c3");
    t.wait(10000);
    t.play("c4xc2");  // Black: 300 - 10 + 2
    t.wait(30000);
    t.play("c1xc3");  // White: 300 - 30 + 2
    const ClockReading after3{272000, 292000, Color::Black};
    CHECK(t.c.clock_reading() == after3);
    t.wait(50000);
    t.c.handle(Action::of(K::Undo));
    // Back at ply 2: White to move with what White had then, running from now.
    CHECK(t.c.clock_reading() == ClockReading{300000, 292000, Color::White});
    t.wait(5000);
    CHECK(t.c.clock_reading() == ClockReading{295000, 292000, Color::White});
    t.c.handle(Action::of(K::Redo));
    CHECK(t.c.clock_reading() == after3);
    // Undo to the start: no clock runs until the first move again.
    t.c.handle(Action::of(K::Undo));
    t.c.handle(Action::of(K::Undo));
    t.c.handle(Action::of(K::Undo));
    CHECK(t.c.clock_reading() == ClockReading{300000, 300000, std::nullopt});
    // Undo of a fall gives the game back, the clocks as at that ply.
    Timed f("0:05");
    f.play("c2-c3");
    f.wait(6000);
    f.c.tick();
    REQUIRE(f.c.game().over());
    f.c.handle(Action::of(K::Undo));
    CHECK_FALSE(f.c.game().over());
    CHECK(f.c.ui().message == "Black's loss on time is taken back.");
    CHECK(f.c.clock_reading() == ClockReading{5000, 5000, Color::Black});
}

TEST_CASE("tui clock: quit and resume: each clock where it was, the right one running", "[tui][clock][autosave]") {
    Timed t("5+3");
    t.play("c2-c3");
    t.wait(10000);
    t.play("c4xc2");
    t.wait(12345);  // White has used 12.345 s of this turn when the program stops
    const std::string saved = format_pdn(t.c.game(), t.c.tags(), true);
    CHECK(saved.find("[Clock \"W0:04:47.655 b0:04:53\"]") != std::string::npos);
    auto records = parse_pdn(saved);
    REQUIRE(records.ok());

    // The next start: the question on screen for a long while, then yes.
    Timed r("5+3");
    r.c.offer_resume(records->front());
    CHECK(r.c.question_text() == "Resume the unfinished game (1 move)? (y/n)");
    r.wait(100000);
    CHECK_FALSE(r.c.tick());
    CHECK(clock_line(r.c) == "Clock  w 4:47   b 4:53");  // held: none marked as running
    r.c.handle(Action::of(K::Yes));
    CHECK(r.c.clock_reading() == ClockReading{287655, 293000, Color::White});
    r.wait(1000);
    CHECK(r.c.clock_reading() == ClockReading{286655, 293000, Color::White});
    // Undo still finds the earlier readings, from the record's clock comments.
    r.c.handle(Action::of(K::Undo));
    CHECK(r.c.clock_reading() == ClockReading{300000, 300000, Color::Black});

    // Paused when it stopped: paused when resumed.
    t.c.handle(Action::of(K::Pause));
    auto paused = parse_pdn(format_pdn(t.c.game(), t.c.tags(), true));
    REQUIRE(paused.ok());
    Timed p("5");
    p.c.load(paused->front());
    CHECK(p.c.clock_paused());
    p.wait(5000);
    CHECK(p.c.clock_reading() == ClockReading{287655, 293000, Color::White});
    // The record's own clock wins over the one set for new games.
    CHECK(p.c.clock()->control(Color::White) == TimeControl{300000, Bonus::Fischer, 3000});
}

TEST_CASE("tui clock: a handicap writes each side's time control", "[tui][clock]") {
    Controller c(Rules{}, Players{});
    c.set_clocks(*parse_time_control("5"), *parse_time_control("1+2"));
    const std::string record = format_pdn(c.game(), c.tags());
    CHECK(record.find("[WhiteTimeControl \"300\"]\n[BlackTimeControl \"60+2\"]\n[Clock \"w0:05:00 b0:01:00\"]") !=
          std::string::npos);
    auto back = parse_pdn(record);
    REQUIRE(back.ok());
    CHECK(back->front().black_clock == TimeControl{60000, Bonus::Fischer, 2000});
}

TEST_CASE("tui clock: the computer thinks from its clock instead of --time", "[tui][clock][engine]") {
    Players players;
    players.black_level = 3;
    players.think_ms = 3000;
    Timed t("2+1", players);
    t.play("c2-c3");
    t.wait(60000);
    // 60 s left, 1 s increment: 60/20 + 0.75.
    CHECK(t.c.think_ms() == 3750);
    Controller untimed(Rules{}, players);
    CHECK(untimed.think_ms() == 3000);
}

TEST_CASE("tui clock: the help page names p in a timed game only", "[tui][clock][help]") {
    const auto has_p = [](const Controller& c) {
        const Frame f = compose(c, 24, 80, Glyphs::ascii());
        for (int row = 0; row < f.rows(); ++row)
            if (f.line(row).find("p  pause both clocks, or start them again") != std::string::npos) return true;
        return false;
    };
    Timed t("5");
    t.c.handle(Action::of(K::Help));
    CHECK(has_p(t.c));
    Controller plain(Rules{}, Players{});
    plain.handle(Action::of(K::Help));
    CHECK_FALSE(has_p(plain));
}

TEST_CASE("tui clock: the redo line's clocks survive the autosave", "[tui][clock][undo][autosave]") {
    Timed t("5");
    t.play("c2-c3");
    t.wait(7000);
    t.play("c4xc2");
    t.wait(9000);
    t.play("c1xc3");
    t.c.handle(Action::of(K::Undo));
    t.c.handle(Action::of(K::Undo));
    const std::string saved = format_pdn(t.c.game(), t.c.tags(), true);
    CHECK(saved.find("[Redo \"c4xc2 c1xc3\"]\n[RedoClocks \"W0:05:00 b0:04:53;w0:04:51 B0:04:53\"]") !=
          std::string::npos);
    auto records = parse_pdn(saved);
    REQUIRE(records.ok());
    Timed r("5");
    r.c.load(records->front());
    r.c.handle(Action::of(K::Redo));
    CHECK(r.c.clock_reading() == ClockReading{300000, 293000, Color::White});
    r.c.handle(Action::of(K::Redo));
    CHECK(r.c.clock_reading() == ClockReading{291000, 293000, Color::Black});
    // A bad reading there is an error with the tag's place.
    auto bad = parse_pdn("[Redo \"c4xc2\"]\n[RedoClocks \"W0:05:00\"]\n1. c2-c3 *");
    REQUIRE_FALSE(bad.ok());
    CHECK(
        bad.error().describe() ==
        "line 2, column 1: tag RedoClocks: expected readings such as w0:04:53 B0:05:00, ';' between them, not 'W0:05:00'");
}

TEST_CASE("tui clock: replay shows the clocks as they stood after the move shown", "[tui][clock][replay]") {
    Timed t("5");
    t.play("c2-c3");
    t.wait(7000);
    t.play("c4xc2");
    auto records = parse_pdn(format_pdn(t.c.game(), t.c.tags()));
    REQUIRE(records.ok());
    Controller replay(Rules{}, Players{});
    replay.load(records->front());
    replay.start_replay("");
    CHECK(clock_line(replay) == "Clock  w 5:00   b 5:00");
    replay.handle(Action::of(K::StepForward));
    replay.handle(Action::of(K::StepForward));
    CHECK(clock_line(replay) == "Clock  w 5:00   b 4:53");
}

TEST_CASE("tui clock: the bell rings once when a clock passes under the warning time", "[tui][clock][bell]") {
    Timed t("1");
    t.c.set_bell(true);
    t.play("c2-c3");
    t.wait(44000);
    t.c.tick();
    CHECK_FALSE(t.c.take_bell());
    t.wait(1001);  // under 15 s, a quarter of the minute
    CHECK(t.c.tick());
    CHECK(t.c.take_bell());
    t.wait(1000);
    t.c.tick();
    CHECK_FALSE(t.c.take_bell());
}
