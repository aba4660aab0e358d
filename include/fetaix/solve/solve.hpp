#pragma once
// Proving positions won, drawn or lost: depth-first proof-number search (df-pn) over a
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
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

#include "../fen.hpp"
#include "../movegen.hpp"
#include "../notation.hpp"
#include "../position.hpp"
#include "../rules.hpp"
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
    std::uint32_t work = 0;    // nodes spent below it (saturating): the more work, the longer it is kept
    std::uint8_t flags = 0;    // kUsed, kPathDependent
    std::uint8_t height[3]{};  // of a proven entry: a line of its proof is this long at most (saturating)
};
inline constexpr std::uint32_t kMaxHeight = (1u << 24) - 1;
inline std::uint32_t height_of(const Entry& e) {
    return e.height[0] | e.height[1] << 8 | std::uint32_t{e.height[2]} << 16;
}
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
    explicit Table(std::size_t bytes) : size_(2) {
        while (size_ * 2 * sizeof(Entry) <= bytes) size_ *= 2;
        // In 2 MiB pages where the system gives them: with 4 KiB pages nearly every look-up of a large
        // table also misses the address cache (docs/performance.md, "The solver's table").
        constexpr std::size_t kPage = std::size_t{2} << 20;
        const std::size_t allocated = (size_ * sizeof(Entry) + kPage - 1) / kPage * kPage;
        void* memory = std::aligned_alloc(kPage, allocated);
        if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        madvise(memory, allocated, MADV_HUGEPAGE);  // only advice: without it the table is the same
#endif
        slots_.reset(static_cast<Entry*>(memory));
        std::uninitialized_fill_n(slots_.get(), size_, Entry{});
    }
    std::size_t size() const { return size_; }
    std::size_t bytes() const { return size_ * sizeof(Entry); }
    std::span<const Entry> slots() const { return {slots_.get(), size_}; }
    // Forgets every disproof that held on one path only.
    void drop_path_dependent() {
        for (Entry& e : std::span<Entry>(slots_.get(), size_))
            if (e.flags & kPathDependent) e = Entry{};
    }

    // Asks for key's bucket ahead of find(): a large table's look-ups are cache misses, and a node's
    // children are looked up after their leaf checks, which run while the buckets arrive.
    // A bucket is 48 bytes: half of them reach into a second cache line, fetched too.
    void prefetch(std::uint64_t key) const {
        const Entry* bucket = &slots_[(key & (size_ - 1)) & ~std::size_t{1}];
        __builtin_prefetch(bucket);
        __builtin_prefetch(reinterpret_cast<const char*>(bucket + 2) - 1);
    }

    const Entry* find(std::uint64_t key) const {
        const std::size_t i = (key & (size_ - 1)) & ~std::size_t{1};
        for (std::size_t j = i; j < i + 2; ++j)
            if ((slots_[j].flags & kUsed) && slots_[j].key == key) return &slots_[j];
        return nullptr;
    }
    void store(const Entry& e) {
        const std::size_t i = (e.key & (size_ - 1)) & ~std::size_t{1};
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
    struct Free {
        void operator()(Entry* p) const { std::free(p); }
    };
    std::size_t size_;  // entries, a power of two
    std::unique_ptr<Entry[], Free> slots_;
};

// The positions on the search's path, for the repetition check: their keys first (comparing whole
// positions along a deep path cost a tenth of the search), and before the keys a count of the path's
// keys by their top bits, so that a child whose count is 0, nearly every one, is not on the path
// without a look along it (that look was a sixth of a node's instructions).
class Path {
public:
    void assign(const std::vector<Position>& line, Color attacker);
    void push(const Position& p, std::uint64_t key) {
        positions_.push_back(p);
        keys_.push_back(key);
        ++seen_[slot(key)];
    }
    void pop() {
        --seen_[slot(keys_.back())];
        positions_.pop_back();
        keys_.pop_back();
    }
    bool contains(const Position& q, std::uint64_t key) const {
        if (seen_[slot(key)] == 0) return false;
        for (std::size_t i = 0; i < keys_.size(); ++i)
            if (keys_[i] == key && positions_[i] == q) return true;
        return false;
    }

private:
    static constexpr int kSlotBits = 12;
    static std::size_t slot(std::uint64_t key) { return static_cast<std::size_t>(key >> (64 - kSlotBits)); }
    std::vector<Position> positions_;
    std::vector<std::uint64_t> keys_;  // key_of each position of positions_, in the same order
    std::array<std::uint32_t, std::size_t{1} << kSlotBits> seen_{};
};

