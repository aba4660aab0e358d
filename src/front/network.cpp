#include "network.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <fstream>
#include <memory>
#include <sstream>

#include "store/autosave.hpp"
#include "store/files.hpp"
#include "store/history.hpp"

namespace fetaix::front {

namespace {

// Where a seat's token is kept between runs: STATE/seats/NAME.token, readable by this user only.
std::string token_path(const std::string& state_folder, const std::string& name) {
    return concat(state_folder, "/seats/", name, ".token");
}

// Where a host keeps the seat tokens it gave, for `fetaix host --resume`: STATE/seats/NAME.hosted.
std::string hosted_path(const std::string& state_folder, const std::string& name) {
    return concat(state_folder, "/seats/", name, ".hosted");
}

// The first line of a token file (the second too, for a host's: White's token, then Black's); when
// there is a file but it cannot be used, `problem` says why.
std::string read_token(const std::string& path, int line = 0, std::string* problem = nullptr) {
    // As it is written: never through a link, a FIFO or a device refused, never waited on.
    const int fd = store::open_in_place(path, O_RDONLY, 0);
    if (fd < 0) {
        if (errno != ENOENT && problem != nullptr) *problem = store::in_place_failure("the seat token", path);
        return "";
    }
    std::string text;
    auto refusal = store::in_place_refusal(fd, path, "the seat token");
    char buffer[4096];
    const ssize_t n = refusal ? 0 : ::read(fd, buffer, sizeof buffer);
    ::close(fd);
    if (!refusal && n < 0) refusal = concat("cannot read the seat token: ", std::strerror(errno), ": ", path);
    if (refusal) {
        if (problem != nullptr) *problem = *refusal;
        return "";
    }
    text.assign(buffer, static_cast<std::size_t>(n));
    std::istringstream in(text);
    std::string token;
    for (int i = 0; i <= line; ++i)
        if (!std::getline(in, token)) return "";
    return token.size() <= net::kMaxCodeBytes ? token : std::string();
}

// Returns why the token could not be kept (the seat then cannot be taken back after a crash).
std::optional<std::string> write_token(const std::string& state_folder, const std::string& path,
                                       const std::string& token) {
    // The state folder and its parents, as the autosave would make them.
    const std::string folder = concat(state_folder, "/seats");
    for (std::size_t at = folder.find('/', 1); at != std::string::npos; at = folder.find('/', at + 1))
        ::mkdir(folder.substr(0, at).c_str(), 0700);
    ::mkdir(folder.c_str(), 0700);
    // In place, as every file fetaix writes in its folders: a symbolic link, a FIFO or a hard link there
    // is refused, and only a regular file is cut short.
    const int fd = store::open_in_place(path, O_WRONLY | O_CREAT, 0600);
    if (fd < 0) return concat("cannot keep the seat token: ", store::in_place_failure("the token file", path));
    if (auto refusal = store::in_place_refusal(fd, path, "the token file")) {
        ::close(fd);
        return concat("cannot keep the seat token: ", *refusal);
    }
    const std::string line = token + "\n";
    const bool ok = ::ftruncate(fd, 0) == 0 &&
                    ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    ::close(fd);
    if (!ok) return concat("cannot keep the seat token in ", path);
    return std::nullopt;
}

// This user's login name, as the host names a watcher (which sends no name of its own).
std::string login_name() {
    const passwd* entry = ::getpwuid(::getuid());
    return entry != nullptr && entry->pw_name != nullptr ? std::string(entry->pw_name) : std::to_string(::getuid());
}

}  // namespace

std::string door_name(int pid) { return concat("local-", pid); }

bool is_door_name(std::string_view name) { return name.starts_with("local-"); }

bool has_seat_token(const std::string& state_folder, const std::string& name) {
    return !read_token(token_path(state_folder, name)).empty();
}

Expected<std::unique_ptr<Network>> Network::open_door(Controller& controller, Color keep, std::optional<Color> computer,
                                                      const std::string& state_folder) {
    const Players& players = controller.players();
    std::unique_ptr<Network> network(new Network);
    network->options_.mode = NetOptions::Mode::Host;
    network->options_.name = door_name(static_cast<int>(::getpid()));
    network->options_.side = keep;
    network->state_folder_ = state_folder;
    network->door_ = true;
    auto folder = net::prepare_folder(net::private_folder_path(), false);
    if (!folder) return folder.error();
    auto path = net::socket_path(*folder, network->options_.name);
    if (!path) return path.error();
    net::HostConfig config;
    config.game_name = network->options_.name;
    config.socket_path = *path;
    config.host_side = keep;
    config.computer_side = computer;
    config.white = players.white;
    config.black = players.black;
    config.handover = true;
    network->table_ = &controller.table();
    auto host = net::Host::start(std::move(config), network->table_->game_for_session(),
                                 network->table_->clock_for_session());
    if (!host) return host.error();
    network->host_ = host->get();
    network->session_ = std::move(*host);
    // The clocks exactly as they stand here (paused, or within a turn).
    network->follow();
    return network;
}

Expected<std::unique_ptr<Network>> Network::start(const NetOptions& options, play::Table& table, const Players& players,
                                                  const std::string& state_folder) {
    std::unique_ptr<Network> network(new Network);
    network->options_ = options;
    network->table_ = &table;
    network->state_folder_ = state_folder;
    if (options.mode == NetOptions::Mode::Host) {
        auto folder = net::prepare_folder(options.shared ? net::shared_folder_path() : net::private_folder_path(),
                                          options.shared);
        if (!folder) return folder.error();
        auto path = net::socket_path(*folder, options.name);
        if (!path) return path.error();
        net::HostConfig config;
        config.game_name = options.name;
        config.socket_path = *path;
        config.shared = options.shared;
        config.host_side = options.side;
        config.white = players.white;
        config.black = players.black;
        if (options.resume) {
            // The players of the game resumed get their seats back with the tokens they kept.
            config.white_token = read_token(hosted_path(state_folder, options.name), 0);
            config.black_token = read_token(hosted_path(state_folder, options.name), 1);
        }
        auto host = net::Host::start(std::move(config), table.game_for_session(), table.clock_for_session());
        if (!host) return host.error();
        network->host_ = host->get();
        network->session_ = std::move(*host);
        table.set_timer(play::Timer::Host);
        return network;
    }
    if (auto problem = network->connect()) return *problem;
    table.set_timer(play::Timer::HostElsewhere);
    return network;
}

std::optional<Error> Network::connect() {
    auto path = options_.socket.empty() ? net::find_game(options_.name)
                                        : Expected<net::GameSocket>(net::GameSocket{options_.socket, false});
    if (!path) return path.error();
    net::ClientConfig config;
    config.socket_path = path->path;
    config.shared = path->shared;
    config.role = options_.mode == NetOptions::Mode::Watch ? net::Role::Watch
                  : options_.seat ? (*options_.seat == Color::White ? net::Role::White : net::Role::Black)
                                  : net::Role::Seat;
    config.code = options_.code;
    config.name = options_.player;
    // The seat token kept when first let in: the same seat back, on a rejoin too.
    token_problem_.clear();
    if (config.role != net::Role::Watch)
        config.token = !options_.token.empty()
                           ? options_.token
                           : read_token(token_path(state_folder_, options_.name), 0, &token_problem_);
    auto client = net::Client::connect(std::move(config), table_->game_for_session(), table_->clock_for_session());
    if (!client) return client.error();
    host_pid_ = (*client)->host_pid();
    session_ = std::move(*client);
    closed_ = false;
    welcomed_ = false;
    return std::nullopt;
}

void Network::retry(Controller& controller) {
    if (!retry_at_ || net::Clock::now() < *retry_at_) return;
    if (connect()) {
        // Not back yet: looked for again later, less often (at most every kMaxRetry).
        retry_wait_ = std::min(retry_wait_ * 2, kMaxRetry);
        retry_at_ = net::Clock::now() + retry_wait_;
        return;
    }
    // Connected: what the actions send goes to the new connection; the host's welcome seats this one again.
    retry_at_.reset();
    rejoining_ = true;
    controller.set_link(link(controller));
}

void Network::end(const std::string& state_folder) {
    if (!host_) return;
    // A finished game is in the game history already (Controller::archive_if_finished); one in play in
    // the autosave, to be hosted again.
    const bool over = host_->game().over();
    const auto text = [&](std::string_view where) {
        return concat(options_.side ? who(*options_.side) : std::string("The host"), " ended the game: it is kept in ",
                      where,
                      over    ? ""
                      : door_ ? " (fetaix resumes it)"
                              : concat(" (fetaix host ", options_.name, " --resume)"));
    };
    // A line has room for a long state folder's path but not for any: the others then read where in words.
    const std::string bye = text(over ? concat(store::history_directory(state_folder), "/")
                                      : concat(state_folder, "/autosave.pdn"));
    host_->say_bye(bye.size() <= net::kMaxTextBytes ? bye
                                                    : text(over ? "the host's game history" : "the host's autosave"));
}

Link Network::link(Controller& controller) {
    Link link;
    net::Session* s = session_.get();
    if (host_) {
        net::Host* h = host_;
        link.play = [h](const Move&) { return h->check_play(); };
        link.played = [h] { h->send_played(); };
    } else {
        link.send = [s](const Move& m) { return s->play(m); };
    }
    link.offer = [s](bool takeback) { return s->offer(takeback ? net::Offer::Takeback : net::Offer::Draw); };
    // The host settles a draw on the one game and says nothing to itself (a take-back comes as Synced).
    link.answer = [s, &controller](bool accept) {
        const bool draw = s->open_offer() == net::Offer::Draw;
        auto problem = s->answer(accept);
        if (!problem && accept && draw && s->game().over()) controller.table().replaced(true);
        return problem;
    };
    link.resign = [s] { return s->check_resign(); };
    link.resigned = [s] { s->send_resigned(); };
    link.hosts = host_ != nullptr;
    // The host does not send a player's own line back: it is shown here when sent.
    const std::string watcher = options_.player.empty() ? login_name() : options_.player;
    // The lines sent in the last minute, when they are limited.
    auto sent = std::make_shared<std::deque<std::chrono::steady_clock::time_point>>();
    link.chat = [s, &controller, watcher, sent, bytes = options_.chat_bytes,
                 per_minute = options_.chat_per_minute](const std::string& text) -> std::optional<std::string> {
        if (bytes > 0 && text.size() > bytes) return concat("a chat line here is at most ", bytes, " bytes");
        const auto now = std::chrono::steady_clock::now();
        while (!sent->empty() && now - sent->front() >= std::chrono::minutes(1)) sent->pop_front();
        if (per_minute > 0 && static_cast<int>(sent->size()) >= per_minute)
            return concat("this server takes ", per_minute, " chat lines a minute; wait a few seconds");
        auto problem = s->chat(text);
        if (!problem && per_minute > 0) sent->push_back(now);
        if (!problem) {
            const std::optional<Color> mine = s->my_side();
            controller.add_chat(concat(mine ? s->name(*mine) : watcher, mine ? "" : " (watching)", ": ", text));
        }
        return problem;
    };
    return link;
}

std::string Network::who(Color side) const {
    const std::string& name = session_->name(side);
    return name.empty() || name == to_string(side) ? std::string(to_string(side))
                                                   : concat(to_string(side), " (", name, ")");
}

void Network::seat(Controller& controller, std::optional<Color> mine) {
    for (Color c : {Color::White, Color::Black}) controller.set_remote(c, mine != c);
}

void Network::note_history(Controller& controller) const {
    const auto holder = store::lock_holder(state_folder_);
    controller.set_history_by_host(host_pid_ > 0 && holder && holder->pid == host_pid_);
}

std::string Network::join_quit_text(bool host_gone) const {
    if (options_.from_lobby)
        return host_gone ? "Back to the lobby? The server lost this game for now."
                         : "Back to the lobby? The game goes on and your seat stays yours (Your games).";
    if (host_gone) return concat("Quit? The host is gone; fetaix join ", options_.name, " rejoins once it is back.");
    return concat("Quit? The host keeps the game: fetaix join ", options_.name, " takes your seat back.");
}

void Network::prepare(Controller& controller) {
    controller.set_link(link(controller));
    if (!host_) {
        // The host's autosave holds the game: this copy is not kept in the history when leaving.
        controller.set_autosaved(true);
        // Nor when it ends, if the host is the process holding this state folder's autosave: it keeps the
        // game in this same history (with its clocks' readings). A host elsewhere (another state folder,
        // user or machine) keeps its own: this one then keeps a copy here.
        note_history(controller);
        controller.set_quit_text(options_.mode == NetOptions::Mode::Watch ? "Stop watching?" : join_quit_text(false));
    } else {
        controller.set_quit_text(concat("Quit? The game is saved: fetaix host ", options_.name,
                                        " --resume hosts it again."));
    }
    if (host_) {
        seat(controller, options_.side);
        show_standing(controller, true);
    } else {
        // Nothing is played here until the host has said which seat is ours.
        seat(controller, std::nullopt);
        controller.set_network_line(concat("Connecting to ", options_.name, "..."));
    }
}

bool Network::handle(std::span<const pollfd> fds, Controller& controller) {
    session_->handle_ready(fds, net::Clock::now());
    const bool changed = take_events(controller);
    retry(controller);
    return show_standing(controller) || changed;
}

int Network::timeout_ms() const {
    const net::TimePoint now = net::Clock::now();
    int limit = session_->timeout_ms(now);
    if (retry_at_) {
        const int next = static_cast<int>(
            std::max<std::int64_t>(0, std::chrono::ceil<std::chrono::milliseconds>(*retry_at_ - now).count()));
        if (limit < 0 || next < limit) limit = next;
    }
    // The time since a player left is shown by the second in a timed game.
    for (const auto& since : away_since_)
        if (since && session_->clock()) {
            const int next = static_cast<int>(1000 - (net::millis(now) - *since) % 1000);
            if (limit < 0 || next < limit) limit = next;
        }
    return limit;
}

std::string Network::host_sign() const {
    if (door_) return "";
    // A command is copied from the screen. The code beside it, not in it: typed when asked, it stays out
    // of the process list.
    const auto command = [this](std::string_view label, std::string_view verb, const std::string& code) {
        return concat(label, ": fetaix ", verb, " ", options_.name, options_.shared ? concat(", code ", code) : "");
    };
    const std::string watch = command("Watch", "watch", host_->watch_code());
    const bool seat_open = !session_->present(Color::White) || !session_->present(Color::Black);
    return seat_open ? concat(command("Join", "join", host_->join_code()), "\n", watch) : watch;
}

std::string Network::standing_line() const {
    std::string gone;
    const Millis now = net::millis(net::Clock::now());
    for (Color c : {Color::White, Color::Black}) {
        const auto& since = away_since_[c == Color::White ? 0 : 1];
        if (!since || session_->present(c)) continue;
        const auto& clock = session_->clock();
        const bool over = session_->game().over();
        const bool running = clock && clock->running() == c && !over;
        // A game over waits for nobody: who went is said, not how long ago.
        gone += concat(gone.empty() ? "" : "; ", clock && !over
                                                     ? net::away_text(c, session_->name(c), now - *since, running)
                                                     : net::left_text(c, session_->name(c), over));
    }
    const std::string sign = host_ ? host_sign() : watch_line_;
    return gone.empty() || sign.empty() ? concat(gone, sign) : concat(gone, "\n", sign);
}

bool Network::show_standing(Controller& controller, bool always) {
    // The connection to the host over, what was said about it stands (the time a player has been gone
    // is not known any more).
    if (closed_ && !always) return false;
    std::string line = standing_line();
    if (!always && line == standing_) return false;
    standing_ = std::move(line);
    controller.set_network_line(standing_);
    return true;
}

bool Network::take_events(Controller& controller) {
    const std::vector<net::Event> events = session_->take_events();
    for (const net::Event& e : events) apply(e, controller);
    return !events.empty();
}

// Let in (again): the seat or the watching, and the seat token kept.
void Network::on_welcomed(const net::Event& e, Controller& controller) {
    welcomed_ = true;
    controller.set_link_lost("");
    if (options_.mode == NetOptions::Mode::Join && !is_door_name(options_.name))
        controller.set_quit_text(join_quit_text(false));
    if (std::exchange(rejoining_, false)) {
        // Another host process now: whether it keeps this game history is asked again.
        note_history(controller);
        controller.tell("Reconnected: the host is back.");
    }
    if (e.role == net::Role::Watch) {
        seat(controller, std::nullopt);
        watch_line_ = options_.note.empty()
                          ? concat("Watching ", options_.name, ": ", controller.keys().first("step-back"), " ",
                                   controller.keys().first("step-forward"), " browse the moves, ",
                                   controller.keys().first("chat"), " chat with the watchers.")
                          : options_.note;
        show_standing(controller, true);
        return;
    }
    seat(controller, e.role == net::Role::White ? Color::White : Color::Black);
    show_standing(controller, true);
    if (!e.text.empty()) {
        if (auto problem = write_token(state_folder_, token_path(state_folder_, options_.name), e.text))
            controller.set_network_line(*problem);
    }
}

// The whole game replaced (a join, a take-back, the host's next game).
void Network::on_synced(const net::Event& e, Controller& controller) {
    // The host started the next game (its n): the news of the last one is stale, and this one said.
    const bool next_game = welcomed_ && e.was_over && !session_->game().over() && session_->game().ply() == 0;
    synced_ = true;
    controller.set_names(session_->name(Color::White), session_->name(Color::Black));
    controller.table().replaced(e.goes_on);
    if (next_game) controller.tell("New game.");
    if (const auto offer = session_->open_offer();
        offer && session_->my_side() && session_->offer_by() != *session_->my_side())
        controller.offered(session_->offer_by(), *offer == net::Offer::Takeback);
}

// A seat's player connected: a door's free seat taken makes it a two-terminal game.
void Network::on_joined(const net::Event& e, Controller& controller) {
    bool unpaused = false;
    away_since_[e.side == Color::White ? 0 : 1].reset();
    if (door_ && !joined_) {
        // The second terminal took the free seat: from now on this is a two-terminal game, timed
        // by the host's clocks (its Clock event follows), which nobody pauses.
        joined_ = true;
        unpaused = controller.clock_paused();
        controller.set_link(link(controller));
        seat(controller, options_.side);
        controller.set_quit_text("Quit? The game is saved: fetaix resumes it.");
    }
    controller.set_names(session_->name(Color::White), session_->name(Color::Black));
    if (host_) {
        if (auto problem = write_token(state_folder_, hosted_path(state_folder_, options_.name),
                                       concat(host_->token(Color::White), "\n", host_->token(Color::Black)))) {
            controller.set_network_line(*problem);
            return;
        }
    }
    controller.tell(concat(e.login.empty() || e.login == e.name ? concat(who(e.side), " joined.")
                                                                : concat(who(e.side), " joined (login ", e.login, ")."),
                           unpaused ? " The clocks run again." : ""));
    // How to watch stays on the host's screen, how to join while a seat is free; what to do on a watcher's.
    show_standing(controller, true);
}

// A seat's player lost their connection; a timed game shows how long they have been gone.
void Network::on_left(const net::Event& e, Controller& controller) {
    // The news of their joining is stale now.
    controller.tell("");
    // Shown above the sign; a timed game: the clock of a player gone keeps running, the time gone is shown.
    away_since_[e.side == Color::White ? 0 : 1] = net::millis(net::Clock::now());
    show_standing(controller, true);
}

// The connection to the host is over: said, and the host looked for again when it may come back.
void Network::on_closed(const net::Event& e, Controller& controller) {
    closed_ = true;
    if (rejoining_ && !welcomed_) {
        // Back, but not let in (a shared game hosted again has new codes): said, and not tried again.
        if (e.host_said) {
            rejoining_ = false;
            controller.set_network_line(concat("Disconnected: ", e.text,
                                               options_.code.empty() ? "."
                                                                     : " (a game hosted again has new codes: "
                                                                       "the host's screen shows them)."));
            return;
        }
        // Gone again before the welcome: looked for again.
        retry_wait_ = kFirstRetry;
        retry_at_ = net::Clock::now() + retry_wait_;
        return;
    }
    if (!welcomed_) {
        // A seat held for us may be refused for want of our token: say why it was not sent.
        refusal_ = token_problem_.empty() ? e.text : concat(e.text, " (", token_problem_, ")");
        return;
    }
    // The board stays as it was; a move tried now is refused by the session ("not connected").
    // A host that said why it closed (this seat taken back by its token elsewhere, the game moved)
    // is not known to be gone.
    controller.set_link_lost(e.host_said ? "disconnected" : "the host is gone");
    // What the message line said before ("Reconnected: the host is back.") is no news now.
    controller.tell({});
    if (!host_ && is_door_name(options_.name)) {
        lost_door_ = options_;
        // A plain fetaix's game is not joined again by its name: the quit question no longer says so.
        if (options_.mode == NetOptions::Mode::Join)
            controller.set_quit_text("Quit? The host's fetaix has closed: the game is saved with the host.");
    }
    // A plain fetaix's game comes back under another name (its new process id): no rejoin by this
    // one. A host that closed this connection but runs on (the seat taken back elsewhere) neither.
    if (host_ || is_door_name(options_.name) || e.host_said) {
        // A plain fetaix's game is followed to whichever fetaix takes it up (the program's loop).
        const bool followed = lost_door_ && !controller.game().over();
        controller.set_network_line(
            concat("Disconnected: ", e.text, ".",
                   followed ? concat(" Followed here when it is taken up; ", controller.keys().first("quit"), " quits.")
                            : ""));
        return;
    }
    // A host gone (ended, killed) may be hosted again (fetaix host NAME --resume): looked for until
    // then, with the seat token for a player, and the game goes on here by itself.
    retry_wait_ = kFirstRetry;
    retry_at_ = net::Clock::now() + retry_wait_;
    if (options_.mode == NetOptions::Mode::Join) controller.set_quit_text(join_quit_text(true));
    // A host that ended says so itself, and where the game is kept; else the session says what
    // happened ("connection to the host lost").
    {
        std::string what = e.text;
        if (!what.empty()) what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
        controller.set_network_line(concat(what, ". Reconnecting when the host is back; ",
                                           controller.keys().first("quit"), " quits."));
    }
}

void Network::apply(const net::Event& e, Controller& controller) {
    using E = net::EventKind;
    switch (e.kind) {
        case E::Welcomed: on_welcomed(e, controller); break;
        case E::Pending: controller.set_network_line(e.text); break;
        case E::Synced: on_synced(e, controller); break;
        // Played on the one game by the session already: the controller's after-move path.
        case E::Moved: controller.table().moved(e.side, e.move); break;
        case E::Joined: on_joined(e, controller); break;
        case E::Left: on_left(e, controller); break;
        case E::SeatRequest: {
            net::Host* host = host_;
            const int request = e.request;
            controller.ask(concat("User ", e.login, " asks for the ", to_string(e.side), " seat as ", e.name,
                                  ". Let them in?"),
                           [host, request](bool yes) {
                               if (host) host->answer_seat(request, yes);
                           });
            break;
        }
        case E::Offered:
            if (session_->my_side() && e.side != *session_->my_side())
                controller.offered(e.side, e.offer == net::Offer::Takeback);
            break;
        case E::Answered: controller.answered(e.side, e.offer == net::Offer::Takeback, e.accepted); break;
        case E::Result:
            controller.table().replaced(true);
            if (const GameResult r = session_->game().result(); r.reason == Reason::TimeForfeit) {
                const Color loser = r.outcome == Outcome::WhiteWins ? Color::Black : Color::White;
                controller.tell(controller.time_up_text(loser));
            }
            break;
        case E::Clock:
            // The session has set the clocks (they are the table's): from now on its host times them, and
            // nothing shown here (a saved game put back paused) keeps them standing.
            controller.host_times(host_ == nullptr);
            break;
        case E::Chat:
            controller.add_chat(concat(e.name, e.role == net::Role::Watch ? " (watching)" : "", ": ", e.text));
            break;
        case E::Notice: controller.tell(e.text); break;
        case E::TakeoverRequest: takeover_ = e.request; break;
        case E::Closed: on_closed(e, controller); break;
    }
}

}  // namespace fetaix::front
