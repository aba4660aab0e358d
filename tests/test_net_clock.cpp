// Clocks over the network: the host's clock is the authority. The protocol's clock
// fields; the host timing a remote move from its arrival; a rejoin receiving the clocks; a remote
// player's fall decided by the host; a take-back restoring both clocks; the controller following the
// host's clocks and never deciding a fall itself. Real sockets, an injected time: nothing sleeps, and
// every wait is a poll loop until the event, with a deadline that fails the test.

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "front/controller.hpp"
#include "net/session.hpp"

#include "net_helpers.hpp"

using namespace fetaix;
using namespace fetaix::net;
using namespace fetaix::net::test;
using namespace std::chrono_literals;

namespace {

// A hand-driven client: writes lines, collects what the host sends.
struct Raw {
    int fd = -1;
    std::string received;
    explicit Raw(const std::string& path) {
        auto c = connect_to(path, false);
        REQUIRE(c.ok());
        fd = *c;
    }
    ~Raw() { close(); }
    void close() {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
    void write(const std::string& line) const {
        const std::string bytes = line + "\n";
        REQUIRE(::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size()));
    }
    void drain() {
        char buf[4096];
        while (fd >= 0) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
            if (n <= 0) return;
            received.append(buf, static_cast<std::size_t>(n));
        }
    }
    bool has_line(std::string_view line) const { return received.find(std::string(line) + "\n") != std::string::npos; }
    // The last line starting with `prefix`.
    std::string line_starting(std::string_view prefix) const {
        std::string found;
        std::size_t at = 0;
        while (at < received.size()) {
            const std::size_t end = received.find('\n', at);
            if (end == std::string::npos) break;
            if (received.compare(at, prefix.size(), prefix) == 0) found = received.substr(at, end - at);
            at = end + 1;
        }
        return found;
    }
};

// Polls the sessions (and raw clients) until `done`, handing each session `time` as its now: the clocks
// run only when the test moves `time`. Real time only bounds the wait.
bool pump(TimePoint& time, std::vector<Probe*> probes, const std::function<bool()>& done, std::vector<Raw*> raws = {}) {
    const TimePoint deadline = net::Clock::now() + 5000ms;
    while (!done()) {
        if (net::Clock::now() >= deadline) return false;
        std::vector<pollfd> fds;
        for (Probe* p : probes) p->session->poll_fds(fds);
        for (Raw* r : raws)
            if (r->fd >= 0) fds.push_back({r->fd, POLLIN, 0});
        ::poll(fds.data(), fds.size(), 20);
        for (Probe* p : probes) {
            p->session->handle_ready(fds, time);
            for (Event& e : p->session->take_events()) p->events.push_back(std::move(e));
        }
        for (Raw* r : raws) r->drain();
    }
    return true;
}

// One turn of the loop for each session at `time`, whatever is ready.
void step(TimePoint& time, std::vector<Probe*> probes) {
    std::vector<pollfd> fds;
    for (Probe* p : probes) p->session->poll_fds(fds);
    ::poll(fds.data(), fds.size(), 0);
    for (Probe* p : probes) {
        p->session->handle_ready(fds, time);
        for (Event& e : p->session->take_events()) p->events.push_back(std::move(e));
    }
}

// A timed game hosted by Amina (White) on a fake time.
struct TimedTable {
    TempFolder folder;
    std::string path;
    TimePoint time = TimePoint{} + 1000000s;
    Game game;
    std::optional<fetaix::Clock> clock;
    std::deque<Game> copies;                          // one for each client: the sessions play on the test's games
    std::deque<std::optional<fetaix::Clock>> clocks;  // and on their clocks
    std::unique_ptr<Host> host;
    Probe probe{nullptr, {}};

