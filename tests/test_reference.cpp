// The independent, deliberately plain move generator of tests/reference/reference.hpp (a 5x5 array, no
// bitboards, no tables), compared with the core on many random positions under every switch. Each move
// is compared by its notation and by the position it leads to.

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "perft_values.hpp"
#include "reference/reference.hpp"

namespace {

using namespace fetaix;
using namespace reference;

// A random legal position: up to 12 pieces a side, no man on its own last rank.
Board random_board(std::mt19937& rng) {
    Board b;
    std::uniform_int_distribution<int> pick(0, 99);
    const int density = 20 + pick(rng) % 60;
    const int mullah_share = pick(rng) % 60;
    int count[2] = {0, 0};
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) {
            b.cell[x][y] = '.';
            if (pick(rng) >= density) continue;
            const int side = pick(rng) % 2;
            if (count[side] == 12) continue;
            ++count[side];
            const bool mullah = pick(rng) < mullah_share || y == (side == 0 ? 4 : 0);
            b.cell[x][y] = side == 0 ? (mullah ? 'W' : 'w') : (mullah ? 'B' : 'b');
        }
    b.white_to_move = pick(rng) % 2 == 0;
    return b;
}

std::uint64_t reference_perft(const Board& b, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for (const RefMove& m : Reference(b, {}).moves()) n += reference_perft(m.after, depth - 1);
    return n;
}

}  // namespace

TEST_CASE("reference generator agrees on the hand-made rule positions", "[reference]") {
    // A sanity check of the reference itself against two lists worked out by hand in test_rules.cpp.
    Board b;
    const Position pos = fetaix::test::fen("W:WKa1:Bc3,d2,a3");
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) b.cell[x][y] = '.';
    b.cell[0][0] = 'W';
    b.cell[2][2] = 'b';
    b.cell[3][1] = 'b';
    b.cell[0][2] = 'b';
    b.white_to_move = true;
    REQUIRE(board_fen(b) == to_fen(pos));
    std::set<std::string> texts;
    for (const RefMove& m : Reference(b, {}).moves()) texts.insert(m.text);
    CHECK(texts == std::set<std::string>{"a1xa4", "a1xa5", "a1xd4xd1"});
}

TEST_CASE("core and reference generate the same moves on random positions under every switch", "[reference]") {
    std::mt19937 rng(20261130);
    int positions = 0, captures = 0, sequences = 0;
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        for (int i = 0; i < 1500; ++i) {
            const Board b = random_board(rng);
            const std::string text = board_fen(b);
            INFO("position " << text);
            const Position pos = fetaix::test::fen(text);
            std::map<std::string, std::string> expected;
            for (const RefMove& m : Reference(b, rules).moves()) expected[m.text] = board_fen(m.after);
            std::map<std::string, std::string> actual;
            const MoveList moves = legal_moves(pos, rules);
            for (const Move& m : moves) actual[to_string(m)] = to_fen(pos.after(m));
            REQUIRE(actual.size() == moves.size());  // no move generated twice
            REQUIRE(actual == expected);
            REQUIRE(count_legal_moves(pos, rules) == moves.size());
            ++positions;
            if (!moves.empty() && moves[0].is_capture()) {
                ++captures;
                for (const Move& m : moves) sequences += m.landings > 1 ? 1 : 0;
            }
        }
    }
    // The random positions must exercise captures and multi-jump sequences, or the comparison says little.
    CHECK(positions == 18000);
    CHECK(captures > 3000);
    CHECK(sequences > 1000);
}

