#include "cli/engine_commands.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

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
            limits.time_ms = take_time_ms(args, 0.001, 86400, error);
            if (!error.empty()) return usage_error(error);
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
        out(format("depth=%d score=%d nodes=%llu nps=%.0f pv=%s", d.depth, d.score,
                   static_cast<unsigned long long>(d.nodes), d.seconds > 0 ? d.nodes / d.seconds : 0.0,
                   line_of(d.pv).c_str()));
        std::fflush(stdout);
    });
    if (!r.has_move) {
        out("bestmove none (the side to move has no legal move)");
        return 0;
    }
    out(concat("bestmove ", to_string(r.best)));
    return 0;
}

int run_match(Args& args) {
    engine::MatchSettings settings;
    int jobs = 1;
    bool given_a = false, given_b = false;  // the settings' defaults are no excuse to omit a level
    while (!args.empty()) {
        std::string error;
        if (take_rule_switch(args, settings.rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string flag(args.take());
        if (args.empty()) return usage_error(flag + " needs a value");
        const std::string value(args.take());
        if (flag == "--a" || flag == "--b") {
            const auto n = parse_number(value, engine::kMinLevel, engine::kMaxLevel);
            if (!n) return usage_error(flag + ": a level from 1 to 8, not '" + value + "'");
            (flag == "--a" ? settings.a : settings.b) = static_cast<int>(*n);
            (flag == "--a" ? given_a : given_b) = true;
        } else if (flag == "--games") {
            const auto n = parse_number(value, 1, 1000000);
            if (!n) return usage_error("--games: 1 to 1000000, not '" + value + "'");
            settings.games = *n;
        } else if (flag == "--seed") {
            const auto n = parse_number(value, 0, std::numeric_limits<long long>::max());
            if (!n) return usage_error("--seed: a whole number, not '" + value + "'");
            settings.seed = static_cast<std::uint64_t>(*n);
        } else if (flag == "--opening") {
            const auto n = parse_number(value, 0, 20);
            if (!n) return usage_error("--opening: 0 to 20 random plies, not '" + value + "'");
            settings.opening_plies = static_cast<int>(*n);
        } else if (flag == "--jobs") {
            const auto n = parse_number(value, 1, 256);
            if (!n) return usage_error("--jobs: 1 to 256 threads, not '" + value + "'");
            jobs = static_cast<int>(*n);
        } else {
            return usage_error("match: unknown option '" + flag + "' (see fetaix --help)");
        }
    }
    if (!given_a || !given_b || settings.games == 0) return usage_error("match needs --a LEVEL --b LEVEL --games N");
    const std::vector<engine::Opening> openings = engine::choose_openings(settings);
    long long balanced = 0;
    for (const engine::Opening& o : openings) balanced += o.balanced();

    // Games are handed out by number; each depends only on its number, so the totals do not depend on
    // the number of threads.
    std::vector<engine::MatchGame> results(static_cast<std::size_t>(settings.games));
    std::atomic<long long> next{0};
    std::mutex report;
    long long done = 0;
    auto worker = [&] {
        engine::Search search_a(1u << 18), search_b(1u << 18);
        for (long long g; (g = next++) < settings.games;) {
            const engine::MatchGame r = engine::play_match_game(settings, openings[static_cast<std::size_t>(g / 2)], g, search_a, search_b);
            const std::lock_guard<std::mutex> lock(report);
            results[static_cast<std::size_t>(g)] = r;
            if (++done % 10 == 0 && done < settings.games) err(format("%lld of %lld games played", done, settings.games));
        }
    };
    std::vector<std::thread> threads;
    for (int i = 1; i < jobs; ++i) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();

    const engine::MatchSummary sum = engine::summarize(results);
    out(format("level %d vs level %d, %lld games: wins %lld, draws %lld, losses %lld", settings.a, settings.b, settings.games,
               sum.wins, sum.draws, sum.losses));
    out(format("score %.1f%% +- %.1f%% (95%%)", 100 * sum.score, 100 * sum.margin));
    out(format("openings: %zu, each of %d random plies; %lld within a quarter of a man at depth %d; %lld games drawn at the %d-ply cap",
               openings.size(), settings.opening_plies, balanced, engine::kOpeningProbeDepth, sum.capped, settings.max_plies));
    if (sum.forfeited > 0) {
        err(format("fetaix: %lld games lost by a move the game refused: a bug in the engine", sum.forfeited));
        return 1;
    }
    return 0;
}

}  // namespace fetaix::cli
