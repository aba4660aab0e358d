#pragma once
// Endgame tablebases (issue 15): every position of a material (men and mullahs per side, both sides to
// move) ranked into an index, and its value for the side to move (win, draw or loss, with the distance
// in plies to the end of the game: the winner shortest, the loser longest), solved level by level from
// the ends of the game, with captures and promotions leading into materials solved before.
// Values ignore the no-progress rule and treat endless play (repetition) as a draw: docs/endgames.md.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "error.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace fetaix::tablebase {

// Pieces of each kind per side: White men, White mullahs, Black men, Black mullahs.
struct Material {
    int white_men = 0, white_mullahs = 0, black_men = 0, black_mullahs = 0;
    int pieces() const { return white_men + white_mullahs + black_men + black_mullahs; }
    int men() const { return white_men + black_men; }
    friend bool operator==(const Material&, const Material&) = default;
};

inline Material material_of(const Position& p) {
    return {popcount(p.men(Color::White)), popcount(p.mullahs_of(Color::White)), popcount(p.men(Color::Black)),
            popcount(p.mullahs_of(Color::Black))};
}

// "1m2k-0m1k": White's men and mullahs, then Black's; the name of the material's file.
inline std::string name_of(const Material& m) {
    return concat(m.white_men, "m", m.white_mullahs, "k-", m.black_men, "m", m.black_mullahs, "k");
}

// Every material of 2 to n pieces with at least one piece per side, in the order they are solved:
// fewer pieces first (captures lead there), then fewer men (promotions lead there).
inline std::vector<Material> materials_up_to(int n) {
    std::vector<Material> all;
    for (int total = 2; total <= n; ++total)
        for (int men = 0; men <= total; ++men)
            for (int wm = 0; wm <= men; ++wm)
                for (int wk = 0; wk <= total - men; ++wk) {
                    const Material m{wm, wk, men - wm, total - men - wk};
                    if (m.white_men + m.white_mullahs > 0 && m.black_men + m.black_mullahs > 0) all.push_back(m);
                }
    return all;
}

namespace detail {
inline constexpr auto kChoose = [] {
    std::array<std::array<std::uint64_t, 26>, 26> c{};
    for (int n = 0; n < 26; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
    return c;
}();

// Men stand on 20 points: never on their own last rank (they would have been promoted). White's
// domain is ranks 1-4 (bits 0-19), Black's ranks 2-5 (bits 5-24, shifted down by 5).
inline Bitboard men_domain(Color c, Bitboard men) { return c == Color::White ? men : men >> 5; }
inline Bitboard men_board(Color c, Bitboard domain) { return c == Color::White ? domain : domain << 5; }

// The rank of a k-subset in the combinatorial number system: sum of C(point, i + 1).
inline std::uint64_t rank_set(Bitboard set) {
    std::uint64_t r = 0;
    int i = 1;
    for (Point p : points(set)) r += kChoose[p.index][i++];
    return r;
}

inline Bitboard unrank_set(std::uint64_t r, int k, int n) {
    Bitboard set = 0;
    for (int i = k, c = n - 1; i >= 1; --i) {
        while (kChoose[c][i] > r) --c;
        r -= kChoose[c][i];
        set |= Bitboard{1} << c;
        --c;
    }
    return set;
}
}  // namespace detail

// Positions of a material by index: side to move, then each group's rank. Indices whose groups overlap
// stand for no position (a near-perfect index).
class Index {
public:
    explicit Index(const Material& m) : m_(m) {
        sizes_ = {detail::kChoose[20][m.white_men], detail::kChoose[25][m.white_mullahs], detail::kChoose[20][m.black_men],
                  detail::kChoose[25][m.black_mullahs]};
        per_side_ = sizes_[0] * sizes_[1] * sizes_[2] * sizes_[3];
    }
    std::uint64_t size() const { return 2 * per_side_; }
    const Material& material() const { return m_; }

    // p must be of this material.
    std::uint64_t index(const Position& p) const {
        std::uint64_t i = p.side_to_move == Color::Black ? 1 : 0;
        i = i * sizes_[0] + detail::rank_set(detail::men_domain(Color::White, p.men(Color::White)));
        i = i * sizes_[1] + detail::rank_set(p.mullahs_of(Color::White));
        i = i * sizes_[2] + detail::rank_set(detail::men_domain(Color::Black, p.men(Color::Black)));
        i = i * sizes_[3] + detail::rank_set(p.mullahs_of(Color::Black));
        return i;
    }

