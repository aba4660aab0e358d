// The second check of the solver's proofs (tests/reference/proof_check.hpp): made with the reference
// generator, not the rules core, and with the endgame tables only as a guide whose every value is walked
// down to the ends of the game. The proofs come from the solver; the wrong ones are made by hand.

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>
#include <fetaix/solve/proof.hpp>
#include <fetaix/solve/solve.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "helpers.hpp"
#include "reference/proof_check.hpp"
#include "reference/table_guide.hpp"

using namespace fetaix;
using fetaix::test::fen;
namespace tb = fetaix::tablebase;

namespace {

tb::Set tables_up_to(int pieces, const Rules& rules) {
    tb::Set set;
    for (const tb::Material& m : tb::stored_materials_up_to(pieces)) set.add(tb::solve(m, rules, set).value());
    return set;
}

std::string replaced(std::string text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("reference proof check: a win in one, by hand", "[reference][solve]") {
    // White's mullah on c3 jumps Black's only piece and lands on c5: Black has no piece and no move.
    const std::string text =
        "fetaix proof 1\nrules backward-captures=no promotion=end majority=no\nposition W:WKc3:Bc4\nvalue win\n"
        "strategy White wins\nnodes 1\nW:WKc3:Bc4 c3xc5\n";
    // The rules line as reference_check reads it to pick the tables; none where it does not read.
    REQUIRE(reference::rules_of(text));
    CHECK(*reference::rules_of(text) == [] {
        Rules r;
        r.no_progress = 0;
        return r;
    }());
    Rules variant;
    variant.no_progress = 0;
    variant.backward_captures = true;
    variant.promotion = Promotion::Stop;
    CHECK(reference::rules_of("fetaix proof 1\nrules backward-captures=yes promotion=stop majority=no\n") == variant);
    CHECK_FALSE(reference::rules_of("fetaix proof 1\nrules promotion=never\n"));
    CHECK_FALSE(reference::rules_of("fetaix proof 1\nposition W:WKc3:Bc4\n"));
    CHECK_FALSE(reference::rules_of("fetaix proof 1"));
    const reference::ProofCheck ok = reference::check_proof(text, {});
    INFO(ok.failure.value_or(""));
    REQUIRE_FALSE(ok.failure);
    REQUIRE(ok.strategies.size() == 1);
    CHECK(ok.strategies[0].name == "White wins");
    CHECK(ok.strategies[0].listed == 1);
    CHECK(ok.strategies[0].from_tables == 0);
    // c3-c2 is a legal step but not the capture the rules compel: the reference does not generate it.
    CHECK(reference::check_proof(replaced(text, "c3xc5\n", "c3-c2\n"), {}).failure ==
          "White wins: W:WKc3:Bc4: the move 'c3-c2' is not one the reference generates");
    // Claimed for the side that loses: Black has no strategy in the file.
    CHECK(reference::check_proof(replaced(text, "value win", "value loss"), {}).failure ==
          "the value 'loss' needs the strategy 'Black wins'");
    CHECK(reference::check_proof(replaced(text, "majority=no", "majority=perhaps"), {}).failure ==
          "line 2: unknown rule 'majority=perhaps'");
    CHECK(reference::check_proof(replaced(text, "fetaix proof 1", "fetaix proof 9"), {}).failure ==
          "line 1: not a proof file ('fetaix proof 1')");
    CHECK(reference::check_proof(replaced(text, "nodes 1", "nodes 2"), {}).failure ==
          "line 7: the file ends inside a strategy");
}

TEST_CASE("reference proof check: the solver's proofs of sampled 3-piece positions, under every switch",
          "[reference][solve]") {
    int checked = 0, below_tables = 0;
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        const tb::Set lower = tables_up_to(2, rules);
        const reference::TableGuide guide = reference::guide_of(lower);
        for (const tb::Material& m : tb::stored_materials_up_to(3)) {
            if (m.pieces() != 3) continue;
            const tb::Index index(m);
            for (std::uint64_t i = 0; i < index.size(); i += 2111) {
                const auto p = index.position(i);
                if (!p) continue;
                solve::Solver solver(rules, &lower, 1 << 20);
                solver.poll = [](const solve::Stats& st) { return st.nodes >= 20000; };
                const solve::Solution s = solve::solve(solver, *p);
                if (!s.proof) continue;
                INFO(to_fen(*p));
                const reference::ProofCheck c = reference::check_proof(proof::to_text(*s.proof), guide);
                INFO(c.failure.value_or(""));
                REQUIRE_FALSE(c.failure);
                // Without the tables it rests on, a proof that stops at table positions is refused.
                std::size_t from_tables = 0;
                for (const auto& st : c.strategies) from_tables += st.from_tables;
                if (from_tables > 0) {
                    ++below_tables;
                    CHECK(reference::check_proof(proof::to_text(*s.proof), {})
                              .failure->find("not in the proof, not an end of the game, and not in the tables") !=
                          std::string::npos);
                }
                ++checked;
            }
        }
    }
    CHECK(checked > 100);
    CHECK(below_tables > 20);
}

TEST_CASE("reference proof check: mullah against mullah holds by going round, and is no win", "[reference][solve]") {
    // No tables: only repetition draws this; each hold is a closed set of positions with no end in it.
    const Position p = fen("W:WKc3:BKa5");
    solve::Solver solver(Rules{}, nullptr, 1 << 22);
    const solve::Solution s = solve::solve(solver, p);
    REQUIRE(s.answer.value == solve::Value::Draw);
    REQUIRE(s.proof);
    const std::string text = proof::to_text(*s.proof);
    const reference::ProofCheck c = reference::check_proof(text, {});
    INFO(c.failure.value_or(""));
    REQUIRE_FALSE(c.failure);
    REQUIRE(c.strategies.size() == 2);
    CHECK(c.strategies[0].listed > 100);
    // The same nodes offered as a win are refused: the play goes round.
    proof::Proof as_win = *s.proof;
    as_win.value = "win";
    as_win.strategies[0].wins = true;
    const auto refused = reference::check_proof(proof::to_text(as_win), {}).failure;
    REQUIRE(refused);
    CHECK(refused->find("stands twice on one line, so the strategy does not force a win") != std::string::npos);
}

TEST_CASE("reference proof check: draws of 4 pieces resting on the 3-piece tables", "[reference][solve]") {
    // The drawn positions test_solve.cpp proves; below each proof's table positions the walk goes on.
    const tb::Set lower = tables_up_to(3, Rules{});
    for (const char* text : {"W:Wb1,Ke4:BKc2,b5", "W:We1,e3:Ba5,e5", "B:Wa1,c4:Bc3,e3"}) {
        INFO(text);
        solve::Solver solver(Rules{}, &lower, 1 << 24);
        solver.poll = [](const solve::Stats& st) { return st.nodes >= 200000; };
        const solve::Solution s = solve::solve(solver, fen(text));
        REQUIRE(s.answer.value == solve::Value::Draw);
        REQUIRE(s.proof);
        const reference::ProofCheck c = reference::check_proof(proof::to_text(*s.proof), reference::guide_of(lower));
        INFO(c.failure.value_or(""));
        REQUIRE_FALSE(c.failure);
        CHECK(c.value == "draw");
        CHECK(c.strategies.at(0).name == "White holds");
        CHECK(c.strategies.at(1).name == "Black holds");
    }
}

TEST_CASE("reference proof check: the tables' values are not taken on trust", "[reference][solve]") {
    // Mullah against mullah is a draw. Tables that claim it a win for White, and every other position a loss
    // for the side to move, would make the empty proof below a win if they were believed.
    const std::string text =
        "fetaix proof 1\nrules backward-captures=no promotion=end majority=no\nposition W:WKc3:BKa5\nvalue win\n"
        "strategy White wins\nnodes 0\n";
    const reference::TableGuide lying = [](const reference::Board& b) -> std::optional<reference::Guide> {
        if (reference::board_fen(b) == "W:WKc3:BKa5") return reference::Guide{reference::Guide::Verdict::Win, 9};
        return reference::Guide{reference::Guide::Verdict::Loss, 1};
    };
    const auto refused = reference::check_proof(text, lying).failure;
    REQUIRE(refused);
    // White's moves the lie suggests either go round or lose the mullah: which, the walk finds first.
    CHECK((refused->find("stands twice on one line, so the strategy does not force a win") != std::string::npos ||
           refused->find("White has no move here and loses") != std::string::npos));
    // With the true tables the position is a draw, and the tables give White no winning move.
    const tb::Set tables = tables_up_to(2, Rules{});
    CHECK(reference::check_proof(text, reference::guide_of(tables)).failure ==
          "White wins: W:WKc3:BKa5: the tables give White no move that wins here");
}
