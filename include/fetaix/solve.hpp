#pragma once
// Proving positions won, drawn or lost (issue 15 item 8): depth-first proof-number search (df-pn) over a
// transposition table, one search per side asking "can this side force a win?" (the attacker), with
// leaves at the ends of the game and in the endgame tables.
//
// What is proven (docs/solution.md): the value with the no-progress rule off, as the tables have it,
// and with threefold repetition a draw. In the search a position that stands on the path already is a
// draw (not a win for the attacker). That is exact for threefold repetition: a side that can force a
// win can force it without any position recurring (play that always lowers the distance to the win),
// and a side that can keep play inside a closed set of positions forever draws, since some position
// then comes a third time. Wins never rest on a repetition, so a proven entry holds whatever the path
// to it. A disproof that rests on a repetition of the path holds only for that path (the
// graph-history interaction problem); it is stored marked path-dependent and used again elsewhere, which
// can make the search miss a win and call a position drawn. So no value is taken from the search
// alone: solve() extracts the proof of every value it finds and re-checks it with proof::verify (the
// rules core only: a win a strategy with no position twice on a line, a draw two closed strategies
// that hold); a value whose proof does not check is reported unknown.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "fen.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "rules.hpp"
#include "tablebase.hpp"

namespace fetaix::solve {

// Proof and disproof numbers: 0 proven, kInf impossible.
inline constexpr std::uint32_t kInf = 1u << 30;
// Deeper paths than this end the search (a frame each on the stack).
inline constexpr int kMaxDepth = 20000;

// What a position is for the attacker without searching it.
enum class Leaf : std::uint8_t { None, Win, NotWin };

// A side with no pieces or no legal move on its turn has lost (rules: end of the game); a position of
// a material the tables hold has their value (no-progress off, endless play a draw).
inline Leaf leaf_of(const Position& p, Color attacker, const Rules& rules, const tablebase::Set* tables,
                    int table_pieces) {
    const auto lost = [&](bool side_to_move_lost) {
        return side_to_move_lost == (p.side_to_move != attacker) ? Leaf::Win : Leaf::NotWin;
    };
    if (!p.us()) return lost(true);
    if (tables && popcount(p.occupied()) <= table_pieces)
        if (const auto v = tables->probe(p)) {
            if (v->verdict == tablebase::Verdict::Draw) return Leaf::NotWin;
            return lost(v->verdict == tablebase::Verdict::Loss);
        }
    if (!has_legal_move(p, rules)) return lost(true);
    return Leaf::None;
}

// The most pieces of the materials in `tables` (0 for none).
inline int most_pieces(const tablebase::Set* tables) {
    int n = 0;
    if (tables)
        for (const tablebase::Table& t : tables->tables()) n = std::max(n, t.material.pieces());
    return n;
}

// The table's key of p in the search for `attacker`: the two searches share one table.
inline std::uint64_t key_of(const Position& p, Color attacker) {
    return hash(p) ^ (attacker == Color::Black ? 0x9e3779b97f4a7c15ull : 0);
}

// One transposition-table entry: 24 bytes.
struct Entry {
    std::uint64_t key = 0;
    std::uint32_t pn = 0, dn = 0;
    std::uint32_t work = 0;  // nodes spent below it (saturating): the more work, the longer it is kept
    std::uint8_t flags = 0;  // kUsed, kPathDependent
    std::uint8_t height[3]{};  // of a proven entry: a line of its proof is this long at most (saturating)
};
inline constexpr std::uint32_t kMaxHeight = (1u << 24) - 1;
inline std::uint32_t height_of(const Entry& e) { return e.height[0] | e.height[1] << 8 | std::uint32_t{e.height[2]} << 16; }
inline void set_height(Entry& e, std::uint32_t h) {
    h = std::min(h, kMaxHeight);
    e.height[0] = h & 0xff;
    e.height[1] = (h >> 8) & 0xff;
    e.height[2] = static_cast<std::uint8_t>(h >> 16);
}
inline constexpr std::uint8_t kUsed = 1, kPathDependent = 2;
static_assert(sizeof(Entry) == 24);

// Buckets of two entries; a solved entry is kept over an unsolved one, then the one with more work.
class Table {
public:
    explicit Table(std::size_t bytes) {
        std::size_t n = 2;
        while (n * 2 * sizeof(Entry) <= bytes) n *= 2;
        slots_.assign(n, Entry{});
    }
    std::size_t size() const { return slots_.size(); }
    std::size_t bytes() const { return slots_.size() * sizeof(Entry); }
    const std::vector<Entry>& slots() const { return slots_; }
    // Forgets every disproof that held on one path only.
    void drop_path_dependent() {
        for (Entry& e : slots_)
            if (e.flags & kPathDependent) e = Entry{};
    }