    // The position at index i, or nothing where the groups overlap.
    std::optional<Position> position(std::uint64_t i) const {
        const std::uint64_t bk = i % sizes_[3];
        i /= sizes_[3];
        const std::uint64_t bm = i % sizes_[2];
        i /= sizes_[2];
        const std::uint64_t wk = i % sizes_[1];
        i /= sizes_[1];
        const std::uint64_t wm = i % sizes_[0];
        i /= sizes_[0];
        const Bitboard white_men = detail::men_board(Color::White, detail::unrank_set(wm, m_.white_men, 20));
        const Bitboard white_mullahs = detail::unrank_set(wk, m_.white_mullahs, 25);
        const Bitboard black_men = detail::men_board(Color::Black, detail::unrank_set(bm, m_.black_men, 20));
        const Bitboard black_mullahs = detail::unrank_set(bk, m_.black_mullahs, 25);
        const Bitboard all[] = {white_men, white_mullahs, black_men, black_mullahs};
        Bitboard seen = 0;
        for (Bitboard b : all) {
            if (seen & b) return std::nullopt;
            seen |= b;
        }
        Position p;
        p.pieces = {white_men | white_mullahs, black_men | black_mullahs};
        p.mullahs = white_mullahs | black_mullahs;
        p.side_to_move = i == 0 ? Color::White : Color::Black;
        return p;
    }

private:
    Material m_;
    std::array<std::uint64_t, 4> sizes_{};
    std::uint64_t per_side_ = 0;
};

// One entry: 0 a draw (or no position), 1 + 2d a win in d plies, 2 + 2d a loss in d plies.
using Entry = std::uint16_t;
inline constexpr int kMaxDistance = 32000;

enum class Verdict : std::uint8_t { Draw, Win, Loss };

struct Value {
    Verdict verdict = Verdict::Draw;
    int distance = 0;
    friend bool operator==(const Value&, const Value&) = default;
};

inline Entry encode(Value v) {
    if (v.verdict == Verdict::Draw) return 0;
    return static_cast<Entry>((v.verdict == Verdict::Win ? 1 : 2) + 2 * v.distance);
}
inline Value decode(Entry e) {
    if (e == 0) return {};
    return {e % 2 == 1 ? Verdict::Win : Verdict::Loss, (e - 1) / 2};
}

// "win 19", "draw", "loss 12".
inline std::string describe(Value v) {
    if (v.verdict == Verdict::Draw) return "draw";
    return concat(v.verdict == Verdict::Win ? "win " : "loss ", v.distance);
}

// The values of one material, by index.
struct Table {
    Material material;
    std::vector<Entry> entries;
};

// The tables solved so far, by material: what successors are looked up in.
class Set {
public:
    void add(Table t) { tables_.push_back(std::move(t)); }
    const Table* find(const Material& m) const {
        for (const Table& t : tables_)
            if (t.material == m) return &t;
        return nullptr;
    }
    // The value of p, or nothing when its material is not in the set. A side with no pieces to move
    // has lost (rules 6); a position whose other side has no pieces cannot arise and is not valued.
    std::optional<Value> probe(const Position& p) const {
        if (!p.us()) return Value{Verdict::Loss, 0};
        if (!p.them()) return std::nullopt;
        const Table* t = find(material_of(p));
        if (!t) return std::nullopt;
        return decode(t->entries[Index(t->material).index(p)]);
    }
    const std::vector<Table>& tables() const { return tables_; }

private:
    std::vector<Table> tables_;
};

// Solves material m by levels: at level L a position is a win in L if a move leads to a loss in L - 1,
// and a loss in L if it has no move (L = 0) or every move leads to a win in at most L - 1 plies.
// Successors of other materials come from `solved`, which must hold every material a capture or a
// promotion of m leads to. `progress` is told the levels done.
inline Table solve(const Material& m, const Rules& rules, const Set& solved,
                   const std::function<void(int level)>& progress = {}) {
    const Index index(m);
    Table table{m, std::vector<Entry>(index.size(), 0)};
    // Moves are generated once: for each open position, its successors in this material (by index,
    // in `next` from first[k] to first[k + 1]) and a summary of those in other materials.
    struct Open {
        std::uint64_t i;
        int shortest_loss;  // the shortest loss among successors elsewhere, or -1
        int longest_win;    // the longest win among them, or -1
        bool draw;          // one of them is a draw
    };
    std::vector<Open> open;
    std::vector<std::uint64_t> first{0};
    std::vector<std::uint32_t> next;
    std::vector<std::uint8_t> pending(index.size(), 0);
    int longest_elsewhere = 0;
    MoveList moves;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        const auto p = index.position(i);
        if (!p) continue;
        moves.clear();
        generate_legal_moves(*p, rules, moves);
        if (moves.empty()) {
            table.entries[i] = encode({Verdict::Loss, 0});
            continue;
        }
        pending[i] = 1;
        Open o{i, -1, -1, false};
        for (const Move& move : moves) {
            const Position q = p->after(move);
            if (q.us() && material_of(q) == m) {
                next.push_back(static_cast<std::uint32_t>(index.index(q)));
                continue;
            }
            const Value v = *solved.probe(q);  // solved holds every material a capture or promotion leads to
            if (v.verdict == Verdict::Loss && (o.shortest_loss < 0 || v.distance < o.shortest_loss)) o.shortest_loss = v.distance;
            if (v.verdict == Verdict::Win && v.distance > o.longest_win) o.longest_win = v.distance;
            if (v.verdict == Verdict::Draw) o.draw = true;
            if (v.distance > longest_elsewhere) longest_elsewhere = v.distance;
        }
        open.push_back(o);
        first.push_back(next.size());
    }
    std::vector<std::size_t> resolved;
    std::vector<Entry> found;
    std::size_t left = open.size();
    for (int level = 1; left > 0 && level <= kMaxDistance; ++level) {
        resolved.clear();
        found.clear();
        for (std::size_t k = 0; k < open.size(); ++k) {
            const Open& o = open[k];
            if (!pending[o.i]) continue;
            bool win = o.shortest_loss == level - 1;
            bool all_won_sooner = !o.draw && o.longest_win <= level - 1 && o.shortest_loss < 0;
            for (std::uint64_t s = first[k]; !win && s < first[k + 1]; ++s) {
                const std::uint32_t j = next[s];
                const Value v = decode(table.entries[j]);
                if (!pending[j] && v.verdict == Verdict::Loss && v.distance == level - 1) win = true;
                if (pending[j] || v.verdict != Verdict::Win || v.distance > level - 1) all_won_sooner = false;
            }
            if (win || all_won_sooner) {
                resolved.push_back(k);
                found.push_back(encode({win ? Verdict::Win : Verdict::Loss, level}));
            }
        }
        // Written after the whole level, so that no entry of this level is read as one of the last.
        for (std::size_t r = 0; r < resolved.size(); ++r) {
            table.entries[open[resolved[r]].i] = found[r];
            pending[open[resolved[r]].i] = 0;
        }
        left -= resolved.size();
        if (progress) progress(level);
        if (resolved.empty() && level > longest_elsewhere + 1) break;
    }
    return table;  // what is still pending is a draw: entry 0
}

