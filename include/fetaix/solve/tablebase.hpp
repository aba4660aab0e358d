#pragma once
// Endgame tablebases: every position of a material (men and mullahs per side, both sides to
// move) ranked into an index, and its value for the side to move (win, draw or loss, with the distance
// in plies to the end of the game: the winner shortest, the loser longest), solved level by level from
// the ends of the game, with captures and promotions leading into materials solved before.
// Values ignore the no-progress rule and treat endless play (repetition) as a draw: docs/endgames.md.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "../error.hpp"
#include "../fen.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../rules.hpp"

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
        sizes_ = {detail::kChoose[20][m.white_men], detail::kChoose[25][m.white_mullahs],
                  detail::kChoose[20][m.black_men], detail::kChoose[25][m.black_mullahs]};
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

// One entry, one byte: 0 a draw (or no position), 1 + 2d a win in d plies, 2 + 2d a loss in d plies.
// The longest win up to 6 pieces is far below kMaxDistance; solve() refuses a material that needs more.
using Entry = std::uint8_t;
inline constexpr int kMaxDistance = 126;

enum class Verdict : std::uint8_t { Draw, Win, Loss };

struct Value {
    Verdict verdict = Verdict::Draw;
    int distance = 0;
    friend bool operator==(const Value&, const Value&) = default;
};

// v's distance must be at most kMaxDistance.
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

// Colour symmetry: the board turned half round with the colours and the side to move swapped is the
// same game for the other side (the lines, the men's directions and last ranks all turn with it), so
// a position has its mirror's value. Only one material of each mirrored pair is stored.
inline Material mirror(const Material& m) { return {m.black_men, m.black_mullahs, m.white_men, m.white_mullahs}; }
inline bool is_stored(const Material& m) {
    return m.white_men > m.black_men || (m.white_men == m.black_men && m.white_mullahs >= m.black_mullahs);
}
inline Position mirror(const Position& p) {
    const auto turn = [](Bitboard b) {  // point i to point 24 - i: the 25 bits reversed
        b = ((b >> 1) & 0x55555555u) | ((b & 0x55555555u) << 1);
        b = ((b >> 2) & 0x33333333u) | ((b & 0x33333333u) << 2);
        b = ((b >> 4) & 0x0f0f0f0fu) | ((b & 0x0f0f0f0fu) << 4);
        b = ((b >> 8) & 0x00ff00ffu) | ((b & 0x00ff00ffu) << 8);
        return ((b >> 16) | (b << 16)) >> 7;
    };
    Position q;
    q.pieces = {turn(p.pieces[1]), turn(p.pieces[0])};
    q.mullahs = turn(p.mullahs);
    q.side_to_move = opponent(p.side_to_move);
    return q;
}

// The stored materials of 2 to n pieces, in the order they are solved.
inline std::vector<Material> stored_materials_up_to(int n) {
    std::vector<Material> stored;
    for (const Material& m : materials_up_to(n))
        if (is_stored(m)) stored.push_back(m);
    return stored;
}

// The stored materials a move of a position of m may lead to outside m: captures of any of the
// opponent's pieces, a promotion, or both (a side left with no pieces needs no table).
inline std::vector<Material> successor_materials(const Material& m) {
    std::vector<Material> out;
    const auto add = [&](Material s) {
        if (s.white_men + s.white_mullahs == 0 || s.black_men + s.black_mullahs == 0 || s == m) return;
        if (!is_stored(s)) s = mirror(s);
        for (const Material& o : out)
            if (o == s) return;
        out.push_back(s);
    };
    for (int side = 0; side < 2; ++side) {
        const Material w = side == 0 ? m : mirror(m);  // the side to move as White
        for (int promoted = 0; promoted <= (w.white_men > 0 ? 1 : 0); ++promoted)
            for (int men = 0; men <= w.black_men; ++men)
                for (int mullahs = 0; mullahs <= w.black_mullahs; ++mullahs) {
                    const Material s{w.white_men - promoted, w.white_mullahs + promoted, w.black_men - men,
                                     w.black_mullahs - mullahs};
                    add(side == 0 ? s : mirror(s));
                }
    }
    return out;
}

