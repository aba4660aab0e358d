#include "net/session.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <unistd.h>
#include <utility>

namespace fetaix::net {

std::string left_text(Color side, std::string_view name, bool over) {
    const std::string_view colour = to_string(side);
    const std::string_view waiting = over ? "" : ", waiting";
    if (name.empty() || name == colour) return concat(colour, " disconnected", waiting);
    return concat(colour, " (", name, ") disconnected", waiting);
}

std::string away_text(Color side, std::string_view name, Millis away, bool clock_running) {
    const std::string_view colour = to_string(side);
    const std::string who = name.empty() || name == colour ? std::string(colour) : concat(colour, " (", name, ")");
    const Millis s = std::max<Millis>(0, away) / 1000;
    const std::string seconds = concat(s % 60 < 10 ? "0" : "", std::to_string(s % 60));
    return concat(who, " disconnected ", std::to_string(s / 60), ":", seconds, " ago, ",
                  clock_running ? "clock running" : "waiting");
}

std::vector<Event> Session::take_events() { return std::exchange(events_, {}); }

std::optional<std::string> Session::resign() {
    if (auto why = check_resign()) return why;
    if (!game_.resign(*my_side_)) return std::string("the game is over");
    send_resigned();
    return std::nullopt;
}

namespace {

Event event(EventKind kind, std::string text = "") {
    Event e;
    e.kind = kind;
    e.text = std::move(text);
    return e;
}

// An event about a seat's player.
Event about(EventKind kind, Color side, std::string name) {
    Event e = event(kind);
    e.side = side;
    e.role = role_of(side);
    e.name = std::move(name);
    return e;
}

std::string_view seat_word(Color c) { return c == Color::White ? "white" : "black"; }

// The ply a take-back asked by `side` goes back to: before that player's last move. Nothing when the
// player has no move to take back.
std::optional<std::size_t> takeback_target(const Game& game, Color side) {
    std::size_t ply = game.ply();
    // Back past the other player's replies to this player's last move, then past that move.
    while (ply > 0 && game.position_at(ply - 1).side_to_move != side) --ply;
    if (ply == 0) return std::nullopt;
    return ply - 1;
}

// Why `side` may not make this offer now, or nothing.
std::optional<std::string> offer_refusal(const Game& game, Color side, Offer what, const std::optional<Offer>& open) {
    if (open) return std::string("an offer is already open");
    if (what == Offer::Draw) {
        if (game.over()) return concat("the game is over: ", describe(game.result().reason));
        return std::nullopt;
    }
    if (game.result().reason == Reason::Resignation || game.result().reason == Reason::AgreedDraw ||
        game.result().reason == Reason::TimeForfeit)
        return concat("the game is over: ", describe(game.result().reason));
    if (!takeback_target(game, side)) return std::string("there is no move of yours to take back");
    return std::nullopt;
}

// The clocks as the copies are to show them: a paused clock (a plain fetaix's, at its keyboard) as
// standing still.
ClockReading shown_reading(const fetaix::Clock& clock, Millis now) {
    ClockReading r = clock.reading(now);
    if (clock.paused()) r.running.reset();
    return r;
}

State state_of(const Game& game, const std::string& white, const std::string& black, bool white_present,
               bool black_present, const std::optional<Offer>& offer, Color offer_by,
               const std::optional<fetaix::Clock>& clock = std::nullopt, Millis now = 0) {
    State s;
    s.white = white;
    s.black = black;
    s.white_present = white_present;
    s.black_present = black_present;
    s.start = game.start();
    s.rules = game.rules();
    s.plies = game.ply();
    const GameResult r = game.result();
    if (r.reason == Reason::Resignation || r.reason == Reason::AgreedDraw || r.reason == Reason::TimeForfeit)
        s.declared = r;
    s.offer = offer;
    s.offer_by = offer_by;
    if (clock) {
        s.white_clock = clock->control(Color::White);
        s.black_clock = clock->control(Color::Black);
        s.clock = shown_reading(*clock, now);
    }
    return s;
}

std::vector<std::string> state_lines(const State& s, const Game& game) {
    std::vector<std::string> lines{format(s)};
    std::vector<std::string> moves;
    for (const Move& m : game.moves()) moves.push_back(to_string(m));
    for (std::string& l : history_lines(1, moves)) lines.push_back(std::move(l));
    return lines;
}

// Applies a declared result to a game.
void declare(Game& game, const GameResult& r) {
    if (game.result() == r) return;
    if (r.reason == Reason::Resignation)
        (void)game.resign(r.outcome == Outcome::WhiteWins ? Color::Black : Color::White);
    else if (r.reason == Reason::AgreedDraw) (void)game.agree_draw();
    else if (r.reason == Reason::TimeForfeit)
        (void)game.lose_on_time(r.outcome == Outcome::WhiteWins ? Color::Black : Color::White);
}

// The Clock event: the clocks `reading` at `at`, once ply `ply` stands.
Event clock_event(std::size_t ply, const ClockReading& reading, Millis at, Millis used = 0) {
    Event e;
    e.kind = EventKind::Clock;
    e.ply = ply;
    e.clock = reading;
    e.at = at;
    e.used = used;
    return e;
}

std::string cut_name(std::string name) {
    if (name.size() <= kMaxNameBytes) return name;
    std::size_t end = kMaxNameBytes;
    while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
    return name.substr(0, end);
}

}  // namespace

// ============================== Host ==============================

struct Host::Impl {
    // Held: a hello with a code, from a user whose wait after a wrong code has not ended yet.
    enum class Stage : std::uint8_t { Handshake, Held, Waiting, Seated, Watching };
    struct Peer {
        explicit Peer(Connection c) : conn(std::move(c)) {}
        Connection conn;
        Stage stage = Stage::Handshake;
        Color side = Color::White;
        std::string name;
        std::string login;
        uid_t uid = 0;
        int pid = 0;  // its process (a takeover asks for the game in its name)
        int request = 0;
        std::optional<Hello> held;  // Held: the hello, looked at again at check_at
        Millis check_at = 0;
    };
    // A user's wrong codes in a row, and when their next code may be looked at.
    struct Misses {
        int count = 0;
        Millis next = 0;
    };

    Impl(Host& self, HostConfig config, Listener listener)
        : self(self), config(std::move(config)), listener(std::move(listener)) {}

    Host& self;
    HostConfig config;
    Listener listener;
    std::vector<std::unique_ptr<Peer>> peers;
    std::string join_code;
    std::string watch_code;
    std::string tokens[2];
    int next_request = 1;
    std::map<uid_t, Misses> misses;
    std::size_t takeback_to = 0;
    // The game as the copies were last sent it: follow() sends what changed since.
    struct Sent {
        Position start;
        Rules rules;
        std::vector<Move> moves;
        GameResult result;
        bool over = false;
        std::optional<fetaix::Clock> clock;  // as it stood when last sent (or followed)
    };
    Sent sent;
    Millis now_ms = 0;  // the time of what is being handled (handle_ready's, or config.now() for an action)