TEST_CASE("4 a lone mullah among scattered pieces has tens of thousands of sequences", "[reference][capture][mullah]") {
    // Found by a hill-climbing search for the position with the most legal moves: immediate removal lets
    // the mullah take the twelve pieces in a great many orders. The move list spills to the heap.
    const char* text = "W:WKc3:BKb1,Ka2,b2,Kc2,Kd2,Kb3,Kd3,Kb4,Kc4,d4,Kb5,d5";
    const Position pos = fetaix::test::fen(text);
    const MoveList moves = legal_moves(pos, {});
    REQUIRE(moves.size() > 20000);
    CHECK(count_legal_moves(pos, {}) == moves.size());
    Board b;
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) b.cell[x][y] = '.';
    b.cell[2][2] = 'W';
    for (const char* p : {"b1", "a2", "c2", "d2", "b3", "d3", "b4", "c4", "b5"}) b.cell[p[0] - 'a'][p[1] - '1'] = 'B';
    for (const char* p : {"b2", "d4", "d5"}) b.cell[p[0] - 'a'][p[1] - '1'] = 'b';
    REQUIRE(board_fen(b) == text);
    std::set<std::string> expected;
    for (const RefMove& m : Reference(b, {}).moves()) expected.insert(m.text);
    std::set<std::string> actual;
    for (const Move& m : moves) actual.insert(to_string(m));
    CHECK(actual == expected);
    // A copy of a spilled list is a separate, equal list.
    MoveList copy = moves;
    CHECK(copy.size() == moves.size());
    CHECK(copy[copy.size() - 1] == moves[moves.size() - 1]);
}

namespace {

// The move check as it was before it learnt to walk the written path: list every legal move, then
// look for the text among them. The walked check must agree with it on every text, message included.
Expected<Move> check_by_listing(std::string_view text, const Position& pos, const Rules& rules) {
    auto typed = parse_move_text(text);
    if (!typed) return typed.error();
    const MoveList moves = legal_moves(pos, rules);
    const auto starts = [&](const Move& m) {
        if (typed->capture != m.is_capture() || typed->points.front() != m.from) return false;
        if (typed->points.size() - 1 > m.landings) return false;
        for (std::size_t i = 1; i < typed->points.size(); ++i)
            if (typed->points[i] != m.path[i - 1]) return false;
        return true;
    };
    std::vector<const Move*> matches;
    for (const Move& m : moves) {
        if (!starts(m)) continue;
        if (m.landings + 1u == typed->points.size()) return m;
        matches.push_back(&m);
    }
    if (matches.size() == 1) return *matches.front();
    const std::string shown(text);
    if (matches.size() > 1) {
        std::string options;
        for (std::size_t i = 0; i < matches.size() && i < 4; ++i)
            options += concat(i ? ", " : "", to_string(*matches[i]));
        if (matches.size() > 4) options += ", ...";
        return Error{concat("'", shown, "' is ambiguous: it could be ", options)};
    }
    if (moves.empty()) return Error{"no legal move: the game is over"};
    // Why it is refused is refusal()'s to say (tests/test_refusal.cpp checks each reason).
    const Refusal why = refusal(pos, rules, typed->points.front(), std::span(typed->points).subspan(1), typed->capture,
                                true);
    return Error{std::string(describe(why))};
}

// Both checks on one text: the same move (promotion included) or the same message.
void agree(const std::string& text, const Position& pos, const Rules& rules, int& accepted) {
    INFO("move text '" << text << "'");
    const Expected<Move> walked = parse_move(text, pos, rules);
    const Expected<Move> listed = check_by_listing(text, pos, rules);
    REQUIRE(walked.ok() == listed.ok());
    if (listed.ok()) {
        REQUIRE(*walked == *listed);
        REQUIRE(walked->promotes == listed->promotes);
        ++accepted;
    } else {
        REQUIRE(walked.error().message == listed.error().message);
    }
}

std::string random_point_text(std::mt19937& rng) {
    std::uniform_int_distribution<int> coordinate(0, 4), length(2, 6), coin(0, 3);
    const int n = length(rng);
    const char separator = coin(rng) == 0 ? '-' : 'x';
    std::string text;
    for (int i = 0; i < n; ++i) {
        if (i) text += separator;
        text += name(coordinate(rng), coordinate(rng));
    }
    return text;
}

}  // namespace

