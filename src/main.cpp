// The fetaix program: subcommands on the command line.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

#include <fetaix/fetaix.hpp>

#include "cli/options.hpp"
#include "tui/app.hpp"

namespace {

using namespace fetaix;

constexpr int kUsageError = 2;

constexpr const char* kHelp =
    "fetaix - Fetaix (qireq), the Moroccan capture game on the 5x5 Alquerque board\n"
    "\n"
    "Usage:\n"
    "  fetaix [--white NAME] [--black NAME] [--fen FEN] [RULES] [--ascii] [--auto-flip]\n"
    "      Play a game in the terminal, two players at one keyboard (? shows the keys).\n"
    "      --white, --black  the players' names\n"
    "      --fen             start from this position instead of the usual start\n"
    "      --ascii           plain ASCII lines and pieces, even in a UTF-8 locale\n"
    "      --auto-flip       turn the board so the side to move is at the bottom\n"
    "      NO_COLOR=1 in the environment turns colour off.\n"
    "  fetaix perft DEPTH [--fen FEN] [RULES] [--divide]\n"
    "      Count the move paths of each length 1..DEPTH (1..30) and time them.\n"
    "      Prints 'depth=D nodes=N time=SECONDS nps=NODES_PER_SECOND' per depth;\n"
    "      --divide first prints each legal move with its count at DEPTH.\n"
    "  fetaix bench [RULES] [--quick]\n"
    "      Run the fixed perft workloads and print nodes per second for each;\n"
    "      --quick runs them 4 plies shallower.\n"
    "  fetaix --help | -h     Show this help.\n"
    "  fetaix --version       Show the version.\n"
    "\n"
    "RULES (rule switches; see docs/rules.md):\n"
    "  --backward-captures          men may also capture backward\n"
    "  --promotion end|immediate|stop\n"
    "                               a man reaching the last rank mid-capture: stays a man\n"
    "                               until the move ends (end, default), captures on as a\n"
    "                               mullah (immediate), or the move ends there (stop)\n"
    "  --majority                   the sequence capturing the most pieces is compulsory\n"
    "  --no-progress N              plies without a capture or a man's move that draw\n"
    "                               the game (default 50, 0 = off)\n"
    "\n"
    "Exit status: 0 on success, 1 if the terminal cannot be used, 2 on a bad command line.\n";

int usage_error(const std::string& message) {
    std::cerr << "fetaix: " << message << "\n";
    return kUsageError;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_perft_line(int depth, std::uint64_t nodes, double seconds) {
    const double nps = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    std::printf("depth=%d nodes=%llu time=%.3f nps=%.0f\n", depth, static_cast<unsigned long long>(nodes), seconds, nps);
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
            std::printf("%s %llu\n", to_string(move).c_str(), static_cast<unsigned long long>(count));
            total += count;
        }
        std::printf("total %llu\n", static_cast<unsigned long long>(total));
    }
    for (int d = 1; d <= *depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = perft(pos, d, rules);
        print_perft_line(d, nodes, seconds_since(start));
    }
    return 0;
}

int run_bench(cli::Args& args) {
    Rules rules;
    int depth_cut = 0;
    while (!args.empty()) {
        std::string error;
        if (cli::take_rule_switch(args, rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--quick") depth_cut = 4;  // a smoke run for tests
        else return usage_error("bench: unknown option '" + std::string(flag) + "' (see fetaix --help)");
    }
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
        std::printf("%-10s depth=%d nodes=%llu time=%.3f nps=%.0f\n", std::string(w.name).c_str(), depth,
                    static_cast<unsigned long long>(nodes), seconds, seconds > 0 ? nodes / seconds : 0.0);
        std::fflush(stdout);
    }
    std::printf("%-10s nodes=%llu time=%.3f nps=%.0f\n", "total", static_cast<unsigned long long>(total_nodes),
                total_seconds, total_seconds > 0 ? total_nodes / total_seconds : 0.0);
    return 0;
}

int run_play(cli::Args& args) {
    tui::AppOptions options;
    while (!args.empty()) {
        std::string error;
        if (cli::take_rule_switch(args, options.rules, error)) {
            if (!error.empty()) return usage_error(error);
            continue;
        }
        const std::string_view flag = args.take();
        if (flag == "--white" || flag == "--black") {
            if (args.empty()) return usage_error(std::string(flag) + " needs a name");
            const std::string_view name = args.take();
            if (name.empty() || name.size() > 40)
                return usage_error(std::string(flag) + ": a name has 1 to 40 characters");
            (flag == "--white" ? options.players.white : options.players.black) = std::string(name);
        } else if (flag == "--fen") {
            if (args.empty()) return usage_error("--fen needs a position, such as W:Wa1,b1:Ba5");
            auto parsed = parse_fen(args.take());
            if (!parsed) return usage_error("--fen: " + parsed.error().describe());
            options.start = *parsed;
        } else if (flag == "--ascii") {
            options.terminal.ascii = true;
        } else if (flag == "--auto-flip") {
            options.auto_flip = true;
        } else {
            return usage_error("unknown option '" + std::string(flag) + "' (see fetaix --help)");
        }
    }
    try {
        return tui::run(options);
    } catch (const std::exception& e) {
        // The terminal is already restored: the curses session ended when the exception left run().
        std::cerr << "fetaix: " << e.what() << "\n";
        return 1;
    }
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
        std::fputs(kHelp, stdout);
        return 0;
    }
    if (command == "--version") {
        std::printf("fetaix %s\n", kVersion);
        return 0;
    }
    if (command == "perft") return run_perft(args);
    if (command == "bench") return run_bench(args);
    return usage_error("unknown command '" + std::string(command) + "' (see fetaix --help)");
}