    static int index(Color c) { return c == Color::White ? 0 : 1; }
    bool local(Color c) const { return config.host_side == c || config.computer_side == c; }
    bool held(Color c) const { return !tokens[index(c)].empty(); }
    // A seat given to a player who is not connected now: its token gets it back.
    bool away(Color c) const {
        return !local(c) && held(c) && std::none_of(peers.begin(), peers.end(), [c](const auto& p) {
            return p->stage == Stage::Seated && p->side == c && !p->conn.closed();
        });
    }
    // A plain fetaix's game before a second terminal has taken its free seat: the program at its
    // keyboard times it and decides a fall (follow() brings its clocks); from the seat's taking, this host.
    bool keyboard_times() const { return config.handover && !held(Color::White) && !held(Color::Black); }
    Peer* seated(Color c) {
        for (auto& p : peers)
            if (p->stage == Stage::Seated && p->side == c && !p->conn.closed()) return p.get();
        return nullptr;
    }
    Peer* waiting_for(Color c) {
        for (auto& p : peers)
            if (p->stage == Stage::Waiting && p->side == c && !p->conn.closed()) return p.get();
        return nullptr;
    }
    std::string& name_of(Color c) { return c == Color::White ? self.white_ : self.black_; }
    void set_present(Color c, bool yes) { (c == Color::White ? self.white_present_ : self.black_present_) = yes; }

    // What the copies have been sent is the game as it stands now.
    void published() {
        const Game& g = self.game_;
        sent = Sent{g.start(), g.rules(), g.moves(), g.result(), g.over(), self.clock_};
        unkept = true;
    }

    // --- Keeping: with config.keep, nothing leaves before the game as it stands is kept ---

    // The game and clocks as last kept, to go back to when keeping a change fails.
    std::optional<Game> kept_game;
    std::optional<fetaix::Clock> kept_clock;
    bool unkept = false;  // published since last kept

    // Keeps what was published since the last time; a change that cannot be kept is undone for everyone
    // (the whole state follows what was queued, in the same write) and said.
    void keep_changes() {
        if (!config.keep || !unkept) return;
        unkept = false;
        if (auto why = config.keep(self.game_)) {
            const std::string said = concat("the game could not be stored (", *why, "): its last change is undone");
            if (kept_game) {
                self.game_ = *kept_game;
                self.clock_ = kept_clock;
                self.offer_.reset();
                published();
                unkept = false;
                for (auto& p : peers)
                    if (!p->conn.closed() && (p->stage == Stage::Seated || p->stage == Stage::Watching)) {
                        p->conn.send(error_line(said));
                        send_state(*p);
                    }
                Event e = event(EventKind::Synced);
                self.emit(std::move(e));
            }
            self.emit(event(EventKind::Notice, said));
            return;
        }
        kept_game = self.game_;
        kept_clock = self.clock_;
    }

    State state() const {
        return state_of(self.game_, self.white_, self.black_, self.white_present_, self.black_present_, self.offer_,
                        self.offer_by_, self.clock_, now_ms);
    }

    // --- The clocks of a timed game: the host's are the authority ---

    // The clocks as the game stands: the program's when they hold the controls already (its game, set up
    // from the autosave or the options); else a resumed game's reading, else the controls' base. The side
    // to move's clock runs once the first move has been played, and nobody pauses it.
    void start_clock(const std::optional<ClockReading>& given) {
        const TimeControl& w = *config.white_clock;
        const TimeControl& b = *config.black_clock;
        auto& clock = self.clock_;
        if (!clock || !(clock->control(Color::White) == w) || !(clock->control(Color::Black) == b)) {
            clock.emplace(w, b);
            ClockReading r = given ? *given
                                   : self.game_.clock_at(self.game_.ply()).value_or(ClockReading{w.base, b.base, {}});
            r.running = self.game_.ply() > 0 && !self.game_.over()
                            ? std::optional<Color>(self.game_.position().side_to_move)
                            : std::nullopt;
            clock->set(r, now_ms);
            if (!self.game_.clock_at(self.game_.ply())) self.game_.set_clock(r);
        }
        if (!config.handover) clock->resume(now_ms);
    }

    // `mover` has just played the move making the game's last ply, at now_ms: its clock is charged (the
    // time from the start of its turn to the move's arrival here), the other's starts. The relayed line.
    std::string timed_moved(Color mover, const std::string& move) {
        published();
        Moved m{self.game_.ply(), move, std::nullopt, std::nullopt};
        if (!self.clock_) return format(m);
        m.used = self.clock_->running() == mover ? self.clock_->spent(now_ms) : 0;
        self.clock_->press(mover, now_ms);
        if (self.game_.over()) self.clock_->stop(now_ms);
        m.clock = self.clock_->reading(now_ms);
        self.game_.set_clock(*m.clock);
        self.emit(clock_event(m.ply, *m.clock, now_ms, *m.used));
        return format(m);
    }

    // A running clock that has reached zero ends the game: the host decides, and says so to everyone.
    void check_flag() {
        if (!self.clock_ || keyboard_times()) return;
        if (self.game_.over()) {
            if (self.clock_->running()) self.clock_->stop(now_ms);
            return;
        }
        const auto fallen = self.clock_->fallen(now_ms);
        if (!fallen) return;
        (void)self.game_.lose_on_time(*fallen);
        self.clock_->stop(now_ms);
        self.offer_.reset();
        broadcast(format(ResultMessage{self.game_.result()}));
        published();
        self.emit(about(EventKind::Result, *fallen, name_of(*fallen)));
        self.emit(clock_event(self.game_.ply(), self.clock_->reading(now_ms), now_ms));
    }
    void send_state(Peer& p) {
        for (const std::string& line : state_lines(state(), self.game_)) p.conn.send(line);
    }
    // Sends a line to every player and watcher except `except`; to the watchers only when asked.
    void broadcast(const std::string& line, const Peer* except = nullptr, bool watchers_only = false) {
        for (auto& p : peers) {
            if (p.get() == except || p->conn.closed()) continue;
            if (p->stage == Stage::Watching || (!watchers_only && p->stage == Stage::Seated)) p->conn.send(line);
        }
    }
    void broadcast_state() {
        published();
        const std::vector<std::string> lines = state_lines(state(), self.game_);
        for (auto& p : peers)
            if (!p->conn.closed() && (p->stage == Stage::Watching || p->stage == Stage::Seated))
                for (const std::string& line : lines) p->conn.send(line);
    }
    void flush_all() {
        keep_changes();
        for (auto& p : peers) p->conn.flush();
    }

    GameInfo info() const {
        GameInfo g;
        g.name = config.game_name;
        g.white = self.white_;
        g.black = self.black_;
        g.white_free = !local(Color::White) && !held(Color::White);
        g.black_free = !local(Color::Black) && !held(Color::Black);
        g.ply = self.game_.ply();
        g.turn = self.game_.position().side_to_move;
        g.outcome = self.game_.result().outcome;
        g.watchers = watchers();
        g.shared = config.shared;
        g.white_away = away(Color::White);
        g.black_away = away(Color::Black);
        return g;
    }
    std::size_t watchers() const {
        return static_cast<std::size_t>(std::count_if(peers.begin(), peers.end(), [](const auto& p) {
            return p->stage == Stage::Watching && !p->conn.closed();
        }));
    }

    // A Notice about a peer; for one waiting for a seat, with its request (the question is then void).
    void notice(const Peer& p, std::string text) {
        Event e = event(EventKind::Notice, std::move(text));
        e.name = p.name;
        e.login = p.login;
        if (p.stage == Stage::Waiting) e.request = p.request;
        self.emit(std::move(e));
    }

