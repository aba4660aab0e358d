#include "game_text.hpp"

#include "selection.hpp"

namespace fetaix::front {

std::string announcement(Color side, const Move& m) {
    std::string text = concat(to_string(side), " plays ", to_string(m));
    const std::vector<Point> taken = taken_in_order(m, m.landings);
    for (std::size_t k = 0; k < taken.size(); ++k)
        text += concat(k == 0 ? ", taking " : k + 1 == taken.size() ? " and " : ", ", to_string(taken[k]));
    return concat(text, m.promotes ? "; its man becomes a mullah." : ".");
}

std::string game_over_text(const GameResult& r, const Players& players) {
    if (r.reason == Reason::AgreedDraw) return "Game over: draw agreed.";
    if (r.outcome == Outcome::Draw) return concat("Game over: draw by ", describe(r.reason), ".");
    const Color winner = r.outcome == Outcome::WhiteWins ? Color::White : Color::Black;
    if (r.reason == Reason::TimeForfeit) return concat("Game over: ", players.label(winner), " wins on time.");
    // The loser had no move: say who, not "wins by no legal move".
    if (r.reason == Reason::NoLegalMove)
        return concat("Game over: ", players.label(winner), " wins; ", players.label(opponent(winner)),
                      " has no legal move.");
    return concat("Game over: ", players.label(winner), " wins by ", describe(r.reason), ".");
}

std::vector<std::string> draw_warnings(const Game& game, bool brief) {
    if (game.over()) return {};
    std::vector<std::string> warnings;
    if (const int limit = game.rules().no_progress; limit > 0) {
        const int left = limit - game.no_progress_count();
        if (left <= 10)
            warnings.push_back(concat(brief ? "draw in " : "No-progress draw in ", left,
                                      left == 1 ? " ply" : " plies"));
    }
    if (game.occurrences() == 2) warnings.push_back(brief ? "seen twice" : "Position seen twice: once more is a draw");
    return warnings;
}

std::vector<std::string> draw_rules(const Rules& rules) {
    std::vector<std::string> draws{"a position standing a third time with the same side to move"};
    if (rules.no_progress > 0) draws.push_back(concat(rules.no_progress, " plies without a capture or a man's move"));
    return draws;
}

}  // namespace fetaix::front
