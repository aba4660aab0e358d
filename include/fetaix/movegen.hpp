#pragma once
// Legal moves (docs/rules.md sections 3 to 5): steps, complete capture sequences, compulsory capture,
// the mullah landing rule, majority and the three promotion modes.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "bitboard.hpp"
#include "lattice.hpp"
#include "move.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace fetaix {

// A fixed list of directions, small enough to copy.
struct DirectionSet {
    std::array<Direction, kDirectionCount> items{};
    int size = 0;
    constexpr const Direction* begin() const { return items.data(); }
    constexpr const Direction* end() const { return items.data() + size; }
};

// Section 3: a man steps forward, diagonally forward or sideways, never backward.
constexpr DirectionSet man_step_directions(Color c) {
    if (c == Color::White)
        return {{Direction::North, Direction::NorthEast, Direction::NorthWest, Direction::East, Direction::West}, 5};
    return {{Direction::South, Direction::SouthEast, Direction::SouthWest, Direction::East, Direction::West}, 5};
}

// Section 4: a man captures in its step directions, and backward too under the backward-captures switch.
constexpr DirectionSet man_capture_directions(Color c, bool backward_captures) {
    if (!backward_captures) return man_step_directions(c);
    DirectionSet all;
    for (Direction d : kDirections) all.items[all.size++] = d;
    return all;
}

