// Game clocks: time controls, the clock itself under an injected time, and the computer's
// budget. Every time here is a number passed in: nothing sleeps.

#include "helpers.hpp"
#include <fetaix/engine/engine.hpp>

using namespace fetaix;

namespace {
TimeControl tc(std::string_view spec) {
    auto parsed = parse_time_control(spec);
    REQUIRE(parsed.ok());
    return *parsed;
}
}  // namespace

TEST_CASE("clock SPEC: each kind", "[clock]") {
    CHECK(tc("5") == TimeControl{300000, Bonus::None, 0});
    CHECK(tc("5+3") == TimeControl{300000, Bonus::Fischer, 3000});
    CHECK(tc("5d3") == TimeControl{300000, Bonus::Delay, 3000});
    CHECK(tc("5b3") == TimeControl{300000, Bonus::Bronstein, 3000});
    CHECK(tc("0:30+1") == TimeControl{30000, Bonus::Fischer, 1000});
    CHECK(tc("0:05") == TimeControl{5000, Bonus::None, 0});
    CHECK(tc("90") == TimeControl{5400000, Bonus::None, 0});
    CHECK(tc("5+0") == TimeControl{300000, Bonus::None, 0});
}

TEST_CASE("clock SPEC: bad ones say what is expected", "[clock]") {
    const std::string expected =
        "expected MINUTES[:SS] with +SECONDS (increment), dSECONDS (delay) or bSECONDS (Bronstein), such as 5, 5+3, "
        "5d3, 5b3 or 0:30+1";
    for (std::string_view bad : {"", "x", "5+", "5x3", "+3", "5:3", "5:60", "5:300", "-5", "5.5", "5+3+1", " 5", "5 ",
                                 "5d", "1:2:3", "0x10"}) {
        INFO(bad);
        auto parsed = parse_time_control(bad);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().message == concat("bad clock '", bad, "': ", expected));
    }
    CHECK(parse_time_control("0").error().message == "bad clock '0': the time is from 0:01 to 600 minutes");
    CHECK(parse_time_control("601").error().message == "bad clock '601': the time is from 0:01 to 600 minutes");
    CHECK(parse_time_control("5+61").error().message == "bad clock '5+61': the bonus is at most 60 seconds");
    CHECK(parse_time_control("5d99").error().message == "bad clock '5d99': the bonus is at most 60 seconds");
    CHECK(parse_time_control("0:00+3").error().message == "bad clock '0:00+3': the time is from 0:01 to 600 minutes");
}

TEST_CASE("clock: TimeControl tag round trip", "[clock]") {
    for (std::string_view spec : {"5", "5+3", "5d3", "5b3", "0:30+1"}) {
        const TimeControl t = tc(spec);
        auto back = parse_time_control_tag(time_control_tag(t));
        REQUIRE(back.ok());
        CHECK(*back == t);
    }
    CHECK(time_control_tag(tc("5+3")) == "300+3");
    CHECK(time_control_tag(tc("0:30")) == "30");
    CHECK(time_control_tag(tc("5b2")) == "300b2");
    CHECK_FALSE(parse_time_control_tag("5:00").ok());
    CHECK_FALSE(parse_time_control_tag("300+").ok());
}

TEST_CASE("clock: readings as text", "[clock]") {
    CHECK(format_clock_reading({293000, 300000, Color::Black}) == "w0:04:53 B0:05:00");
    CHECK(format_clock_reading({3723500, 9000, Color::White}) == "W1:02:03.5 b0:00:09");
    CHECK(format_clock_reading({0, 50, std::nullopt}) == "w0:00:00 b0:00:00.05");
    for (const ClockReading r : {ClockReading{293000, 300000, Color::Black}, ClockReading{1, 999, std::nullopt},
                                 ClockReading{36000000, 0, Color::White}}) {
        const auto back = parse_clock_reading(format_clock_reading(r));
        REQUIRE(back);
        CHECK(*back == r);
    }
    for (std::string_view bad :
         {"", "w0:04:53", "W0:04:53 B0:05:00", "x0:04:53 b0:05:00", "w0:4:53 b0:05:00", "w0:04:60 b0:05:00",
          "w0:04:53 b0:05:00.1234", "w0:04:53  b0:05:00", "w0:04:53 b0:05"}) {
        INFO(bad);
        CHECK_FALSE(parse_clock_reading(bad));
    }
}

