// The proof-number solver: its values against the tables built here by retrograde
// analysis, a win derived by hand, a draw that exists only by repetition, and proofs re-checked (a
// good one accepted, corrupted ones refused with the first bad node).

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>
#include <fetaix/solve/proof.hpp>
#include <fetaix/solve/solve.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;
namespace tb = fetaix::tablebase;

namespace {

solve::Value value_of(const tb::Value& v) {
    if (v.verdict == tb::Verdict::Win) return solve::Value::Win;
    if (v.verdict == tb::Verdict::Loss) return solve::Value::Loss;
    return solve::Value::Draw;
}

// Replaces the first `from` in text by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string verify_error(const std::string& text, const tb::Set* tables) {
    const auto parsed = proof::parse(text);
    REQUIRE(parsed);
    const auto checked = proof::verify(*parsed, tables);
    REQUIRE_FALSE(checked);
    return checked.error().message;
}

// The tables of up to `pieces` pieces built here: `lower` (fewer pieces: the solver's leaves) and `all`
// (the independent answer).
struct Leaves {
    tb::Set lower, all;
};
Leaves tables_below(int pieces, const Rules& rules = {}) {
    Leaves t;
    for (const tb::Material& m : tb::stored_materials_up_to(pieces)) {
        tb::Table table = tb::solve(m, rules, t.all).value();
        if (m.pieces() < pieces) t.lower.add(table);
        t.all.add(std::move(table));
    }
    return t;
}

}  // namespace

TEST_CASE("solve: the value of every sampled 3-piece position is the table's, with a proof that checks", "[solve]") {
    const Rules rules;
    const auto [lower, all] = tables_below(
        3, rules);  // the solver gets the 2-piece tables as leaves; the 3-piece ones are the answer
    int positions = 0, wins = 0, draws = 0, losses = 0, unknown = 0;
    for (const tb::Material& m : tb::stored_materials_up_to(3)) {
        if (m.pieces() != 3) continue;
        const tb::Index index(m);
        for (std::uint64_t i = 0; i < index.size(); i += 743) {  // one material of each mirrored pair is stored
            const auto p = index.position(i);
            if (!p) continue;
            solve::Solver solver(rules, &lower, 1 << 22);
            // A draw among mullahs can take the search long without tables of its own: those stop.
            solver.poll = [](const solve::Stats& st) { return st.nodes >= 50000; };
            const solve::Solution s = solve::solve(solver, *p);
            INFO(to_fen(*p) << ": " << s.problem);
            // Unknown (stopped, or a win whose proof repeats a position: never a value without its proof) is
            // allowed, rarely; a wrong value never.
            if (s.answer.value == solve::Value::Unknown) {
                ++unknown;
                continue;
            }
            CHECK(s.answer.value == value_of(*all.probe(*p)));
            REQUIRE(s.proof);
            CHECK(proof::verify(*proof::parse(proof::to_text(*s.proof)), &lower));
            ++positions;
            wins += s.answer.value == solve::Value::Win;
            draws += s.answer.value == solve::Value::Draw;
            losses += s.answer.value == solve::Value::Loss;
        }
    }
    CHECK(positions > 60);
    CHECK(unknown * 10 < positions);
    CHECK(wins > 0);
    CHECK(draws > 0);
    CHECK(losses > 0);
}

TEST_CASE("solve: a position is on the search's path exactly while it is there; keys sharing a count are told apart",
          "[solve]") {
    const Position a = fen("W:Wa1:Be5");
    const Position b = fen("W:Wb1:Be5");
    const Position c = fen("W:Wc1:Be5");
    solve::Path path;
    // The same top bits, so the same count: the look along the path decides.
    const std::uint64_t ka = 0xabc0000000000001ull, kb = 0xabc0000000000002ull;
    CHECK_FALSE(path.contains(a, ka));
    path.push(a, ka);
    CHECK(path.contains(a, ka));
    CHECK_FALSE(path.contains(b, kb));  // another key in the same count
    CHECK_FALSE(path.contains(b, ka));  // the same key, another position (a collision)
    path.push(b, kb);
    CHECK(path.contains(b, kb));
    path.pop();
    CHECK_FALSE(path.contains(b, kb));
    CHECK(path.contains(a, ka));
    path.pop();
    CHECK_FALSE(path.contains(a, ka));
    // The line before the root is on the path, by the keys of the search it starts.
    path.assign({a, c}, Color::White);
    CHECK(path.contains(c, solve::key_of(c, Color::White)));
    CHECK_FALSE(path.contains(c, solve::key_of(c, Color::Black)));
    CHECK_FALSE(path.contains(b, solve::key_of(b, Color::White)));
    path.assign({}, Color::White);
    CHECK_FALSE(path.contains(a, solve::key_of(a, Color::White)));
    // Nothing of the line before is left: a key in a's count, pushed now, does not bring a back.
    path.push(b, solve::key_of(a, Color::White) ^ 1);
    CHECK_FALSE(path.contains(a, solve::key_of(a, Color::White)));
    path.pop();
    // Keys in different counts: the one popped is the last pushed.
    const std::uint64_t kc = 0x1230000000000003ull;
    path.push(a, ka);
    path.push(c, kc);
    path.pop();
    CHECK(path.contains(a, ka));
    CHECK_FALSE(path.contains(c, kc));
}