namespace detail {

// The empty points a flying piece may land on after jumping the piece on `jumped` in direction d.
constexpr Bitboard landing_points(Point jumped, Direction d, Bitboard occupied) {
    return open_ray(jumped, d, occupied);
}

// What a flying piece on p sees along each of its four lines (by axis): four look-ups, kept by the
// capture walk for the jumps it then makes.
using Sights = std::array<const LineSight*, 4>;

constexpr Sights sights_from(Point p, Bitboard occupied) {
    Sights sights{};
    for (int a = 0; a < 4; ++a) sights[a] = &line_sight(p, a, occupied);
    return sights;
}

// The directions (bit d set) in which the piece can jump: the first piece along the line is an enemy
// with an empty point right beyond it. No branch, for the capture search is where perft mispredicts most.
constexpr unsigned jump_directions(const Sights& sights, Bitboard enemy) {
    unsigned directions = 0;
    for (int a = 0; a < 4; ++a) {
        directions |= ((enemy >> sights[a]->jumpable[0].index) & 1u) << static_cast<int>(kAxes[a]);
        directions |= ((enemy >> sights[a]->jumpable[1].index) & 1u) << static_cast<int>(opposite(kAxes[a]));
    }
    return directions;
}

// The same for a mullah on p.
constexpr unsigned mullah_jump_directions(Point p, Bitboard enemy, Bitboard occupied) {
    return jump_directions(sights_from(p, occupied), enemy);
}

// Every empty point from which a flying piece would have a jump, all at once (and some occupied ones,
// which callers mask off): in each direction, the points right before an enemy piece with an empty
// point beyond, and the empty points behind those (a line has room for two between a mullah and the
// piece it jumps). What the landing rule asks of every landing point of a jump, for about two of them.
constexpr Bitboard jump_points(Bitboard enemy, Bitboard empty) {
    Bitboard from = 0;
    for (Direction d : kDirections) {
        const Direction back = opposite(d);
        Bitboard seen = shift(shift(empty, back) & enemy, back);
        seen |= shift(seen & empty, back);
        seen |= shift(seen & empty, back);
        from |= seen;
    }
    return from;
}

// The points a mullah on p steps to, by direction (in the order moves are listed).
constexpr std::array<Bitboard, kDirectionCount> mullah_steps_by_direction(Point p, Bitboard occupied) {
    const Sights sights = sights_from(p, occupied);
    std::array<Bitboard, kDirectionCount> steps{};
    for (Direction d : kDirections) steps[static_cast<int>(d)] = ray(p, d) & sights[axis_of(d)]->reach;
    return steps;
}

// Whether a mullah on p has a jump.
constexpr bool mullah_can_capture(Point p, Bitboard enemy, Bitboard occupied) {
    return mullah_jump_directions(p, enemy, occupied) != 0;
}

// The empty points each of `mullahs` can step to, counted mullah by mullah (two on one line both count
// the points between them), and whether any of them has a jump.
template <class Bits>
inline std::pair<std::uint64_t, bool> mullah_steps_and_jumps(Bitboard mullahs, Bitboard enemy, Bitboard occupied) {
    std::uint64_t steps = 0;
    Bitboard jumps = 0;
    for (Point p : points(mullahs)) {
        Bitboard reach = 0;  // the lines through p meet only at p, so their reaches are disjoint
        for (const LineSight* sight : sights_from(p, occupied)) {
            reach |= sight->reach;
            jumps |= sight->jumpables();
        }
        steps += static_cast<std::uint64_t>(Bits::popcount(reach));
    }
    return {steps, (jumps & enemy) != 0};
}

// The directions a man of colour Us steps and captures in, fixed at compile time so loops over them unroll.
template <Color Us, bool Backward>
struct ManDirections {
    static constexpr DirectionSet step = man_step_directions(Us);
    static constexpr DirectionSet capture = man_capture_directions(Us, Backward);
};

// The landing points of the short leaps open to a man on p: one per direction with an enemy next to it
// and an empty point beyond. Computed with shifts and no branches, which the capture search, the
// hottest code of perft, cannot afford to mispredict.
template <Color Us, bool Backward>
constexpr Bitboard short_leap_landings(Point p, Bitboard enemy, Bitboard empty) {
    Bitboard landings = 0;
    for (Direction d : ManDirections<Us, Backward>::capture) landings |= shift(shift(bit(p), d) & enemy, d);
    return landings & empty;
}

// The point a short leap from `from` to `land` passes over: halfway, since both steps share a direction.
constexpr Point jumped_point(Point from, Point land) {
    return Point{static_cast<std::uint8_t>((from.index + land.index) / 2)};
}

// The men in `men` with a first jump: an enemy next to them on a line, with an empty point beyond.
template <Color Us, bool Backward>
constexpr Bitboard capturing_men(Bitboard men, Bitboard enemy, Bitboard empty) {
    Bitboard movers = 0;
    for (Direction d : ManDirections<Us, Backward>::capture) {
        const Direction back = opposite(d);
        movers |= shift(shift(empty, back) & enemy, back);
    }
    return movers & men;
}

// The men of Us with a jump whose every jump ends its sequence, and the number of those jumps:
// sequences counted without walking them. Whether a man landing on L can jump on is read off the board
// before the move: the two points the jump emptied (its start and the piece taken) lie behind L in
// the direction it came from, where the next jump over the taken point would need both, so no jump
// from L involves them. A landing on the last rank is left to the walk unless the man stays a man.
template <Color Us, bool Backward, class Bits = TableBits>
constexpr std::pair<Bitboard, std::uint64_t> single_jump_men(Bitboard men, Bitboard enemy, Bitboard empty,
                                                             bool promotion_end) {
    const Bitboard stop_here = promotion_end ? 0 : last_rank(Us);
    Bitboard goes_on = stop_here;  // the points where a man of Us would have a jump (or stops: see above)
    for (Direction d : ManDirections<Us, Backward>::capture) {
        const Direction back = opposite(d);
        goes_on |= shift(shift(empty, back) & enemy, back);
    }
    Bitboard walked = 0;
    for (Direction d : ManDirections<Us, Backward>::capture) {
        const Direction back = opposite(d);
        walked |= shift(shift(shift(shift(men, d) & enemy, d) & empty & goes_on, back), back);
    }
    const Bitboard single = men & ~walked;
    std::uint64_t jumps = 0;
    for (Direction d : ManDirections<Us, Backward>::capture)
        jumps += static_cast<std::uint64_t>(Bits::popcount(shift(shift(single, d) & enemy, d) & empty));
    return {single, jumps};
}

// Whether any of `mullahs` has a jump.
constexpr bool mullahs_can_capture(Bitboard mullahs, Bitboard enemy, Bitboard empty) {
    for (Point p : points(mullahs))
        if (mullah_can_capture(p, enemy, kAllPoints & ~empty)) return true;
    return false;
}

// Where a capture sequence has got to: with the board it started on, everything the rest of it
// depends on (captured pieces are gone, so the order they were taken in no longer matters).
struct WalkState {
    Point from;      // where the capturing piece started
    Point at;        // where it stands now
    bool mullah;     // whether it captures as a mullah by now
    Bitboard enemy;  // the enemy pieces not yet captured
    int depth;       // the jumps made so far

    // One number per state of one position's walk (depth follows from `enemy`), below 2^36.
    constexpr std::uint64_t key() const {
        return (std::uint64_t{enemy} << 11) | (std::uint64_t{mullah} << 10) | (std::uint64_t{at.index} << 5) |
               from.index;
    }
};

// A sink that steers the walk, rather than only receiving its sequences, says so with kSteers and provides
//   Bitboard only(int depth)        the landing points the jump after `depth` jumps may take (a given path),
//   bool enter(const WalkState&)    whether to walk on from a state at all,
//   void leave(const WalkState&)    called once the sequences from an entered state are walked,
//   bool done()                     true once the walk may stop.
// Perft's sinks do not steer, and for them these calls compile to nothing.
template <class Sink>
concept SteeringSink = Sink::kSteers;

// A sink that only counts sequences may take the last jump's landings as a number:
//   void count(int jumps, std::uint64_t n)   n sequences of `jumps` jumps each ended.
template <class Sink>
concept CountingSink = requires(Sink& sink) {
    sink.count(1, std::uint64_t{1});
};

// Walks every complete capture sequence by recursion, carrying the captured set, and hands each
// finished one to sink(const Move&). Captured pieces leave the board at once (immediate removal).
// This walk is the one statement of the capture rules: listing, counting and checking a given move
// all go through it.
template <class Sink, Color Us, bool Backward>
class CaptureWalker {
public:
    CaptureWalker(Promotion promotion, Sink& sink) : promotion_(promotion), sink_(sink) {}

