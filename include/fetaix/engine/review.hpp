#pragma once
// The review of a game: every position's value and where it came from (the rules, the endgame tables or
// the book of proven positions, else a search of a set time), and the moves that changed the result or
// lost ground by the engine's measure, each with the move that would have kept it (docs/guide.md, "review").

#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../eval_note.hpp"
#include "../game.hpp"
#include "../notation.hpp"
#include "levels.hpp"
#include "search.hpp"
#include "tables.hpp"

namespace fetaix::engine {

// Where a position's value came from.
enum class Origin : std::uint8_t { Rules, Tables, Book, Engine };

inline std::string_view to_string(Origin o) {
    switch (o) {
        case Origin::Rules: return "rules";
        case Origin::Tables: return "tables";
        case Origin::Book: return "book";
        case Origin::Engine: break;
    }
    return "engine";
}

// A position's value for the side to move. Proven (not Engine): the result lies in [low, high], each -1
// (loss), 0 (draw) or 1 (win); a book's "holds" is [0, 1]. Every value has a score too: the engine's, or
// the proof's (a win or loss as a forced end, a draw 0), or for a proven interval the search's within it.
struct Assessment {
    Origin origin = Origin::Engine;
    int low = -1, high = 1;
    std::optional<int> distance;  // plies to the end, when the tables or the rules say it
    int score = 0;                // hundredths of a man, or beyond kMateBound a forced end
    // A book's win (1) or loss (-1) that holds with the no-progress rule off, where the rules have one: the
    // value then proves only [0, 1] or [-1, 0].
    int unlimited_sign = 0;
    // A proven interval's score is the search's: the interval leaves the result open, the search measures
    // where in it the position stands.
    bool searched = false;
    bool proven() const { return origin != Origin::Engine; }
    // The score is the engine's measure, to weigh against another's: an engine value's, a searched interval's,
    // a proven draw's (0: even, by any measure).
    bool measured() const { return !proven() || searched || (low == 0 && high == 0); }
    friend bool operator==(const Assessment&, const Assessment&) = default;
};

// The same value for the other side.
inline Assessment flipped(Assessment a) {
    const int low = a.low;
    a.low = -a.high;
    a.high = -low;
    a.score = -a.score;
    a.unlimited_sign = -a.unlimited_sign;
    return a;
}

// The least loss of ground the review marks: a man.
inline constexpr int kGroundLost = 100;

// What a move did, for its mover.
enum class Mark : std::uint8_t {
    None,
    Turned,    // proven before and after, and the result it could reach is out of reach now
    Weakened,  // neither value proven, and by the engine's measure the mover lost at least kGroundLost
};

struct MoveReview {
    std::size_t ply = 0;  // the move that leads from position ply to ply + 1
    Move move{};
    Color mover = Color::White;
    Assessment before;  // for the mover, at ply
    Assessment after;   // for the mover, at ply + 1
    Mark mark = Mark::None;
    // The move that kept the value (Turned) or the engine's choice (Weakened), and its value for the mover.
    std::optional<Move> better;
    std::optional<Assessment> better_value;
};

struct Review {
    std::vector<Assessment> positions;  // for the side to move at each ply, 0 to the last
    std::vector<MoveReview> moves;
    bool complete = false;                             // every position was assessed (not stopped)
    std::vector<std::size_t> turning_points() const {  // the marked moves, proven ones first
        std::vector<std::size_t> out;
        for (const Mark m : {Mark::Turned, Mark::Weakened})
            for (std::size_t i = 0; i < moves.size(); ++i)
                if (moves[i].mark == m) out.push_back(i);
        return out;
    }
};

namespace detail {

// An engine score with forced ends held to two men beyond any material count, so a loss of ground is
// measured the same way from a forced end as from an even position.
inline int bounded(int score) { return std::clamp(score, -2000, 2000); }

inline Assessment proven_value(Origin origin, int low, int high, std::optional<int> distance = std::nullopt) {
    Assessment a;
    a.origin = origin;
    a.low = low;
    a.high = high;
    a.distance = distance;
    a.score = low > 0 ? kMate - distance.value_or(1) : high < 0 ? -kMate + distance.value_or(1) : 0;
    return a;
}

inline int sign_of(tablebase::Verdict v) {
    return v == tablebase::Verdict::Win ? 1 : v == tablebase::Verdict::Loss ? -1 : 0;
}

}  // namespace detail

// What the rules, the tables and the book prove of the position `game` stands at, or nothing.
inline std::optional<Assessment> proven_assessment(const Game& game, Tables* tables, const book::Book* book) {
    const Position& p = game.position();
    const Rules& rules = game.rules();
    const GameResult r = game.result();
    if (r.reason == Reason::CaptureAll || r.reason == Reason::NoLegalMove)
        return detail::proven_value(Origin::Rules, -1, -1, 0);
    if (r.reason == Reason::Repetition || r.reason == Reason::NoProgress)
        return detail::proven_value(Origin::Rules, 0, 0);
    if (tables)
        if (const auto v = probe(*tables, rules, p); v && holds(*v, rules, game.no_progress_count())) {
            const int s = detail::sign_of(v->verdict);
            return detail::proven_value(Origin::Tables, s, s, s == 0 ? std::nullopt : std::optional<int>(v->distance));
        }
    if (book && book->applies(rules)) {
        // The book's values are with the no-progress rule off (docs/solution.md): a draw or a hold stays
        // one under any limit, which only adds draws, but a win may be cut short by one, so under a limit
        // a win proves at least a draw and a loss at most a draw.
        const int decided = rules.no_progress > 0 ? 0 : 1;
        const auto won = [&] {
            Assessment a = detail::proven_value(Origin::Book, decided, 1);
            a.unlimited_sign = decided == 0 ? 1 : 0;
            return a;
        };
        if (const auto e = book->find(p)) {
            switch (e->value) {
                case book::Value::Win: return won();
                case book::Value::Draw: return detail::proven_value(Origin::Book, 0, 0);
                case book::Value::Loss: return flipped(won());
                case book::Value::Holds: return detail::proven_value(Origin::Book, 0, 1);
            }
        }
        // A move into a position the book has lost for the other side, unless it repeats a position a third time.
        for (const Move& m : legal_moves(p, rules))
            if (const auto e = book->find(p.after(m)); e && e->value == book::Value::Loss) {
                Game next = game;
                if (next.play(m) && next.result().reason != Reason::Repetition) return won();
            }
    }
    return std::nullopt;
}

// The value of the position `game` stands at: proven if it can be, else the search's within `limits`.
// The search's best move comes back in `best` (none when the game is over).
inline Assessment assess(const Game& game, Search& search, Tables* tables, const book::Book* book, const Limits& limits,
                         std::optional<Move>* best = nullptr) {
    std::optional<Assessment> proven = proven_assessment(game, tables, book);
    if (game.over() && game.result().reason != Reason::Resignation && game.result().reason != Reason::AgreedDraw &&
        game.result().reason != Reason::TimeForfeit)
        return *proven;
    // A forced move is played at once by the search, unscored: the value is the position's after it.
    if (const MoveList moves = legal_moves(game.position(), game.rules()); moves.size() == 1 && !proven) {
        Game next = game;
        if (best) *best = moves[0];
        if (next.play(moves[0])) {
            Assessment a = flipped(assess(next, search, tables, book, limits));
            if (a.distance) ++*a.distance;
            if (std::abs(a.score) > kMateBound) a.score += a.score > 0 ? -1 : 1;
            return a;
        }
    }
    search.set_tables(tables);
    search.set_book(book);
    const Result r = search.run(game.position(), game.rules(), history_of(game), limits);
    if (best && r.has_move) *best = r.best;
    if (proven) {
        // An interval the search looked into: its score, held to the interval's side of a draw.
        if (proven->low != proven->high && r.has_move && r.depth > 0) {
            proven->score = std::clamp(r.score, proven->low < 0 ? -kMate : 0, proven->high > 0 ? kMate : 0);
            proven->searched = true;
        }
        return *proven;
    }
    // The search's own proof: the tables' move at the root (when every move's material is held).
    if (r.table && holds(*r.table, game.rules(), game.no_progress_count())) {
        const int s = detail::sign_of(r.table->verdict);
        return detail::proven_value(Origin::Tables, s, s,
                                    s == 0 ? std::nullopt : std::optional<int>(r.table->distance));
    }
    Assessment a;
    a.score = r.has_move ? r.score : -kMate;
    return a;
}

// A proven value's bounds with the no-progress rule off: a book's win or loss there, else the value's own
// (a draw, and the tables' and the rules' values, are the same without the rule).
inline int unlimited_low(const Assessment& a) { return a.unlimited_sign != 0 ? a.unlimited_sign : a.low; }
inline int unlimited_high(const Assessment& a) { return a.unlimited_sign != 0 ? a.unlimited_sign : a.high; }

// What each move did, from the positions' values: the mark, and for a marked move the one to play instead.
// `game` is the game reviewed, at any ply.
inline MoveReview judge_move(const Game& game, std::size_t ply, const Assessment& before,
                             const Assessment& after_theirs, Tables* tables, const book::Book* book,
                             std::optional<Move> engine_best) {
    MoveReview m;
    m.ply = ply;
    m.move = game.move(ply + 1);
    m.mover = game.position_at(ply).side_to_move;
    m.before = before;
    m.after = flipped(after_theirs);
    // Also what the book proves with the no-progress rule off: a draw turned into a loss there is marked,
    // and said so, though under the rule the loss is proven only to be at most a draw.
    if (before.proven() && m.after.proven() && unlimited_low(before) > unlimited_high(m.after)) {
        m.mark = Mark::Turned;
        // The move that keeps what the position held: the shortest win, else the first that holds.
        Game at(game.rules(), game.start());
        for (std::size_t i = 1; i <= ply; ++i)
            if (!at.play(game.move(i))) return m;
        for (const Move& alt : legal_moves(at.position(), at.rules())) {
            Game next = at;
            if (!next.play(alt)) continue;
            const auto v = proven_assessment(next, tables, book);
            if (!v) continue;
            const Assessment mine = flipped(*v);
            if (mine.low < before.low || unlimited_low(mine) < unlimited_low(before)) continue;
            if (!m.better_value || mine.distance.value_or(1000) < m.better_value->distance.value_or(1000)) {
                m.better = alt;
                m.better_value = mine;
            }
        }
        // The book's move (the search plays it) when no single move's value is proven on its own.
        if (!m.better && engine_best && !(*engine_best == m.move)) {
            m.better = engine_best;
            m.better_value = before;
        }
        return m;
    }
    // Else by the engine's measure, where both values have it (a proven interval leaves the result open, a
    // draw is even): a proven win's or loss's score says nothing of that measure (a book's win left for a
    // position the book does not hold may still be won), so a move from or to one is not marked.
    if (!before.measured() || !m.after.measured()) return m;
    const int lost = detail::bounded(before.score) - detail::bounded(m.after.score);
    if (lost >= kGroundLost && engine_best && !(*engine_best == m.move)) {
        m.mark = Mark::Weakened;
        m.better = engine_best;
        m.better_value = before;
    }
    return m;
}

struct ReviewSettings {
    int time_ms = 1000;  // the search's time for each position not proven
    int depth = 0;       // else, when not 0, its depth (the same values on every machine)
    Tables* tables = nullptr;
    const book::Book* book = nullptr;
};

// How far the search looks again after a move that seems to let a forced win go: a budget of nodes, not of
// time, so that the same game gets the same values on every machine.
inline constexpr std::uint64_t kKeptWinNodes = 4'000'000;

// A forced win the search found before a move (in a position not proven, or one the book proves only as a
// hold) and not after it (not proven): the position after is searched again, as
// deep as the win was long (a search of a set time may stop short of a win it saw a ply earlier), and
// keeps the win if that search finds it, before the move is said to have let it go. `review.positions`
// are the values of `game`'s positions from ply 0.
inline void confirm_kept_wins(const Game& game, Review& review, Tables* tables, const book::Book* book,
                              const std::atomic<bool>* stop = nullptr) {
    Search search(1u << 18);
    search.set_tables(tables);
    search.set_book(book);
    Game at(game.rules(), game.start());
    for (std::size_t ply = 0; ply + 1 < review.positions.size(); ++ply) {
        if (!at.play(game.move(ply + 1)) || (stop && stop->load(std::memory_order_relaxed))) return;
        const Assessment& before = review.positions[ply];
        Assessment& after = review.positions[ply + 1];
        if (!before.measured() || after.proven() || before.score <= kMateBound || after.score < -kMateBound ||
            at.over())
            continue;
        Limits deep;
        deep.depth = std::max(1, kMate - before.score - 1);
        deep.nodes = kKeptWinNodes;
        deep.stop = stop;
        const Result r = search.run(at.position(), at.rules(), history_of(at), deep);
        if (r.has_move && r.score < -kMateBound && !(stop && stop->load(std::memory_order_relaxed)))
            after.score = r.score;
    }
}

// Reviews the game's moves up to the ply it stands at. `on_position(done, total)` after each position;
// stopped by `stop`, with the positions done so far (complete false).
inline Review review_game(const Game& game, const ReviewSettings& settings, const std::atomic<bool>* stop = nullptr,
                          const std::function<void(std::size_t, std::size_t)>& on_position = {}) {
    Review out;
    const std::size_t total = game.ply() + 1;
    Search search(1u << 18);
    Limits limits;
    limits.time_ms = settings.depth > 0 ? -1 : settings.time_ms;
    if (settings.depth > 0) limits.depth = settings.depth;
    limits.stop = stop;
    Game at(game.rules(), game.start());
    std::vector<std::optional<Move>> best(total);
    // A position whose one legal move the game played is the value of the position after it, as this
    // review assesses that one (assessed again, a search could differ): filled in from the end.
    std::vector<bool> forced(total, false);
    for (std::size_t ply = 0; ply < total; ++ply) {
        if (ply > 0 && !at.play(game.move(ply))) break;
        if (stop && stop->load(std::memory_order_relaxed)) break;
        if (ply + 1 < total && !at.over() && legal_moves(at.position(), at.rules()).size() == 1 &&
            !proven_assessment(at, settings.tables, settings.book)) {
            forced[ply] = true;
            best[ply] = game.move(ply + 1);
            out.positions.emplace_back();
        } else {
            out.positions.push_back(assess(at, search, settings.tables, settings.book, limits, &best[ply]));
            if (stop && stop->load(std::memory_order_relaxed)) {
                out.positions.pop_back();
                break;
            }
        }
        if (on_position) on_position(ply + 1, total);
    }
    while (!out.positions.empty() && forced[out.positions.size() - 1]) out.positions.pop_back();
    for (std::size_t ply = out.positions.size(); ply-- > 0;)
        if (forced[ply]) {
            Assessment a = flipped(out.positions[ply + 1]);
            if (a.distance) ++*a.distance;
            if (std::abs(a.score) > kMateBound) a.score += a.score > 0 ? -1 : 1;
            out.positions[ply] = a;
        }
    confirm_kept_wins(game, out, settings.tables, settings.book, stop);
    for (std::size_t ply = 0; ply + 1 < out.positions.size(); ++ply)
        out.moves.push_back(judge_move(game, ply, out.positions[ply], out.positions[ply + 1], settings.tables,
                                       settings.book, best[ply]));
    out.complete = out.positions.size() == total;
    return out;
}

// In a game won where the loser stands lost at the end, the loser's move after which its value was lost
// for good: the last of its moves from a position not lost (proven, by the book with no no-progress limit,
// or three men down or a forced loss by the engine's measure) into one that is. Nothing in a drawn or
// unfinished game, nor otherwise.
inline std::optional<std::size_t> decisive_move(const Review& review, Outcome outcome) {
    if (outcome != Outcome::WhiteWins && outcome != Outcome::BlackWins) return std::nullopt;
    const Color loser = outcome == Outcome::WhiteWins ? Color::Black : Color::White;
    const auto lost = [](const Assessment& a) {
        return a.high < 0 || a.unlimited_sign < 0 ||
               (a.measured() && (a.score < -kMateBound || a.score <= -3 * kGroundLost));
    };
    // The loser must stand lost at the end (a flag fallen or a resignation in a fair position has none).
    if (review.moves.empty() || !review.complete) return std::nullopt;
    const MoveReview& last = review.moves.back();
    if (!lost(last.mover == loser ? last.after : flipped(last.after))) return std::nullopt;
    for (std::size_t i = review.moves.size(); i-- > 0;) {
        const MoveReview& m = review.moves[i];
        if (m.mover == loser && !lost(m.before) && lost(m.after)) return i;
    }
    return std::nullopt;
}

// A value in words for its side: "win in 17 plies", "draw", "at least a draw", "loss", "+0.35",
// "a forced win within 5 plies", "lost" (the game is over).
// `brief`, for a screen's line: without what a book's value is with the no-progress rule off (unlimited_words
// says it), and a forced end the search found as "win within 5 plies".
inline std::string value_words(const Assessment& a, bool brief = false) {
    if (a.proven()) {
        if (a.unlimited_sign != 0 && !brief)
            return concat(a.unlimited_sign > 0 ? "at least a draw, a win" : "at most a draw, a loss",
                          " with no no-progress limit");
        if (a.low == 0 && a.high == 1) return "at least a draw";
        if (a.low != a.high) return "at most a draw";
        if (a.distance == 0) return a.low > 0 ? "won" : "lost";  // the game is over
        const std::string what = a.low > 0 ? "win" : a.low < 0 ? "loss" : "draw";
        if (a.low == 0 || !a.distance) return what;
        return concat(what, " in ", *a.distance, *a.distance == 1 ? " ply" : " plies");
    }
    if (std::abs(a.score) > kMateBound)  // the search's line, which the tables may shorten or lengthen
        return concat(brief ? "" : "a forced ", a.score > 0 ? "win within " : "loss within ", kMate - std::abs(a.score),
                      " plies");
    const int s = std::abs(a.score);
    return concat(a.score < 0 ? "-" : "+", s / 100, ".", s % 100 / 10, s % 10);
}

// "win in 17 plies (tables)", "+0.35 (engine)".
inline std::string assessment_words(const Assessment& a, bool brief = false) {
    return concat(value_words(a, brief), " (", to_string(a.origin), ")");
}

// The result words of a value's class: "win", "draw", "loss", "at least a draw".
inline std::string result_class(const Assessment& a) {
    if (a.low == 0 && a.high == 1) return "at least a draw";
    if (a.low == -1 && a.high == 0) return "at most a draw";
    return a.low > 0 ? "a win" : a.low < 0 ? "a loss" : "a draw";
}

// The result words of a value's class with the no-progress rule off: a book's "a win" or "a loss" there.
inline std::string unlimited_class(const Assessment& a) {
    return a.unlimited_sign > 0 ? std::string("a win") : a.unlimited_sign < 0 ? "a loss" : result_class(a);
}

// What the book says of a move's values with the no-progress rule off, where it says more than the
// values do under the rule: "The book, with no no-progress limit: a draw before, a loss after". Empty
// when neither value is such a book value.
inline std::string unlimited_words(const MoveReview& m) {
    if (m.before.unlimited_sign == 0 && m.after.unlimited_sign == 0) return "";
    return concat("The book, with no no-progress limit: ", unlimited_class(m.before), " before, ",
                  unlimited_class(m.after), " after");
}

// What a marked move did, in words: "turned a draw into a loss; c2-c3 held the draw",
// "lost 1.20 by the engine's measure; b2-b3 was better (+0.30)". Empty for an unmarked move.
inline std::string mark_words(const MoveReview& m) {
    if (m.mark == Mark::None) return "";
    if (m.mark == Mark::Turned) {
        // Turned only with the no-progress rule off: the classes there, and said so.
        const bool unlimited = m.before.low <= m.after.high;
        std::string out = unlimited ? concat("turned ", unlimited_class(m.before), " into ", unlimited_class(m.after),
                                             " with no no-progress limit")
                                    : concat("turned ", result_class(m.before), " into ", result_class(m.after));
        if (m.better) {
            const Assessment& b = *m.better_value;
            const std::string kept = b.low > 0    ? "kept the win"
                                     : b.high > 0 ? "held at least the draw"
                                                  : "held the draw";
            out += concat("; ", to_string(*m.better), " ", kept);
        }
        return out;
    }
    // Its value: the engine's; a searched interval's score and what the book proves; a proven draw's source.
    const Assessment& b = *m.better_value;
    Assessment measure = b;
    measure.origin = Origin::Engine;
    const std::string mover(to_string(m.mover));
    const std::string value = !b.proven()  ? concat(value_words(b), " for ", mover)
                              : b.searched ? concat(value_words(measure), " for ", mover, "; the ", to_string(b.origin),
                                                    ": ", value_words(b))
                                           : concat(value_words(b), " for ", mover, ", by the ", to_string(b.origin));
    const std::string instead = concat(to_string(*m.better), " was the engine's choice (", value, ")");
    if (m.before.score > kMateBound) return concat("let a forced win go by the engine's search; ", instead);
    if (m.after.score < -kMateBound) return concat("walked into a forced loss by the engine's search; ", instead);
    const int lost = m.before.score - m.after.score;
    return concat("lost ", lost / 100, ".", lost % 100 / 10, lost % 10, " by the engine's measure; ", instead);
}

// A value as a record's comment keeps it, for White: docs/notation.md.
inline EvalNote eval_note(const Assessment& for_mover, Color side_to_move) {
    const Assessment a = side_to_move == Color::White ? for_mover : flipped(for_mover);
    EvalNote e;
    if (!a.proven()) {
        e.centimen = a.score;
        if (std::abs(a.score) > kMateBound) e.forced = kMate - std::abs(a.score);
        return e;
    }
    e.kind = EvalNote::Kind::Proven;
    e.source = std::string(to_string(a.origin));
    if (a.low == 0 && a.high == 0) e.outcome = Outcome::Draw;
    else if (a.low > 0 || (a.low == 0 && a.high > 0)) e.outcome = Outcome::WhiteWins;
    else e.outcome = Outcome::BlackWins;
    e.at_least = a.low != a.high;
    if (a.low == a.high && a.low != 0) e.distance = a.distance;
    return e;
}

// "12." for White's move of move 12, "12..." for Black's: the move from position `ply`.
inline std::string move_label(const Game& game, std::size_t ply) {
    const Color first = game.start().side_to_move;
    const std::size_t counted = ply + (first == Color::Black ? 1 : 0);
    return concat(counted / 2 + 1, game.position_at(ply).side_to_move == Color::White ? "." : "...");
}

// The mark a move list puts after a move: "??" turned the result, "?" lost ground, "" neither.
inline std::string_view mark_sign(Mark m) {
    switch (m) {
        case Mark::Turned: return "??";
        case Mark::Weakened: return "?";
        case Mark::None: break;
    }
    return "";
}

// A value as a move list shows it, for White: the record's [%eval] form without its source ("+0.35",
// "+#5", "#W17", "#=", "#W=").
inline std::string short_value(const Assessment& for_mover, Color side_to_move) {
    const std::string s = format_eval_note(eval_note(for_mover, side_to_move));
    return s.substr(0, s.find(' '));
}

// One turning point as the lists name it: "2. b3-c3??".
inline std::string turning_point_label(const Game& game, const MoveReview& m) {
    return concat(move_label(game, m.ply), " ", to_string(m.move), mark_sign(m.mark));
}

// The turning points in brief, for a one-line list: "12. c2-c3??, 15... a4-b4?"; "none".
inline std::string turning_points_brief(const Game& game, const Review& review) {
    std::string out;
    for (const std::size_t i : review.turning_points())
        out += concat(out.empty() ? "" : ", ", turning_point_label(game, review.moves[i]));
    return out.empty() ? "none" : out;
}

// A review in one line, for a screen's message: "decisive 2. b3-c3 (b3-b1 instead); turning points 2.
// b3-c3??" (the decisive move in a game won on the board).
inline std::string review_brief(const Game& game, const Review& review) {
    std::string decisive;
    if (const auto d = decisive_move(review, game.result().outcome)) {
        const MoveReview& m = review.moves[*d];
        decisive = concat("decisive ", move_label(game, m.ply), " ", to_string(m.move),
                          m.better ? concat(" (", to_string(*m.better), " instead)") : "", "; ");
    }
    return concat(decisive, "turning points ", turning_points_brief(game, review));
}

// The review's head, as `fetaix review` and the screen-reader mode say it: the start's value, the
// decisive move, the turning points with what each did.
inline std::vector<std::string> review_head(const Game& game, const Review& review) {
    std::vector<std::string> out;
    out.push_back("Values are for the side that moves: before the move -> after it.");
    if (!review.positions.empty())
        out.push_back(concat("Start: ", to_string(game.start().side_to_move), " to move, ",
                             assessment_words(review.positions.front())));
    if (const auto d = decisive_move(review, game.result().outcome)) {
        const MoveReview& m = review.moves[*d];
        out.push_back(concat("Decisive: ", move_label(game, m.ply), " ", to_string(m.move), ", after which ",
                             to_string(m.mover), " was lost",
                             m.after.high < 0             ? ""
                             : m.after.unlimited_sign < 0 ? " with no no-progress limit"
                                                          : " by the engine's measure",
                             m.better ? concat(" (", to_string(*m.better), " instead)") : ""));
    }
    const std::vector<std::size_t> turning = review.turning_points();
    out.push_back(turning.empty() ? "Turning points: none (no move changed the result or lost a man's worth)"
                                  : "Turning points:");
    for (const std::size_t i : turning) {
        const MoveReview& m = review.moves[i];
        out.push_back(concat("  ", move_label(game, m.ply), " ", to_string(m.move), ": ", mark_words(m)));
    }
    return out;
}

// One move's line: "12. c2-c3: draw (tables) -> loss in 9 plies (tables)  [turned]".
inline std::string review_move_line(const Game& game, const MoveReview& m) {
    return concat(move_label(game, m.ply), " ", to_string(m.move), ": ", assessment_words(m.before), " -> ",
                  assessment_words(m.after),
                  m.mark == Mark::Turned     ? "  [turned]"
                  : m.mark == Mark::Weakened ? "  [lost ground]"
                                             : "");
}

}  // namespace fetaix::engine
