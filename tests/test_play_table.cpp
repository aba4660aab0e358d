// The table: the one game in progress and its clocks, each change published to every view that listens.
// Expected values from the rules by hand (the start position's moves) and from the clock's arithmetic.

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "play/table.hpp"

using namespace fetaix;
using play::Table;
using play::TableEvent;
using play::Timer;
using K = TableEvent::Kind;

namespace {

Move move_in(const Game& g, const char* text) { return *parse_move(text, g.position(), g.rules()); }

// What a view heard, one line an event: "Moved White c2-c3", "Stepped", "Replaced goes on".
struct Heard {
    std::vector<std::string> lines;
    explicit Heard(Table& t) {
        t.listen([this](const TableEvent& e) {
            switch (e.kind) {
                case K::Moved: lines.push_back(concat("Moved ", to_string(e.mover), " ", to_string(e.move))); break;
                case K::Stepped: lines.push_back("Stepped"); break;
                case K::Ended: lines.push_back("Ended"); break;
                case K::Begun: lines.push_back("Begun"); break;
                case K::Replaced: lines.push_back(e.goes_on ? "Replaced goes on" : "Replaced"); break;
            }
        });
    }
};

}  // namespace

Position at(const char* fen) { return *parse_fen(fen); }

// White's man on c1 against Black's on e5, a minute on each clock, on a time the test moves on.
struct Timed {
    Millis now = 0;
    Table table{Rules{}, at("W:Wc1:Be5")};
    Timed() {
        table.set_time_source([this] { return now; });
        table.set_controls(*parse_time_control("1"), *parse_time_control("1"));
    }
    Timed(const Timed&) = delete;
    Timed& operator=(const Timed&) = delete;
};

TEST_CASE("table: every change to the game is published to every view, and counted", "[play][table]") {
    // White's man on c1, Black's on e5: c1-c2 and e5-e4 are steps forward.
    Table t(Rules{}, at("W:Wc1:Be5"));
    Heard screen(t), other(t);
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    REQUIRE(t.play(move_in(t.game(), "e5-e4")));
    REQUIRE(t.undo());
    REQUIRE(t.redo());
    t.resign(Color::White);
    const std::vector<std::string> expected{"Moved White c1-c2", "Moved Black e5-e4", "Stepped", "Stepped", "Ended"};
    CHECK(screen.lines == expected);
    CHECK(other.lines == expected);
    CHECK(t.revision() == 5);
    CHECK(t.game().result() == GameResult{Outcome::BlackWins, Reason::Resignation});
}

TEST_CASE("table: a move the rules refuse changes nothing and is heard by nobody", "[play][table]") {
    Table t(Rules{}, at("W:Wc1:Be5"));
    Heard screen(t);
    // a1-a2 is a step of another position's man: there is no man on a1 here.
    const Game other(Rules{}, at("W:Wa1:Ba5"));
    const auto refused = t.play(move_in(other, "a1-a2"));
    CHECK_FALSE(refused);
    CHECK(t.game().ply() == 0);
    CHECK(t.revision() == 0);
    CHECK(screen.lines.empty());
}

TEST_CASE("table: the network session's own changes to the game are published as the table's",
          "[play][table][network]") {
    Table t(Rules{}, at("W:Wc1:Be5"));
    Heard screen(t);
    // The session plays the other terminal's move on the one game, then says so.
    Game& game = t.game_for_session();
    const Move m = move_in(game, "c1-c2");
    REQUIRE(game.play(m));
    t.moved(Color::White, m);
    // Then the host's whole game: a new one, not going on from this one.
    game = Game(Rules{}, at("W:Wc1:Be5"));
    t.replaced(false);
    CHECK(screen.lines == std::vector<std::string>{"Moved White c1-c2", "Replaced"});
    CHECK(t.revision() == 2);
}

TEST_CASE("table: a view that leaves hears nothing more", "[play][table]") {
    Table t(Rules{}, at("W:Wc1:Be5"));
    std::vector<std::string> heard;
    const int id = t.listen([&](const TableEvent&) { heard.push_back("heard"); });
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    t.unlisten(id);
    REQUIRE(t.play(move_in(t.game(), "e5-e4")));
    CHECK(heard.size() == 1);
    CHECK(t.revision() == 2);
}