    // Walks the sequences of the given men and mullahs of Us (pieces without a first jump add nothing).
    void walk(const Position& pos, Bitboard men, Bitboard mullahs) {
        const Bitboard enemy = pos.of(opponent(Us));
        const Bitboard occupied = pos.occupied();
        for (Point p : points(men)) {
            move_.from = p;
            man(p, enemy, occupied & ~bit(p), 0);
            if (stopped()) return;
        }
        for (Point p : points(mullahs)) {
            move_.from = p;
            mullah(p, enemy, occupied & ~bit(p), 0);
            if (stopped()) return;
        }
    }

private:
    static constexpr bool kSteered = SteeringSink<Sink>;

    bool stopped() const {
        if constexpr (kSteered) return sink_.done();
        else return false;
    }
    Bitboard allowed(Bitboard landings, int depth) const {
        if constexpr (kSteered) return landings & sink_.only(depth);
        else return landings;
    }

    // A man on p after `depth` jumps: short leaps only.
    void man(Point p, Bitboard enemy, Bitboard occupied, int depth) {
        if constexpr (kSteered)
            if (!sink_.enter(WalkState{move_.from, p, false, enemy, depth})) return;
        const Bitboard landings = short_leap_landings<Us, Backward>(p, enemy, kAllPoints & ~occupied);
        for (Point land : points(allowed(landings, depth))) {
            const Point over = jumped_point(p, land);
            move_.path[depth] = land;
            move_.captured |= bit(over);
            const Bitboard enemy_after = enemy & ~bit(over);
            const Bitboard occupied_after = occupied & ~bit(over);
            if (promotion_ == Promotion::End || !contains(kLastRank, land)) {
                man(land, enemy_after, occupied_after, depth + 1);
            } else {
                move_.promotes = true;
                if (promotion_ == Promotion::Immediate) mullah(land, enemy_after, occupied_after, depth + 1);
                else emit(depth + 1);
                move_.promotes = false;
            }
            move_.captured &= ~bit(over);
            if (stopped()) return;
        }
        if (!landings && depth > 0) {
            // Only under promotion=end can a man still be a man on its last rank here.
            move_.promotes = contains(kLastRank, p);
            emit(depth);
            move_.promotes = false;
        }
        if constexpr (kSteered) sink_.leave(WalkState{move_.from, p, false, enemy, depth});
    }

    // A mullah on p after `depth` jumps: long leaps, with the landing rule.
    void mullah(Point p, Bitboard enemy, Bitboard occupied, int depth) {
        if constexpr (kSteered)
            if (!sink_.enter(WalkState{move_.from, p, true, enemy, depth})) return;
        const Sights sights = sights_from(p, occupied);
        const unsigned directions = jump_directions(sights, enemy);
        for (unsigned rest = directions; rest; rest &= rest - 1) {
            const Direction d = static_cast<Direction>(std::countr_zero(rest));
            if constexpr (kSteered)
                if (!allowed(ray(p, d), depth)) continue;  // a given path leaves in another direction
            const LineSight& sight = *sights[axis_of(d)];
            const int side = is_increasing(d) ? 0 : 1;
            const Point over = sight.jumpable[side];
            const Bitboard landings = sight.landings[side];
            const Bitboard enemy_after = enemy & ~bit(over);
            const Bitboard occupied_after = occupied & ~bit(over);
            move_.captured |= bit(over);
            // The landing rule: where some landing point of this jump lets the capture go on, only those may be chosen.
            // With the last enemy piece taken none can (the board-wide search for jumps is a third of a count's cost).
            const Bitboard continuing = enemy_after ? landings & jump_points(enemy_after, kAllPoints & ~occupied_after)
                                                    : 0;
            if (continuing) {
                for (Point land : points(allowed(continuing, depth))) {
                    move_.path[depth] = land;
                    mullah(land, enemy_after, occupied_after, depth + 1);
                    if (stopped()) break;
                }
            } else if constexpr (CountingSink<Sink> && !kSteered) {
                sink_.count(depth + 1, static_cast<std::uint64_t>(popcount(landings)));
            } else {
                for (Point land : points(allowed(landings, depth))) {
                    move_.path[depth] = land;
                    emit(depth + 1);
                    if (stopped()) break;
                }
            }
            move_.captured &= ~bit(over);
            if (stopped()) return;
        }
        if (!directions && depth > 0) emit(depth);
        if constexpr (kSteered) sink_.leave(WalkState{move_.from, p, true, enemy, depth});
    }