TEST_CASE("clock: the first move is untimed; the first increment follows the second move", "[clock]") {
    Clock clock(tc("5+3"), tc("5+3"));
    CHECK(clock.reading(0) == ClockReading{300000, 300000, std::nullopt});
    CHECK_FALSE(clock.next_change(0));
    // White thinks 20 s over the first move: no clock runs yet, no increment.
    clock.press(Color::White, 20000);
    CHECK(clock.reading(20000) == ClockReading{300000, 300000, Color::Black});
    // Black takes 7 s and gets the game's first increment.
    CHECK(clock.reading(27000).black == 293000);
    clock.press(Color::Black, 27000);
    CHECK(clock.reading(27000) == ClockReading{300000, 296000, Color::White});
    // White's second move is timed: 10 s less, 3 s back.
    clock.press(Color::White, 37000);
    CHECK(clock.reading(37000) == ClockReading{293000, 296000, Color::Black});
}

TEST_CASE("clock: sudden death counts down and falls at exactly zero", "[clock]") {
    Clock clock(tc("0:05"), tc("0:05"));
    clock.press(Color::White, 1000);
    CHECK(clock.reading(5999).black == 1);
    CHECK_FALSE(clock.fallen(5999));
    CHECK(clock.fallen(6000) == Color::Black);
    CHECK(clock.reading(6000).black == 0);
    CHECK(clock.reading(9000).black == 0);  // never below zero
    CHECK(clock.reading(9000).white == 5000);
}

TEST_CASE("clock: simple delay waits before counting, and what is not used is lost", "[clock]") {
    Clock clock(tc("1d3"), tc("1d3"));
    clock.press(Color::White, 0);
    CHECK(clock.reading(3000).black == 60000);  // within the delay
    CHECK(clock.reading(3500).black == 59500);
    clock.press(Color::Black, 1000);  // a quick move: nothing charged, nothing gained
    CHECK(clock.reading(1000) == ClockReading{60000, 60000, Color::White});
    clock.press(Color::White, 11000);  // 10 s: 7 charged
    CHECK(clock.reading(11000).white == 53000);
    // The delay under a fall: 60 s + 3 s of delay.
    Clock fall(tc("1d3"), tc("1d3"));
    fall.press(Color::White, 0);
    CHECK_FALSE(fall.fallen(62999));
    CHECK(fall.fallen(63000) == Color::Black);
}

TEST_CASE("clock: Bronstein gives back the time used, up to the bonus", "[clock]") {
    Clock clock(tc("1b3"), tc("1b3"));
    clock.press(Color::White, 0);
    clock.press(Color::Black, 2000);  // 2 s used, 2 s back
    CHECK(clock.reading(2000).black == 60000);
    clock.press(Color::White, 12000);  // 10 s used, 3 s back
    CHECK(clock.reading(12000).white == 53000);
    // Unlike Fischer, a quick move never adds to the clock.
    clock.press(Color::Black, 12100);
    CHECK(clock.reading(12100).black == 60000);
}

TEST_CASE("clock: pause stops the running clock, resume goes on from there", "[clock]") {
    Clock clock(tc("1"), tc("1"));
    clock.press(Color::White, 0);
    clock.pause(4000);
    CHECK(clock.paused());
    CHECK(clock.reading(100000).black == 56000);
    CHECK_FALSE(clock.fallen(1000000));
    CHECK_FALSE(clock.next_change(100000));
    clock.resume(100000);
    CHECK(clock.reading(101000).black == 55000);
    clock.press(Color::Black, 101000);
    CHECK(clock.reading(101000) == ClockReading{60000, 55000, Color::White});
}

TEST_CASE("clock: set() puts a reading back with its running side", "[clock]") {
    Clock clock(tc("5"), tc("5"));
    clock.set(ClockReading{200000, 100000, Color::Black}, 50000);
    CHECK(clock.reading(50000) == ClockReading{200000, 100000, Color::Black});
    CHECK(clock.reading(51000).black == 99000);
    clock.stop(52000);
    CHECK(clock.reading(99000) == ClockReading{200000, 98000, std::nullopt});
}