inline void Path::assign(const std::vector<Position>& line, Color attacker) {
    positions_.clear();
    keys_.clear();
    seen_.fill(0);
    for (const Position& p : line) push(p, key_of(p, attacker));
}

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
        path_.assign(line, attacker);
        const Leaf l = leaf(root, attacker);
        if (l == Leaf::Win) return {0, kInf};
        if (l == Leaf::NotWin) return {kInf, 0};
        const Result r = mid(root, key_of(root, attacker), kInf, kInf, attacker, 0);
        return {r.pn, r.dn};
    }

    // The entry of p in the search for attacker, if the table holds it.
    const Entry* entry(const Position& p, Color attacker) const { return tt_.find(key_of(p, attacker)); }

private:
    struct Child {
        Position pos;
        std::uint64_t key;
        std::uint32_t pn, dn;
        bool fixed;            // a leaf or a repetition: its numbers never change
        bool path_dep;         // disproven through a repetition of the path
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

    // `key` is key_of(p, attacker); a child's key is made from it by the pieces the move changed.
    void read_children(const Position& p, std::uint64_t key, Color attacker, std::vector<Child>& children) {
        children.clear();
        MoveList moves;
        generate_legal_moves(p, rules_, moves);
        for (const Move& m : moves) {
            const Position q = p.after(m);
            children.push_back(Child{q, rehash(key, p, q), 1, 1, false, false, 0});
            tt_.prefetch(children.back().key);
        }
        // Two capture sequences can end in the same position: count it once.
        std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) { return a.key < b.key; });
        children.erase(std::unique(children.begin(), children.end(),
                                   [](const Child& a, const Child& b) { return a.key == b.key && a.pos == b.pos; }),
                       children.end());
        for (Child& c : children) {
            if (path_.contains(c.pos, c.key)) {
                c = Child{c.pos, c.key, kInf, 0, true, true, 0};
                continue;
            }
            const Leaf l = leaf(c.pos, attacker);
            if (l != Leaf::None) {
                c.pn = l == Leaf::Win ? 0 : kInf;
                c.dn = l == Leaf::Win ? kInf : 0;
                c.fixed = true;
            }
        }
        // The table last, once every child's leaf check has given its bucket time to arrive.
        for (Child& c : children) {
            if (c.fixed) continue;
            if (const Entry* e = tt_.find(c.key); e && (reuse_path_dependent || !(e->flags & kPathDependent))) {
                c.pn = e->pn;
                c.dn = e->dn;
                c.path_dep = (e->flags & kPathDependent) != 0;
                c.height = height_of(*e);
            }
        }
    }

    // A node's numbers from its children, and the child to search next with the second best value.
    struct Sum {
        std::uint32_t pn, dn;
        std::uint32_t best_value, second;
        std::size_t best;
    };

    // OR node: proven by one child, disproven by all; an AND node the other way round.
    static Sum sum_children(const std::vector<Child>& children, bool or_node) {
        Sum s{or_node ? kInf : 0, or_node ? 0 : kInf, kInf + 1, kInf, 0};
        for (std::size_t i = 0; i < children.size(); ++i) {
            const Child& c = children[i];
            if (or_node) {
                s.pn = std::min(s.pn, c.pn);
                s.dn = add(s.dn, c.dn);
            } else {
                s.pn = add(s.pn, c.pn);
                s.dn = std::min(s.dn, c.dn);
            }
            const std::uint32_t v = or_node ? c.pn : c.dn;
            if (c.fixed || (or_node ? c.dn == 0 : c.pn == 0)) continue;  // nothing to search there
            if (v < s.best_value) {
                s.second = std::min(s.second, s.best_value);
                s.best_value = v;
                s.best = i;
            } else if (v < s.second) {
                s.second = v;
            }
        }
        return s;
    }

    // Searches the best child within thresholds of its own. The 1 + epsilon trick: stay in a child a
    // little past the point where its sibling is as good.
    void search_best_child(std::vector<Child>& children, const Sum& s, std::uint32_t thpn, std::uint32_t thdn,
                           bool or_node, Color attacker, int depth) {
        const Child& c = children[s.best];
        const std::uint64_t widened = std::uint64_t{s.second} + 1 + s.second / 4;
        std::uint32_t child_pn, child_dn;
        if (or_node) {
            child_pn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thpn, widened));
            child_dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, std::uint64_t{thdn} - s.dn + c.dn));
        } else {
            child_dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(thdn, widened));
            child_pn = static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, std::uint64_t{thpn} - s.pn + c.pn));
        }
        const Result r = mid(c.pos, c.key, child_pn, child_dn, attacker, depth + 1);
        Child& back = children[s.best];
        back.pn = r.pn;
        back.dn = r.dn;
        back.path_dep = r.dn == 0 && r.path_dep;
        back.height = r.height;
    }

    // Disproven through the path when one child's disproof needed it (OR) or every one did (AND).
    static bool disproof_path_dependent(const std::vector<Child>& done, bool or_node) {
        if (or_node) return std::any_of(done.begin(), done.end(), [](const Child& c) { return c.path_dep; });
        return std::none_of(done.begin(), done.end(), [](const Child& c) { return c.dn == 0 && !c.path_dep; });
    }

    // A proof's height: one more than the child it goes to (OR) or the highest child (AND). The
    // extraction goes to lower heights only, so it cannot go round in a circle.
    static std::uint32_t proof_height(const std::vector<Child>& done, bool or_node) {
        std::uint32_t height = or_node ? kMaxHeight : 0;
        for (const Child& c : done)
            if (c.pn == 0) height = or_node ? std::min(height, c.height) : std::max(height, c.height);
        return std::min(height + 1, kMaxHeight);
    }

    // Stores a node's numbers, with the work spent on it in all its searches so far.
    void store_node(std::uint64_t key, const Result& r, std::uint64_t work) {
        Entry e;
        e.key = key;
        set_height(e, r.height);
        e.pn = r.pn;
        e.dn = r.dn;
        if (const Entry* old = tt_.find(key)) e.work = old->work;
        e.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(0xffffffffu, std::uint64_t{e.work} + work));
        e.flags = r.path_dep ? kPathDependent : 0;
        tt_.store(e);
        if (r.pn == 0) ++stats_.proven;
        if (r.dn == 0) ++stats_.disproven;
    }

    // `key` is key_of(p, attacker).
    Result mid(const Position& p, std::uint64_t key, std::uint32_t thpn, std::uint32_t thdn, Color attacker,
               int depth) {
        // The node's own entry is asked for first and read after its children are made: a node entered
        // after a sibling's search finds its bucket gone from the cache, and it arrives meanwhile.
        tt_.prefetch(key);
        if (frames_.size() <= static_cast<std::size_t>(depth)) frames_.resize(depth + 1);
        std::vector<Child>& children = frames_[depth];
        read_children(p, key, attacker, children);
        if (const Entry* e = tt_.find(key);
            e && (e->pn == 0 || e->dn == 0) && (reuse_path_dependent || !(e->flags & kPathDependent)))
            return {e->pn, e->dn, (e->flags & kPathDependent) != 0, height_of(*e)};
        if (++stats_.nodes % 1024 == 0 && poll && poll(stats_)) stopped_ = true;
        if (depth >= kMaxDepth) stopped_ = too_deep_ = true;
        const std::uint64_t nodes_before = stats_.nodes;
        const bool or_node = p.side_to_move == attacker;
        path_.push(p, key);
        Sum s{};
        for (;;) {
            s = sum_children(children, or_node);
            if (s.pn >= thpn || s.dn >= thdn || s.pn == 0 || s.dn == 0 || stopped_ || s.best_value > kInf) break;
            search_best_child(children, s, thpn, thdn, or_node, attacker, depth);
        }
        path_.pop();
        const Result r{s.pn, s.dn, s.dn == 0 && disproof_path_dependent(children, or_node),
                       s.pn == 0 ? proof_height(children, or_node) : 0};
        store_node(key, r, stats_.nodes - nodes_before + 1);
        return r;
    }

    Rules rules_;
    const tablebase::Set* tables_;
    int table_pieces_;
    Table tt_;
    Stats stats_;
    bool stopped_ = false, too_deep_ = false;
    Path path_;
    std::deque<std::vector<Child>> frames_;  // a deque: a frame stays put while deeper ones are added
};

}  // namespace fetaix::solve