    void emit(int depth) {
        move_.landings = static_cast<std::uint8_t>(depth);
        sink_(move_);
    }

    static constexpr Bitboard kLastRank = last_rank(Us);
    Promotion promotion_;
    Sink& sink_;
    Move move_{};
};

// Counts sequences, or under majority only those that capture the most.
struct CaptureCounter {
    bool majority = false;
    std::uint64_t total = 0;
    int best = 0;
    void operator()(const Move& m) { count(m.landings, 1); }
    void count(int jumps, std::uint64_t n) {  // one capture per jump
        if (!majority) {
            total += n;
            return;
        }
        if (jumps > best) {
            best = jumps;
            total = n;
        } else if (jumps == best) {
            total += n;
        }
    }
};

struct CaptureCollector {
    MoveList& list;
    void operator()(const Move& m) { list.push_back(m); }
};

// Values by WalkState key, by open addressing: the memory of the longest-capture search. Its slots
// come from a pool kept per thread and are not cleared between searches: each search stamps its keys
// with a generation of its own, and a slot stamped with another generation is empty. So a search
// costs no allocation and no clearing, and each state one probe (find_or_add).
class StateTable {
public:
    StateTable() : slots_(acquire()) {
        if (++slots_.generation > kMaxGeneration) {
            std::fill(slots_.keys.begin(), slots_.keys.end(), 0);
            slots_.generation = 1;
        }
        stamp_ = std::uint64_t{slots_.generation} << kKeyBits;
        attach();
    }
    ~StateTable() { pool().push_back(std::move(slots_)); }
    StateTable(const StateTable&) = delete;
    StateTable& operator=(const StateTable&) = delete;

    // The value kept for key (below 2^kKeyBits), or nullptr.
    const std::int8_t* find(std::uint64_t key) const {
        const std::size_t i = probe(key | stamp_);
        return keys_[i] == (key | stamp_) ? &values_[i] : nullptr;
    }
    // The slot of key, added with the value `initial` if it was not there, and whether it was added.
    std::pair<std::size_t, bool> find_or_add(std::uint64_t key, std::int8_t initial) {
        std::size_t i = probe(key | stamp_);
        if (keys_[i] == (key | stamp_)) return {i, false};
        if (2 * (used_ + 1) > mask_ + 1) {
            grow();
            i = probe(key | stamp_);
        }
        ++used_;
        keys_[i] = key | stamp_;
        values_[i] = initial;
        return {i, true};
    }
    std::int8_t value(std::size_t slot) const { return values_[slot]; }
    // Sets the value of key, which find_or_add put in `slot` (moved since only if the table grew).
    void set(std::uint64_t key, std::size_t slot, std::int8_t value) {
        if (keys_[slot] != (key | stamp_)) slot = probe(key | stamp_);
        values_[slot] = value;
    }

