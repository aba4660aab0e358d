// The engine: positions where exactly one move wins, legality everywhere, limits, stop, determinism.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

#include "helpers.hpp"
#include <fetaix/engine/engine.hpp>

using namespace fetaix;
using fetaix::test::fen;

namespace {

struct Tactic {
    const char* position;
    const char* move;
    const char* reason;
};

// Each found by an exhaustive search: of all legal moves, only `move` forces the win within five plies.
const Tactic kTactics[] = {
    {"W:WKb2,b3:BKc1,Ka3,c4", "b2-a1", "b2-a1 offers b3: a3xc3 is forced, and a1xe1xb4xd4 takes all three"},
    {"W:Wb1,c1,b4,Kc4:BKd3", "b4-a5",
     "b4-a5 promotes; after d3-e3 c4-d4, Black must take with e3xc5 and the new mullah answers a5xd5"},
    {"W:Wb1,e2,a4:Bd4,b5", "a4-a5",
     "a4-a5 promotes; d4-e3 loses to e2xe4, and then b5-b4 to a5xe1 along the long diagonal"},
    {"W:Wc4,Kd5,Ke5:BKb1,c2", "d5-d2", "d5-d2 forces c2xe2, then e5xe1xa1 takes both"},
    {"W:WKd3,a4:Be3,d5", "a4-a5", "a4-a5 promotes: e3xc3 is forced and a5xe5xa1 takes both"},
    {"W:WKb1,e3,Kc4:BKa4,b5", "b1-e1", "b1-e1 lets a4xe4xe2 take two, then e1xe5xa5 takes both Black pieces"},
    {"W:Wa1,Kc2,d2,c4:Be2,c5", "c2-c3",
     "c2-c3 forces e2xc2 over d2; c3xc1 takes it, c5xc3 is then forced and c1xc4 takes the last"},
    {"W:We2,b4,Kc4:Ba5,Kd5", "c4-c1", "c4-c1 forces a5xc3, then c1xc5xe5 takes both"},
    {"W:Wd1,b2,a3,Ka5:BKb1,a4", "b2-c3",
     "b2-c3 lures the mullah: b1xe1xb4 is forced, a3xc5 takes it, and a5xa1 the last man"},
    {"W:WKc1,e3,d4:BKe1,Ka2", "c1-a1", "c1-a1 forces e1xe4xa4, then a1xa3xa5 takes both mullahs"},
    {"W:Wa1,d1,Ke1,Ka5:BKe2,d3,e3,d4", "a1-b2", "a1-b2 forces e2xa2, then e1xe5xa1xa3xe3 takes all four"},
    {"W:Wb2,Ka5:BKc1,Kd1", "a5-e1", "a5-e1 forces c1xa3, then e1xa1xa4 takes both"},
};

}  // namespace

TEST_CASE("engine: finds the one winning move in each tactic", "[engine]") {
    for (const Tactic& t : kTactics) {
        INFO(t.position << ": " << t.reason);
        const Position pos = fen(t.position);
        // Check the claim itself: the move is legal here.
        REQUIRE(parse_move(t.move, pos, {}).ok());
        engine::Search search(1u << 16);
        engine::Limits limits;
        limits.depth = 8;
        const engine::Result r = search.run(pos, {}, {}, limits);
        REQUIRE(r.has_move);
        CHECK(to_string(r.best) == t.move);
        CHECK(r.score > engine::kMateBound);  // it sees the win, not just a good move
    }
}

TEST_CASE("engine: never returns an illegal move, under every switch", "[engine]") {
    std::mt19937 rng(11);
    int checked = 0;
    engine::Search search(1u << 14);
    for (const Rules& rules : every_rule_combination()) {
        for (int n = 0; n < 30; ++n) {
            Game game(rules);
            while (!game.over() && game.ply() < 80) {
                const MoveList legal = game.legal_moves();
                if (game.ply() % 3 == 0) {
                    const engine::Result r = engine::think(search, game, 1 + static_cast<int>(rng() % 4), rng());
                    REQUIRE(r.has_move);
                    bool found = false;
                    for (const Move& m : legal) found = found || m == r.best;
                    REQUIRE(found);
                    ++checked;
                }
                REQUIRE(game.play(legal[rng() % legal.size()]));
            }
        }
    }
    CHECK(checked > 2000);
}