    const Entry* find(std::uint64_t key) const {
        const std::size_t i = (key & (slots_.size() - 1)) & ~std::size_t{1};
        for (std::size_t j = i; j < i + 2; ++j)
            if ((slots_[j].flags & kUsed) && slots_[j].key == key) return &slots_[j];
        return nullptr;
    }
    void store(const Entry& e) {
        const std::size_t i = (e.key & (slots_.size() - 1)) & ~std::size_t{1};
        Entry* victim = nullptr;
        for (std::size_t j = i; j < i + 2; ++j)
            if (!(slots_[j].flags & kUsed) || slots_[j].key == e.key) {
                victim = &slots_[j];
                break;
            }
        if (!victim) {
            const auto rank = [](const Entry& x) {
                const bool solved = (x.pn == 0 || x.dn == 0) && !(x.flags & kPathDependent);
                return (std::uint64_t{solved} << 32) | x.work;
            };
            victim = rank(slots_[i]) <= rank(slots_[i + 1]) ? &slots_[i] : &slots_[i + 1];
            if (rank(*victim) > rank(e)) return;  // both kept entries are worth more
        }
        *victim = e;
        victim->flags |= kUsed;
    }

private:
    std::vector<Entry> slots_;
};

// How far a search went: nodes expanded, nodes stored proven and disproven.
struct Stats {
    std::uint64_t nodes = 0, proven = 0, disproven = 0;
};

// A search's answer at the root: pn 0 proven, dn 0 disproven, else stopped with these bounds.
struct Bounds {
    std::uint32_t pn = 1, dn = 1;
    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
};

class Solver {
public:
    // `poll` is called every 1024 nodes with the stats; returning true stops the search.
    Solver(const Rules& rules, const tablebase::Set* tables, std::size_t table_bytes)
        : rules_(rules), tables_(tables), table_pieces_(most_pieces(tables)), tt_(table_bytes) {}

    std::function<bool(const Stats&)> poll;
    // Whether a disproof that held on one path is taken as one on another: fast, but it can miss a win
    // (the search then finds a draw whose proof does not check). Off, such disproofs are searched
    // again on each path: exact, and slow where play goes round.
    bool reuse_path_dependent = true;

    Table& table() { return tt_; }
    const Table& table() const { return tt_; }
    Stats& stats() { return stats_; }
    bool stopped() const { return stopped_; }
    bool too_deep() const { return too_deep_; }
    const Rules& rules() const { return rules_; }
    const tablebase::Set* tables() const { return tables_; }

    Leaf leaf(const Position& p, Color attacker) const { return leaf_of(p, attacker, rules_, tables_, table_pieces_); }

    // Can `attacker` force a win from root? Runs until it is proven or disproven or poll stops it.
    // `line`: positions before root that count as repetitions (a draw).
    Bounds prove(const Position& root, Color attacker, const std::vector<Position>& line = {}) {
        stopped_ = false;
        path_ = line;
        const Leaf l = leaf(root, attacker);
        if (l == Leaf::Win) return {0, kInf};
        if (l == Leaf::NotWin) return {kInf, 0};
        const Result r = mid(root, kInf, kInf, attacker, 0);
        return {r.pn, r.dn};
    }

    // The entry of p in the search for attacker, if the table holds it.
    const Entry* entry(const Position& p, Color attacker) const { return tt_.find(key_of(p, attacker)); }

private:
    struct Child {
        Position pos;
        std::uint64_t key;
        std::uint32_t pn, dn;
        bool fixed;     // a leaf or a repetition: its numbers never change
        bool path_dep;  // disproven through a repetition of the path
        std::uint32_t height;  // proven: the longest line of its proof
    };
    struct Result {
        std::uint32_t pn, dn;
        bool path_dep;
        std::uint32_t height;
    };

    static std::uint32_t add(std::uint32_t a, std::uint32_t b) {
        if (a >= kInf || b >= kInf) return kInf;
        return std::min<std::uint32_t>(a + b, kInf - 1);
    }

    bool on_path(const Position& q) const {
        for (const Position& p : path_)
            if (p == q) return true;
        return false;
    }

