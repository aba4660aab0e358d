#pragma once
// The search: negamax alpha-beta with iterative deepening, a transposition table keyed by Zobrist
// hashes, move ordering (hash move, capture size, killers, history), a quiescence search that plays out
// pending captures, and repetition and no-progress awareness. Limits by depth, nodes and time; a stop
// flag the caller owns, set from another thread, ends it at once with the best move found so far.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "../movegen.hpp"
#include "../position.hpp"
#include "../rules.hpp"
#include "../solve/book.hpp"
#include "evaluate.hpp"
#include "tables.hpp"

namespace fetaix::engine {

inline constexpr int kMate = 30000;
inline constexpr int kMateBound = kMate - 1000;  // scores beyond this are mates
inline constexpr int kMaxPly = 128;

struct Limits {
    int depth = 64;
    std::uint64_t nodes = std::numeric_limits<std::uint64_t>::max();
    int time_ms = -1;  // none
    // Set from another thread to end this run at once. The caller owns it and clears it before the run
    // starts: a stop set before the search begins is never lost, and one left from an earlier run never
    // ends a later run that was given a fresh flag.
    const std::atomic<bool>* stop = nullptr;
};

// What the game so far says about repetitions and the no-progress count.
struct History {
    std::vector<std::uint64_t> keys;  // positions since the last irreversible move, oldest first
    int quiet_plies = 0;              // plies since the last capture or man's move (no-progress)
};

struct DepthReport {
    int depth = 0;
    int score = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<Move> pv;
};

struct Result {
    bool has_move = false;
    Move best{};
    int score = 0;
    int depth = 0;  // the last depth completed
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<Move> pv;
    // The tables' value of the root, when the move was theirs (played without a search).
    std::optional<tablebase::Value> table;
    // The root's value from the book of proven positions, when it has it: the move was the book's
    // (win, draw, or a hold that no forced win found by the search overrides), or every move loses (loss).
    std::optional<book::Value> proven;
    // Why endgame tables that are there were not used (Tables::take_problem), when think() found out.
    std::string tables_problem;
};

class Search {
public:
    explicit Search(std::size_t table_entries = 1u << 20)
        : table_(std::bit_ceil(std::max<std::size_t>(table_entries, 1024))) {}

    void set_weights(const Weights& w) { weights_ = w; }
    // Noise of up to +-`amplitude` added to each evaluation, the same for a given seed and position:
    // weaker levels choose among near-equal moves, yet stay reproducible.
    void set_noise(int amplitude, std::uint64_t seed) {
        noise_ = amplitude;
        seed_ = seed;
    }
    void clear() { std::fill(table_.begin(), table_.end(), Entry{}); }
    // Endgame tables to probe (nothing: none). A position they hold is scored from them, not searched;
    // a root they hold, with every move's material, is answered with their move.
    void set_tables(Tables* tables) { tables_ = tables; }
    // The proven positions to play from (nothing: none; a book for other rules is not used): a root it
    // holds is answered with its move, a move into a position it has won for the opponent is not
    // searched while another is left.
    void set_book(const book::Book* book) { book_ = book; }

