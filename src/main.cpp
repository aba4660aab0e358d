// The fetaix program: the game, and commands on the command line. Every argument is read here, by one
// CLI11 App with a subcommand per command; the game is the App itself (no subcommand).

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>
#include <fetaix/engine/engine.hpp>

#include "cli/command_line.hpp"
#include "commands/engine.hpp"
#include "commands/help.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/record_bench.hpp"
#include "cli/settings.hpp"
#include "commands/solve.hpp"
#include "commands/tablebase.hpp"
#include "line/line_app.hpp"
#include "store/files.hpp"
#include "store/history.hpp"
#include "net/transport.hpp"
#include "tui/app.hpp"
#include "tui/second.hpp"

namespace {

using namespace fetaix;

using cli::err;
using cli::format;
using cli::out;
using cli::usage_error;
using commands::CommandHelp;
using commands::overview;
using commands::text_of;

int run_app(tui::AppOptions options) {
    // Lines of plain text need no terminal at all.
    if (options.screen_reader && !options.replay) {
        options.state_folder = store::state_directory();
        // Another fetaix playing the game saved here: what to do is asked in lines, before anything starts.
        if (const auto status = tui::meet_the_holder(options, stdin, stdout, false)) return *status;
        return line::run(std::move(options));
    }
    // Before curses starts and before the autosave is touched.
    if (auto problem = tui::terminal_problem()) {
        err(concat("fetaix: ", *problem));
        return 1;
    }
    options.state_folder = store::state_directory();
    if (const auto status = tui::meet_the_holder(options, stdin, stdout, true)) return *status;
    try {
        return tui::run(std::move(options));
    } catch (const std::exception& e) {
        // The terminal is already restored: the curses session ended when the exception left run().
        err(concat("fetaix: ", e.what()));
        return 1;
    }
}

// Whether `value`, taken by CLI11 as a file name, is a word before any -- that starts with '-': CLI11
// takes a word that is no valid option name (such as "--\a") as a positional argument, but before --
// it is an unknown option (a file named so goes after --).
// Whether value stands after a "--": then it is a file's name, whatever it looks like.
bool after_separator(int argc, char** argv, const std::string& value) {
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--") return true;
        if (argv[i] == value) return false;
    }
    return false;
}

// A word like an option before any "--": an option fetaix does not know, not a file's name.
bool dashed_before_separator(int argc, char** argv, const std::string& value) {
    return !value.empty() && value[0] == '-' && !after_separator(argc, argv, value);
}

int unknown_option(const std::string& word, std::string_view command) {
    return usage_error(concat("unknown option '", word, "' (see fetaix ", command, command.empty() ? "" : " ", "--help)"));
}

// The game's options, as the App holds them until the game starts.
struct PlayOptions {
    tui::AppOptions app;
    std::string file;
    bool resume = false, fresh = false, positioned = false, version = false;
    bool clock_given = false;  // --clock, --white-clock or --black-clock: the settings' clock is not used
    // The options that the settings file's keys stand for: what the command line gave wins.
    CLI::Option *ascii = nullptr, *auto_flip = nullptr, *bell = nullptr, *theme = nullptr, *screen_reader = nullptr;
    std::vector<CLI::Option*> rules;  // in the order of kRuleSwitches
};

// What a command's line gave of what the settings file sets too: the command line wins. An option the
// command does not have is nullptr (the setting then holds); what is not the command's to set (a
// joiner's rules and clock are the host's) is not taken from the settings either.
struct CommandLineGave {
    const CLI::Option *ascii = nullptr, *auto_flip = nullptr, *bell = nullptr, *theme = nullptr, *screen_reader = nullptr;
    bool white = false, black = false;  // the players' names
    bool takes_game = false;            // the rules and the clock are this command's (the game, host)
    std::vector<CLI::Option*> rules;    // its rule switches, in the order of kRuleSwitches
    bool clock = false;                 // a clock was given
    bool takes_line_mode = false;       // the screen-reader mode: only the game at one keyboard has one
};

bool given(const CLI::Option* option) { return option != nullptr && option->count() > 0; }