    static constexpr int kKeyBits = 40;

private:
    static constexpr std::uint32_t kMaxGeneration = (1u << 23) - 1;
    static constexpr std::uint64_t kStampMask = ~((std::uint64_t{1} << kKeyBits) - 1);
    struct Slots {
        std::vector<std::uint64_t> keys = std::vector<std::uint64_t>(std::size_t{1} << 14);
        std::vector<std::int8_t> values = std::vector<std::int8_t>(keys.size());
        std::uint32_t generation = 0;
    };
    // Slots not in use by a table of this thread (a search may keep one table while it makes another).
    // (Held by value: the vectors move, their buffers stay where they are.)
    static std::vector<Slots>& pool() {
        thread_local std::vector<Slots> free;
        return free;
    }
    static Slots acquire() {
        auto& free = pool();
        if (free.empty()) return Slots{};
        Slots slots = std::move(free.back());
        free.pop_back();
        return slots;
    }
    // The slot holding `stamped`, or the empty slot where it belongs.
    std::size_t probe(std::uint64_t stamped) const {
        std::size_t i = static_cast<std::size_t>((stamped * 0x9e3779b97f4a7c15ull) >> 40) & mask_;
        while (keys_[i] != stamped && (keys_[i] & kStampMask) == stamp_) i = (i + 1) & mask_;
        return i;
    }
    void attach() {
        keys_ = slots_.keys.data();
        values_ = slots_.values.data();
        mask_ = slots_.keys.size() - 1;
    }
    // Twice the slots, fresh: this search's keys move over as generation 1, the others' are dropped.
    // Rare, and kept out of line so that find_or_add stays small enough to inline.
    [[gnu::noinline]] void grow() {
        std::vector<std::uint64_t> keys(slots_.keys.size() * 2);
        std::vector<std::int8_t> values(keys.size());
        std::swap(keys, slots_.keys);
        std::swap(values, slots_.values);
        const std::uint64_t old_stamp = stamp_;
        slots_.generation = 1;
        stamp_ = std::uint64_t{1} << kKeyBits;
        attach();
        for (std::size_t i = 0; i < keys.size(); ++i)
            if ((keys[i] & kStampMask) == old_stamp) {
                const std::uint64_t stamped = (keys[i] & ~kStampMask) | stamp_;
                const std::size_t j = probe(stamped);
                keys_[j] = stamped;
                values_[j] = values[i];
            }
    }
    Slots slots_;
    std::uint64_t* keys_ = nullptr;
    std::int8_t* values_ = nullptr;
    std::size_t mask_ = 0;
    std::uint64_t stamp_ = 0;
    std::size_t used_ = 0;
};

// Finds the most pieces any sequence takes, walking each state once: what can still be captured from a
// state does not depend on how it was reached, so a state met again adds nothing. Leaves in `further`,
// for every state met, the most captures still to come from it (-1: the piece cannot capture at all).
// Given landing points (`path`, `given`) keep the search to the sequences that begin with them.
// With `enough` set, the walk stops as soon as a sequence takes that many (`most` then says so, and
// `best` and `further` are incomplete).
struct LongestCapture {
    static constexpr bool kSteers = true;
    const Point* path = nullptr;
    int given = 0;
    int enough = kMaxCaptures + 1;
    StateTable further;
    std::array<int, kMaxCaptures + 2> best{};            // per open state, the longest sequence found through it
    std::array<std::size_t, kMaxCaptures + 2> slot{};    // per open state, its slot in `further`
    std::array<std::uint64_t, kMaxCaptures + 2> keys{};  // and its key
    int open = 0;                                        // best[0] is the longest of all
    int most = 0;                                        // the longest sequence met so far

    // The key of a state in `further`. States before the end of a given path are keyed apart: their
    // values count only the sequences along the path, and a later walk without it must not take them.
    static std::uint64_t key_of(const WalkState& s, int given) {
        return s.key() | (s.depth < given ? std::uint64_t{1} << 36 : 0);
    }

    Bitboard only(int depth) const { return depth < given ? bit(path[depth]) : kAllPoints; }
    bool done() const { return most >= enough; }
    // Inlined by force: called once per state of the search, where a call costs more than the probe.
    [[gnu::always_inline]] bool enter(const WalkState& s) {
        const std::uint64_t key = key_of(s, given);
        const auto [at, added] = further.find_or_add(key, -1);
        if (!added) {
            const int known = further.value(at);
            if (known >= 0) reach(s.depth + known);
            return false;
        }
        best[++open] = -1;
        slot[open] = at;
        keys[open] = key;
        return true;
    }
    [[gnu::always_inline]] void leave(const WalkState& s) {
        const int longest = best[open];
        further.set(keys[open], slot[open], static_cast<std::int8_t>(longest < 0 ? -1 : longest - s.depth));
        --open;
        best[open] = std::max(best[open], longest);
    }
    void operator()(const Move& m) { reach(m.landings); }

private:
    void reach(int n) {
        best[open] = std::max(best[open], n);
        most = std::max(most, n);
    }
};

// Follows given landing points and collects the legal sequences that are exactly those points
// (`exact`) or go on from them (`longer`, up to `limit`). Under majority, `longest` (from a
// LongestCapture walk of the same position) keeps the walk to the states on the way to a longest
// sequence, so that it never wanders through the shorter ones.
struct PathFinder {
    static constexpr bool kSteers = true;
    const Point* path = nullptr;
    int given = 0;
    std::size_t limit = 1;
    const LongestCapture* longest = nullptr;
    std::optional<Move> exact;
    std::vector<Move> longer;

