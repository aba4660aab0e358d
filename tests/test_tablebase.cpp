// Endgame tables: the index, values derived by hand, a plain depth-bounded minimax of sampled positions,
// and the consistency check (every value follows from its successors).

#include <map>
#include <tuple>

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>
#include <fetaix/solve/tablebase.hpp>

using namespace fetaix;
namespace tb = fetaix::tablebase;

namespace {

Position fen(std::string_view text) {
    auto p = parse_fen(text);
    REQUIRE(p);
    return *p;
}

// Every material of up to n pieces, solved in order.
tb::Set solve_up_to(int n, const Rules& rules = {}) {
    tb::Set set;
    for (const tb::Material& m : tb::stored_materials_up_to(n)) {
        auto table = tb::solve(m, rules, set);
        REQUIRE(table);
        set.add(std::move(*table));
    }
    return set;
}

// A plain search that knows nothing of the tables: can the side to move end the game won within d
// plies, or must it lose within d plies whatever it does?
bool loses_within(const Position& p, int d, const Rules& rules);
bool wins_within(const Position& p, int d, const Rules& rules) {
    if (d <= 0 || !p.us()) return false;
    for (const Move& m : legal_moves(p, rules))
        if (loses_within(p.after(m), d - 1, rules)) return true;
    return false;
}
bool loses_within(const Position& p, int d, const Rules& rules) {
    if (!p.us()) return true;
    const MoveList moves = legal_moves(p, rules);
    if (moves.empty()) return true;
    if (d <= 0) return false;
    for (const Move& m : moves)
        if (!wins_within(p.after(m), d - 1, rules)) return false;
    return true;
}

}  // namespace

TEST_CASE("tablebase index: every position of a material once, men never on their last rank", "[tablebase]") {
    for (const tb::Material m : {tb::Material{0, 1, 1, 0}, tb::Material{1, 1, 1, 0}, tb::Material{2, 0, 0, 1}}) {
        const tb::Index index(m);
        std::uint64_t valid = 0;
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p) continue;
            ++valid;
            REQUIRE(index.index(*p) == i);
            REQUIRE(tb::material_of(*p) == m);
            REQUIRE((p->men(Color::White) & last_rank(Color::White)) == 0);
            REQUIRE((p->men(Color::Black) & last_rank(Color::Black)) == 0);
        }
        // Counted by hand: men on 20 points each, mullahs on what is left, both sides to move.
        if (m == tb::Material{0, 1, 1, 0}) CHECK(valid == 2 * 20 * 24);
        // The two men share ranks 2 to 4 (15 points): 20 * 20 - 15 pairs, the mullah on the other 23.
        if (m == tb::Material{1, 1, 1, 0}) CHECK(valid == 2 * (20 * 20 - 15) * 23);
    }
}

TEST_CASE("tablebase values of tiny positions, derived by hand", "[tablebase]") {
    const tb::Set set = solve_up_to(3);
    const auto value = [&](std::string_view text) { return tb::describe(*set.probe(fen(text))); };
    // The mullah takes the man flying over it; the man takes the mullah forward (Black moves down).
    CHECK(value("W:WKc3:Bc4") == "win 1");
    CHECK(value("B:WKc3:Bc4") == "win 1");
    // The side with nothing left has lost.
    CHECK(tb::describe(*set.probe(fen("W:W:BKc4"))) == "loss 0");
}

// The board turned half round with the colours swapped: the same game for the other side.
Position turned(const Position& p) {
    const auto turn = [](Bitboard b) {
        Bitboard out = 0;
        for (Point q : points(b)) out |= Bitboard{1} << (24 - q.index);
        return out;
    };
    Position t;
    t.pieces = {turn(p.pieces[1]), turn(p.pieces[0])};
    t.mullahs = turn(p.mullahs);
    t.side_to_move = opponent(p.side_to_move);
    return t;
}

