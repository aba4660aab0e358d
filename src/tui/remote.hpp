#pragma once
// The player at another terminal, as this one sees it: its moves arrive as the session's events (on the
// sockets the loop polls anyway) and are handed on through the Player seam. The session checks that a
// move follows the game here (Network::apply); this only holds the one move not yet played.

#include <optional>
#include <utility>

#include "player.hpp"

namespace fetaix::tui {

class RemotePlayer final : public Player {
public:
    // The session reported the next move of the game here.
    void arrived(const Move& m) { move_ = m; }
    // The move held is the host's next one whatever happens here meanwhile: only the game replaced
    // (clear) drops it.
    void start(const Game&) override {}
    void cancel() override {}
    int fd() const override { return -1; }
    std::optional<Move> take_move() override { return std::exchange(move_, std::nullopt); }
    void clear() { move_.reset(); }
    bool has_moves() const { return move_.has_value(); }

private:
    std::optional<Move> move_;
};

}  // namespace fetaix::tui