    Bitboard only(int depth) const { return depth < given ? bit(path[depth]) : kAllPoints; }
    bool done() const { return exact.has_value() || longer.size() >= limit; }
    bool enter(const WalkState& s) const {
        if (!longest) return true;
        const std::int8_t* further = longest->further.find(LongestCapture::key_of(s, given));
        return further && *further >= 0 && s.depth + *further == longest->best[0];
    }
    void leave(const WalkState&) const {}
    void operator()(const Move& m) {
        if (longest && m.landings != longest->best[0]) return;
        if (m.landings == given) exact = m;
        else if (m.landings > given) longer.push_back(m);
    }
};

// Appends every step of the side to move to `out` (no capture check).
template <Color Us, bool Backward>
void generate_steps(const Position& pos, MoveList& out) {
    const Bitboard empty = pos.empty();
    Move m{};
    m.landings = 1;
    // Men by direction: each target of shift(men, d) has its man one step back.
    for (Direction d : ManDirections<Us, Backward>::step) {
        for (Point to : points(shift(pos.men(Us), d) & empty)) {
            m.from = Point{static_cast<std::uint8_t>(to.index - offset(d))};
            m.path[0] = to;
            m.promotes = contains(last_rank(Us), to);
            out.push_back(m);
        }
    }
    m.promotes = false;
    for (Point p : points(pos.mullahs_of(Us))) {
        m.from = p;
        const auto reach = mullah_steps_by_direction(p, pos.occupied());
        for (Direction d : kDirections)
            for (Point to : points(reach[static_cast<int>(d)])) {
                m.path[0] = to;
                out.push_back(m);
            }
    }
}

// Calls f.template operator()<Us, Backward>() for the side to move and the backward-captures switch, so that
// the generator is compiled once for each and its direction loops unroll.
template <class F>
decltype(auto) dispatch(const Position& pos, const Rules& rules, F&& f) {
    if (pos.side_to_move == Color::White)
        return rules.backward_captures ? f.template operator()<Color::White, true>()
                                       : f.template operator()<Color::White, false>();
    return rules.backward_captures ? f.template operator()<Color::Black, true>()
                                   : f.template operator()<Color::Black, false>();
}

}  // namespace detail

// Whether the side to move has a capture, so that capturing is compulsory (section 4).
inline bool has_capture(const Position& pos, const Rules& rules) {
    return detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard enemy = pos.them();
        const Bitboard empty = pos.empty();
        return detail::capturing_men<Us, Backward>(pos.men(Us), enemy, empty) != 0 ||
               detail::mullahs_can_capture(pos.mullahs_of(Us), enemy, empty);
    });
}

// Whether the side to move has a legal move at all (else the game is over), found without listing any.
// A step to an empty point answers it at once (there is a legal move, a capture if one is compulsory),
// so the dearer search for a capture is made only where no piece can step.
inline bool has_legal_move(const Position& pos, const Rules& rules) {
    const bool steps = detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard empty = pos.empty();
        Bitboard reached = 0;
        for (Direction d : detail::ManDirections<Us, Backward>::step) reached |= shift(pos.men(Us), d);
        for (Direction d : kDirections) reached |= shift(pos.mullahs_of(Us), d);
        return (reached & empty) != 0;
    });
    return steps || has_capture(pos, rules);
}

// Keeps only the sequences that capture the most pieces (the majority switch).
inline void keep_majority(MoveList& moves) {
    int best = 0;
    for (const Move& m : moves) best = m.capture_count() > best ? m.capture_count() : best;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (moves[i].capture_count() == best) moves[kept++] = moves[i];
    moves.truncate(kept);
}

// Every legal move of pos into `out` (cleared first): captures when any exist, else steps.
inline void generate_legal_moves(const Position& pos, const Rules& rules, MoveList& out) {
    out.clear();
    detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard enemy = pos.them();
        const Bitboard empty = pos.empty();
        const Bitboard men = detail::capturing_men<Us, Backward>(pos.men(Us), enemy, empty);
        const Bitboard mullahs = pos.mullahs_of(Us);
        if (men || detail::mullahs_can_capture(mullahs, enemy, empty)) {
            detail::CaptureCollector collector{out};
            detail::CaptureWalker<detail::CaptureCollector, Us, Backward>(rules.promotion, collector)
                .walk(pos, men, mullahs);
            if (rules.majority) keep_majority(out);
        } else {
            detail::generate_steps<Us, Backward>(pos, out);
        }
    });
}

inline MoveList legal_moves(const Position& pos, const Rules& rules) {
    MoveList list;
    generate_legal_moves(pos, rules, list);
    return list;
}

namespace detail {

// The number of legal moves of Us, counted without building them where possible (perft's bulk count).
// Bits counts the members of a set (TableBits or HardwareBits, see bitboard.hpp). Flattened: the
// look-ups, shifts and counts inline whoever calls it (an inlining budget spent elsewhere cost 13%).
template <Color Us, bool Backward, class Bits>
[[gnu::flatten]] inline std::uint64_t count_moves(const Position& pos, const Rules& rules) {
    const Bitboard enemy = pos.them();
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    const Bitboard mullahs = pos.mullahs_of(Us);
    const Bitboard jumping_men = capturing_men<Us, Backward>(men, enemy, empty);
    const auto [mullah_steps, mullah_jumps] = mullah_steps_and_jumps<Bits>(mullahs, enemy, kAllPoints & ~empty);
    if (jumping_men || mullah_jumps) {
        // Without majority every sequence counts, and those of a man that cannot jump twice need no walk
        // (nor a search for them when only mullahs capture); when no walk is left, none is started.
        const auto [single, single_jumps] = rules.majority || !jumping_men
                                                ? std::pair<Bitboard, std::uint64_t>{0, 0}
                                                : single_jump_men<Us, Backward, Bits>(
                                                      jumping_men, enemy, empty, rules.promotion == Promotion::End);
        const Bitboard walked_men = jumping_men & ~single;
        if (!walked_men && !mullah_jumps) return single_jumps;
        CaptureCounter counter{rules.majority};
        CaptureWalker<CaptureCounter, Us, Backward>(rules.promotion, counter)
            .walk(pos, walked_men, mullah_jumps ? mullahs : 0);
        return counter.total + single_jumps;
    }
    std::uint64_t n = mullah_steps;
    for (Direction d : ManDirections<Us, Backward>::step)
        n += static_cast<std::uint64_t>(Bits::popcount(shift(men, d) & empty));
    return n;
}

}  // namespace detail

