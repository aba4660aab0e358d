#include "selection.hpp"

namespace fetaix::tui {

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

}  // namespace fetaix::tui
