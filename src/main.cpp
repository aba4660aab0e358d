// The fetaix program: subcommands on the command line.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <fetaix/fetaix.hpp>

#include "cli/engine_commands.hpp"
#include "cli/output.hpp"
#include "cli/options.hpp"
#include "cli/record_bench.hpp"
#include "store/files.hpp"
#include "store/history.hpp"
#include "tui/app.hpp"

namespace {

using namespace fetaix;

constexpr const char* kHelp =
    "fetaix - Fetaix (qireq), the Moroccan capture game on the 5x5 Alquerque board\n"
    "\n"
    "Usage:\n"
    "  fetaix [FILE.pdn] [--resume | --new] [--white NAME|ai[:LEVEL]] [--black NAME|ai[:LEVEL]]\n"
    "         [--time SECONDS] [--seed N] [--fen FEN] [RULES] [--ascii] [--auto-flip]\n"
    "      Play a game in the terminal, two players at one keyboard (? shows the keys).\n"
    "      The game is autosaved after every change in $XDG_STATE_HOME/fetaix/autosave.pdn\n"
    "      (~/.local/state/fetaix/ by default); an unfinished one is offered at start.\n"
    "      Finished and abandoned games are kept in $XDG_STATE_HOME/fetaix/games/ (the last\n"
    "      500); o opens #N from there. s asks before replacing a file, and refuses folders,\n"
    "      FIFOs, sockets, devices and symbolic links.\n"
    "      FILE.pdn          open the first game of this record\n"
    "      --resume, --new   resume the autosaved game, or start a new one, without asking\n"
    "      --white, --black  the players' names, or ai[:LEVEL] for the computer (level 1\n"
    "                        to 8, default 5); both ai for a demonstration\n"
    "      --time SECONDS    the computer's time per move (default 3; level 8 uses it all)\n"
    "      --seed N          the computer's choices among near-equal moves\n"
    "      --fen             start from this position instead of the usual start\n"
    "      --ascii           plain ASCII lines and pieces, even in a UTF-8 locale\n"
    "      --auto-flip       turn the board so the side to move is at the bottom\n"
    "      NO_COLOR=1 in the environment turns colour off.\n"
    "  fetaix perft DEPTH [--fen FEN] [RULES] [--divide]\n"
    "      Count the move paths of each length 1..DEPTH (1..30) and time them.\n"
    "      Prints 'depth=D nodes=N time=SECONDS nps=NODES_PER_SECOND' per depth;\n"
    "      --divide first prints each legal move with its count at DEPTH.\n"
    "  fetaix replay FILE.pdn [--ascii]\n"
    "      Step through a saved game ([ ] or left, right, Home, End) without changing it.\n"
    "  fetaix games\n"
    "      List the game history, newest first: #N, date, players, result, moves (as numbered\n"
    "      in the move list) and the record file.\n"
    "  fetaix check FILE.pdn\n"
    "      Check every game of a record against the rules: print each result, or the first\n"
    "      error with its line and column (exit status 1).\n"
    "  fetaix analyze [--fen FEN] [--time SECONDS | --depth N] [RULES]\n"
    "      Search a position; print depth, score, nodes, nps and the principal variation\n"
    "      for each completed depth, then the best move (default --time 5).\n"
    "  fetaix match --a LEVEL --b LEVEL --games N [--seed S] [--opening PLIES] [--jobs J] [RULES]\n"
    "      Play engine levels (1 to 8) against each other from balanced openings of PLIES\n"
    "      random plies (default 10), each with both colours, J games at once; print wins,\n"
    "      draws, losses and A's score with a 95% margin.\n"
    "  fetaix bench [RULES] [--quick]\n"
    "  fetaix bench --search [--time SECONDS]\n"
    "      Run the fixed perft workloads and print nodes per second for each;\n"
    "      --quick runs them 4 plies shallower. --search instead searches the start and\n"
    "      three middle games for SECONDS each (default 1) and prints the depth completed\n"
    "      and nodes per second.\n"
    "  fetaix --help | -h     Show this help.\n"
    "  fetaix --version       Show the version.\n"
    "\n"
    "RULES (rule switches; see docs/rules.md):\n";
// After the rule switches, which come from their table (switches.hpp).
constexpr const char* kHelpEnd =
    "\n"
    "Exit status: 0 on success; 1 if a record is bad or unreadable, or the terminal cannot\n"
    "be used; 2 on a bad command line.\n";

using cli::err;
using cli::format;
using cli::out;
using cli::usage_error;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_perft_line(int depth, std::uint64_t nodes, double seconds) {
    const double nps = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    out(format("depth=%d nodes=%llu time=%.3f nps=%.0f", depth, static_cast<unsigned long long>(nodes), seconds, nps));
    std::fflush(stdout);
}

int run_perft(cli::Args& args) {
    if (args.empty()) return usage_error("perft needs a DEPTH (1 to 30)");
    const std::string_view depth_text = args.take();
    const auto depth = cli::parse_number(depth_text, 1, 30);
    if (!depth) return usage_error("perft: DEPTH must be a number from 1 to 30, not '" + std::string(depth_text) + "'");
    Rules rules;
    Position pos = start_position();
    bool divide = false;
    while (!args.empty()) {
        std::string error;
        if (cli::take_rule_switch(args, rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--divide") {
            divide = true;
        } else if (flag == "--fen") {
            if (args.empty()) return usage_error("--fen needs a position, such as W:Wa1,b1:Ba5");
            auto parsed = parse_fen(args.take());
            if (!parsed) return usage_error("--fen: " + parsed.error().describe());
            pos = *parsed;
        } else {
            return usage_error("perft: unknown option '" + std::string(flag) + "' (see fetaix --help)");
        }
    }
    if (divide) {
        std::uint64_t total = 0;
        for (const auto& [move, count] : perft_divide(pos, static_cast<int>(*depth), rules)) {
            out(concat(to_string(move), " ", count));
            total += count;
        }
        out(concat("total ", total));
    }
    for (int d = 1; d <= *depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = perft(pos, d, rules);
        print_perft_line(d, nodes, seconds_since(start));
    }
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
                   static_cast<unsigned long long>(last.nodes), last.seconds, last.seconds > 0 ? last.nodes / last.seconds : 0.0));
        std::fflush(stdout);
    }
    return 0;
}