    explicit TimedTable(std::string_view spec) {
        path = folder.path + "/kitchen.sock";
        HostConfig config;
        config.game_name = "kitchen";
        config.socket_path = path;
        config.white = "Amina";
        config.white_clock = config.black_clock = *parse_time_control(spec);
        config.now = [this] { return time; };
        auto h = Host::start(std::move(config), game, clock);
        REQUIRE(h.ok());
        host = std::move(*h);
        probe.session = host.get();
    }
    void wait(Millis ms) { time += std::chrono::milliseconds(ms); }
    Millis now() const { return millis(time); }
    std::unique_ptr<Client> connect(std::string name, std::string token = "") {
        auto c = Client::connect(ClientConfig{path, Role::Seat, std::move(name), "", std::move(token), {}},
                                 copies.emplace_back(), clocks.emplace_back(), time);
        REQUIRE(c.ok());
        return std::move(*c);
    }
};

constexpr std::string_view kOpeningFen = "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";

Move move_in(const Game& g, std::string_view text) {
    auto m = parse_move(text, g.position(), g.rules());
    REQUIRE(m.ok());
    return *m;
}

}  // namespace

TEST_CASE("protocol: clock fields of moved, state and result read back; lines without them still parse",
          "[net][clock]") {
    const Moved moved{2, "b3xd3", Millis{4210}, ClockReading{300000, 298790, Color::White}};
    const std::string line = "moved ply=2 move=b3xd3 used-ms=4210 white-ms=300000 black-ms=298790 running=white";
    CHECK(format(moved) == line);
    REQUIRE(parse(line).ok());
    CHECK(std::get<Moved>(*parse(line)) == moved);

    State state;
    state.white = "Amina";
    state.black = "Youssef";
    state.white_present = state.black_present = true;
    state.plies = 3;
    state.declared = {Outcome::WhiteWins, Reason::TimeForfeit};
    state.white_clock = TimeControl{300000, Bonus::Fischer, 3000};
    state.black_clock = TimeControl{240000, Bonus::Delay, 2000};
    state.clock = ClockReading{302000, 0, std::nullopt};
    const std::string state_line = concat(
        "state white=Amina black=Youssef white-present=yes black-present=yes fen=", kOpeningFen,
        " backward-captures=no promotion=end majority=no no-progress=50 plies=3 result=1-0"
        " reason=time-forfeit white-clock=300+3 black-clock=240d2 white-ms=302000 black-ms=0 running=none");
    CHECK(format(state) == state_line);
    REQUIRE(parse(state_line).ok());
    CHECK(std::get<State>(*parse(state_line)) == state);

    const ResultMessage on_time{{Outcome::BlackWins, Reason::TimeForfeit}};
    CHECK(format(on_time) == "result outcome=0-1 reason=time-forfeit");
    CHECK(std::get<ResultMessage>(*parse("result outcome=0-1 reason=time-forfeit")) == on_time);

    // From a host without clocks: the fields are simply absent.
    const auto old_moved = parse("moved ply=8 move=a1-a2");
    REQUIRE(old_moved.ok());
    CHECK(std::get<Moved>(*old_moved) == Moved{8, "a1-a2", std::nullopt, std::nullopt});
    const auto old_state = parse(concat("state white=A black=B white-present=yes black-present=no fen=", kOpeningFen,
                                        " plies=0"));
    REQUIRE(old_state.ok());
    CHECK_FALSE(std::get<State>(*old_state).white_clock);
    CHECK_FALSE(std::get<State>(*old_state).clock);

    const std::vector<std::pair<std::string, std::string>> bad = {
        {"moved ply=2 move=b3xd3 white-ms=5", "moved: missing field black-ms"},
        {"moved ply=2 move=b3xd3 white-ms=5 black-ms=6 running=green",
         "moved: running: expected white, black or none: \"green\""},
        {"moved ply=2 move=b3xd3 used-ms=-1", "moved: used-ms: not a number: \"-1\""},
        {"moved ply=2 move=b3xd3 white-ms=3600000001 black-ms=0 running=none",
         "moved: white-ms: out of range (0 to 3600000000): \"3600000001\""},
        {"result outcome=1/2-1/2 reason=time-forfeit", "result: reason: time-forfeit does not give 1/2-1/2"},
        {concat("state white=A black=B white-present=yes black-present=no fen=", kOpeningFen,
                " plies=0 white-clock=300"),
         "state: black-clock: missing: both clocks or neither"},
        {concat("state white=A black=B white-present=yes black-present=no fen=", kOpeningFen,
                " plies=0 white-clock=5:00 black-clock=300"),
         "state: white-clock: expected seconds and a bonus such as 300, 300+3, 300d3 or 300b3, not '5:00'"},
        {concat("state white=A black=B white-present=yes black-present=no fen=", kOpeningFen,
                " plies=0 white-ms=1 black-ms=1 running=none"),
         "state: white-ms: clocks without white-clock and black-clock"},
    };
    for (const auto& [text, why] : bad) {
        INFO(text);
        const auto parsed = parse(text);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().message == why);
    }
}

