// Why a move is refused: one TEST_CASE per reason, each position worked out by hand from docs/rules.md
// (the reasoning is in the comments), and the exact words a player reads.

#include <random>

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;

namespace {

// The message for a typed move (parse_move's, which the prompt and records show).
std::string typed(std::string_view position, std::string_view text, const Rules& rules = {}) {
    const Expected<Move> m = parse_move(text, fen(position), rules);
    REQUIRE_FALSE(m.ok());
    return m.error().message;
}

const std::string kStart = to_fen(start_position());

Point pt(std::string_view name) { return *parse_point(name); }

// The refusal for points chosen one at a time on the board (not necessarily a whole move).
Refusal chosen(std::string_view position, std::string_view from, std::vector<std::string_view> landings, bool capture,
               bool whole = false, const Rules& rules = {}) {
    std::vector<Point> path;
    for (std::string_view p : landings) path.push_back(pt(p));
    return refusal(fen(position), rules, pt(from), path, capture, whole);
}

}  // namespace

TEST_CASE("refusal: the point is taken", "[refusal]") {
    // At the start d4 holds a Black man; e3 has diagonals (4 + 2 is even), so e3-d4 is a forward diagonal step.
    CHECK(typed(kStart, "e3-d4") == "the point d4 is taken");
    CHECK(chosen(kStart, "e3", {"d4"}, false).kind == RefusalKind::Taken);
    // An enemy piece that can be captured: the man on b2 takes b3 by landing on b4, the point beyond.
    CHECK(typed("W:Wb2:Bb3", "b2-b3") == "the point b3 is taken: to capture it, land on b4");
    CHECK(describe(chosen("W:Wb2:Bb3", "b2", {"b3"}, true)) == "the point b3 is taken: to capture it, land on b4");
    // A mullah flying over b3 may land on b4 or b5.
    CHECK(describe(chosen("W:WKb1:Bb3", "b1", {"b3"}, true)) ==
          "the point b3 is taken: to capture it, land on b4 or b5");
}

TEST_CASE("refusal: no line between the points", "[refusal]") {
    // b3 has no diagonals (1 + 2 is odd): c4 is diagonally forward but no line leads there.
    CHECK(typed("W:Wb3:Ba5", "b3-c4") == "there is no line from b3 to c4: no diagonal leaves b3");
    // a1 to b3 is on no line at all.
    CHECK(typed("W:Wa1:Ba5", "a1-b3") == "there is no line from a1 to b3");
    // A move to the point it starts from.
    CHECK(typed("W:Wc2:Ba5", "c2-c2") == "a move leaves its point: c2 is where it starts");
    CHECK(typed("W:Wb2:Ba5", "b2-b2") == "a move leaves its point: b2 is where it starts");
}

TEST_CASE("refusal: men never move backward", "[refusal]") {
    // White moves toward rank 5: c3 to c2 is backward, and so is the diagonal c3 to b2.
    CHECK(typed("W:Wc3:Ba5", "c3-c2") == "men never move backward");
    CHECK(typed("W:Wc3:Ba5", "c3-b2") == "men never move backward");
    // Black moves toward rank 1: c3 to c4 is backward for it.
    CHECK(typed("B:Wa1:Bc3", "c3-c4") == "men never move backward");
    // A backward capture only under backward-captures: c2 is Black, c1 empty.
    CHECK(typed("W:Wc3:Bc2,a5", "c3xc1") == "men never capture backward (backward-captures is off)");
    Rules backward;
    backward.backward_captures = true;
    CHECK(parse_move("c3xc1", fen("W:Wc3:Bc2,a5"), backward).ok());
    // Even then a man never steps backward.
    CHECK(typed("W:Wc3:Ba5", "c3-c2", backward) ==
          "men never step backward (they capture backward with backward-captures)");
}

TEST_CASE("refusal: a man steps one point", "[refusal]") {
    // At the start c3 is empty and c4 Black: c2 to c4 is two points up the c file.
    CHECK(typed(kStart, "c2-c4") == "a man steps one point, and c4 is not next to c2");
    // A mullah may fly: the same step is legal for one.
    CHECK(parse_move("c2-c4", fen("W:WKc2:Ba5"), Rules{}).ok());
}

TEST_CASE("refusal: a piece stands in the way", "[refusal]") {
    // The mullah on a1 flies up the long diagonal, but its own man on b2 stands in the way of c3.
    CHECK(typed("W:WKa1,b2:Be5", "a1-c3") == "b2 stands in the way");
    // Jumping two pieces at once: b2 and c3 are both Black, so a1 has no capture at all.
    CHECK(typed("W:WKa1:Bb2,c3", "a1xd4") == "b2 and c3 stand in the way: a capture jumps one piece");
}

