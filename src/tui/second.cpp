#include "second.hpp"

#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <string>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "front/network.hpp"
#include "net/protocol.hpp"
#include "net/transport.hpp"
#include "store/autosave.hpp"

namespace fetaix::tui {

namespace {

using Steady = std::chrono::steady_clock;

// How long the holder has to answer a question, to let go of the game, and to end after SIGTERM.
constexpr int kAnswerSeconds = 3;
constexpr int kLetGoSeconds = 5;
constexpr int kGraceSeconds = 3;

void say(std::FILE* out, std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), out);
    std::fflush(out);
}

// Calls `step` every 50 ms at most until it returns true or `seconds` have passed, the seconds left
// shown after `label` on one line (rewritten in place). Returns whether `step` finished it. With
// `erase_when_done`, a countdown that `step` finished is blanked out (the next line takes its place):
// only one that ran out stays, to say why what follows follows.
template <class Step>
bool count_down(std::FILE* out, std::string_view label, int seconds, Step step, bool erase_when_done = false) {
    const auto end = Steady::now() + std::chrono::seconds(seconds);
    int shown = -1;
    bool done = false;
    while (!done) {
        const auto left = end - Steady::now();
        if (left <= Steady::duration::zero()) break;
        const int whole = static_cast<int>(std::chrono::ceil<std::chrono::seconds>(left).count());
        if (whole != shown) {
            say(out, concat("\r", label, " ", whole, " s "));
            shown = whole;
        }
        done = step();
    }
    if (done && erase_when_done && shown >= 0)
        say(out, concat("\r", std::string(label.size() + concat(" ", shown, " s ").size(), ' '), "\r"));
    else say(out, "\n");
    return done;
}

// While a countdown runs, keys typed at the terminal are neither echoed onto it nor kept to answer the
// question that follows: the echo is off, and what was typed is dropped at the end. Ctrl-C (or another
// ending signal) meanwhile puts the terminal back as it was before the program ends by it.
termios g_saved_terminal{};
int g_quiet_fd = -1;
extern "C" void restore_terminal_and_end(int sig) {
    if (g_quiet_fd >= 0) ::tcsetattr(g_quiet_fd, TCSANOW, &g_saved_terminal);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

class TypeAheadDropped {
public:
    explicit TypeAheadDropped(std::FILE* in) {
        const int fd = ::fileno(in);
        if (!::isatty(fd) || ::tcgetattr(fd, &g_saved_terminal) != 0) return;
        for (std::size_t i = 0; i < kSignals.size(); ++i) {
            struct sigaction action {};
            action.sa_handler = restore_terminal_and_end;
            sigemptyset(&action.sa_mask);
            sigaction(kSignals[i], &action, &before_[i]);
        }
        g_quiet_fd = fd;
        termios quiet = g_saved_terminal;
        quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
        ::tcsetattr(fd, TCSANOW, &quiet);
    }
    ~TypeAheadDropped() {
        if (g_quiet_fd < 0) return;
        ::tcflush(g_quiet_fd, TCIFLUSH);
        ::tcsetattr(g_quiet_fd, TCSANOW, &g_saved_terminal);
        g_quiet_fd = -1;
        for (std::size_t i = 0; i < kSignals.size(); ++i) sigaction(kSignals[i], &before_[i], nullptr);
    }
    TypeAheadDropped(const TypeAheadDropped&) = delete;
    TypeAheadDropped& operator=(const TypeAheadDropped&) = delete;

private:
    static constexpr std::array<int, 4> kSignals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    std::array<struct sigaction, 4> before_{};
};

// Reads what has come on `fd` into `text` within 50 ms; false at the end of the stream.
bool read_some(int fd, std::string& text) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) return true;
    char buffer[4096];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) text.append(buffer, static_cast<std::size_t>(got));
    return got > 0 || (got < 0 && (errno == EAGAIN || errno == EINTR));
}

bool send_line(int fd, const std::string& line) {
    const std::string text = line + "\n";
    return ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
}