// The number of legal moves, counted without building them where possible (perft's bulk count).
inline std::uint64_t count_legal_moves(const Position& pos, const Rules& rules) {
    return detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        return detail::count_moves<Us, Backward, TableBits>(pos, rules);
    });
}

namespace detail {

// The enemy pieces that could ever be jumped while the pieces of the side to move on `fixed_own`
// stay where they are. A jump over p along a line needs both its neighbours on that line free of
// enemy and fixed pieces at that moment: an enemy neighbour must have been jumped before. So the
// pieces that can go are found in the order they could go, starting from none: first those with a
// line already open, then those opened by them, and so on. Of two enemy pieces side by side on the
// only line either can be jumped along (e2 and e3 on the edge), neither ever goes: each waits for
// the other, which a count that starts from every piece and strikes out the walled-in ones misses.
// (The first piece of a sequence jumped outside this set would have had both neighbours free of
// pieces still outside it, so it would be in it.)
constexpr Bitboard jumpable_enemies(Bitboard enemy, Bitboard fixed_own) {
    Bitboard jumpable = 0;
    while (true) {
        const Bitboard open = kAllPoints & ~(fixed_own | (enemy & ~jumpable));
        Bitboard next = 0;
        for (Direction d : {Direction::North, Direction::NorthEast, Direction::East, Direction::SouthEast})
            next |= shift(open, d) & shift(open, opposite(d));
        next &= enemy;
        if (next == jumpable) return jumpable;
        jumpable = next;
    }
}

// The pieces of the side to move with a first jump.
template <Color Us, bool Backward>
Bitboard capturers(const Position& pos) {
    const Bitboard mullahs = pos.mullahs_of(Us);
    Bitboard movers = capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty());
    for (Point p : points(mullahs))
        if (mullah_can_capture(p, pos.them(), pos.occupied() & ~bit(p))) movers |= bit(p);
    return movers;
}

}  // namespace detail

// At least as many pieces as any capture sequence of the side to move takes, found without a search:
// the enemy pieces that could ever be jumped (detail::jumpable_enemies), pieces of the side to move
// that cannot capture never leaving their points. Under majority, a sequence taking this many needs
// no search for a longer one.
inline int capture_bound(const Position& pos, const Rules& rules) {
    const Bitboard fixed_own = detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard capturers = detail::capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty()) |
                                   pos.mullahs_of(Us);
        return pos.us() & ~capturers;
    });
    return popcount(detail::jumpable_enemies(pos.them(), fixed_own));
}

// The same for the sequences of the piece on `from` alone, tighter: while it captures, every other
// piece of the side to move stays where it is (a mullah beside an enemy piece on the edge walls it in).
inline int capture_bound(const Position& pos, Point from) {
    return popcount(detail::jumpable_enemies(pos.them(), pos.us() & ~bit(from)));
}

namespace detail {

// Whether some capture sequence of the side to move takes more than `count` pieces. Only the pieces
// whose capture_bound allows more are searched, and each search stops at the first such sequence:
// the question is never how long the longest is. `walked`, when given, has searched the sequences of
// the piece on `from` along a given path, and goes on with them: its states past the path are not
// walked twice.
inline bool captures_more_than(const Position& pos, const Rules& rules, int count, Point from, LongestCapture* walked) {
    if (count >= capture_bound(pos, rules)) return false;
    return dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard men = pos.men(Us);
        for (Point p : points(capturers<Us, Backward>(pos))) {
            if (capture_bound(pos, p) <= count) continue;
            std::optional<LongestCapture> own;
            LongestCapture& longest = walked && p == from ? *walked : own.emplace();
            longest.path = nullptr;
            longest.given = 0;
            longest.enough = count + 1;
            CaptureWalker<LongestCapture, Us, Backward>(rules.promotion, longest)
                .walk(pos, men & bit(p), pos.mullahs_of(Us) & bit(p));
            if (longest.most > count) return true;
        }
        return false;
    });
}

}  // namespace detail

