#pragma once
// One seam for every source of moves: a Player delivers the moves of its side. The person at this
// keyboard delivers theirs through the board and the prompt (the front end reads the keyboard); the
// computer is a Player the front end's loop polls beside the keyboard, playing what it delivers on the
// table. A player at another terminal needs none: the network session plays its moves on the table's
// game as they arrive and tells the table (Table::moved).

#include <functional>
#include <optional>
#include <string>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>

#include "players.hpp"
#include "thinker.hpp"

namespace fetaix::play {

class Player {
public:
    virtual ~Player() = default;
    // Its side is to move in `game`: it starts finding (or awaiting) the move. Called once per position.
    virtual void start(const Game& game) = 0;
    // The game changed before the move came (undo, a new game, a file opened): the move is dropped.
    virtual void cancel() = 0;
    // Readable when take_move() may have the move: the loop polls it with the keyboard. -1 when the
    // move arrives on descriptors the loop polls anyway (a remote player's, on the game's sockets).
    virtual int fd() const = 0;
    // How soon the loop should look again without fd() readable (to show progress); -1: no need.
    virtual int timeout_ms() const { return -1; }
    // The move, once it is there.
    virtual std::optional<Move> take_move() = 0;
    // What it is doing, for the screen while it does ("depth 7, best c2-c3"); empty: nothing to show.
    virtual std::string doing() const { return {}; }
};

// The computer: the engine on the Thinker's worker thread, at the level, time and seed the players
// name for its side (read at each start, so a record loaded with other players is followed).
class ComputerPlayer final : public Player {
public:
    // `think_ms`, when given, says how long each move may take (a timed game budgets from its clock).
    ComputerPlayer(Thinker& thinker, const Players& players, std::function<int()> think_ms = {})
        : thinker_(thinker), players_(players), think_ms_(std::move(think_ms)) {}
    void start(const Game& game) override {
        const int level = players_.level(game.position().side_to_move);
        thinker_.start(game, level, players_.seed + game.ply(), think_ms_ ? think_ms_() : players_.think_ms);
    }
    void cancel() override { thinker_.cancel(); }
    int fd() const override { return thinker_.fd(); }
    // The search's progress is shown as it deepens.
    int timeout_ms() const override { return kProgressMs; }
    std::optional<Move> take_move() override {
        const auto result = thinker_.take_result();
        if (!result) return std::nullopt;
        tables_problem_ = result->tables_problem;
        if (!result->has_move) return std::nullopt;
        return result->best;
    }
    // Why endgame tables were not used for the move taken last (engine::Result::tables_problem), once.
    std::string take_tables_problem() { return std::exchange(tables_problem_, {}); }
    std::string doing() const override { return thinker_.progress(); }

private:
    static constexpr int kProgressMs = 100;
    Thinker& thinker_;
    const Players& players_;
    std::function<int()> think_ms_;
    std::string tables_problem_;
};

}  // namespace fetaix::play
