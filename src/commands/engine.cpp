#include "commands/engine.hpp"

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "commands/record_bench.hpp"
#include "engine/sources.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace fetaix::commands {

// The command line's readers and printers (src/cli), which every runner here uses.
using namespace cli;

namespace {

std::string line_of(const std::vector<Move>& moves) {
    std::string out;
    for (const Move& m : moves) {
        if (!out.empty()) out += ' ';
        out += to_string(m);
    }
    return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_perft_line(int depth, std::uint64_t nodes, double seconds) {
    const double nps = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    out(format("depth=%d nodes=%llu time=%.3f nps=%.0f", depth, static_cast<unsigned long long>(nodes), seconds, nps));
    std::fflush(stdout);
}

}  // namespace

int run_perft(std::string_view depth_text, const Position& pos, const Rules& rules, bool divide) {
    const auto depth = parse_number(depth_text, 1, 30);
    if (!depth) return usage_error("perft: DEPTH must be a number from 1 to 30, not '" + std::string(depth_text) + "'");
    // One walk to DEPTH counts every shallower depth on the way, so each line's time is that walk's.
    std::vector<std::pair<Move, std::uint64_t>> root_counts;
    const auto start = std::chrono::steady_clock::now();
    const std::vector<std::uint64_t> counts = perft_each_depth(pos, static_cast<int>(*depth), rules,
                                                               divide ? &root_counts : nullptr);
    const double seconds = seconds_since(start);
    if (divide) {
        std::uint64_t total = 0;
        for (const auto& [move, count] : root_counts) {
            out(concat(to_string(move), " ", count));
            total += count;
        }
        out(concat("total ", total));
    }
    for (std::size_t d = 1; d <= counts.size(); ++d) print_perft_line(static_cast<int>(d), counts[d - 1], seconds);
    return 0;
}

// The search on fixed positions for a given time each: the depth it completes and its speed.
int run_search_bench(int time_ms) {
    for (const engine::SearchBenchPosition& b : engine::kSearchBenchPositions) {
        engine::Search search;
        engine::Limits limits;
        limits.time_ms = time_ms;
        engine::DepthReport last;
        search.run(*parse_fen(b.fen), {}, {}, limits, [&](const engine::DepthReport& d) { last = d; });
        out(format("%-10s depth=%d nodes=%llu time=%.3f nps=%.0f", std::string(b.name).c_str(), last.depth,
                   static_cast<unsigned long long>(last.nodes), last.seconds,
                   last.seconds > 0 ? last.nodes / last.seconds : 0.0));
        std::fflush(stdout);
    }
    return 0;
}

// The fixed perft workloads; `depth_cut` plies shallower for a quick run.
int run_bench(const Rules& rules, int depth_cut) {
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    for (const BenchWorkload& w : kBenchWorkloads) {
        const Position pos = *parse_fen(w.fen);
        const auto start = std::chrono::steady_clock::now();
        const int depth = w.depth - depth_cut;
        const std::uint64_t nodes = perft(pos, depth, rules);
        const double seconds = seconds_since(start);
        total_nodes += nodes;
        total_seconds += seconds;
        out(format("%-10s depth=%d nodes=%llu time=%.3f nps=%.0f", std::string(w.name).c_str(), depth,
                   static_cast<unsigned long long>(nodes), seconds, seconds > 0 ? nodes / seconds : 0.0));
        std::fflush(stdout);
    }
    out(format("%-10s nodes=%llu time=%.3f nps=%.0f", "total", static_cast<unsigned long long>(total_nodes),
               total_seconds, total_seconds > 0 ? total_nodes / total_seconds : 0.0));
    return 0;
}

int run_analyze(const AnalyzeSettings& settings) {
    // The built tables answer a position they hold with every move's material (the shortest win, the
    // longest defence), and score the positions they hold in the search of any other.
    const engine::Sources sources = engine::from_files();
    const std::unique_ptr<engine::Tables> tables = sources.make_tables();
    engine::Search search;
    search.set_tables(tables.get());
    // The book of proven positions: a root it holds is answered with its move; a move into a proven
    // loss is not searched while another is left.
    search.set_book(sources.book(settings.rules));
    const engine::Result r = search.run(
        settings.position, settings.rules, {}, settings.limits, [](const engine::DepthReport& d) {
            out(format("depth=%d score=%d nodes=%llu nps=%.0f pv=%s", d.depth, d.score,
                       static_cast<unsigned long long>(d.nodes), d.seconds > 0 ? d.nodes / d.seconds : 0.0,
                       line_of(d.pv).c_str()));
            std::fflush(stdout);
        });
    // A table that is there but cannot be used: said, and the search's answer stands.
    if (const std::string problem = tables->take_problem(); !problem.empty())
        err(concat("fetaix: analyze: endgame table not used: ", problem));
    if (!r.has_move) {
        out("bestmove none (the side to move has no legal move)");
        return 0;
    }
    if (r.table) out(engine::table_verdict(*r.table));
    else if (r.proven) out(book::verdict(*r.proven, settings.rules));
    out(concat("bestmove ", to_string(r.best)));
    return 0;
}

int run_match(const engine::MatchSettings& settings, int jobs) {
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
            const engine::MatchGame r = engine::play_match_game(settings, openings[static_cast<std::size_t>(g / 2)], g,
                                                                search_a, search_b);
            const std::lock_guard<std::mutex> lock(report);
            results[static_cast<std::size_t>(g)] = r;
            if (++done % 10 == 0 && done < settings.games)
                err(format("%lld of %lld games played", done, settings.games));
        }
    };
    std::vector<std::thread> threads;
    for (int i = 1; i < jobs; ++i) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();

    const engine::MatchSummary sum = engine::summarize(results);
    out(format("level %d vs level %d, %lld games: wins %lld, draws %lld, losses %lld", settings.a, settings.b,
               settings.games, sum.wins, sum.draws, sum.losses));
    out(format("score %.1f%% +- %.1f%% (95%%)", 100 * sum.score, 100 * sum.margin));
    out(
        format("by colour: White won %lld, Black won %lld, drawn %lld; plies from the start: median %zu, shortest %zu, "
               "longest %zu",
               sum.white_wins, sum.black_wins, sum.draws, sum.median_plies, sum.shortest, sum.longest));
    out(format(
        "openings: %zu, each of %d random plies; %lld within a quarter of a man at depth %d; %lld games drawn at the %d-ply cap",
        openings.size(), settings.opening_plies, balanced, engine::kOpeningProbeDepth, sum.capped, settings.max_plies));
    if (settings.clock)
        out(concat("clock ", time_control_tag(*settings.clock), " for each engine; ", std::to_string(sum.on_time),
                   " games lost on time"));
    if (sum.forfeited > 0) {
        err(format("fetaix: %lld games lost by a move the game refused: a bug in the engine", sum.forfeited));
        return 1;
    }
    return 0;
}

}  // namespace fetaix::commands

