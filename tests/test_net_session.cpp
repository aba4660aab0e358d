// The host and client sessions over real Unix sockets in one process, driven by poll as the game's loop
// drives them: joining, moves, rejoining, codes, watchers, offers, chat, and hostile clients. Nothing
// sleeps: every wait is a poll loop until the event, with a deadline that fails the test.

#include <catch2/catch.hpp>
#include <csignal>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <functional>
#include <grp.h>
#include <memory>
#include <poll.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "net/session.hpp"

#include "helpers.hpp"
#include "net_helpers.hpp"

using namespace fetaix;
using namespace fetaix::net;
using namespace fetaix::net::test;
using namespace std::chrono_literals;

namespace {

// A raw socket: the hostile or hand-driven client.
struct Raw {
    int fd = -1;
    std::string received;
    bool eof = false;
    bool reads = true;  // a client that never reads leaves this false
    explicit Raw(const std::string& path) {
        auto c = connect_to(path, false);
        REQUIRE(c.ok());
        fd = *c;
    }
    explicit Raw(int connected) : fd(connected) {}
    ~Raw() {
        if (fd >= 0) ::close(fd);
    }
    void write(std::string_view bytes) const {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
            if (n < 0 && errno == EAGAIN) {
                pollfd p{fd, POLLOUT, 0};
                ::poll(&p, 1, 1000);
                continue;
            }
            REQUIRE(n > 0);
            done += static_cast<std::size_t>(n);
        }
    }
    void drain() {
        char buf[4096];
        while (true) {
            const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
            if (n > 0) {
                received.append(buf, static_cast<std::size_t>(n));
                continue;
            }
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) eof = true;
            return;
        }
    }
    bool has_line(std::string_view line) const { return received.find(std::string(line) + "\n") != std::string::npos; }
};

// Polls the sessions and raw clients, handing each its ready fds, until `done` or the deadline.
bool pump(std::vector<Probe*> probes, const std::function<bool()>& done, std::vector<Raw*> raws = {},
          std::chrono::milliseconds limit = 5000ms) {
    const TimePoint deadline = net::Clock::now() + limit;
    while (!done()) {
        const TimePoint now = net::Clock::now();
        if (now >= deadline) return false;
        std::vector<pollfd> fds;
        int timeout = static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count());
        for (Probe* p : probes) {
            p->session->poll_fds(fds);
            const int t = p->session->timeout_ms(now);
            if (t >= 0) timeout = std::min(timeout, t);
        }
        for (Raw* r : raws)
            if (r->reads && !r->eof) fds.push_back({r->fd, POLLIN, 0});
        ::poll(fds.data(), fds.size(), timeout);
        for (Probe* p : probes) {
            p->session->handle_ready(fds, net::Clock::now());
            for (Event& e : p->session->take_events()) p->events.push_back(std::move(e));
        }
        for (Raw* r : raws)
            if (r->reads && !r->eof) r->drain();
    }
    return true;
}

const Event* chat_with(const Probe& p, std::string_view text) {
    for (const Event& e : p.events)
        if (e.kind == EventKind::Chat && e.text == text) return &e;
    return nullptr;
}

// The text of the last event of this kind, which must have come.
std::string text_of(const Probe& p, EventKind kind) {
    const Event* e = p.last(kind);
    REQUIRE(e != nullptr);
    return e->text;
}

std::string login_name() {
    const passwd* pw = ::getpwuid(::geteuid());
    return pw != nullptr ? pw->pw_name : std::to_string(::geteuid());
}

std::vector<std::string> notation(const Game& g) {
    std::vector<std::string> out;
    for (const Move& m : g.moves()) out.push_back(to_string(m));
    return out;
}

// A host for the test's game in a temporary folder. The test owns every Game: the host's, and one for
// each client it connects (the sessions play on them).
struct Table {
    TempFolder folder;
    std::string path;
    Game game;
    std::optional<fetaix::Clock> clock;
    std::deque<Game> copies;
    std::deque<std::optional<fetaix::Clock>> clocks;  // each copy's
    std::unique_ptr<Host> host;
    Probe probe{nullptr, {}};

    // `hosted`: the game hosted (a new one, or one resumed).
    explicit Table(HostConfig config = {}, Game hosted = Game()) : game(std::move(hosted)) {
        path = folder.path + "/kitchen.sock";
        config.game_name = "kitchen";
        config.socket_path = path;
        if (config.white == "White" && config.host_side == Color::White) config.white = "Amina";
        auto h = Host::start(std::move(config), game, clock);
        REQUIRE(h.ok());
        host = std::move(*h);
        probe.session = host.get();
    }

    std::unique_ptr<Client> connect(Role role, std::string name, std::string code = "", std::string token = "") {
        auto c = Client::connect(ClientConfig{path, role, std::move(name), std::move(code), std::move(token), {}},
                                 copies.emplace_back(), clocks.emplace_back());
        REQUIRE(c.ok());
        return std::move(*c);
    }
};

HostConfig shared_config() {
    HostConfig c;
    c.shared = true;
    return c;
}

HostConfig config_with(Limits limits, std::optional<Color> host_side = Color::White) {
    HostConfig c;
    c.limits = limits;
    c.host_side = host_side;
    return c;
}

Move first_legal(const Game& g) { return g.legal_moves()[0]; }

}  // namespace

TEST_CASE("net: a player joins, and moves go both ways through the host", "[net]") {
    Table t;
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    REQUIRE(c.last(EventKind::Welcomed) != nullptr);
    CHECK(c.last(EventKind::Welcomed)->role == Role::Black);
    CHECK(text_of(c, EventKind::Welcomed).size() == 32);  // the seat token
    CHECK(text_of(c, EventKind::Welcomed) == t.host->token(Color::Black));
    CHECK(client->my_side() == Color::Black);
    CHECK(client->name(Color::White) == "Amina");
    CHECK(client->name(Color::Black) == "Youssef");
    CHECK(client->present(Color::White));
    REQUIRE(t.probe.last(EventKind::Joined) != nullptr);
    CHECK(t.probe.last(EventKind::Joined)->name == "Youssef");
    CHECK(t.probe.last(EventKind::Joined)->login == login_name());
    CHECK(t.host->name(Color::Black) == "Youssef");
    CHECK(t.host->present(Color::Black));

    CHECK(client->play(first_legal(client->game())) == "it is not your turn");
    const Move white_move = first_legal(t.host->game());
    REQUIRE_FALSE(t.host->play(white_move));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    CHECK(c.last(EventKind::Moved)->move == white_move);
    CHECK(c.last(EventKind::Moved)->side == Color::White);
    CHECK(c.last(EventKind::Moved)->ply == 1);
    CHECK(t.probe.count(EventKind::Moved) == 0);  // the host's own move is not reported back to it

    const Move black_move = first_legal(client->game());
    REQUIRE_FALSE(client->play(black_move));
    // The client's move comes back to it from the host: only then is it on the client's game.
    REQUIRE(pump({&t.probe, &c},
                 [&] { return t.probe.count(EventKind::Moved) == 1 && c.count(EventKind::Moved) == 2; }));
    CHECK(t.probe.last(EventKind::Moved)->move == black_move);
    CHECK(text_of(t.probe, EventKind::Moved) == to_string(black_move));
    CHECK(notation(t.host->game()) == notation(client->game()));
    CHECK(t.host->game().ply() == 2);
    CHECK(c.last(EventKind::Moved)->side == Color::Black);
    CHECK(c.last(EventKind::Moved)->move == black_move);
}