#include "proof.hpp"

namespace fetaix::solve {

// Reads a strategy for `side` out of the solver's table after its search, depth first: for a win, at
// each of the side's nodes a move to a proven position (the lowest proof first: the heights fall along
// a line, so it cannot go round), at the other side's every move; for a hold, at the side's nodes a
// move to a disproven position or to one already taken in (going round is a draw), at the other
// side's every move. When a move's subtree fails, what it took in is dropped and the side's next move
// tried; when the table has none left, the moves are searched again from this line. Fast, and the
// strategy follows the search's own tree; but a disproof that held on another path can fail on this
// one (the graph-history interaction problem), so a hold it does not find is built by HoldExtractor.
// Nothing, with the reason, when no strategy is found within `max_steps` node visits.
class Extractor {
public:
    Extractor(Solver& solver, Color side, bool wins, std::uint64_t max_steps)
        : solver_(solver), side_(side), wins_(wins), attacker_(wins ? side : opponent(side)), max_steps_(max_steps) {}

    std::optional<std::string> run(const Position& root) { return visit(root, 0); }
    proof::Strategy strategy() const { return {side_, wins_, nodes_}; }
    // Why it stopped before it was done (a limit, the search stopped), if it did.
    const std::optional<std::string>& aborted() const { return aborted_; }

private:
    using Next = std::pair<Position, std::string>;