// The settings file under what the command line gave: the one way every command that shows a game
// (the game, replay, host, join, watch) takes it, so that each setting holds in all of them. Its
// problems go to the game's notice line.
void apply_settings(tui::AppOptions& options, const cli::SettingsRead& read, const CommandLineGave& gave) {
    const cli::Settings& s = read.settings;
    if (!gave.white) options.players.white = s.white;
    if (!gave.black) options.players.black = s.black;
    if (!given(gave.ascii)) options.terminal.ascii = s.ascii;
    if (!given(gave.auto_flip)) options.auto_flip = s.auto_flip;
    if (!given(gave.bell)) options.bell = s.bell;
    if (!given(gave.theme)) options.terminal.theme = s.theme;
    if (gave.takes_line_mode && !given(gave.screen_reader)) options.screen_reader = s.screen_reader;
    options.keys = s.keys;
    if (gave.takes_game) {
        // The settings' clock was checked when read: a bad one is among the problems, and left out.
        if (!gave.clock && !s.clock.empty())
            if (auto clock = parse_time_control(s.clock)) options.white_clock = options.black_clock = *clock;
        for (std::size_t i = 0; i < kRuleSwitches.size() && i < gave.rules.size(); ++i)
            if (!given(gave.rules[i])) kRuleSwitches[i].set(options.rules, kRuleSwitches[i].get(s.rules));
    }
    // The screen-reader mode hears only of the settings it uses (no keys, theme or glyphs there).
    options.settings_problems = options.screen_reader ? read.line_problems : read.problems;
}

// --white or --black: a name, or ai[:LEVEL] for the computer.
CLI::Option* add_player(CLI::App& command, tui::AppOptions& options, bool white) {
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
                const auto n = name == "ai" ? std::optional<long long>(tui::kDefaultLevel)
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

int run_play(PlayOptions play) {
    tui::AppOptions& options = play.app;
    options.resume = play.resume ? tui::ResumeChoice::Resume
                                 : (play.fresh || play.positioned) ? tui::ResumeChoice::New : tui::ResumeChoice::Ask;
    if (!play.file.empty()) {
        auto record = store::load_game_file(play.file);
        if (!record) {
            err(concat("fetaix: ", record.error().describe()));
            return 1;
        }
        options.record = std::move(*record);
        options.record_path = play.file;
    }
    return run_app(std::move(options));
}

int run_replay(const std::string& file, tui::AppOptions options) {
    auto record = store::load_game_file(file);
    if (!record) {
        err(concat("fetaix: ", record.error().describe()));
        return 1;
    }
    options.record = std::move(*record);
    options.replay = true;
    return run_app(std::move(options));
}

int run_check(const std::string& file) {
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
                   result_token(r.outcome), " (", r.outcome != Outcome::Ongoing ? describe(r.reason) : "unfinished", ")",
                   record.white_clock ? concat(", clock ", time_control_tag(*record.white_clock),
                                               *record.white_clock == *record.black_clock
                                                   ? std::string()
                                                   : concat(" and ", time_control_tag(*record.black_clock)))
                                      : std::string()));
    }
    out(concat(file, ": ", number, " game", number == 1 ? "" : "s", ", all moves legal"));
    return 0;
}

// host, join, watch: the game over a Unix socket, with the settings as every game takes them (and, for
// the host, its rules and clock where the command line gave none).
// fetaix host --clock, --white-clock, --black-clock: a timed game over the network, the host's clock the authority.
struct HostClocks {
    std::optional<TimeControl> both, white, black;
    CLI::Option *both_option = nullptr, *white_option = nullptr, *black_option = nullptr;
    bool given() const { return both_option->count() + white_option->count() + black_option->count() > 0; }
};

// A line typed on the terminal without echo (a code is a secret), or nothing at the end of the input.
std::optional<std::string> read_unechoed(const std::string& question) {
    std::fputs(question.c_str(), stderr);
    std::fflush(stderr);
    termios saved{};
    const bool quiet = ::tcgetattr(STDIN_FILENO, &saved) == 0;
    if (quiet) {
        termios silent = saved;
        silent.c_lflag &= static_cast<tcflag_t>(~ECHO);
        silent.c_lflag |= ECHONL;
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent);
    }
    std::string line;
    int c = 0;
    while ((c = std::fgetc(stdin)) != EOF && c != '\n') line += static_cast<char>(c);
    if (quiet) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    if (c == EOF && line.empty()) return std::nullopt;
    return line;
}