TEST_CASE("net: one game each side: the sessions play on the games they were given, never on a copy", "[net]") {
    Table t;
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    Game& mirror = t.copies.back();
    CHECK(&t.host->game() == &t.game);
    CHECK(&client->game() == &mirror);
    // The host's player's move, played (once) on the host's game; the client plays it on its own game.
    REQUIRE_FALSE(t.host->play(first_legal(t.game)));
    CHECK(t.game.ply() == 1);
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    CHECK(mirror.ply() == 1);
    CHECK(c.last(EventKind::Moved)->move == t.game.move(1));
    // The joiner's move is sent, not played: the joiner's game gets it from the host, as every move.
    const Move reply = first_legal(mirror);
    REQUIRE_FALSE(client->play(reply));
    CHECK(mirror.ply() == 1);
    // A second move before the first is back is not sent.
    CHECK(client->play(reply) == "your move is on its way to the host");
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 2; }));
    // The host played it on its game already when it reports it: the event is news, not a move to play.
    CHECK(t.game.ply() == 2);
    CHECK(t.game.move(2) == reply);
    CHECK(t.probe.count(EventKind::Moved) == 1);
    CHECK(t.probe.last(EventKind::Moved)->ply == 2);
    CHECK(mirror.ply() == 2);
    CHECK(mirror.move(2) == reply);
    CHECK(c.last(EventKind::Moved)->side == Color::Black);
    CHECK(c.last(EventKind::Moved)->ply == 2);
    // Out of turn, nothing is sent.
    CHECK(client->play(first_legal(mirror)) == "it is not your turn");
}

TEST_CASE("net: a move sent twice is played once, a stale one is answered with the state", "[net]") {
    Table t(config_with({}, Color::Black));  // the raw client plays White and moves first
    Raw raw(t.path);
    raw.write("hello version=1 role=seat name=Ali\n");
    REQUIRE(pump({&t.probe}, [&] { return raw.received.find("\nstate ") != std::string::npos; }, {&raw}));
    CHECK(raw.received.starts_with("welcome version=1 role=white game=kitchen token="));
    const std::string move = to_string(first_legal(t.host->game()));
    raw.write("move ply=1 move=" + move + "\n");
    raw.write("move ply=1 move=" + move + "\n");
    REQUIRE(pump({&t.probe}, [&] { return raw.received.find("plies=1") != std::string::npos; }, {&raw}));
    CHECK(t.host->game().ply() == 1);
    CHECK(t.probe.count(EventKind::Moved) == 1);
    CHECK(raw.has_line("history from=1 moves=" + move));
    // A move that is not legal is refused with why, and the state follows.
    raw.received.clear();
    raw.write("move ply=3 move=a1-a2\n");  // not White's turn at ply 3 anyway: the state
    raw.write("move ply=2 move=a1-a2\n");
    REQUIRE(pump({&t.probe}, [&] { return raw.received.find("plies=1") != std::string::npos; }, {&raw}));
    CHECK(t.host->game().ply() == 1);
    // A client out of step asks for the whole state.
    raw.received.clear();
    raw.write("sync\n");
    REQUIRE(pump({&t.probe}, [&] { return raw.has_line("history from=1 moves=" + move); }, {&raw}));
    CHECK(raw.received.starts_with("state white=Ali black=Black white-present=yes black-present=yes fen="));

    // `fetaix hosts` asks what game this is, and the host answers and closes.
    Raw query(t.path);
    query.write("query version=1\n");
    REQUIRE(pump({&t.probe}, [&] { return query.eof; }, {&query}));
    CHECK(
        query.received ==
        "game name=kitchen version=1 white=Ali black=Black free=none ply=1 turn=black result=* watchers=0 shared=no\n");
}

TEST_CASE("net: a seat token gets the seat back; without it the seat is refused while held", "[net]") {
    Table t;
    std::string token;
    {
        auto first = t.connect(Role::Seat, "Youssef");
        Probe c{first.get(), {}};
        REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
        token = text_of(c, EventKind::Welcomed);
        REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
        REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    }  // the joiner's process is gone
    REQUIRE(pump({&t.probe}, [&] { return t.probe.count(EventKind::Left) == 1; }));
    CHECK(text_of(t.probe, EventKind::Left) == "Black (Youssef) disconnected, waiting");
    CHECK_FALSE(t.host->present(Color::Black));
    CHECK(t.host->seat_held(Color::Black));

    auto stranger = t.connect(Role::Seat, "Karim");
    Probe s{stranger.get(), {}};
    REQUIRE(pump({&t.probe, &s}, [&] { return s.count(EventKind::Closed) == 1; }));
    CHECK(text_of(s, EventKind::Closed) ==
          "the host refused: no seat is free: the black seat is held for Youssef, who may come back");
    CHECK(s.count(EventKind::Welcomed) == 0);

    // Back with the token (and, without --name, the login's name): the seat and its name are Youssef's.
    auto back = t.connect(Role::Seat, "root", "", token);
    Probe b{back.get(), {}};
    REQUIRE(pump({&t.probe, &b}, [&] { return b.count(EventKind::Synced) == 1; }));
    CHECK(back->my_side() == Color::Black);
    CHECK(t.host->name(Color::Black) == "Youssef");
    CHECK(back->name(Color::Black) == "Youssef");
    CHECK(back->game().ply() == 1);
    CHECK(notation(back->game()) == notation(t.host->game()));
    CHECK(t.host->present(Color::Black));
    CHECK(text_of(b, EventKind::Welcomed) == token);
}

TEST_CASE("net: the answer to query says which held seat's player is away: only that seat may be taken back", "[net]") {
    Table t;
    const auto ask = [&t] {
        Raw query(t.path);
        query.write("query version=1\n");
        REQUIRE(pump({&t.probe}, [&] { return query.eof; }, {&query}));
        return query.received;
    };
    const std::string seated =
        "game name=kitchen version=1 white=Amina black=Youssef free=none ply=0 turn=white result=* watchers=0 shared=no\n";
    std::string token;
    {
        auto joiner = t.connect(Role::Seat, "Youssef");
        Probe c{joiner.get(), {}};
        REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
        token = text_of(c, EventKind::Welcomed);
        // Connected: neither free nor away.
        CHECK(ask() == seated);
    }  // the joiner's process is gone
    REQUIRE(pump({&t.probe}, [&] { return t.probe.count(EventKind::Left) == 1; }));
    CHECK(
        ask() ==
        "game name=kitchen version=1 white=Amina black=Youssef free=none ply=0 turn=white result=* watchers=0 shared=no away=black\n");
    auto back = t.connect(Role::Seat, "Youssef", "", token);
    Probe b{back.get(), {}};
    REQUIRE(pump({&t.probe, &b}, [&] { return b.count(EventKind::Synced) == 1; }));
    CHECK(ask() == seated);
}