TEST_CASE("solve: a win in one by hand, and its proof exactly", "[solve]") {
    // White's mullah on c3 jumps the only Black piece, c4, and lands on c5: Black has no piece left.
    solve::Solver solver(Rules{}, nullptr, 1 << 20);
    const solve::Solution s = solve::solve(solver, fen("W:WKc3:Bc4"));
    REQUIRE(s.answer.value == solve::Value::Win);
    REQUIRE(s.proof);
    CHECK(proof::to_text(*s.proof) ==
          "fetaix proof 1\nrules backward-captures=no promotion=end majority=no\nposition W:WKc3:Bc4\nvalue win\n"
          "strategy White wins\nnodes 1\nW:WKc3:Bc4 c3xc5\n");
    // Black to move in the same position steps away or is caught: the tables of 2 pieces say which.
    tb::Set tables;
    for (const tb::Material& m : tb::stored_materials_up_to(2)) tables.add(tb::solve(m, Rules{}, tables).value());
    solve::Solver with_tables(Rules{}, &tables, 1 << 20);
    CHECK(solve::solve(with_tables, fen("B:WKc3:Bc4")).answer.value == value_of(*tables.probe(fen("B:WKc3:Bc4"))));
}

TEST_CASE("solve: mullah against mullah is a draw by repetition only, proven with closed strategies", "[solve]") {
    // Without tables, and without the no-progress rule, only repetition can end this game in a draw.
    const Position p = fen("W:WKc3:BKa5");
    tb::Set tables;
    for (const tb::Material& m : tb::stored_materials_up_to(2)) tables.add(tb::solve(m, Rules{}, tables).value());
    REQUIRE(tables.probe(p)->verdict == tb::Verdict::Draw);
    solve::Solver solver(Rules{}, nullptr, 1 << 22);
    const solve::Solution s = solve::solve(solver, p);
    INFO(s.problem);
    REQUIRE(s.answer.value == solve::Value::Draw);
    REQUIRE(s.proof);
    REQUIRE(s.proof->strategies.size() == 2);
    const auto checked = proof::verify(*s.proof, nullptr);
    REQUIRE(checked);
    CHECK(checked->nodes > 100);  // the play goes round, not into an end
    // A holding strategy that goes round is a draw, never a win: the same nodes as "wins" are refused.
    proof::Proof as_win = *s.proof;
    as_win.value = "win";
    as_win.strategies[0].wins = true;
    CHECK_FALSE(proof::verify(as_win, nullptr));
}