    void read_children(const Position& p, Color attacker, std::vector<Child>& children) {
        children.clear();
        MoveList moves;
        generate_legal_moves(p, rules_, moves);
        for (const Move& m : moves) {
            const Position q = p.after(m);
            children.push_back(Child{q, key_of(q, attacker), 1, 1, false, false, 0});
        }
        // Two capture sequences can end in the same position: count it once.
        std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) { return a.key < b.key; });
        children.erase(std::unique(children.begin(), children.end(), [](const Child& a, const Child& b) { return a.pos == b.pos; }),
                       children.end());
        for (Child& c : children) {
            if (on_path(c.pos)) {
                c = Child{c.pos, c.key, kInf, 0, true, true, 0};
                continue;
            }
            const Leaf l = leaf(c.pos, attacker);
            if (l != Leaf::None) {
                c.pn = l == Leaf::Win ? 0 : kInf;
                c.dn = l == Leaf::Win ? kInf : 0;
                c.fixed = true;
                continue;
            }
            if (const Entry* e = tt_.find(c.key); e && (reuse_path_dependent || !(e->flags & kPathDependent))) {
                c.pn = e->pn;
                c.dn = e->dn;
                c.path_dep = (e->flags & kPathDependent) != 0;
                c.height = height_of(*e);
            }
        }
    }

    Result mid(const Position& p, std::uint32_t thpn, std::uint32_t thdn, Color attacker, int depth) {
        const std::uint64_t key = key_of(p, attacker);
        if (const Entry* e = tt_.find(key); e && (e->pn == 0 || e->dn == 0) && (reuse_path_dependent || !(e->flags & kPathDependent)))
            return {e->pn, e->dn, (e->flags & kPathDependent) != 0, height_of(*e)};
        if (++stats_.nodes % 1024 == 0 && poll && poll(stats_)) stopped_ = true;
        if (depth >= kMaxDepth) stopped_ = too_deep_ = true;
        const std::uint64_t nodes_before = stats_.nodes;
        if (frames_.size() <= static_cast<std::size_t>(depth)) frames_.resize(depth + 1);
        std::vector<Child>& children = frames_[depth];
        read_children(p, attacker, children);
        const bool or_node = p.side_to_move == attacker;
        path_.push_back(p);
        std::uint32_t pn = 0, dn = 0;
        for (;;) {
            // OR node: proven by one child, disproven by all; an AND node the other way round.
            std::uint32_t best_value = kInf + 1, second = kInf;
            std::size_t best = 0;
            pn = or_node ? kInf : 0;
            dn = or_node ? 0 : kInf;
            for (std::size_t i = 0; i < children.size(); ++i) {
                const Child& c = children[i];
                if (or_node) {
                    pn = std::min(pn, c.pn);
                    dn = add(dn, c.dn);
                } else {
                    pn = add(pn, c.pn);
                    dn = std::min(dn, c.dn);
                }
                const std::uint32_t v = or_node ? c.pn : c.dn;
                if (c.fixed || (or_node ? c.dn == 0 : c.pn == 0)) continue;  // nothing to search there
                if (v < best_value) {
                    second = std::min(second, best_value);
                    best_value = v;
                    best = i;
                } else if (v < second) {
                    second = v;
                }
            }
            if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || stopped_ || best_value > kInf) break;
            Child& c = children[best];
            // The 1 + epsilon trick: stay in a child a little past the point where its sibling is as good.
            const std::uint64_t widened = std::uint64_t{second} + 1 + second / 4;
            std::uint32_t child_pn, child_dn;
            if (or_node) {
                child_pn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thpn, widened));
                child_dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, std::uint64_t{thdn} - dn + c.dn));
            } else {
                child_dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thdn, widened));
                child_pn = static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, std::uint64_t{thpn} - pn + c.pn));
            }
            const Result r = mid(c.pos, child_pn, child_dn, attacker, depth + 1);
            Child& back = children[best];
            back.pn = r.pn;
            back.dn = r.dn;
            back.path_dep = r.dn == 0 && r.path_dep;
            back.height = r.height;
        }
        path_.pop_back();
        const std::vector<Child>& done = frames_[depth];
        bool path_dep = false;
        if (dn == 0) {
            // Disproven through the path when one child's disproof needed it (OR) or every one did (AND).
            if (or_node) {
                path_dep = std::any_of(done.begin(), done.end(), [](const Child& c) { return c.path_dep; });
            } else {
                path_dep = std::none_of(done.begin(), done.end(), [](const Child& c) { return c.dn == 0 && !c.path_dep; });
            }
        }
        // A proof's height: one more than the child it goes to (OR) or the highest child (AND). The
        // extraction goes to lower heights only, so it cannot go round in a circle.
        std::uint32_t height = 0;
        if (pn == 0) {
            height = or_node ? kMaxHeight : 0;
            for (const Child& c : done)
                if (c.pn == 0) height = or_node ? std::min(height, c.height) : std::max(height, c.height);
            height = std::min(height + 1, kMaxHeight);
        }
        Entry e;
        e.key = key;
        set_height(e, height);
        e.pn = pn;
        e.dn = dn;
        const std::uint64_t work = stats_.nodes - nodes_before + 1;
        if (const Entry* old = tt_.find(key)) e.work = old->work;
        e.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(0xffffffffu, std::uint64_t{e.work} + work));
        e.flags = path_dep ? kPathDependent : 0;
        tt_.store(e);
        if (pn == 0) ++stats_.proven;
        if (dn == 0) ++stats_.disproven;
        return {pn, dn, path_dep, height};
    }

    Rules rules_;
    const tablebase::Set* tables_;
    int table_pieces_;
    Table tt_;
    Stats stats_;
    bool stopped_ = false, too_deep_ = false;
    std::vector<Position> path_;
    std::deque<std::vector<Child>> frames_;  // a deque: a frame stays put while deeper ones are added
};

}  // namespace fetaix::solve