TEST_CASE("net: a third player is refused a seat and told to watch", "[net]") {
    Table t;
    auto joiner = t.connect(Role::Seat, "Youssef");
    Probe j{joiner.get(), {}};
    REQUIRE(pump({&t.probe, &j}, [&] { return j.count(EventKind::Synced) == 1; }));
    auto third = t.connect(Role::Seat, "Karim");
    Probe k{third.get(), {}};
    REQUIRE(pump({&t.probe, &k}, [&] { return k.count(EventKind::Closed) == 1; }));
    CHECK(text_of(k, EventKind::Closed) == "the host refused: no seat is free: the black seat is taken (Youssef)");
    auto white = t.connect(Role::White, "Karim");
    Probe w{white.get(), {}};
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Closed) == 1; }));
    CHECK(text_of(w, EventKind::Closed) == "the host refused: the white seat is the host's (Amina)");
    CHECK(joiner->connected());
    CHECK(t.host->connections() == 1);
}

TEST_CASE("net: a shared game needs its codes, and its host lets the user in or not", "[net]") {
    Table t(shared_config());
    REQUIRE(t.host->join_code().size() == 14);
    REQUIRE(t.host->watch_code().size() == 14);
    CHECK(t.host->join_code() != t.host->watch_code());

    auto wrong = t.connect(Role::Seat, "Karim", t.host->watch_code());
    Probe w{wrong.get(), {}};
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Closed) == 1; }));
    CHECK(text_of(w, EventKind::Closed) == "the host refused: wrong join code");
    CHECK(text_of(t.probe, EventKind::Notice) == "a wrong join code from " + login_name());

    auto watcher = t.connect(Role::Watch, "Sara", t.host->join_code());
    Probe wa{watcher.get(), {}};
    REQUIRE(pump({&t.probe, &wa}, [&] { return wa.count(EventKind::Closed) == 1; }));
    CHECK(text_of(wa, EventKind::Closed) == "the host refused: wrong watch code");

    auto refused = t.connect(Role::Seat, "Karim", t.host->join_code());
    Probe r{refused.get(), {}};
    REQUIRE(pump({&t.probe, &r},
                 [&] { return t.probe.count(EventKind::SeatRequest) == 1 && r.count(EventKind::Pending) == 1; }));
    CHECK(text_of(r, EventKind::Pending) == "waiting for Amina to accept");
    const Event request = *t.probe.last(EventKind::SeatRequest);
    CHECK(request.login == login_name());
    CHECK(request.name == "Karim");
    CHECK(request.side == Color::Black);
    t.host->answer_seat(request.request, false);
    REQUIRE(pump({&t.probe, &r}, [&] { return r.count(EventKind::Closed) == 1; }));
    CHECK(text_of(r, EventKind::Closed) == "the host refused: Amina refused to let you in");
    CHECK_FALSE(t.host->seat_held(Color::Black));

    // The code is typed by hand: case and dashes do not matter.
    std::string typed = t.host->join_code();
    for (char& ch : typed) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    auto accepted = t.connect(Role::Seat, "Youssef", typed);
    Probe a{accepted.get(), {}};
    REQUIRE(pump({&t.probe, &a}, [&] { return t.probe.count(EventKind::SeatRequest) == 2; }));
    t.host->answer_seat(t.probe.last(EventKind::SeatRequest)->request, true);
    REQUIRE(pump({&t.probe, &a}, [&] { return a.count(EventKind::Synced) == 1; }));
    CHECK(accepted->my_side() == Color::Black);

    auto watching = t.connect(Role::Watch, "Sara", t.host->watch_code());
    Probe ws{watching.get(), {}};
    REQUIRE(pump({&t.probe, &ws}, [&] { return ws.count(EventKind::Synced) == 1; }));
    CHECK(watching->role() == Role::Watch);
    CHECK_FALSE(watching->my_side());
}

TEST_CASE("net: watchers follow the game, and their chat stays among them", "[net]") {
    Table t;
    auto player = t.connect(Role::Seat, "Youssef");
    auto w1 = t.connect(Role::Watch, "Sara");
    auto w2 = t.connect(Role::Watch, "Omar");
    Probe p{player.get(), {}}, a{w1.get(), {}}, b{w2.get(), {}};
    REQUIRE(pump({&t.probe, &p, &a, &b}, [&] {
        return p.count(EventKind::Synced) == 1 && a.count(EventKind::Synced) == 1 && b.count(EventKind::Synced) == 1;
    }));
    CHECK(t.host->watchers() == 2);
    // Watchers joining are not players joining.
    CHECK(t.probe.count(EventKind::Joined) == 1);

    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &p, &a, &b}, [&] { return p.count(EventKind::Moved) == 1; }));
    REQUIRE_FALSE(player->play(first_legal(player->game())));
    REQUIRE(pump({&t.probe, &p, &a, &b},
                 [&] { return a.count(EventKind::Moved) == 2 && b.count(EventKind::Moved) == 2; }));
    CHECK(notation(w1->game()) == notation(t.host->game()));
    CHECK(a.events[a.events.size() - 1].side == Color::Black);
    CHECK(w1->play(first_legal(w1->game())) == "watchers do not play");
    CHECK(w1->offer(Offer::Draw) == "watchers do not play");

    REQUIRE_FALSE(w1->chat("nice one"));
    REQUIRE_FALSE(player->chat("thanks"));
    REQUIRE(pump({&t.probe, &p, &a, &b},
                 [&] { return b.count(EventKind::Chat) == 2 && t.probe.count(EventKind::Chat) == 1; }));
    // The watcher's line reached the other watcher only; the player's reached everyone else. (Two
    // speakers' lines may come in either order.)
    const Event* sara = chat_with(b, "nice one");
    REQUIRE(sara != nullptr);
    CHECK(sara->name == "Sara");
    CHECK(sara->role == Role::Watch);
    const Event* youssef = chat_with(b, "thanks");
    REQUIRE(youssef != nullptr);
    CHECK(youssef->name == "Youssef");
    CHECK(youssef->role == Role::Black);
    CHECK(youssef->side == Color::Black);
    CHECK(text_of(t.probe, EventKind::Chat) == "thanks");
    CHECK(a.count(EventKind::Chat) == 1);  // Sara hears Youssef, not herself
    REQUIRE_FALSE(t.host->chat("hello all"));
    REQUIRE(pump({&t.probe, &p, &a, &b},
                 [&] { return p.count(EventKind::Chat) == 1 && a.count(EventKind::Chat) == 2; }));
    CHECK(text_of(p, EventKind::Chat) == "hello all");
    CHECK(p.last(EventKind::Chat)->name == "Amina");
    CHECK(p.count(EventKind::Chat) == 1);  // never the watchers' line
}

