#pragma once
// A game over the network in the terminal loop: the session (net::Host or net::Client), which works on
// the controller's one Game, and what the session's events tell the controller (a move played on it, the
// game replaced, the players' comings and goings). Curses stays out: the loop
// polls the session's descriptors beside the keyboard and hands what they bring to handle().

#include <array>
#include <memory>
#include <optional>
#include <poll.h>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "controller.hpp"
#include "net/session.hpp"
#include "options.hpp"

namespace fetaix::front {

// The name a plain fetaix's game is reachable by (its socket in the private folder): "local-PID".
std::string door_name(int pid);
bool is_door_name(std::string_view name);
// Whether this state folder keeps a seat token for the game `name` (its seat can be taken back).
bool has_seat_token(const std::string& state_folder, const std::string& name);

class Network {
public:
    // Hosts the table's game (the players' names with it) or connects to a hosted game, which the table's
    // then follows: the program's one Game and its clocks (the table, which must outlive this, is timed by
    // the host from now on). The seat token of a game joined before is read from, and a new one kept in,
    // `state_folder`.
    static Expected<std::unique_ptr<Network>> start(const NetOptions& options, play::Table& table,
                                                    const Players& players, const std::string& state_folder);

    // A plain fetaix's game made reachable: the controller's game (its clocks with
    // it) hosted privately as door_name(getpid()), this keyboard keeping `keep` (its person's side) and
    // the computer its own; until a second terminal takes the free seat the keyboard plays (and times)
    // as before and follow() keeps the copies in step; from then on the host's clocks decide.
    static Expected<std::unique_ptr<Network>> open_door(Controller& controller, Color keep,
                                                        std::optional<Color> computer, const std::string& state_folder);

    // A door not yet joined: the watchers' copies follow the game played here, and its clocks. Any host:
    // a new game started here after the last one ended is the hosted game now, for every screen.
    void follow() {
        if (host_ && ((door_ && !joined_) || host_->next_game_here())) host_->follow();
    }
    const std::string& name() const { return options_.name; }
    // The host's game has arrived whole at least once (its state and moves, the players' names).
    bool synced() const { return synced_; }
    // This game taken over by another terminal: the players and watchers connected here are told where
    // it went (and follow it there, take_lost_door()).
    void hand_over() {
        if (host_) host_->close_all("the game moved to another terminal: run fetaix to join it");
    }
    // The process id of a second fetaix that asked to take this game over, once.
    std::optional<int> take_takeover() { return std::exchange(takeover_, std::nullopt); }

    // What the controller's actions send (Controller::set_link).
    Link link(Controller& controller);
    // Tells the controller which sides are played elsewhere, and what to show about joining.
    void prepare(Controller& controller);
    // Appends the session's descriptors to poll; how long the loop may wait for them (-1: no limit).
    void poll_fds(std::vector<pollfd>& fds) const { session_->poll_fds(fds); }
    int timeout_ms() const;
    // After every wait: does what the ready descriptors allow, then tells the controller what the
    // session's events say. Returns true when something changed on screen.
    bool handle(std::span<const pollfd> fds, Controller& controller);
    // Applies the events this terminal's own actions caused (a seat request answered): after each action.
    bool take_events(Controller& controller);

    // A plain fetaix's game joined or watched here whose host has gone (taken over by another terminal,
    // say), once: the options to look for it again under its new holder's name with.
    std::optional<NetOptions> take_lost_door() { return std::exchange(lost_door_, std::nullopt); }

    // The host's program is ending (quit, a signal): the players and watchers are told that the game
    // ended here and where it is kept (the autosave in `state_folder`).
    void end(const std::string& state_folder);

    // Why the host did not let this terminal in (a wrong code, no free seat), once it has said so: the
    // program then ends with that message.
    const std::optional<std::string>& refusal() const { return refusal_; }

private:
    Network() = default;
    void apply(const net::Event& e, Controller& controller);
    // apply(), one event kind each.
    void on_welcomed(const net::Event& e, Controller& controller);
    void on_synced(const net::Event& e, Controller& controller);
    void on_joined(const net::Event& e, Controller& controller);
    void on_left(const net::Event& e, Controller& controller);
    void on_closed(const net::Event& e, Controller& controller);
    void seat(Controller& controller, std::optional<Color> mine);
    std::string who(Color side) const;
    // Joined or watching: connects to the game (again), with the seat token kept for it; the error when
    // it is not there.
    std::optional<Error> connect();
    // Joined or watching: whether the host's process writes this state folder's game history (then
    // this copy is not kept in it too).
    void note_history(Controller& controller) const;
    // The host gone: connects again once the wait is over (the loop wakes for it, timeout_ms()).
    void retry(Controller& controller);
    // The host's sign: how to join while a seat has nobody at it, and how to watch ('\n' between: each
    // shown whole); nothing for a plain fetaix's game, which a second fetaix finds by itself.
    std::string host_sign() const;
    // What stands on the network line: who is gone (in a timed game, for how long, by the second), then
    // this screen's sign (the host's, or a watcher's keys).
    std::string standing_line() const;
    // Puts the standing line on the network line when it changed since last put there (or `always`).
    bool show_standing(Controller& controller, bool always = false);

    NetOptions options_;
    std::string state_folder_;
    // The quit question of a joined seat, while its host runs or after it went.
    std::string join_quit_text(bool host_gone) const;
    // The program's one game and its clocks, which the session works on (a rejoin's too).
    play::Table* table_ = nullptr;
    std::unique_ptr<net::Session> session_;
    net::Host* host_ = nullptr;  // session_ when hosting
    pid_t host_pid_ = 0;         // joined or watching: the host's process id (0: unknown)
    bool closed_ = false;
    bool welcomed_ = false;
    bool synced_ = false;
    std::string watch_line_;  // watcher: what the keys do, shown under news of a seat
    std::optional<std::string> refusal_;
    std::string token_problem_;                        // why the seat token kept here was not sent, if it was not
    std::array<std::optional<Millis>, 2> away_since_;  // by Color: when the player left
    std::string standing_;                             // what show_standing last put on the network line
    bool door_ = false;                                // a plain fetaix's game (open_door)
    bool joined_ = false;  // door: a second terminal has taken the free seat; play goes through the Host
    std::optional<int> takeover_;
    std::optional<NetOptions> lost_door_;
    // The host gone, when to look for it again, and how long the wait after that is (doubling up to
    // kMaxRetry: no busy loop, and back within two seconds of the host).
    static constexpr std::chrono::milliseconds kFirstRetry{250}, kMaxRetry{2000};
    std::optional<net::TimePoint> retry_at_;
    std::chrono::milliseconds retry_wait_ = kFirstRetry;
    bool rejoining_ = false;  // connected again, not yet welcomed
};

}  // namespace fetaix::front