// A shared game's code kept off the command line, where every user of the machine reads it
// (/proc/PID/cmdline): from --code-file FILE, else FETAIX_CODE, else asked on the terminal, without
// echo, when the game found is a shared one. Returns why not, when the file cannot be read.
std::optional<std::string> code_from_elsewhere(tui::NetOptions& net, const std::string& code_file) {
    if (!code_file.empty()) {
        // Read as every file fetaix reads: a FIFO or a device is refused, never waited on.
        const auto text = store::read_text_file(code_file, {4096, "a code file", "4 KiB", false});
        if (!text) return concat("--code-file: ", text.error().message);
        std::string code = text->substr(0, text->find('\n'));
        if (!code.empty() && code.back() == '\r') code.pop_back();
        net.code = code;
        return std::nullopt;
    }
    if (!net.code.empty()) return std::nullopt;
    if (const char* given = std::getenv("FETAIX_CODE"); given != nullptr && given[0] != '\0') {
        net.code = given;
        return std::nullopt;
    }
    const auto game = net::find_game(net.name);
    if (!game || !game->shared || !::isatty(STDIN_FILENO)) return std::nullopt;
    const bool watching = net.mode == tui::NetOptions::Mode::Watch;
    if (auto typed = read_unechoed(concat(watching ? "Watch" : "Join", " code for ", net.name, " (shown on the host's screen): ")))
        net.code = *typed;
    return std::nullopt;
}

int run_network(tui::NetOptions net, const cli::SettingsRead& settings, CommandLineGave gave, const Rules& rules = {},
                bool resume = false, const HostClocks* clocks = nullptr, const std::string& code_file = "") {
    if (auto problem = net::check_game_name(net.name)) return usage_error(concat("'", net.name, "': ", *problem));
    if (net.mode == tui::NetOptions::Mode::Join || net.mode == tui::NetOptions::Mode::Watch)
        if (auto problem = code_from_elsewhere(net, code_file)) return usage_error(*problem);
    tui::AppOptions options;
    options.net = std::move(net);
    options.rules = rules;
    if (clocks) {
        // As for a game at one keyboard: a side's own clock goes with --clock or the other side's own.
        if (clocks->both_option->count() == 0 && (clocks->white_option->count() > 0) != (clocks->black_option->count() > 0))
            return usage_error(concat(clocks->white_option->count() > 0 ? "--white-clock" : "--black-clock",
                                      " needs --clock, or the other side's own clock"));
        options.white_clock = clocks->white ? clocks->white : clocks->both;
        options.black_clock = clocks->black ? clocks->black : clocks->both;
        gave.clock = clocks->given();
    }
    apply_settings(options, settings, gave);
    // The host's --name is its side's name from the start, as the others see it once they join.
    if (!options.net.player.empty() && options.net.side && options.net.mode == tui::NetOptions::Mode::Host)
        (*options.net.side == Color::White ? options.players.white : options.players.black) = options.net.player;
    // The host starts a new game (an unfinished autosaved one goes to the history) unless resuming it.
    options.resume = resume ? tui::ResumeChoice::Resume : tui::ResumeChoice::New;
    return run_app(std::move(options));
}

// --name PLAYER: the name the other terminals see for this player (default: the login name; the host's,
// its side's name in the settings).
void add_net_name(CLI::App& command, tui::NetOptions& options) {
    cli::add_value(command, "--name", "PLAYER", "--name needs a name",
                   [&options](const std::string& name) {
                       if (auto problem = cli::name_problem(name)) throw cli::bad_value(concat("--name: ", *problem));
                       if (name.size() > net::kMaxNameBytes)
                           throw cli::bad_value(concat("--name: at most ", net::kMaxNameBytes, " bytes"));
                       options.player = name;
                   },
                   "your name as the others see it");
}

// fetaix hosts: every game listening in the private and the shared folder.
int run_hosts() {
    std::vector<net::HostListing> all;
    // A private folder not ours alone is not looked in (another user may have made it): said, not fatal.
    const std::string mine = net::private_folder_path();
    struct stat st{};
    if (auto folder = net::prepare_folder(mine, false)) all = net::list_hosts(*folder, false);
    else if (::lstat(mine.c_str(), &st) == 0) err(concat("fetaix: ", folder.error().message));
    for (net::HostListing& l : net::list_hosts(net::shared_folder_path(), true)) all.push_back(std::move(l));
    if (all.empty()) {
        out("No games are hosted here (fetaix host starts one).");
        return 0;
    }
    for (const net::HostListing& l : all) {
        if (!l.info) {
            out(concat(l.name, "   ", l.problem.empty() ? std::string("no answer") : l.problem));
            continue;
        }
        const net::GameInfo& g = *l.info;
        const auto seat = [](const std::string& name, bool free) { return free ? std::string("(free)") : name; };
        // Counted as the move list and the game history count: "1. c2-c3 c4xc2" is one move.
        const std::size_t moves = full_moves_before(g.turn, g.ply);
        std::string line = concat(l.name, "   White ", seat(g.white, g.white_free), ", Black ", seat(g.black, g.black_free),
                                  "   ", moves, moves == 1 ? " move, " : " moves, ");
        line += g.outcome == Outcome::Ongoing ? concat(to_string(g.turn), " to move") : std::string(result_token(g.outcome));
        line += concat("   ", g.watchers, g.watchers == 1 ? " watcher" : " watchers");
        if (g.shared) line += "   shared (a code is needed)";
        out(line);
    }
    return 0;
}