TEST_CASE("net clock: the host times a remote move from its arrival and sends both clocks with it", "[net][clock]") {
    TimedTable t("5+3");
    Raw black(t.path);
    black.write("hello version=1 role=seat name=Youssef");
    REQUIRE(pump(t.time, {&t.probe}, [&] { return !black.line_starting("state").empty(); }, {&black}));
    // The state tells the clocks: none runs before the first move.
    CHECK(
        black.line_starting("state") ==
        concat(
            "state white=Amina black=Youssef white-present=yes black-present=yes fen=", kOpeningFen,
            " backward-captures=no promotion=end majority=no no-progress=50 plies=0 white-clock=300+3 black-clock=300+3"
            " white-ms=300000 black-ms=300000 running=none"));

    // White's first move is untimed; it starts Black's clock.
    t.wait(9000);
    REQUIRE_FALSE(t.host->play(move_in(t.host->game(), "d3-c3")));
    REQUIRE(pump(t.time, {&t.probe},
                 [&] {
                     return black.has_line(
                         "moved ply=1 move=d3-c3 used-ms=0 white-ms=300000 black-ms=300000 running=black");
                 },
                 {&black}));

    // Black's reply arrives 4.21 s later: 4.21 s charged, then the increment; White's clock runs.
    t.wait(4210);
    black.write("move ply=2 move=b3xd3");
    REQUIRE(pump(t.time, {&t.probe}, [&] { return t.host->game().ply() == 2; }, {&black}));
    REQUIRE(pump(t.time, {&t.probe},
                 [&] {
                     return black.has_line(
                         "moved ply=2 move=b3xd3 used-ms=4210 white-ms=300000 black-ms=298790 running=white");
                 },
                 {&black}));
    const Event* clock = t.probe.last(EventKind::Clock);
    REQUIRE(clock != nullptr);
    CHECK(clock->ply == 2);
    CHECK(clock->used == 4210);
    CHECK(clock->clock == ClockReading{300000, 298790, Color::White});
    CHECK(clock->at == t.now());
    CHECK(t.host->game().clock_at(2) == ClockReading{300000, 298790, Color::White});
    t.wait(1500);
    CHECK(t.host->clock()->reading(t.now()) == ClockReading{298500, 298790, Color::White});
}