#include "proof.hpp"

namespace fetaix::solve {

// Reads a strategy for `side` out of the solver's table after its search: for a win, at each of the
// side's nodes a move to a proven position (searched again when the table lost it), at the other
// side's every move; for a hold, at the side's nodes a move to a disproven position (or one already
// taken in), at the other side's every move. Nothing, with the reason, when the table does not give one.
class Extractor {
public:
    Extractor(Solver& solver, Color side, bool wins) : solver_(solver), side_(side), wins_(wins), attacker_(wins ? side : opponent(side)) {}

    std::optional<std::string> run(const Position& root) {
        if (auto bad = visit(root, 0)) return bad;
        std::unordered_map<Position, bool, proof::detail::PositionHash> written;
        emit(root, written);
        return std::nullopt;
    }
    proof::Strategy strategy() const { return {side_, wins_, nodes_}; }

private:
    enum : std::uint8_t { kOpen = 1, kDone = 2 };
    using Next = std::vector<std::pair<Position, std::string>>;

    // Is q, for the attacker, proven (a win) or disproven (not a win) by a leaf or the table?
    bool solved(const Position& q, bool want_proven) const {
        const Leaf l = solver_.leaf(q, attacker_);
        if (l != Leaf::None) return (l == Leaf::Win) == want_proven;
        const Entry* e = solver_.entry(q, attacker_);
        if (!e) return false;
        if (want_proven) return e->pn == 0;
        return e->dn == 0;  // a path-dependent disproof too: the whole strategy is checked at the end
    }