// The values of one material, by index.
struct Table {
    Material material;
    std::vector<Entry> entries;
};

// Tables by material: what successors are looked up in. A material not stored is probed through its
// mirror.
class Set {
public:
    // Adds t, in place of a table of the same material.
    void add(Table t) {
        if (const int k = key(t.material); slot_[k] >= 0) {
            tables_[static_cast<std::size_t>(slot_[k])] = std::move(t);
        } else {
            slot_[k] = static_cast<std::int16_t>(tables_.size());
            tables_.push_back(std::move(t));
        }
    }
    // Drops the table of m, if there is one (its memory with it).
    void remove(const Material& m) {
        const int k = key(m);
        if (slot_[k] < 0) return;
        tables_.erase(tables_.begin() + slot_[k]);
        slot_.assign(slot_.size(), -1);
        for (std::size_t i = 0; i < tables_.size(); ++i) slot_[key(tables_[i].material)] = static_cast<std::int16_t>(i);
    }
    // The table of exactly m.
    const Table* find(const Material& m) const {
        const int k = key(m);
        return slot_[k] >= 0 ? &tables_[static_cast<std::size_t>(slot_[k])] : nullptr;
    }
    // The value of p, or nothing when neither its material nor the mirror's is in the set. A side
    // with no pieces to move has lost (rules 6); a position whose other side has no pieces cannot
    // arise and is not valued.
    std::optional<Value> probe(const Position& p) const {
        if (!p.us()) return Value{Verdict::Loss, 0};
        if (!p.them()) return std::nullopt;
        const Material m = material_of(p);
        if (const Table* t = find(m)) return decode(t->entries[Index(m).index(p)]);
        if (const Table* t = find(mirror(m))) return decode(t->entries[Index(t->material).index(mirror(p))]);
        return std::nullopt;
    }
    const std::vector<Table>& tables() const { return tables_; }

private:
    // Each count below 16 (at most 12 pieces a side).
    static int key(const Material& m) {
        return m.white_men | m.white_mullahs << 4 | m.black_men << 8 | m.black_mullahs << 12;
    }
    std::vector<Table> tables_;
    std::vector<std::int16_t> slot_ = std::vector<std::int16_t>(1 << 16, -1);
};

// Calls f(q) for every position q of p's material from which the side that has just moved could have
// reached p by a step (no capture, no promotion). The step is legal in q only if q has no capture,
// which would be compulsory: f tests that (has_capture), after cheaper tests of its own.
template <class F>
void for_each_unmove(const Position& p, F&& f) {
    const Color mover = opponent(p.side_to_move);
    const int u = index_of(mover);
    const Bitboard empty = p.empty();
    const auto visit = [&](Point from, Point to, bool mullah) {
        Position q = p;
        q.pieces[u] = (p.pieces[u] & ~bit(to)) | bit(from);
        if (mullah) q.mullahs = (p.mullahs & ~bit(to)) | bit(from);
        q.side_to_move = mover;
        f(q);
    };
    for (Point to : points(p.mullahs_of(mover)))
        for (Direction d : kDirections)
            for (Point from = neighbour(to, d); from.valid() && contains(empty, from); from = neighbour(from, d))
                visit(from, to, true);
    for (Point to : points(p.men(mover)))
        for (Direction d : man_step_directions(mover))
            if (const Point from = neighbour(to, opposite(d)); from.valid() && contains(empty, from))
                visit(from, to, false);
}