TEST_CASE("refusal: a capture is compulsory", "[refusal]") {
    // b3 takes c3 (landing on d3) and e3 takes e4 (landing on e5); a1's step is refused.
    const std::string two = "W:Wa1,b3,e3:Bc3,e4";
    CHECK(typed(two, "a1-a2") == "a capture is compulsory: b3 and e3 can capture");
    // Choosing a1 on the board says the same.
    CHECK(describe(chosen(two, "a1", {}, true)) == "a capture is compulsory: b3 and e3 can capture");
    // One piece that can capture.
    CHECK(typed("W:Wb3,e1:Bc3", "e1-e2") == "a capture is compulsory: b3 can capture");
    // The capture meant, written as a step.
    CHECK(typed("W:Wb3,e1:Bc3", "b3-d3") == "a capture is written with x: b3xd3");
}

TEST_CASE("refusal: the capture must go on from the landing point", "[refusal]") {
    // c1 takes c2 landing on c3, then must take c4 landing on c5: c1xc3 alone stops short.
    const std::string chain = "W:Wc1:Bc2,c4,a5";
    Move stop{};
    stop.from = pt("c1");
    stop.path[0] = pt("c3");
    stop.landings = 1;
    stop.captured = bit(pt("c2"));
    Game game(Rules{}, fen(chain));
    const Expected<Move> played = game.play(stop);
    REQUIRE_FALSE(played.ok());
    CHECK(played.error().message == "the capture must go on from c3, to c5");
    // On the board: after c1 to c3, a step to d3 instead of the jump.
    CHECK(describe(chosen(chain, "c1", {"c3", "d3"}, true)) == "the capture must go on from c3, to c5");
    // The beginning itself is fine on the board, one point at a time.
    CHECK(chosen(chain, "c1", {"c3"}, true).kind == RefusalKind::None);
}

TEST_CASE("refusal: a mullah must land where it can capture again", "[refusal]") {
    // The mullah on a1 jumps c3 up the long diagonal and may land on d4 or e5. From d4 it can take d3
    // (landing on d2); from e5 nothing is left to take: d4 is the only landing allowed.
    CHECK(typed("W:WKa1:Bc3,d3", "a1xe5") == "a mullah must land where it can capture again: on d4");
    CHECK(parse_move("a1xd4xd1", fen("W:WKa1:Bc3,d3"), Rules{}).ok());
}

TEST_CASE("refusal: there is no piece of yours there", "[refusal]") {
    // c3 is the one empty point at the start.
    CHECK(typed(kStart, "c3-c4") == "there is no piece of yours on c3");
    CHECK(describe(chosen(kStart, "c3", {}, false)) == "there is no piece of yours on c3");
}

TEST_CASE("refusal: it is not your turn", "[refusal]") {
    // b3 holds a Black man while White is to move.
    CHECK(typed(kStart, "b3-c3") == "b3 is Black's, and it is White's turn");
    CHECK(describe(chosen(kStart, "b3", {}, false)) == "b3 is Black's, and it is White's turn");
}

TEST_CASE("refusal: a piece with no move", "[refusal]") {
    // At the start a1's forward and sideways points (a2, b2, b1) are all White's own.
    CHECK(describe(chosen(kStart, "a1", {}, false)) ==
          "the man on a1 has no legal move: every point it could go to is taken");
    CHECK(chosen(kStart, "c2", {}, false).kind == RefusalKind::None);
}

TEST_CASE("refusal: a capture jumps an enemy piece", "[refusal]") {
    // Nothing between c2 and c3.
    CHECK(typed(kStart, "c2xc3") == "there is no piece to capture between c2 and c3");
    // c3 is White's own man.
    CHECK(typed("W:Wc2,c3:Ba5", "c2xc4") == "c3 is your own piece: only the other side's pieces are captured");
    // A man's leap is short: over the piece next to it onto the point just beyond.
    CHECK(typed("W:Wc1:Bc2,a5", "c1xc4") == "a man captures a piece next to it, landing on the point just beyond");
}

TEST_CASE("refusal: majority", "[refusal]") {
    // c1 takes c2 and c4 (c1xc3xc5); e1 takes only e2. With majority only the two-piece capture is legal.
    Rules majority;
    majority.majority = true;
    const std::string position = "W:Wc1,e1:Bc2,c4,e2";
    CHECK(parse_move("e1xe3", fen(position), Rules{}).ok());
    CHECK(typed(position, "e1xe3", majority) == "with majority the capture must take 2 pieces: c1 can");
    CHECK(describe(chosen(position, "e1", {}, true, false, majority)) ==
          "with majority the capture must take 2 pieces: c1 can");
}

TEST_CASE("refusal: promotion stop ends the move on the last rank", "[refusal]") {
    // c3 takes c4 landing on c5 (rank 5); from there d5 could be taken, but under stop the move ends.
    const std::string position = "W:Wc3:Bc4,d5";
    CHECK(parse_move("c3xc5xe5", fen(position), Rules{}).ok());
    CHECK(typed(position, "c3xc5xe5", test::with_promotion(Promotion::Stop)) ==
          "the move ends on c5: with promotion stop a man reaching the far rank stops there");
}

TEST_CASE("refusal: no legal move", "[refusal]") {
    // a4 (no diagonals) is hemmed in by a5 and b4; b4 by a5, b5, c5 and c4, with no point beyond a5, b5
    // or c5 and d4 taken behind c4: White has pieces and no move.
    CHECK(typed("W:Wa4,b4:Ba5,b5,c5,c4,d4", "a4-a5") == "no legal move: the game is over");
}