    void refuse(Peer& p, std::string_view why) { p.conn.send_and_close(error_line(why)); }
    // A shared game asked for without a code: not a wrong code, but how to give the right one.
    std::string code_needed(std::string_view command) const {
        // The ways that keep the code from other users (--code shows it in the process list).
        return concat("this game is shared: ", command, " it with the ", command,
                      " code shown on the host's screen (typed when asked, or in FETAIX_CODE or --code-file FILE)");
    }

    // Gives seat `side` to the peer: a token, the welcome, the whole state, and the news to the others.
    void seat(Peer& p, Color side) {
        std::string& token = tokens[index(side)];
        if (token.empty()) token = random_hex(16);
        if (token.empty()) {
            refuse(p, "the host cannot make a seat token (no randomness from the kernel)");
            return;
        }
        const bool replaced = seated(side) != nullptr && seated(side) != &p;
        if (replaced) refuse(*seated(side), "your seat was taken back by a new connection with its token");
        p.stage = Stage::Seated;
        p.side = side;
        name_of(side) = p.name;
        set_present(side, true);
        // A plain fetaix's clocks paused at its keyboard run again: nobody may stop both players' time.
        const bool resumed = config.handover && self.clock_ && self.clock_->paused();
        if (resumed) self.clock_->resume(now_ms);
        p.conn.send(format(Welcome{kProtocolVersion, role_of(side), config.game_name, token}));
        send_state(p);
        broadcast(format(Joined{side, p.name}), &p);
        // The watchers' clocks stood still: they run again.
        if (resumed)
            for (auto& w : peers)
                if (w->stage == Stage::Watching && !w->conn.closed()) send_state(*w);
        {
            Event e = about(EventKind::Joined, side, p.name);
            e.login = p.login;
            self.emit(std::move(e));
        }
        // The player did not come and go: their seat moved to another connection, which the host's player hears.
        if (replaced) {
            const std::string_view colour = to_string(side);
            self.emit(event(EventKind::Notice,
                            concat(p.name.empty() || p.name == colour ? std::string(colour)
                                                                      : concat(colour, " (", p.name, ")"),
                                   " took the seat back at another terminal.")));
        }
        // From now on this host's clocks decide: the keyboard's program follows them as they stand.
        if (config.handover && self.clock_)
            self.emit(clock_event(self.game_.ply(), self.clock_->reading(now_ms), now_ms));
    }

    void watch(Peer& p) {
        p.stage = Stage::Watching;
        p.conn.send(format(Welcome{kProtocolVersion, Role::Watch, config.game_name, ""}));
        send_state(p);
    }

    // Whether the peer's code must wait (its user's last one was wrong, and not long ago): then its
    // hello is held, to be looked at again when the wait ends (check_deadlines).
    bool hold(Peer& p, const Hello& hello) {
        const auto it = misses.find(p.uid);
        if (it == misses.end() || it->second.next <= now_ms) return false;
        p.stage = Stage::Held;
        p.held = hello;
        p.check_at = it->second.next;
        return true;
    }
    // A wrong code: refused, and that user's next code waits, longer with each wrong one in a row.
    void missed(Peer& p, std::string_view kind) {
        Misses& m = misses[p.uid];
        ++m.count;
        const auto base = config.limits.wrong_code_wait.count();
        const Millis wait = std::min<Millis>(base << std::min(m.count - 1, 20),
                                             config.limits.wrong_code_wait_max.count());
        m.next = now_ms + wait;
        refuse(p, concat("wrong ", kind, " code"));
        notice(p, m.count == 1 ? concat("a wrong ", kind, " code from ", p.login)
                               : concat(m.count, " wrong codes in a row from ", p.login, ": their next try waits ",
                                        static_cast<int>(wait), " ms"));
    }

    void handshake(Peer& p, const Message& m) {
        const auto* hello = std::get_if<Hello>(&m);
        const auto* query = std::get_if<Query>(&m);
        const auto* takeover = std::get_if<Takeover>(&m);
        if (!opening_heard(p, hello, query, takeover)) return;
        if (query != nullptr) p.conn.send_and_close(format(info()));
        else if (takeover != nullptr) take_over_asked(p);
        else greet(p, *hello);
    }

    // The opening line (hello, query, takeover) says its version: another one is refused, whatever it
    // asks; so is a connection whose user cannot be told. False when refused.
    bool opening_heard(Peer& p, const Hello* hello, const Query* query, const Takeover* takeover) {
        if (hello == nullptr && query == nullptr && takeover == nullptr) {
            refuse(p, "the first line must be hello or query");
            return false;
        }
        const int version = hello != nullptr ? hello->version : query != nullptr ? query->version : takeover->version;
        if (version != kProtocolVersion) {
            refuse(p, concat("protocol version ", version, " is not supported (this fetaix speaks ", kProtocolVersion,
                             ")"));
            return false;
        }
        const auto cred = peer_credentials(p.conn.fd());
        if (!cred) {
            refuse(p, "cannot tell who is connecting (no peer credentials)");
            return false;
        }
        p.uid = cred->uid;
        p.login = cred->login;
        p.pid = static_cast<int>(cred->pid);
        return true;
    }

    // Another fetaix of this user asks for the game: the program is told, and answers by letting the
    // autosave's lock go.
    void take_over_asked(Peer& p) {
        if (!config.handover) refuse(p, "a hosted game is not taken over: join it or watch it");
        else if (p.uid != ::geteuid()) refuse(p, "only the user who plays this game may take it over");
        else {
            Event e = event(EventKind::TakeoverRequest);
            e.request = p.pid;
            e.login = p.login;
            self.emit(std::move(e));
            p.conn.close();  // the answer is the autosave's lock coming free
        }
    }

    // A hello: a watcher, a player taking their seat back, or one asking for a free seat.
    void greet(Peer& p, const Hello& hello) {
        p.name = cut_name(hello.name.empty() ? p.login : hello.name);
        if (hello.role == Role::Watch) admit_watcher(p, hello);
        else if (!seat_by_token(p, hello)) seat_free(p, hello);
    }

    void admit_watcher(Peer& p, const Hello& hello) {
        if (config.shared && hello.code.empty()) {
            refuse(p, code_needed("watch"));
            return;
        }
        if (config.shared && hold(p, hello)) return;
        if (config.shared && !code_matches(watch_code, hello.code)) {
            missed(p, "watch");
            return;
        }
        if (config.shared) misses.erase(p.uid);
        watch(p);
    }

    // A seat token gets its seat back, with no code and no question. False when it names no seat held.
    bool seat_by_token(Peer& p, const Hello& hello) {
        if (hello.token.empty()) return false;
        for (Color c : {Color::White, Color::Black}) {
            const bool asked = hello.role == Role::Seat || hello.role == role_of(c);
            if (asked && !local(c) && held(c) && code_matches(tokens[index(c)], hello.token)) {
                // The seat keeps its player's name: a rejoin without --name would say the login's.
                if (!name_of(c).empty()) p.name = name_of(c);
                seat(p, c);
                return true;
            }
        }
        return false;
    }

