#pragma once
// A game over the network: the host session, the rules authority that plays the other terminals' moves
// on the one Game of the game in progress (its seats its own), and the client session, which makes that
// one Game of its program follow the host's from the host's messages only. Both are driven from the caller's poll loop
// and never block:
//
//     std::vector<pollfd> fds = {{keyboard_fd, POLLIN, 0}};
//     session.poll_fds(fds);                          // appends the session's fds with their events
//     poll(fds.data(), fds.size(), session.timeout_ms(Clock::now()));   // (or sooner for the keyboard)
//     session.handle_ready(fds, Clock::now());        // after EVERY poll return, timed out or not
//     for (const Event& e : session.take_events()) ...   // what happened, in order
//
// handle_ready() looks only at the entries whose fd is its own, in any order. The session owns every fd
// it lists (listener, connections); the caller only polls them, never reads, writes or closes them.
// The Game is not the session's: the program (or a test) owns it and hands it in; it must outlive the
// session. The actions of this terminal's player (play, offers, answers, resign, chat) return an error
// message or nothing; when they succeed the session has already played them on game() and sent what it
// had to (a
// client's accepted offer is the exception: the take-back or the draw comes back from the host as
// Synced or Result, as it does to everyone).
//
// Threads: none needed and none used; a session is used from one thread (the poll loop's).

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <poll.h>
#include <span>
#include <string>
#include <sys/types.h>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "protocol.hpp"
#include "transport.hpp"

