// fetaix_net_bench [MOVES]: how long a move takes from one player's session to the other's through the
// host (the 50 ms goal of docs/performance.md). The host runs in a child process, as it would in its
// own terminal; the two players' clients run here. Each move is timed from play() on the mover's side to
// the Moved event on the other side; games are played with random legal moves (fixed seed) and a new
// game is hosted when one ends, until MOVES (default 100) moves are timed. Prints the median and worst.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "net/session.hpp"

using namespace fetaix;
using namespace fetaix::net;

namespace {

// Runs a host until the parent closes `quit`.
[[noreturn]] void run_host(const std::string& path, int ready, int quit) {
    HostConfig config;
    config.game_name = "bench";
    config.socket_path = path;
    config.host_side.reset();  // both seats are remote
    Game game;
    std::optional<fetaix::Clock> clock;
    auto host = Host::start(config, game, clock);
    const char ok = host ? 1 : 0;
    if (::write(ready, &ok, 1) != 1 || !host) _exit(1);
    while (true) {
        std::vector<pollfd> fds{{quit, POLLIN, 0}};
        (*host)->poll_fds(fds);
        ::poll(fds.data(), fds.size(), (*host)->timeout_ms(net::Clock::now()));
        if (fds[0].revents != 0) _exit(0);
        (*host)->handle_ready(fds, net::Clock::now());
        (void)(*host)->take_events();
    }
}

// Polls both clients until `done` says so; false after 5 seconds.
template <class Done>
bool pump(Client& a, Client& b, std::vector<Event>& a_events, std::vector<Event>& b_events, Done done) {
    const TimePoint deadline = net::Clock::now() + std::chrono::seconds(5);
    while (!done()) {
        if (net::Clock::now() > deadline) return false;
        std::vector<pollfd> fds;
        a.poll_fds(fds);
        b.poll_fds(fds);
        ::poll(fds.data(), fds.size(), 100);
        a.handle_ready(fds, net::Clock::now());
        b.handle_ready(fds, net::Clock::now());
        for (Event& e : a.take_events()) a_events.push_back(std::move(e));
        for (Event& e : b.take_events()) b_events.push_back(std::move(e));
    }
    return true;
}

std::size_t count(const std::vector<Event>& events, EventKind kind) {
    return static_cast<std::size_t>(std::count_if(events.begin(), events.end(),
                                                  [&](const Event& e) { return e.kind == kind; }));
}

// A host running in a child process: it stops when quit_write is closed.
struct HostChild {
    pid_t pid = -1;
    int ready_read = -1;
    int quit_write = -1;
};

// Forks a host on `path` and waits until it listens; nothing after saying why it did not start.
std::optional<HostChild> start_host(const std::string& path) {
    int ready[2], quit[2];
    if (::pipe(ready) != 0 || ::pipe(quit) != 0) return std::nullopt;
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(ready[0]);
        ::close(quit[1]);
        run_host(path, ready[1], quit[0]);
    }
    ::close(ready[1]);
    ::close(quit[0]);
    char ok = 0;
    if (::read(ready[0], &ok, 1) != 1 || ok != 1) {
        std::fprintf(stderr, "fetaix_net_bench: the host did not start\n");
        return std::nullopt;
    }
    return HostChild{child, ready[0], quit[1]};
}

void stop_host(const HostChild& host) {
    ::close(host.quit_write);
    ::close(host.ready_read);
    ::waitpid(host.pid, nullptr, 0);
}

// Plays random legal moves until the game ends or `wanted` moves are timed, each from play() on the
// mover's side to the Moved event on the other; false after saying what went wrong.
bool time_moves(Client& w, Client& b, std::mt19937& random, std::vector<double>& ms, int wanted) {
    std::vector<Event> we, be;
    if (!pump(w, b, we, be, [&] { return w.synced() && b.synced(); })) return false;
    while (!w.game().over() && static_cast<int>(ms.size()) < wanted) {
        const bool white_moves = w.game().position().side_to_move == Color::White;
        Client& mover = white_moves ? w : b;
        std::vector<Event>& other_events = white_moves ? be : we;
        std::vector<Event>& own_events = white_moves ? we : be;
        const std::size_t before = count(other_events, EventKind::Moved);
        const std::size_t own_before = count(own_events, EventKind::Moved);
        const MoveList moves = mover.game().legal_moves();
        const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
        const TimePoint start = net::Clock::now();
        if (auto why = mover.play(m)) {
            std::fprintf(stderr, "fetaix_net_bench: %s\n", why->c_str());
            return false;
        }
        if (!pump(w, b, we, be, [&] { return count(other_events, EventKind::Moved) > before; })) {
            std::fprintf(stderr, "fetaix_net_bench: a move did not arrive within 5 s\n");
            return false;
        }
        ms.push_back(std::chrono::duration<double, std::milli>(net::Clock::now() - start).count());
        // The mover's game gets its move when the host sends it back: only then may the next be chosen.
        if (!pump(w, b, we, be, [&] { return count(own_events, EventKind::Moved) > own_before; })) {
            std::fprintf(stderr, "fetaix_net_bench: a move did not come back within 5 s\n");
            return false;
        }
    }
    return true;
}

// One game hosted on `path`, its moves timed into `ms`; false after saying what went wrong.
bool time_one_game(const std::string& path, std::mt19937& random, std::vector<double>& ms, int wanted) {
    const auto host = start_host(path);
    if (!host) return false;
    Game white_game, black_game;
    std::optional<fetaix::Clock> white_clock, black_clock;
    auto white = Client::connect(ClientConfig{path, Role::White, "W", "", "", {}}, white_game, white_clock);
    auto black = Client::connect(ClientConfig{path, Role::Black, "B", "", "", {}}, black_game, black_clock);
    if (!white || !black) {
        std::fprintf(stderr, "fetaix_net_bench: cannot connect\n");
        return false;
    }
    if (!time_moves(**white, **black, random, ms, wanted)) return false;
    white->reset();
    black->reset();
    stop_host(*host);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    const int wanted = argc > 1 ? std::atoi(argv[1]) : 100;
    if (wanted <= 0) {
        std::fprintf(stderr, "usage: fetaix_net_bench [MOVES]\n");
        return 2;
    }
    char folder[] = "/tmp/fetaix-bench-XXXXXX";
    if (::mkdtemp(folder) == nullptr) {
        std::perror("mkdtemp");
        return 1;
    }
    std::mt19937 random(1);
    std::vector<double> ms;
    int games = 0;
    while (static_cast<int>(ms.size()) < wanted)
        if (!time_one_game(std::string(folder) + "/bench" + std::to_string(games++) + ".sock", random, ms, wanted))
            return 1;
    ::rmdir(folder);
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                            : (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) / 2;
    std::printf("moves %zu in %d games: median %.3f ms, worst %.3f ms, best %.3f ms\n", ms.size(), games, median,
                sorted.back(), sorted.front());
    return 0;
}