    // The seat a hello asks for, if it is free; else why not (the last seat's reason).
    std::optional<Color> free_seat(Role role, std::string& why) {
        for (Color c : {Color::White, Color::Black}) {
            if (role != Role::Seat && role != role_of(c)) continue;
            if (local(c)) why = concat("the ", seat_word(c), " seat is the host's (", name_of(c), ")");
            else if (seated(c) != nullptr) why = concat("the ", seat_word(c), " seat is taken (", name_of(c), ")");
            else if (held(c))
                why = concat("the ", seat_word(c), " seat is held for ", name_of(c), ", who may come back");
            else if (waiting_for(c) != nullptr) why = concat("someone else is asking for the ", seat_word(c), " seat");
            else return c;
        }
        return std::nullopt;
    }

    // A free seat: taken at once in a private game; in a shared one, with the join code and once the
    // host's player accepts.
    void seat_free(Peer& p, const Hello& hello) {
        std::string why;
        const std::optional<Color> side = free_seat(hello.role, why);
        if (!side) {
            refuse(p, hello.role == Role::Seat ? concat("no seat is free: ", why) : why);
            return;
        }
        if (!config.shared) {
            seat(p, *side);
            return;
        }
        if (hello.code.empty()) {
            refuse(p, code_needed("join"));
            return;
        }
        if (hold(p, hello)) return;
        if (!code_matches(join_code, hello.code)) {
            missed(p, "join");
            return;
        }
        misses.erase(p.uid);
        p.stage = Stage::Waiting;
        p.side = *side;
        p.request = next_request++;
        const std::string host = config.host_side ? name_of(*config.host_side) : std::string("the host");
        p.conn.send(format(Pending{concat("waiting for ", host, " to accept")}));
        Event e = about(EventKind::SeatRequest, *side, p.name);
        e.login = p.login;
        e.request = p.request;
        self.emit(std::move(e));
    }

    // A seated player's move: checked by the rules and played once on the game, then sent to everyone.
    void seated_move(Peer& p, const MoveMessage& mv) {
        const Color side = p.side;
        Game& game = self.game_;
        if (mv.ply != game.ply() + 1 || game.position().side_to_move != side || game.over()) {
            // A move sent twice, or from a copy out of step: never played; the whole state instead.
            send_state(p);
            return;
        }
        auto move = parse_move(mv.move, game.position(), game.rules());
        if (!move || to_string(*move) != mv.move) {
            p.conn.send(
                error_line(concat("move ", mv.move, ": ", move ? "not a whole move" : move.error().describe())));
            send_state(p);
            return;
        }
        (void)game.play(*move);
        self.offer_.reset();
        // The move first, then its clocks (timed_moved): the program's after-move path runs before
        // it takes the host's readings, as for a move played at its keyboard.
        Event e = about(EventKind::Moved, side, p.name);
        e.text = mv.move;
        e.move = *move;
        e.ply = game.ply();
        self.emit(std::move(e));
        // The mover is sent its move back too: its copy plays a move only when the host sends it.
        broadcast(timed_moved(side, mv.move));
    }

    void seated_message(Peer& p, const Message& m) {
        const Color side = p.side;
        Game& game = self.game_;
        if (const auto* mv = std::get_if<MoveMessage>(&m)) {
            seated_move(p, *mv);
            return;
        }
        if (const auto* o = std::get_if<OfferMessage>(&m)) {
            if (auto why = offer_refusal(game, side, o->what, self.offer_)) {
                p.conn.send(error_line(concat("offer ", to_string(o->what), ": ", *why)));
                return;
            }
            open_offer(o->what, side, &p);
            return;
        }
        if (const auto* a = std::get_if<AnswerMessage>(&m)) {
            if (!self.offer_ || self.offer_by_ == side || *self.offer_ != a->what) {
                p.conn.send(error_line(concat("answer ", to_string(a->what), ": no such offer is open")));
                return;
            }
            settle(a->accept, side, &p);
            return;
        }
        if (std::holds_alternative<Resign>(m)) {
            if (!game.resign(side)) {
                p.conn.send(error_line("resign: the game is over"));
                return;
            }
            self.offer_.reset();
            broadcast(format(ResultMessage{game.result()}), &p);
            published();
            self.emit(about(EventKind::Result, side, p.name));
            return;
        }
        if (const auto* c = std::get_if<Chat>(&m)) {
            broadcast(format(Chat{c->text, p.name, role_of(side)}), &p);
            {
                Event e = about(EventKind::Chat, side, p.name);
                e.text = c->text;
                self.emit(std::move(e));
            }
            return;
        }
        if (std::holds_alternative<SyncRequest>(m)) {
            send_state(p);
            return;
        }
        if (std::holds_alternative<Hello>(m) || std::holds_alternative<Query>(m))
            p.conn.send(error_line("already joined"));
        // Anything else (a host's message, an unknown one) is ignored.
    }

    void watcher_message(Peer& p, const Message& m) {
        if (const auto* c = std::get_if<Chat>(&m)) {
            broadcast(format(Chat{c->text, p.name, Role::Watch}), &p, true);
            return;
        }
        if (std::holds_alternative<SyncRequest>(m)) {
            send_state(p);
            return;
        }
        if (std::holds_alternative<MoveMessage>(m) || std::holds_alternative<OfferMessage>(m) ||
            std::holds_alternative<AnswerMessage>(m) || std::holds_alternative<Resign>(m))
            p.conn.send(error_line("watchers do not play"));
        else if (std::holds_alternative<Hello>(m) || std::holds_alternative<Query>(m))
            p.conn.send(error_line("already joined"));
    }

    void open_offer(Offer what, Color side, const Peer* from) {
        self.offer_ = what;
        self.offer_by_ = side;
        if (what == Offer::Takeback) takeback_to = *takeback_target(self.game_, side);
        broadcast(format(OfferMessage{what, side}), from);
        if (from != nullptr) {
            Event e = about(EventKind::Offered, side, name_of(side));
            e.offer = what;
            self.emit(std::move(e));
        }
    }

    // The other player's answer to the open offer, from `from` (nullptr: the host's own player).
    void settle(bool accept, Color side, const Peer* from) {
        const Offer what = *self.offer_;
        self.offer_.reset();
        broadcast(format(AnswerMessage{what, accept, side}), from);
        if (from != nullptr) {
            Event e = about(EventKind::Answered, side, name_of(side));
            e.offer = what;
            e.accepted = accept;
            self.emit(std::move(e));
        }
        if (!accept) return;
        if (what == Offer::Takeback) {
            const bool was_over = self.game_.over();
            while (self.game_.ply() > takeback_to && self.game_.undo()) {
            }
            self.game_.drop_redo_line();
            // Both clocks as they were at that ply, as undo puts them back in a game at one keyboard.
            if (self.clock_) {
                ClockReading r = self.game_.clock_at(self.game_.ply()).value_or(self.clock_->reading(now_ms));
                r.running = self.game_.ply() > 0 ? std::optional<Color>(self.game_.position().side_to_move)
                                                 : std::nullopt;
                self.clock_->set(r, now_ms);
            }
            broadcast_state();
            {
                Event e = event(EventKind::Synced);
                e.was_over = was_over;
                self.emit(std::move(e));
            }
            if (self.clock_) self.emit(clock_event(self.game_.ply(), self.clock_->reading(now_ms), now_ms));
        } else {
            (void)self.game_.agree_draw();
            broadcast(format(ResultMessage{self.game_.result()}));
            published();
            if (from != nullptr) self.emit(about(EventKind::Result, side, name_of(side)));
        }
    }