    Result run(const Position& root, const Rules& rules, const History& history, const Limits& limits,
               const std::function<void(const DepthReport&)>& on_depth = {}) {
        start_ = std::chrono::steady_clock::now();
        rules_ = rules;
        limits_ = limits;
        nodes_ = 0;
        path_ = history.keys;
        root_index_ = path_.size();
        killers_ = {};
        for (auto& row : history_table_) row.fill(0);
        Result result;
        MoveList root_moves;
        generate_legal_moves(root, rules, root_moves);
        if (root_moves.empty()) return result;
        // A move is always at hand, even if the clock runs out during the first iteration.
        result.has_move = true;
        result.best = root_moves[0];
        table_pieces_ = tables_ ? tables_->pieces(rules) : 0;
        if (tables_)
            if (const auto choice = table_move(*tables_, rules, root);
                choice && holds(choice->value, rules, history.quiet_plies) &&
                !repeats_thrice(root.after(choice->move), history)) {
                result.best = choice->move;
                result.score = table_score(choice->value, 0);
                result.pv = {choice->move};
                result.table = choice->value;
                result.seconds = elapsed();
                return result;
            }
        root_excluded_.clear();
        // A move the book says does not lose: played unless the search finds a forced win.
        std::optional<Move> hold;
        if (book_ && book_->applies(rules)) {
            if (const auto choice = book_move(root, root_moves, history);
                choice && choice->second != book::Value::Holds) {
                result.best = choice->first;
                result.pv = {choice->first};
                result.proven = choice->second;
                result.score = choice->second == book::Value::Win ? kMate - 1 : 0;
                result.seconds = elapsed();
                return result;
            } else if (choice) {
                hold = choice->first;
            }
            // The moves into a proven loss are left out while another is left; with none left, the
            // root is lost and every move is searched for the longest defence.
            for (const Move& m : root_moves)
                if (const auto e = book_->find(root.after(m)); e && e->value == book::Value::Win)
                    root_excluded_.push_back(m);
            const bool all_lose = root_excluded_.size() == root_moves.size();
            if (all_lose) root_excluded_.clear();
            if (const auto e = book_->find(root); all_lose || (e && e->value == book::Value::Loss))
                result.proven = book::Value::Loss;
            for (const Move& m : root_moves)
                if (std::find(root_excluded_.begin(), root_excluded_.end(), m) == root_excluded_.end()) {
                    result.best = m;  // at hand if the clock runs out at once
                    break;
                }
            if (hold) {
                result.best = *hold;
                result.proven = book::Value::Holds;  // what is proven, should no search follow
            }
        }
        if (root_moves.size() == 1 && limits.time_ms >= 0) {
            result.pv = {root_moves[0]};
            return result;
        }
        // A stop that came before the search began: answer with that move, searching nothing.
        if (limits.stop && limits.stop->load(std::memory_order_relaxed)) return result;
        stopped_ = false;
        root_best_.reset();
        for (int depth = 1; depth <= std::min(limits.depth, kMaxPly - 1); ++depth) {
            const int score = negamax(root, depth, -kMate, kMate, 0, history.quiet_plies,
                                      static_cast<int>(history.keys.size()));
            if (stopped_) {
                // A partly searched iteration still improves on the last one if its first move was searched.
                if (pv_length_[0] > 0 && root_best_changed_) result.best = pv_[0][0];
                break;
            }
            result.best = pv_[0][0];
            // Searched first next time, whatever the table has kept: a cut-short iteration then
            // always has the last best move to fall back on.
            root_best_ = result.best;
            result.score = score;
            result.depth = depth;
            result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
            if (on_depth) on_depth(DepthReport{depth, score, nodes_, elapsed(), result.pv});
            if (std::abs(score) > kMateBound) break;                                    // a forced result is found
            if (limits.time_ms >= 0 && elapsed() * 1000 > limits.time_ms * 0.5) break;  // the next would not finish
        }
        if (hold && result.score <= kMateBound) {
            result.best = *hold;
            result.pv = {*hold};
            result.score = std::max(result.score, 0);
        } else if (hold) {
            result.proven.reset();  // the search's forced win says more than the hold
        }
        result.nodes = nodes_;
        result.seconds = elapsed();
        return result;
    }

private:
    enum Bound : std::uint8_t { kNone, kExact, kLower, kUpper };
    struct Entry {
        std::uint64_t key = 0;
        Move move{};
        std::int16_t score = 0;
        std::int8_t depth = -128;
        Bound bound = kNone;
    };