TEST_CASE("tablebase colour symmetry: a material solved itself has the values probed through its mirror",
          "[tablebase]") {
    const Rules rules;
    const tb::Set set = solve_up_to(4, rules);
    int unstored = 0;
    for (const tb::Material& m : tb::materials_up_to(4)) {
        if (tb::is_stored(m)) {
            REQUIRE(set.find(m));
            continue;
        }
        REQUIRE_FALSE(set.find(m));
        ++unstored;
        const auto table = tb::solve(m, rules, set);
        REQUIRE(table);
        const tb::Index index(m);
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p) continue;
            REQUIRE(tb::mirror(*p) == turned(*p));
            INFO(to_fen(*p));
            REQUIRE(tb::decode(table->entries[i]) == *set.probe(*p));
        }
    }
    CHECK(unstored == 18);  // of the 41 materials of up to 4 pieces: 18 mirrored pairs and 5 their own mirror
}

TEST_CASE("tablebase solve needs only the materials of successor_materials", "[tablebase]") {
    const Rules rules;
    const tb::Set all = solve_up_to(4, rules);
    for (const tb::Material& m : tb::stored_materials_up_to(4)) {
        tb::Set some;
        for (const tb::Material& s : tb::successor_materials(m)) some.add(*all.find(s));
        const auto table = tb::solve(m, rules, some, {}, 2);
        INFO(tb::name_of(m));
        REQUIRE(table);
        CHECK(table->entries == all.find(m)->entries);
    }
    // Without them: a clear error, not a crash.
    const auto missing = tb::solve(tb::Material{1, 0, 1, 0}, rules, tb::Set{});
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message.find("1m0k-1m0k: the material of ") == 0);
}

TEST_CASE("tablebase agrees with a plain minimax on sampled positions", "[tablebase]") {
    const Rules rules;
    const tb::Set set = solve_up_to(3, rules);
    constexpr int kDepth = 6;
    int compared = 0, decided = 0;
    for (const tb::Table& t : set.tables()) {
        const tb::Index index(t.material);
        // A fixed stride through the index: a spread of positions, the same in every run.
        for (std::uint64_t i = 0; i < index.size(); i += 97) {
            const auto p = index.position(i);
            if (!p) continue;
            const tb::Value v = *set.probe(*p);
            INFO(to_fen(*p) << " " << tb::describe(v));
            if (v.verdict == tb::Verdict::Win && v.distance <= kDepth) {
                CHECK(wins_within(*p, v.distance, rules));
                CHECK_FALSE(wins_within(*p, v.distance - 1, rules));
                ++decided;
            } else if (v.verdict == tb::Verdict::Loss && v.distance <= kDepth) {
                CHECK(loses_within(*p, v.distance, rules));
                CHECK_FALSE(loses_within(*p, v.distance - 1, rules));
                ++decided;
            } else {
                CHECK_FALSE(wins_within(*p, kDepth, rules));
                CHECK_FALSE(loses_within(*p, kDepth, rules));
            }
            ++compared;
        }
    }
    CHECK(compared > 500);
    CHECK(decided > 100);
}

TEST_CASE("tablebase check: every value follows from its successors, and a wrong one is found", "[tablebase]") {
    for (const Rules& rules : {Rules{}, Rules{true, Promotion::Immediate, true, 50}}) {
        tb::Set set = solve_up_to(3, rules);
        for (const tb::Table& t : set.tables()) CHECK_FALSE(tb::check(t, rules, set));
    }
    const Rules rules;
    const tb::Set set = solve_up_to(3, rules);
    // The same tables with one win made a step longer: W:WKc3:Bc4 is stored as its mirror, B:Wc2:BKc3 (1m0k-0m1k).
    tb::Set wrong;
    const tb::Material stored{1, 0, 0, 1};
    REQUIRE(tb::mirror(fen("W:WKc3:Bc4")) == fen("B:Wc2:BKc3"));
    for (tb::Table t : set.tables()) {
        if (t.material == stored) {
            const tb::Index index(t.material);
            const std::uint64_t i = index.index(fen("B:Wc2:BKc3"));
            REQUIRE(t.entries[i] == tb::encode({tb::Verdict::Win, 1}));
            t.entries[i] = tb::encode({tb::Verdict::Win, 2});
        }
        wrong.add(std::move(t));
    }
    REQUIRE_FALSE(wrong.find(tb::Material{0, 1, 1, 0}));
    const auto found = tb::check(*wrong.find(stored), rules, wrong);
    REQUIRE(found);
    CHECK(found->find("is win 2 but its successors make it win 1") != std::string::npos);
}

