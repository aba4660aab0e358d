#pragma once
// One game in progress: the only Game, its start and its clocks, and the count of its changes. Every
// change to the game goes through here and is published as an event to whatever shows or serves it (the
// screen's controller, the network session that plays the other terminal's moves on it). No screen,
// files or network here: the table knows the game and the time, nothing of who looks at it.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fetaix/clock.hpp>
#include <fetaix/game.hpp>
#include <fetaix/pdn.hpp>

#include "players.hpp"

namespace fetaix::play {

// What happened at the table, as every view of it hears it.
struct TableEvent {
    enum class Kind {
        Moved,     // `mover` played `move` (here, by the computer, or at another terminal)
        Stepped,   // undo or redo moved the game to another ply
        Ended,     // a result declared: a resignation, an agreed draw, a loss on time
        Begun,     // a new game, or one loaded from a record, in place of the one before
        Replaced,  // the host's game in place of this copy; `goes_on` when it continues the one before
    };
    Kind kind = Kind::Moved;
    Color mover = Color::White;
    Move move{};
    bool goes_on = false;
};

// The game history's entry for the game at the table: which game was last kept there, and the record
// that keeps it, so that a game is kept once (with its last ending) and never lost by leaving.
struct HistoryEntry {
    std::string kept;  // history_key of the game last kept in the history ("" for none)
    std::string path;  // the history's record of this game, once one is kept ("" before)
    // Whether the history holds `game` already: the very game, or the same moves with the end taken back
    // (a finished game with its last move undone is still the game kept when it ended).
    bool holds(const Game& game) const;
};

// What makes a game the same game for the history: its start, every move known, redo line included,
// and how it ended, if it has (the same moves played to a loss on time are another game than the
// unfinished one kept before).
std::string history_key(const Game& game);

// Where a side's moves come from: the person at this keyboard, the computer (the engine on a worker
// thread), or a player at another terminal.
enum class Seat { Keyboard, Computer, Remote };

// Who times the game: this table (one keyboard; a plain fetaix's game before a second terminal takes a
// seat), this program's network host (it presses the clocks at each move and decides a fall; nobody
// pauses them), or a host at another terminal (its readings set the clocks, which stand while it is gone).
enum class Timer { Here, Host, HostElsewhere };

// Milliseconds on a steady scale, where the clocks take the time from.
Millis steady_millis();

class Table {
public:
    // `white` and `black`: the clocks' controls for a new game (both or neither), as set_controls.
    explicit Table(const Rules& rules, const Position& start = start_position(), std::optional<TimeControl> white = {},
                   std::optional<TimeControl> black = {})
        : game_(rules, start), start_(start) {
        set_controls(white, black);
    }
    // Views hold `this` in their listeners: the table is neither copied nor moved.
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    const Game& game() const { return game_; }
    // Who plays each side (names, the computer's levels), and whether a side is played at another terminal.
    const Players& players() const { return players_; }
    void set_players(Players players) { players_ = std::move(players); }
    void set_remote(Color side, bool remote) { remote_[static_cast<std::size_t>(side)] = remote; }
    Seat seat(Color c) const {
        if (players_.computer(c)) return Seat::Computer;
        return remote_[static_cast<std::size_t>(c)] ? Seat::Remote : Seat::Keyboard;
    }
    // The tags a record of this game carries: those of the record it came from (Event, Site, Date,
    // Round, Annotator, any other), with who plays (player_tags) and the clocks as they stand now.
    std::vector<Tag> tags() const;
    // The game history's entry for this game (the front end keeps records there, and says where).
    HistoryEntry& history() { return history_; }
    const HistoryEntry& history() const { return history_; }
    // The tags for the autosave: tags(), with the history's record of this game once one is kept (tag
    // Kept): a game resumed and ended again is kept in its place.
    std::vector<Tag> autosave_tags() const;
    // The comments of the record the game came from (its [%eval] values, a review's words), by ply, for
    // a record of `game`: those of the plies whose moves, and every move before them, are the record's.
    std::vector<std::string> comments(const Game& game) const;
    std::vector<std::string> comments() const { return comments(game_); }
    // The position a new game starts from.
    const Position& start() const { return start_; }
    // Counts every change to the game (moves, undo, redo, new, load, an end declared): the autosave
    // writes whenever it moves.
    std::uint64_t revision() const { return revision_; }
    // Something saved with the game changed that is not a move (who plays it): the autosave writes.
    void touch() { ++revision_; }

    // A view hears every event from now on; it lives as long as the table, or leaves first (unlisten).
    using Listener = std::function<void(const TableEvent&)>;
    int listen(Listener listener);
    void unlisten(int id);