TEST_CASE("table: a new game begins from the start with fresh clocks, and is published", "[play][table][clock]") {
    Timed timed;
    Table& t = timed.table;
    Millis& now = timed.now;
    Heard screen(t);
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    now += 5000;
    t.begin(Game(Rules{}, t.start()), t.start());
    CHECK(t.game().ply() == 0);
    CHECK(*t.clock_reading() == ClockReading{60000, 60000, std::nullopt});
    CHECK(screen.lines == std::vector<std::string>{"Moved White c1-c2", "Begun"});
}

TEST_CASE("table: each move presses its mover's clock; the side whose time runs out loses on time",
          "[play][table][clock]") {
    Timed timed;
    Table& t = timed.table;
    Millis& now = timed.now;
    Heard screen(t);
    // No clock runs before the first move; White's move starts Black's.
    CHECK_FALSE(t.clock()->running());
    now += 7000;
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    CHECK(t.clock()->running() == Color::Black);
    now += 59999;
    CHECK(*t.clock_reading() == ClockReading{60000, 1, Color::Black});
    // Under twenty seconds left, Black's clock was marked once: the tick that first finds it low says so.
    CHECK(t.clock_warning(Color::Black) == 15000);  // a quarter of a minute
    const auto low = t.tick(false);
    CHECK(low.warned == Color::Black);
    CHECK_FALSE(t.tick(false).warned);
    now += 1;
    const auto fall = t.tick(false);
    CHECK(fall.fell == Color::Black);
    CHECK(t.game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    CHECK(screen.lines == std::vector<std::string>{"Moved White c1-c2", "Ended"});
}

TEST_CASE("table: nobody here stops the clocks; the players' pause too", "[play][table][clock]") {
    Timed timed;
    Table& t = timed.table;
    Millis& now = timed.now;
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    t.sync_clock(true);  // a saved game shown for a question, say
    now += 10000;
    CHECK(t.clock_reading()->black == 60000);
    t.sync_clock(false);
    now += 1000;
    CHECK(t.clock_reading()->black == 59000);
    t.set_clock_paused(true);
    t.sync_clock(false);
    now += 1000;
    CHECK(t.clock_reading()->black == 59000);
}

TEST_CASE(
    "table: timed by a host, the table neither presses the clocks nor decides a fall, and stands only for "
    "a host elsewhere",
    "[play][table][clock][network]") {
    Millis now = 0;
    Table t(Rules{}, at("W:Wc1:Be5"));
    t.set_time_source([&now] { return now; });
    const TimeControl minute = *parse_time_control("1");
    t.set_timer(Timer::HostElsewhere);
    // The session sets the clocks from the host's reading, then plays the host's move on the game.
    std::optional<Clock>& clock = t.clock_for_session();
    clock.emplace(minute, minute);
    clock->set(ClockReading{60000, 2000, Color::Black}, 0);
    Game& game = t.game_for_session();
    const Move m = move_in(game, "c1-c2");
    REQUIRE(game.play(m));
    t.moved(Color::White, m);
    // Not pressed again here: Black's clock runs on from the host's reading.
    CHECK(*t.clock_reading() == ClockReading{60000, 2000, Color::Black});
    now += 3000;
    CHECK(t.clock_reading()->black == 0);
    CHECK_FALSE(t.tick(false).fell);
    CHECK_FALSE(t.game().over());
    CHECK_FALSE(t.clock_wait());  // the host's word on the fall is awaited, not a clock's change

    // With the host elsewhere gone (nobody here), the clocks shown stand; this program's host's never do.
    clock->set(ClockReading{60000, 50000, Color::Black}, now);
    now += 1000;
    t.sync_clock(true);
    now += 5000;
    CHECK(*t.clock_reading() == ClockReading{60000, 49000, Color::Black});
    t.set_timer(Timer::Host);
    t.sync_clock(true);
    now += 4000;
    CHECK(*t.clock_reading() == ClockReading{60000, 45000, Color::Black});
}

TEST_CASE("table: a players' pause ends when a host comes to time the game", "[play][table][clock][network]") {
    Millis now = 0;
    Table t(Rules{}, at("W:Wc1:Be5"), *parse_time_control("1"), *parse_time_control("1"));
    t.set_time_source([&now] { return now; });
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    t.set_clock_paused(true);
    t.sync_clock(false);
    now += 7000;
    CHECK(*t.clock_reading() == ClockReading{60000, 60000, Color::Black});
    t.set_timer(Timer::Host);
    CHECK_FALSE(t.clock_paused());
    now += 2000;
    CHECK(*t.clock_reading() == ClockReading{60000, 58000, Color::Black});
}

TEST_CASE("table: a snapshot puts back the game and its clocks, without a change to save", "[play][table][clock]") {
    Timed timed;
    Table& t = timed.table;
    Millis& now = timed.now;
    REQUIRE(t.play(move_in(t.game(), "c1-c2")));
    now += 4000;
    const Table::Snapshot before = t.snapshot();
    t.begin(Game(Rules{}, at("W:Wa1:Ba5")), at("W:Wa1:Ba5"));
    const auto revision = t.revision();
    now += 30000;
    t.restore(before, false);
    CHECK(t.game().ply() == 1);
    CHECK(t.start() == at("W:Wc1:Be5"));
    CHECK(*t.clock_reading() == ClockReading{60000, 56000, Color::Black});
    CHECK(t.revision() == revision);
}

TEST_CASE("table: a side's seat is the computer's when it has a level, another terminal's when remote, else here",
          "[play][table]") {
    Table t(Rules{});
    CHECK(t.seat(Color::White) == play::Seat::Keyboard);
    CHECK(t.seat(Color::Black) == play::Seat::Keyboard);
    play::Players players;
    players.black_level = 3;
    t.set_players(players);
    t.set_remote(Color::White, true);
    CHECK(t.seat(Color::White) == play::Seat::Remote);
    CHECK(t.seat(Color::Black) == play::Seat::Computer);
    // A snapshot keeps who played: a saved game shown for a while does not change the players after it.
    const Table::Snapshot before = t.snapshot();
    t.set_players(play::Players{});
    t.restore(before, false);
    CHECK(t.players().black_level == 3);
}

TEST_CASE(
    "table: a record's tags go with its game, who plays and the clocks written as they stand; a new game has none",
    "[play][table][pdn]") {
    Millis now = 0;
    Table t(Rules{});
    t.set_time_source([&now] { return now; });
    play::Players players;
    players.white = "Ali";
    players.black = "Zineb";
    t.set_players(players);
    // The record's own Event and Site stay; its players and clock tags give way to the table's.
    // After White's move Black's clock runs, a capital B (docs/notation.md, "Game clocks").
    const auto records = parse_pdn(
        "[Event \"Rabat club\"]\n[Site \"Rabat\"]\n[White \"Someone\"]\n"
        "[TimeControl \"60\"]\n\n1. c2-c3 *\n");
    REQUIRE(records);
    const GameRecord& record = records->front();
    t.begin(to_game(record), record.start, &record);
    const std::vector<Tag> tags = t.tags();
    std::vector<std::string> shown;
    for (const Tag& tag : tags) shown.push_back(concat(tag.name, "=", tag.value));
    CHECK(shown == std::vector<std::string>{"Event=Rabat club", "Site=Rabat", "White=Ali", "WhiteType=human",
                                            "Black=Zineb", "BlackType=human", "TimeControl=60",
                                            "Clock=w0:01:00 B0:01:00"});
    // A new game is not the record's: no Event of its own; it is played on the record's clocks, fresh.
    t.begin(Game(Rules{}), start_position());
    shown.clear();
    for (const Tag& tag : t.tags()) shown.push_back(concat(tag.name, "=", tag.value));
    CHECK(shown == std::vector<std::string>{"Event=fetaix game", "White=Ali", "WhiteType=human", "Black=Zineb",
                                            "BlackType=human", "TimeControl=60", "Clock=w0:01:00 b0:01:00"});
}

TEST_CASE("table: a record without clocks gets the given ones, not those of the record before",
          "[play][table][clock]") {
    Millis now = 0;
    Table untimed_here(Rules{});
    untimed_here.set_time_source([&now] { return now; });
    const auto timed = parse_pdn("[TimeControl \"300+3\"]\n\n1. c2-c3 *\n");
    const auto untimed = parse_pdn("1. d2-c3 *\n");
    REQUIRE(timed);
    REQUIRE(untimed);
    untimed_here.begin(to_game(timed->front()), timed->front().start, &timed->front());
    REQUIRE(untimed_here.clock());
    // No clocks given (no --clock): the untimed record stays untimed, and a new game after it too.
    untimed_here.begin(to_game(untimed->front()), untimed->front().start, &untimed->front());
    CHECK_FALSE(untimed_here.clock());
    CHECK_FALSE(untimed_here.game().clock_at(untimed_here.game().ply()));
    untimed_here.begin(Game(Rules{}), start_position());
    CHECK_FALSE(untimed_here.clock());
    // Clocks given (--clock 1): the untimed record gets them, fresh, after a timed record as before.
    Table given(Rules{}, start_position(), *parse_time_control("1"), *parse_time_control("1"));
    given.set_time_source([&now] { return now; });
    given.begin(to_game(timed->front()), timed->front().start, &timed->front());
    given.begin(to_game(untimed->front()), untimed->front().start, &untimed->front());
    REQUIRE(given.clock());
    CHECK(given.clock()->control(Color::White) == *parse_time_control("1"));
}

TEST_CASE("table: the history holds a game kept, the same moves with its end taken back, and no other game",
          "[play][table][history]") {
    // White's man on c1 takes Black's on c2 by c1xc3 (a short leap up the file): the game ends there.
    Table t(Rules{}, at("W:Wc1:Bc2"));
    REQUIRE(t.play(move_in(t.game(), "c1xc3")));
    REQUIRE(t.game().over());
    t.history() = {play::history_key(t.game()), "/state/history/2026-12-05-0930.pdn"};
    CHECK(t.history().holds(t.game()));
    // Taken back, it is the game kept when it ended; played on to another end, another game.
    REQUIRE(t.undo());
    CHECK(t.history().holds(t.game()));
    t.begin(Game(Rules{}, at("W:Wa1:Bc2")), at("W:Wa1:Bc2"));
    REQUIRE(t.play(move_in(t.game(), "a1-a2")));
    CHECK_FALSE(t.history().holds(t.game()));
}

TEST_CASE("table: the autosave's tags name the history's record of the game; a snapshot keeps the entry",
          "[play][table][history]") {
    Table t(Rules{});
    CHECK(t.autosave_tags() == t.tags());
    t.history() = {"key", "/state/history/2026-12-05-0930.pdn"};
    CHECK(t.autosave_tags().back() == Tag{"Kept", "2026-12-05-0930.pdn"});
    CHECK(t.tags().size() + 1 == t.autosave_tags().size());
    // A saved game shown for a question puts its own entry on the table; the game before comes back with its.
    const Table::Snapshot before = t.snapshot();
    t.history() = {};
    t.restore(before, false);
    CHECK(t.history().path == "/state/history/2026-12-05-0930.pdn");
    CHECK(t.history().kept == "key");
}

TEST_CASE("table: a record's comments are kept for the plies whose moves are still the record's",
          "[play][table][pdn]") {
    const auto records = parse_pdn(
        "{start note} 1. d2-c3 {[%eval +0.10]} b4xd2 {[%eval -0.20] lost a man} "
        "2. e1xc3 {[%eval +1.00]} *");
    REQUIRE(records);
    const GameRecord& record = records->front();
    Table t{Rules{}, start_position()};
    t.begin(to_game(record), record.start, &record);
    const std::vector<std::string> all{"start note", "[%eval +0.10]", "[%eval -0.20] lost a man", "[%eval +1.00]"};
    CHECK(t.comments() == all);
    // Taken back, the last move's comment goes; played again, it comes back.
    REQUIRE(t.undo());
    CHECK(t.comments() == std::vector<std::string>(all.begin(), all.begin() + 3));
    REQUIRE(t.play(move_in(t.game(), "e1xc3")));
    CHECK(t.comments() == all);
    // Another move in its place: the comments after it are not this game's.
    REQUIRE(t.undo());
    REQUIRE(t.play(move_in(t.game(), "b2xb4")));
    CHECK(t.comments() == std::vector<std::string>(all.begin(), all.begin() + 3));
    // A new game has none.
    t.begin(Game(Rules{}, start_position()), start_position());
    CHECK(t.comments().empty());
}