int run_bench(cli::Args& args) {
    if (!args.empty() && args.peek() == "--records") {
        args.take();
        return cli::run_record_bench(args);
    }
    Rules rules;
    int depth_cut = 0;
    bool search = false;
    int time_ms = -1;
    while (!args.empty()) {
        std::string error;
        if (cli::take_rule_switch(args, rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--quick") depth_cut = 4;  // a smoke run for tests
        else if (flag == "--search") search = true;
        else if (flag == "--time") {
            std::string error;
            time_ms = cli::take_time_ms(args, 0.001, 3600, error);
            if (!error.empty()) return usage_error(error);
        } else return usage_error("bench: unknown option '" + std::string(flag) + "' (see fetaix --help)");
    }
    if (search) {
        if (depth_cut != 0 || rules != Rules{}) return usage_error("bench --search takes only --time");
        return run_search_bench(time_ms < 0 ? 1000 : time_ms);
    }
    if (time_ms >= 0) return usage_error("bench: --time goes with --search");
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

int run_app(tui::AppOptions options) {
    // Before curses starts and before the autosave is touched.
    if (auto problem = tui::terminal_problem()) {
        err(concat("fetaix: ", *problem));
        return 1;
    }
    options.state_folder = store::state_directory();
    try {
        return tui::run(std::move(options));
    } catch (const std::exception& e) {
        // The terminal is already restored: the curses session ended when the exception left run().
        err(concat("fetaix: ", e.what()));
        return 1;
    }
}

int run_play(cli::Args& args) {
    tui::AppOptions options;
    std::optional<std::string> file;
    bool resume = false, fresh = false, positioned = false;
    while (!args.empty()) {
        std::string error;
        if (cli::take_rule_switch(args, options.rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--white" || flag == "--black") {
            if (args.empty()) return usage_error(std::string(flag) + " needs a name, or ai[:LEVEL]");
            const std::string_view name = args.take();
            if (auto problem = cli::name_problem(name)) return usage_error(concat(flag, ": ", *problem));
            const bool white = flag == "--white";
            int& level = white ? options.players.white_level : options.players.black_level;
            std::string& player = white ? options.players.white : options.players.black;
            (white ? options.given.white : options.given.black) = true;
            if (name == "ai" || name.rfind("ai:", 0) == 0) {
                // The computer: ai is level 5; ai:N picks the level.
                const auto n = name == "ai" ? std::optional<long long>(tui::kDefaultLevel) : cli::parse_number(name.substr(3), 1, 8);
                if (!n) return usage_error(std::string(flag) + ": ai:LEVEL takes a level from 1 to 8");
                level = static_cast<int>(*n);
                player = white ? "White" : "Black";
            } else {
                level = 0;
                player = std::string(name);
            }
        } else if (flag == "--time") {
            std::string error;
            options.players.think_ms = cli::take_time_ms(args, 0.05, 3600, error);
            options.given.time = true;
            if (!error.empty()) return usage_error(error);
        } else if (flag == "--seed") {
            if (args.empty()) return usage_error("--seed needs a number");
            const auto n = cli::parse_number(args.peek(), 0, std::numeric_limits<long long>::max());
            if (!n) return usage_error("--seed: a whole number, not '" + std::string(args.take()) + "'");
            args.take();
            options.players.seed = static_cast<std::uint64_t>(*n);
            options.given.seed = true;
        } else if (flag == "--fen") {
            if (args.empty()) return usage_error("--fen needs a position, such as W:Wa1,b1:Ba5");
            auto parsed = parse_fen(args.take());
            if (!parsed) return usage_error("--fen: " + parsed.error().describe());
            options.start = *parsed;
            positioned = true;
        } else if (flag == "--resume") {
            resume = true;
        } else if (flag == "--new") {
            fresh = true;
        } else if (!flag.empty() && flag[0] != '-') {
            if (file) return usage_error("one game file at a time");
            file = std::string(flag);
        } else if (flag == "--ascii") {
            options.terminal.ascii = true;
        } else if (flag == "--auto-flip") {
            options.auto_flip = true;
        } else {
            return usage_error("unknown option '" + std::string(flag) + "' (see fetaix --help)");
        }
    }
    if (resume && fresh) return usage_error("--resume and --new exclude each other");
    if (file && (resume || positioned)) return usage_error("a game file cannot go with --resume or --fen");
    options.resume = resume ? tui::ResumeChoice::Resume : (fresh || positioned) ? tui::ResumeChoice::New
                                                                               : tui::ResumeChoice::Ask;
    if (file) {
        auto record = store::load_game_file(*file);
        if (!record) {
            err(concat("fetaix: ", record.error().describe()));
            return 1;
        }
        options.record = std::move(*record);
        options.record_path = *file;
    }
    return run_app(std::move(options));
}

int run_replay(cli::Args& args) {
    tui::AppOptions options;
    std::optional<std::string> file;
    while (!args.empty()) {
        const std::string_view flag = args.take();
        if (flag == "--ascii") options.terminal.ascii = true;
        else if (!flag.empty() && flag[0] != '-' && !file) file = std::string(flag);
        else return usage_error("replay: unexpected '" + std::string(flag) + "' (usage: fetaix replay FILE.pdn)");
    }
    if (!file) return usage_error("replay needs a game file: fetaix replay FILE.pdn");
    auto record = store::load_game_file(*file);
    if (!record) {
        err(concat("fetaix: ", record.error().describe()));
        return 1;
    }
    options.record = std::move(*record);
    options.replay = true;
    return run_app(std::move(options));
}

int run_check(cli::Args& args) {
    if (args.empty()) return usage_error("check needs a game file: fetaix check FILE.pdn");
    const std::string file(args.take());
    if (!args.empty()) return usage_error("check takes one file");
    auto text = store::read_record_file(file);
    if (!text) {
        err(concat("fetaix: ", text.error().describe()));
        return 1;
    }
    auto records = parse_pdn(*text);
    if (!records) {
        err(concat("fetaix: ", file, ": ", records.error().describe()));
        return 1;
    }
    int number = 0;
    for (const GameRecord& record : *records) {
        ++number;
        for (const std::string& note : record.notes) out(concat("note: ", note));
        const Game game = to_game(record);
        const GameResult r = game.result();
        const std::size_t moves = full_moves(record.start.side_to_move, record.moves.size());
        out(concat("game ", number, ": ", moves, " move", moves == 1 ? "" : "s", ", ",
                   result_token(r.outcome), " (", r.outcome != Outcome::Ongoing ? describe(r.reason) : "unfinished", ")"));
    }
    out(concat(file, ": ", number, " game", number == 1 ? "" : "s", ", all moves legal"));
    return 0;
}

// The game history, newest first, numbered as the Open prompt (o) takes them: #1 is the newest.
int run_games(cli::Args& args) {
    if (!args.empty()) return usage_error("games takes no arguments");
    const std::string folder = store::history_directory(store::state_directory());
    std::string problem;
    const std::vector<std::string> files = store::history_files(folder, &problem);
    if (!problem.empty()) {
        err(concat("fetaix: ", problem));
        return 1;
    }
    if (files.empty()) {
        out(concat("No games in the history yet (", folder, ")."));
        return 0;
    }
    std::size_t number = 0;
    for (const std::string& path : files) out(store::format_past_game(++number, store::read_past_game(path)));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    cli::Args all(argc, argv, 1);
    if (argc < 2 || (argv[1][0] == '-' && std::string_view(argv[1]) != "--help" &&
                     std::string_view(argv[1]) != "-h" && std::string_view(argv[1]) != "--version"))
        return run_play(all);
    const std::string_view command = argv[1];
    cli::Args args(argc, argv, 2);
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(concat(kHelp, rule_switches_help(), kHelpEnd).c_str(), stdout);
        return 0;
    }
    if (command == "--version") {
        out(concat("fetaix ", kVersion));
        return 0;
    }
    if (command == "perft") return run_perft(args);
    if (command == "replay") return run_replay(args);
    if (command == "analyze") return cli::run_analyze(args);
    if (command == "match") return cli::run_match(args);
    if (command == "check") return run_check(args);
    if (command == "games") return run_games(args);
    if (command == "bench") return run_bench(args);
    // Anything else is a game file to open.
    return run_play(all);
}