TEST_CASE("tablebase best move: the value it gives is the position's, the shortest win first", "[tablebase]") {
    const Rules rules;
    const tb::Set set = solve_up_to(3, rules);
    const auto choice = tb::best_move(fen("W:WKc3:Bc4"), rules, set);
    REQUIRE(choice);
    CHECK(to_string(choice->move) == "c3xc5");
    CHECK(choice->value == tb::Value{tb::Verdict::Win, 1});
    for (const tb::Table& t : set.tables()) {
        const tb::Index index(t.material);
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p || !has_legal_move(*p, rules)) continue;
            const auto c = tb::best_move(*p, rules, set);
            REQUIRE(c);
            REQUIRE(c->value == *set.probe(*p));
        }
    }
    // Moves into a material not in the set (4 pieces, no capture): no answer.
    CHECK_FALSE(tb::best_move(fen("W:WKa1,Kb1:Bd5,e5"), rules, set));
}

namespace {

// The game with the no-progress rule, searched plainly with its count (independent of quiet_stretch):
// the first stretch only, up to the first capture or man's move, whose position is then valued by the
// tables (rule off), or the end of the game. As Game::result: a move that ends the game wins first,
// then a count at `limit` draws. `shortest`: the winner plays only moves of the shortest win.
struct CountSearch {
    const tb::Set& set;
    const Rules& rules;
    int limit;
    bool shortest;
    std::map<std::tuple<Bitboard, Bitboard, Bitboard, int, int>, bool> memo;

    // Can the side to move of p, with the count at `count`, force the end of the stretch won?
    bool wins(const Position& p, int count) {
        const auto key = std::make_tuple(p.pieces[0], p.pieces[1], p.mullahs, static_cast<int>(p.side_to_move), count);
        if (const auto found = memo.find(key); found != memo.end()) return found->second;
        const tb::Value v = *set.probe(p);
        bool won = false;
        for (const Move& m : legal_moves(p, rules)) {
            const Position s = p.after(m);
            if (shortest && !(*set.probe(s) == tb::Value{tb::Verdict::Loss, v.distance - 1})) continue;
            if (!s.us() || !has_legal_move(s, rules)) won = true;
            else if (is_progress(p, m)) won = set.probe(s)->verdict == tb::Verdict::Loss;
            else won = count + 1 < limit && loses(s, count + 1);
            if (won) break;
        }
        return memo[key] = won;
    }
    // Must the side to move of p (which has a move), with the count at `count`, let the stretch end won for the other?
    bool loses(const Position& p, int count) {
        for (const Move& m : legal_moves(p, rules)) {
            const Position s = p.after(m);
            if (!s.us() || !has_legal_move(s, rules)) return false;  // it wins
            if (is_progress(p, m) ? set.probe(s)->verdict != tb::Verdict::Win
                                  : count + 1 >= limit || !wins(s, count + 1))
                return false;
        }
        return true;
    }
};

// The least limit under which the winner forces the first stretch from p, the count at 0 (0 for a
// loss in 0); nothing up to `most`.
std::optional<int> least_limit(const Position& p, const tb::Set& set, const Rules& rules, bool shortest, int most) {
    const tb::Value v = *set.probe(p);
    if (v == tb::Value{tb::Verdict::Loss, 0}) return 0;
    for (int limit = 1; limit <= most; ++limit) {
        CountSearch search{set, rules, limit, shortest, {}};
        if (v.verdict == tb::Verdict::Win ? search.wins(p, 0) : search.loses(p, 0)) return limit;
    }
    return std::nullopt;
}

std::vector<std::uint8_t> quiet_of(const tb::Set& set, const tb::Material& m, const Rules& rules = {}) {
    auto q = tb::quiet_stretch(*set.find(m), rules, set);
    REQUIRE(q);
    return *q;
}

}  // namespace