    // The game's changes. `play` checks the move by the rules and returns it as played, or why not.
    Expected<Move> play(const Move& m);
    bool undo();
    bool redo();
    void resign(Color side);
    void agree_draw();
    // A new game (from start()) or a recorded one; the clocks are the record's, else the set controls.
    void begin(Game game, const Position& start, const GameRecord* record = nullptr);
    // The network session has changed the game itself (game_for_session): `mover` played `m` on it.
    void moved(Color mover, const Move& m);
    // The same, when it put the host's whole game in place of this one.
    void replaced(bool goes_on);
    // The one Game and its clocks, for the network session, which plays the other terminals' moves on it
    // and then says so (moved, replaced), and sets or presses the clocks as the timer it is (set_timer).
    Game& game_for_session() { return game_; }
    std::optional<Clock>& clock_for_session() { return clock_; }

    // The clocks (clock.hpp). The controls a new game gets; a recorded game keeps its own (and a new
    // game after it gets them too), and one without any gets these, fresh.
    void set_controls(std::optional<TimeControl> white, std::optional<TimeControl> black);
    void set_time_source(std::function<Millis()> now) { now_ = std::move(now); }
    Millis now() const { return now_(); }
    const std::optional<Clock>& clock() const { return clock_; }
    std::optional<ClockReading> clock_reading() const;
    // The players' pause (p): the clocks stand and no move is played until it ends.
    bool clock_paused() const { return clock_paused_; }
    void set_clock_paused(bool paused) { clock_paused_ = paused; }
    // Stops or starts the clocks: they stand while paused, while the game is over, and while `nobody_here`
    // (a saved game shown for a question, a replay, a screen too small, a game taken over).
    void sync_clock(bool nobody_here);
    // What the time did since last asked: a side whose clock ran out (the game is lost on time then,
    // unless a host decides falls), and the side whose time became low (under clock_warning) just now.
    struct Tick {
        bool running = false;         // a clock runs: its shown time changes
        std::optional<Color> fell;    // lost on time now
        std::optional<Color> warned;  // under the warning line now, not before
    };
    Tick tick(bool nobody_here);
    // How long until a clock's shown time changes (none: no clock runs).
    std::optional<Millis> clock_wait() const;
    // The computer's time for its move: from its clock when the game is timed, else `untimed`.
    int think_ms(int untimed) const;
    // Under this much time left a clock is marked (and the bell rings once, with the bell on).
    Millis clock_warning(Color side) const;
    // Over the network a host times the game (Timer): from then on the table neither presses the clocks
    // nor decides a fall, and nobody pauses them (a players' pause ends).
    void set_timer(Timer timer);
    Timer timer() const { return timer_; }

    // The game and its clocks as they stand, to put back after showing another game for a while.
    struct Snapshot {
        Game game;
        Position start;
        Players players;
        std::vector<Tag> record_tags;
        std::vector<std::string> record_comments;
        std::vector<Move> record_moves;
        std::optional<Clock> clock;
        std::optional<ClockReading> reading;
        bool paused = false;
        HistoryEntry history;
    };
    Snapshot snapshot() const {
        return Snapshot{game_,         start_, players_,        record_tags_,  record_comments_,
                        record_moves_, clock_, clock_reading(), clock_paused_, history_};
    }
    void restore(const Snapshot& s, bool nobody_here);

private:
    void publish(const TableEvent& e);
    void reset_clock(const GameRecord* record);
    // A move by `mover` has been played: its clock stops and the other's starts; the reading is kept at
    // the new ply for undo, redo and the record.
    void press_clock(Color mover);
    // Undo or redo has moved the game to another ply: the clocks as they were there.
    void restore_clock();

    Game game_;
    Position start_;
    Players players_;
    std::vector<Tag> record_tags_;              // the tags of the record the game came from, kept for saving it again
    std::vector<std::string> record_comments_;  // and its comments, by ply, with its moves they go with
    std::vector<Move> record_moves_;
    HistoryEntry history_;
    std::array<bool, 2> remote_{};  // by Color: the side is played at another terminal
    std::uint64_t revision_ = 0;
    std::vector<std::pair<int, Listener>> listeners_;
    int next_listener_ = 0;
    std::optional<TimeControl> white_control_, black_control_;  // for a new game: the last game's
    std::optional<TimeControl> given_white_, given_black_;      // set_controls's, for a record without any
    std::optional<Clock> clock_;                                // the game's clocks, when it is timed
    bool clock_paused_ = false;
    std::array<bool, 2> clock_warned_{};           // each side's warning given this turn
    std::function<Millis()> now_ = steady_millis;  // the network session's time scale too (the steady clock)
    Timer timer_ = Timer::Here;
};

}  // namespace fetaix::play