TEST_CASE("solve --verify: a good proof is accepted, corrupted ones are refused at the first bad node", "[solve]") {
    tb::Set tables;
    for (const tb::Material& m : tb::stored_materials_up_to(2)) tables.add(tb::solve(m, Rules{}, tables).value());
    // A 3-piece win for the side to move with a proof of several nodes.
    const Position p = fen("B:Wc3,Kb2:BKe5");
    solve::Solver solver(Rules{}, &tables, 1 << 22);
    const solve::Solution s = solve::solve(solver, p);
    REQUIRE(s.answer.value == solve::Value::Loss);
    REQUIRE(s.proof);
    const std::string good = proof::to_text(*s.proof);
    REQUIRE(proof::verify(*proof::parse(good), &tables));

    // The winner's first move replaced by another legal one that does not win.
    const proof::Strategy& strategy = s.proof->strategies.at(0);
    std::string winner_line;
    for (const auto& [node, move] : strategy.nodes)
        if (!move.empty()) {
            winner_line = node + " " + move;
            break;
        }
    REQUIRE_FALSE(winner_line.empty());
    const Position at = fen(winner_line.substr(0, winner_line.find(' ')));
    const std::string chosen = winner_line.substr(winner_line.find(' ') + 1);
    std::string other;
    for (const Move& m : legal_moves(at, Rules{}))
        if (to_string(m) != chosen) other = to_string(m);
    REQUIRE_FALSE(other.empty());
    CHECK_FALSE(proof::verify(
        *proof::parse(replaced(good, winner_line, at == p ? to_fen(at) + " " + other : to_fen(at) + " " + other)),
        &tables));

    // An illegal move.
    CHECK(verify_error(replaced(good, winner_line, to_fen(at) + " a1-a2"), &tables) ==
          concat("White wins: ", to_fen(at),
                 ": the move 'a1-a2' is not legal: ", parse_move("a1-a2", at, Rules{}).error().describe()));

    // A node left out: the first line that answers every Black move.
    std::string loser_line;
    for (const auto& [node, move] : strategy.nodes)
        if (move.empty()) {
            loser_line = node;
            break;
        }
    REQUIRE_FALSE(loser_line.empty());
    std::string cut = replaced(good, "\n" + loser_line + "\n", "\n");
    cut = replaced(cut, concat("nodes ", strategy.nodes.size()), concat("nodes ", strategy.nodes.size() - 1));
    CHECK(verify_error(cut, &tables)
              .find(concat(loser_line, ": not in the proof and not an end of the game or a table position")) !=
          std::string::npos);

    // Without the tables its leaves rest on, the proof does not hold.
    CHECK_FALSE(proof::verify(*proof::parse(good), nullptr));
    // A damaged header.
    CHECK_FALSE(proof::parse(replaced(good, "value loss", "value maybe")));
}

TEST_CASE("solve: a search stopped and resumed from its table gives the same answer", "[solve]") {
    tb::Set tables;
    for (const tb::Material& m : tb::stored_materials_up_to(2)) tables.add(tb::solve(m, Rules{}, tables).value());
    const Position p = fen("B:Wc3,Kb2:BKe5");
    solve::Solver whole(Rules{}, &tables, 1 << 22);
    const solve::Solution direct = solve::solve(whole, p);
    REQUIRE(direct.answer.value != solve::Value::Unknown);

    solve::Solver first(Rules{}, &tables, 1 << 22);
    first.poll = [](const solve::Stats& st) { return st.nodes >= 2048; };
    const solve::Answer stopped = solve::search(first, p);
    REQUIRE(stopped.value == solve::Value::Unknown);
    // The checkpoint is the table: a new solver given its entries goes on.
    solve::Solver second(Rules{}, &tables, 1 << 22);
    for (const solve::Entry& e : first.table().slots())
        if (e.flags & solve::kUsed) second.table().store(e);
    const solve::Solution resumed = solve::solve(second, p, stopped.phase);
    CHECK(resumed.answer.value == direct.answer.value);
    CHECK(second.stats().nodes < whole.stats().nodes);  // the work before the stop was kept
}

TEST_CASE(
    "solve: a win is extracted even when the table's heights no longer fall: a move that goes round is taken back",
    "[solve]") {
    // Mullah endings go round easily; with every proof height set to 0 the first proven move is taken,
    // which can lead back onto the line: the extraction must try the next one rather than give up.
    const Rules rules;
    const auto [lower, all] = tables_below(4, rules);
    int tried = 0;
    for (const char* text : {"B:Wa2,Kb5:BKd1,b2", "W:Wb1,d1,c2:BKc5", "B:Wd1,e1:Ba4,c4", "B:We1,d3:Bb4,d5"}) {
        const Position p = fen(text);
        solve::Solver solver(rules, &lower, 1 << 22);
        const solve::Answer a = solve::search(solver, p);
        REQUIRE(a.value == value_of(*all.probe(p)));
        std::vector<solve::Entry> flat;
        for (const solve::Entry& e : solver.table().slots())
            if ((e.flags & solve::kUsed) && e.pn == 0) flat.push_back(e);
        for (solve::Entry& e : flat) {
            solve::set_height(e, 0);
            solver.table().store(e);
        }
        const auto made = solve::make_proof(solver, p, a.value);
        INFO(text << ": " << (made ? std::string() : made.error().message));
        REQUIRE(made);
        CHECK(proof::verify(*made, &lower));
        ++tried;
    }
    CHECK(tried == 4);
}