TEST_CASE(
    "net clock: a player gone keeps their clock running; the rejoin receives the clocks; the host decides the fall",
    "[net][clock]") {
    TimedTable t("5+3");
    std::string token;
    {
        auto client = t.connect("Youssef");
        Probe c{client.get(), {}};
        REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
        token = c.last(EventKind::Welcomed)->text;
        REQUIRE_FALSE(t.host->play(move_in(t.host->game(), "d3-c3")));
        REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Clock) == 2; }));
        // The copy's clocks are the host's, counting down here between messages.
        t.wait(4210);
        step(t.time, {&t.probe, &c});
        CHECK(client->clock()->reading(t.now()) == ClockReading{300000, 295790, Color::Black});
        REQUIRE_FALSE(client->play(move_in(client->game(), "b3xd3")));
        REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Clock) == 3; }));
        // Its own move comes back with the host's clocks.
        CHECK(c.last(EventKind::Clock)->clock == ClockReading{300000, 298790, Color::White});
        CHECK(client->clock()->reading(t.now()) == ClockReading{300000, 298790, Color::White});
    }
    REQUIRE(pump(t.time, {&t.probe}, [&] { return t.probe.count(EventKind::Left) == 1; }));

    // White replies after a second; Black, gone, is on the clock: 42 s pass.
    t.wait(1000);
    REQUIRE_FALSE(t.host->play(t.host->game().legal_moves()[0]));
    t.wait(42000);
    auto client = t.connect("Youssef", token);
    Probe c{client.get(), {}};
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Clock) == 1; }));
    CHECK(c.count(EventKind::Synced) == 1);
    CHECK(client->game().ply() == 3);
    CHECK(client->clock()->control(Color::Black) == TimeControl{300000, Bonus::Fischer, 3000});
    CHECK(client->clock()->reading(t.now()) == ClockReading{302000, 256790, Color::Black});
    CHECK(c.last(EventKind::Clock)->clock == ClockReading{302000, 256790, Color::Black});

    // The host's loop is woken when Black's clock falls.
    CHECK(t.host->timeout_ms(t.time) == 256790);
    // A millisecond before: nothing. The client's copy at zero decides nothing either.
    t.wait(256789);
    step(t.time, {&t.probe, &c});
    CHECK_FALSE(t.host->game().over());
    t.wait(5);
    CHECK(client->clock()->fallen(t.now()) == Color::Black);
    CHECK_FALSE(client->game().over());
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Result) == 1; }));
    CHECK(t.host->game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    CHECK(client->game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    REQUIRE(t.probe.last(EventKind::Result) != nullptr);
    CHECK(t.probe.last(EventKind::Result)->side == Color::Black);
    // Both clocks stop: Black's at zero.
    CHECK(t.host->clock()->reading(t.now()) == ClockReading{302000, 0, std::nullopt});
    CHECK(client->clock()->reading(t.now()) == ClockReading{302000, 0, std::nullopt});
    // A move sent after the fall is not played.
    CHECK(client->play(client->game().legal_moves().empty() ? Move{} : client->game().legal_moves()[0]).has_value());
}

TEST_CASE("net clock: an accepted take-back puts both clocks back where they were", "[net][clock]") {
    TimedTable t("5+3");
    auto client = t.connect("Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    REQUIRE_FALSE(t.host->play(move_in(t.host->game(), "d3-c3")));
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Clock) == 2; }));
    t.wait(5000);
    REQUIRE_FALSE(client->play(move_in(client->game(), "b3xd3")));
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return t.host->game().ply() == 2; }));
    t.wait(7000);
    REQUIRE_FALSE(t.host->play(t.host->game().legal_moves()[0]));
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return client->game().ply() == 3; }));
    t.wait(2000);
    // Black asks to take back its last move (ply 2): the game goes back to ply 1, Black to move.
    REQUIRE_FALSE(client->offer(Offer::Takeback));
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return t.probe.count(EventKind::Offered) == 1; }));
    t.wait(3000);
    REQUIRE_FALSE(t.host->answer(true));
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 2 && client->game().ply() == 1; }));
    const ClockReading back{300000, 300000, Color::Black};
    CHECK(t.host->clock()->reading(t.now()) == back);
    CHECK(client->clock()->reading(t.now()) == back);
    REQUIRE(t.probe.last(EventKind::Clock) != nullptr);
    CHECK(t.probe.last(EventKind::Clock)->clock == back);
    CHECK(t.probe.last(EventKind::Clock)->ply == 1);
}