// Checks that every position's entry follows from its successors' (the winner's shortest, the
// loser's longest distance; a draw neither a win nor a loss). Returns the first position that does
// not, with what is wrong.
inline std::optional<std::string> check(const Table& table, const Rules& rules, const Set& all) {
    const Index index(table.material);
    if (table.entries.size() != index.size()) return concat(name_of(table.material), ": wrong size");
    MoveList moves;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        const auto p = index.position(i);
        if (!p) continue;
        const Value v = decode(table.entries[i]);
        moves.clear();
        generate_legal_moves(*p, rules, moves);
        int shortest_loss = -1, longest_win = -1;
        bool other = false;  // a successor drawn
        for (const Move& move : moves) {
            const auto s = all.probe(p->after(move));
            if (!s) return concat("a successor's material is missing for position ", i);
            if (s->verdict == Verdict::Loss && (shortest_loss < 0 || s->distance < shortest_loss)) shortest_loss = s->distance;
            if (s->verdict == Verdict::Win && s->distance > longest_win) longest_win = s->distance;
            if (s->verdict == Verdict::Draw) other = true;
        }
        Value expected;
        if (moves.empty()) expected = {Verdict::Loss, 0};
        else if (shortest_loss >= 0) expected = {Verdict::Win, shortest_loss + 1};
        else if (!other) expected = {Verdict::Loss, longest_win + 1};
        if (!(expected == v)) return concat(name_of(table.material), " position ", i, " is ", describe(v), " but its successors make it ", describe(expected));
    }
    return std::nullopt;
}

}  // namespace fetaix::tablebase

namespace fetaix::tablebase {

// The best move of p by the tables: the shortest win, else a draw, else the longest loss; with the
// value of p it gives. Nothing when p has no move or a successor's material is not in `tables`.
struct Choice {
    Move move;
    Value value;
};
inline std::optional<Choice> best_move(const Position& p, const Rules& rules, const Set& tables) {
    std::optional<Choice> best;
    const auto rank = [](const Value& v) {  // larger is better for the side to move
        if (v.verdict == Verdict::Win) return 100000 - v.distance;
        if (v.verdict == Verdict::Draw) return 0;
        return -100000 + v.distance;
    };
    for (const Move& m : legal_moves(p, rules)) {
        const auto s = tables.probe(p.after(m));
        if (!s) return std::nullopt;
        const Value v = s->verdict == Verdict::Draw ? Value{}
                        : Value{s->verdict == Verdict::Loss ? Verdict::Win : Verdict::Loss, s->distance + 1};
        if (!best || rank(v) > rank(best->value)) best = Choice{m, v};
    }
    return best;
}

}  // namespace fetaix::tablebase