TEST_CASE("solve: draws whose holds the search's own tree did not give are proven (4 pieces, 3-piece tables as leaves)",
          "[solve]") {
    // Each a draw by the 4-piece table built here; the solver gets only the tables of up to 3 pieces, so
    // it searches, and its disproofs rest on repetitions of other paths (before the holds were built
    // with backtracking and by a search of their own, each of these was "unknown").
    const Rules rules;
    const auto [lower, all] = tables_below(4, rules);
    for (const char* text : {"W:Wb1,Ke4:BKc2,b5", "B:Wd1,Ke3:BKa2,a5", "W:We1,e3:Ba5,e5", "B:Wa1,c4:Bc3,e3"}) {
        const Position p = fen(text);
        INFO(text);
        REQUIRE(all.probe(p)->verdict == tb::Verdict::Draw);
        solve::Solver solver(rules, &lower, 1 << 24);
        solver.poll = [](const solve::Stats& st) { return st.nodes >= 200000; };
        const solve::Solution s = solve::solve(solver, p);
        INFO(s.problem);
        REQUIRE(s.answer.value == solve::Value::Draw);
        REQUIRE(s.proof);
        CHECK(proof::verify(*proof::parse(proof::to_text(*s.proof)), &lower));
    }
}

TEST_CASE("solve: a hold built by a search of its own, and refused where the other side wins", "[solve]") {
    // Nothing searched before (an empty table), so the holds come from the positions alone. Mullah
    // against mullah without tables: only going round holds.
    solve::Solver empty(Rules{}, nullptr, 1 << 20);
    const Position kings = fen("W:WKc3:BKa5");
    proof::Proof draw{Rules{}, kings, "draw", {}};
    draw.rules.no_progress = 0;
    for (const Color side : {Color::White, Color::Black}) {
        solve::HoldExtractor h(empty, side, 100000);
        REQUIRE_FALSE(h.run(kings));
        draw.strategies.push_back(h.strategy());
    }
    const auto checked = proof::verify(*proof::parse(proof::to_text(draw)), nullptr);
    INFO((checked ? checked->summary : checked.error().message));
    REQUIRE(checked);
    CHECK(checked->nodes > 100);
    CHECK(empty.stats().nodes == 0);  // no search was needed

    // Black to move loses here (the 3-piece table says so): no hold for Black is built.
    const auto [lower, all] = tables_below(3);
    const Position lost = fen("B:Wc3,Kb2:BKe5");
    REQUIRE(all.probe(lost)->verdict == tb::Verdict::Loss);
    solve::Solver solver(Rules{}, &lower, 1 << 20);
    solve::HoldExtractor h(solver, Color::Black, 100000);
    const auto bad = h.run(lost);
    REQUIRE(bad);
    CHECK(bad->starts_with(concat(to_fen(lost), ": White wins against every move of Black (")));
}

TEST_CASE("solve: the hold's search takes in as many positions as the table's memory again, at least 4,000,000",
          "[solve]") {
    // 250 bytes a position: 256 MiB would give 1,073,741, under the floor; 4 GiB gives 17,179,869.
    CHECK(solve::max_hold_nodes(std::size_t{256} << 20) == 4'000'000);
    CHECK(solve::max_hold_nodes(std::size_t{4096} << 20) == 17'179'869);
    // At its limit the search stops and says so.
    solve::Solver empty(Rules{}, nullptr, 1 << 20);
    solve::HoldExtractor h(empty, Color::White, 10);
    const auto bad = h.run(fen("W:WKc3:BKa5"));
    REQUIRE(bad);
    CHECK(*bad == "the hold was not built within 10 positions");
}

