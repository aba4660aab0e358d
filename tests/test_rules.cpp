// One test per clause of docs/rules.md: a position, the switches, and the exact legal moves,
// each list worked out by hand from the spec (the reasoning is in the comments).

#include <random>

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;
using fetaix::test::moves_of;
using fetaix::test::with_promotion;
using Set = std::set<std::string>;

TEST_CASE("3 man step: forward, diagonally forward and sideways from a point with diagonals", "[rules][step]") {
    // c3 has x+y even, so all five forward and sideways lines exist.
    CHECK(moves_of("W:Wc3:Ba5") == Set{"c3-c4", "c3-d4", "c3-b4", "c3-d3", "c3-b3"});
}

TEST_CASE("3 man step: no diagonal from a point without diagonals", "[rules][step]") {
    // c2 has x+y odd: only the orthogonal lines, and never backward to c1.
    CHECK(moves_of("W:Wc2:Ba5") == Set{"c2-c3", "c2-b2", "c2-d2"});
}

TEST_CASE("3 man step: never backward, straight or diagonal", "[rules][step]") {
    // White's forward and sideways points are all taken by its own men; c2, b2 and d2 behind it stay out.
    CHECK(moves_of("W:Wc3,c4,b4,d4,b3,d3:BKa1") ==
          Set{"c4-c5", "b4-b5", "b4-c5", "b4-a5", "b4-a4", "d4-d5", "d4-e5", "d4-c5", "d4-e4", "b3-a3", "d3-e3"});
}

TEST_CASE("3 man step: Black moves toward rank 1", "[rules][step]") {
    CHECK(moves_of("B:WKa5:Bc3") == Set{"c3-c2", "c3-d2", "c3-b2", "c3-d3", "c3-b3"});
}