// The first line that came, parsed; nothing while none has.
std::optional<net::Message> first_message(const std::string& text) {
    const std::size_t end = text.find('\n');
    if (end == std::string::npos) return std::nullopt;
    auto m = net::parse(std::string_view(text).substr(0, end));
    if (!m) return std::nullopt;
    return *m;
}

// What the holder's game is (its `game` answer to `query`), or nothing when it does not answer in time.
std::optional<net::GameInfo> ask_game(std::FILE* out, const net::GameSocket& path, int pid) {
    auto fd = net::connect_to(path.path, path.shared);
    if (!fd) return std::nullopt;
    std::optional<net::GameInfo> info;
    bool open = send_line(*fd, net::format(net::Query{}));
    std::string text;
    count_down(
        out, concat("Asking the other fetaix (pid ", pid, ") about its game..."), kAnswerSeconds,
        [&] {
            if (open) open = read_some(*fd, text);
            if (auto m = first_message(text)) {
                if (const auto* g = std::get_if<net::GameInfo>(&*m)) info = *g;
                return true;
            }
            if (!open) return true;
            return false;
        },
        true);
    ::close(*fd);
    return info;
}

std::string seat_text(Color side, const std::string& name) {
    const std::string_view colour = to_string(side);
    return name.empty() || name == colour ? std::string(colour) : concat(colour, " (", name, ")");
}

