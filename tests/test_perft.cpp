// Rules-spec section 8: perft. The counts in perft_values.hpp are derived by the independent reference
// generator (test_reference.cpp, "the reference generator's perft counts"); here the core must reach them.
// Depths 0 to 2 from the start are also counted by hand (see the comments). The deep values at the end
// are the core's own output only, kept as regression values: the reference is too slow to reach them.

#include <fstream>
#include <string>
#include <vector>

#include <fetaix/perft.hpp>

#include "helpers.hpp"
#include "perft_values.hpp"

using namespace fetaix;
using fetaix::test::fen;

TEST_CASE("8 perft: the start position, depths 0 to 2 counted by hand", "[perft]") {
    // Only c3 is empty: c2, b2, d2 and d3 can move there.
    CHECK(perft(start_position(), 1, {}) == 4);
    // Each reply is a forced capture into the point White emptied; after d2-c3 both b4 and d4 can take.
    CHECK(perft(start_position(), 2, {}) == 5);
    CHECK(perft(start_position(), 0, {}) == 1);
}

TEST_CASE("8 perft: the reference generator's counts from the start", "[perft]") {
    for (int d = 1; d <= static_cast<int>(std::size(test::kStartPerft)); ++d) {
        INFO("depth " << d);
        CHECK(perft(start_position(), d, {}) == test::kStartPerft[d - 1]);
    }
}

TEST_CASE("8 perft: the reference generator's counts with mullahs on both sides", "[perft]") {
    const Position pos = fen(test::kMullahPerftFen);
    for (int d = 1; d <= static_cast<int>(std::size(test::kMullahPerft)); ++d) {
        INFO("depth " << d);
        CHECK(perft(pos, d, {}) == test::kMullahPerft[d - 1]);
    }
}

TEST_CASE("8 perft: a position with no legal move counts 0 at every depth", "[perft]") {
    const Position stuck = fen("W:Wa4:Ba5,b4,c4");
    for (int d = 1; d <= 4; ++d) CHECK(perft(stuck, d, {}) == 0);
    CHECK(perft(fen("W:W:Ba5"), 3, {}) == 0);
}

TEST_CASE("8 perft: divide sums to perft at every depth and under every switch", "[perft]") {
    for (const char* text : {kStartFen.data(), "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", "B:Wb2,c2,Kd4:Bc4,b5,Ke5"})
        for (const Rules& rules : every_rule_combination()) {
            const Position pos = fen(text);
            for (int d = 1; d <= 5; ++d) {
                std::uint64_t sum = 0;
                for (const auto& [move, count] : perft_divide(pos, d, rules)) sum += count;
                CHECK(sum == perft(pos, d, rules));
            }
        }
}

TEST_CASE("8 perft: bulk counting agrees with playing out the last ply", "[perft]") {
    // perft(d) via count_legal_moves at the leaves against a plain recursion that plays every move.
    struct Plain {
        static std::uint64_t run(const Position& p, int depth, const Rules& r) {
            if (depth == 0) return 1;
            std::uint64_t n = 0;
            for (const Move& m : legal_moves(p, r)) n += run(p.after(m), depth - 1, r);
            return n;
        }
    };
    for (const char* text : {kStartFen.data(), "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", "W:Wa1,e1,b2,d2,Kc3:Ba4,c4,e4,b5,Kd5"}) {
        Rules rules;
        rules.majority = true;
        CHECK(perft(fen(text), 5, {}) == Plain::run(fen(text), 5, {}));
        CHECK(perft(fen(text), 5, rules) == Plain::run(fen(text), 5, rules));
    }
}

TEST_CASE("8 perft: deep regression values (the core's own)", "[perft][.deep]") {
    CHECK(perft(start_position(), 14, {}) == 7541131);
    CHECK(perft(start_position(), 16, {}) == 232712997);
    CHECK(perft(fen("W:Wb1,c1,d1,Ka2:BKe1,b3,c4"), 9, {}) == 129370056);
}

TEST_CASE("8 perft: one walk counts every depth, as perft does at each", "[perft]") {
    // perft_each_depth walks once to the deepest depth and counts the shallower ones on the way.
    const std::vector<std::uint64_t> start(std::begin(test::kStartPerft), std::end(test::kStartPerft));
    CHECK(perft_each_depth(start_position(), static_cast<int>(start.size()), {}) == start);
    const std::vector<std::uint64_t> mullahs(std::begin(test::kMullahPerft), std::end(test::kMullahPerft));
    CHECK(perft_each_depth(fen(test::kMullahPerftFen), static_cast<int>(mullahs.size()), {}) == mullahs);
    CHECK(perft_each_depth(start_position(), 0, {}).empty());
    CHECK(perft_each_depth(fen("W:Wa4:Ba5,b4,c4"), 3, {}) == std::vector<std::uint64_t>{0, 0, 0});
    for (const char* text : {kStartFen.data(), "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", "B:Wb2,c2,Kd4:Bc4,b5,Ke5"})
        for (const Rules& rules : every_rule_combination()) {
            const Position pos = fen(text);
            std::vector<std::pair<Move, std::uint64_t>> divide;
            const std::vector<std::uint64_t> counts = perft_each_depth(pos, 5, rules, &divide);
            REQUIRE(counts.size() == 5);
            for (int d = 1; d <= 5; ++d) CHECK(counts[d - 1] == perft(pos, d, rules));
            CHECK(divide == perft_divide(pos, 5, rules));
            std::vector<std::pair<Move, std::uint64_t>> divide_1;
            CHECK(perft_each_depth(pos, 1, rules, &divide_1) == std::vector<std::uint64_t>{perft(pos, 1, rules)});
            CHECK(divide_1 == perft_divide(pos, 1, rules));
        }
}