    int state(const Position& q) const {
        const auto it = state_.find(q);
        return it == state_.end() ? 0 : it->second;
    }

    std::optional<std::string> visit(const Position& p, int depth) {
        if (const Leaf l = solver_.leaf(p, attacker_); l != Leaf::None) {
            if (l == (wins_ ? Leaf::Win : Leaf::NotWin)) return std::nullopt;
            return concat(to_fen(p), ": an end lost for ", fetaix::to_string(side_));
        }
        if (aborted_) return aborted_;
        if (depth > kMaxDepth) return abort("the strategy is too deep to extract");
        if (++steps_ > max_steps_) return abort(concat("the extraction gave up after ", max_steps_, " node visits"));
        if (const int s = state(p); s == 2 || (s == 1 && !wins_)) return std::nullopt;
        else if (s == 1) return concat(to_fen(p), " recurs on a line of the win");
        state_[p] = 1;
        log_.push_back(p);
        MoveList moves;
        generate_legal_moves(p, solver_.rules(), moves);
        std::vector<Next> next;
        for (const Move& m : moves) next.emplace_back(p.after(m), to_string(m));
        line_.push_back(p);
        std::optional<std::string> bad;
        if (p.side_to_move == side_) {
            bad = choose(p, next, depth);
        } else {
            nodes_.emplace_back(to_fen(p), "");
            for (const auto& n : next)
                if ((bad = visit(n.first, depth + 1))) break;
        }
        line_.pop_back();
        if (!bad) state_[p] = 2;
        return bad;
    }

    // The side's move at p: the candidates the table gives, best first, then the moves searched again.
    std::optional<std::string> choose(const Position& p, const std::vector<Next>& next, int depth) {
        std::vector<bool> tried(next.size(), false);
        std::optional<std::string> last;
        for (const std::size_t i : candidates(next)) {
            tried[i] = true;
            if (!(last = attempt(p, next[i], depth))) return std::nullopt;
            if (aborted_) return last;
        }
        for (std::size_t i = 0; i < next.size(); ++i) {
            if (tried[i] || solver_.leaf(next[i].first, attacker_) != Leaf::None ||
                (wins_ && state(next[i].first) == 1))
                continue;
            // A proof holds on every path, and so does a disproof that is not path-dependent.
            if (const Entry* e = solver_.entry(next[i].first, attacker_);
                e && (wins_ ? e->dn == 0 && !(e->flags & kPathDependent) : e->pn == 0))
                continue;
            const Bounds b = solver_.prove(next[i].first, attacker_, line_);
            if (solver_.stopped()) return abort("stopped while searching a node again");
            if (!(wins_ ? b.proven() : b.disproven())) continue;
            if (!(last = attempt(p, next[i], depth))) return std::nullopt;
            if (aborted_) return last;
        }
        return last ? *last : concat(to_fen(p), ": no ", wins_ ? "proven" : "disproven", " move found in the table");
    }