TEST_CASE("net: take-back and draw offers, declined and accepted", "[net]") {
    Table t;
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    CHECK(client->offer(Offer::Takeback) == "there is no move of yours to take back");
    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    REQUIRE_FALSE(client->play(first_legal(client->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 2; }));
    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 3; }));
    const std::vector<std::string> three = notation(t.host->game());

    // Black asks to take back its move (ply 2): White declines.
    REQUIRE_FALSE(client->offer(Offer::Takeback));
    CHECK(client->offer(Offer::Draw) == "an offer is already open");
    REQUIRE(pump({&t.probe, &c}, [&] { return t.probe.count(EventKind::Offered) == 1; }));
    CHECK(t.probe.last(EventKind::Offered)->offer == Offer::Takeback);
    CHECK(t.probe.last(EventKind::Offered)->side == Color::Black);
    CHECK(t.host->open_offer() == Offer::Takeback);
    REQUIRE_FALSE(t.host->answer(false));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Answered) == 1; }));
    CHECK_FALSE(c.last(EventKind::Answered)->accepted);
    CHECK(notation(t.host->game()) == three);
    CHECK_FALSE(client->open_offer());

    // Asked again and accepted: back to ply 1, Black to move, on both sides.
    REQUIRE_FALSE(client->offer(Offer::Takeback));
    REQUIRE(pump({&t.probe, &c}, [&] { return t.probe.count(EventKind::Offered) == 2; }));
    REQUIRE_FALSE(t.host->answer(true));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 2; }));
    CHECK(c.last(EventKind::Answered)->accepted);
    CHECK(t.host->game().ply() == 1);
    // Nothing is redone over the network: the host's game keeps no moves to redo (its screen would list them).
    CHECK(t.host->game().redo_line().empty());
    CHECK(client->game().ply() == 1);
    CHECK(notation(client->game()) == std::vector<std::string>{three[0]});
    CHECK(client->game().position().side_to_move == Color::Black);

    // White offers a draw: declined, then offered again and accepted.
    REQUIRE_FALSE(t.host->offer(Offer::Draw));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Offered) == 1; }));
    CHECK(client->open_offer() == Offer::Draw);
    CHECK(client->offer_by() == Color::White);
    REQUIRE_FALSE(client->answer(false));
    REQUIRE(pump({&t.probe, &c}, [&] { return t.probe.count(EventKind::Answered) == 1; }));
    CHECK_FALSE(t.host->game().over());
    REQUIRE_FALSE(t.host->offer(Offer::Draw));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Offered) == 2; }));
    REQUIRE_FALSE(client->answer(true));
    REQUIRE(pump({&t.probe, &c},
                 [&] { return t.probe.count(EventKind::Result) == 1 && c.count(EventKind::Result) == 1; }));
    CHECK(t.host->game().result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
    CHECK(client->game().result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
}

TEST_CASE("net: a resignation travels", "[net]") {
    Table t;
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    REQUIRE_FALSE(client->resign());
    REQUIRE(pump({&t.probe, &c}, [&] { return t.probe.count(EventKind::Result) == 1; }));
    CHECK(t.host->game().result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
    CHECK(t.host->play(first_legal(t.host->game())) == "the game is over: resignation");
    // A late joiner (a watcher) gets the declared result with the state.
    auto w = t.connect(Role::Watch, "Sara");
    Probe wp{w.get(), {}};
    REQUIRE(pump({&t.probe, &wp}, [&] { return wp.count(EventKind::Synced) == 1; }));
    CHECK(w->game().result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
}

TEST_CASE("net: hostile clients are answered and dropped; the game goes on", "[net]") {
    Limits limits;
    limits.handshake_timeout = 300ms;
    limits.partial_line_timeout = 200ms;
    limits.max_output_bytes = 8 * 1024;
    Table t(config_with(limits));
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));

    SECTION("random bytes") {
        Raw raw(t.path);
        raw.write(std::string("\x01\xff\xfe garbage \x1b[2J\n", 17));
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"column 1: control character\"\n");
    }
    SECTION("an endless line") {
        Raw raw(t.path);
        raw.write("hello version=1 role=watch name=" + std::string(5000, 'x'));
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"line longer than 4096 bytes\"\n");
    }
    SECTION("half a line, then silence") {
        Raw raw(t.path);
        raw.write("hello version=1 role=watch\n");
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.received.find("\nstate ") != std::string::npos; }, {&raw}));
        raw.write("chat text=\"half a");
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received.ends_with("error text=\"half a line, then nothing for 200 ms\"\n"));
    }
    SECTION("connected, then silence") {
        Raw raw(t.path);
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"no hello within 300 ms\"\n");
    }
    SECTION("another protocol version") {
        Raw raw(t.path);
        raw.write("hello version=2 role=seat\n");
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"protocol version 2 is not supported (this fetaix speaks 1)\"\n");
    }
    SECTION("a query of another protocol version") {
        Raw raw(t.path);
        raw.write("query version=2\n");
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"protocol version 2 is not supported (this fetaix speaks 1)\"\n");
    }
    SECTION("a takeover of another protocol version") {
        Raw raw(t.path);
        raw.write("takeover version=2\n");
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received == "error text=\"protocol version 2 is not supported (this fetaix speaks 1)\"\n");
    }
    SECTION("a flood of lines") {
        Raw raw(t.path);
        std::string flood = "hello version=1 role=watch\n";
        for (int i = 0; i < 100; ++i) flood += "chat text=spam\n";
        raw.write(flood);
        REQUIRE(pump({&t.probe, &c}, [&] { return raw.eof; }, {&raw}));
        CHECK(raw.received.ends_with("error text=\"more than 20 messages a second\"\n"));
        // The hello came with the flood: a peer that breaks a limit before it is let in is only dropped.
        CHECK(raw.received == "error text=\"more than 20 messages a second\"\n");
        CHECK(text_of(t.probe, EventKind::Notice) ==
              "a connection from " + login_name() + " was dropped: more than 20 messages a second");
        CHECK(t.host->watchers() == 0);
    }
    SECTION("a watcher that never reads") {
        Raw raw(t.path);
        raw.reads = false;
        raw.write("hello version=1 role=watch name=Deaf\n");
        REQUIRE(pump({&t.probe, &c}, [&] { return t.host->watchers() == 1; }, {&raw}));
        // The host's chat goes to the watcher too, which never reads it: its queue fills and it is dropped,
        // while the player reads every line.
        int sent = 0;
        REQUIRE(pump({&t.probe, &c}, [&] {
            if (t.host->watchers() == 0) return true;
            for (int i = 0; i < 50; ++i) {
                REQUIRE_FALSE(t.host->chat(std::string(300, 'z')));
                ++sent;
            }
            return false;
        }));
        CHECK(text_of(t.probe, EventKind::Notice) ==
              "Deaf (" + login_name() + ") was dropped: not reading: over 8 KiB waiting to be sent");
        REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Chat) == static_cast<std::size_t>(sent); }));
    }
    // Whatever happened, the players go on.
    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    REQUIRE_FALSE(client->play(first_legal(client->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 2; }));
    CHECK(client->connected());
    CHECK(notation(t.host->game()) == notation(client->game()));
}