    void process(Peer& p, const std::string& line) {
        auto m = parse(line);
        if (!m) {
            // Malformed: answered; a malformed first line ends the connection.
            if (p.stage == Stage::Handshake) refuse(p, m.error().message);
            else p.conn.send(error_line(m.error().message));
            return;
        }
        if (std::holds_alternative<Unknown>(*m)) return;
        switch (p.stage) {
            case Stage::Handshake: handshake(p, *m); break;
            case Stage::Held: break;     // its hello is looked at when its user's wait ends
            case Stage::Waiting: break;  // nothing but patience until the host's player answers
            case Stage::Seated: seated_message(p, *m); break;
            case Stage::Watching: watcher_message(p, *m); break;
        }
    }

    // Removes closed connections, telling what they mean.
    void sweep() {
        for (std::size_t i = 0; i < peers.size();) {
            Peer& p = *peers[i];
            if (!p.conn.closed()) {
                ++i;
                continue;
            }
            if (!p.conn.failure().empty())
                notice(p, concat(p.name.empty() ? concat("a connection from ", p.login)
                                                : concat(p.name, " (", p.login, ")"),
                                 " was dropped: ", p.conn.failure()));
            if (p.stage == Stage::Seated && seated(p.side) == nullptr) {
                set_present(p.side, false);
                if (self.offer_) self.offer_.reset();
                broadcast(format(Left{p.side, p.name}), &p);
                {
                    Event e = about(EventKind::Left, p.side, p.name);
                    e.text = left_text(p.side, p.name);
                    self.emit(std::move(e));
                }
            } else if (p.stage == Stage::Waiting) {
                notice(p, concat(p.name, " (", p.login, ") stopped waiting for a seat"));
            }
            peers.erase(peers.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }

    void accept_all(TimePoint now) {
        // A bounded batch per round, so a flood of connections cannot starve the players.
        for (int n = 0; n < 64; ++n) {
            const int fd = listener.accept_one();
            if (fd < 0) return;
            auto peer = std::make_unique<Peer>(Connection(fd, config.limits, now));
            if (peers.size() >= config.limits.max_connections) {
                peer->conn.send_and_close(
                    error_line(concat("too many connections (", config.limits.max_connections, "): try again later")));
                continue;  // destroyed here: the fd is closed at once
            }
            const auto cred = peer_credentials(fd);
            // Before a byte is read: another user learns nothing of a private game, not even its protocol.
            if (!config.shared && (!cred || cred->uid != ::geteuid())) {
                peer->conn.send_and_close(error_line("this game is private to the user who hosts it"));
                continue;
            }
            if (cred) {
                peer->uid = cred->uid;
                peer->login = cred->login;
                const auto same_user = std::count_if(peers.begin(), peers.end(), [&](const auto& p) {
                    return p->uid == cred->uid && !p->conn.closed();
                });
                if (cred->uid != ::geteuid() &&
                    static_cast<std::size_t>(same_user) >= config.limits.max_connections_per_user) {
                    peer->conn.send_and_close(error_line(concat("too many connections from ", cred->login, " (",
                                                                config.limits.max_connections_per_user,
                                                                "): try again later")));
                    continue;
                }
            }
            peers.push_back(std::move(peer));
        }
    }

    void check_deadlines(TimePoint now) {
        // By index: a released hello may seat a peer and refuse another (never erase) while this runs.
        for (std::size_t i = 0; i < peers.size(); ++i) {
            Peer& p = *peers[i];
            if (p.conn.closed() || p.stage != Stage::Held || p.check_at > now_ms) continue;
            p.stage = Stage::Handshake;
            const Message hello = *std::exchange(p.held, std::nullopt);
            handshake(p, hello);
        }
        for (auto& p : peers) {
            if (p->conn.closed()) continue;
            if (p->stage == Stage::Handshake && now - p->conn.opened_at() >= config.limits.handshake_timeout)
                refuse(*p,
                       concat("no hello within ", static_cast<int>(config.limits.handshake_timeout.count()), " ms"));
            else if (p->conn.partial_since() && now - *p->conn.partial_since() >= config.limits.partial_line_timeout)
                refuse(*p, concat("half a line, then nothing for ",
                                  static_cast<int>(config.limits.partial_line_timeout.count()), " ms"));
        }
    }
};

// `now` is unused: the host's clock starts with its first connection.
Expected<std::unique_ptr<Host>> Host::start(HostConfig config, Game& game, std::optional<fetaix::Clock>& clock,
                                            TimePoint /*now*/) {
    if (auto why = check_game_name(config.game_name)) return Error{*why};
    for (const std::string* n : {&config.white, &config.black})
        if (auto why = check_text(*n, kMaxNameBytes)) return Error{concat("a player's name ", *why)};
    std::string join_code, watch_code;
    if (config.shared) {
        join_code = random_code();
        watch_code = random_code();
        if (join_code.empty() || watch_code.empty())
            return Error{"cannot make the join codes: no randomness from the kernel"};
    }
    auto listener = Listener::open(config.socket_path, config.shared);
    if (!listener) return listener.error();
    std::unique_ptr<Host> host(new Host(game, clock, nullptr));
    host->white_ = config.white;
    host->black_ = config.black;
    host->my_side_ = config.host_side;
    host->white_present_ = config.host_side == Color::White;
    host->black_present_ = config.host_side == Color::Black;
    host->impl_ = std::make_unique<Impl>(*host, std::move(config), std::move(*listener));
    Impl& impl = *host->impl_;
    impl.join_code = std::move(join_code);
    impl.watch_code = std::move(watch_code);
    for (Color c : {Color::White, Color::Black})
        if (!impl.local(c))
            impl.tokens[Impl::index(c)] = c == Color::White ? impl.config.white_token : impl.config.black_token;
    impl.now_ms = millis(impl.config.now());
    if (clock) {
        impl.config.white_clock = clock->control(Color::White);
        impl.config.black_clock = clock->control(Color::Black);
    }
    if (impl.config.white_clock && impl.config.black_clock) impl.start_clock(impl.config.clock_now);
    impl.published();
    return host;
}

Host::Host(Game& game, std::optional<fetaix::Clock>& clock, std::unique_ptr<Impl> impl)
    : Session(game, clock), impl_(std::move(impl)) {}
Host::~Host() = default;

const std::string& Host::game_name() const { return impl_->config.game_name; }
const std::string& Host::socket_path() const { return impl_->listener.path(); }
const std::string& Host::join_code() const { return impl_->join_code; }
const std::string& Host::watch_code() const { return impl_->watch_code; }
const std::string& Host::token(Color side) const { return impl_->tokens[Impl::index(side)]; }
bool Host::seat_held(Color side) const { return impl_->held(side); }
std::size_t Host::watchers() const { return impl_->watchers(); }
std::size_t Host::connections() const { return impl_->peers.size(); }

void Host::answer_seat(int request, bool accept) {
    for (auto& p : impl_->peers) {
        if (p->stage != Impl::Stage::Waiting || p->request != request || p->conn.closed()) continue;
        if (accept) impl_->seat(*p, p->side);
        else
            impl_->refuse(*p, concat(impl_->config.host_side ? impl_->name_of(*impl_->config.host_side)
                                                             : std::string("the host"),
                                     " refused to let you in"));
        break;
    }
    impl_->flush_all();
    impl_->sweep();
}

void Host::follow() {
    Impl& impl = *impl_;
    impl.now_ms = millis(impl.config.now());
    const Game& game = game_;
    const Impl::Sent& sent = impl.sent;
    const std::vector<Move>& before = sent.moves;
    const std::vector<Move> after = game.moves();
    const bool same_line = sent.start == game.start() && sent.rules == game.rules();
    const bool same_game = same_line && before == after && sent.result == game.result();
    // The clocks as the copies show them, and their controls: what the copies would not find by counting.
    const auto face = [&](const std::optional<fetaix::Clock>& c) {
        return c ? std::optional(std::tuple(c->control(Color::White), c->control(Color::Black),
                                            shown_reading(*c, impl.now_ms)))
                 : std::nullopt;
    };
    const std::optional<fetaix::Clock>& before_clock = sent.clock;
    const bool same_clock = face(before_clock) == face(clock_);
    // The time the last move took: the turn so far on the clocks as they were last followed (moved's used-ms).
    const Millis used = before_clock && before_clock->running() && game.ply() > 0 &&
                                game.position_at(game.ply() - 1).side_to_move == *before_clock->running()
                            ? before_clock->spent(impl.now_ms)
                            : 0;
    impl.sent.clock = clock_;
    if (same_game && same_clock) return;
    // A declared result (resignation, agreed draw, a fall) travels in the state; one move more as `moved`.
    const bool declared = game.result().reason == Reason::Resignation || game.result().reason == Reason::AgreedDraw ||
                          game.result().reason == Reason::TimeForfeit;
    const bool one_on = same_line && after.size() == before.size() + 1 && !declared &&
                        std::equal(before.begin(), before.end(), after.begin());
    if (!same_game) offer_.reset();
    impl.published();
    if (one_on) {
        Moved m{game.ply(), to_string(game.move(game.ply())), std::nullopt, std::nullopt};
        if (clock_) {
            m.used = used;
            m.clock = shown_reading(*clock_, impl.now_ms);
        }
        impl.broadcast(format(m));
    } else {
        impl.broadcast_state();
    }
    impl.flush_all();
}

bool Host::next_game_here() const { return impl_->sent.over && !game_.over() && game_.ply() == 0; }

void Host::close_all(std::string_view why) {
    for (auto& p : impl_->peers)
        if (!p->conn.closed()) impl_->refuse(*p, why);
}

void Host::say_bye(std::string_view why) {
    for (auto& p : impl_->peers)
        if (!p->conn.closed()) p->conn.send_and_close(format(Bye{std::string(why)}));
}

void Host::poll_fds(std::vector<pollfd>& fds) const {
    fds.push_back({impl_->listener.fd(), POLLIN, 0});
    for (const auto& p : impl_->peers)
        if (!p->conn.closed()) fds.push_back({p->conn.fd(), p->conn.events(), 0});
}

int Host::timeout_ms(TimePoint now) const {
    std::optional<TimePoint> next;
    const auto consider = [&](TimePoint t) {
        if (!next || t < *next) next = t;
    };
    for (const auto& p : impl_->peers) {
        if (p->conn.closed()) continue;
        if (p->stage == Impl::Stage::Handshake) consider(p->conn.opened_at() + impl_->config.limits.handshake_timeout);
        if (p->stage == Impl::Stage::Held) consider(TimePoint(std::chrono::milliseconds(p->check_at)));
        if (p->conn.partial_since()) consider(*p->conn.partial_since() + impl_->config.limits.partial_line_timeout);
    }
    // A running clock: its fall is decided when it comes (here, once the keyboard's program no longer does).
    if (clock_ && !game_.over() && !impl_->keyboard_times())
        if (const auto fall = clock_->until_fallen(millis(now))) consider(now + std::chrono::milliseconds(*fall));
    if (!next) return -1;
    if (*next <= now) return 0;
    // Rounded up, so that the deadline has passed when poll returns.
    return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(*next - now).count());
}

namespace {
short revents_of(std::span<const pollfd> fds, int fd) {
    for (const pollfd& p : fds)
        if (p.fd == fd) return p.revents;
    return 0;
}
}  // namespace

void Host::handle_ready(std::span<const pollfd> fds, TimePoint now) {
    Impl& impl = *impl_;
    // A clock that has run out by now has fallen before any move read now: the host's clock decides.
    impl.now_ms = millis(now);
    impl.check_flag();
    if (revents_of(fds, impl.listener.fd()) & POLLIN) impl.accept_all(now);
    // By index: a line from one peer may seat another or close one (never erase) while this runs.
    for (std::size_t i = 0; i < impl.peers.size(); ++i) {
        Impl::Peer& p = *impl.peers[i];
        const short ev = revents_of(fds, p.conn.fd());
        if (ev == 0 || p.conn.closed()) continue;
        if (ev & POLLOUT) p.conn.flush();
        if (ev & (POLLIN | POLLHUP | POLLERR)) {
            std::vector<std::string> lines;
            p.conn.read_lines(lines, now);
            // The lines read before a limit was broken still count, from a peer already let in.
            const bool dropped = p.conn.closed();
            for (const std::string& line : lines) {
                if (dropped ? p.stage == Impl::Stage::Handshake : p.conn.closed()) break;
                impl.process(p, line);
            }
        }
        if (ev & POLLNVAL) p.conn.send_and_close("");
    }
    impl.check_deadlines(now);
    impl.check_flag();
    impl.flush_all();
    impl.sweep();
}

namespace {
std::optional<std::string> not_seated() { return std::string("the host plays no seat in this game"); }
}  // namespace

std::optional<std::string> Host::play(const Move& move) {
    if (auto why = check_play()) return why;
    auto played = game_.play(move);
    if (!played) return played.error().describe();
    send_played();
    return std::nullopt;
}

std::optional<std::string> Host::check_play() {
    if (!my_side_) return not_seated();
    impl_->now_ms = millis(impl_->config.now());
    impl_->check_flag();
    if (game_.result().reason == Reason::TimeForfeit) {
        impl_->flush_all();
        return concat(
            "the game is over: ", to_string(game_.result().outcome == Outcome::WhiteWins ? Color::Black : Color::White),
            "'s time is up");
    }
    if (game_.position().side_to_move != *my_side_) return std::string("it is not your turn");
    return std::nullopt;
}

void Host::send_played() {
    offer_.reset();
    impl_->broadcast(impl_->timed_moved(*my_side_, to_string(game_.move(game_.ply()))));
    impl_->flush_all();
}

std::optional<std::string> Host::offer(Offer what) {
    if (!my_side_) return not_seated();
    impl_->now_ms = millis(impl_->config.now());
    impl_->check_flag();
    if (auto why = offer_refusal(game_, *my_side_, what, offer_)) return why;
    impl_->open_offer(what, *my_side_, nullptr);
    impl_->flush_all();
    return std::nullopt;
}

std::optional<std::string> Host::answer(bool accept) {
    if (!my_side_) return not_seated();
    impl_->now_ms = millis(impl_->config.now());
    impl_->check_flag();
    if (!offer_ || offer_by_ == *my_side_) return std::string("no offer is open to you");
    impl_->settle(accept, *my_side_, nullptr);
    impl_->check_flag();  // an agreed draw stops the clocks
    impl_->flush_all();
    return std::nullopt;
}

std::optional<std::string> Host::check_resign() {
    if (!my_side_) return not_seated();
    impl_->now_ms = millis(impl_->config.now());
    impl_->check_flag();
    if (game_.over()) return std::string("the game is over");
    return std::nullopt;
}

void Host::send_resigned() {
    offer_.reset();
    impl_->broadcast(format(ResultMessage{game_.result()}));
    impl_->published();
    impl_->check_flag();  // stops the clocks
    impl_->flush_all();
}

std::optional<std::string> Host::chat(std::string_view text) {
    if (!my_side_) return not_seated();
    if (auto why = check_text(text, kMaxChatBytes)) return concat("a chat line ", *why);
    impl_->broadcast(format(Chat{std::string(text), name(*my_side_), role_of(*my_side_)}));
    impl_->flush_all();
    return std::nullopt;
}

// ============================== Client ==============================

struct Client::Impl {
    Impl(Client& self, ClientConfig config, Connection conn)
        : self(self), config(std::move(config)), conn(std::move(conn)) {}

