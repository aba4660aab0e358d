// `fetaix puzzle`: the puzzles played (on the terminal, or as lines with --screen-reader), from the
// shipped set compiled in or --file FILE; `--check FILE` and `--generate`: the puzzles' data file checked
// against the endgame tables, and made from them (src/puzzle, docs/puzzles.md).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "commands/shown_game.hpp"
#include "engine/sources.hpp"
#include "front/puzzles.hpp"
#include "line/puzzle_lines.hpp"
#include "puzzle/play.hpp"
#include "puzzle/puzzle.hpp"
#include "solve/tablebase_files.hpp"
#include "store/files.hpp"
#include "tui/puzzle.hpp"
#include "tui/terminal.hpp"

namespace fetaix::commands {

namespace {

struct PuzzleOptions {
    std::string check;
    std::string file;
    std::string from;
    bool generate = false;
    bool screen_reader = false, ascii = false;
    CLI::Option *screen_reader_flag = nullptr, *ascii_flag = nullptr, *file_flag = nullptr, *from_flag = nullptr;
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

constexpr store::TextFileKind kPuzzleFile{16u << 20, "a puzzle file", "16 MiB", false, true};

int run_check(const std::string& file) {
    auto text = store::read_text_file(file, kPuzzleFile);
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

// The games of a record file, or of every record file (*.pdn) of a folder (the game history's): a file
// that cannot be read is said and, in a folder, left out. Nothing when FILE itself cannot be read.
std::optional<std::vector<Game>> games_of(const std::string& path) {
    std::vector<std::string> files;
    const bool folder = store::inspect_path(path).kind == store::EntryKind::Folder;
    if (folder) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(path, ec))
            if (entry.path().extension() == ".pdn") files.push_back(entry.path().string());
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(path);
    }
    std::vector<Game> games;
    for (const std::string& file : files) {
        auto text = store::read_record_file(file);
        auto records = text ? parse_pdn(*text) : Expected<std::vector<GameRecord>>{text.error()};
        if (!records) {
            cli::err(concat("fetaix: puzzle: ", folder ? concat(file, ": ") : "", records.error().describe()));
            if (!folder) return std::nullopt;
            continue;
        }
        for (const GameRecord& r : *records) games.push_back(to_game(r));
    }
    return games;
}

int run_from_games(const PuzzleOptions& o) {
    auto games = games_of(o.from);
    if (!games) return 1;
    const auto tables = engine::from_files().make_tables();
    for (const Game& g : *games)
        if (tables->pieces(g.rules()) < o.pieces)
            return missing_tables(g.rules(), concat("the tables of up to ", o.pieces, " pieces are not built"),
                                  o.pieces);
    puzzle::Generated made = puzzle::from_games(*games, o.pieces, *tables);
    if (const std::string problem = tables->take_problem(); !problem.empty())
        cli::err(concat("fetaix: puzzle: endgame table not used: ", problem));
    if (made.puzzles.size() > static_cast<std::size_t>(o.count)) made.puzzles.resize(static_cast<std::size_t>(o.count));
    std::string out = concat("# fetaix puzzles: id | FEN | rules | themes | difficulty | solution (docs/puzzles.md)\n",
                             "# made by: fetaix puzzle --generate --from ", o.from, " --pieces ", o.pieces, "\n", "# ",
                             games->size(), " games, ", made.positions, " positions of up to ", o.pieces,
                             " pieces looked at, ", made.puzzles.size(), " puzzles kept\n");
    for (const puzzle::Puzzle& p : made.puzzles) out += puzzle::format_line(p) + '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
    cli::err(concat("fetaix: puzzle: ", made.puzzles.size(), " puzzles from ", games->size(), " games (",
                    made.positions, " positions of up to ", o.pieces, " pieces)"));
    return 0;
}

// The puzzles to play: the shipped set, or FILE's, each one read and its line playable by the rules (the
// tables prove the rest: --check). Nothing, each problem said, when the file will not do.
std::optional<std::vector<puzzle::Puzzle>> puzzles_to_play(const std::string& file) {
    std::string text(puzzle::shipped_text());
    const std::string name = file.empty() ? std::string("the shipped puzzles") : file;
    if (!file.empty()) {
        auto read = store::read_text_file(file, kPuzzleFile);
        if (!read) {
            cli::err(concat("fetaix: ", read.error().describe()));
            return std::nullopt;
        }
        text = std::move(*read);
    }
    puzzle::FileRead read = puzzle::parse_file(text);
    std::vector<std::string> problems;
    for (const Error& e : read.errors) problems.push_back(concat("fetaix: ", name, ": ", e.describe()));
    for (const puzzle::Puzzle& p : read.puzzles)
        if (auto why = puzzle::line_problem(p))
            problems.push_back(concat("fetaix: ", name, ": ", p.id, " (line ", p.line, "): ", *why));
    // A file that is no puzzle file at all would say so once a line: the first few, then how many more.
    constexpr std::size_t kShown = 3;
    for (std::size_t i = 0; i < problems.size() && i < kShown; ++i) cli::err(problems[i]);
    if (problems.size() > kShown)
        cli::err(concat("fetaix: ", name, ": and ", problems.size() - kShown, " more problems (fetaix puzzle --check ",
                        file.empty() ? std::string("FILE") : file, " lists them all)"));
    bool bad = !problems.empty();
    if (!bad && read.puzzles.empty()) {
        cli::err(concat("fetaix: ", name, ": no puzzles in it"));
        bad = true;
    }
    if (bad) return std::nullopt;
    return std::move(read.puzzles);
}

int run_play(const PuzzleOptions& o, const Invocation& call) {
    front::AppOptions options;
    options.screen_reader = o.screen_reader;
    options.terminal.ascii = o.ascii;
    CommandLineGave gave;
    gave.ascii = o.ascii_flag;
    gave.screen_reader = o.screen_reader_flag;
    gave.takes_line_mode = true;
    apply_settings(options, call.settings, gave);
    auto puzzles = puzzles_to_play(o.file);
    if (!puzzles) return 1;
    if (!options.screen_reader) {
        if (auto problem = tui::terminal_problem()) {
            cli::err(concat("fetaix: ", *problem));
            return 1;
        }
    }
    front::PuzzleRun run(std::move(*puzzles), store::data_directory(), engine::from_files().make_tables);
    if (options.screen_reader) return line::run_puzzles(run);
    try {
        return tui::run_puzzles(options.terminal, options.keys, run);
    } catch (const std::exception& e) {
        cli::err(concat("fetaix: ", e.what()));
        return 1;
    }
}

}  // namespace

Runner add_puzzle(CLI::App& command) {
    auto o = std::make_shared<PuzzleOptions>();
    o->file_flag = cli::add_file(command, "--file", o->file, "play the puzzles of FILE, not the shipped ones");
    o->screen_reader_flag = command.add_flag("--screen-reader", o->screen_reader, "the puzzles as lines of plain text");
    o->ascii_flag = command.add_flag("--ascii", o->ascii, "plain ASCII lines and pieces");
    cli::add_file(command, "--check", o->check, "check every puzzle of FILE against the endgame tables");
    o->from_flag = cli::add_file(command, "--from", o->from,
                                 "with --generate: puzzles from the games of FILE.pdn (or of every .pdn of a folder)");
    command.add_flag("--generate", o->generate, "find puzzles in the endgame tables and print them");
    o->count_flag = cli::add_whole(
        command, "--count", "N", 1, 100000, [o](long long n) { o->count = static_cast<int>(n); }, "a number of puzzles",
        "with --generate: at most N puzzles (default 500)");
    o->pieces_flag = cli::add_whole(
        command, "--pieces", "P", 2, 5, [o](long long n) { o->pieces = static_cast<int>(n); }, "a number of pieces",
        "with --generate: puzzles of up to P pieces, 2 to 5 (default 4)");
    const std::vector<CLI::Option*> switches = cli::add_rule_switches(command, o->rules);
    return [o, switches](const Invocation& call) {
        bool rules_given = false;
        for (const CLI::Option* s : switches) rules_given = rules_given || s->count() > 0;
        const bool playing = !o->generate && o->check.empty();
        if (o->generate && !o->check.empty())
            return cli::usage_error("puzzle: give one of --check FILE and --generate (or neither, to play)");
        if (!o->generate &&
            (o->count_flag->count() > 0 || o->pieces_flag->count() > 0 || rules_given || o->from_flag->count() > 0))
            return cli::usage_error(
                "puzzle: --count, --pieces, --from and the rule switches go with --generate (a puzzle "
                "file names its own rules)");
        if (o->from_flag->count() > 0 && rules_given)
            return cli::usage_error("puzzle: --from takes each game's own rules: no rule switches with it");
        if (!playing && (o->file_flag->count() > 0 || o->screen_reader_flag->count() > 0 || o->ascii_flag->count() > 0))
            return cli::usage_error(
                "puzzle: --file, --screen-reader and --ascii go with playing (no --check or --generate)");
        if (playing) return run_play(*o, call);
        if (o->generate && !o->from.empty()) return run_from_games(*o);
        return o->generate ? run_generate(*o) : run_check(o->check);
    };
}

}  // namespace fetaix::commands