TEST_CASE("engine: no move when there is none; the only move at once", "[engine]") {
    engine::Search search(1u << 10);
    CHECK_FALSE(search.run(fen("W:Wa4:Ba5,b4,c4"), {}, {}, {}).has_move);
    engine::Limits timed;
    timed.time_ms = 5000;
    const auto start = std::chrono::steady_clock::now();
    const engine::Result forced = search.run(fen("W:Wb3:Bc3"), {}, {}, timed);
    CHECK(to_string(forced.best) == "b3xd3");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
    CHECK(forced.depth == 0);  // not searched, so no score: the hint says "the only move"
}

TEST_CASE("engine: a time limit is kept", "[engine]") {
    engine::Search search;
    engine::Limits limits;
    limits.time_ms = 150;
    const engine::Result r = search.run(start_position(), {}, {}, limits);
    REQUIRE(r.has_move);
    // Unlimited, this search would go on for minutes (depth 64). The bound is loose on purpose: the suite
    // runs in parallel under sanitizers; how closely the limit is kept is measured by `bench --search`.
    CHECK(r.seconds < 2.0);
    CHECK(r.depth >= 4);
}

TEST_CASE("engine: stop ends a search at once with a legal move", "[engine]") {
    engine::Search search;
    engine::Result r;
    std::atomic<bool> reported{false};
    std::atomic<bool> stop{false};
    engine::Limits limits;
    limits.stop = &stop;
    std::thread worker([&] {
        r = search.run(start_position(), {}, {}, limits, [&](const engine::DepthReport& d) {
            if (d.depth >= 3) reported = true;
        });
    });
    // Once the search is surely under way (it reported depth 3), stop it.
    while (!reported) std::this_thread::yield();
    const auto stopped = std::chrono::steady_clock::now();
    stop = true;
    worker.join();
    const double after_stop = std::chrono::duration<double>(std::chrono::steady_clock::now() - stopped).count();
    // Unstopped, it would search to depth 64 for minutes; the clock and the flag are read every 1,024 nodes.
    CHECK(after_stop < 2.0);
    REQUIRE(r.has_move);
    bool legal = false;
    for (const Move& m : legal_moves(start_position(), {})) legal = legal || m == r.best;
    CHECK(legal);
}

TEST_CASE("engine: a stop requested before the search starts is not lost", "[engine]") {
    engine::Search search;
    std::atomic<bool> stop{true};
    engine::Limits limits;  // depth 64, no node or time limit: minutes of search if the stop were lost
    limits.stop = &stop;
    const engine::Result r = search.run(start_position(), {}, {}, limits);
    // Nothing is searched: the first legal move is the answer.
    CHECK(r.nodes == 0);
    CHECK(r.depth == 0);
    REQUIRE(r.has_move);
    CHECK(r.best == legal_moves(start_position(), {})[0]);
}

TEST_CASE("engine: a stop that ended one run does not end the next", "[engine]") {
    engine::Search search;
    std::atomic<bool> stop{true};
    engine::Limits limits;
    limits.stop = &stop;
    CHECK(search.run(start_position(), {}, {}, limits).depth == 0);
    // The caller clears its flag for the next run: that run goes to its depth limit.
    stop = false;
    limits.depth = 5;
    const engine::Result r = search.run(start_position(), {}, {}, limits);
    CHECK(r.depth == 5);
    // Without a flag at all, a search is never stopped from outside.
    limits.stop = nullptr;
    CHECK(search.run(start_position(), {}, {}, limits).depth == 5);
}

TEST_CASE("engine: levels are deterministic for a fixed seed", "[engine]") {
    Game game;
    REQUIRE(game.play("d2-c3"));
    REQUIRE(game.play("b4xd2"));
    for (int level = engine::kMinLevel; level <= 6; ++level) {
        engine::Search a(1u << 14), b(1u << 14);
        const engine::Result x = engine::think(a, game, level, 42);
        const engine::Result y = engine::think(b, game, level, 42);
        CHECK(x.best == y.best);
        CHECK(x.nodes == y.nodes);
    }
}

namespace {

// The search's score for the game's position at a fixed depth, with the game's history or without it.
int score_at(const Game& game, int depth, bool with_history) {
    engine::Search search(1u << 12);
    engine::Limits limits;
    limits.depth = depth;
    return search
        .run(game.position(), game.rules(), with_history ? engine::history_of(game) : engine::History{}, limits)
        .score;
}

}  // namespace