    Client& self;
    ClientConfig config;
    Connection conn;
    std::optional<Role> role;
    bool welcomed = false;
    bool synced = false;
    bool closed_reported = false;
    // The host's last error, while nothing else has come since: the reason when it then closes.
    std::string last_error;
    // This player's move sent to the host and not yet back: no other is sent meanwhile.
    bool move_sent = false;
    // A state being received: its header and the moves come so far.
    std::optional<State> incoming;
    std::vector<std::string> incoming_moves;
    Millis now_ms = 0;  // when the lines being handled were read

    void close_with(std::string why, bool host_said = false, bool host_ended = false) {
        if (closed_reported) return;
        closed_reported = true;
        conn.close();
        self.white_present_ = self.black_present_ = false;
        Event e;
        e.kind = EventKind::Closed;
        e.text = std::move(why);
        e.host_said = host_said;
        e.host_ended = host_ended;
        self.emit(std::move(e));
    }

    // Out of step with the host: ask for the whole state again.
    void resync() {
        incoming.reset();
        incoming_moves.clear();
        conn.send(format(SyncRequest{}));
    }

    void finish_state() {
        const State s = *incoming;
        Game game(s.rules, s.start);
        for (const std::string& text : incoming_moves) {
            auto m = game.play(text);
            if (!m) {
                close_with(concat("the host sent a move that is not legal here (", text, "): ", m.error().describe()));
                return;
            }
        }
        declare(game, s.declared);
        // How the game arriving stands to the one it replaces, for the program's after-replace path.
        const std::vector<Move> before = self.game_.moves(), after = game.moves();
        const bool goes_on = self.game_.start() == game.start() && before.size() <= after.size() &&
                             std::equal(before.begin(), before.end(), after.begin());
        const bool was_over = self.game_.over();
        // The host's clocks as it read them when sending: they run on here from the moment they came.
        std::optional<ClockReading> reading;
        if (s.white_clock && s.black_clock) {
            reading = s.clock.value_or(ClockReading{s.white_clock->base, s.black_clock->base, {}});
            if (game.over()) reading->running.reset();
            game.set_clock(*reading);
            self.clock_.emplace(*s.white_clock, *s.black_clock);
            self.clock_->set(*reading, now_ms);
        } else {
            self.clock_.reset();
        }
        self.game_ = std::move(game);
        self.white_ = s.white;
        self.black_ = s.black;
        self.white_present_ = s.white_present;
        self.black_present_ = s.black_present;
        self.offer_ = s.offer;
        self.offer_by_ = s.offer_by;
        incoming.reset();
        incoming_moves.clear();
        synced = true;
        move_sent = false;  // played or refused: the state says which
        {
            Event e = event(EventKind::Synced);
            e.goes_on = goes_on;
            e.was_over = was_over;
            self.emit(std::move(e));
        }
        if (reading) self.emit(clock_event(self.game_.ply(), *reading, now_ms));
    }

