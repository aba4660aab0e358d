#pragma once
// A game the server hosts: its one Game and clocks, played through a net::Host with both seats
// remote. Each visitor who plays or watches it is a screen of it (game_screen.hpp) that the Host
// serves over a Unix socket in the server's private folder, so a game on the server has every rule,
// offer, clock and reconnection of a game between two terminals.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <poll.h>
#include <span>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "net/session.hpp"

namespace fetaix::server {

// What a seek offers, and so what the game it becomes is played with.
struct GameTerms {
    Rules rules;
    std::optional<TimeControl> clock;   // both sides the same; none: untimed
    std::optional<Color> creator_side;  // the seek's creator's side; none: decided at random
    bool rated = true;                  // the result changes both players' ratings
    std::string code;                   // a private game's code: found by it, never listed; empty: public
};

// The class of a time control, by the time a game of 40 moves takes on one clock: "bullet" (under 3
// minutes), "blitz" (under 8), "rapid" (under 25), "classical", or "untimed".
std::string time_class(const std::optional<TimeControl>& clock);
// "standard", or the rule switches that differ from it ("Promotion=rank BackwardCaptures=yes").
std::string rules_key(const Rules& rules);

// "untimed", "5+3", "10 min"
std::string clock_words(const std::optional<TimeControl>& clock);

struct RoomSeat {
    std::int64_t player = 0;
    std::string name;
    std::string token;          // the seat's token: the one key the Host gives the seat back for
    std::optional<int> rating;  // a rated game: the player's rating as it began (the record's tag)
};

class Room {
public:
    // Stores the game's record (PDN) as it stands, and its result once it has one: why it could not.
    using Keep = std::function<std::optional<std::string>(const std::string& record, const std::string& result)>;

    // Hosts the game at `folder`/game-ID.sock (a folder of the server's own, mode 0700): a new one, or
    // `resumed`, a game in play when the server last stopped, which goes on where its record ends (its
    // clocks as they stood after its last move). `keep` stores each change before anyone sees it.
    static Expected<std::unique_ptr<Room>> open(int id, const GameTerms& terms, RoomSeat white, RoomSeat black,
                                                const std::string& folder, Keep keep,
                                                const GameRecord* resumed = nullptr);
    // The terms a stored record was played with: its rules and its clock.
    static GameTerms terms_of(const GameRecord& record);
    ~Room();
    Room(const Room&) = delete;
    Room& operator=(const Room&) = delete;

    int id() const { return id_; }
    const std::string& socket() const;
    const Game& game() const { return game_; }
    const RoomSeat& seat(Color c) const { return c == Color::White ? white_ : black_; }
    // The side `player` plays here, if any.
    std::optional<Color> side_of(std::int64_t player) const;
    const GameTerms& terms() const { return terms_; }
    std::size_t watchers() const;
    bool over() const { return game_.over(); }
    // "12 moves, White to move", "1-0"
    std::string standing() const;
    // The game as PDN: the players, the date, the time control, the rules, every move with the clocks
    // after it, the result.
    std::string record() const;

    void poll_fds(std::vector<pollfd>& fds) const;
    int timeout_ms(net::TimePoint now) const;
    // What the ready descriptors allow; true when the game changed (a move, its end).
    bool handle_ready(std::span<const pollfd> fds, net::TimePoint now);

private:
    Room(int id, const GameTerms& terms, RoomSeat white, RoomSeat black);

    int id_;
    GameTerms terms_;
    RoomSeat white_, black_;
    Game game_;
    std::optional<Clock> clock_;
    std::string date_;  // the day it began, as PDN's Date tag has it
    std::unique_ptr<net::Host> host_;
};

}  // namespace fetaix::server
