#include "cli/engine_commands.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

namespace fetaix::cli {

namespace {

std::string line_of(const std::vector<Move>& moves) {
    std::string out;
    for (const Move& m : moves) {
        if (!out.empty()) out += ' ';
        out += to_string(m);
    }
    return out;
}

}  // namespace

int run_analyze(Args& args) {
    Rules rules;
    Position pos = start_position();
    engine::Limits limits;
    limits.time_ms = 5000;
    bool timed = false, deep = false;
    while (!args.empty()) {
        std::string error;
        if (take_rule_switch(args, rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--fen") {
            if (args.empty()) return usage_error("--fen needs a position, such as W:Wa1,b1:Ba5");
            auto parsed = parse_fen(args.take());
            if (!parsed) return usage_error("--fen: " + parsed.error().describe());
            pos = *parsed;
        } else if (flag == "--time") {
            if (args.empty()) return usage_error("--time needs a number of seconds");
            const std::string text(args.take());
            const auto seconds = parse_seconds(text, 0.001, 86400);
            if (!seconds) return usage_error("--time: expected seconds between 0.001 and 86400, not '" + text + "'");
            limits.time_ms = static_cast<int>(*seconds * 1000);
            timed = true;
        } else if (flag == "--depth") {
            if (args.empty()) return usage_error("--depth needs a number");
            const auto depth = parse_number(args.peek(), 1, engine::kMaxPly - 1);
            if (!depth) return usage_error("--depth: expected 1 to " + std::to_string(engine::kMaxPly - 1) + ", not '" +
                                           std::string(args.take()) + "'");
            args.take();
            limits.depth = static_cast<int>(*depth);
            limits.time_ms = -1;
            deep = true;
        } else {
            return usage_error("analyze: unknown option '" + std::string(flag) + "' (see fetaix --help)");
        }
    }
    if (timed && deep) return usage_error("analyze: --time and --depth exclude each other");
    engine::Search search;
    const engine::Result r = search.run(pos, rules, {}, limits, [](const engine::DepthReport& d) {
        std::printf("depth=%d score=%d nodes=%llu nps=%.0f pv=%s\n", d.depth, d.score,
                    static_cast<unsigned long long>(d.nodes), d.seconds > 0 ? d.nodes / d.seconds : 0.0,
                    line_of(d.pv).c_str());
        std::fflush(stdout);
    });
    if (!r.has_move) {
        std::printf("bestmove none (the side to move has no legal move)\n");
        return 0;
    }
    std::printf("bestmove %s\n", to_string(r.best).c_str());
    return 0;
}

int run_match(Args& args) {
    int a = 0, b = 0;
    long long games = 0;
    std::uint64_t seed = 1;
    Rules rules;
    int opening_plies = 4;
    while (!args.empty()) {
        std::string error;
        if (take_rule_switch(args, rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string flag(args.take());
        if (args.empty()) return usage_error(flag + " needs a value");
        const std::string value(args.take());
        if (flag == "--a" || flag == "--b") {
            const auto n = parse_number(value, engine::kMinLevel, engine::kMaxLevel);
            if (!n) return usage_error(flag + ": a level from 1 to 8, not '" + value + "'");
            (flag == "--a" ? a : b) = static_cast<int>(*n);
        } else if (flag == "--games") {
            const auto n = parse_number(value, 1, 1000000);
            if (!n) return usage_error("--games: 1 to 1000000, not '" + value + "'");
            games = *n;
        } else if (flag == "--seed") {
            const auto n = parse_number(value, 0, std::numeric_limits<long long>::max());
            if (!n) return usage_error("--seed: a whole number, not '" + value + "'");
            seed = static_cast<std::uint64_t>(*n);
        } else if (flag == "--opening") {
            const auto n = parse_number(value, 0, 20);
            if (!n) return usage_error("--opening: 0 to 20 random plies, not '" + value + "'");
            opening_plies = static_cast<int>(*n);
        } else {
            return usage_error("match: unknown option '" + flag + "' (see fetaix --help)");
        }
    }
    if (a == 0 || b == 0 || games == 0) return usage_error("match needs --a LEVEL --b LEVEL --games N");
    engine::Search search_a(1u << 18), search_b(1u << 18);
    long long wins = 0, draws = 0, losses = 0;
    double sum = 0, sum_squares = 0;
    for (long long g = 0; g < games; ++g) {
        // Varied openings: a few random plies, the same for each pair of games (colours swapped). A
        // random ply can lose material at once, and a lost opening scores 1-1 whoever plays better, so
        // openings that a depth-6 search finds unbalanced (beyond a quarter of a man) are drawn again.
        std::mt19937_64 rng(seed * 1000003u + static_cast<std::uint64_t>(g / 2));
        Game game(rules);
        for (int attempt = 0; attempt < 100; ++attempt) {
            game = Game(rules);
            for (int i = 0; i < opening_plies && !game.over(); ++i) {
                const MoveList moves = game.legal_moves();
                game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            }
            if (game.over()) continue;
            engine::Limits probe;
            probe.depth = 6;
            search_a.set_noise(0, 0);
            if (std::abs(search_a.run(game.position(), rules, engine::history_of(game), probe).score) <= 25) break;
        }
        const bool a_is_white = g % 2 == 0;
        search_a.clear();
        search_b.clear();
        while (!game.over() && game.ply() < 400) {
            const bool white = game.position().side_to_move == Color::White;
            const bool a_moves = white == a_is_white;
            engine::Search& s = a_moves ? search_a : search_b;
            const engine::Result r = engine::think(s, game, a_moves ? a : b, seed + static_cast<std::uint64_t>(g) * 7919u + game.ply());
            if (!r.has_move) break;
            game.play(r.best);
        }
        const GameResult result = game.result();
        double score = 0.5;  // unfinished after 400 plies counts as a draw
        if (result.outcome == Outcome::WhiteWins) score = a_is_white ? 1.0 : 0.0;
        if (result.outcome == Outcome::BlackWins) score = a_is_white ? 0.0 : 1.0;
        if (score == 1.0) ++wins;
        else if (score == 0.0) ++losses;
        else ++draws;
        sum += score;
        sum_squares += score * score;
        if ((g + 1) % 10 == 0 && g + 1 < games)
            std::fprintf(stderr, "after %lld games: wins %lld, draws %lld, losses %lld\n", g + 1, wins, draws, losses);
    }
    const double n = static_cast<double>(games);
    const double mean = sum / n;
    const double variance = std::max(0.0, sum_squares / n - mean * mean);
    const double margin = 1.96 * std::sqrt(variance / n);
    std::printf("level %d vs level %d, %lld games: wins %lld, draws %lld, losses %lld\n", a, b, games, wins, draws, losses);
    std::printf("score %.1f%% +- %.1f%% (95%%)\n", 100 * mean, 100 * margin);
    return 0;
}

}  // namespace fetaix::cli