// Solves material m by retrograde analysis, level by level: at level L a position is a win in L if a
// move leads to a loss in L - 1, and a loss in L if every move leads to a win, the longest in L - 1.
// One pass generates every position's moves: steps within m are counted, and the values of moves into
// other materials (captures, promotions) are looked up in `solved`, which must hold every material of
// successor_materials(m) (or its mirror). Then each level walks back from the positions the level
// before resolved, by unmoves (for_each_unmove): a loss makes its predecessors wins, a win takes
// one from each predecessor's count of moves not yet known to be wins, and a count run out makes a
// loss. What is left unresolved is a draw. `threads` share the first pass; `progress` is told the
// levels done. An error when a successor's material is missing or a distance exceeds kMaxDistance.
inline Expected<Table> solve(const Material& m, const Rules& rules, const Set& solved,
                             const std::function<void(int level)>& progress = {}, int threads = 1) {
    const Index index(m);
    const std::uint64_t n = index.size();
    if (n >= (std::uint64_t{1} << 32)) return Error{concat(name_of(m), ": too many positions for one table")};
    constexpr std::uint8_t kNever = 255;       // in out_loss: a move into another material does not lose
    Table table{m, std::vector<Entry>(n, 0)};  // 0: unresolved (a draw at the end) or no position
    std::vector<std::uint8_t> count(n, 0);     // steps within m not yet known to lead to a win
    std::vector<std::uint8_t> out_loss(n,
                                       0);  // the least level of a loss the moves into other materials allow, or kNever
    // By level: the positions a move into another material wins at that level, and those whose steps
    // all lead to wins sooner but must wait for a longer win in another material to lose.
    using Buckets = std::vector<std::vector<std::uint32_t>>;
    struct Part {
        std::vector<std::uint32_t> lost;  // positions with no move
        Buckets wins = Buckets(kMaxDistance + 2), losses = Buckets(kMaxDistance + 2);
        std::optional<std::string> error;
    };
    std::vector<Part> parts(static_cast<std::size_t>(threads < 1 ? 1 : threads));
    std::atomic<std::uint64_t> next_chunk{0};
    constexpr std::uint64_t kChunk = 1 << 16;
    const auto first_pass = [&](Part& part) {
        MoveList moves;
        for (std::uint64_t begin; (begin = next_chunk.fetch_add(kChunk)) < n && !part.error;) {
            for (std::uint64_t i = begin; i < n && i < begin + kChunk; ++i) {
                const auto p = index.position(i);
                if (!p) {
                    out_loss[i] = kNever;
                    continue;
                }
                generate_legal_moves(*p, rules, moves);
                if (moves.empty()) {
                    table.entries[i] = encode({Verdict::Loss, 0});
                    part.lost.push_back(static_cast<std::uint32_t>(i));
                    continue;
                }
                int steps = 0, win = 0, loss = 0;
                for (const Move& move : moves) {
                    if (!move.is_capture() && !move.promotes) {
                        ++steps;
                        continue;
                    }
                    const auto v = solved.probe(p->after(move));
                    if (!v) {
                        part.error = concat(name_of(m), ": the material of ", to_fen(p->after(move)), " is not solved");
                        break;
                    }
                    if (v->verdict == Verdict::Loss) win = win == 0 ? v->distance + 1 : std::min(win, v->distance + 1);
                    if (v->verdict != Verdict::Win) loss = kNever;
                    else if (loss != kNever) loss = std::max(loss, v->distance + 1);
                }
                if (steps > 255 || win > kMaxDistance + 1 || (loss != kNever && loss > kMaxDistance + 1))
                    part.error = concat(name_of(m), ": more steps or longer distances than a table holds");
                if (part.error) break;
                count[i] = static_cast<std::uint8_t>(steps);
                out_loss[i] = static_cast<std::uint8_t>(loss);
                if (win > 0) part.wins[static_cast<std::size_t>(win)].push_back(static_cast<std::uint32_t>(i));
                else if (steps == 0 && loss != kNever)
                    part.losses[static_cast<std::size_t>(loss)].push_back(static_cast<std::uint32_t>(i));
            }
        }
    };
    {
        std::vector<std::thread> workers;
        for (std::size_t t = 1; t < parts.size(); ++t) workers.emplace_back(first_pass, std::ref(parts[t]));
        first_pass(parts[0]);
        for (std::thread& w : workers) w.join();
    }
    std::vector<std::uint32_t> fresh;  // the positions the level before resolved
    for (Part& part : parts) {
        if (part.error) return Error{*part.error};
        fresh.insert(fresh.end(), part.lost.begin(), part.lost.end());
        part.lost = {};
    }
    Buckets waiting(kMaxDistance + 2);  // losses found before their level
    const auto scheduled = [&](int level) {
        for (const Part& part : parts)
            if (!part.wins[static_cast<std::size_t>(level)].empty() ||
                !part.losses[static_cast<std::size_t>(level)].empty())
                return true;
        return false;
    };
    const auto pending = [&](int level) {
        for (int l = level; l <= kMaxDistance + 1; ++l)
            if (scheduled(l) || !waiting[static_cast<std::size_t>(l)].empty()) return true;
        return false;
    };
    if (progress) progress(0);

    // Threads share a level's walk back: entries and counts change by atomic operations, each thread
    // keeps its own lists, and the level's values are written once the walk is done.
    std::vector<std::vector<std::uint32_t>> won(parts.size()), counted_out(parts.size());
    std::vector<std::uint32_t> resolved, losing;
    const auto walk_back = [&](std::size_t t) {
        std::vector<std::uint32_t>& wins = won[t];
        std::vector<std::uint32_t>& out = counted_out[t];
        for (std::uint64_t begin; (begin = next_chunk.fetch_add(kChunk / 16)) < fresh.size();) {
            for (std::uint64_t k = begin; k < fresh.size() && k < begin + kChunk / 16; ++k) {
                const std::uint32_t i = fresh[k];
                const bool lost = decode(table.entries[i]).verdict == Verdict::Loss;
                for_each_unmove(*index.position(i), [&](const Position& q) {
                    const std::uint64_t j = index.index(q);
                    std::atomic_ref<Entry> entry(table.entries[j]);
                    if (entry.load(std::memory_order_relaxed) != 0 || has_capture(q, rules)) return;
                    if (lost) {
                        Entry open = 0;  // a win: its level is written below, with the others
                        if (entry.compare_exchange_strong(open, 1, std::memory_order_relaxed))
                            wins.push_back(static_cast<std::uint32_t>(j));
                    } else if (std::atomic_ref<std::uint8_t>(count[j]).fetch_sub(1, std::memory_order_relaxed) == 1) {
                        out.push_back(static_cast<std::uint32_t>(j));
                    }
                });
            }
        }
    };
    for (int level = 1; !fresh.empty() || pending(level); ++level) {
        const auto l = static_cast<std::size_t>(level);
        next_chunk = 0;
        {
            std::vector<std::thread> workers;
            if (fresh.size() >= kChunk)
                for (std::size_t t = 1; t < parts.size(); ++t) workers.emplace_back(walk_back, t);
            walk_back(0);
            for (std::thread& w : workers) w.join();
        }
        resolved.clear();
        losing.clear();
        for (std::size_t t = 0; t < parts.size(); ++t) {
            resolved.insert(resolved.end(), won[t].begin(), won[t].end());
            won[t].clear();
            for (const std::uint32_t j :
                 counted_out[t]) {  // every step leads to a win: a loss now, or when the other moves allow
                if (out_loss[j] <= level) losing.push_back(j);
                else if (out_loss[j] != kNever) waiting[out_loss[j]].push_back(j);
            }
            counted_out[t].clear();
        }
        for (Part& part : parts) {
            for (const std::uint32_t j : part.wins[l])
                if (table.entries[j] == 0) {
                    table.entries[j] = 1;
                    resolved.push_back(j);
                }
            losing.insert(losing.end(), part.losses[l].begin(), part.losses[l].end());
            part.wins[l] = {};
            part.losses[l] = {};
        }
        losing.insert(losing.end(), waiting[l].begin(), waiting[l].end());
        waiting[l] = {};
        const std::size_t wins = resolved.size();
        for (const std::uint32_t j : losing)  // a win at this level comes first
            if (table.entries[j] == 0) {
                table.entries[j] = 2;
                resolved.push_back(j);
            }
        if (!resolved.empty() && level > kMaxDistance)
            return Error{
                concat(name_of(m), ": a distance of ", level, " plies, over the ", kMaxDistance, " an entry holds")};
        for (std::size_t r = 0; r < resolved.size(); ++r)
            table.entries[resolved[r]] = encode({r < wins ? Verdict::Win : Verdict::Loss, level});
        if (progress) progress(level);
        fresh.swap(resolved);
    }
    return table;  // what is still unresolved is a draw: entry 0
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
            if (s->verdict == Verdict::Loss && (shortest_loss < 0 || s->distance < shortest_loss))
                shortest_loss = s->distance;
            if (s->verdict == Verdict::Win && s->distance > longest_win) longest_win = s->distance;
            if (s->verdict == Verdict::Draw) other = true;
        }
        Value expected;
        if (moves.empty()) expected = {Verdict::Loss, 0};
        else if (shortest_loss >= 0) expected = {Verdict::Win, shortest_loss + 1};
        else if (!other) expected = {Verdict::Loss, longest_win + 1};
        if (!(expected == v))
            return concat(name_of(table.material), " position ", i, " is ", describe(v), " but its successors make it ",
                          describe(expected));
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
        const Value v = s->verdict == Verdict::Draw
                            ? Value{}
                            : Value{s->verdict == Verdict::Loss ? Verdict::Win : Verdict::Loss, s->distance + 1};
        if (!best || rank(v) > rank(best->value)) best = Choice{m, v};
    }
    return best;
}

}  // namespace fetaix::tablebase