// The game history, newest first, numbered as the Open prompt (o) takes them: #1 is the newest.
int run_games() {
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
    CLI::App app("Fetaix (qireq)", "fetaix");
    const auto help = std::make_shared<CommandHelp>();
    help->column_width(31);  // as the rule switches' help is laid out (at most 48 characters after it)
    app.formatter(help);
    app.set_help_flag("-h,--help", "this help");
    app.require_subcommand(0, 1);

    // The game: the App itself.
    PlayOptions play;
    tui::AppOptions& options = play.app;
    CLI::Option* file = app.add_option("FILE.pdn", play.file, "open the first game of this record");
    CLI::Option* resume = app.add_flag("--resume", play.resume, "resume the autosaved game without asking");
    app.add_flag("--new", play.fresh, "start a new game without asking")->excludes(resume);
    add_player(app, options, true);
    add_player(app, options, false);
    CLI::Option* think_time = cli::add_time(app, options.players.think_ms, "the computer's time per move, 0.05 to 3600\n(default 3)");
    cli::add_whole(app, "--seed", "N", 0, std::numeric_limits<long long>::max(),
                   [&options](long long n) {
                       options.players.seed = static_cast<std::uint64_t>(n);
                       options.given.seed = true;
                   },
                   "a whole number", "the computer's choices among near-equal moves");
    CLI::Option* fen = cli::add_fen(app, options.start, "start from this position");
    std::optional<TimeControl> both_clocks;
    CLI::Option* clock = cli::add_clock(app, "--clock", both_clocks, "a clock for both sides: 5, 5+3, 5d3, 5b3, 0:30+1");
    CLI::Option* white_clock = cli::add_clock(app, "--white-clock", options.white_clock, "White's own clock (a handicap)");
    CLI::Option* black_clock = cli::add_clock(app, "--black-clock", options.black_clock, "Black's own clock (a handicap)");
    play.rules = cli::add_rule_switches(app, options.rules);
    play.ascii = app.add_flag("--ascii", options.terminal.ascii, "plain ASCII lines and pieces");
    play.auto_flip = app.add_flag("--auto-flip", options.auto_flip, "turn the board so the side to move is at the bottom");
    play.bell = app.add_flag("--bell", options.bell, "ring the terminal bell when the computer has moved");
    play.theme = cli::add_value(app, "--theme", "NAME", concat("--theme needs a name: ", tui::theme_list()),
                   [&options](const std::string& name) {
                       if (!tui::theme_by_name(name))
                           throw cli::bad_value(concat("unknown theme '", name, "' (the themes are ", tui::theme_list(), ")"));
                       options.terminal.theme = name;
                   },
                   "the colours: dark (default), light, high-contrast, colour-blind, mono");
    play.screen_reader = app.add_flag("--screen-reader", options.screen_reader,
                                      "lines of plain text for a screen reader, commands typed as words");
    app.add_flag("--version", play.version, "show the version");
    file->excludes(resume)->excludes(fen);

    CLI::App* perft = app.add_subcommand("perft", std::string(text_of("perft").about));
    std::string depth;
    Rules perft_rules;
    Position perft_position = start_position();
    bool divide = false;
    perft->add_option("DEPTH", depth, "the longest path counted, 1 to 30")->required()->type_name("");
    cli::add_fen(*perft, perft_position, "count from this position");
    cli::add_rule_switches(*perft, perft_rules);
    perft->add_flag("--divide", divide, "first each legal move with its count at DEPTH");

    CLI::App* replay = app.add_subcommand("replay", std::string(text_of("replay").about));
    std::string replay_file;
    bool replay_ascii = false;
    replay->add_option("FILE.pdn", replay_file, "the game record")->required()->type_name("");
    CLI::Option* replay_ascii_flag = replay->add_flag("--ascii", replay_ascii, "plain ASCII lines and pieces");

    tui::NetOptions host_options;
    host_options.mode = tui::NetOptions::Mode::Host;
    Rules host_rules;
    bool host_resume = false;
    CLI::App* host = app.add_subcommand("host", std::string(text_of("host").about));
    host->add_option("NAME", host_options.name, "the game's name (default fetaix)")->type_name("");
    cli::add_value(*host, "--as", "white|black|random", "--as needs white, black or random",
                   [&host_options](const std::string& side) {
                       if (side == "white") host_options.side = Color::White;
                       else if (side == "black") host_options.side = Color::Black;
                       else if (side == "random") {
                           const std::string bits = net::random_hex(1);
                           if (bits.empty()) throw cli::bad_value("--as random: no randomness from the kernel");
                           host_options.side = std::stoi(bits, nullptr, 16) % 2 == 0 ? Color::White : Color::Black;
                       } else {
                           throw cli::bad_value(concat("--as: '", side, "' is not white, black or random"));
                       }
                   },
                   "the host's side (default white)");
    host->add_flag("--shared", host_options.shared, "let other users of this machine in, with codes");
    add_net_name(*host, host_options);
    host->add_flag("--resume", host_resume, "host the autosaved game again");
    const std::vector<CLI::Option*> host_rule_options = cli::add_rule_switches(*host, host_rules);
    HostClocks host_clocks;
    host_clocks.both_option = cli::add_clock(*host, "--clock", host_clocks.both,
                                             "a clock for both sides: 5, 5+3, 5d3, 5b3, 0:30+1\n(the host's clock decides)");
    host_clocks.white_option = cli::add_clock(*host, "--white-clock", host_clocks.white, "White's own clock (a handicap)");
    host_clocks.black_option = cli::add_clock(*host, "--black-clock", host_clocks.black, "Black's own clock (a handicap)");

    tui::NetOptions join_options, watch_options;
    join_options.mode = tui::NetOptions::Mode::Join;
    watch_options.mode = tui::NetOptions::Mode::Watch;
    CLI::App* join = app.add_subcommand("join", std::string(text_of("join").about));
    join->add_option("NAME", join_options.name, "the game's name (default fetaix)")->type_name("");
    std::string join_code_file, watch_code_file;
    // Other users read a command line: the safe ways are said with it.
    const std::string code_help = "\n(seen by other users: prefer --code-file,\nFETAIX_CODE, or typing it when asked)";
    CLI::Option* join_code = cli::add_value(*join, "--code", "CODE", "--code needs the join code",
                   [&join_options](const std::string& code) { join_options.code = code; }, "a shared game's join code" + code_help);
    cli::add_file(*join, "--code-file", join_code_file, "read the join code from FILE")->excludes(join_code);
    add_net_name(*join, join_options);
    CLI::App* watch = app.add_subcommand("watch", std::string(text_of("watch").about));
    watch->add_option("NAME", watch_options.name, "the game's name (default fetaix)")->type_name("");
    CLI::Option* watch_code = cli::add_value(*watch, "--code", "CODE", "--code needs the watch code",
                   [&watch_options](const std::string& code) { watch_options.code = code; }, "a shared game's watch code" + code_help);
    cli::add_file(*watch, "--code-file", watch_code_file, "read the watch code from FILE")->excludes(watch_code);
    add_net_name(*watch, watch_options);
    CLI::App* hosts = app.add_subcommand("hosts", std::string(text_of("hosts").about));

    CLI::App* games = app.add_subcommand("games", std::string(text_of("games").about));

    CLI::App* check = app.add_subcommand("check", std::string(text_of("check").about));
    std::string check_file;
    check->add_option("FILE.pdn", check_file, "the game record")->required()->type_name("");

    CLI::App* analyze = app.add_subcommand("analyze", std::string(text_of("analyze").about));
    cli::AnalyzeSettings analysis;
    analysis.limits.time_ms = 5000;
    cli::add_fen(*analyze, analysis.position, "search this position");
    CLI::Option* analyze_time = cli::add_time(*analyze, analysis.limits.time_ms, "search this long, 0.05 to 3600\n(default 5)");
    cli::add_whole(*analyze, "--depth", "N", 1, engine::kMaxPly - 1,
                   [&analysis](long long n) {
                       analysis.limits.depth = static_cast<int>(n);
                       analysis.limits.time_ms = -1;
                   },
                   "a depth", concat("search to this depth, 1 to ", engine::kMaxPly - 1, ", however long"))
        ->excludes(analyze_time);
    cli::add_rule_switches(*analyze, analysis.rules);

    CLI::App* match = app.add_subcommand("match", std::string(text_of("match").about));
    engine::MatchSettings settings;
    int jobs = 1;
    const auto into = [](int& field) { return [&field](long long n) { field = static_cast<int>(n); }; };
    cli::add_whole(*match, "--a", "LEVEL", engine::kMinLevel, engine::kMaxLevel, into(settings.a), "a level",
                   "engine A's level, 1 to 8")
        ->required();
    cli::add_whole(*match, "--b", "LEVEL", engine::kMinLevel, engine::kMaxLevel, into(settings.b), "a level",
                   "engine B's level, 1 to 8")
        ->required();
    cli::add_whole(*match, "--games", "N", 1, 1000000, [&settings](long long n) { settings.games = n; }, "a number of games",
                   "games to play, 1 to 1000000")
        ->required();
    cli::add_whole(*match, "--seed", "S", 0, std::numeric_limits<long long>::max(),
                   [&settings](long long n) { settings.seed = static_cast<std::uint64_t>(n); }, "a whole number",
                   "the choice of openings");
    cli::add_whole(*match, "--opening", "PLIES", 0, 20, into(settings.opening_plies), "a number of plies",
                   "random plies of each opening, 0 to 20\n(default 10)");
    cli::add_whole(*match, "--jobs", "J", 1, 256, into(jobs), "a number of threads", "games played at once, 1 to 256");
    cli::add_clock(*match, "--clock", settings.clock, "both engines on this clock, timed for real\n(5, 5+3, 5d3, 5b3, 0:30+1)");
    cli::add_rule_switches(*match, settings.rules);

    CLI::App* bench = app.add_subcommand("bench", std::string(text_of("bench").about));
    Rules bench_rules;
    bool quick = false, search = false, records = false;
    int bench_ms = 1000;
    std::string folder;
    CLI::Option* quick_flag = bench->add_flag("--quick", quick, "perft 4 plies shallower");
    CLI::Option* search_flag = bench->add_flag("--search", search, "time the search instead of perft");
    CLI::Option* bench_time = cli::add_time(*bench, bench_ms, "with --search: each position this long,\n0.05 to 3600 (default 1)");
    CLI::Option* records_flag = bench->add_flag("--records", records, "time checking the heaviest records instead");
    CLI::Option* write = cli::add_value(*bench, "--write", "FOLDER", "--write needs a folder",
                                        [&folder](const std::string& text) { folder = text; },
                                        "with --records: also save them in FOLDER");
    bench_time->needs(search_flag);
    write->needs(records_flag);
    search_flag->excludes(quick_flag)->excludes(records_flag);
    records_flag->excludes(quick_flag);
    for (CLI::Option* rule : cli::add_rule_switches(*bench, bench_rules)) {
        search_flag->excludes(rule);
        records_flag->excludes(rule);
    }

    CLI::App* tablebase = app.add_subcommand("tablebase", std::string(text_of("tablebase").about));
    std::string tablebase_action, tablebase_fen;
    int tablebase_pieces = 6;
    Rules tablebase_rules;
    tablebase->add_option("ACTION", tablebase_action, "build, probe, verify, stats or quiet")->required()->type_name("");
    tablebase->add_option("FEN", tablebase_fen, "with probe: the position")->type_name("");
    CLI::Option* pieces_option = cli::add_whole(*tablebase, "--pieces", "N", 2, 7, [&](long long n) { tablebase_pieces = static_cast<int>(n); },
                                                "a number of pieces", "with build: the most pieces, 2 to 7 (default 6)");
    cli::add_rule_switches(*tablebase, tablebase_rules);

    CLI::App* solve = app.add_subcommand("solve", std::string(text_of("solve").about));
    cli::SolveSettings solve_settings;
    std::string verify_file;
    cli::add_fen(*solve, solve_settings.position, "prove this position (default: the start)");
    const std::vector<CLI::Option*> solve_rules = cli::add_rule_switches(*solve, solve_settings.rules);
    cli::add_whole(*solve, "--nodes", "N", 1, 1'000'000'000'000'000LL, [&](long long n) { solve_settings.max_nodes = static_cast<std::uint64_t>(n); },
                   "a number of nodes", "stop after N nodes");
    cli::add_whole(*solve, "--time", "SECONDS", 1, 100'000'000, [&](long long n) { solve_settings.max_seconds = n; }, "a whole number of seconds",
                   "stop after SECONDS");
    cli::add_whole(*solve, "--tt", "MIB", 1, 1'048'576, [&](long long n) { solve_settings.tt_mib = n; }, "a size in MiB",
                   "the transposition table's size (default 256)");
    CLI::Option* proof_option = cli::add_file(*solve, "--proof", solve_settings.proof_file, "write the proof to FILE");
    CLI::Option* checkpoint_option = cli::add_file(*solve, "--checkpoint", solve_settings.checkpoint_file, "keep the search in FILE");
    CLI::Option* every_option = cli::add_whole(*solve, "--every", "SECONDS", 1, 100'000'000, [&](long long n) { solve_settings.every = n; },
                                               "a whole number of seconds", "with --checkpoint: how often (default 600)");
    CLI::Option* resume_option = cli::add_file(*solve, "--resume", solve_settings.resume_file, "go on from the checkpoint FILE (kept there)");
    CLI::Option* verify_option = cli::add_file(*solve, "--verify", verify_file, "re-check the proof in FILE");
    std::string book_file;
    std::vector<std::string> book_proofs;
    CLI::Option* book_option = cli::add_file(*solve, "--book", book_file, "add the PROOFs' positions to the book FILE,\nor list it");
    std::string combine_file;
    CLI::Option* combine_option = cli::add_file(*solve, "--combine", combine_file, "join the PROOFs into a proof of the position,\nwritten to FILE");
    int combine_plies = 6;
    CLI::Option* plies_option = cli::add_whole(*solve, "--plies", "N", 0, 8, [&](long long n) { combine_plies = static_cast<int>(n); },
                                               "a number of plies", "with --combine: the plies searched above the\nproofs (default 6)");
    CLI::Option* proofs_option = solve->add_option("PROOF", book_proofs, "with --book or --combine: proof files")->type_name("");

    CLI::App* config = app.add_subcommand("config", std::string(text_of("config").about));
    bool config_path = false;
    config->add_flag("--path", config_path, "print where the settings file is looked for");

    // `fetaix help`, as before CLI11: the overview.
    CLI::App* help_command = app.add_subcommand("help", std::string(text_of("help").about));

    if (const auto status = cli::parse(app, argc, argv, {overview})) return *status;

    const std::vector<CLI::App*> used = app.get_subcommands();
    if (play.version) {
        if (argc != 2) return usage_error("--version goes alone: fetaix --version");
        out(concat("fetaix ", kVersion));
        return 0;
    }
    // Read once, for every command: each that shows a game takes it by apply_settings.
    const cli::SettingsRead settings_read = cli::load_settings(cli::settings_path());
    if (used.empty()) {
        if (dashed_before_separator(argc, argv, play.file)) return unknown_option(play.file, "");
        if (!after_separator(argc, argv, play.file))
            if (const auto mistyped = cli::mistyped_command(app, play.file)) return usage_error(*mistyped);
        options.given.time = think_time->count() > 0;
        // A side's own clock goes with --clock (for the other side) or with the other side's own.
        if (clock->count() == 0 && (white_clock->count() > 0) != (black_clock->count() > 0))
            return usage_error(concat(white_clock->count() > 0 ? "--white-clock" : "--black-clock",
                                      " needs --clock, or the other side's own clock"));
        if (!options.white_clock) options.white_clock = both_clocks;
        if (!options.black_clock) options.black_clock = both_clocks;
        play.clock_given = clock->count() + white_clock->count() + black_clock->count() > 0;
        play.positioned = fen->count() > 0;
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
        gave.clock = play.clock_given;
        apply_settings(options, settings_read, gave);
        return run_play(std::move(play));
    }
    // The game's options belong to the game, not to a command named after them.
    for (const CLI::Option* option : app.get_options())
        if (option->count() > 0 && option != app.get_help_ptr()) {
            const std::string what = option == file ? concat("the game file '", play.file, "'") : concat("the game's ", option->get_name());
            return usage_error(concat(what, " cannot go with ", used.front()->get_name(), " (see fetaix ",
                                      used.front()->get_name(), " --help)"));
        }
    const CLI::App* command = used.front();
    if (command == perft) return cli::run_perft(depth, perft_position, perft_rules, divide);
    if (command == replay) {
        if (dashed_before_separator(argc, argv, replay_file)) return unknown_option(replay_file, "replay");
        tui::AppOptions replayed;
        replayed.terminal.ascii = replay_ascii;
        // The names are the record's.
        CommandLineGave gave;
        gave.ascii = replay_ascii_flag;
        gave.white = gave.black = true;
        apply_settings(replayed, settings_read, gave);
        return run_replay(replay_file, std::move(replayed));
    }
    if (command == games) return run_games();
    if (command == host) {
        host_options.resume = host_resume;
        CommandLineGave gave;
        gave.takes_game = true;
        gave.rules = host_rule_options;
        return run_network(host_options, settings_read, gave, host_rules, host_resume, &host_clocks);
    }
    if (command == join) return run_network(join_options, settings_read, {}, {}, false, nullptr, join_code_file);
    if (command == watch) return run_network(watch_options, settings_read, {}, {}, false, nullptr, watch_code_file);
    if (command == hosts) return run_hosts();
    if (command == check) {
        if (dashed_before_separator(argc, argv, check_file)) return unknown_option(check_file, "check");
        return run_check(check_file);
    }
    if (command == analyze) return cli::run_analyze(analysis);
    if (command == match) return cli::run_match(settings, jobs);
    if (command == bench) {
        if (records) return cli::run_record_bench(folder);
        if (search) return cli::run_search_bench(bench_ms);
        return cli::run_bench(bench_rules, quick ? 4 : 0);  // --quick: a smoke run for tests
    }
    if (command == tablebase) {
        const bool probe = tablebase_action == "probe";
        if (tablebase_action != "build" && !probe && tablebase_action != "verify" && tablebase_action != "stats" && tablebase_action != "quiet")
            return usage_error(concat("tablebase: expected build, probe, verify, stats or quiet, not '", tablebase_action, "'"));
        if (probe && tablebase_fen.empty()) return usage_error("tablebase probe needs a position, such as W:WKc3:Bc4");
        if (!probe && !tablebase_fen.empty())
            return usage_error(concat("tablebase ", tablebase_action, ": unexpected argument '", tablebase_fen, "'"));
        if (tablebase_action != "build" && pieces_option->count() > 0)
            return usage_error(concat("tablebase ", tablebase_action, ": --pieces goes with build"));
        if (tablebase_action == "build") return cli::run_tablebase_build(tablebase_pieces, tablebase_rules);
        if (probe) return cli::run_tablebase_probe(tablebase_fen, tablebase_rules);
        if (tablebase_action == "stats") return cli::run_tablebase_stats(tablebase_rules);
        if (tablebase_action == "quiet") return cli::run_tablebase_quiet(tablebase_rules);
        return cli::run_tablebase_verify(tablebase_rules);
    }
    if (command == solve) {
        if (verify_option->count() > 0) {
            for (const CLI::Option* o : solve->get_options())
                if (o != verify_option && o != solve->get_help_ptr() && o->count() > 0)
                    return usage_error(concat("solve --verify goes alone, not with ", o->get_name()));
            return cli::run_solve_verify(verify_file);
        }
        if (book_option->count() > 0) {
            for (const CLI::Option* o : solve->get_options())
                if (o != book_option && o != proofs_option && o != solve->get_help_ptr() && o->count() > 0)
                    return usage_error(concat("solve --book goes alone with proof files, not with ", o->get_name()));
            return cli::run_solve_book(book_file, book_proofs);
        }
        if (combine_option->count() > 0) {
            for (const CLI::Option* o : solve->get_options())
                if (o != combine_option && o != proofs_option && o != plies_option && o != solve->get_option("--fen") && o != solve->get_help_ptr() &&
                    o->count() > 0)
                    return usage_error(concat("solve --combine goes with --fen, --plies and proof files only, not with ", o->get_name()));
            if (book_proofs.empty()) return usage_error("solve --combine FILE needs the proof files to join");
            return cli::run_solve_combine(combine_file, solve_settings.position, book_proofs, combine_plies);
        }
        if (plies_option->count() > 0) return usage_error("solve: --plies goes with --combine");
        if (proofs_option->count() > 0) return usage_error(concat("solve: '", book_proofs.front(), "': a proof file goes with --book or --combine"));
        if (resume_option->count() > 0) {
            if (solve->get_option("--fen")->count() > 0) return usage_error("solve --resume takes the position from the checkpoint, not --fen");
            for (const CLI::Option* o : solve_rules)
                if (o->count() > 0) return usage_error(concat("solve --resume takes the rules from the checkpoint, not ", o->get_name()));
        }
        if (every_option->count() > 0 && checkpoint_option->count() == 0 && resume_option->count() == 0)
            return usage_error("solve: --every goes with --checkpoint");
        (void)proof_option;
        return cli::run_solve(solve_settings);
    }
    if (command == config) {
        const std::string path = cli::settings_path();
        if (config_path) {
            out(path);
            return 0;
        }
        for (const std::string& problem : settings_read.problems) err(concat("fetaix: ", problem));
        cli::out_text(cli::settings_toml(settings_read.settings));
        return 0;
    }
    if (command == help_command) {
        cli::out_text(overview());
        return 0;
    }
    return 0;
}
