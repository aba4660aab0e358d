// `fetaix puzzle --check FILE` and `fetaix puzzle --generate`: the puzzles' data file checked against
// the endgame tables, and made from them (src/puzzle, docs/puzzles.md).

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "engine/sources.hpp"
#include "puzzle/puzzle.hpp"
#include "solve/tablebase_files.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

namespace {

struct PuzzleOptions {
    std::string check;
    bool generate = false;
    int count = 500;
    int pieces = 4;
    Rules rules;
    CLI::Option* count_flag = nullptr;
    CLI::Option* pieces_flag = nullptr;
};

int missing_tables(const Rules& rules, const std::string& what, int pieces) {
    cli::err(concat("fetaix: puzzle: ", what, ": build the tables with ", solving::build_command(rules, pieces)));
    return 1;
}

int run_check(const std::string& file) {
    constexpr store::TextFileKind kKind{16u << 20, "a puzzle file", "16 MiB", false, true};
    auto text = store::read_text_file(file, kKind);
    if (!text) {
        cli::err(concat("fetaix: ", text.error().describe()));
        return 1;
    }
    const puzzle::FileRead read = puzzle::parse_file(*text);
    const auto tables = engine::from_files().make_tables();
    int broken = static_cast<int>(read.errors.size());
    for (const Error& e : read.errors) cli::out(concat(file, ": ", e.describe()));
    for (const puzzle::Puzzle& p : read.puzzles) {
        const puzzle::Verdict v = puzzle::check(p, *tables);
        if (v.status == puzzle::Status::NoTables)
            return missing_tables(p.rules, concat(p.id, " (line ", p.line, "): ", v.reason), v.pieces);
        if (v.status == puzzle::Status::Broken) {
            cli::out(concat(p.id, " (line ", p.line, "): ", v.reason));
            ++broken;
        }
    }
    if (const std::string problem = tables->take_problem(); !problem.empty())
        cli::err(concat("fetaix: puzzle: endgame table not used: ", problem));
    const std::size_t total = read.puzzles.size() + read.errors.size();
    if (broken == 0) {
        cli::out(concat(total, " puzzle", total == 1 ? "" : "s", ": all sound and unique"));
        return 0;
    }
    cli::out(concat(broken, " of ", total, " puzzle", total == 1 ? "" : "s", " broken"));
    return 1;
}

int run_generate(const PuzzleOptions& o) {
    const auto tables = engine::from_files().make_tables();
    if (tables->pieces(o.rules) < o.pieces)
        return missing_tables(o.rules, concat("the tables of up to ", o.pieces, " pieces are not built"), o.pieces);
    puzzle::GenerateOptions g;
    g.count = o.count;
    g.pieces = o.pieces;
    const auto began = std::chrono::steady_clock::now();
    const puzzle::Generated made = puzzle::generate(g, o.rules, *tables);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (const std::string problem = tables->take_problem(); !problem.empty())
        return missing_tables(o.rules, concat("endgame table not used: ", problem), o.pieces);
    char took[32];
    std::snprintf(took, sizeof took, "%.1f", seconds);
    std::string out = concat("# fetaix puzzles: id | FEN | rules | themes | difficulty | solution (docs/puzzles.md)\n",
                             "# made by: fetaix puzzle --generate --count ", o.count, " --pieces ", o.pieces,
                             " (rules: ", puzzle::rules_text(o.rules), ")\n", "# ", made.positions,
                             " positions looked at, ", made.candidates, " distinct puzzles found, ",
                             made.puzzles.size(), " kept\n");
    for (const puzzle::Puzzle& p : made.puzzles) out += puzzle::format_line(p) + '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
    cli::err(concat("fetaix: puzzle: ", made.puzzles.size(), " puzzles of ", made.candidates, " found in ",
                    made.positions, " positions, ", took, " s"));
    return 0;
}

}  // namespace

Runner add_puzzle(CLI::App& command) {
    auto o = std::make_shared<PuzzleOptions>();
    cli::add_file(command, "--check", o->check, "check every puzzle of FILE against the endgame tables");
    command.add_flag("--generate", o->generate, "find puzzles in the endgame tables and print them");
    o->count_flag = cli::add_whole(
        command, "--count", "N", 1, 100000, [o](long long n) { o->count = static_cast<int>(n); }, "a number of puzzles",
        "with --generate: at most N puzzles (default 500)");
    o->pieces_flag = cli::add_whole(
        command, "--pieces", "P", 2, 5, [o](long long n) { o->pieces = static_cast<int>(n); }, "a number of pieces",
        "with --generate: puzzles of up to P pieces, 2 to 5 (default 4)");
    const std::vector<CLI::Option*> switches = cli::add_rule_switches(command, o->rules);
    return [o, switches](const Invocation&) {
        bool rules_given = false;
        for (const CLI::Option* s : switches) rules_given = rules_given || s->count() > 0;
        if (o->generate == !o->check.empty())
            return cli::usage_error("puzzle: give one of --check FILE and --generate");
        if (!o->generate && (o->count_flag->count() > 0 || o->pieces_flag->count() > 0 || rules_given))
            return cli::usage_error(
                "puzzle: --count, --pieces and the rule switches go with --generate (a puzzle "
                "file names its own rules)");
        return o->generate ? run_generate(*o) : run_check(o->check);
    };
}

}  // namespace fetaix::commands
