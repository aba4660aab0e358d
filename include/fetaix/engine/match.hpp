#pragma once
// Engine matches: level against level from varied, balanced openings, each opening played with both
// colours. Every game depends only on the settings and its number, so games can run in any order or
// on any number of threads and the match comes out the same.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <random>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../clock.hpp"
#include "../game.hpp"
#include "levels.hpp"
#include "search.hpp"

namespace fetaix::engine {

struct MatchSettings {
    int a = 1, b = 1;  // the levels
    long long games = 0;
    std::uint64_t seed = 1;
    Rules rules{};
    int opening_plies = 10;  // random plies before the engines take over
    int max_plies = 400;     // a game still going then counts as a draw
    // Both engines on this clock, timed for real from the first move after the opening: each budgets
    // its moves from its clock (think_budget) and loses when it runs out. None: the levels' own limits.
    std::optional<TimeControl> clock;
};

// Openings are scored by a search this deep and kept when within this much of level (hundredths of
// a man).
inline constexpr int kOpeningProbeDepth = 8;
inline constexpr int kBalancedOpening = 25;
inline constexpr int kOpeningAttempts = 200;

struct Opening {
    Game game;
    int score = 0;  // the probe's score for the side to move
    bool balanced() const { return std::abs(score) <= kBalancedOpening; }
};

// One opening for each pair of games, all different where the game allows. The opening tree is
// narrow (captures are compulsory: 12 positions after four plies, 804 after eight, 11,074 after ten)
// and a random ply usually loses material, while an opening that one side has lost scores 1-1 whoever
// plays better. So each opening is the first of up to kOpeningAttempts random walks that is new and
// balanced, or else the most balanced new one found.
inline std::vector<Opening> choose_openings(const MatchSettings& s) {
    const long long pairs = (s.games + 1) / 2;
    std::vector<Opening> openings;
    std::unordered_set<std::uint64_t> used;
    std::unordered_map<std::uint64_t, int> scores;  // walks often meet the same positions again
    std::mt19937_64 rng(s.seed);
    Search probe(1u << 16);
    Limits limits;
    limits.depth = kOpeningProbeDepth;
    const auto score_of = [&](const Game& game) {
        const auto [known, fresh] = scores.try_emplace(hash(game.position()), 0);
        if (fresh) {
            probe.clear();
            known->second = probe.run(game.position(), s.rules, history_of(game), limits).score;
        }
        return known->second;
    };
    for (long long p = 0; p < pairs; ++p) {
        std::optional<Opening> best;
        for (int attempt = 0; attempt < kOpeningAttempts; ++attempt) {
            Game game(s.rules);
            for (int i = 0; i < s.opening_plies && !game.over(); ++i) {
                const MoveList moves = game.legal_moves();
                // A move from legal_moves() is always accepted; were it not, the opening would end here.
                if (!game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)])) break;
            }
            if (game.over() || used.count(hash(game.position()))) continue;
            const int score = score_of(game);
            if (!best || std::abs(score) < std::abs(best->score)) best = Opening{game, score};
            if (best->balanced()) break;
        }
        // With no new opening left (a tiny tree, or no random plies at all), openings repeat.
        if (!best && !openings.empty()) best = openings[static_cast<std::size_t>(p) % openings.size()];
        if (!best) best = Opening{Game(s.rules), score_of(Game(s.rules))};
        used.insert(hash(best->game.position()));
        openings.push_back(*best);
    }
    return openings;
}

struct MatchGame {
    bool a_is_white = true;
    double score = 0.5;      // for A: 1 win, 0.5 draw, 0 loss
    bool capped = false;     // still going after max_plies
    bool forfeited = false;  // a side answered with a move the game refused (an engine bug) and lost
    bool on_time = false;    // a side's clock ran out
    std::size_t plies = 0;
};

namespace detail {
// The score of a game that has ended or stopped.
inline MatchGame finish(MatchGame out, const Game& game) {
    const Outcome outcome = game.result().outcome;
    if (outcome == Outcome::WhiteWins) out.score = out.a_is_white ? 1.0 : 0.0;
    if (outcome == Outcome::BlackWins) out.score = out.a_is_white ? 0.0 : 1.0;
    out.capped = !game.over();
    out.plies = game.ply();
    return out;
}
}  // namespace detail

// Game number g from its opening (A plays White in even games), asking move_for(game, a_moves) for
// each move until the game ends or reaches max_plies. A side whose move the game refuses loses: the
// game could not go on, and the same position would be asked again for ever.
template <class MoveFor>
MatchGame play_from(const Opening& opening, long long g, int max_plies, MoveFor&& move_for) {
    MatchGame out;
    out.a_is_white = g % 2 == 0;
    Game game = opening.game;
    while (!game.over() && game.ply() < static_cast<std::size_t>(max_plies)) {
        const bool a_moves = (game.position().side_to_move == Color::White) == out.a_is_white;
        const Result r = move_for(game, a_moves);
        if (!r.has_move) break;
        if (!game.play(r.best)) {
            out.forfeited = true;
            out.score = a_moves ? 0.0 : 1.0;
            out.plies = game.ply();
            return out;
        }
    }
    return detail::finish(out, game);
}

