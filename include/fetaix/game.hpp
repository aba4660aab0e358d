#pragma once
// A game: the moves played from a start position, undo and redo, and the result with its reason
// (docs/rules.md section 6).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clock.hpp"
#include "error.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace fetaix {

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

enum class Reason : std::uint8_t {
    None,         // the game goes on
    CaptureAll,   // the side to move has no pieces left
    NoLegalMove,  // the side to move has pieces but cannot move
    Repetition,   // the same position, same side to move, for the third time
    NoProgress,   // `no_progress` plies without a capture or a man's move
    Resignation,
    AgreedDraw,
    TimeForfeit,  // the side to move's clock ran out
};

struct GameResult {
    Outcome outcome = Outcome::Ongoing;
    Reason reason = Reason::None;
    friend bool operator==(const GameResult&, const GameResult&) = default;
};

inline Outcome win_for(Color c) { return c == Color::White ? Outcome::WhiteWins : Outcome::BlackWins; }

// "1-0", "0-1", "1/2-1/2" or "*", as in game records.
inline std::string_view result_token(Outcome o) {
    switch (o) {
        case Outcome::WhiteWins: return "1-0";
        case Outcome::BlackWins: return "0-1";
        case Outcome::Draw: return "1/2-1/2";
        case Outcome::Ongoing: return "*";
    }
    return "*";
}

inline std::string_view describe(Reason r) {
    switch (r) {
        case Reason::None: return "game in progress";
        case Reason::CaptureAll: return "all pieces captured";
        case Reason::NoLegalMove: return "no legal move";
        case Reason::Repetition: return "threefold repetition";
        case Reason::NoProgress: return "no-progress rule";
        case Reason::Resignation: return "resignation";
        case Reason::AgreedDraw: return "agreed draw";
        case Reason::TimeForfeit: return "time forfeit";
    }
    return "";
}

// Full moves in `plies` half-moves from a start with `first` to move, as the move list numbers them:
// "1. c2-c3 c4xc2" is one move, a last half-move alone counts as one, and so does Black's "1... c4xc2".
inline std::size_t full_moves(Color first, std::size_t plies) {
    if (plies == 0) return 0;
    return (plies + (first == Color::Black ? 1 : 0) + 1) / 2;
}

// The same, known from the side to move after them (a game told by its ply and turn).
inline std::size_t full_moves_before(Color to_move, std::size_t plies) {
    return full_moves(plies % 2 == 0 ? to_move : opponent(to_move), plies);
}

class Game {
public:
    explicit Game(const Rules& rules = {}, const Position& start = start_position()) : rules_(rules) {
        plies_.push_back(Ply{start, hash(start), 0, 0, Move{}, std::nullopt});
    }

    const Rules& rules() const { return rules_; }
    const Position& start() const { return plies_.front().position; }
    const Position& position() const { return plies_[current_].position; }
    // The position after `ply` plies (0 is the start), for ply up to ply().
    const Position& position_at(std::size_t ply) const { return plies_[ply].position; }
    // Plies played up to the current position (the redo line not counted).
    std::size_t ply() const { return current_; }
    // The move that led to ply i (1 <= i <= plies in the record, redo line included).
    const Move& move(std::size_t i) const { return plies_[i].move; }
    std::vector<Move> moves() const { return moves_between(1, current_); }
    // The moves that redo would replay, in order.
    std::vector<Move> redo_line() const { return moves_between(current_ + 1, plies_.size() - 1); }
    bool can_redo() const { return !declared_ && (current_ + 1 < plies_.size() || redeclares()); }
    // Plies since the last capture or man's move.
    int no_progress_count() const { return plies_[current_].quiet_plies; }
    // Plies since the last capture or man's step off its rank: the positions that can still recur.
    int reversible_plies() const { return plies_[current_].reversible_plies; }

    MoveList legal_moves() const { return fetaix::legal_moves(position(), rules_); }

    // The result by the rules of section 6, or the resignation or agreed draw declared.
    GameResult result() const {
        if (declared_) return *declared_;
        const Position& pos = position();
        const Color mover = pos.side_to_move;
        if (!pos.us()) return {win_for(opponent(mover)), Reason::CaptureAll};
        if (!has_legal_move(pos, rules_)) return {win_for(opponent(mover)), Reason::NoLegalMove};
        if (occurrences() >= 3) return {Outcome::Draw, Reason::Repetition};
        if (rules_.no_progress > 0 && no_progress_count() >= rules_.no_progress)
            return {Outcome::Draw, Reason::NoProgress};
        return {};
    }
    bool over() const { return result().outcome != Outcome::Ongoing; }