namespace fetaix::tablebase {

namespace detail {

// The won and lost positions of a table sorted by entry, that is by distance, a win in d before a loss
// in d (entry 1 + 2d, 2 + 2d), from entry kFirstStretched; `start[k] - start[kFirstStretched]` is where
// entry k's positions begin in the order.
inline constexpr Entry kFirstStretched = 3;  // a win in 1: a loss in 0 has Q 0
struct StretchOrder {
    std::array<std::uint64_t, 257> start{};
    std::vector<std::uint32_t> order;
};

inline StretchOrder stretch_order(const std::vector<Entry>& entries) {
    StretchOrder o;
    for (const Entry e : entries) ++o.start[e + 1u];
    for (std::size_t k = 1; k < o.start.size(); ++k) o.start[k] += o.start[k - 1];
    o.order.resize(o.start[256] - o.start[kFirstStretched]);
    std::array<std::uint64_t, 256> next{};
    for (std::size_t k = kFirstStretched; k < next.size(); ++k) next[k] = o.start[k] - o.start[kFirstStretched];
    for (std::uint64_t i = 0; i < entries.size(); ++i)
        if (entries[i] >= kFirstStretched) o.order[next[entries[i]]++] = static_cast<std::uint32_t>(i);
    return o;
}

// Q of one position of a table, from the Q of positions of shorter distances (quiet_stretch).
struct QuietStretch {
    const Table& table;
    const Index& index;
    const Rules& rules;
    const Set& all;
    std::vector<std::uint8_t>& q;

