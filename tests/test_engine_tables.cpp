// The engine with endgame tables: the root's move is the tables', a held position is
// scored from them, a won ending is converted in exactly the tables' distance, and within the
// no-progress count when the count stands high. The tables are solved here, in memory (up to 3 pieces).

#include <algorithm>
#include <cstdlib>

#include <catch2/catch.hpp>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "helpers.hpp"
#include "solved_tables.hpp"

using namespace fetaix;
using fetaix::test::fen;
namespace tb = fetaix::tablebase;

namespace {

// The side to move's value as a score at the root, as the search's mates are: kMate - D for a win in D.
int root_score(const tb::Value& v) {
    if (v.verdict == tb::Verdict::Draw) return 0;
    return v.verdict == tb::Verdict::Win ? engine::kMate - v.distance : -engine::kMate + v.distance;
}

}  // namespace

TEST_CASE("engine with tables: a root the tables hold is answered with their move and value", "[engine][tablebase]") {
    const Rules rules;
    const tb::Set& set = test::solved_tables(3);
    engine::SetTables tables(set);
    engine::Search search(1u << 12);
    search.set_tables(&tables);
    int checked = 0;
    for (const tb::Material& m : {tb::Material{1, 1, 0, 1}, tb::Material{0, 2, 1, 0}, tb::Material{1, 0, 1, 1}}) {
        const tb::Index index(m);
        for (std::uint64_t i = 0; i < index.size(); i += 37) {
            const auto p = index.position(i);
            if (!p || !has_legal_move(*p, rules)) continue;
            const tb::Value value = *set.probe(*p);
            const engine::Result r = search.run(*p, rules, {}, {});
            REQUIRE(r.has_move);
            REQUIRE(r.table);
            CHECK(*r.table == value);
            CHECK(r.score == root_score(value));
            CHECK(r.nodes == 0);  // nothing searched
            // The move keeps the value: to a loss one ply shorter, a draw, or a win one ply shorter.
            const Position q = p->after(r.best);
            const tb::Value after = *set.probe(q);
            if (value.verdict == tb::Verdict::Draw) CHECK(after.verdict == tb::Verdict::Draw);
            else
                CHECK(after == tb::Value{value.verdict == tb::Verdict::Win ? tb::Verdict::Loss : tb::Verdict::Win,
                                         value.distance - 1});
            ++checked;
        }
    }
    CHECK(checked > 500);
    // A material the tables do not hold is searched.
    engine::Limits depth3;
    depth3.depth = 3;
    const engine::Result r = search.run(fen("W:Wa1,b1:Bd5,e5"), rules, {}, depth3);
    CHECK_FALSE(r.table);
    CHECK(r.nodes > 0);
}

TEST_CASE("engine with tables: a held position in the search is scored from them", "[engine][tablebase]") {
    const Rules rules;
    const tb::Set& set = test::solved_tables(3);
    engine::SetTables tables(set);
    engine::Limits depth1;
    depth1.depth = 1;
    // Four mullahs (not held) whose every move takes one (into three, held) and whose value is more
    // than a ply or two away: at depth 1 the score is the best of the tables' values one ply down.
    const tb::Index index(tb::Material{0, 2, 0, 2});
    int found = 0, unseen = 0;
    for (std::uint64_t i = 0; i < index.size() && found < 20; ++i) {
        const auto root = index.position(i);
        if (!root) continue;
        const MoveList moves = legal_moves(*root, rules);
        if (moves.size() < 2 ||
            !std::all_of(moves.begin(), moves.end(), [](const Move& m) { return m.capture_count() == 1; }))
            continue;
        int expected = -engine::kMate;
        for (const Move& m : moves) {
            const tb::Value v = *set.probe(root->after(m));
            // The child's value for its side to move, one ply down, seen from the root.
            const int child = v.verdict == tb::Verdict::Draw  ? 0
                              : v.verdict == tb::Verdict::Win ? engine::kMate - 1 - v.distance
                                                              : -engine::kMate + 1 + v.distance;
            expected = std::max(expected, -child);
        }
        if (std::abs(expected) > engine::kMate - 4 || expected == 0) continue;
        ++found;
        engine::Search search(1u << 12);
        search.set_tables(&tables);
        const engine::Result r = search.run(*root, rules, {}, depth1);
        CHECK_FALSE(r.table);
        CHECK(r.score == expected);
        // Without the tables, depth 1 (and its captures played out) mostly sees no such thing.
        engine::Search plain(1u << 12);
        if (plain.run(*root, rules, {}, depth1).score != expected) ++unseen;
    }
    CHECK(found == 20);
    CHECK(unseen > 10);
}

TEST_CASE("engine with tables: level 8 wins a held ending in exactly the tables' distance", "[engine][tablebase]") {
    const Rules rules;
    const tb::Set& set = test::solved_tables(3);
    engine::SetTables tables(set);
    // The longest win of White's man and mullah against a mullah, White to move.
    const tb::Material material{1, 1, 0, 1};
    const tb::Index index(material);
    std::optional<Position> start;
    int longest = -1;
    for (std::uint64_t i = 0; i < index.size() / 2; ++i) {
        const auto p = index.position(i);
        if (!p) continue;
        const tb::Value v = *set.probe(*p);
        if (v.verdict == tb::Verdict::Win && v.distance > longest) {
            longest = v.distance;
            start = p;
        }
    }
    REQUIRE(start);
    REQUIRE(longest > 5);
    Game game(rules, *start);
    engine::Search white(1u << 14), black(1u << 14);
    while (!game.over()) {
        const bool w = game.position().side_to_move == Color::White;
        const engine::Result r = engine::think(w ? white : black, game, engine::kMaxLevel, 1, -1, {}, nullptr, &tables);
        REQUIRE(r.table);  // every position of the game is held
        REQUIRE(game.play(r.best));
    }
    CHECK(game.result().outcome == Outcome::WhiteWins);
    CHECK(static_cast<int>(game.ply()) == longest);
    // Levels below 7 do not use the tables.
    Game other(rules, *start);
    engine::Search s(1u << 14);
    CHECK_FALSE(engine::think(s, other, 6, 1, -1, {}, nullptr, &tables).table);
}

TEST_CASE("engine with tables: a value the no-progress count may not leave time for is searched",
          "[engine][tablebase]") {
    const Rules rules;  // no-progress draw after 50 plies
    engine::SetTables tables(test::solved_tables(3));
    engine::Search search(1u << 14);
    search.set_tables(&tables);
    engine::Limits limits;
    limits.nodes = 20000;
    // A win in 21: the count may stand at 29 (29 + 20 quiet plies before the deciding move stay below
    // 50), not at 30.
    const Position p = fen("W:Wc1,Kc2:BKa5");
    engine::History history;
    history.quiet_plies = 29;
    const engine::Result held = search.run(p, rules, history, limits);
    REQUIRE(held.table);
    CHECK(*held.table == tb::Value{tb::Verdict::Win, 21});
    history.quiet_plies = 30;
    const engine::Result searched = search.run(p, rules, history, limits);
    CHECK_FALSE(searched.table);
    CHECK(searched.nodes > 0);
    // With the rule off, any count.
    Rules off;
    off.no_progress = 0;
    history.quiet_plies = 200;
    CHECK(search.run(p, off, history, limits).table == tb::Value{tb::Verdict::Win, 21});
}