    // The book's move at root: its own win or draw, else a move into a position lost for the
    // opponent, else its own hold; never one that makes a third occurrence.
    std::optional<std::pair<Move, book::Value>> book_move(const Position& root, const MoveList& moves,
                                                          const History& history) const {
        const auto own = book_->find(root);
        const bool playable = own && own->move && !repeats_thrice(root.after(*own->move), history);
        if (playable && own->value != book::Value::Holds) return std::pair{*own->move, own->value};
        for (const Move& m : moves)
            if (const auto e = book_->find(root.after(m));
                e && e->value == book::Value::Loss && !repeats_thrice(root.after(m), history))
                return std::pair{m, book::Value::Win};
        if (playable) return std::pair{*own->move, own->value};
        return std::nullopt;
    }

    double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

    bool out_of_budget() {
        if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
        if (nodes_ >= limits_.nodes) return true;
        return limits_.time_ms >= 0 && elapsed() * 1000 >= limits_.time_ms;
    }

    int evaluate_here(const Position& pos, std::uint64_t key) const {
        int score = evaluate(pos, weights_);
        if (noise_ > 0) {
            std::uint64_t z = key ^ seed_;
            z = (z ^ (z >> 31)) * 0x9e3779b97f4a7c15ull;
            score += static_cast<int>((z >> 33) % static_cast<std::uint64_t>(2 * noise_ + 1)) - noise_;
        }
        return score;
    }

    // Whether reaching p would make its third occurrence in the game (a draw the tables do not see).
    static bool repeats_thrice(const Position& p, const History& history) {
        return std::count(history.keys.begin(), history.keys.end(), hash(p)) >= 2;
    }

    // Mate scores are stored relative to the node, so they stay right when met at another ply.
    static int to_table(int score, int ply) {
        return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score;
    }
    // A table's win or loss in D plies as a mate D plies from this node: the shortest win and the
    // longest defence score best, as mates found by the search do.
    static int table_score(const tablebase::Value& v, int ply) {
        if (v.verdict == tablebase::Verdict::Draw) return 0;
        return v.verdict == tablebase::Verdict::Win ? kMate - ply - v.distance : -kMate + ply + v.distance;
    }
    static int from_table(int score, int ply) {
        return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score;
    }