TEST_CASE("3 mullah step: flies any number of empty points along every line", "[rules][step][mullah]") {
    // From a1: up the a-file, along rank 1, and up the long diagonal until the Black piece on e5.
    CHECK(moves_of("W:WKa1:Be5") ==
          Set{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-b2", "a1-c3", "a1-d4"});
    // b1 has no diagonals.
    CHECK(moves_of("W:WKb1:Be5") == Set{"b1-b2", "b1-b3", "b1-b4", "b1-b5", "b1-a1", "b1-c1", "b1-d1", "b1-e1"});
}

TEST_CASE("4 capture is compulsory: a capture excludes every step", "[rules][capture]") {
    // b3 can step to b4, a3 and the man on e1 can step, but b3 must take c3.
    CHECK(moves_of("W:Wb3,e1:Bc3") == Set{"b3xd3"});
}

TEST_CASE("4 man capture: sideways short leap", "[rules][capture]") {
    CHECK(moves_of("W:Wb3:Bc3") == Set{"b3xd3"});
    CHECK(moves_of("B:Wc3:Bd3") == Set{"d3xb3"});
}

TEST_CASE("4 man capture: forward and diagonally forward short leaps", "[rules][capture]") {
    // c3 over c4 to c5 and over d4 to e5; b4 is jumped toward a5.
    CHECK(moves_of("W:Wc3:Bc4,d4,b4", with_promotion(Promotion::Stop)) == Set{"c3xc5", "c3xe5", "c3xa5"});
}

TEST_CASE("4 man capture: the landing point must exist and be empty", "[rules][capture]") {
    // a4 has no diagonal; a5 has no point beyond it; b4 has c4 occupied behind it: no capture at all.
    CHECK(moves_of("W:Wa4:Ba5,b4,c4") == Set{});
    // A man jumps one piece only: c4 then c5 both Black is no capture.
    CHECK(moves_of("W:Wc3:Bc4,c5") == Set{"c3-d4", "c3-b4", "c3-d3", "c3-b3"});
}

TEST_CASE("4 man capture: no backward capture by default", "[rules][capture][backward]") {
    // Black on c2 and b2 stand behind the White man: it steps.
    CHECK(moves_of("W:Wc3:Bc2,b2,a5") == Set{"c3-c4", "c3-d4", "c3-b4", "c3-d3", "c3-b3"});
}

TEST_CASE("4 man capture: backward-captures switch allows straight and diagonal backward leaps",
          "[rules][capture][backward]") {
    Rules rules;
    rules.backward_captures = true;
    // Back over b2 to a1 and stop; or back over c2 to c1, then diagonally over b2 (forward) to a3.
    CHECK(moves_of("W:Wc3:Bc2,b2,a5", rules) == Set{"c3xa1", "c3xc1xa3"});
    // A Black man jumps backward toward rank 5 only with the switch.
    CHECK(moves_of("B:Wc4:Bc3,e5", rules) == Set{"c3xc5"});
    CHECK(moves_of("B:Wc4:Bc3,e5") == Set{"c3-c2", "c3-d2", "c3-b2", "c3-d3", "c3-b3", "e5-e4", "e5-d4", "e5-d5"});
}

TEST_CASE("4 sequences must be completed: a man goes on capturing", "[rules][capture][sequence]") {
    // a2 over b2 to c2, then over d2 to e2; stopping at c2 is not a move.
    CHECK(moves_of("W:Wa2:Bb2,d2,e5") == Set{"a2xc2xe2"});
    // After c1xc3 two continuations: east over d3 or west over b3.
    CHECK(moves_of("W:Wc1:Bc2,d3,b3,a5") == Set{"c1xc3xe3", "c1xc3xa3"});
}

TEST_CASE("4 mullah capture: long leap with every landing point beyond", "[rules][capture][mullah]") {
    // Over the empty b2 to c3, landing on d4 or e5; nothing more to take.
    CHECK(moves_of("W:WKa1:Bc3") == Set{"a1xd4", "a1xe5"});
}

TEST_CASE("4 mullah capture: no jumping own pieces or two pieces at once", "[rules][capture][mullah]") {
    // North: its own man on a3 blocks. North-east: b2 and c3 stand back to back. East: c1 and d1 too.
    CHECK(moves_of("W:WKa1,a3:Bb2,c3,Kc1,Kd1") == Set{"a1-a2", "a1-b1", "a3-a4", "a3-b4", "a3-b3"});
}

TEST_CASE("4 landing rule: a mullah must land where it can go on capturing", "[rules][capture][mullah][landing]") {
    // Over c3 it may land on d4 or e5; only from d4 can it take d2 (landing d1), so a1xe5 is not legal.
    CHECK(moves_of("W:WKa1:Bc3,d2") == Set{"a1xd4xd1"});
}

TEST_CASE("4 landing rule: it chooses among the landing points of one jump, not the longest sequence",
          "[rules][capture][mullah][landing]") {
    // The jump north over a3 continues from neither a4 nor a5 (from a5, c3 and d2 stand back to back),
    // so both stay legal beside the two-piece a1xd4xd1.
    CHECK(moves_of("W:WKa1:Bc3,d2,a3") == Set{"a1xa4", "a1xa5", "a1xd4xd1"});
}

TEST_CASE("4 removal is immediate: a mullah re-crosses captured and vacated points",
          "[rules][capture][mullah][removal]") {
    // c3 takes d3 landing e3, then flies back west over d3 (taken) and c3 (its own start) to take b3.
    CHECK(moves_of("W:WKc3:Bd3,b3") == Set{"c3xe3xa3", "c3xa3xe3"});
}

TEST_CASE("4 removal is immediate: the start point is empty from the first jump on", "[rules][capture][removal]") {
    Rules rules;
    rules.backward_captures = true;
    // Round the square c1-c3-e3-e1 either way, ending back on the start point c1.
    CHECK(moves_of("W:Wc1:Bc2,d3,e2,Kd1", rules) == Set{"c1xc3xe3xe1xc1", "c1xe1xe3xc3xc1"});
    const Position pos = fen("W:Wc1:Bc2,d3,e2,Kd1");
    CHECK(to_fen(pos.after(*parse_move("c1xe1xe3xc3xc1", pos, rules))) == "B:Wc1:B");
}

TEST_CASE("4 majority off: any capture sequence may be chosen", "[rules][capture][majority]") {
    CHECK(moves_of("W:Wa2:Bb2,d2,a3") == Set{"a2xa4", "a2xc2xe2"});
}

TEST_CASE("4 majority on: only the sequences that capture the most", "[rules][capture][majority]") {
    Rules rules;
    rules.majority = true;
    CHECK(moves_of("W:Wa2:Bb2,d2,a3", rules) == Set{"a2xc2xe2"});
    // Equal counts stay together.
    CHECK(moves_of("W:Wc1:Bc2,d3,b3,a5", rules) == Set{"c1xc3xe3", "c1xc3xa3"});
}

// c3 takes c4 and lands on c5, its last rank; d5 can be taken east from there, and c2 only by a mullah
// flying south over the emptied c4 and c3.
constexpr const char* kPromotionMidSequence = "W:Wc3:Bc4,d5,c2";

TEST_CASE("4 majority: a piece in a corner or walled in by fixed pieces can never be taken",
          "[rules][capture][majority]") {
    Rules rules;
    rules.majority = true;
    // a1 is the end of each of its three lines: no sequence takes all twelve, and the longest takes 11.
    const Position cornered = fen("W:WKc3:BKa1,Kb2,d2,b3,d3,a4,b4,Kc4,Kd4,Ke4,b5,Kd5");
    CHECK(capture_bound(cornered, rules) == 11);
    CHECK(longest_capture(cornered, rules) == 11);
    // a3 lies between White's men on a2 and a4, which have no capture and never leave: only d3 can go.
    const Position walled = fen("W:Wa2,a4,Kc3:Ba3,d3");
    CHECK(capture_bound(walled, rules) == 1);
    CHECK(moves_of("W:Wa2,a4,Kc3:Ba3,d3", rules) == Set{"c3xe3"});
    // With a4 empty the man on a2 can take a3 himself: he may leave his point, so a3 counts.
    const Position open = fen("W:Wa2,Kc3:Ba3,d3");
    CHECK(capture_bound(open, rules) == 2);
}

TEST_CASE("4 majority: two pieces side by side on the only line either can be jumped along both stay",
          "[rules][capture][majority]") {
    Rules rules;
    rules.majority = true;
    // e2 and e3 (on the edge) can only be jumped along the e-file, each with the other beyond it:
    // only d4 can go.
    const Position pair = fen("W:WKc3:Bd4,e2,e3");
    CHECK(capture_bound(pair, rules) == 1);
    CHECK(capture_bound(pair, *parse_point("c3")) == 1);
    CHECK(moves_of("W:WKc3:Bd4,e2,e3", rules) == Set{"c3xe5"});
    // The slowest majority check found with the bound that counted them: the bound now says 10, the
    // longest sequence (listed without majority) takes 10, so no search is needed for one of 11.
    const Position searched = fen("W:WKc3:BKb1,Ka2,Kb2,c2,e2,b3,e3,a4,b4,c4,d4,b5");
    CHECK(capture_bound(searched, rules) == 10);
    int longest = 0;
    for (const Move& m : legal_moves(searched, Rules{})) longest = std::max(longest, m.capture_count());
    CHECK(longest == 10);
    CHECK_FALSE(captures_more_than(searched, rules, 10));
}

TEST_CASE("4 majority: the bound of one piece counts the other pieces of its side as fixed",
          "[rules][capture][majority]") {
    Rules rules;
    rules.majority = true;
    // Either mullah may capture, so neither walls anything in for the whole side: all twelve count.
    const Position pos = fen("W:WKb1,Ka3:BKc1,a2,Kb2,d2,e2,Kd3,a4,Kb4,c4,d4,b5,Kd5");
    CHECK(capture_bound(pos, rules) == 12);
    // While b1 captures, a3 stays: a2 and a4 (no diagonals, on the edge) have only the a-file, through a3.
    CHECK(capture_bound(pos, *parse_point("b1")) == 10);
    // While a3 captures, b1 stays: c1 (on the edge) has only rank 1, through b1.
    CHECK(capture_bound(pos, *parse_point("a3")) == 11);
    // So a sequence of 11 takes the most, and no search is needed to say so.
    CHECK(longest_capture(pos, rules) == 11);
    CHECK_FALSE(captures_more_than(pos, rules, 11));
    CHECK(captures_more_than(pos, rules, 10));
}

TEST_CASE("4 majority: no sequence takes more than capture_bound, on random positions", "[rules][capture][majority]") {
    std::mt19937 rng(2026);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string white, black;
        for (int p = 0; p < 25; ++p) {
            const unsigned r = rng() % 10;
            const std::string name = concat(std::string(1, static_cast<char>('a' + p % 5)), p / 5 + 1);
            std::string& side = r == 0 ? white : black;
            if (r < 4) side += concat(side.empty() ? "" : ",", rng() % 2 ? "K" : "", name);
        }
        auto pos = parse_fen(concat("W:W", white, ":B", black));
        if (!pos) continue;
        Rules rules;
        rules.majority = true;
        rules.backward_captures = rng() % 2 == 0;
        const int longest = longest_capture(*pos, rules);
        if (longest == 0) continue;
        ++checked;
        INFO(to_fen(*pos));
        REQUIRE(capture_bound(*pos, rules) >= longest);
        // Nor any sequence of one piece more than that piece's own bound.
        Rules any = rules;
        any.majority = false;
        for (const Move& m : legal_moves(*pos, any)) REQUIRE(capture_bound(*pos, m.from) >= m.capture_count());
    }
    CHECK(checked > 5000);
}

TEST_CASE("5 promotion end: a man reaching the far rank mid-capture goes on as a man", "[rules][promotion]") {
    const Position pos = fen(kPromotionMidSequence);
    const Rules rules = with_promotion(Promotion::End);
    CHECK(moves_of(kPromotionMidSequence, rules) == Set{"c3xc5xe5"});
    const Move m = *parse_move("c3xc5xe5", pos, rules);
    CHECK(to_fen(pos.after(m)) == "B:WKe5:Bc2");
}

TEST_CASE("5 promotion end: a man that leaves the last rank again ends the move a man", "[rules][promotion]") {
    Rules rules = with_promotion(Promotion::End);
    rules.backward_captures = true;
    // Up over b4 to b5 (the last rank), east over c5 to d5, then back south over d4 to d3: a man still.
    const Position pos = fen("W:Wb3:Bb4,c5,d4");
    CHECK(moves_of("W:Wb3:Bb4,c5,d4", rules) == Set{"b3xb5xd5xd3"});
    CHECK(to_fen(pos.after(*parse_move("b3xb5xd5xd3", pos, rules))) == "B:Wd3:B");
}

TEST_CASE("5 promotion immediate: the man becomes a mullah on landing and captures on as one", "[rules][promotion]") {
    const Position pos = fen(kPromotionMidSequence);
    const Rules rules = with_promotion(Promotion::Immediate);
    CHECK(moves_of(kPromotionMidSequence, rules) == Set{"c3xc5xe5", "c3xc5xc1"});
    // Promoted even though the move ends on rank 1.
    CHECK(to_fen(pos.after(*parse_move("c3xc5xc1", pos, rules))) == "B:WKc1:Bd5");
}

TEST_CASE("5 promotion stop: the move ends on the last rank", "[rules][promotion]") {
    const Position pos = fen(kPromotionMidSequence);
    const Rules rules = with_promotion(Promotion::Stop);
    CHECK(moves_of(kPromotionMidSequence, rules) == Set{"c3xc5"});
    CHECK(to_fen(pos.after(*parse_move("c3xc5", pos, rules))) == "B:WKc5:Bc2,d5");
}

TEST_CASE("5 promotion: a man stepping onto its last rank becomes a mullah", "[rules][promotion]") {
    const Position pos = fen("W:Wc4:Be2");
    CHECK(to_fen(pos.after(*parse_move("c4-c5", pos, {}))) == "B:WKc5:Be2");
    const Position black = fen("B:Wb3:Bd2");
    CHECK(to_fen(black.after(*parse_move("d2-c1", black, {}))) == "W:Wb3:BKc1");
}

TEST_CASE("6 a side with pieces but no legal move has none to play", "[rules][end]") {
    // a4 has no diagonal, a5 is blocked, b4 has c4 behind it.
    CHECK(legal_moves(fen("W:Wa4:Ba5,b4,c4"), {}).empty());
}

// The switch table (switches.hpp): the texts it makes are the ones the program printed and wrote
// before the table existed, so records, scripts and help stay valid.
TEST_CASE("switches: describe names each switch and its value", "[rules][switches]") {
    CHECK(describe(Rules{}) == "backward-captures=no promotion=end majority=no no-progress=50");
    Rules r;
    r.backward_captures = true;
    r.promotion = Promotion::Immediate;
    r.majority = true;
    r.no_progress = 0;
    CHECK(describe(r) == "backward-captures=yes promotion=immediate majority=yes no-progress=0");
}

TEST_CASE("switches: the help section lists every flag with its help", "[rules][switches]") {
    CHECK(rule_switches_help() ==
          "  --backward-captures          men may also capture backward\n"
          "  --promotion end|immediate|stop\n"
          "                               a man reaching the far rank mid-capture stays\n"
          "                               a man until the move ends (end, default),\n"
          "                               captures on as a mullah (immediate), or the\n"
          "                               move ends there (stop)\n"
          "  --majority                   the sequence capturing the most pieces is\n"
          "                               compulsory\n"
          "  --no-progress N              plies without a capture or a man's move that\n"
          "                               draw the game (default 50, 0 = off)\n");
}

TEST_CASE("switches: the screen's rules panel", "[rules][switches]") {
    CHECK(rules_panel_lines(Rules{}) == std::vector<std::string>{"backward captures no, majority no", "promotion end",
                                                                 "no-progress draw after 50 plies"});
    Rules r;
    r.backward_captures = true;
    r.promotion = Promotion::Stop;
    r.no_progress = 0;
    CHECK(rules_panel_lines(r) ==
          std::vector<std::string>{"backward captures yes, majority no", "promotion stop", "no-progress rule off"});
    CHECK(kRulesPanelHeight == 3);
}

TEST_CASE("switches: the phrases of the switches where two rule sets differ, in the table's order",
          "[rules][switches]") {
    CHECK(switch_phrases_differing(Rules{}, Rules{}).empty());
    Rules r;
    r.majority = true;
    r.no_progress = 0;
    CHECK(switch_phrases_differing(r, Rules{}) == "majority yes, no-progress rule off");
    // Each side's phrase is of its own values.
    CHECK(switch_phrases_differing(Rules{}, r) == "majority no, no-progress draw after 50 plies");
    r.promotion = Promotion::Stop;
    CHECK(switch_phrases_differing(r, Rules{}) == "promotion stop, majority yes, no-progress rule off");
}

TEST_CASE("switches: every combination of the switches with a few values", "[rules][switches]") {
    const std::vector<Rules> all = every_rule_combination();
    // 2 (backward captures) x 3 (promotion) x 2 (majority), no-progress at its default.
    REQUIRE(all.size() == 12);
    CHECK(all.front() == Rules{});
    for (std::size_t i = 0; i < all.size(); ++i) {
        CHECK(all[i].no_progress == 50);
        for (std::size_t j = 0; j < i; ++j) CHECK_FALSE(all[i] == all[j]);
    }
    // The first switch changes slowest, the last fastest.
    CHECK(all[1].majority);
    CHECK(all[2].promotion == Promotion::Immediate);
    CHECK(all[6].backward_captures);
}

TEST_CASE("switches: a record's tags are read as they are written, and bad values are refused",
          "[rules][switches][pdn]") {
    for (Rules rules : every_rule_combination())
        for (int no_progress : {0, 1, 50, kMaxNoProgress}) {
            rules.no_progress = no_progress;
            INFO(describe(rules));
            auto back = parse_pdn(format_pdn(Game(rules)));
            REQUIRE(back);
            CHECK(back->front().rules == rules);
        }
    const RuleSwitch& majority = *find_switch_by_tag("Majority");
    Rules r;
    for (const char* yes : {"yes", "on", "true", "1"}) {
        r.majority = false;
        CHECK_FALSE(set_from_tag(majority, r, yes));
        CHECK(r.majority);
    }
    CHECK(set_from_tag(majority, r, "maybe") == "expected yes or no, found \"maybe\"");
    const RuleSwitch& promotion = *find_switch_by_tag("Promotion");
    CHECK(set_from_tag(promotion, r, "sideways") == "expected end, immediate or stop, found \"sideways\"");
    const RuleSwitch& no_progress = *find_switch_by_tag("NoProgress");
    CHECK(set_from_tag(no_progress, r, "") == "expected a number of plies");
    CHECK(set_from_tag(no_progress, r, "5x") == "expected a number of plies, found \"5x\"");
    CHECK(set_from_tag(no_progress, r, "100001") == "at most 100000 plies");
    CHECK(r == Rules{.majority = true});  // no refused value changed anything
    CHECK(find_switch_by_tag("Event") == nullptr);
}

TEST_CASE("the longest-capture search's state table keeps every key, and none of an earlier search",
          "[capture][table]") {
    // Distinct keys below 2^36 (an odd multiplier is a bijection modulo a power of two).
    const auto key = [](std::uint64_t i) { return (i * 0x9e3779b1u) & ((std::uint64_t{1} << 36) - 1); };
    constexpr std::uint64_t kKeys = 100000;  // far past the first size: the table grows several times
    {
        detail::StateTable table;
        detail::StateTable other;  // alive at the same time: its slots are its own
        const auto [first_slot, first_added] = table.find_or_add(key(0), -1);
        REQUIRE(first_added);
        for (std::uint64_t i = 1; i < kKeys; ++i) {
            const auto [slot, added] = table.find_or_add(key(i), -1);
            REQUIRE(added);
            table.set(key(i), slot, static_cast<std::int8_t>(i % 100));
        }
        // A slot handed out before the table grew still finds its key.
        table.set(key(0), first_slot, 42);
        REQUIRE(table.find(key(0)) != nullptr);
        CHECK(*table.find(key(0)) == 42);
        for (std::uint64_t i = 1; i < kKeys; ++i) {
            REQUIRE(table.find(key(i)) != nullptr);
            REQUIRE(*table.find(key(i)) == static_cast<std::int8_t>(i % 100));
            REQUIRE(other.find(key(i)) == nullptr);
        }
        const auto [slot, added] = table.find_or_add(key(7), -1);
        CHECK_FALSE(added);
        CHECK(table.value(slot) == 7);
        CHECK(table.find(key(kKeys)) == nullptr);
    }
    // The next tables take the same slots again, uncleared: they find none of the keys above.
    detail::StateTable again;
    detail::StateTable and_again;
    for (std::uint64_t i = 0; i < kKeys; ++i) {
        REQUIRE(again.find(key(i)) == nullptr);
        REQUIRE(and_again.find(key(i)) == nullptr);
    }
}