TEST_CASE("the move check that walks the written path agrees with the one that lists every move",
          "[reference][notation]") {
    std::mt19937 rng(9);
    int positions = 0, accepted = 0, prefixes = 0, refused = 0, shorter = 0;
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        for (int i = 0; i < 600; ++i) {
            const Board b = random_board(rng);
            const std::string text = board_fen(b);
            INFO("position " << text);
            const Position pos = fetaix::test::fen(text);
            const MoveList moves = legal_moves(pos, rules);
            ++positions;
            // The cheap questions the game asks every ply.
            REQUIRE(has_legal_move(pos, rules) == !moves.empty());
            int most = 0;
            for (const Move& m : moves) most = std::max(most, m.capture_count());
            REQUIRE(longest_capture(pos, rules) == most);
            // The bounded search (stops at the first sequence taking more) says yes below the most, no at it.
            REQUIRE_FALSE(captures_more_than(pos, rules, most));
            if (most > 0) REQUIRE(captures_more_than(pos, rules, most - 1));
            if (most > 1) REQUIRE(captures_more_than(pos, rules, 0));
            const std::optional<Move> first = first_legal_move(pos, rules);
            REQUIRE(first.has_value() == !moves.empty());
            if (first) REQUIRE(*first == moves[0]);
            for (const Move& m : moves) {
                // Every legal move and every beginning of it (from its first landing point on).
                std::string written = to_string(m.from);
                for (int j = 0; j < m.landings; ++j) {
                    written += concat(m.is_capture() ? "x" : "-", to_string(m.path[j]));
                    agree(written, pos, rules, accepted);
                    prefixes += j + 1 < m.landings ? 1 : 0;
                }
                // Game::play(Move) takes the legal move, and refuses it with a wrong captured set.
                Game game(rules, pos);
                Move wrong = m;
                wrong.captured ^= bit(m.from);
                REQUIRE_FALSE(game.play(wrong));
                REQUIRE(game.play(m));
                REQUIRE(game.ply() == 1);
            }
            // Under majority, every sequence that takes fewer than the most: refused by both alike (the
            // walked check stops its search at the first longer sequence it finds).
            if (rules.majority && most > 1) {
                Rules any = rules;
                any.majority = false;
                for (const Move& m : legal_moves(pos, any)) {
                    if (m.capture_count() == most) continue;
                    const int before = accepted;
                    agree(to_string(m), pos, rules, accepted);
                    REQUIRE(accepted == before);
                    ++shorter;
                }
            }
            // Texts made of random points: almost all refused, by both alike.
            for (int k = 0; k < 20; ++k) {
                const std::string random = random_point_text(rng);
                const int before = accepted;
                agree(random, pos, rules, accepted);
                refused += accepted == before ? 1 : 0;
                if (accepted != before) {
                    Game game(rules, pos);
                    REQUIRE(game.play(random));
                }
            }
        }
    }
    CHECK(positions == 7200);
    CHECK(prefixes > 1000);
    CHECK(refused > 100000);
    CHECK(shorter > 1000);
}

TEST_CASE("the walked check agrees on the mullah with tens of thousands of sequences",
          "[reference][notation][mullah]") {
    const Position pos = fetaix::test::fen("W:WKc3:BKd1,Kb2,d2,b3,d3,a4,b4,Kc4,Kd4,Ke4,b5,Kd5");
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        const MoveList moves = legal_moves(pos, rules);
        REQUIRE(moves.size() > (rules.majority ? 10u : 40000u));
        int accepted = 0;
        // Three moves spread over the list, each with every beginning (listing 45,047 moves for each
        // text is what makes this slow); the beginnings are where the two could differ.
        for (std::size_t i = 0; i < moves.size(); i += moves.size() / 3 + 1) {
            std::string written = to_string(moves[i].from);
            for (int j = 0; j < moves[i].landings; ++j) {
                written += concat("x", to_string(moves[i].path[j]));
                agree(written, pos, rules, accepted);
            }
        }
        CHECK(accepted > 0);
    }
}

TEST_CASE("the reference generator's perft counts", "[reference][perft]") {
    // The values test_perft.cpp holds the core to come from here, not from the core.
    const Board start = board_from_fen(kStartFen);
    REQUIRE(board_fen(start) == kStartFen);
    for (int d = 1; d <= static_cast<int>(std::size(fetaix::test::kStartPerft)); ++d) {
        INFO("start, depth " << d);
        CHECK(reference_perft(start, d) == fetaix::test::kStartPerft[d - 1]);
    }
    const Board mullahs = board_from_fen(fetaix::test::kMullahPerftFen);
    REQUIRE(board_fen(mullahs) == fetaix::test::kMullahPerftFen);
    for (int d = 1; d <= static_cast<int>(std::size(fetaix::test::kMullahPerft)); ++d) {
        INFO("mullahs, depth " << d);
        CHECK(reference_perft(mullahs, d) == fetaix::test::kMullahPerft[d - 1]);
    }
}