    // p's move to n, with what its subtree takes in; on failure all of that is dropped again.
    std::optional<std::string> attempt(const Position& p, const Next& n, int depth) {
        const std::size_t logged = log_.size(), listed = nodes_.size();
        nodes_.emplace_back(to_fen(p), n.second);
        auto bad = visit(n.first, depth + 1);
        if (bad) {
            for (std::size_t i = logged; i < log_.size(); ++i) state_.erase(log_[i]);
            log_.resize(logged);
            nodes_.resize(listed);
        }
        return bad;
    }

    // The side's moves the table recommends, best first. A win: a winning end, a node already in the
    // strategy, then proven moves by the height of their proof. A hold: a holding end, a disproof that
    // held on every path, a node already taken in, then a disproof that held on some path.
    std::vector<std::size_t> candidates(const std::vector<Next>& next) const {
        std::vector<std::pair<std::uint64_t, std::size_t>> ranked;  // rank, index
        for (std::size_t i = 0; i < next.size(); ++i) {
            const Position& q = next[i].first;
            if (const Leaf l = solver_.leaf(q, attacker_); l != Leaf::None) {
                if (l == (wins_ ? Leaf::Win : Leaf::NotWin)) ranked.emplace_back(0, i);
                continue;
            }
            const int s = state(q);
            const Entry* e = solver_.entry(q, attacker_);
            if (wins_) {
                if (s == 2) ranked.emplace_back(1, i);
                else if (s == 0 && e && e->pn == 0) ranked.emplace_back(2 + std::uint64_t{height_of(*e)}, i);
            } else if (e && e->dn == 0 && !(e->flags & kPathDependent)) {
                ranked.emplace_back(1, i);
            } else if (s != 0) {
                ranked.emplace_back(2, i);
            } else if (e && e->dn == 0) {
                ranked.emplace_back(3, i);
            }
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<std::size_t> out;
        for (const auto& r : ranked) out.push_back(r.second);
        return out;
    }

    std::string abort(std::string why) {
        aborted_ = why;
        return why;
    }

    Solver& solver_;
    Color side_;
    bool wins_;
    Color attacker_;
    std::uint64_t max_steps_;
    std::uint64_t steps_ = 0;
    std::optional<std::string> aborted_;
    std::unordered_map<Position, int, proof::detail::PositionHash> state_;  // 1: on the line, 2: taken in
    std::vector<Position> log_;  // the nodes of state_ in the order they were taken in (to drop them again)
    std::vector<std::pair<std::string, std::string>> nodes_;
    std::vector<Position> line_;  // from the root to the node being taken in
};

// Builds a hold for `side` (a set of positions closed under the other side's moves, one move of the
// side at each of its own, no end lost) by a search of its own, guided by the solver's table. The
// table's disproofs only suggest the side's moves: one that held on another path may fail on this one
// (the graph-history interaction problem). What decides is path-free: a position is lost for the side
// when the other side has a winning end there, a proof in the table (a proof never rests on the path),
// a move into a lost position, or, on the side's move, only moves into lost positions. Positions are
// taken in from the root (the side's best suggested move, every move of the other side); a position
// found lost is told to those that lead to it, and a side's node whose move became lost takes its
// next one (retrograde analysis over the positions taken in). It ends when the root is lost (the other
// side wins: the search's draw was wrong) or nothing is left to take in: the positions reachable from
// the root by the moves chosen are the hold, going round included. Complete: a side that holds is
// never found lost, so a draw the search found rightly always gets its proof, within `max_nodes`
// positions taken in.
class HoldExtractor {
public:
    HoldExtractor(Solver& solver, Color side, std::size_t max_nodes)
        : solver_(solver), side_(side), attacker_(opponent(side)), max_nodes_(max_nodes) {}