    std::optional<std::string> at(std::uint32_t i, MoveList& moves) const {
        const std::vector<Entry>& entries = table.entries;
        const Position p = *index.position(i);
        const Value v = decode(entries[i]);
        const bool won = v.verdict == Verdict::Win;
        moves.clear();
        generate_legal_moves(p, rules, moves);
        int best = -1;  // won: the least; lost: the most
        for (const Move& m : moves) {
            const Position s = p.after(m);
            int plies = 1;
            if (is_progress(p, m)) {
                if (won) {  // the loser's captures and men's moves all lead to wins; the winner's must keep the
                            // shortest
                    const auto sv = all.probe(s);
                    if (!sv)
                        return concat(name_of(table.material), ": the material of ", to_fen(s), " is not in the set");
                    if (!(*sv == Value{Verdict::Loss, v.distance - 1})) continue;
                }
            } else {
                const std::uint64_t j = index.index(s);
                const Value sv = decode(entries[j]);
                if (won && !(sv == Value{Verdict::Loss, v.distance - 1})) continue;
                if (!won && !(sv.verdict == Verdict::Win && sv.distance < v.distance))
                    return concat(name_of(table.material), ": ", to_fen(p), " is ", describe(v),
                                  " but a move leads to ", to_fen(s), " ", describe(sv));
                plies = 1 + q[j];
            }
            if (best < 0 || (won ? plies < best : plies > best)) best = plies;
            if (won && best == 1) break;
        }
        if (best < 0)
            return concat(name_of(table.material), ": ", to_fen(p), " is ", describe(v),
                          " but no move leads to a loss in ", v.distance - 1);
        q[i] = static_cast<std::uint8_t>(best);
        return std::nullopt;
    }
};

// Runs `one` on the positions order[begin, end) in chunks shared by `threads` threads; the first
// error a thread met, if any.
template <class One>
std::optional<std::string> stretch_in_threads(const std::vector<std::uint32_t>& order, std::uint64_t begin,
                                              std::uint64_t end, int threads, const One& one) {
    std::vector<std::optional<std::string>> errors(static_cast<std::size_t>(threads < 1 ? 1 : threads));
    std::atomic<std::uint64_t> next_chunk{begin};
    constexpr std::uint64_t kChunk = 1 << 12;
    const auto work = [&](std::size_t t) {
        MoveList moves;
        for (std::uint64_t b; (b = next_chunk.fetch_add(kChunk)) < end && !errors[t];)
            for (std::uint64_t k = b; k < end && k < b + kChunk && !errors[t]; ++k) errors[t] = one.at(order[k], moves);
    };
    std::vector<std::thread> workers;
    if (end - begin >= kChunk)
        for (std::size_t t = 1; t < errors.size(); ++t) workers.emplace_back(work, t);
    work(0);
    for (std::thread& w : workers) w.join();
    for (const auto& error : errors)
        if (error) return error;
    return std::nullopt;
}

}  // namespace detail

// Quiet stretches: how far the no-progress rule, which the values ignore, can reach.
// A ply is quiet when it neither captures nor moves a man (is_progress); the count is the quiet plies
// since the last other one, and a move that brings it to the limit N draws, unless that move ends the
// game (a game ends on its first decisive fact, docs/rules.md). For a won or lost position p:
//   p won in d:  Q(p) = 1 + the least, over p's moves to a loss in d - 1 (the shortest wins),
//   p lost in d: Q(p) = 1 + the most, over all of p's moves,
// of 0 for a capture or a man's move and Q(q) for a quiet move into q; Q = 0 for a loss in 0 (no move).
// So Q(p) is the plies from p up to and including the first that is not quiet or ends the game, the
// winner playing shortest wins only (the fewest quiet plies among them) and the loser stretching them.
// Q(p) <= d. If c + Q(p) <= N with the count at c at p, and Q <= N at every position after a capture or
// a man's move (the largest Q of the materials p leads to), the winner's shortest win is never drawn by
// the rule: the value and its distance hold. Q bounds what the winner needs from above (another win,
// longer, may need fewer quiet plies). Quiet moves stay in p's material and lead to a shorter distance,
// so one pass in increasing distance computes it. `all` holds p's material and every material of
// successor_materials (for the winner's captures and men's moves). By index; 0 for a draw, a loss in 0
// or no position. An error when a table is missing or its values do not follow from their successors.
inline Expected<std::vector<std::uint8_t>> quiet_stretch(const Table& table, const Rules& rules, const Set& all,
                                                         int threads = 1) {
    const Index index(table.material);
    const std::vector<Entry>& entries = table.entries;
    if (entries.size() != index.size()) return Error{concat(name_of(table.material), ": wrong size")};
    if (entries.size() >= (std::uint64_t{1} << 32))
        return Error{concat(name_of(table.material), ": too many positions for one table")};
    constexpr Entry kFirst = detail::kFirstStretched;
    const detail::StretchOrder sorted = detail::stretch_order(entries);
    const auto& start = sorted.start;
    std::vector<std::uint8_t> q(entries.size(), 0);
    const detail::QuietStretch stretch{table, index, rules, all, q};
    // Positions of one distance depend only on shorter ones: threads share each distance.
    for (std::size_t entry = kFirst; entry + 1 < start.size(); entry += 2) {
        const std::uint64_t begin = start[entry] - start[kFirst],
                            end = start[std::min<std::size_t>(entry + 2, 256)] - start[kFirst];
        if (begin == end) continue;
        if (auto error = detail::stretch_in_threads(sorted.order, begin, end, threads, stretch)) return Error{*error};
    }
    return q;
}

}  // namespace fetaix::tablebase