TEST_CASE("net: a thousand connections are refused beyond the cap; the players go on", "[net]") {
    Table t;
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Synced) == 1; }));
    std::vector<std::unique_ptr<Raw>> crowd;
    for (int i = 0; i < 1000; ++i) {
        // A full backlog refuses at once (EAGAIN): let the host take some off it, then try again.
        while (true) {
            auto fd = connect_to(t.path, false);
            if (fd) {
                crowd.push_back(std::make_unique<Raw>(*fd));
                break;
            }
            REQUIRE(fd.error().message == "the game at " + t.path + " is too busy to answer (try again)");
            std::size_t before = t.host->connections();
            (void)pump(
                {&t.probe, &c}, [&] { return t.host->connections() != before; }, {}, 50ms);
        }
        if (i % 50 == 0)
            (void)pump(
                {&t.probe, &c}, [] { return false; }, {}, 1ms);
    }
    (void)pump(
        {&t.probe, &c}, [&] { return t.host->connections() >= Limits{}.max_connections; }, {}, 2000ms);
    CHECK(t.host->connections() <= Limits{}.max_connections);
    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Moved) == 1; }));
    REQUIRE_FALSE(client->play(first_legal(client->game())));
    REQUIRE(pump({&t.probe, &c}, [&] { return t.probe.count(EventKind::Moved) == 1; }));
    // One of those beyond the cap was told why.
    Raw& last = *crowd.back();
    std::vector<Raw*> raws{&last};
    REQUIRE(pump(
        {&t.probe, &c}, [&] { return last.eof; }, raws));
    CHECK(last.received == "error text=\"too many connections (100): try again later\"\n");
    crowd.clear();
    REQUIRE(pump({&t.probe, &c}, [&] { return t.host->connections() == 1; }));
}

TEST_CASE("net: hosts are listed, and the socket of a dead host is removed", "[net]") {
    Table t;
    // A socket file whose process is gone: bound, then closed without removing it.
    const std::string stale = t.folder.path + "/gone.sock";
    {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", stale.c_str());
        REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
        ::close(fd);
    }
    // The host answers from its own loop while list_hosts waits.
    std::atomic<bool> stop{false};
    std::thread loop([&] {
        (void)pump(
            {&t.probe}, [&] { return stop.load(); }, {}, 10000ms);
    });
    const std::vector<HostListing> found = list_hosts(t.folder.path, false, 3000ms);
    stop = true;
    loop.join();
    REQUIRE(found.size() == 2);
    CHECK(found[0].name == "gone");
    CHECK(found[0].removed);
    CHECK(found[0].problem == "stale socket of a host that is gone: removed");
    CHECK(::access(stale.c_str(), F_OK) != 0);
    CHECK(found[1].name == "kitchen");
    REQUIRE(found[1].info);
    CHECK(found[1].info->white == "Amina");
    CHECK(found[1].info->black_free);
    CHECK_FALSE(found[1].info->white_free);
    CHECK(found[1].info->turn == Color::White);
    CHECK_FALSE(found[1].info->shared);
}

TEST_CASE("net: one game per name; a dead host's socket is replaced", "[net]") {
    Table t;
    HostConfig again;
    again.game_name = "kitchen";
    again.socket_path = t.path;
    Game other;
    std::optional<fetaix::Clock> other_clock;
    auto second = Host::start(again, other, other_clock);
    REQUIRE_FALSE(second.ok());
    CHECK(second.error().message == "a game with this name is already hosted at " + t.path);
    t.host.reset();  // the socket file goes with its host
    CHECK(::access(t.path.c_str(), F_OK) != 0);
    const std::string stale = t.folder.path + "/attic.sock";
    {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", stale.c_str());
        REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
        ::close(fd);
    }
    HostConfig attic;
    attic.game_name = "attic";
    attic.socket_path = stale;
    Game attic_game, copy;
    std::optional<fetaix::Clock> attic_clock, copy_clock;
    CHECK(Host::start(attic, attic_game, attic_clock).ok());
    auto gone = Client::connect(ClientConfig{t.path, Role::Seat, "x", "", "", {}}, copy, copy_clock);
    REQUIRE_FALSE(gone.ok());
    CHECK(gone.error().message == "no game is hosted at " + t.path);
}