    std::optional<std::string> run(const Position& root) {
        if (const Kind k = kind(root); k != Kind::Node) {
            if (k == Kind::Holds) return std::nullopt;
            return concat(to_fen(root), ": ", fetaix::to_string(attacker_), " wins here");
        }
        const std::uint32_t r = node(root);
        while (!open_.empty()) {
            const std::uint32_t i = open_.back();
            open_.pop_back();
            if (nodes_[i].lost) continue;
            if (auto bad = expand(i)) return bad;
            if (auto bad = propagate()) return bad;
            if (nodes_[r].lost)
                return concat(to_fen(root), ": ", fetaix::to_string(attacker_), " wins against every move of ",
                              fetaix::to_string(side_), " (", nodes_.size(), " positions taken in)");
            if (nodes_.size() > max_nodes_) return concat("the hold was not built within ", max_nodes_, " positions");
        }
        // The hold: the positions the chosen moves reach from the root.
        std::vector<bool> seen(nodes_.size(), false);
        std::vector<std::uint32_t> stack{r};
        seen[r] = true;
        while (!stack.empty()) {
            const Node& n = nodes_[stack.back()];
            stack.pop_back();
            const bool mine = n.pos.side_to_move == side_;
            strategy_.nodes.emplace_back(to_fen(n.pos), mine ? to_string(n.options[n.choice]) : std::string());
            for (const std::uint32_t c : mine ? std::vector<std::uint32_t>{n.child} : n.children)
                if (c != kNone && !seen[c]) {
                    seen[c] = true;
                    stack.push_back(c);
                }
        }
        return std::nullopt;
    }
    proof::Strategy strategy() const { return strategy_; }
    std::size_t taken_in() const { return nodes_.size(); }

private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    struct Node {
        Position pos;
        bool expanded = false, lost = false;
        std::vector<std::uint32_t> parents;   // the nodes told when this one is lost
        std::vector<std::uint32_t> children;  // the other side's node: its moves' nodes
        std::vector<Move> options;            // the side's node: its moves, best first
        std::size_t choice = 0;
        std::uint32_t child = kNone;  // the chosen move's node (kNone: an end the side holds)
    };

    // A position the side holds outright (an end not lost, a table draw or better), one it has lost
    // outright (an end, the tables, or a proof in the table), or one to take in.
    enum class Kind : std::uint8_t { Holds, Lost, Node };
    Kind kind(const Position& q) const {
        if (const Leaf l = solver_.leaf(q, attacker_); l != Leaf::None)
            return l == Leaf::Win ? Kind::Lost : Kind::Holds;
        if (const Entry* e = solver_.entry(q, attacker_); e && e->pn == 0) return Kind::Lost;
        return Kind::Node;
    }

    std::uint32_t node(const Position& q) {
        const auto [it, added] = index_.emplace(q, static_cast<std::uint32_t>(nodes_.size()));
        if (added) {
            nodes_.push_back(Node{q, false, false, {}, {}, {}, 0, kNone});
            open_.push_back(it->second);
        }
        return it->second;
    }

    void lose(std::uint32_t i) {
        if (nodes_[i].lost) return;
        nodes_[i].lost = true;
        lost_.push_back(i);
    }

    std::optional<std::string> expand(std::uint32_t i) {
        nodes_[i].expanded = true;
        MoveList moves;
        generate_legal_moves(nodes_[i].pos, solver_.rules(), moves);
        if (nodes_[i].pos.side_to_move != side_) {
            for (const Move& m : moves) {
                const Position q = nodes_[i].pos.after(m);
                const Kind k = kind(q);
                if (k == Kind::Holds) continue;
                if (k == Kind::Lost) {
                    lose(i);
                    return std::nullopt;
                }
                const std::uint32_t c = node(q);
                nodes_[c].parents.push_back(i);
                nodes_[i].children.push_back(c);
                if (nodes_[c].lost) {
                    lose(i);
                    return std::nullopt;
                }
            }
            return std::nullopt;
        }
        // The side's moves, best first: an end it holds, a disproof that held on every path, a position
        // taken in already, a disproof that held on some path, then the rest.
        std::vector<std::pair<int, Move>> ranked;
        for (const Move& m : moves) {
            const Position q = nodes_[i].pos.after(m);
            const Kind k = kind(q);
            if (k == Kind::Lost) continue;
            const Entry* e = solver_.entry(q, attacker_);
            const int rank = k == Kind::Holds                                  ? 0
                             : e && e->dn == 0 && !(e->flags & kPathDependent) ? 1
                             : index_.count(q) != 0                            ? 2
                             : e && e->dn == 0                                 ? 3
                                                                               : 4;
            ranked.emplace_back(rank, m);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& r : ranked) nodes_[i].options.push_back(std::move(r.second));
        return choose(i);
    }