namespace fetaix::commands {

Runner add_perft(CLI::App& command) {
    struct Perft {
        std::string depth;
        Rules rules;
        Position position = start_position();
        bool divide = false;
    };
    auto perft = std::make_shared<Perft>();
    command.add_option("DEPTH", perft->depth, "the longest path counted, 1 to 30")->required()->type_name("");
    cli::add_fen(command, perft->position, "count from this position");
    cli::add_rule_switches(command, perft->rules);
    command.add_flag("--divide", perft->divide, "first each legal move with its count at DEPTH");
    return [perft](const Invocation&) { return run_perft(perft->depth, perft->position, perft->rules, perft->divide); };
}

Runner add_analyze(CLI::App& command) {
    auto analysis = std::make_shared<AnalyzeSettings>();
    analysis->limits.time_ms = 5000;
    cli::add_fen(command, analysis->position, "search this position");
    CLI::Option* time = cli::add_time(command, analysis->limits.time_ms, "search this long, 0.05 to 3600\n(default 5)");
    cli::add_whole(
        command, "--depth", "N", 1, engine::kMaxPly - 1,
        [&limits = analysis->limits](long long n) {
            limits.depth = static_cast<int>(n);
            limits.time_ms = -1;
        },
        "a depth", concat("search to this depth, 1 to ", engine::kMaxPly - 1, ", however long"))
        ->excludes(time);
    cli::add_rule_switches(command, analysis->rules);
    return [analysis](const Invocation&) { return run_analyze(*analysis); };
}

Runner add_match(CLI::App& command) {
    struct Match {
        engine::MatchSettings settings;
        int jobs = 1;
    };
    auto match = std::make_shared<Match>();
    engine::MatchSettings& settings = match->settings;
    const auto into = [](int& field) { return [&field](long long n) { field = static_cast<int>(n); }; };
    cli::add_whole(command, "--a", "LEVEL", engine::kMinLevel, engine::kMaxLevel, into(settings.a), "a level",
                   "engine A's level, 1 to 8")
        ->required();
    cli::add_whole(command, "--b", "LEVEL", engine::kMinLevel, engine::kMaxLevel, into(settings.b), "a level",
                   "engine B's level, 1 to 8")
        ->required();
    cli::add_whole(
        command, "--games", "N", 1, 1000000, [&settings](long long n) { settings.games = n; }, "a number of games",
        "games to play, 1 to 1000000")
        ->required();
    cli::add_whole(
        command, "--seed", "S", 0, std::numeric_limits<long long>::max(),
        [&settings](long long n) { settings.seed = static_cast<std::uint64_t>(n); }, "a whole number",
        "the choice of openings");
    cli::add_whole(command, "--opening", "PLIES", 0, 20, into(settings.opening_plies), "a number of plies",
                   "random plies of each opening, 0 to 20\n(default 10)");
    cli::add_whole(command, "--jobs", "J", 1, 256, into(match->jobs), "a number of threads",
                   "games played at once, 1 to 256");
    cli::add_clock(command, "--clock", settings.clock,
                   "both engines on this clock, timed for real\n(5, 5+3, 5d3, 5b3, 0:30+1)");
    cli::add_rule_switches(command, settings.rules);
    return [match](const Invocation&) { return run_match(match->settings, match->jobs); };
}

Runner add_bench(CLI::App& command) {
    struct Bench {
        Rules rules;
        bool quick = false, search = false, records = false;
        int ms = 1000;
        std::string folder;
    };
    auto bench = std::make_shared<Bench>();
    CLI::Option* quick = command.add_flag("--quick", bench->quick, "perft 4 plies shallower");
    CLI::Option* search = command.add_flag("--search", bench->search, "time the search instead of perft");
    CLI::Option* time = cli::add_time(command, bench->ms,
                                      "with --search: each position this long,\n0.05 to 3600 (default 1)");
    CLI::Option* records = command.add_flag("--records", bench->records, "time checking the heaviest records instead");
    CLI::Option* write = cli::add_value(
        command, "--write", "FOLDER", "--write needs a folder",
        [&folder = bench->folder](const std::string& text) { folder = text; },
        "with --records: also save them in FOLDER");
    time->needs(search);
    write->needs(records);
    search->excludes(quick)->excludes(records);
    records->excludes(quick);
    for (CLI::Option* rule : cli::add_rule_switches(command, bench->rules)) {
        search->excludes(rule);
        records->excludes(rule);
    }
    return [bench](const Invocation&) {
        if (bench->records) return run_record_bench(bench->folder);
        if (bench->search) return run_search_bench(bench->ms);
        return run_bench(bench->rules, bench->quick ? 4 : 0);  // --quick: a smoke run for tests
    };
}

}  // namespace fetaix::commands
