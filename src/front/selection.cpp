#include "selection.hpp"

namespace fetaix::front {

namespace {
bool begins_with(const Move& m, const Selection& s) {
    if (m.from != s.from || s.path.size() > m.landings) return false;
    for (std::size_t i = 0; i < s.path.size(); ++i)
        if (m.path[i] != s.path[i]) return false;
    return true;
}
}  // namespace

std::vector<Move> matching_moves(const MoveList& legal, const Selection& s) {
    std::vector<Move> out;
    if (!s.active()) return out;
    for (const Move& m : legal)
        if (begins_with(m, s)) out.push_back(m);
    return out;
}

Bitboard movable_pieces(const MoveList& legal) {
    Bitboard b = 0;
    for (const Move& m : legal) b |= bit(m.from);
    return b;
}

Bitboard next_landings(const MoveList& legal, const Selection& s) {
    Bitboard b = 0;
    for (const Move& m : matching_moves(legal, s))
        if (m.landings > s.path.size()) b |= bit(m.path[s.path.size()]);
    return b;
}

std::vector<Point> taken_in_order(const Move& m, int jumps) {
    std::vector<Point> out;
    Bitboard gone = 0;  // taken already: they left at once, and a later jump may pass over their points
    Point at = m.from;
    for (int k = 0; k < jumps && k < m.landings; ++k) {
        if (const Bitboard taken = between(at, m.path[k]) & m.captured & ~gone) {
            out.push_back(lowest(taken));
            gone |= taken;
        }
        at = m.path[k];
    }
    return out;
}

Bitboard taken_so_far(const MoveList& legal, const Selection& s) {
    const std::vector<Move> matches = matching_moves(legal, s);
    if (matches.empty()) return 0;
    Bitboard b = 0;
    for (Point p : taken_in_order(matches.front(), static_cast<int>(s.path.size()))) b |= bit(p);
    return b;
}

}  // namespace fetaix::front