    void process(const std::string& line) {
        auto parsed = parse(line);
        if (!parsed) {
            conn.send(error_line(parsed.error().message));
            return;
        }
        // The host's last error stands until anything else comes (the host's goodbye leaves it too).
        if (!std::holds_alternative<Bye>(*parsed) && !std::holds_alternative<ErrorMessage>(*parsed)) last_error.clear();
        std::visit([this](const auto& m) { on(m); }, *parsed);
    }

    // One handler a message from the host. Before the welcome only the handshake's are heard; while a
    // whole state is on its way (or before the first), only the state's.
    bool in_step() const { return welcomed && synced && !incoming; }

    // The host ended: not a lost connection, and it said where the game is kept.
    void on(const Bye& b) { close_with(b.text, false, true); }

    void on(const ErrorMessage& e) {
        if (!welcomed) close_with(concat("the host refused: ", e.text), true);
        else self.emit(event(EventKind::Notice, concat("the host says: ", e.text)));
        last_error = e.text;
        move_sent = false;  // a move refused: the host's state follows
    }

    void on(const Welcome& w) {
        welcomed = true;
        role = w.role;
        if (w.role == Role::White) self.my_side_ = Color::White;
        else if (w.role == Role::Black) self.my_side_ = Color::Black;
        else self.my_side_.reset();
        Event e = event(EventKind::Welcomed, w.token);
        e.role = w.role;
        self.emit(std::move(e));
    }

    void on(const Pending& pd) { self.emit(event(EventKind::Pending, pd.text)); }

    void on(const State& st) {
        if (!welcomed) return;
        incoming = st;
        incoming_moves.clear();
        if (st.plies == 0) finish_state();
    }

    void on(const History& h) {
        if (!welcomed || !incoming) return;
        if (h.from != incoming_moves.size() + 1 || incoming_moves.size() + h.moves.size() > incoming->plies) {
            resync();
            return;
        }
        incoming_moves.insert(incoming_moves.end(), h.moves.begin(), h.moves.end());
        if (incoming_moves.size() == incoming->plies) finish_state();
    }

    void on(const Moved& mv) {
        if (!in_step()) return;
        Game& game = self.game_;
        // Every move comes from the host, this player's own too: the next one, else out of step.
        move_sent = false;
        const Color mover = game.position().side_to_move;
        if (mv.ply != game.ply() + 1) {
            resync();
            return;
        }
        auto played = game.play(mv.move);
        if (!played) {
            resync();
            return;
        }
        self.offer_.reset();
        Event e = seat_event(EventKind::Moved, mover, mv.move);
        e.move = *played;
        e.ply = game.ply();
        self.emit(std::move(e));
        follow_clock(mv);
    }

    void on(const OfferMessage& o) {
        if (!in_step() || !o.by) return;
        self.offer_ = o.what;
        self.offer_by_ = *o.by;
        Event e = seat_event(EventKind::Offered, *o.by);
        e.offer = o.what;
        self.emit(std::move(e));
    }

    void on(const AnswerMessage& a) {
        if (!in_step() || !a.by) return;
        self.offer_.reset();
        Event e = seat_event(EventKind::Answered, *a.by);
        e.offer = a.what;
        e.accepted = a.accept;
        self.emit(std::move(e));
    }

    void on(const ResultMessage& r) {
        Game& game = self.game_;
        if (!in_step() || game.result() == r.result) return;
        declare(game, r.result);
        // Over: the clocks stop where the host's did (at zero for a fall).
        if (self.clock_) {
            ClockReading c = self.clock_->reading(now_ms);
            if (r.result.reason == Reason::TimeForfeit)
                c.of(r.result.outcome == Outcome::WhiteWins ? Color::Black : Color::White) = 0;
            c.running.reset();
            self.clock_->set(c, now_ms);
            game.set_clock(c);
        }
        self.offer_.reset();
        self.emit(event(EventKind::Result));
        if (self.clock_) self.emit(clock_event(game.ply(), self.clock_->reading(now_ms), now_ms));
    }