TEST_CASE("refusal: refused exactly when illegal, and always for a named reason", "[refusal][random]") {
    // Every start and landing point of random games under every switch, as a step and as a capture.
    std::mt19937 rng(11);
    int refused = 0;
    for (const Rules& rules : every_rule_combination()) {
        INFO(describe(rules));
        // A named reason, and one the switches in force can give.
        const auto sound = [&rules](const Refusal& r) {
            return r.kind != RefusalKind::NotLegal && (rules.majority || r.kind != RefusalKind::Majority) &&
                   (rules.promotion == Promotion::Stop || r.kind != RefusalKind::PromotionStop);
        };
        for (int n = 0; n < 3; ++n) {
            Game game(rules);
            while (!game.over() && game.ply() < 60) {
                const Position pos = game.position();
                INFO(to_fen(pos));
                const MoveList moves = game.legal_moves();
                // Each point as a piece to choose: refused exactly when no legal move starts there.
                Bitboard movable = 0;
                for (const Move& move : moves) movable |= bit(move.from);
                for (int i = 0; i < kPointCount; ++i) {
                    const Point p{static_cast<std::uint8_t>(i)};
                    const Refusal r = refusal(pos, rules, p, {}, !moves.empty() && moves[0].is_capture(), false);
                    INFO(to_string(p) << ": " << describe(r));
                    REQUIRE(r.refused() == !contains(movable, p));
                    REQUIRE(sound(r));
                    if (contains(pos.them(), p)) REQUIRE(r.kind == RefusalKind::NotYourTurn);
                    if (!contains(pos.occupied(), p)) REQUIRE(r.kind == RefusalKind::NoPiece);
                }
                for (Point from : points(pos.us()))
                    for (int i = 0; i < kPointCount; ++i)
                        for (bool capture : {false, true}) {
                            const Point to{static_cast<std::uint8_t>(i)};
                            const PathMatch m = match_path(pos, rules, from, &to, 1, capture, 1);
                            const Refusal r = refusal(pos, rules, from, std::span(&to, 1), capture, true);
                            INFO(to_string(from) << (capture ? "x" : "-") << to_string(to) << ": " << describe(r));
                            REQUIRE(r.refused() == !m.exact);
                            REQUIRE(sound(r));
                            refused += r.refused();
                        }
                // Each legal capture, one point at a time: every beginning allowed, any other point refused for a
                // reason.
                for (const Move& move : moves) {
                    std::vector<Point> path;
                    for (int k = 0; k < move.landings; ++k) {
                        for (int i = 0; i < kPointCount; ++i) {
                            std::vector<Point> tried = path;
                            tried.push_back(Point{static_cast<std::uint8_t>(i)});
                            bool begins = false;
                            for (const Move& other : moves) {
                                bool same = other.from == move.from && other.landings >= tried.size();
                                for (std::size_t j = 0; same && j < tried.size(); ++j) same = other.path[j] == tried[j];
                                begins = begins || same;
                            }
                            const Refusal r = refusal(pos, rules, move.from, tried, move.is_capture(), false);
                            REQUIRE(r.refused() == !begins);
                            REQUIRE(sound(r));
                        }
                        path.push_back(move.path[k]);
                    }
                }
                REQUIRE(game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]));
            }
        }
    }
    CHECK(refused > 1000);
}

TEST_CASE("refusal: mullah positions, every start and landing point under every switch", "[refusal][mullah]") {
    // Flying pieces, long leaps and the landing rule, which random games from the start rarely reach.
    const char* const positions[] = {
        "W:WKa1:Bc3,d2,a3",
        "B:Wb2,c2,Kd4:Bc4,b5,Ke5",
        "W:WKa1,a3:Bb2,c3,Kc1,Kd1",
        "W:WKc3:Bd3,b3",
        "W:WKc3:BKd1,Kb2,d2,b3,d3,a4,b4,Kc4,Kd4,Ke4,b5,Kd5",
    };
    for (const Rules& rules : every_rule_combination())
        for (const char* text : positions) {
            INFO(describe(rules) << " " << text);
            const Position pos = fen(text);
            for (Point from : points(pos.us()))
                for (int i = 0; i < kPointCount; ++i)
                    for (int j = 0; j <= kPointCount; ++j)  // one landing point, or two (j < 25)
                        for (bool capture : {false, true}) {
                            std::vector<Point> path{Point{static_cast<std::uint8_t>(i)}};
                            if (j < kPointCount) path.push_back(Point{static_cast<std::uint8_t>(j)});
                            if (!capture && path.size() > 1) continue;
                            const PathMatch m = match_path(pos, rules, from, path.data(), static_cast<int>(path.size()),
                                                           capture, 1);
                            const Refusal r = refusal(pos, rules, from, path, capture, false);
                            INFO(to_string(from)
                                 << " " << path.size() << " " << to_string(path.back()) << ": " << describe(r));
                            REQUIRE(r.refused() == !(m.exact || !m.longer.empty()));
                            REQUIRE(r.kind != RefusalKind::NotLegal);
                        }
        }
}
