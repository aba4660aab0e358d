// The game (fetaix with no command: two people at one keyboard, or the computer) and `fetaix replay`.

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "commands/shown_game.hpp"
#include "front/options.hpp"
#include "store/files.hpp"
#include "tui/theme.hpp"

namespace fetaix::commands {

namespace {

using cli::usage_error;

// The game's options, as the App holds them until the game starts.
struct PlayOptions {
    front::AppOptions app;
    std::string file;
    bool resume = false, fresh = false;
    std::optional<TimeControl> both_clocks;  // --clock
    CLI::Option *file_option = nullptr, *think_time = nullptr, *fen = nullptr;
    CLI::Option *clock = nullptr, *white_clock = nullptr, *black_clock = nullptr;
    // The options that the settings file's keys stand for: what the command line gave wins.
    CLI::Option *ascii = nullptr, *auto_flip = nullptr, *bell = nullptr, *theme = nullptr, *screen_reader = nullptr;
    std::vector<CLI::Option*> rules;  // in the order of kRuleSwitches
};

// --white or --black: a name, or ai[:LEVEL] for the computer.
CLI::Option* add_player(CLI::App& command, front::AppOptions& options, bool white) {
    const std::string flag = white ? "--white" : "--black";
    return cli::add_value(
        command, flag, "NAME|ai[:LEVEL]", flag + " needs a name, or ai[:LEVEL]",
        [flag, white, &options](const std::string& name) {
            if (auto problem = cli::name_problem(name)) throw cli::bad_value(concat(flag, ": ", *problem));
            int& level = white ? options.players.white_level : options.players.black_level;
            std::string& player = white ? options.players.white : options.players.black;
            (white ? options.given.white : options.given.black) = true;
            if (name == "ai" || name.rfind("ai:", 0) == 0) {
                // The computer: ai is level 5; ai:N picks the level.
                const auto n = name == "ai" ? std::optional<long long>(front::kDefaultLevel)
                                            : cli::parse_number(std::string_view(name).substr(3), 1, 8);
                if (!n) throw cli::bad_value(flag + ": ai:LEVEL takes a level from 1 to 8");
                level = static_cast<int>(*n);
                player = white ? "White" : "Black";
            } else {
                level = 0;
                player = name;
            }
        },
        concat(white ? "White" : "Black", "'s name, or ai[:LEVEL] for the computer\n(level 1 to 8, default 5)"));
}

// Who plays, the computer's time and choices, and where the game starts.
void add_players_and_start(CLI::App& app, PlayOptions& play) {
    front::AppOptions& options = play.app;
    play.file_option = app.add_option("FILE.pdn", play.file,
                                      "open the first game of this record, or #N, game N of the history");
    CLI::Option* resume = app.add_flag("--resume", play.resume, "resume the autosaved game without asking");
    app.add_flag("--new", play.fresh, "start a new game without asking")->excludes(resume);
    add_player(app, options, true);
    add_player(app, options, false);
    play.think_time = cli::add_time(app, options.players.think_ms,
                                    "the computer's time per move, 0.05 to 3600\n(default 3)");
    cli::add_whole(
        app, "--seed", "N", 0, std::numeric_limits<long long>::max(),
        [&options](long long n) {
            options.players.seed = static_cast<std::uint64_t>(n);
            options.given.seed = true;
        },
        "a whole number", "the computer's choices among near-equal moves");
    play.fen = cli::add_fen(app, options.start, "start from this position");
    play.file_option->excludes(resume)->excludes(play.fen);
}

// The clocks, the rules and how the game looks.
void add_clocks_and_looks(CLI::App& app, PlayOptions& play) {
    front::AppOptions& options = play.app;
    play.clock = cli::add_clock(app, "--clock", play.both_clocks, "a clock for both sides: 5, 5+3, 5d3, 5b3, 0:30+1");
    play.white_clock = cli::add_clock(app, "--white-clock", options.white_clock, "White's own clock (a handicap)");
    play.black_clock = cli::add_clock(app, "--black-clock", options.black_clock, "Black's own clock (a handicap)");
    play.rules = cli::add_rule_switches(app, options.rules);
    play.ascii = app.add_flag("--ascii", options.terminal.ascii, "plain ASCII lines and pieces");
    play.auto_flip = app.add_flag("--auto-flip", options.auto_flip,
                                  "turn the board so the side to move is at the bottom");
    play.bell = app.add_flag("--bell", options.bell, "ring the terminal bell when the computer has moved");
    play.theme = cli::add_value(
        app, "--theme", "NAME", concat("--theme needs a name: ", tui::theme_list()),
        [&options](const std::string& name) {
            if (!tui::theme_by_name(name))
                throw cli::bad_value(concat("--theme: unknown theme '", name, "' (the themes are ", tui::theme_list(),
                                            ")"));
            options.terminal.theme = name;
        },
        "the colours: dark (default), light, high-contrast, colour-blind, mono");
    play.screen_reader = app.add_flag("--screen-reader", options.screen_reader,
                                      "lines of plain text for a screen reader, commands typed as words");
}

// The record named on the command line into `options`, or its problem said (exit status 1).
std::optional<int> load_record(const std::string& file, front::AppOptions& options) {
    auto record = store::load_game_file(file);
    if (!record) {
        cli::err(concat("fetaix: ", record.error().describe()));
        return 1;
    }
    options.record = std::move(*record);
    return std::nullopt;
}

int run_game(PlayOptions& play, const Invocation& call) {
    front::AppOptions& options = play.app;
    if (cli::dashed_before_separator(call.argc, call.argv, play.file)) return cli::unknown_option(play.file, "");
    if (!cli::after_separator(call.argc, call.argv, play.file)) {
        if (const auto mistyped = cli::mistyped_command(call.app, play.file)) return usage_error(*mistyped);
        if (const auto valued = cli::toggle_given_a_value(call.argc, call.argv, play.file)) return usage_error(*valued);
    }
    options.given.time = play.think_time->count() > 0;
    // A side's own clock goes with --clock (for the other side) or with the other side's own.
    if (play.clock->count() == 0 && (play.white_clock->count() > 0) != (play.black_clock->count() > 0))
        return usage_error(concat(play.white_clock->count() > 0 ? "--white-clock" : "--black-clock",
                                  " needs --clock, or the other side's own clock"));
    if (!options.white_clock) options.white_clock = play.both_clocks;
    if (!options.black_clock) options.black_clock = play.both_clocks;
    CommandLineGave gave;
    gave.ascii = play.ascii;
    gave.auto_flip = play.auto_flip;
    gave.bell = play.bell;
    gave.theme = play.theme;
    gave.screen_reader = play.screen_reader;
    gave.white = options.given.white;
    gave.black = options.given.black;
    gave.takes_game = gave.takes_line_mode = true;
    gave.rules = play.rules;
    options.rules_given = std::any_of(play.rules.begin(), play.rules.end(),
                                      [](const CLI::Option* o) { return o->count() > 0; });
    gave.clock = play.clock->count() + play.white_clock->count() + play.black_clock->count() > 0;
    apply_settings(options, call.settings, gave);
    options.resume = play.resume                             ? front::ResumeChoice::Resume
                     : (play.fresh || play.fen->count() > 0) ? front::ResumeChoice::New
                                                             : front::ResumeChoice::Ask;
    if (!play.file.empty()) {
        // A file, or #N: the history's game N, as `fetaix games` numbers them.
        const std::optional<std::string> path = record_file(play.file);
        if (!path) return 1;
        if (const auto status = load_record(*path, options)) return *status;
        options.record_path = *path;
    }
    return run_app(std::move(options));
}

}  // namespace

Runner add_game(CLI::App& command) {
    auto play = std::make_shared<PlayOptions>();
    add_players_and_start(command, *play);
    add_clocks_and_looks(command, *play);
    return [play](const Invocation& call) { return run_game(*play, call); };
}

Runner add_replay(CLI::App& command) {
    struct Replay {
        std::string file;
        bool ascii = false;
        CLI::Option* ascii_flag = nullptr;
    };
    auto replay = std::make_shared<Replay>();
    command.add_option("FILE.pdn", replay->file, "the game record, or #N, game N of the history")
        ->required()
        ->type_name("");
    replay->ascii_flag = command.add_flag("--ascii", replay->ascii, "plain ASCII lines and pieces");
    return [replay](const Invocation& call) {
        if (cli::dashed_before_separator(call.argc, call.argv, replay->file))
            return cli::unknown_option(replay->file, "replay");
        front::AppOptions options;
        options.terminal.ascii = replay->ascii;
        // The names are the record's.
        CommandLineGave gave;
        gave.ascii = replay->ascii_flag;
        gave.white = gave.black = true;
        apply_settings(options, call.settings, gave);
        const std::optional<std::string> path = record_file(replay->file);
        if (!path) return 1;
        if (const auto status = load_record(*path, options)) return *status;
        options.replay = true;
        return run_app(std::move(options));
    };
}

}  // namespace fetaix::commands
