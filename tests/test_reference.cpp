// An independent, deliberately plain move generator written from docs/rules.md on a 5x5 array
// (no bitboards, no tables), compared with the core on many random positions under every switch.
// Each move is compared by its notation and by the position it leads to.

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "perft_values.hpp"

namespace {

using namespace fetaix;

// '.' empty, 'w' White man, 'W' White mullah, 'b' Black man, 'B' Black mullah.
struct Board {
    std::array<std::array<char, 5>, 5> cell;  // [x][y]
    bool white_to_move = true;
};

bool inside(int x, int y) { return x >= 0 && x < 5 && y >= 0 && y < 5; }
// Spec 1: orthogonal lines everywhere; diagonal lines only from points with x + y even.
bool line(int x, int y, int dx, int dy) {
    if (!inside(x + dx, y + dy)) return false;
    return dx == 0 || dy == 0 || (x + y) % 2 == 0;
}
bool is_white(char c) { return c == 'w' || c == 'W'; }
bool is_black(char c) { return c == 'b' || c == 'B'; }
std::string name(int x, int y) { return std::string{char('a' + x), char('1' + y)}; }

std::string board_fen(const Board& b) {
    std::string s = b.white_to_move ? "W" : "B";
    for (int side = 0; side < 2; ++side) {
        s += side == 0 ? ":W" : ":B";
        bool first = true;
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 5; ++x) {
                const char c = b.cell[x][y];
                if ((side == 0 && !is_white(c)) || (side == 1 && !is_black(c))) continue;
                if (!first) s += ',';
                first = false;
                if (c == 'W' || c == 'B') s += 'K';
                s += name(x, y);
            }
    }
    return s;
}

struct RefMove {
    std::string text;
    int captures;
    Board after;
};

const int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
const int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

class Reference {
public:
    Reference(const Board& b, const Rules& r) : board_(b), rules_(r), white_(b.white_to_move) {}

    std::vector<RefMove> moves() {
        std::vector<RefMove> out;
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y) {
                const char c = board_.cell[x][y];
                if (!mine(c)) continue;
                Board b = board_;
                b.cell[x][y] = '.';  // the start point is empty from the first jump on
                jumps(b, x, y, c == 'W' || c == 'B', c, name(x, y), 0, out);
            }
        if (!out.empty()) {
            if (rules_.majority) {
                int best = 0;
                for (auto& m : out) best = std::max(best, m.captures);
                std::erase_if(out, [&](const RefMove& m) { return m.captures != best; });
            }
            return out;
        }
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y) {
                const char c = board_.cell[x][y];
                if (!mine(c)) continue;
                const bool mullah = c == 'W' || c == 'B';
                for (int d = 0; d < 8; ++d) {
                    if (!mullah && !man_direction(d, false)) continue;
                    int tx = x, ty = y;
                    while (line(tx, ty, kDx[d], kDy[d]) && board_.cell[tx + kDx[d]][ty + kDy[d]] == '.') {
                        tx += kDx[d];
                        ty += kDy[d];
                        Board b = board_;
                        b.cell[x][y] = '.';
                        b.cell[tx][ty] = (!mullah && ty == last_rank()) ? promoted(c) : c;
                        b.white_to_move = !white_;
                        out.push_back({name(x, y) + "-" + name(tx, ty), 0, b});
                        if (!mullah) break;
                    }
                }
            }
        return out;
    }

private:
    bool mine(char c) const { return white_ ? is_white(c) : is_black(c); }
    bool enemy(char c) const { return white_ ? is_black(c) : is_white(c); }
    int last_rank() const { return white_ ? 4 : 0; }
    char promoted(char c) const { return c == 'w' ? 'W' : c == 'b' ? 'B' : c; }
    // Forward is +y for White and -y for Black; sideways is dy == 0.
    bool man_direction(int d, bool capture) const {
        const int forward = white_ ? 1 : -1;
        if (kDy[d] == forward || kDy[d] == 0) return true;
        return capture && rules_.backward_captures;
    }

    // The jumps available to a piece on (x, y) of board b (the piece itself not on b).
    struct Jump {
        int over_x, over_y;
        std::vector<std::pair<int, int>> landings;
    };
    std::vector<Jump> available(const Board& b, int x, int y, bool mullah) const {
        std::vector<Jump> out;
        for (int d = 0; d < 8; ++d) {
            if (!mullah && !man_direction(d, true)) continue;
            int cx = x, cy = y;
            if (mullah)
                while (line(cx, cy, kDx[d], kDy[d]) && b.cell[cx + kDx[d]][cy + kDy[d]] == '.') {
                    cx += kDx[d];
                    cy += kDy[d];
                }
            if (!line(cx, cy, kDx[d], kDy[d])) continue;
            const int ex = cx + kDx[d], ey = cy + kDy[d];
            if (!enemy(b.cell[ex][ey])) continue;
            Jump j{ex, ey, {}};
            int lx = ex, ly = ey;
            while (line(lx, ly, kDx[d], kDy[d]) && b.cell[lx + kDx[d]][ly + kDy[d]] == '.') {
                lx += kDx[d];
                ly += kDy[d];
                j.landings.emplace_back(lx, ly);
                if (!mullah) break;
            }
            if (!j.landings.empty()) out.push_back(j);
        }
        return out;
    }

    void finish(Board b, int x, int y, char piece, const std::string& text, int captures, std::vector<RefMove>& out) {
        if (captures == 0) return;
        b.cell[x][y] = (y == last_rank()) ? promoted(piece) : piece;
        b.white_to_move = !white_;
        out.push_back({text, captures, b});
    }

    void jumps(const Board& b, int x, int y, bool mullah, char piece, const std::string& text, int captures,
               std::vector<RefMove>& out) {
        const auto options = available(b, x, y, mullah);
        if (options.empty()) {
            finish(b, x, y, piece, text, captures, out);
            return;
        }
        for (const Jump& j : options) {
            Board next = b;
            next.cell[j.over_x][j.over_y] = '.';  // removal is immediate
            std::vector<std::pair<int, int>> allowed = j.landings;
            if (mullah) {
                std::vector<std::pair<int, int>> going_on;
                for (auto [lx, ly] : j.landings)
                    if (!available(next, lx, ly, true).empty()) going_on.emplace_back(lx, ly);
                if (!going_on.empty()) allowed = going_on;
            }
            for (auto [lx, ly] : allowed) {
                const std::string t = text + "x" + name(lx, ly);
                if (!mullah && ly == last_rank() && rules_.promotion != Promotion::End) {
                    if (rules_.promotion == Promotion::Stop)
                        finish(next, lx, ly, promoted(piece), t, captures + 1, out);
                    else jumps(next, lx, ly, true, promoted(piece), t, captures + 1, out);
                } else {
                    jumps(next, lx, ly, mullah, piece, t, captures + 1, out);
                }
            }
        }
    }

    Board board_;
    Rules rules_;
    bool white_;
};

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

// A board from a FEN written plainly ("W:Wb1,Ka2:Be1", pieces separated by commas, K for a mullah),
// read here without the core's parser.
Board board_from_fen(std::string_view text) {
    Board b;
    for (auto& column : b.cell) column.fill('.');
    b.white_to_move = text[0] == 'W';
    char side = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (text[i] == ':') {
            side = text[++i];
            continue;
        }
        if (text[i] == ',') continue;
        const bool mullah = text[i] == 'K';
        if (mullah) ++i;
        const char piece = side == 'W' ? (mullah ? 'W' : 'w') : (mullah ? 'B' : 'b');
        b.cell[text[i] - 'a'][text[i + 1] - '1'] = piece;
        ++i;
    }
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