TEST_CASE("8 perft: the bulk count takes a man whose jumps all end at once without walking it", "[perft]") {
    // a1xa3 ends there; d2xd4 goes on over c4 to b4, so d2 is walked.
    const Position pos = fen("W:Wa1,d2:Ba2,d3,c4");
    const auto [single, jumps] = detail::single_jump_men<Color::White, false>(pos.men(Color::White), pos.them(),
                                                                              pos.empty(), true);
    CHECK(single == bit(*parse_point("a1")));
    CHECK(jumps == 1);
    CHECK(count_legal_moves(pos, {}) == 2);
    CHECK(legal_moves(pos, {}).size() == 2);
}

TEST_CASE("8 perft: the walk makes the position of every legal move as Position::after does, in order", "[perft]") {
    // perft_each_depth no longer lists moves: detail::for_each_child makes each step on the board itself
    // (a man stepping onto its last rank promoted, a mullah's flight) and each capture through the walk.
    // The last position has men one step from promotion and mullahs on both sides.
    for (const char* text :
         {kStartFen.data(), "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", "B:Wb2,c2,Kd4:Bc4,b5,Ke5", "W:Wa4,c4,Kd1:Bb2,e2,Ke5"})
        for (const Rules& rules : every_rule_combination()) {
            std::vector<Position> frontier{fen(text)};
            for (int ply = 0; ply < 3; ++ply) {
                std::vector<Position> next;
                for (const Position& pos : frontier) {
                    std::vector<Position> listed;
                    for (const Move& m : legal_moves(pos, rules)) listed.push_back(pos.after(m));
                    std::vector<Position> walked;
                    detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
                        detail::for_each_child<Us, Backward>(pos, rules,
                                                             [&](const Position& child) { walked.push_back(child); });
                    });
                    INFO(to_fen(pos) << ", " << describe(rules));
                    CHECK(walked == listed);
                    next.insert(next.end(), listed.begin(), listed.end());
                }
                frontier = std::move(next);
            }
        }
}

TEST_CASE("8 perft: the bulk count with the popcnt instruction gives the table's counts", "[perft]") {
    // On a CPU without popcnt, BitCount::Hardware runs the table (see the next test).
    const std::vector<std::uint64_t> start(std::begin(test::kStartPerft), std::end(test::kStartPerft));
    const int depth = static_cast<int>(start.size());
    CHECK(perft_each_depth(start_position(), depth, {}, nullptr, BitCount::Table) == start);
    CHECK(perft_each_depth(start_position(), depth, {}, nullptr, BitCount::Hardware) == start);
    for (const char* text :
         {kStartFen.data(), "W:Wb1,c1,d1,Ka2:BKe1,b3,c4", "B:Wb2,c2,Kd4:Bc4,b5,Ke5", "W:Wa4,c4,Kd1:Bb2,e2,Ke5"})
        for (const Rules& rules : every_rule_combination()) {
            INFO(text << ", " << describe(rules));
            const std::vector<std::uint64_t> table = perft_each_depth(fen(text), 6, rules, nullptr, BitCount::Table);
            CHECK(perft_each_depth(fen(text), 6, rules, nullptr, BitCount::Hardware) == table);
            CHECK(table.back() == perft(fen(text), 6, rules));
        }
}

TEST_CASE("8 perft: the popcnt copy is chosen exactly where the CPU has the instruction", "[perft]") {
    // Read apart from the compiler's check: the flags Linux lists for the CPU.
    std::ifstream cpuinfo("/proc/cpuinfo");
    REQUIRE(cpuinfo);
    std::string line;
    bool found = false;
    bool listed = false;
    while (!found && std::getline(cpuinfo, line))
        if (line.starts_with("flags")) {
            found = true;
            listed = (line + " ").find(" popcnt ") != std::string::npos;
        }
#if defined(__x86_64__) || defined(__i386__)
    REQUIRE(found);
    CHECK(cpu_has_popcount() == listed);
    CHECK(fastest_bit_count() == (listed ? BitCount::Hardware : BitCount::Table));
#else
    CHECK(fastest_bit_count() == BitCount::Table);
#endif
}