TEST_CASE("tablebase quiet stretch of tiny positions, derived by hand", "[tablebase][quiet]") {
    const tb::Set set = solve_up_to(3);
    const auto quiet = [&](std::string_view text) {
        const Position p = fen(text);
        const tb::Material m = tb::material_of(p);
        const bool stored = tb::is_stored(m);
        const auto q = quiet_of(set, stored ? m : tb::mirror(m));
        return static_cast<int>(q[tb::Index(stored ? m : tb::mirror(m)).index(stored ? p : tb::mirror(p))]);
    };
    const auto value = [&](std::string_view text) { return tb::describe(*set.probe(fen(text))); };
    // A capture at once: one ply.
    CHECK(quiet("W:WKc3:Bc4") == 1);
    // White's mullah on a1 against Black's man on c5 has no capture (c5 is on none of a1's lines), so it
    // steps, a quiet ply; Black then has only a man, and its move resets the count: two plies, though
    // the win takes longer. Black to move, its man's move is the first ply and resets the count.
    REQUIRE(value("W:WKa1:Bc5").rfind("win ", 0) == 0);
    CHECK(value("W:WKa1:Bc5") != "win 1");
    CHECK(value("W:WKa1:Bc5") != "win 2");
    CHECK(quiet("W:WKa1:Bc5") == 2);
    REQUIRE(value("B:WKa1:Bc5").rfind("loss ", 0) == 0);
    CHECK(quiet("B:WKa1:Bc5") == 1);
    // Two mullahs against one, none able to capture: b1-d1 offers the mullah, which Black must take
    // (landing on c1 or b1), and a1 takes it back along the first rank: a win in 3, the first two
    // plies a mullah's step and then a capture, so Q = 2.
    CHECK(value("W:WKa1,Kb1:BKe1") == "win 3");
    CHECK(quiet("W:WKa1,Kb1:BKe1") == 2);
}

TEST_CASE("tablebase quiet stretch agrees with a plain search that keeps the no-progress count", "[tablebase][quiet]") {
    const Rules rules;
    const tb::Set set = solve_up_to(3, rules);
    int compared = 0, shorter = 0;
    for (const tb::Table& t : set.tables()) {
        const auto q = quiet_of(set, t.material, rules);
        const tb::Index index(t.material);
        for (std::uint64_t i = 0; i < index.size(); i += 53) {
            const auto p = index.position(i);
            if (!p || tb::decode(t.entries[i]).verdict == tb::Verdict::Draw) continue;
            INFO(to_fen(*p) << " " << tb::describe(tb::decode(t.entries[i])) << " quiet " << int{q[i]});
            // The winner on its shortest wins: the least limit is Q exactly (the count draws from Q + 1 plies on).
            CHECK(least_limit(*p, set, rules, true, 60) == std::optional<int>(q[i]));
            // Any winning move: never more.
            const auto any = least_limit(*p, set, rules, false, q[i]);
            REQUIRE(any);
            CHECK(*any <= q[i]);
            if (*any < q[i]) ++shorter;
            ++compared;
        }
    }
    CHECK(compared > 300);
    WARN("positions where a longer win needs fewer quiet plies: " << shorter << " of " << compared);
}

TEST_CASE("tablebase quiet stretch: the default no-progress limit changes no value up to 4 pieces",
          "[tablebase][quiet]") {
    const Rules rules;
    const tb::Set set = solve_up_to(4, rules);
    int longest = 0;
    for (const tb::Table& t : set.tables()) {
        const auto q = quiet_of(set, t.material, rules);
        for (std::uint64_t i = 0; i < q.size(); ++i) {
            const tb::Value v = tb::decode(t.entries[i]);
            INFO(tb::name_of(t.material) << " " << i);
            REQUIRE(q[i] <= v.distance);  // never more than the whole win
            if (v.verdict != tb::Verdict::Draw && v.distance > 0) REQUIRE(q[i] >= 1);
            longest = std::max(longest, int{q[i]});
        }
    }
    CHECK(longest <= rules.no_progress);
}

TEST_CASE("tablebase quiet stretch needs the materials the winner's captures lead to", "[tablebase][quiet]") {
    const tb::Set all = solve_up_to(3);
    tb::Set some;
    const tb::Material m{1, 1, 1, 0};  // Black's man wins by captures into 2 pieces
    some.add(*all.find(m));
    const auto q = tb::quiet_stretch(*some.find(m), Rules{}, some);
    REQUIRE_FALSE(q);
    CHECK(q.error().message.find("1m1k-1m0k: the material of ") == 0);
    CHECK(q.error().message.find(" is not in the set") != std::string::npos);
}
