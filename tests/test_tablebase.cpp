// Endgame tables: the index, values derived by hand, a plain depth-bounded minimax of sampled positions,
// and the consistency check (every value follows from its successors).

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>
#include <fetaix/tablebase.hpp>

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

TEST_CASE("tablebase colour symmetry: a material solved itself has the values probed through its mirror", "[tablebase]") {
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