TEST_CASE("clock: the screen's next change", "[clock]") {
    Clock clock(tc("1"), tc("1"));
    clock.press(Color::White, 0);
    CHECK(clock.next_change(0) == 1);       // 1:00 becomes 0:59 at once
    CHECK(clock.next_change(1) == 1000);    // 59.999 shows 0:59 until 58.999
    CHECK(clock.next_change(50050) == 51);  // 9.950 shows 9.9 until 9.899
    CHECK(clock.next_change(59990) == 10);  // then falls at zero
    Clock delayed(tc("1d3"), tc("1d3"));
    delayed.press(Color::White, 0);
    CHECK(delayed.next_change(1000) == 2001);  // the delay, then the first step
}

TEST_CASE("clock: the computer's budget never loses on time with 1 s plus the increment left", "[clock][engine]") {
    CHECK(think_budget(300000, tc("5")) == 15000);
    CHECK(think_budget(300000, tc("5+3")) == 17250);
    CHECK(think_budget(60000, tc("1d2")) == 5000);
    CHECK(think_budget(100, tc("5")) == 1);
    // The worst case: each move takes its whole budget and the margin the search and the loop may
    // overrun it by. With 1 s plus the increment (or more) left when the move starts, the clock never falls.
    for (std::string_view spec : {"1", "1+1", "1+3", "1+60", "1d3", "1b3", "0:01", "0:01+2"}) {
        const TimeControl t = tc(spec);
        const Millis bonus = t.kind == Bonus::None ? 0 : t.bonus;
        for (Millis left = 1000 + bonus; left <= 1000 + bonus + 100000; left += 997) {
            INFO(spec << " with " << left << " ms left");
            Clock clock(t, t);
            clock.set(ClockReading{300000, left, Color::Black}, 0);
            const Millis spent = think_budget(left, t) + kThinkMargin - 1;
            REQUIRE_FALSE(clock.fallen(spent));
            clock.press(Color::Black, spent);
            CHECK(clock.reading(spent).black > 0);
        }
    }
}

namespace {
// Five plies, the clocks set after each as a timed game would.
Game timed_game() {
    Game g;
    g.set_clock(ClockReading{300000, 300000, std::nullopt});
    const ClockReading after[] = {{298750, 300000, Color::Black},
                                  {298750, 301000, Color::White},
                                  {295000, 301000, Color::Black},
                                  {295000, 299500, Color::White},
                                  {290000, 299500, Color::Black}};
    std::size_t i = 0;
    for (const char* m : {"d3-c3", "b3xd3", "e3xc3", "d4-d3", "c3xe3"}) {
        REQUIRE(g.play(m).ok());
        g.set_clock(after[i++]);
    }
    return g;
}
}  // namespace

TEST_CASE("clock: a record carries the time control and every move's clocks, and reads them back", "[clock][pdn]") {
    const Game g = timed_game();
    const std::string text = format_pdn(g, {Tag{"TimeControl", "300+3"}});
    CHECK(text.find("[TimeControl \"300+3\"]") != std::string::npos);
    CHECK(text.find("1. d3-c3 {[%clock w0:04:58.75 B0:05:00]} b3xd3 {[%clock W0:04:58.75 b0:05:01]}") !=
          std::string::npos);
    auto read = parse_pdn(text);
    REQUIRE(read.ok());
    const GameRecord& record = read->front();
    CHECK(record.white_clock == TimeControl{300000, Bonus::Fischer, 3000});
    CHECK(record.black_clock == record.white_clock);
    const Game back = to_game(record);
    REQUIRE(back.ply() == g.ply());
    for (std::size_t i = 0; i <= g.ply(); ++i) {
        INFO("ply " << i);
        CHECK(back.clock_at(i) == g.clock_at(i));
    }
    CHECK(format_pdn(back, record.tags) == text);
}

TEST_CASE("clock: a record without clocks stays valid and untimed", "[clock][pdn]") {
    auto read = parse_pdn("1. c2-c3 {a comment} c4xc2 {[%eval 0.1]} *\n");
    REQUIRE(read.ok());
    CHECK_FALSE(read->front().white_clock);
    const Game g = to_game(read->front());
    CHECK_FALSE(g.clock_at(0));
    CHECK_FALSE(g.clock_at(2));
    CHECK(format_pdn(g).find('{') == std::string::npos);
}