TEST_CASE("net: socket folders are private to their user", "[net]") {
    TempFolder t;
    const std::string fresh = t.path + "/fetaix";
    auto made = prepare_folder(fresh, false);
    REQUIRE(made.ok());
    struct stat st {};
    REQUIRE(::stat(fresh.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0700);
    CHECK(prepare_folder(fresh, false).ok());  // as it is: fine

    REQUIRE(::chmod(fresh.c_str(), 0755) == 0);
    auto loose = prepare_folder(fresh, false);
    REQUIRE_FALSE(loose.ok());
    CHECK(loose.error().message == fresh + " is mode 0755, not 0700: refusing to use it");

    const std::string link = t.path + "/link";
    REQUIRE(::symlink(fresh.c_str(), link.c_str()) == 0);
    auto linked = prepare_folder(link, false);
    REQUIRE_FALSE(linked.ok());
    CHECK(linked.error().message == link + " is not a folder: refusing to use it");

    const std::string shared = t.path + "/shared";
    REQUIRE(prepare_folder(shared, true).ok());
    REQUIRE(::stat(shared.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 01777);

    {
        const fetaix::test::ScopedEnv runtime("XDG_RUNTIME_DIR", "/run/user/1234");
        CHECK(private_folder_path() == "/run/user/1234/fetaix");
        runtime.set("relative/dir");
        CHECK(private_folder_path() == "/tmp/fetaix-" + std::to_string(::geteuid()));
        runtime.unset();
        CHECK(private_folder_path() == "/tmp/fetaix-" + std::to_string(::geteuid()));
    }

    auto long_path = socket_path("/tmp/" + std::string(100, 'd'), "kitchen");
    REQUIRE_FALSE(long_path.ok());
    CHECK(long_path.error().message.starts_with("the socket path is too long (118 bytes, at most 107): /tmp/ddd"));
}

TEST_CASE("net: a rejoin with the token takes the seat from a connection left open", "[net]") {
    Table t;
    auto first = t.connect(Role::Seat, "Youssef");
    Probe a{first.get(), {}};
    REQUIRE(pump({&t.probe, &a}, [&] { return a.count(EventKind::Synced) == 1; }));
    // The first terminal hangs on a dead SSH connection: its socket stays open.
    auto second = t.connect(Role::Seat, "Youssef", "", text_of(a, EventKind::Welcomed));
    Probe b{second.get(), {}};
    REQUIRE(pump({&t.probe, &a, &b},
                 [&] { return b.count(EventKind::Synced) == 1 && a.count(EventKind::Closed) == 1; }));
    CHECK(second->my_side() == Color::Black);
    CHECK(second->host_pid() == ::getpid());
    CHECK(text_of(a, EventKind::Closed) ==
          "the host closed the connection: your seat was taken back by a new connection with its token");
    CHECK(t.probe.count(EventKind::Left) == 0);  // the seat never stood empty
    CHECK(t.probe.count(EventKind::Joined) == 2);
    CHECK(text_of(t.probe, EventKind::Notice) == "Black (Youssef) took the seat back at another terminal.");
    CHECK(t.host->present(Color::Black));
    REQUIRE_FALSE(t.host->play(first_legal(t.host->game())));
    REQUIRE(pump({&t.probe, &b}, [&] { return b.count(EventKind::Moved) == 1; }));
    // The host said why it closed the first: it is not gone. A host that goes says nothing.
    CHECK(a.last(EventKind::Closed)->host_said);
    t.host.reset();
    REQUIRE(pump({&b}, [&] { return b.count(EventKind::Closed) == 1; }));
    CHECK(text_of(b, EventKind::Closed) == "connection to the host lost");
    CHECK_FALSE(b.last(EventKind::Closed)->host_said);
}

TEST_CASE("net: a host that ends says so with bye: not a lost connection", "[net]") {
    Table t;
    auto seat = t.connect(Role::Seat, "Youssef");
    auto watcher = t.connect(Role::Watch, "Karim");
    Probe a{seat.get(), {}}, w{watcher.get(), {}};
    REQUIRE(pump({&t.probe, &a, &w},
                 [&] { return a.count(EventKind::Synced) == 1 && w.count(EventKind::Synced) == 1; }));
    t.host->say_bye("White ended the game: it is kept in /state/fetaix/autosave.pdn");
    REQUIRE(pump({&t.probe, &a, &w},
                 [&] { return a.count(EventKind::Closed) == 1 && w.count(EventKind::Closed) == 1; }));
    for (Probe* p : {&a, &w}) {
        CHECK(text_of(*p, EventKind::Closed) == "White ended the game: it is kept in /state/fetaix/autosave.pdn");
        CHECK(p->last(EventKind::Closed)->host_ended);
        CHECK_FALSE(p->last(EventKind::Closed)->host_said);
        CHECK(p->count(EventKind::Notice) == 0);
    }
}

TEST_CASE("net: a resumed host gives each seat back to its token", "[net]") {
    HostConfig config;
    config.black = "Youssef";
    Game resumed;
    (void)resumed.play(first_legal(resumed));
    (void)resumed.play(first_legal(resumed));
    config.black_token = "5a1d0c9e";
    Table t(config, resumed);
    CHECK(t.host->token(Color::Black) == "5a1d0c9e");
    CHECK(t.host->token(Color::White).empty());  // the host's own seat has none
    auto stranger = t.connect(Role::Seat, "Karim");
    Probe s{stranger.get(), {}};
    REQUIRE(pump({&t.probe, &s}, [&] { return s.count(EventKind::Closed) == 1; }));
    CHECK(text_of(s, EventKind::Closed) ==
          "the host refused: no seat is free: the black seat is held for Youssef, who may come back");
    auto back = t.connect(Role::Seat, "Youssef", "", "5a1d0c9e");
    Probe b{back.get(), {}};
    REQUIRE(pump({&t.probe, &b}, [&] { return b.count(EventKind::Synced) == 1; }));
    CHECK(back->my_side() == Color::Black);
    CHECK(notation(back->game()) == notation(t.host->game()));
    CHECK(back->game().ply() == 2);
}

TEST_CASE("net: a client keeps in step with its host, and survives a broken one", "[net]") {
    TempFolder folder;
    const std::string path = folder.path + "/fake.sock";
    auto listener = Listener::open(path, false);
    REQUIRE(listener.ok());
    Game copy;
    std::optional<fetaix::Clock> copy_clock;
    auto client = Client::connect(ClientConfig{path, Role::Seat, "Youssef", "", "", {}}, copy, copy_clock);
    REQUIRE(client.ok());
    Probe c{client->get(), {}};
    int fd = -1;
    REQUIRE(pump({&c}, [&] { return (fd = listener->accept_one()) >= 0; }));
    Raw host(fd);
    REQUIRE(pump({&c}, [&] { return host.has_line("hello version=1 role=seat name=Youssef"); }, {&host}));
    host.write("welcome version=1 role=black game=fake token=77\n");
    host.write(
        format(State{"Amina", "Youssef", true, true, start_position(), Rules{}, 0, {}, std::nullopt, Color::White}) +
        "\n");
    REQUIRE(pump({&c}, [&] { return c.count(EventKind::Synced) == 1; }, {&host}));
    CHECK(text_of(c, EventKind::Welcomed) == "77");

    // A move that skips plies: the client asks for the whole state instead of guessing.
    host.write("moved ply=3 move=" + to_string(first_legal(Game())) + "\n");
    REQUIRE(pump({&c}, [&] { return host.has_line("sync"); }, {&host}));
    CHECK(c.count(EventKind::Moved) == 0);
    CHECK((*client)->game().ply() == 0);
    // A malformed line is answered; the connection stays.
    host.write("moved ply=x\n");
    REQUIRE(pump({&c}, [&] { return host.has_line("error text=\"moved: ply: not a number: \\\"x\\\"\""); }, {&host}));
    CHECK((*client)->connected());
    // A move in step is played.
    const Move m = first_legal(Game());
    host.write("moved ply=1 move=" + to_string(m) + "\n");
    REQUIRE(pump({&c}, [&] { return c.count(EventKind::Moved) == 1; }, {&host}));
    CHECK((*client)->game().ply() == 1);
    // An endless line ends it, with the reason.
    host.write(std::string(5000, 'm'));
    REQUIRE(pump({&c}, [&] { return c.count(EventKind::Closed) == 1; }, {&host}));
    CHECK(text_of(c, EventKind::Closed) == "connection to the host dropped: line longer than 4096 bytes");
    CHECK_FALSE((*client)->connected());
    CHECK((*client)->play(first_legal((*client)->game())) == "not connected to the host");
}

TEST_CASE("net: wrong codes: a user's next code waits, doubling, while the host answers everyone else", "[net]") {
    Limits limits;
    limits.wrong_code_wait = 100ms;
    limits.wrong_code_wait_max = 400ms;
    HostConfig config = config_with(limits);
    config.shared = true;
    Table t(config);
    const TimePoint start = net::Clock::now();
    std::vector<std::unique_ptr<Raw>> guesses;
    for (int i = 0; i < 5; ++i) {
        guesses.push_back(std::make_unique<Raw>(t.path));
        guesses.back()->write("hello version=1 role=seat code=aaaa-aaaa-aaaa\n");
    }
    Raw query(t.path);
    query.write("query version=1\n");
    std::vector<Raw*> raws{&query};
    for (auto& g : guesses) raws.push_back(g.get());
    // When each connection was answered and closed, in order.
    std::vector<std::chrono::milliseconds> answered;
    std::optional<std::chrono::milliseconds> query_answered;
    std::vector<bool> seen(guesses.size(), false);
    REQUIRE(pump(
        {&t.probe},
        [&] {
            const auto since = std::chrono::duration_cast<std::chrono::milliseconds>(net::Clock::now() - start);
            if (query.eof && !query_answered) query_answered = since;
            for (std::size_t i = 0; i < guesses.size(); ++i)
                if (guesses[i]->eof && !seen[i]) {
                    seen[i] = true;
                    answered.push_back(since);
                }
            return answered.size() == guesses.size() && query_answered;
        },
        raws));
    for (auto& g : guesses) CHECK(g->received == "error text=\"wrong join code\"\n");
    // One guess looked at per wait: 100, 200, then 400 ms (the max) after each wrong one. The host counts
    // whole milliseconds, so a wait may end up to 1 ms before its full length here (99 ms was seen).
    CHECK(answered[1] >= 99ms);
    CHECK(answered[2] >= 299ms);
    CHECK(answered[3] >= 699ms);
    CHECK(answered[4] >= 1099ms);
    // The query was answered at once, before the second guess.
    CHECK(query.received.starts_with("game name=kitchen "));
    CHECK(*query_answered < answered[1]);
    CHECK(text_of(t.probe, EventKind::Notice) ==
          "5 wrong codes in a row from " + login_name() + ": their next try waits 400 ms");
    // The right code waits its turn too, then is let in, and the count starts again.
    auto joiner = t.connect(Role::Seat, "Karim", t.host->join_code());
    Probe j{joiner.get(), {}};
    REQUIRE(pump({&t.probe, &j}, [&] { return j.count(EventKind::Pending) == 1; }));
    // The fifth wrong code was looked at 1100 ms after the start at the earliest: the right one 400 ms later.
    CHECK(net::Clock::now() - start >= 1500ms);
    Raw again(t.path);
    again.write("hello version=1 role=watch code=aaaa-aaaa-aaaa\n");
    REQUIRE(pump({&t.probe, &j}, [&] { return again.eof; }, {&again}));
    CHECK(again.received == "error text=\"wrong watch code\"\n");
    CHECK(text_of(t.probe, EventKind::Notice) == "a wrong watch code from " + login_name());
}

// What the host at `path` answers `line` from the user nobody (the test runs as root): the child
// process connects as nobody and reports every byte it got back over a socket pair read as a Raw.
std::string as_nobody(Table& t, const std::string& line) {
    int pair[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(pair[0]);
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
        // The host may refuse before the line is written: the answer is still read, and the write may fail.
        ::signal(SIGPIPE, SIG_IGN);
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", t.path.c_str());
        if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) ::_exit(3);
        const std::string text = line + "\n";
        (void)!::write(fd, text.data(), text.size());
        char buf[4096];
        ssize_t n;
        while ((n = ::read(fd, buf, sizeof buf)) > 0) (void)!::write(pair[1], buf, static_cast<std::size_t>(n));
        ::_exit(0);
    }
    ::close(pair[1]);
    Raw report(pair[0]);
    const bool ended = pump({&t.probe}, [&] { return report.eof; }, {&report});
    int status = 0;
    ::waitpid(child, &status, 0);
    REQUIRE(ended);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return report.received;
}

TEST_CASE("net: another user who reaches a private game's socket learns nothing of it", "[net]") {
    if (::geteuid() != 0) {
        WARN("not tested: it needs a second user (run as root, the other user is nobody)");
        return;
    }
    Table t;
    // As if the folder and the socket had been opened to others (root's own folder, say).
    REQUIRE(::chmod(t.folder.path.c_str(), 0711) == 0);
    REQUIRE(::chmod(t.path.c_str(), 0666) == 0);
    CHECK(as_nobody(t, "query version=1") == "error text=\"this game is private to the user who hosts it\"\n");
    CHECK(as_nobody(t, "hello version=1 role=watch") ==
          "error text=\"this game is private to the user who hosts it\"\n");
    CHECK(as_nobody(t, "takeover version=1") == "error text=\"this game is private to the user who hosts it\"\n");
    // Not even the parser's or the version check's words, which would tell a fetaix listens and what it speaks.
    CHECK(as_nobody(t, "query version=2") == "error text=\"this game is private to the user who hosts it\"\n");
    CHECK(as_nobody(t, "hello version=-1 role=seat") ==
          "error text=\"this game is private to the user who hosts it\"\n");
    CHECK(as_nobody(t, "move ply=1 move=d3-c3") == "error text=\"this game is private to the user who hosts it\"\n");
    CHECK(as_nobody(t, "\x01") == "error text=\"this game is private to the user who hosts it\"\n");
}

TEST_CASE("net: a game is found by its name in the private folder", "[net]") {
    TempFolder runtime;
    const fetaix::test::ScopedEnv xdg("XDG_RUNTIME_DIR", runtime.path);
    auto folder = prepare_folder(private_folder_path(), false);
    REQUIRE(folder.ok());
    CHECK(*folder == runtime.path + "/fetaix");
    auto path = socket_path(*folder, "kitchen");
    REQUIRE(path.ok());
    HostConfig config;
    config.game_name = "kitchen";
    config.socket_path = *path;
    Game game;
    std::optional<fetaix::Clock> clock;
    auto host = Host::start(config, game, clock);
    REQUIRE(host.ok());
    struct stat st {};
    REQUIRE(::stat(path->c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    auto found = find_game("kitchen");
    auto missing = find_game("attic");
    auto bad = find_game("../etc");
    REQUIRE(found.ok());
    CHECK(found->path == *path);
    CHECK_FALSE(found->shared);
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message == "no game named attic is hosted here (fetaix hosts lists the games)");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message ==
          "a game name is 1 to 32 letters, digits, '-', '_' or '.', not starting with '.' or '-'");
}

TEST_CASE("net: a joiner refuses a private folder open to other users, as a host does", "[net]") {
    TempFolder runtime;
    const fetaix::test::ScopedEnv xdg("XDG_RUNTIME_DIR", runtime.path);
    // A name no one else hosts: find_game also looks in the one shared folder of the machine.
    const std::string name = "kitchen-" + std::to_string(::getpid());
    // Another user could have made it (or listen in it): a socket there may be anyone's.
    const std::string folder = runtime.path + "/fetaix";
    REQUIRE(::mkdir(folder.c_str(), 0700) == 0);
    REQUIRE(::chmod(folder.c_str(), 0777) == 0);
    auto path = socket_path(folder, name);
    REQUIRE(path.ok());
    HostConfig config;
    config.game_name = name;
    config.socket_path = *path;
    Game game;
    std::optional<fetaix::Clock> clock;
    auto host = Host::start(config, game, clock);
    REQUIRE(host.ok());
    auto found = find_game(name);
    // Missing, it is made, ours and 0700: a socket in it later is ours.
    xdg.set(runtime.path + "/fresh");
    REQUIRE(::mkdir((runtime.path + "/fresh").c_str(), 0700) == 0);
    auto missing = find_game(name);
    struct stat st {};
    const bool made = ::lstat((runtime.path + "/fresh/fetaix").c_str(), &st) == 0;
    REQUIRE_FALSE(found.ok());
    CHECK(found.error().message == folder + " is mode 0777, not 0700: refusing to use it");
    REQUIRE(made);
    CHECK(S_ISDIR(st.st_mode));
    CHECK((st.st_mode & 07777) == 0700);
    CHECK(st.st_uid == ::geteuid());
    REQUIRE_FALSE(missing.ok());
}

TEST_CASE("net: a plain game's copies follow it: one move as moved, anything else as the whole state", "[net]") {
    HostConfig config;
    config.handover = true;
    Table t(config);
    auto watcher = t.connect(Role::Watch, "Sara");
    Probe w{watcher.get(), {}};
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Synced) == 1; }));
    // Both sides played at the host's keyboard (on the one game, the host's): a move of either side
    // reaches the watcher.
    Game& local = t.game;
    REQUIRE(local.play(first_legal(local)).ok());
    t.host->follow();
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Moved) == 1; }));
    REQUIRE(local.play(first_legal(local)).ok());
    t.host->follow();
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Moved) == 2; }));
    CHECK(w.last(EventKind::Moved)->side == Color::Black);
    CHECK(notation(watcher->game()) == notation(local));
    // The same game again sends nothing; an undo sends the whole state.
    t.host->follow();
    REQUIRE(local.undo());
    t.host->follow();
    REQUIRE(pump({&t.probe, &w}, [&] { return w.count(EventKind::Synced) == 2; }));
    CHECK(w.count(EventKind::Moved) == 2);
    CHECK(notation(watcher->game()) == notation(local));
    CHECK(watcher->game().ply() == 1);
}