TEST_CASE("solve --combine: proofs of a position's successors join into a proof of it, with the tables' value",
          "[solve]") {
    // Each sampled 3-piece position is joined from the solver's proofs of its successors (2-piece tables
    // as leaves), and its value must be the retrograde table's, computed here apart from both.
    const Rules rules;
    const auto [lower, all] = tables_below(3, rules);
    int joined = 0, wins = 0, draws = 0, losses = 0, refused = 0;
    for (const tb::Material& m : tb::stored_materials_up_to(3)) {
        if (m.pieces() != 3) continue;
        const tb::Index index(m);
        for (std::uint64_t i = 0; i < index.size(); i += 743) {
            const auto p = index.position(i);
            if (!p || !has_legal_move(*p, rules)) continue;
            std::vector<proof::Proof> parts;
            bool unknown = false;
            for (const Move& mv : legal_moves(*p, rules)) {
                const Position q = p->after(mv);
                if (proof::detail::leaf(q, rules, &lower, Color::White, false).settled) continue;
                solve::Solver solver(rules, &lower, 1 << 20);
                solver.poll = [](const solve::Stats& st) { return st.nodes >= 50000; };
                const solve::Solution s = solve::solve(solver, q);
                if (!s.proof) unknown = true;
                else parts.push_back(*s.proof);
            }
            if (unknown || parts.empty()) continue;
            INFO(to_fen(*p));
            const auto made = proof::combine(*p, parts, &lower, 1);
            INFO((made ? std::string() : made.error().message));
            REQUIRE(made);
            const auto checked = proof::verify(*proof::parse(proof::to_text(*made)), &lower);
            INFO((checked ? std::string() : checked.error().message));
            CHECK(checked);
            const solve::Value expected = value_of(*all.probe(*p));
            CHECK(made->value == (expected == solve::Value::Win    ? "win"
                                  : expected == solve::Value::Draw ? "draw"
                                                                   : "loss"));
            ++joined;
            wins += expected == solve::Value::Win;
            draws += expected == solve::Value::Draw;
            losses += expected == solve::Value::Loss;
            // Without the first successor's proof the join either finds its way through the others or
            // says it cannot: never a proof that does not check.
            parts.erase(parts.begin());
            if (parts.empty()) continue;
            if (const auto fewer = proof::combine(*p, parts, &lower, 1); fewer) CHECK(proof::verify(*fewer, &lower));
            else {
                CHECK(fewer.error().message.starts_with(concat("the proofs do not settle ", to_fen(*p),
                                                               " within 1 ply: no strategy of ")));
                ++refused;
            }
        }
    }
    CHECK(joined > 50);
    CHECK(wins > 0);
    CHECK(draws > 0);
    CHECK(losses > 0);
    CHECK(refused > 0);
}

TEST_CASE("solve --combine: the first plies are searched, and what cannot be joined is said", "[solve]") {
    const auto [lower, all] = tables_below(3);
    // Black to move loses here (the 3-piece table): joined from the proofs two plies down, after each
    // Black move and White's reply the solver chooses, with no proof of the positions in between.
    const Position lost = fen("B:Wc3,Kb2:BKe5");
    REQUIRE(all.probe(lost)->verdict == tb::Verdict::Loss);
    std::vector<proof::Proof> parts;
    for (const Move& b : legal_moves(lost, Rules{})) {
        const Position q = lost.after(b);
        solve::Solver solver(Rules{}, &lower, 1 << 22);
        const solve::Solution s = solve::solve(solver, q);
        REQUIRE(s.answer.value == solve::Value::Win);  // White, to move, wins
        const proof::Strategy& white = s.proof->strategies.front();
        // The position after White's winning move, proven on its own (its proof is the same strategy).
        const auto move = std::find_if(white.nodes.begin(), white.nodes.end(),
                                       [&](const auto& n) { return n.first == to_fen(q); });
        REQUIRE(move != white.nodes.end());
        const Position r = q.after(*parse_move(move->second, q, Rules{}));
        if (proof::detail::leaf(r, Rules{}, &lower, Color::White, true).settled) continue;
        solve::Solver deeper(Rules{}, &lower, 1 << 22);
        const solve::Solution t = solve::solve(deeper, r);
        REQUIRE(t.proof);
        parts.push_back(*t.proof);
    }
    REQUIRE_FALSE(parts.empty());
    CHECK_FALSE(proof::combine(lost, parts, &lower, 1));
    const auto made = proof::combine(lost, parts, &lower, 2);
    INFO((made ? std::string() : made.error().message));
    REQUIRE(made);
    CHECK(made->value == "loss");
    REQUIRE(made->strategies.size() == 1);
    CHECK(made->strategies[0].side == Color::White);
    CHECK(made->strategies[0].wins);
    CHECK(proof::verify(*made, &lower));
    // The same without the tables the parts were proven with: a line leaves every proof, and that is said.
    const auto no_tables = proof::combine(lost, parts, nullptr, 2);
    REQUIRE_FALSE(no_tables);
    CHECK(no_tables.error().message.find(
              ": not in the proof and not an end of the game or a table position (was it made with other tables?)") !=
          std::string::npos);
    CHECK(no_tables.error().message.starts_with("the proof of "));
    // Nothing to join, and proofs for other rules.
    CHECK(proof::combine(lost, {}, &lower).error().message == "no proofs to join");
    proof::Proof other = parts.front();
    other.rules.promotion = Promotion::Immediate;
    CHECK(
        proof::combine(lost, {parts.front(), other}, &lower).error().message ==
        "the proofs are for different rules: 'backward-captures=no promotion=immediate majority=no' and 'backward-captures=no promotion=end majority=no'");
}