    int negamax(const Position& pos, int depth, int alpha, int beta, int ply, int quiet, int reversible) {
        pv_length_[ply] = 0;
        if ((++nodes_ & 1023) == 0 && out_of_budget()) stopped_ = true;
        if (stopped_) return 0;
        if (ply == 0) root_best_changed_ = false;
        const std::uint64_t key = hash(pos);
        if (ply > 0) {
            // A position met again within the searched line is a draw for the search's purposes (the
            // line can repeat it once more); one from the game before the root only at its third
            // occurrence, as the rules say, or a win through a position seen once would look drawn.
            const int window = std::min<int>(reversible, static_cast<int>(path_.size()));
            int before_root = 0;
            for (int i = 2; i <= window; i += 2) {
                const std::size_t at = path_.size() - static_cast<std::size_t>(i);
                if (path_[at] == key && (at >= root_index_ || ++before_root == 2)) return 0;
            }
            // A position the tables hold is scored from them, when their value holds at this count.
            if (popcount(pos.occupied()) <= table_pieces_)
                if (const auto v = probe(*tables_, rules_, pos); v && holds(*v, rules_, quiet))
                    return table_score(*v, ply);
            if (rules_.no_progress > 0 && quiet >= rules_.no_progress) return 0;
        }
        MoveList moves;
        generate_legal_moves(pos, rules_, moves);
        if (moves.empty()) return -kMate + ply;
        const bool capture = moves[0].is_capture();
        // Quiescence: below the horizon only pending captures are played out.
        if (depth <= 0 && !capture) return evaluate_here(pos, key);
        if (ply >= kMaxPly - 1) return evaluate_here(pos, key);

        Entry& entry = table_[key & (table_.size() - 1)];
        const Move* hash_move = ply == 0 && root_best_ ? &*root_best_ : nullptr;
        if (entry.key == key && entry.bound != kNone) {
            if (!hash_move) hash_move = &entry.move;
            if (ply > 0 && entry.depth >= depth) {
                const int s = from_table(entry.score, ply);
                if (entry.bound == kExact || (entry.bound == kLower && s >= beta) ||
                    (entry.bound == kUpper && s <= alpha))
                    return s;
            }
        }
        order(moves, hash_move, ply);

        const int original_alpha = alpha;
        int best = -kMate;
        Move best_move = moves[0];
        path_.push_back(key);
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move& m = moves[i];
            if (ply == 0 && std::find(root_excluded_.begin(), root_excluded_.end(), m) != root_excluded_.end())
                continue;
            const int score = -negamax(pos.after(m), depth - 1, -beta, -alpha, ply + 1,
                                       is_progress(pos, m) ? 0 : quiet + 1,
                                       is_irreversible(pos, m) ? 0 : reversible + 1);
            if (stopped_) break;
            if (score > best) {
                best = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    pv_[ply][0] = m;
                    for (int k = 0; k < pv_length_[ply + 1]; ++k) pv_[ply][k + 1] = pv_[ply + 1][k];
                    pv_length_[ply] = pv_length_[ply + 1] + 1;
                    if (ply == 0) root_best_changed_ = true;
                }
            }
            if (alpha >= beta) {
                if (!m.is_capture()) {
                    if (!(killers_[ply][0] == m)) {
                        killers_[ply][1] = killers_[ply][0];
                        killers_[ply][0] = m;
                    }
                    history_table_[m.from.index][m.to().index] += depth * depth;
                }
                break;
            }
        }
        path_.pop_back();
        if (stopped_) return 0;
        const Bound bound = best <= original_alpha ? kUpper : best >= beta ? kLower : kExact;
        if (entry.key != key || depth >= entry.depth || bound == kExact)
            entry = Entry{key, best_move, static_cast<std::int16_t>(to_table(best, ply)),
                          static_cast<std::int8_t>(std::clamp(depth, -100, 100)), bound};
        return best;
    }

    // Hash move first, then bigger captures, killers, and moves that cut off often before. An insertion
    // sort: lists are short, and it needs no allocation.
    void order(MoveList& moves, const Move* hash_move, int ply) const {
        const std::size_t n = std::min(moves.size(), kInlineMoves);
        if (n < 2) return;
        std::array<int, kInlineMoves> keys;
        for (std::size_t i = 0; i < n; ++i) {
            const Move& m = moves[i];
            if (hash_move && m == *hash_move) keys[i] = 1 << 30;
            else if (m.is_capture()) keys[i] = (1 << 20) + 1000 * m.capture_count();
            else if (m == killers_[ply][0]) keys[i] = 1 << 19;
            else if (m == killers_[ply][1]) keys[i] = 1 << 18;
            else keys[i] = history_table_[m.from.index][m.to().index];
        }
        for (std::size_t i = 1; i < n; ++i) {
            const int k = keys[i];
            const Move m = moves[i];
            std::size_t j = i;
            for (; j > 0 && keys[j - 1] < k; --j) {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
            }
            keys[j] = k;
            moves[j] = m;
        }
    }

    std::vector<Entry> table_;
    Tables* tables_ = nullptr;
    const book::Book* book_ = nullptr;
    std::vector<Move> root_excluded_;  // moves into positions the book has won for the opponent
    int table_pieces_ = 0;             // positions of at most this many pieces are probed (0: none)
    Weights weights_;
    Rules rules_;
    Limits limits_;
    int noise_ = 0;
    std::uint64_t seed_ = 0;
    bool stopped_ = false;
    bool root_best_changed_ = false;
    std::optional<Move> root_best_;
    std::uint64_t nodes_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::vector<std::uint64_t> path_;
    std::size_t root_index_ = 0;  // where the searched line starts in path_, after the game's history
    std::array<std::array<Move, 2>, kMaxPly> killers_{};
    std::array<std::array<int, kPointCount>, kPointCount> history_table_{};
    std::array<std::array<Move, kMaxPly>, kMaxPly> pv_{};
    std::array<int, kMaxPly> pv_length_{};
};

}  // namespace fetaix::engine