    // Takes p into the strategy, or says why it cannot be on this line. A branch that fails is undone
    // (every node taken in since, back to the trail's mark) and the side's next move tried: an entry
    // the table lost, a height that no longer falls, or a disproof that held only on the search's own
    // path is searched again on this line rather than ending the extraction.
    std::optional<std::string> visit(const Position& p, int depth) {
        if (const Leaf l = solver_.leaf(p, attacker_); l != Leaf::None) {
            if ((l == Leaf::Win) == wins_) return std::nullopt;
            return concat(to_fen(p), ": an end ", wins_ ? "that is no win" : "that is lost");
        }
        if (depth > kMaxDepth) return std::string("the strategy is too deep to extract");
        if (const auto it = state_.find(p); it != state_.end()) {
            if (it->second == kDone || !wins_) return std::nullopt;  // a hold may go round: a repetition
            return concat(to_fen(p), " recurs on a line of the win");
        }
        state_[p] = kOpen;
        trail_.push_back(p);
        MoveList moves;
        generate_legal_moves(p, solver_.rules(), moves);
        Next next;
        for (const Move& m : moves) next.emplace_back(p.after(m), to_string(m));
        line_.push_back(p);
        std::optional<std::string> bad;
        if (p.side_to_move == side_) {
            // The table's moves first; then, if none leads to a strategy, each move searched again from
            // this line (the table lost the entries under p, or they held on another path only): first
            // as the search ran, then exactly (no disproof taken from another path).
            std::vector<bool> tried(next.size(), false);
            const auto take = [&](std::size_t i) {
                const std::size_t mark = trail_.size();
                bad = visit(next[i].first, depth + 1);
                if (!bad) {
                    choice_[p] = next[i].second;
                    return true;
                }
                undo_to(mark);
                tried[i] = true;
                return false;
            };
            bool found = false;
            while (!found && !solver_.stopped())
                if (const auto i = pick(next, tried)) found = take(*i);
                else break;
            const bool reuse = solver_.reuse_path_dependent;
            for (int round = 0; round < 2 && !found && !solver_.stopped(); ++round) {
                solver_.reuse_path_dependent = round == 0 && reuse;
                if (round == 1 && !reuse) break;  // the first round was exact already
                for (std::size_t i = 0; i < next.size() && !found && !solver_.stopped(); ++i) {
                    if (solver_.leaf(next[i].first, attacker_) != Leaf::None) continue;
                    if (const auto it = state_.find(next[i].first); wins_ && it != state_.end() && it->second == kOpen) continue;
                    (void)solver_.prove(next[i].first, attacker_, line_);
                    if (!solver_.stopped() && solved(next[i].first, wins_)) found = take(i);
                }
            }
            solver_.reuse_path_dependent = reuse;
            if (!found) {
                line_.pop_back();
                if (solver_.stopped()) return std::string("stopped while searching a node again");
                return concat(to_fen(p), ": no ", wins_ ? "proven" : "disproven", " move found", bad ? concat(" (", *bad, ")") : std::string());
            }
        } else {
            for (const auto& [q, text] : next)
                if ((bad = visit(q, depth + 1))) {
                    line_.pop_back();
                    return bad;
                }
        }
        line_.pop_back();
        state_[p] = kDone;
        return std::nullopt;
    }

    void undo_to(std::size_t mark) {
        for (; trail_.size() > mark; trail_.pop_back()) {
            state_.erase(trail_.back());
            choice_.erase(trail_.back());
        }
    }

    // The side's next move to try: a leaf first, then a node already taken in (for a hold), then a
    // solved entry (for a win, the lowest proof: the heights fall along the line).
    std::optional<std::size_t> pick(const Next& next, const std::vector<bool>& tried) const {
        for (std::size_t i = 0; i < next.size(); ++i)
            if (!tried[i] && solver_.leaf(next[i].first, attacker_) == (wins_ ? Leaf::Win : Leaf::NotWin)) return i;
        if (!wins_) {
            // A disproof that held on every path first, then a node taken in, then one that held on a path.
            for (std::size_t i = 0; i < next.size(); ++i)
                if (const Entry* e = solver_.entry(next[i].first, attacker_); !tried[i] && e && e->dn == 0 && !(e->flags & kPathDependent))
                    return i;
            for (std::size_t i = 0; i < next.size(); ++i)
                if (!tried[i] && state_.count(next[i].first)) return i;
        }
        std::optional<std::size_t> best;
        std::uint32_t lowest = kMaxHeight + 1;
        for (std::size_t i = 0; i < next.size(); ++i) {
            if (tried[i]) continue;
            if (const auto it = state_.find(next[i].first); wins_ && it != state_.end() && it->second == kOpen) continue;  // back onto the line
            if (!solved(next[i].first, wins_)) continue;
            if (!wins_) return i;
            const Entry* e = solver_.entry(next[i].first, attacker_);
            const std::uint32_t h = e ? height_of(*e) : 0;
            if (h < lowest) {
                lowest = h;
                best = i;
            }
        }
        return best;
    }

    // The strategy's nodes as the proof file lists them: each taken-in node reached from the root once.
    void emit(const Position& p, std::unordered_map<Position, bool, proof::detail::PositionHash>& written) {
        if (solver_.leaf(p, attacker_) != Leaf::None || written.count(p)) return;
        written[p] = true;
        if (p.side_to_move == side_) {
            const std::string& move = choice_.at(p);
            nodes_.emplace_back(to_fen(p), move);
            MoveList moves;
            generate_legal_moves(p, solver_.rules(), moves);
            for (const Move& m : moves)
                if (to_string(m) == move) return emit(p.after(m), written);
        } else {
            nodes_.emplace_back(to_fen(p), "");
            MoveList moves;
            generate_legal_moves(p, solver_.rules(), moves);
            for (const Move& m : moves) emit(p.after(m), written);
        }
    }