TEST_CASE("net clock: a screen timed by a host elsewhere runs the host's clocks and never decides a fall itself",
          "[net][clock][tui]") {
    using namespace fetaix::front;
    auto time = std::make_shared<Millis>(1000000);
    Controller c(Rules{}, Players{});
    c.set_time_source([time] { return *time; });
    Link link;
    link.send = [](const Move&) { return std::optional<std::string>{}; };
    c.set_link(link);
    c.set_remote(Color::White, true);
    c.host_times(true);
    const TimeControl tc{60000, Bonus::None, 0};
    // What the session does with the host's `moved`: the move on the one game, and the clocks (the
    // table's own) set from the reading it carries, as it came half a second ago.
    Game& game = c.table().game_for_session();
    const Move m = move_in(game, "d3-c3");
    REQUIRE(game.play(m));
    std::optional<fetaix::Clock>& clock = c.table().clock_for_session();
    clock.emplace(tc, tc);
    clock->set(ClockReading{60000, 60000, Color::Black}, *time - 500);
    c.table().moved(Color::White, m);
    // Not pressed again here: counted from the host's reading.
    CHECK(*c.clock_reading() == ClockReading{60000, 59500, Color::Black});
    // At zero nothing is decided here: the host's result ends the game.
    *time += 59500;
    CHECK(c.clock_reading()->black == 0);
    c.tick();
    CHECK_FALSE(c.game().over());
    CHECK_FALSE(c.clock_wait());
    // No pause over the network.
    c.handle(Action::of(Action::Kind::Pause));
    CHECK(c.ui().message == "No pause in a game over the network: the host's clocks run for both players.");
}

TEST_CASE("net clock: the clocks stand on a screen whose host is gone, and the host's next reading sets them",
          "[net][clock][tui]") {
    using namespace fetaix::front;
    auto time = std::make_shared<Millis>(1000000);
    Controller c(Rules{}, Players{});
    c.set_time_source([time] { return *time; });
    Link link;
    link.send = [](const Move&) { return std::optional<std::string>{}; };
    c.set_link(link);
    c.set_remote(Color::White, true);
    c.host_times(true);
    const TimeControl tc{60000, Bonus::None, 0};
    Game& game = c.table().game_for_session();
    const Move m = move_in(game, "d3-c3");
    REQUIRE(game.play(m));
    std::optional<fetaix::Clock>& clock = c.table().clock_for_session();
    clock.emplace(tc, tc);
    clock->set(ClockReading{60000, 60000, Color::Black}, *time);
    c.table().moved(Color::White, m);
    *time += 5000;
    CHECK(*c.clock_reading() == ClockReading{60000, 55000, Color::Black});
    // The host is killed: its clocks stop with it, so the ones shown here stand where they were.
    c.set_link_lost("the host is gone");
    *time += 40000;
    c.tick();
    CHECK(*c.clock_reading() == ClockReading{60000, 55000, Color::Black});
    CHECK_FALSE(c.clock_wait());
    // Back: the resumed host's state (its clocks from its autosave) is what runs on from now.
    c.set_link_lost("");
    clock.emplace(tc, tc);
    clock->set(ClockReading{60000, 55400, Color::Black}, *time);
    c.tick();
    *time += 1000;
    CHECK(*c.clock_reading() == ClockReading{60000, 54400, Color::Black});
}

TEST_CASE("net clock: how long a player has been gone, as the screens show it", "[net][clock]") {
    CHECK(away_text(Color::Black, "Youssef", 42999, true) == "Black (Youssef) disconnected 0:42 ago, clock running");
    CHECK(away_text(Color::White, "White", 61000, false) == "White disconnected 1:01 ago, waiting");
    CHECK(away_text(Color::White, "", 600000, true) == "White disconnected 10:00 ago, clock running");
    // Once the game is over nobody waits.
    CHECK(left_text(Color::Black, "Zed", true) == "Black (Zed) disconnected");
    CHECK(left_text(Color::Black, "Zed") == "Black (Zed) disconnected, waiting");
}

