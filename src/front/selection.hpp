#pragma once
// Which moves a partial choice on the board still allows: a chosen piece and the landing points
// picked so far. Pure functions of the legal move list; all rule knowledge stays in the core.

#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::front {

// A piece chosen and the landing points picked for it so far, in order.
struct Selection {
    Point from = kNoPoint;
    std::vector<Point> path;

    bool active() const { return from.valid(); }
    friend bool operator==(const Selection&, const Selection&) = default;
};

// The legal moves that begin with the selection.
std::vector<Move> matching_moves(const MoveList& legal, const Selection& s);

// The points of the pieces that have a legal move.
Bitboard movable_pieces(const MoveList& legal);

// The landing points that continue the selection: the next point of each matching move.
Bitboard next_landings(const MoveList& legal, const Selection& s);

// The pieces a capture takes on its first `jumps` jumps, in the order it takes them: each jump takes the
// captured piece on the line between its two points.
std::vector<Point> taken_in_order(const Move& m, int jumps);

// The pieces the landing points chosen so far have taken (as every legal move beginning so takes them).
Bitboard taken_so_far(const MoveList& legal, const Selection& s);

}  // namespace fetaix::front