    // How many times the current position (with the same side to move) has stood in this game.
    int occurrences() const {
        const Ply& now = plies_[current_];
        int n = 0;
        // Only positions since the last irreversible move can repeat it.
        for (std::size_t i = current_ + 1; i-- > current_ - static_cast<std::size_t>(now.reversible_plies);)
            if (plies_[i].key == now.key && plies_[i].position == now.position) ++n;
        return n;
    }

    // Plays a legal move; a move that is not legal here, or a move after the end, changes nothing.
    Expected<Move> play(const Move& m) {
        if (over()) return Error{concat("the game is over: ", describe(result().reason))};
        const PathMatch match = match_path(position(), rules_, m.from, m.path.data(), m.landings, m.is_capture());
        if (match.exact && *match.exact == m) {
            append(*match.exact);
            return *match.exact;
        }
        const Refusal why = refusal(position(), rules_, m.from,
                                    std::span(m.path.data(), std::min<std::size_t>(m.landings, m.path.size())),
                                    m.is_capture(), true);
        return Error{std::string(describe(why))};
    }

    // Plays the move named in notation (a unique prefix is enough).
    Expected<Move> play(std::string_view text) {
        if (over()) return Error{concat("the game is over: ", describe(result().reason))};
        auto m = parse_move(text, position(), rules_);
        if (!m) return m.error();
        append(*m);
        return m;
    }

    // Takes back the last move, or a declared resignation or draw first (which redo declares again).
    bool undo() {
        if (declared_) {
            // A loss on time is not declared again: the clocks redo restores are those of the last move.
            if (declared_->reason != Reason::TimeForfeit) taken_back_ = TakenBack{current_, *declared_};
            declared_.reset();
            return true;
        }
        if (current_ == 0) return false;
        --current_;
        return true;
    }

    // Replays the next move undone, or declares again the resignation or draw undone here: it came last.
    bool redo() {
        if (!can_redo()) return false;
        if (redeclares()) declared_ = std::exchange(taken_back_, std::nullopt)->result;
        else ++current_;
        return true;
    }

    // Forgets the moves undone (a take-back agreed over the network, which nobody redoes).
    void drop_redo_line() {
        plies_.resize(current_ + 1);
        taken_back_.reset();
    }

    // `loser` resigns; refused once the game is over.
    bool resign(Color loser) {
        if (over()) return false;
        taken_back_.reset();
        declared_ = GameResult{win_for(opponent(loser)), Reason::Resignation};
        return true;
    }

    bool agree_draw() {
        if (over()) return false;
        taken_back_.reset();
        declared_ = GameResult{Outcome::Draw, Reason::AgreedDraw};
        return true;
    }

    // `loser`'s clock has run out; refused once the game is over. Undo takes it back, as a resignation.
    bool lose_on_time(Color loser) {
        if (over()) return false;
        taken_back_.reset();
        declared_ = GameResult{win_for(opponent(loser)), Reason::TimeForfeit};
        return true;
    }

    // The clocks as they stood when ply i was reached (0: at the start), when the game is timed: undo
    // and redo find them again, and records carry them.
    const std::optional<ClockReading>& clock_at(std::size_t ply) const { return plies_[ply].clock; }
    void set_clock(const ClockReading& reading) { plies_[current_].clock = reading; }

private:
    struct Ply {
        Position position;
        std::uint64_t key;
        int quiet_plies;                    // since the last capture or man's move
        int reversible_plies;               // since the last capture or man's step off its rank
        Move move;                          // the move that led here (none for the start)
        std::optional<ClockReading> clock;  // both clocks just after that move, in a timed game
    };

    void append(const Move& m) {
        const Ply& now = plies_[current_];
        const Position next = now.position.after(m);
        plies_.resize(current_ + 1);  // a new move drops the redo line
        taken_back_.reset();
        plies_.push_back(Ply{next, hash(next), is_progress(now.position, m) ? 0 : now.quiet_plies + 1,
                             is_irreversible(now.position, m) ? 0 : now.reversible_plies + 1, m, std::nullopt});
        ++current_;
    }

    std::vector<Move> moves_between(std::size_t first, std::size_t last) const {
        std::vector<Move> out;
        for (std::size_t i = first; i <= last && i < plies_.size(); ++i) out.push_back(plies_[i].move);
        return out;
    }

    Rules rules_;
    std::vector<Ply> plies_;
    std::size_t current_ = 0;
    std::optional<GameResult> declared_;
    // A resignation or agreed draw that undo took back, and the ply it was declared at.
    struct TakenBack {
        std::size_t ply;
        GameResult result;
    };
    std::optional<TakenBack> taken_back_;
    bool redeclares() const { return taken_back_ && taken_back_->ply == current_; }
};

}  // namespace fetaix
