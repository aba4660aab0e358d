#pragma once
// The player at another terminal, as this one sees it: its moves arrive as the session's events (on the
// sockets the loop polls anyway) and are handed on, one by one, through the Player seam.

#include <deque>

#include "player.hpp"

namespace fetaix::tui {

class RemotePlayer final : public Player {
public:
    // The session reported the move making ply `ply`.
    void arrived(const Move& m, std::size_t ply) { moves_.push_back({m, ply}); }
    // Only a move that makes the next ply of `game` is delivered; the caller resynchronises otherwise.
    void start(const Game& game) override { next_ply_ = game.ply() + 1; }
    void cancel() override {}
    int fd() const override { return -1; }
    std::optional<Move> take_move() override {
        while (!moves_.empty()) {
            const auto [m, ply] = moves_.front();
            moves_.pop_front();
            if (ply == next_ply_) return m;
        }
        return std::nullopt;
    }
    void clear() { moves_.clear(); }
    bool has_moves() const { return !moves_.empty(); }

private:
    struct Arrived {
        Move move;
        std::size_t ply;
    };
    std::deque<Arrived> moves_;
    std::size_t next_ply_ = 1;
};

}  // namespace fetaix::tui