    Solver& solver_;
    Color side_;
    bool wins_;
    Color attacker_;
    std::unordered_map<Position, std::uint8_t, proof::detail::PositionHash> state_;
    std::unordered_map<Position, std::string, proof::detail::PositionHash> choice_;  // the side's move at its nodes
    std::vector<Position> trail_;  // every node taken in, in order: a failed branch is undone to a mark
    std::vector<std::pair<std::string, std::string>> nodes_;
    std::vector<Position> line_;  // from the root to the node being taken in
};

}  // namespace fetaix::solve

namespace fetaix::solve {

// The value for the side to move; Unknown when the search stopped first.
enum class Value : std::uint8_t { Win, Draw, Loss, Unknown };

inline std::string_view to_string(Value v) {
    switch (v) {
        case Value::Win: return "win";
        case Value::Draw: return "draw";
        case Value::Loss: return "loss";
        case Value::Unknown: break;
    }
    return "unknown";
}

// Where a solve stands: phase 0 asks whether the side to move wins, phase 1 (once it does not)
// whether the other side does; the bounds of each search at its root.
struct Answer {
    Value value = Value::Unknown;
    int phase = 0;
    Bounds first, second;
};

// Searches root from `phase` on (1 when a checkpoint says the side to move's win is disproven); the
// value is not yet confirmed: see solve().
inline Answer search(Solver& solver, const Position& root, int phase = 0) {
    Answer a;
    a.phase = phase;
    const Color mover = root.side_to_move;
    if (phase == 0) {
        a.first = solver.prove(root, mover);
        if (a.first.proven()) a.value = Value::Win;
        if (!a.first.disproven()) return a;
        a.phase = 1;
    } else {
        a.first = {kInf, 0};
    }
    a.second = solver.prove(root, opponent(mover));
    if (a.second.proven()) a.value = Value::Loss;
    else if (a.second.disproven()) a.value = Value::Draw;
    return a;
}

// The proof of a solved value: one winning strategy, or two holding ones for a draw.
inline Expected<proof::Proof> make_proof(Solver& solver, const Position& root, Value value) {
    proof::Proof out{solver.rules(), root, std::string(to_string(value)), {}};
    out.rules.no_progress = 0;
    const Color mover = root.side_to_move;
    std::vector<std::pair<Color, bool>> needed;
    if (value == Value::Win) needed = {{mover, true}};
    else if (value == Value::Loss) needed = {{opponent(mover), true}};
    else if (value == Value::Draw) needed = {{Color::White, false}, {Color::Black, false}};
    else return Error{"an unknown value has no proof"};
    for (const auto& [side, wins] : needed) {
        Extractor x(solver, side, wins);
        if (auto bad = x.run(root)) return Error{concat("no proof extracted (", fetaix::to_string(side), wins ? " wins" : " holds", "): ", *bad)};
        out.strategies.push_back(x.strategy());
    }
    return out;
}

}  // namespace fetaix::solve

namespace fetaix::solve {

// A value with its proof, re-checked; or Unknown with why.
struct Solution {
    Answer answer;
    std::optional<proof::Proof> proof;
    std::size_t proof_nodes = 0;
    std::string problem;  // why a value the search found is not confirmed
};

// Searches root, then extracts the value's proof and re-checks it (proof::verify): only a checked
// value is reported.
inline Solution solve(Solver& solver, const Position& root, int phase = 0) {
    Solution s;
    s.answer = search(solver, root, phase);
    if (s.answer.value == Value::Unknown) return s;
    auto made = make_proof(solver, root, s.answer.value);
    if (!made && s.answer.value == Value::Draw && solver.reuse_path_dependent) {
        // A path's disproof taken elsewhere may have hidden a win: search again without them.
        solver.reuse_path_dependent = false;
        solver.table().drop_path_dependent();
        Solution again = solve(solver, root, phase);
        solver.reuse_path_dependent = true;
        if (again.answer.value != Value::Unknown) return again;
        if (solver.stopped()) again.problem = concat("the search found a draw but its proof did not check (", made.error().message, "); the search without reusing path-dependent disproofs stopped at the limit");
        return again;
    }
    if (!made) {
        s.problem = made.error().message;
    } else if (const auto checked = proof::verify(*made, solver.tables()); !checked) {
        s.problem = concat("its proof does not check: ", checked.error().message);
    } else {
        s.proof_nodes = checked->nodes;
        s.proof = std::move(*made);
        return s;
    }
    s.problem = concat("the search found a ", to_string(s.answer.value), " but ", s.problem);
    s.answer.value = Value::Unknown;
    return s;
}

}  // namespace fetaix::solve