// Whether some capture sequence of the side to move takes more than `count` pieces.
inline bool captures_more_than(const Position& pos, const Rules& rules, int count) {
    return detail::captures_more_than(pos, rules, count, kNoPoint, nullptr);
}

// The most pieces one capture sequence of the side to move takes; 0 when it has no capture.
inline int longest_capture(const Position& pos, const Rules& rules) {
    if (!has_capture(pos, rules)) return 0;
    return detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        detail::LongestCapture longest;
        longest.enough = capture_bound(pos, rules);  // none takes more
        const Bitboard men = detail::capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty());
        detail::CaptureWalker<detail::LongestCapture, Us, Backward>(rules.promotion, longest)
            .walk(pos, men, pos.mullahs_of(Us));
        return longest.most;
    });
}

// The legal moves named by a start and landing points: the move with exactly these points, and the
// legal moves that go on from them (at most `limit`, in the order legal_moves lists them).
struct PathMatch {
    std::optional<Move> exact;
    std::vector<Move> longer;
};

// Matches a move as written (start, landing points, step or capture) against the rules by walking the
// given path alone: each jump checked by the capture walk itself, then the sequence complete and allowed
// (compulsory capture; under majority the most pieces). Never lists every legal move, which a mullah
// among scattered pieces can have tens of thousands of.
inline PathMatch match_path(const Position& pos, const Rules& rules, Point from, const Point* landings, int count,
                            bool capture, std::size_t limit = 1) {
    PathMatch result;
    if (count < 0 || count > kMaxCaptures || (!capture && count != 1)) return result;
    if (has_capture(pos, rules) != capture) return result;  // a capture is compulsory, and only then possible
    if (!capture) {
        // Steps are few (at most a few dozen): listing them is cheap.
        MoveList steps;
        detail::dispatch(pos, rules,
                         [&]<Color Us, bool Backward>() { detail::generate_steps<Us, Backward>(pos, steps); });
        for (const Move& m : steps)
            if (m.from == from && m.path[0] == landings[0]) result.exact = m;
        return result;
    }
    detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard enemy = pos.them();
        const Bitboard empty = pos.empty();
        const Bitboard men = detail::capturing_men<Us, Backward>(pos.men(Us), enemy, empty);
        const Bitboard mullahs = pos.mullahs_of(Us);
        // With no landing points given, every piece's sequences go on from "nothing".
        const Bitboard only = count == 0 ? kAllPoints : bit(from);
        const auto find = [&](const detail::LongestCapture* longest) {
            detail::PathFinder finder;
            finder.path = landings;
            finder.given = count;
            finder.limit = std::max<std::size_t>(limit, 1);
            finder.longest = longest;
            detail::CaptureWalker<detail::PathFinder, Us, Backward>(rules.promotion, finder)
                .walk(pos, men & only, mullahs & only);
            result.exact = finder.exact;
            result.longer = std::move(finder.longer);
            if (result.longer.size() > limit) result.longer.resize(limit);
        };
        if (!rules.majority) return find(nullptr);
        if (count > 0) {
            // A whole sequence that takes as many as any could (capture_bound) takes the most: no search.
            find(nullptr);
            if (result.exact && result.exact->capture_count() >= capture_bound(pos, rules)) return;
        }
        detail::LongestCapture longest;
        if (count > 0 && !result.exact) {
            // A beginning: the longest sequences that go on from it, then whether any other is longer.
            longest.path = landings;
            longest.given = count;
            detail::CaptureWalker<detail::LongestCapture, Us, Backward>(rules.promotion, longest)
                .walk(pos, men & only, mullahs & only);
            result.longer.clear();                 // found above without regard to majority
            if (longest.best[0] <= count) return;  // nothing goes on from it
            // The walk of the piece on `from` goes on from where the walk along the path left it; a walk that
            // finds nothing longer leaves best[0] and the values along the path as they were.
            if (detail::captures_more_than(pos, rules, longest.best[0], from, &longest)) return;
            return find(&longest);
        }
        if (result.exact) {
            if (captures_more_than(pos, rules, result.exact->capture_count())) result.exact.reset();
            return;
        }
        detail::CaptureWalker<detail::LongestCapture, Us, Backward>(rules.promotion, longest).walk(pos, men, mullahs);
        find(&longest);
    });
    return result;
}

// The first of the legal moves in the order legal_moves lists them, found without listing them all.
inline std::optional<Move> first_legal_move(const Position& pos, const Rules& rules) {
    if (has_capture(pos, rules)) {
        PathMatch match = match_path(pos, rules, Point{}, nullptr, 0, true, 1);
        if (match.longer.empty()) return std::nullopt;
        return match.longer.front();
    }
    MoveList steps;
    detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() { detail::generate_steps<Us, Backward>(pos, steps); });
    if (steps.empty()) return std::nullopt;
    return steps[0];
}

}  // namespace fetaix