    void on(const Chat& c) {
        if (!in_step()) return;
        Event e = event(EventKind::Chat, c.text);
        e.role = c.role.value_or(Role::Watch);
        e.side = e.role == Role::Black ? Color::Black : Color::White;
        e.name = c.from;
        self.emit(std::move(e));
    }

    void on(const Joined& j) {
        if (!in_step()) return;
        (j.side == Color::White ? self.white_ : self.black_) = j.name;
        (j.side == Color::White ? self.white_present_ : self.black_present_) = true;
        self.emit(seat_event(EventKind::Joined, j.side));
    }

    void on(const Left& l) {
        if (!in_step()) return;
        (l.side == Color::White ? self.white_present_ : self.black_present_) = false;
        self.offer_.reset();
        self.emit(seat_event(EventKind::Left, l.side, left_text(l.side, l.name)));
    }

    // Anything else (Unknown, a client's message) is ignored.
    template <class Other>
    void on(const Other&) {}

    // A move's clocks from the host: this copy's clocks are set to them, from when they came.
    void follow_clock(const Moved& mv) {
        if (!mv.clock || !self.clock_) return;
        self.clock_->set(*mv.clock, now_ms);
        self.game_.set_clock(*mv.clock);
        self.emit(clock_event(mv.ply, *mv.clock, now_ms, mv.used.value_or(0)));
    }

    Event seat_event(EventKind kind, Color side, std::string text = "") const {
        Event e = event(kind, std::move(text));
        e.side = side;
        e.role = role_of(side);
        e.name = self.name(side);
        return e;
    }

    std::optional<std::string> ready_to_act() const {
        if (conn.closed()) return std::string("not connected to the host");
        if (!synced) return std::string("the game has not arrived from the host yet");
        if (!self.my_side_) return std::string("watchers do not play");
        return std::nullopt;
    }
};

Expected<std::unique_ptr<Client>> Client::connect(ClientConfig config, Game& game, std::optional<fetaix::Clock>& clock,
                                                  TimePoint now) {
    if (auto why = check_text(config.name, kMaxNameBytes)) return Error{concat("the name ", *why)};
    if (auto why = check_text(config.code, kMaxCodeBytes)) return Error{concat("the code ", *why)};
    if (auto why = check_text(config.token, kMaxCodeBytes)) return Error{concat("the seat token ", *why)};
    auto fd = connect_to(config.socket_path, config.shared);
    if (!fd) return fd.error();
    // The host may send many lines at once (a long game's history, a burst of chat): no rate limit here.
    Limits limits = config.limits;
    limits.messages_per_second = 1e12;
    limits.message_burst = 1e12;
    Connection conn(*fd, limits, now);
    conn.send(format(Hello{kProtocolVersion, config.role, config.name, config.code, config.token}));
    conn.flush();
    std::unique_ptr<Client> client(new Client(game, clock, nullptr));
    if (const auto cred = peer_credentials(*fd)) client->host_pid_ = cred->pid;
    client->impl_ = std::make_unique<Impl>(*client, std::move(config), std::move(conn));
    return client;
}

Client::Client(Game& game, std::optional<fetaix::Clock>& clock, std::unique_ptr<Impl> impl)
    : Session(game, clock), impl_(std::move(impl)) {}
Client::~Client() = default;

bool Client::connected() const { return !impl_->conn.closed(); }
std::optional<Role> Client::role() const { return impl_->role; }
bool Client::synced() const { return impl_->synced; }

void Client::poll_fds(std::vector<pollfd>& fds) const {
    if (!impl_->conn.closed()) fds.push_back({impl_->conn.fd(), impl_->conn.events(), 0});
}

int Client::timeout_ms(TimePoint) const { return -1; }

void Client::handle_ready(std::span<const pollfd> fds, TimePoint now) {
    Impl& impl = *impl_;
    if (impl.closed_reported) return;
    impl.now_ms = millis(now);
    const short ev = revents_of(fds, impl.conn.fd());
    if (ev & POLLOUT) impl.conn.flush();
    if (ev & (POLLIN | POLLHUP | POLLERR)) {
        std::vector<std::string> lines;
        impl.conn.read_lines(lines, now);
        for (const std::string& line : lines) {
            if (impl.closed_reported) break;
            impl.process(line);
        }
    }
    impl.conn.flush();
    if (impl.conn.closed() && !impl.closed_reported) {
        std::string why = !impl.conn.failure().empty() ? concat("connection to the host dropped: ", impl.conn.failure())
                          : !impl.last_error.empty()   ? concat("the host closed the connection: ", impl.last_error)
                                                       : std::string("connection to the host lost");
        impl.close_with(std::move(why), impl.conn.failure().empty() && !impl.last_error.empty());
    }
}

std::optional<std::string> Client::play(const Move& move) {
    if (auto why = impl_->ready_to_act()) return why;
    if (game_.position().side_to_move != *my_side_) return std::string("it is not your turn");
    if (impl_->move_sent) return std::string("your move is on its way to the host");
    if (game_.over()) return concat("the game is over: ", describe(game_.result().reason));
    // Sent, not played: it comes back from the host with the others' (and the clocks).
    impl_->move_sent = true;
    impl_->conn.send(format(MoveMessage{game_.ply() + 1, to_string(move)}));
    impl_->conn.flush();
    return std::nullopt;
}

std::optional<std::string> Client::offer(Offer what) {
    if (auto why = impl_->ready_to_act()) return why;
    if (auto why = offer_refusal(game_, *my_side_, what, offer_)) return why;
    offer_ = what;
    offer_by_ = *my_side_;
    impl_->conn.send(format(OfferMessage{what, std::nullopt}));
    impl_->conn.flush();
    return std::nullopt;
}

std::optional<std::string> Client::answer(bool accept) {
    if (auto why = impl_->ready_to_act()) return why;
    if (!offer_ || offer_by_ == *my_side_) return std::string("no offer is open to you");
    const Offer what = *offer_;
    offer_.reset();
    // The host sends what follows an accepted offer (the state, the result) to both players.
    impl_->conn.send(format(AnswerMessage{what, accept, std::nullopt}));
    impl_->conn.flush();
    return std::nullopt;
}

std::optional<std::string> Client::check_resign() {
    if (auto why = impl_->ready_to_act()) return why;
    if (game_.over()) return std::string("the game is over");
    return std::nullopt;
}

void Client::send_resigned() {
    offer_.reset();
    impl_->conn.send(format(Resign{}));
    impl_->conn.flush();
}

std::optional<std::string> Client::chat(std::string_view text) {
    if (impl_->conn.closed()) return std::string("not connected to the host");
    if (!impl_->welcomed) return std::string("the host has not let you in yet");
    if (text.empty()) return std::string("a chat line is empty");
    if (auto why = check_text(text, kMaxChatBytes)) return concat("a chat line ", *why);
    impl_->conn.send(format(Chat{std::string(text), "", std::nullopt}));
    impl_->conn.flush();
    return std::nullopt;
}

}  // namespace fetaix::net