TEST_CASE("net: a second fetaix of the same user asks a plain game's host to let go; a hosted game refuses", "[net]") {
    HostConfig config;
    config.handover = true;
    Table t(config);
    Raw second(t.path);
    second.write("takeover version=1\n");
    REQUIRE(pump({&t.probe}, [&] { return second.eof; }, {&second}));
    REQUIRE(t.probe.last(EventKind::TakeoverRequest) != nullptr);
    CHECK(t.probe.last(EventKind::TakeoverRequest)->request == static_cast<int>(::getpid()));
    CHECK(second.received.empty());

    Table hosted;
    Raw other(hosted.path);
    other.write("takeover version=1\n");
    REQUIRE(pump({&hosted.probe}, [&] { return other.eof; }, {&other}));
    CHECK(other.received == "error text=\"a hosted game is not taken over: join it or watch it\"\n");
    CHECK(hosted.probe.count(EventKind::TakeoverRequest) == 0);
}

TEST_CASE("net: the side a plain game's computer plays is never free", "[net]") {
    HostConfig config;
    config.handover = true;
    config.computer_side = Color::Black;
    Table t(config);
    Raw query(t.path);
    query.write("query version=1\n");
    REQUIRE(pump({&t.probe}, [&] { return query.eof; }, {&query}));
    CHECK(query.received.find(" free=none ") != std::string::npos);
    auto client = t.connect(Role::Seat, "Youssef");
    Probe c{client.get(), {}};
    REQUIRE(pump({&t.probe, &c}, [&] { return c.count(EventKind::Closed) == 1; }));
    CHECK(text_of(c, EventKind::Closed) == "the host refused: no seat is free: the black seat is the host's (Black)");
}