// As play_from, on a clock of `tc` for each side that starts with the first move after the opening:
// move_for(game, a_moves, time_ms) gets the mover's budget from its clock, `now()` (milliseconds) times
// each move, and a side whose clock has run out when its move comes back loses on time.
template <class MoveFor, class Now>
MatchGame play_timed(const Opening& opening, long long g, int max_plies, const TimeControl& tc, Now&& now,
                     MoveFor&& move_for) {
    MatchGame out;
    out.a_is_white = g % 2 == 0;
    Game game = opening.game;
    Clock clock(tc, tc);
    clock.set(ClockReading{tc.base, tc.base, game.position().side_to_move}, now());
    while (!game.over() && game.ply() < static_cast<std::size_t>(max_plies)) {
        const Color side = game.position().side_to_move;
        const bool a_moves = (side == Color::White) == out.a_is_white;
        const Millis budget = think_budget(clock.reading(now()).of(side), tc);
        const Result r = move_for(game, a_moves, static_cast<int>(std::min<Millis>(budget, 3600000)));
        const Millis t = now();
        if (clock.fallen(t)) {
            game.lose_on_time(side);
            out.on_time = true;
            break;
        }
        if (!r.has_move) break;
        if (!game.play(r.best)) {
            out.forfeited = true;
            out.score = a_moves ? 0.0 : 1.0;
            out.plies = game.ply();
            return out;
        }
        clock.press(side, t);
    }
    return detail::finish(out, game);
}

// Game number g of a match between levels. Each search's table is cleared first, so the game does not
// depend on the ones before it.
inline MatchGame play_match_game(const MatchSettings& s, const Opening& opening, long long g, Search& search_a,
                                 Search& search_b) {
    search_a.clear();
    search_b.clear();
    const std::uint64_t seed = s.seed + static_cast<std::uint64_t>(g) * 7919u;
    if (s.clock) {
        const auto now = [] {
            return static_cast<Millis>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                           std::chrono::steady_clock::now().time_since_epoch())
                                           .count());
        };
        return play_timed(opening, g, s.max_plies, *s.clock, now, [&](const Game& game, bool a_moves, int time_ms) {
            return think(a_moves ? search_a : search_b, game, a_moves ? s.a : s.b, seed + game.ply(), time_ms);
        });
    }
    return play_from(opening, g, s.max_plies, [&](const Game& game, bool a_moves) {
        return think(a_moves ? search_a : search_b, game, a_moves ? s.a : s.b,
                     s.seed + static_cast<std::uint64_t>(g) * 7919u + game.ply());
    });
}

struct MatchSummary {
    long long wins = 0, draws = 0, losses = 0;  // A's
    long long capped = 0;                       // drawn at the ply cap
    long long forfeited = 0;                    // lost by a refused move (an engine bug)
    long long on_time = 0;                      // lost on time (a match on a clock)
    double score = 0;                           // A's mean score
    double margin = 0;                          // its 95% margin
    long long white_wins = 0, black_wins = 0;   // by colour, whichever engine played it
    // The games' lengths in plies from the start (the opening's included): the median (the lower of
    // the middle two), the shortest and the longest.
    std::size_t median_plies = 0, shortest = 0, longest = 0;
};

inline MatchSummary summarize(const std::vector<MatchGame>& games) {
    MatchSummary out;
    if (games.empty()) return out;
    double sum = 0, sum_squares = 0;
    for (const MatchGame& g : games) {
        ++(g.score == 1.0 ? out.wins : g.score == 0.0 ? out.losses : out.draws);
        out.capped += g.capped;
        out.forfeited += g.forfeited;
        out.on_time += g.on_time;
        sum += g.score;
        sum_squares += g.score * g.score;
        if (g.score != 0.5) ++((g.score == 1.0) == g.a_is_white ? out.white_wins : out.black_wins);
    }
    std::vector<std::size_t> plies;
    for (const MatchGame& g : games) plies.push_back(g.plies);
    std::sort(plies.begin(), plies.end());
    out.median_plies = plies[(plies.size() - 1) / 2];
    out.shortest = plies.front();
    out.longest = plies.back();
    const double n = static_cast<double>(games.size());
    out.score = sum / n;
    out.margin = 1.96 * std::sqrt(std::max(0.0, sum_squares / n - out.score * out.score) / n);
    return out;
}

}  // namespace fetaix::engine