TEST_CASE("net clock: a resumed host's clocks stand where the autosave had them, the side to move's running",
          "[net][clock]") {
    TempFolder folder;
    HostConfig config;
    config.game_name = "kitchen";
    config.socket_path = folder.path + "/kitchen.sock";
    config.white = "Amina";
    Game game, copy;
    std::optional<fetaix::Clock> clock, copy_clock;
    REQUIRE(game.play("d3-c3").ok());
    config.white_clock = config.black_clock = TimeControl{300000, Bonus::Fischer, 3000};
    config.clock_now = ClockReading{300000, 251300, Color::Black};
    TimePoint time = TimePoint{} + 1000000s;
    config.now = [&time] { return time; };
    auto host = Host::start(std::move(config), game, clock);
    REQUIRE(host.ok());
    Probe h{host->get(), {}};
    time += 1000ms;
    CHECK((*host)->clock()->reading(millis(time)) == ClockReading{300000, 250300, Color::Black});
    // A joiner gets them.
    auto client = Client::connect(ClientConfig{folder.path + "/kitchen.sock", Role::Seat, "Youssef", "", "", {}}, copy,
                                  copy_clock, time);
    REQUIRE(client.ok());
    Probe c{client->get(), {}};
    REQUIRE(pump(time, {&h, &c}, [&] { return c.count(EventKind::Clock) == 1; }));
    CHECK((*client)->clock()->reading(millis(time)) == ClockReading{300000, 250300, Color::Black});
}

namespace {

// A plain fetaix's timed game made reachable (Network::open_door): the keyboard's controller times it,
// the host (handover) follows it, both on the test's time.
struct DoorTable {
    TempFolder folder;
    std::string path;
    TimePoint time = TimePoint{} + 1000000s;
    std::unique_ptr<front::Controller> keyboard;
    std::unique_ptr<Host> host;
    Probe probe{nullptr, {}};

    explicit DoorTable(std::string_view spec) {
        path = folder.path + "/local-1.sock";
        keyboard = std::make_unique<front::Controller>(Rules{}, front::Players{});
        keyboard->set_time_source([this] { return now(); });
        const TimeControl tc = *parse_time_control(spec);
        keyboard->set_clocks(tc, tc);
        HostConfig config;
        config.game_name = "local-1";
        config.socket_path = path;
        config.handover = true;
        config.white_clock = config.black_clock = tc;
        config.clock_now = keyboard->clock_reading();
        config.now = [this] { return time; };
        // The one game: the keyboard's, which the host plays the joiner's moves on.
        auto h = Host::start(std::move(config), keyboard->table().game_for_session(),
                             keyboard->table().clock_for_session());
        REQUIRE(h.ok());
        host = std::move(*h);
        probe.session = host.get();
        follow();
    }
    void wait(Millis ms) { time += std::chrono::milliseconds(ms); }
    Millis now() const { return millis(time); }
    // What the program's loop does after each key while no second terminal has a seat.
    void follow() { host->follow(); }
    void play(std::string_view move) {
        keyboard->play_delivered(move_in(keyboard->game(), move));
        follow();
    }
};

}  // namespace

TEST_CASE("net clock: a plain fetaix's host carries the keyboard's clocks; a move carries their readings",
          "[net][clock][tui]") {
    DoorTable t("0:20");
    Raw watcher(t.path);
    watcher.write("hello version=1 role=watch");
    REQUIRE(pump(t.time, {&t.probe}, [&] { return !watcher.line_starting("state").empty(); }, {&watcher}));
    CHECK(watcher.line_starting("state") ==
          concat("state white=White black=Black white-present=yes black-present=no fen=", kOpeningFen,
                 " backward-captures=no promotion=end majority=no no-progress=50 plies=0 white-clock=20 black-clock=20"
                 " white-ms=20000 black-ms=20000 running=none"));

    // Both sides played at the keyboard: each move goes to the watcher with the keyboard's clocks.
    t.wait(3000);
    t.play("d3-c3");
    REQUIRE(pump(t.time, {&t.probe},
                 [&] {
                     return watcher.has_line(
                         "moved ply=1 move=d3-c3 used-ms=0 white-ms=20000 black-ms=20000 running=black");
                 },
                 {&watcher}));
    t.wait(4210);
    t.follow();  // nothing new: nothing sent
    t.play("b3xd3");
    REQUIRE(pump(t.time, {&t.probe},
                 [&] {
                     return watcher.has_line(
                         "moved ply=2 move=b3xd3 used-ms=4210 white-ms=20000 black-ms=15790 running=white");
                 },
                 {&watcher}));
    CHECK(t.host->clock()->reading(t.now()) == ClockReading{20000, 15790, Color::White});

    // A pause at the keyboard stops the copies' clocks (the whole state, none running), and they run again.
    t.wait(1000);
    t.keyboard->handle(front::Action::of(front::Action::Kind::Pause));
    REQUIRE(t.keyboard->clock_paused());
    t.follow();
    REQUIRE(pump(t.time, {&t.probe},
                 [&] { return watcher.line_starting("state").ends_with("white-ms=19000 black-ms=15790 running=none"); },
                 {&watcher}));
    t.wait(60000);
    t.follow();
    t.keyboard->handle(front::Action::of(front::Action::Kind::Pause));
    t.follow();
    REQUIRE(
        pump(t.time, {&t.probe},
             [&] { return watcher.line_starting("state").ends_with("white-ms=19000 black-ms=15790 running=white"); },
             {&watcher}));

    // An undo at the keyboard: the whole state, with the clocks as they were at that ply.
    t.keyboard->handle(front::Action::of(front::Action::Kind::Undo));
    t.follow();
    REQUIRE(pump(t.time, {&t.probe},
                 [&] {
                     return watcher.line_starting("state").ends_with(
                         "plies=1 white-clock=20 black-clock=20 white-ms=20000 black-ms=20000 running=black");
                 },
                 {&watcher}));
}