TEST_CASE("engine: a third occurrence reachable from the game's history counts as a draw", "[engine]") {
    // White's d4 stood twice with White to move (plies 0 and 4). Black, worse off, can bring it back a
    // third time, which draws; without the history the same search sees no repetition and Black is worse.
    Game game({}, fen("W:Wd4:Ba5"));
    for (const char* m : {"d4-e4", "a5-b5", "e4-d4", "b5-a5", "d4-c4"}) REQUIRE(game.play(m));
    REQUIRE(engine::history_of(game).keys.size() == 5);
    CHECK(score_at(game, 6, true) == 0);
    CHECK(score_at(game, 6, false) < -100);
}

TEST_CASE("engine: a position seen once before the root is not yet a draw", "[engine]") {
    // The mullah's win passes through positions of the shuffle; each would only stand a second time.
    Game game({}, fen("W:WKa1:Bd2"));
    for (const char* m : {"a1-e1", "d2-c2", "e1-a1", "c2-d2"}) REQUIRE(game.play(m));
    CHECK(score_at(game, 6, true) > engine::kMateBound);
    CHECK(score_at(game, 6, false) > engine::kMateBound);
}

namespace {

// Plain minimax with the search's rules (quiescence on captures, a position met again since the last
// irreversible move is a draw), no pruning and no table: the search must agree with it exactly.
int minimax(const Position& p, int depth, int ply, int reversible, std::vector<std::uint64_t>& path) {
    const std::uint64_t key = hash(p);
    if (ply > 0) {
        const int window = std::min<int>(reversible, static_cast<int>(path.size()));
        for (int i = 2; i <= window; i += 2)
            if (path[path.size() - i] == key) return 0;
    }
    const MoveList moves = legal_moves(p, {});
    if (moves.empty()) return -engine::kMate + ply;
    if (depth <= 0 && !moves[0].is_capture()) return engine::evaluate(p);
    int best = -engine::kMate;
    path.push_back(key);
    for (const Move& m : moves)
        best = std::max(best,
                        -minimax(p.after(m), depth - 1, ply + 1, is_irreversible(p, m) ? 0 : reversible + 1, path));
    path.pop_back();
    return best;
}

}  // namespace

// To depth 3 no position can repeat (that takes four plies, and the captures below are progress), so
// the table's blindness to the path cannot matter and the scores must be equal.
TEST_CASE("engine: alpha-beta with its table agrees with plain minimax", "[engine]") {
    std::mt19937 rng(5);
    int compared = 0;
    for (int t = 0; t < 200; ++t) {
        Game game;
        const int plies = static_cast<int>(rng() % 40);
        for (int i = 0; i < plies && !game.over(); ++i) {
            const MoveList moves = game.legal_moves();
            REQUIRE(game.play(moves[rng() % moves.size()]));
        }
        if (game.over()) continue;
        for (int depth = 1; depth <= 3; ++depth) {
            engine::Search search(1u << 12);
            engine::Limits limits;
            limits.depth = depth;
            std::vector<std::uint64_t> path;
            INFO(to_fen(game.position()) << " depth " << depth);
            CHECK(search.run(game.position(), {}, {}, limits).score == minimax(game.position(), depth, 0, 0, path));
            ++compared;
        }
    }
    CHECK(compared > 400);
}

TEST_CASE("match: each pair of games gets its own balanced opening", "[engine][match]") {
    engine::MatchSettings s;
    s.games = 21;  // an odd count still gives the last game an opening
    s.seed = 5;
    const std::vector<engine::Opening> openings = engine::choose_openings(s);
    REQUIRE(openings.size() == 11);
    std::vector<std::uint64_t> keys;
    for (const engine::Opening& o : openings) {
        CHECK(o.game.ply() == 10);
        CHECK_FALSE(o.game.over());
        CHECK(o.balanced());
        keys.push_back(hash(o.game.position()));
    }
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}