TEST_CASE("net: a plain game's host taken over tells its player and watchers where the game went", "[net]") {
    HostConfig config;
    config.handover = true;
    Table t(config);
    auto player = t.connect(Role::Seat, "Youssef");
    auto watcher = t.connect(Role::Watch, "Sara");
    Probe p{player.get(), {}}, w{watcher.get(), {}};
    REQUIRE(pump({&t.probe, &p, &w},
                 [&] { return p.count(EventKind::Synced) == 1 && w.count(EventKind::Synced) == 1; }));
    t.host->close_all("the game moved to another terminal: run fetaix to join it");
    REQUIRE(pump({&t.probe, &p, &w},
                 [&] { return p.count(EventKind::Closed) == 1 && w.count(EventKind::Closed) == 1; }));
    for (const Probe* c : {&p, &w}) {
        CHECK(text_of(*c, EventKind::Notice) ==
              "the host says: the game moved to another terminal: run fetaix to join it");
        CHECK(text_of(*c, EventKind::Closed) ==
              "the host closed the connection: the game moved to another terminal: run fetaix to join it");
    }
    CHECK(t.host->connections() == 0);
}

TEST_CASE("net: with keep, every change is kept before it is sent, and one that cannot be kept is undone", "[net]") {
    // Both seats remote, as on the SSH server; `keep` records what it was asked to keep, and fails
    // while `full` is set (a full disk).
    std::vector<std::size_t> kept;
    bool full = false;
    HostConfig config = config_with({}, std::nullopt);
    config.keep = [&](const Game& g) -> std::optional<std::string> {
        if (full) return "disk full";
        kept.push_back(g.ply());
        return std::nullopt;
    };
    Table t(config);
    auto white = t.connect(Role::White, "Youssef");
    auto black = t.connect(Role::Black, "Amina");
    Probe w{white.get(), {}}, b{black.get(), {}};
    REQUIRE(pump({&t.probe, &w, &b},
                 [&] { return w.count(EventKind::Synced) >= 1 && b.count(EventKind::Synced) >= 1; }));
    CHECK(kept == std::vector<std::size_t>{0});
    const Move first = first_legal(white->game());
    REQUIRE_FALSE(white->play(first));
    REQUIRE(pump({&t.probe, &w, &b}, [&] { return b.count(EventKind::Moved) == 1; }));
    CHECK(kept == std::vector<std::size_t>{0, 1});
    // The disk fills: Amina's move is refused for everyone, her copy and the watcher-less host alike.
    full = true;
    const Move reply = first_legal(black->game());
    REQUIRE_FALSE(black->play(reply));
    REQUIRE(pump({&t.probe, &w, &b}, [&] {
        return b.count(EventKind::Notice) >= 1 && w.count(EventKind::Notice) >= 1 && w.count(EventKind::Synced) >= 2;
    }));
    CHECK(t.host->game().ply() == 1);
    CHECK(white->game().ply() == 1);
    CHECK(black->game().ply() == 1);
    CHECK(text_of(b, EventKind::Notice).find("the game could not be stored (disk full): its last change is undone") !=
          std::string::npos);
    CHECK(t.probe.last(EventKind::Notice) != nullptr);
    // Room again: the same move goes through. (The copies had the refused move in the same read as the
    // state that undid it: a Moved each, then the Synced.)
    full = false;
    REQUIRE_FALSE(black->play(reply));
    REQUIRE(pump({&t.probe, &w, &b}, [&] { return w.count(EventKind::Moved) == 3; }));
    CHECK(t.host->game().ply() == 2);
    CHECK(kept.back() == 2);
}