TEST_CASE("clock: check names the move of a malformed clock comment", "[clock][pdn]") {
    const auto error = [](std::string_view text) {
        auto read = parse_pdn(text);
        REQUIRE_FALSE(read.ok());
        return read.error().describe();
    };
    CHECK(error("1. c2-c3 c4xc2 {[%clock w0:04:53 B0:5:00]} *") ==
          "line 1, column 16: bad clock comment after move 1 'c4xc2': '[%clock w0:04:53 B0:5:00]' is not "
          "[%clock wH:MM:SS bH:MM:SS] (the running clock's letter in capitals)");
    CHECK(error("1. c2-c3 {[%clock W0:04:53 B0:05:00]} *") ==
          "line 1, column 10: bad clock comment after move 1 'c2-c3': '[%clock W0:04:53 B0:05:00]' is not "
          "[%clock wH:MM:SS bH:MM:SS] (the running clock's letter in capitals)");
    CHECK(error("1. c2-c3 {[%clock w0:04:53 B0:05:00} *") ==
          "line 1, column 10: bad clock comment after move 1 'c2-c3': '[%clock w0:04:53 B0:05:00' is not "
          "[%clock wH:MM:SS bH:MM:SS] (the running clock's letter in capitals)");
    CHECK(error("{[%clock w0:05:00 b0:05:00]} 1. c2-c3 *") ==
          "line 1, column 1: a clock comment comes before the first move: '[%clock w0:05:00 b0:05:00]'");
    CHECK(
        error("[TimeControl \"5:00+3\"]\n1. c2-c3 *") ==
        "line 1, column 1: tag TimeControl: expected seconds and a bonus such as 300, 300+3, 300d3 or 300b3, not '5:00+3'");
    CHECK(error("[WhiteTimeControl \"300\"]\n1. c2-c3 *") ==
          "line 2, column 1: tag BlackTimeControl is missing: a clock for one side only");
}

TEST_CASE("clock: a game lost on time is recorded so and read back so", "[clock][pdn]") {
    Game g;
    REQUIRE(g.play("c2-c3").ok());
    REQUIRE(g.lose_on_time(Color::Black));
    CHECK(g.result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    const std::string text = format_pdn(g, {Tag{"Termination", "abandoned"}});
    CHECK(text.find("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n") != std::string::npos);
    CHECK(text.find("abandoned") == std::string::npos);
    auto read = parse_pdn(text);
    REQUIRE(read.ok());
    CHECK(to_game(read->front()).result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    // Undo takes the fall back, as a resignation.
    REQUIRE(g.undo());
    CHECK_FALSE(g.over());
}

TEST_CASE("clock: match games on a clock, timed by an injected time", "[clock][engine][match]") {
    const engine::Opening opening{Game(), 0};
    Millis now = 0;
    const auto clock_now = [&now] { return now; };
    // Each move takes its whole budget and the margin: never a loss on time with an increment of 1 s.
    std::vector<int> budgets;
    const auto on_budget = [&](const Game& game, bool, int time_ms) {
        budgets.push_back(time_ms);
        now += time_ms + kThinkMargin - 1;
        engine::Result r;
        r.best = game.legal_moves()[0];
        r.has_move = true;
        return r;
    };
    const engine::MatchGame fine = engine::play_timed(opening, 0, 200, tc("0:02+1"), clock_now, on_budget);
    CHECK_FALSE(fine.on_time);
    REQUIRE(budgets.size() > 2);
    CHECK(budgets[0] == 850);  // 2 s / 20, and three quarters of the increment
    // A side that overruns its clock loses on time when its move comes back: game 1, A plays Black.
    int calls = 0;
    const auto slow_black = [&](const Game& game, bool a_moves, int time_ms) {
        ++calls;
        now += a_moves ? 3000 : time_ms;
        engine::Result r;
        r.best = game.legal_moves()[0];
        r.has_move = true;
        return r;
    };
    const engine::MatchGame lost = engine::play_timed(opening, 1, 200, tc("0:02+1"), clock_now, slow_black);
    CHECK(lost.on_time);
    CHECK(lost.score == 0.0);
    CHECK(lost.plies == 1);  // White's first move, then Black's fall
    CHECK(calls == 2);
}