TEST_CASE("match: openings are balanced by a search, not by chance", "[engine][match]") {
    // Four plies from the start reach only 12 positions; score them all as the match does. The
    // balanced ones come first, then the most balanced of the rest.
    std::vector<Game> level{Game()};
    for (int ply = 0; ply < 4; ++ply) {
        std::vector<Game> next;
        for (const Game& g : level)
            for (const Move& m : g.legal_moves()) {
                Game after = g;
                REQUIRE(after.play(m));
                const auto same = [&](const Game& o) { return hash(o.position()) == hash(after.position()); };
                if (std::none_of(next.begin(), next.end(), same)) next.push_back(after);
            }
        level = next;
    }
    REQUIRE(level.size() == 12);
    std::vector<int> balanced, others;
    engine::Search probe(1u << 16);
    engine::Limits limits;
    limits.depth = engine::kOpeningProbeDepth;
    for (const Game& g : level) {
        probe.clear();
        const int score = std::abs(probe.run(g.position(), g.rules(), engine::history_of(g), limits).score);
        (score <= engine::kBalancedOpening ? balanced : others).push_back(score);
    }
    REQUIRE_FALSE(balanced.empty());
    REQUIRE(balanced.size() < level.size() - 1);

    engine::MatchSettings s;
    s.opening_plies = 4;
    s.games = 2 * static_cast<long long>(balanced.size() + 1);
    const std::vector<engine::Opening> openings = engine::choose_openings(s);
    REQUIRE(openings.size() == balanced.size() + 1);
    for (std::size_t i = 0; i < balanced.size(); ++i) CHECK(openings[i].balanced());
    CHECK(std::abs(openings.back().score) == *std::min_element(others.begin(), others.end()));
}

TEST_CASE("match: no random plies means every game starts from the start", "[engine][match]") {
    engine::MatchSettings s;
    s.games = 4;
    s.opening_plies = 0;
    for (const engine::Opening& o : engine::choose_openings(s)) CHECK(o.game.ply() == 0);
}

TEST_CASE("match: a game depends only on its number", "[engine][match]") {
    engine::MatchSettings s;
    s.a = 3;
    s.b = 2;
    s.games = 6;
    const std::vector<engine::Opening> openings = engine::choose_openings(s);
    engine::Search a1(1u << 14), b1(1u << 14), a2(1u << 14), b2(1u << 14);
    // The first pair of searches has played other games before; the second has not.
    engine::play_match_game(s, openings[0], 0, a1, b1);
    engine::play_match_game(s, openings[2], 4, a1, b1);
    const engine::MatchGame x = engine::play_match_game(s, openings[1], 3, a1, b1);
    const engine::MatchGame y = engine::play_match_game(s, openings[1], 3, a2, b2);
    CHECK_FALSE(x.a_is_white);
    CHECK(x.score == y.score);
    CHECK(x.plies == y.plies);
    CHECK(x.plies > 8);
}

TEST_CASE("match: a side whose move the game refuses loses the game at once", "[engine][match]") {
    const engine::Opening opening{Game(), 0};
    const Move illegal = *parse_move("c2-c3", start_position(), {});
    int asked = 0;
    // White (A in game 0) answers c2-c3 and Black answers c2-c3 again, which is no move for Black.
    const engine::MatchGame game = engine::play_from(opening, 0, 400, [&](const Game&, bool) {
        engine::Result r;
        r.has_move = ++asked < 100;  // ends a game that would otherwise ask for ever
        r.best = illegal;
        return r;
    });
    CHECK(asked == 2);
    CHECK(game.forfeited);
    CHECK(game.a_is_white);
    CHECK(game.score == 1.0);
    CHECK(game.plies == 1);
    CHECK_FALSE(game.capped);
    CHECK(engine::summarize({game}).forfeited == 1);
}

TEST_CASE("match: the summary counts A's results and its score with a 95% margin", "[engine][match]") {
    std::vector<engine::MatchGame> games(4);
    games[0].score = 1.0;
    games[1].score = 1.0;
    games[2].score = 0.0;
    games[3].capped = true;  // and a draw, as every game starts
    // A is White in games 0 and 2 (play_from's even games), Black in 1 and 3.
    games[1].a_is_white = games[3].a_is_white = false;
    games[0].plies = 31;
    games[1].plies = 12;
    games[2].plies = 58;
    games[3].plies = 400;
    const engine::MatchSummary s = engine::summarize(games);
    // A won as White (game 0) and as Black (game 1) and lost as White (game 2): White won 1, Black 2.
    CHECK(s.white_wins == 1);
    CHECK(s.black_wins == 2);
    CHECK(s.median_plies == 31);  // 12, 31, 58, 400: the lower middle one
    CHECK(s.shortest == 12);
    CHECK(s.longest == 400);
    CHECK(s.wins == 2);
    CHECK(s.draws == 1);
    CHECK(s.losses == 1);
    CHECK(s.capped == 1);
    CHECK(s.score == Approx(0.625));
    // Scores 1, 1, 0, 0.5: variance 0.171875, so 1.96 * sqrt(0.171875 / 4).
    CHECK(s.margin == Approx(1.96 * std::sqrt(0.171875 / 4)));
    CHECK(engine::summarize({}).wins == 0);
}