// The player's choice: the first letter typed, lowercase; nothing at the end of the input.
std::optional<char> read_choice(std::FILE* in) {
    char line[256];
    if (std::fgets(line, sizeof line, in) == nullptr) return std::nullopt;
    for (const char* c = line; *c != '\0'; ++c)
        if (*c != ' ' && *c != '\t') return static_cast<char>(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    return '\0';
}

bool lock_free(const std::string& folder) { return !store::lock_holder(folder); }

// Whether the process `pid` belongs to this user (a process of another may not be stopped).
bool same_user(int pid) {
    struct stat info {};
    return ::stat(concat("/proc/", pid).c_str(), &info) == 0 && info.st_uid == ::getuid();
}

// Stops the holder: SIGTERM (and SIGCONT, so that a stopped one can end), then SIGKILL after the grace.
// The autosave survives either: it is written whole after every change. Returns whether the lock is free.
bool stop_holder(std::FILE* out, int pid, const std::string& folder) {
    ::kill(pid, SIGTERM);
    ::kill(pid, SIGCONT);
    if (count_down(out, concat("Asked pid ", pid, " to end (SIGTERM); waiting..."), kGraceSeconds,
                   [&] { return ::usleep(50'000), lock_free(folder); }))
        return true;
    ::kill(pid, SIGKILL);
    return count_down(out, concat("Killed pid ", pid, " (SIGKILL); waiting for the lock..."), kGraceSeconds,
                      [&] { return ::usleep(50'000), lock_free(folder); });
}

enum class Handover { Done, Refused, NoAnswer };

// Asks the holder to let go of the game; done once the autosave's lock is free.
Handover ask_takeover(std::FILE* out, const net::GameSocket& path, int pid, const std::string& folder) {
    auto fd = net::connect_to(path.path, path.shared);
    if (!fd) return lock_free(folder) ? Handover::Done : Handover::NoAnswer;
    bool open = send_line(*fd, net::format(net::Takeover{}));
    std::string text;
    std::string refusal;
    const bool done = count_down(out, concat("Waiting for the other fetaix (pid ", pid, ") to save and let go..."),
                                 kLetGoSeconds, [&] {
                                     if (open) open = read_some(*fd, text);
                                     else ::usleep(50'000);
                                     if (auto m = first_message(text))
                                         if (const auto* e = std::get_if<net::ErrorMessage>(&*m)) {
                                             refusal = e->text;
                                             return true;
                                         }
                                     return lock_free(folder);
                                 });
    ::close(*fd);
    if (!refusal.empty()) {
        say(out, concat("It refused: ", refusal, "\n"));
        return Handover::Refused;
    }
    return done ? Handover::Done : Handover::NoAnswer;
}

// The holder cannot be asked: it may be stopped, or ended by force and its game taken from the autosave.
std::optional<int> unresponsive(AppOptions& options, std::FILE* in, std::FILE* out, int pid, std::string_view why) {
    const bool mine = same_user(pid);
    say(out, concat("The other fetaix (pid ", pid, ") ", why, "\n"));
    if (mine)
        say(out, concat("  k  stop it (SIGTERM, SIGKILL after ", kGraceSeconds, " s) and take its saved game here\n"));
    else say(out, "     (it belongs to another user: it cannot be stopped from here)\n");
    say(out, "  n  play a separate game, not autosaved\n  q  quit\n");
    const std::string choices = mine ? "k, n or q" : "n or q";
    for (;;) {
        say(out, concat("Your choice (", choices, "), then Enter: "));
        const auto c = read_choice(in);
        if (!c || *c == 'q') return 0;
        if (*c == 'n') {
            options.resume = ResumeChoice::New;
            return std::nullopt;
        }
        if (*c == 'k' && mine) {
            bool stopped = false;
            {
                const TypeAheadDropped quiet(in);
                stopped = stop_holder(out, pid, options.state_folder);
            }
            if (!stopped) {
                say(out, concat("pid ", pid, " still holds the autosave: nothing was changed.\n"));
                return 1;
            }
            options.resume = ResumeChoice::Resume;
            return std::nullopt;
        }
        say(out, concat("Type ", choices, ".\n"));
    }
}

// What a holder that answered offers this terminal.
struct HolderOffer {
    bool networked = false;
    // The seat free for a second terminal (White's if both are).
    bool free = false;
    Color free_side = Color::White;
    // A seat held by a player of this state folder is theirs to take back once that player has left (the
    // token kept); while they are still connected taking it would throw them out: it is not offered.
    bool token = false;
    bool rejoin = false;
    // The name the free seat's player goes by (empty: the login name, as for fetaix join), and why the
    // one given for it cannot go over the network, if it cannot.
    std::string player;
    std::string player_problem;
};

// The free seat's player keeps the name the game has for it, unless this fetaix was given one for that
// side (--black NAME for the Black seat); a seat with only its colour's name gets the login name.
std::string seat_player(const net::GameInfo& info, const AppOptions& options, Color side) {
    const bool given = side == Color::White ? options.given.white : options.given.black;
    if (given && !options.players.computer(side)) return options.players.name(side);
    const std::string& name = side == Color::White ? info.white : info.black;
    return name == to_string(side) ? std::string() : name;
}

HolderOffer holder_offer(const net::GameInfo& info, const AppOptions& options, const std::string& game,
                         bool networked) {
    HolderOffer offer;
    offer.networked = networked;
    offer.free = networked && (info.white_free || info.black_free);
    offer.free_side = info.white_free ? Color::White : Color::Black;
    if (offer.free) {
        offer.player = seat_player(info, options, offer.free_side);
        // (The command line took it as a name already: only its length can be too much for the network.)
        if (offer.player.size() > net::kMaxNameBytes)
            offer.player_problem = concat("--", offer.free_side == Color::White ? "white" : "black", " ", offer.player,
                                          ": a name on two screens has at most ", net::kMaxNameBytes,
                                          " bytes (UTF-8), this one ", offer.player.size(), ".");
    }
    offer.token = networked && !offer.free && has_seat_token(options.state_folder, game);
    offer.rejoin = offer.token && (info.white_away || info.black_away);
    return offer;
}

// Says what the holder is playing and what this terminal may do; the choices, for the question.
std::string say_holder_game(std::FILE* out, int pid, const net::GameInfo& info, const HolderOffer& offer) {
    std::string state = info.outcome == Outcome::Ongoing ? concat(to_string(info.turn), " to move")
                                                         : std::string(result_token(info.outcome));
    // Moves counted as the move list counts them: "1. c2-c3 c4xc2" is one.
    const std::size_t moves = full_moves_before(info.turn, info.ply);
    say(out, concat("Another fetaix (pid ", pid, ") is playing the game saved here:\n",
                    seat_text(Color::White, info.white), " - ", seat_text(Color::Black, info.black), ", ", moves,
                    moves == 1 ? " move, " : " moves, ", state, ".\n"));
    if (offer.free)
        say(out,
            concat("  s  take the ", to_string(offer.free_side), " seat: one game on two screens (the other keeps ",
                   to_string(opponent(offer.free_side)), ")\n"));
    else if (offer.rejoin) say(out, "  s  take your seat back: one game on two screens\n");
    else if (offer.token) say(out, "     (its other seat is played at another terminal, still connected)\n");
    if (offer.networked) say(out, "  w  watch it live\n");
    say(out,
        "  t  take it over here (the other screen becomes a watcher)\n  n  play a separate game, not autosaved\n"
        "  q  quit\n");
    return offer.free || offer.rejoin ? "s, w, t, n or q" : offer.networked ? "w, t, n or q" : "t, n or q";
}

// Asks the holder at `path` to let go of the game, and takes it here once it has.
std::optional<int> take_over(AppOptions& options, std::FILE* in, std::FILE* out, int pid, const net::GameSocket& path) {
    Handover handover = Handover::NoAnswer;
    {
        const TypeAheadDropped quiet(in);
        handover = ask_takeover(out, path, pid, options.state_folder);
    }
    switch (handover) {
        case Handover::Done: options.resume = ResumeChoice::Resume; return std::nullopt;
        case Handover::Refused: return 1;
        case Handover::NoAnswer:
            return unresponsive(options, in, out, pid,
                                "did not let go of the game:\nit may be stopped, or hung on a lost connection.");
    }
    return 1;
}

// Reads the choice until one offered is typed, and acts on it.
std::optional<int> choose(AppOptions& options, std::FILE* in, std::FILE* out, int pid, const std::string& game,
                          const net::GameSocket& path, const HolderOffer& offer, const std::string& choices) {
    for (;;) {
        say(out, concat("Your choice (", choices, "), then Enter: "));
        const auto c = read_choice(in);
        if (!c || *c == 'q') return 0;
        switch (*c) {
            case 's':
                if (!offer.free && !offer.rejoin) break;
                if (!offer.player_problem.empty()) {
                    say(out, concat(offer.player_problem, "\n"));
                    continue;
                }
                options.net.mode = NetOptions::Mode::Join;
                options.net.name = game;
                // A seat taken back keeps its name at the host, by its token.
                options.net.player = offer.player;
                return std::nullopt;
            case 'w':
                if (!offer.networked) break;
                options.net.mode = NetOptions::Mode::Watch;
                options.net.name = game;
                return std::nullopt;
            case 't': return take_over(options, in, out, pid, path);
            case 'n': options.resume = ResumeChoice::New; return std::nullopt;
            default: break;
        }
        say(out, concat("Type ", choices, ".\n"));
    }
}

}  // namespace

std::optional<int> meet_the_holder(AppOptions& options, std::FILE* in, std::FILE* out, bool networked) {
    if (options.net.mode != NetOptions::Mode::Local || options.record || options.replay ||
        options.resume == ResumeChoice::New || !::isatty(::fileno(in)))
        return std::nullopt;
    const auto holder = store::lock_holder(options.state_folder);
    // No one holds it, or a holder that does not say who it is: the game starts as it always did.
    if (!holder || holder->pid <= 0 || holder->pid == ::getpid()) return std::nullopt;
    const int pid = holder->pid;
    if (holder->game.empty())
        return unresponsive(options, in, out, pid, "takes no requests (screen-reader mode, or no socket).");
    const auto path = net::find_game(holder->game);
    std::optional<net::GameInfo> info;
    if (path) {
        const TypeAheadDropped quiet(in);
        info = ask_game(out, *path, pid);
    }
    if (!info)
        return unresponsive(options, in, out, pid,
                            "does not answer:\nit may be stopped, or hung on a lost connection.");
    const HolderOffer offer = holder_offer(*info, options, holder->game, networked);
    const std::string choices = say_holder_game(out, pid, *info, offer);
    return choose(options, in, out, pid, holder->game, *path, offer, choices);
}

}  // namespace fetaix::tui