    // The side's next move at i that is not lost; i is lost when none is left.
    std::optional<std::string> choose(std::uint32_t i) {
        for (; nodes_[i].choice < nodes_[i].options.size(); ++nodes_[i].choice) {
            const Position q = nodes_[i].pos.after(nodes_[i].options[nodes_[i].choice]);
            const Kind k = kind(q);
            if (k == Kind::Holds) {
                nodes_[i].child = kNone;
                return std::nullopt;
            }
            if (k == Kind::Lost) continue;
            const std::uint32_t c = node(q);
            if (nodes_[c].lost) continue;
            nodes_[c].parents.push_back(i);
            nodes_[i].child = c;
            return std::nullopt;
        }
        lose(i);
        return std::nullopt;
    }

    // Tells the nodes that lead to lost ones.
    std::optional<std::string> propagate() {
        while (!lost_.empty()) {
            const std::uint32_t d = lost_.back();
            lost_.pop_back();
            for (std::size_t k = 0; k < nodes_[d].parents.size(); ++k) {
                const std::uint32_t p = nodes_[d].parents[k];
                if (nodes_[p].lost) continue;
                if (nodes_[p].pos.side_to_move != side_) {
                    lose(p);
                } else if (nodes_[p].child == d) {
                    ++nodes_[p].choice;
                    if (auto bad = choose(p)) return bad;
                }
            }
        }
        return std::nullopt;
    }

    Solver& solver_;
    Color side_, attacker_;
    std::size_t max_nodes_;
    std::vector<Node> nodes_;
    std::unordered_map<Position, std::uint32_t, proof::detail::PositionHash> index_;
    std::vector<std::uint32_t> open_;  // taken in, not yet expanded
    std::vector<std::uint32_t> lost_;  // found lost, their parents not yet told
    proof::Strategy strategy_{side_, false, {}};
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

// The most node visits of an extraction, and of the quick depth-first try at a hold before it is built
// by a search of its own; the fewest positions that search may take in, and about what each costs.
inline constexpr std::uint64_t kMaxExtractSteps = 20'000'000, kMaxTraceSteps = 2'000'000;
inline constexpr std::size_t kMinHoldNodes = 4'000'000, kHoldNodeBytes = 250;

// The hold's search may use as much memory again as the table: a bigger --tt is what a long search
// that ends in a draw needs for its proof too.
inline std::size_t max_hold_nodes(std::size_t table_bytes) {
    return std::max(kMinHoldNodes, table_bytes / kHoldNodeBytes);
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
        Extractor x(solver, side, wins, wins ? kMaxExtractSteps : kMaxTraceSteps);
        auto bad = x.run(root);
        if (!bad) {
            out.strategies.push_back(x.strategy());
            continue;
        }
        if (!wins && !solver.stopped()) {
            // The search's own tree did not give a hold: build one by the search of its own, which finds
            // one whenever the side holds.
            HoldExtractor h(solver, side, max_hold_nodes(solver.table().bytes()));
            if (!(bad = h.run(root))) {
                out.strategies.push_back(h.strategy());
                continue;
            }
        }
        return Error{concat("no proof extracted (", fetaix::to_string(side), wins ? " wins" : " holds", "): ", *bad)};
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
        if (solver.stopped())
            again.problem = concat("the search found a draw but its proof did not check (", made.error().message,
                                   "); the search without reusing path-dependent disproofs stopped at the limit");
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