TEST_CASE(
    "net clock: until a seat is taken a plain fetaix decides a fall; then its host does, and the keyboard follows",
    "[net][clock][tui]") {
    DoorTable t("0:20");
    t.wait(2000);
    t.play("d3-c3");
    // Black's clock runs, but the keyboard's program decides its fall: the host waits for no clock.
    CHECK(t.host->timeout_ms(t.time) == -1);
    t.wait(3000);
    t.follow();
    // The keyboard pauses; then a second terminal takes Black's seat: the clock that ran stands where it
    // was, and runs again (nobody pauses a game on two screens).
    t.keyboard->handle(front::Action::of(front::Action::Kind::Pause));
    t.follow();
    t.wait(9000);
    Game copy;
    std::optional<fetaix::Clock> copy_clock;
    auto client = Client::connect(ClientConfig{t.path, Role::Seat, "Youssef", "", "", {}}, copy, copy_clock, t.time);
    REQUIRE(client.ok());
    Probe c{client->get(), {}};
    REQUIRE(pump(t.time, {&t.probe, &c},
                 [&] { return c.count(EventKind::Clock) == 1 && t.probe.count(EventKind::Clock) == 1; }));
    const ClockReading seated{20000, 17000, Color::Black};
    CHECK((*client)->clock()->reading(t.now()) == seated);
    CHECK(t.host->clock()->reading(t.now()) == seated);
    CHECK_FALSE(t.host->clock()->paused());
    // The keyboard's program follows the host's clocks from now on, as a host --clock screen does.
    const Event* e = t.probe.last(EventKind::Clock);
    CHECK(e->ply == 1);
    CHECK(e->clock == seated);
    t.keyboard->host_times(false);
    CHECK_FALSE(t.keyboard->clock_paused());
    CHECK(t.keyboard->clock_reading() == seated);
    CHECK(t.host->timeout_ms(t.time) == 17000);

    // Black's time runs out: the keyboard decides nothing; the host does, and says so.
    t.wait(17000);
    CHECK(t.keyboard->clock_reading()->black == 0);
    t.keyboard->tick();
    CHECK_FALSE(t.keyboard->game().over());
    REQUIRE(pump(t.time, {&t.probe, &c}, [&] { return c.count(EventKind::Result) == 1; }));
    CHECK(t.host->game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    CHECK((*client)->game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
    REQUIRE(t.probe.last(EventKind::Result) != nullptr);
    t.keyboard->table().replaced(true);  // the host declared it on the keyboard's game: the one game
    CHECK(t.keyboard->game().result() == GameResult{Outcome::WhiteWins, Reason::TimeForfeit});
}
