// `fetaix review FILE.pdn`: every move of a game with the value of the position before and after it, and
// the moves that changed the result or lost ground; with --annotate, the record with the values as
// [%eval] comments (docs/guide.md, "review"; docs/notation.md).

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <string>

#include <fetaix/engine/review.hpp>
#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "engine/sources.hpp"
#include "store/files.hpp"
#include "store/history.hpp"

namespace fetaix::commands {

namespace {

struct ReviewOptions {
    std::string file;
    int game = 1;
    int time_ms = 1000;
    int depth = 0;
    bool annotate = false;
    std::string output;
};

// The comments of the annotated record: each position's value, and a marked move's words after it.
std::vector<std::string> comments_of(const Game& game, const engine::Review& review) {
    std::vector<std::string> out(review.positions.size());
    for (std::size_t ply = 0; ply < review.positions.size(); ++ply)
        out[ply] = concat(
            "[%eval ", format_eval_note(engine::eval_note(review.positions[ply], game.position_at(ply).side_to_move)),
            "]");
    for (const engine::MoveReview& m : review.moves)
        if (m.mark != engine::Mark::None) out[m.ply + 1] += concat(" ", engine::mark_words(m));
    return out;
}

void print_review(const GameRecord& record, const Game& game, const engine::Review& review) {
    const GameResult r = game.result();
    cli::out(concat(store::record_players(record), ", ", result_token(r.outcome),
                    r.outcome != Outcome::Ongoing ? concat(" (", describe(r.reason), ")") : std::string()));
    for (const std::string& line : engine::review_head(game, review)) cli::out(line);
    cli::out(review.moves.empty() ? "Moves: none (the record has no moves)" : "Moves:");
    for (const engine::MoveReview& m : review.moves) cli::out(concat("  ", engine::review_move_line(game, m)));
}

std::atomic<bool> interrupted{false};

int run_review(const ReviewOptions& o) {
    if (!o.output.empty() && !o.annotate)
        return cli::usage_error("review: -o FILE writes the annotated record: add --annotate");
    const std::optional<std::string> path = record_file(o.file);
    if (!path) return 1;
    auto text = store::read_record_file(*path);
    if (!text) {
        cli::err(concat("fetaix: ", text.error().describe()));
        return 1;
    }
    auto records = parse_pdn(*text);
    if (!records) {
        cli::err(concat("fetaix: ", *path, ": ", records.error().describe()));
        return 1;
    }
    if (static_cast<std::size_t>(o.game) > records->size()) {
        cli::err(concat("fetaix: ", *path, " has ", records->size(), " game", records->size() == 1 ? "" : "s",
                        ": there is no game ", o.game));
        return 1;
    }
    if (!o.output.empty() && o.output != "-") {
        const store::PathEntry entry = store::inspect_path(o.output);
        if (entry.kind != store::EntryKind::Missing) {
            const auto refusal = store::save_refusal(o.output, entry);
            cli::err(concat("fetaix: ",
                            refusal ? *refusal : concat(o.output, " exists: not replaced (name a new file)")));
            return 1;
        }
    }
    const GameRecord& record = (*records)[static_cast<std::size_t>(o.game - 1)];
    const Game game = to_game(record);

    const engine::Sources sources = engine::from_files();
    const std::unique_ptr<engine::Tables> tables = sources.make_tables();
    engine::ReviewSettings settings;
    settings.time_ms = o.time_ms;
    settings.depth = o.depth;
    settings.tables = tables.get();
    settings.book = sources.book(game.rules());
    // Ctrl-C stops the analysis; what was done is not printed as if it were the whole.
    std::signal(SIGINT, [](int) { interrupted = true; });
    // The position being worked on, from the first: a search may take the whole --time.
    const bool show_progress = isatty(STDERR_FILENO) != 0;
    const std::size_t positions = game.ply() + 1;
    if (show_progress) std::fprintf(stderr, "reviewing: position 1 of %zu", positions);
    const engine::Review review = engine::review_game(
        game, settings, &interrupted, [&](std::size_t done, std::size_t total) {
            if (show_progress && done < total)
                std::fprintf(stderr, "\rreviewing: position %zu of %zu", done + 1, total);
        });
    if (show_progress) std::fprintf(stderr, "\r\033[K");
    if (const std::string problem = tables->take_problem(); !problem.empty())
        cli::err(concat("fetaix: review: endgame table not used: ", problem));
    if (!review.complete) {
        cli::err(concat("fetaix: review: stopped after ", review.positions.size(), " of ", positions,
                        " positions; nothing written"));
        return 130;
    }
    if (!o.annotate) {
        print_review(record, game, review);
        return 0;
    }
    const std::string annotated = format_pdn(game, record.tags, false, comments_of(game, review));
    if (o.output.empty() || o.output == "-") {
        std::fwrite(annotated.data(), 1, annotated.size(), stdout);
        return 0;
    }
    // Looked at again: the review took a while, and what is there now is not replaced either.
    if (const store::PathEntry entry = store::inspect_path(o.output); entry.kind != store::EntryKind::Missing) {
        cli::err(concat("fetaix: ", o.output, " appeared during the review: not replaced (name a new file)"));
        return 1;
    }
    if (const auto problem = store::write_file_atomically(o.output, annotated)) {
        cli::err(concat("fetaix: ", *problem));
        return 1;
    }
    cli::err(concat("fetaix: the annotated record is in ", o.output));
    return 0;
}

}  // namespace

Runner add_review(CLI::App& command) {
    auto o = std::make_shared<ReviewOptions>();
    command.add_option("FILE.pdn", o->file, "the game record, or #N, game N of the history")->required()->type_name("");
    cli::add_whole(
        command, "--game", "N", 1, 1000000, [o](long long n) { o->game = static_cast<int>(n); }, "a game number",
        "review the record's game N (default 1)");
    CLI::Option* time = cli::add_time(command, o->time_ms,
                                      "the search of each position not proven,\n0.05 to 3600 (default 1)");
    cli::add_whole(
        command, "--depth", "N", 1, engine::kMaxPly - 1, [o](long long n) { o->depth = static_cast<int>(n); },
        "a depth",
        concat("search to this depth instead, 1 to ", engine::kMaxPly - 1, ":\nthe same values on every run"))
        ->excludes(time);
    command.add_flag("--annotate", o->annotate, "print the record with [%eval] comments");
    cli::add_file(command, "-o,--output", o->output,
                  "with --annotate: write it to FILE, a new file\n(- for standard output)");
    return [o](const Invocation& call) {
        if (cli::dashed_before_separator(call.argc, call.argv, o->file)) return cli::unknown_option(o->file, "review");
        return run_review(*o);
    };
}

}  // namespace fetaix::commands