namespace fetaix::net {

enum class EventKind : std::uint8_t {
    // Client: the host accepted us: `role` (White, Black or Watch) and, for a seat, `text` = the seat
    // token, to keep in the state folder and send as Hello::token to get the seat back.
    Welcomed,
    // Client: the host asks its player whether to let us in (shared game); `text` says so.
    Pending,
    // The whole game was replaced (client: a full state arrived, at (re)join, after a take-back, after
    // a stale move; host: a take-back was done). game(), names and presence may all have changed;
    // `goes_on` says the new game continues the one replaced (same start, its moves followed by more or
    // none), `was_over` that the game replaced had ended.
    Synced,
    // The other player (or, for a watcher, either) moved: `side` moved `move` (its notation in `text`),
    // making ply `ply`; the move is played on game() already. Never reported for this terminal's own play().
    Moved,
    // A seat's player connected: `side`, `name`, and (host, shared game) `login`.
    Joined,
    // A seat's player lost their connection; the seat stays theirs. `text`: "Black (Youssef)
    // disconnected, waiting".
    Left,
    // Host only: a user asks for a seat of a shared game (right code given): answer with
    // Host::answer_seat(request, yes). `side`, `name`, `login`, `request`.
    SeatRequest,
    // `side` made an offer `offer` (take-back or draw) to this terminal's player (or, watching, to the
    // other player).
    Offered,
    // `side` answered the open offer `offer`: `accepted`. An accepted take-back is followed by Synced, an
    // accepted draw by Result.
    Answered,
    // A resignation or agreed draw declared elsewhere (or, on a client, the draw it accepted, as the
    // host confirms it): game().result() has it.
    Result,
    // A chat line: `name` (who), `role` of the speaker, `text`.
    Chat,
    // Something to show the player on the notice line (`text`): a client dropped for breaking a limit,
    // a wrong code (`login` says whose), the host's error about what this client sent. When a user
    // waiting for a seat gives up, `request` is that SeatRequest's id: the question can be withdrawn.
    Notice,
    // Client: the connection is over; `text` says why ("the host refused: the black seat is taken
    // (Youssef)", "connection to the host lost"). The session does nothing more; reconnect with a new
    // Client (and the seat token).
    Closed,
    // A timed game: the host's clocks, which every screen follows (the host's clock is the authority):
    // `clock` as read at `at` (steady-clock milliseconds, millis()) once ply `ply` stands; `used` is the
    // time the move making that ply took on its mover's clock. After each move (the mover's own
    // included), a full state and a take-back; on a host, when a plain fetaix's seat is taken (its
    // program then follows the host's clocks).
    Clock,
    // Host only: a second fetaix of the same user asks to take the game over (HostConfig::handover);
    // `request` is its process id. The host's program saves, frees the autosave and watches the new holder.
    TakeoverRequest,
};

struct Event {
    EventKind kind = EventKind::Notice;
    Color side = Color::White;
    Role role = Role::Watch;
    std::string name;
    std::string login;
    std::string text;
    Move move;
    std::size_t ply = 0;
    Offer offer = Offer::Draw;
    bool accepted = false;
    int request = 0;
    std::optional<ClockReading> clock;  // Clock
    Millis at = 0;
    Millis used = 0;
    bool host_said = false;   // Closed: the host refused or closed the connection saying why (it may well be running)
    bool host_ended = false;  // Closed: the host ended (a `bye`), its text saying where the game is kept
    bool goes_on = false;     // Synced: the new game continues the one replaced
    bool was_over = false;    // Synced: the game replaced had ended
};

// "Black (Youssef) disconnected, waiting": the Left event's text; once the game is over (`over`), nobody
// waits: "Black (Youssef) disconnected".
std::string left_text(Color side, std::string_view name, bool over = false);
// In a timed game, how long they have been gone, and whether their clock runs meanwhile (a disconnected
// player's clock keeps running): "Black (Youssef) disconnected 0:42 ago, clock running".
std::string away_text(Color side, std::string_view name, Millis away, bool clock_running);

// A time point as the game clocks count: milliseconds on the steady clock.
inline Millis millis(TimePoint t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

// What the host and the client have in common: the poll loop hooks, the game they work on, and the
// actions of the player at this terminal. The controller can drive either through this interface.
class Session {
public:
    // `game` and `clock` are the program's game in progress and its clocks (none: an untimed game), worked
    // on here in place: never copied.
    Session(Game& game, std::optional<fetaix::Clock>& clock) : game_(game), clock_(clock) {}
    virtual ~Session() = default;
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Appends the fds to poll with their events.
    virtual void poll_fds(std::vector<pollfd>& fds) const = 0;
    // How long poll may wait before handle_ready must run for a timeout: milliseconds, or -1 for no limit.
    virtual int timeout_ms(TimePoint now) const = 0;
    // Does whatever the ready fds allow (accept, read, write) and the deadlines passed at `now` demand.
    virtual void handle_ready(std::span<const pollfd> fds, TimePoint now) = 0;
    // The events since the last call, oldest first.
    std::vector<Event> take_events();

    // The one Game of the game in progress, as this side knows it (the host's is the true one).
    const Game& game() const { return game_; }
    const std::string& name(Color side) const { return side == Color::White ? white_ : black_; }
    // Whether the seat's player is connected (the host's own seat always is).
    bool present(Color side) const { return side == Color::White ? white_present_ : black_present_; }
    // The side this terminal plays, or nothing (watching, or not yet welcomed).
    std::optional<Color> my_side() const { return my_side_; }
    // The offer open now and who made it.
    std::optional<Offer> open_offer() const { return offer_; }
    Color offer_by() const { return offer_by_; }
    // The game's clocks, when it is timed: a host presses them at each move and decides a fall (once it
    // times the game); a client sets them from each message of the host, and they count down between
    // them. A client never decides a fall.
    const std::optional<fetaix::Clock>& clock() const { return clock_; }

    // This terminal's player plays `move` (its turn, a legal move): returns why not otherwise. The host
    // plays it on game() at once and sends it to everyone; a client sends it to the host, the one judge,
    // and game() gets it when the host's `moved` comes back (a Moved event, as every move): nothing is
    // played on a client's game but what the host sent.
    virtual std::optional<std::string> play(const Move& move) = 0;
    // Offers a take-back (back to before this player's last move) or a draw to the other player.
    virtual std::optional<std::string> offer(Offer what) = 0;
    // Answers the other player's open offer.
    virtual std::optional<std::string> answer(bool accept) = 0;
    // Resigns for this terminal's player; or in two steps, as play: check_resign(), then, once resigned
    // on game(), send_resigned().
    std::optional<std::string> resign();
    virtual std::optional<std::string> check_resign() = 0;
    virtual void send_resigned() = 0;
    // A chat line (a watcher's goes to the watchers only).
    virtual std::optional<std::string> chat(std::string_view text) = 0;

protected:
    void emit(Event e) { events_.push_back(std::move(e)); }

    Game& game_;  // the program's: played on here, never copied
    std::string white_ = "White";
    std::string black_ = "Black";
    bool white_present_ = false;
    bool black_present_ = false;
    std::optional<Color> my_side_;
    std::optional<Offer> offer_;
    Color offer_by_ = Color::White;
    std::optional<fetaix::Clock>& clock_;  // the program's, as the game

private:
    std::vector<Event> events_;
};

struct HostConfig {
    std::string game_name;    // the socket's name (check_game_name)
    std::string socket_path;  // where to listen: socket_path(prepare_folder(...), game_name)
    bool shared = false;      // codes required, seat requests answered by the host's player
    // The side the host's player takes; nothing: both seats are remote.
    std::optional<Color> host_side = Color::White;
    std::string white = "White";  // names (the remote seat's is replaced by its player's `hello` name)
    std::string black = "Black";
    // Seat tokens of a resumed game, so its players get their seats back: empty for a new game (and the
    // host's own seat). The host makes new random ones where empty.
    std::string white_token;
    std::string black_token;
    Limits limits;
    // A timed game: both sides' controls (both or neither) and, for a resumed game, where the clocks
    // stood (else they start from the controls). The host times every move and decides a fall. Clocks
    // handed to Host::start (a table's) win over these: the game is timed as they stand.
    std::optional<TimeControl> white_clock;
    std::optional<TimeControl> black_clock;
    std::optional<ClockReading> clock_now;
    // The host's time for its own player's actions (handle_ready is given its time): tests hand in theirs.
    std::function<TimePoint()> now = [] { return Clock::now(); };
    // A plain fetaix's game (not `fetaix host`): a second fetaix of the same user may ask to take it over
    // (`takeover`, reported as TakeoverRequest); a hosted game refuses that.
    bool handover = false;
    // A side the host's computer plays: never free for a remote player.
    std::optional<Color> computer_side;
    // Stores the game as it stands (its moves, their clocks, its result) before any change of it leaves
    // for the players and watchers; why it could not. A change that cannot be stored is undone for
    // everyone and said (an error line, and a Notice event). None: nothing is stored (the program's
    // autosave keeps its game).
    std::function<std::optional<std::string>(const Game& game)> keep;
};

class Host final : public Session {
public:
    // Listens at config.socket_path (Listener::open). Makes the join and watch codes when shared. `game`
    // (a new game, or the one resumed from the autosave) is the game hosted: the remote players' moves
    // are played on it. `clock`: its clocks, set from the config's controls unless they hold them already.
    static Expected<std::unique_ptr<Host>> start(HostConfig config, Game& game, std::optional<fetaix::Clock>& clock,
                                                 TimePoint now = Clock::now());
    ~Host() override;

    const std::string& game_name() const;
    const std::string& socket_path() const;
    // The codes of a shared game ("" otherwise): a seat needs the join code, watching the watch code.
    const std::string& join_code() const;
    const std::string& watch_code() const;
    // A seat's token (to save with the autosave so the seat's player can rejoin a resumed game); "" for
    // the host's own seat.
    const std::string& token(Color side) const;
    // Whether a remote player has ever been given the seat: it is then refused to anyone without its token.
    bool seat_held(Color side) const;
    std::size_t watchers() const;
    // Open connections of every kind (players, watchers, handshakes in progress).
    std::size_t connections() const;

    // Lets in (or refuses) the user of a SeatRequest event; an unknown or finished request is ignored.
    void answer_seat(int request, bool accept);

    // The host's game changed outside play() (a plain fetaix's game before a second terminal takes a
    // seat: a move of either side at this keyboard, undo, a new game, a file opened): the copies follow,
    // by a `moved` line when it is one move on from what they were last sent, else by the whole state.
    // Nothing when they have it.
    // Timed, the keyboard's program presses and pauses clock() meanwhile: a move carries its readings, and
    // a change of them alone (a pause, a new game) sends the whole state. Until a second terminal takes a
    // seat the keyboard's program decides a fall; from then on this host.
    void follow();
    // Whether the copies were last sent a finished game and game() is a new one begun here since (the
    // host's player started the next game): follow() sends it.
    bool next_game_here() const;
    // Ends every connection, telling each player and watcher `why` (an `error` line, then the close).
    void close_all(std::string_view why);
    // The host is ending: tells every player and watcher `why` (a `bye` line: the game ended there, and
    // where it is kept), then closes each connection.
    void say_bye(std::string_view why);

    void poll_fds(std::vector<pollfd>& fds) const override;
    int timeout_ms(TimePoint now) const override;
    void handle_ready(std::span<const pollfd> fds, TimePoint now) override;

    std::optional<std::string> play(const Move& move) override;
    // The same in two steps, for a program that plays its player's moves on the game itself:
    // check_play() (why this player may not play now, or nothing), then, once the move is on game(),
    // send_played().
    std::optional<std::string> check_play();
    void send_played();
    std::optional<std::string> offer(Offer what) override;
    std::optional<std::string> answer(bool accept) override;
    std::optional<std::string> check_resign() override;
    void send_resigned() override;
    std::optional<std::string> chat(std::string_view text) override;

private:
    struct Impl;
    Host(Game& game, std::optional<fetaix::Clock>& clock, std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

struct ClientConfig {
    std::string socket_path;
    Role role = Role::Seat;
    std::string name;
    std::string code;   // a shared game's join or watch code
    std::string token;  // the seat token kept from an earlier Welcomed
    Limits limits;      // output cap and line length apply; the others are the host's business
    // A socket in the shared folder (find_game): any user may host it. Otherwise the host must be this
    // user, or nothing (no code, no token) is sent (connect_to).
    bool shared = false;
};

class Client final : public Session {
public:
    // Connects (connect_to) and sends `hello`. The Welcomed and Synced events follow once the host answers.
    // `game` follows the host's: the host's moves are played on it, its full state replaces it; `clock`
    // is set from the host's readings.
    static Expected<std::unique_ptr<Client>> connect(ClientConfig config, Game& game,
                                                     std::optional<fetaix::Clock>& clock, TimePoint now = Clock::now());
    ~Client() override;

    // Whether the connection is still open (false after Closed).
    bool connected() const;
    // The role the host gave (after Welcomed).
    std::optional<Role> role() const;
    // Whether a full state has arrived (game() is the host's).
    bool synced() const;
    // The host's process id as the kernel gave it at connect (SO_PEERCRED); 0 when unknown. Over an SSH
    // forward it is the forwarding process's.
    pid_t host_pid() const { return host_pid_; }

    void poll_fds(std::vector<pollfd>& fds) const override;
    int timeout_ms(TimePoint now) const override;
    void handle_ready(std::span<const pollfd> fds, TimePoint now) override;

    std::optional<std::string> play(const Move& move) override;
    std::optional<std::string> offer(Offer what) override;
    std::optional<std::string> answer(bool accept) override;
    std::optional<std::string> check_resign() override;
    void send_resigned() override;
    std::optional<std::string> chat(std::string_view text) override;

private:
    struct Impl;
    Client(Game& game, std::optional<fetaix::Clock>& clock, std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
    pid_t host_pid_ = 0;
};

}  // namespace fetaix::net
