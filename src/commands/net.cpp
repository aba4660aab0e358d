// `fetaix host`, `join` and `watch`: the game over a Unix socket, with the settings as every game takes
// them (and, for the host, its rules and clock where the command line gave none).

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "commands/commands.hpp"
#include "commands/shown_game.hpp"
#include "front/options.hpp"
#include "net/transport.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

namespace {

using cli::usage_error;

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
std::optional<std::string> code_from_elsewhere(front::NetOptions& net, const std::string& code_file) {
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
    const bool watching = net.mode == front::NetOptions::Mode::Watch;
    if (auto typed = read_unechoed(concat(watching ? "Watch" : "Join", " code for ", net.name,
                                          " (shown on the host's screen): ")))
        net.code = *typed;
    return std::nullopt;
}

// What host, join and watch read from their command lines.
struct NetCommand {
    front::NetOptions net;
    std::string code_file;                   // join, watch: --code-file
    Rules rules;                             // host: its rule switches
    std::vector<CLI::Option*> rule_options;  // host
    std::optional<HostClocks> clocks;        // host
    bool new_game = false;                   // host: --new
};

int run_network(NetCommand command, const config::SettingsRead& settings) {
    front::NetOptions& net = command.net;
    if (auto problem = net::check_game_name(net.name)) return usage_error(concat("'", net.name, "': ", *problem));
    if (net.mode == front::NetOptions::Mode::Join || net.mode == front::NetOptions::Mode::Watch)
        if (auto problem = code_from_elsewhere(net, command.code_file)) return usage_error(*problem);
    front::AppOptions options;
    options.net = std::move(net);
    options.rules = command.rules;
    CommandLineGave gave;
    if (const auto& clocks = command.clocks) {
        // As for a game at one keyboard: a side's own clock goes with --clock or the other side's own.
        if (clocks->both_option->count() == 0 &&
            (clocks->white_option->count() > 0) != (clocks->black_option->count() > 0))
            return usage_error(concat(clocks->white_option->count() > 0 ? "--white-clock" : "--black-clock",
                                      " needs --clock, or the other side's own clock"));
        options.white_clock = clocks->white ? clocks->white : clocks->both;
        options.black_clock = clocks->black ? clocks->black : clocks->both;
        gave.clock = clocks->given();
        gave.takes_game = true;
        gave.rules = command.rule_options;
    }
    apply_settings(options, settings, gave);
    // The host's --name is its side's name from the start, as the others see it once they join.
    if (!options.net.player.empty() && options.net.side && options.net.mode == front::NetOptions::Mode::Host)
        (*options.net.side == Color::White ? options.players.white : options.players.black) = options.net.player;
    // An unfinished autosaved game is never filed away unasked: --resume hosts it, --new keeps it in the
    // game history, and without either the host refuses to start, saying so (its game cannot wait for a
    // question while others join it).
    options.resume = options.net.resume ? front::ResumeChoice::Resume
                     : command.new_game ? front::ResumeChoice::New
                                        : front::ResumeChoice::Choose;
    return run_app(std::move(options));
}

// NAME: the game's name.
void add_game_name(CLI::App& command, front::NetOptions& options) {
    command.add_option("NAME", options.name, "the game's name (default fetaix)")->type_name("");
}

// --name PLAYER: the name the other terminals see for this player (default: the login name; the host's,
// its side's name in the settings).
void add_net_name(CLI::App& command, front::NetOptions& options) {
    cli::add_value(
        command, "--name", "PLAYER", "--name needs a name",
        [&options](const std::string& name) {
            if (auto problem = cli::name_problem(name)) throw cli::bad_value(concat("--name: ", *problem));
            if (name.size() > net::kMaxNameBytes)
                throw cli::bad_value(concat("--name: at most ", net::kMaxNameBytes, " bytes"));
            options.player = name;
        },
        "your name as the others see it");
}

// --as white|black|random: the host's side.
void add_side(CLI::App& command, front::NetOptions& options) {
    cli::add_value(
        command, "--as", "white|black|random", "--as needs white, black or random",
        [&options](const std::string& side) {
            if (side == "white") options.side = Color::White;
            else if (side == "black") options.side = Color::Black;
            else if (side == "random") {
                const std::string bits = net::random_hex(1);
                if (bits.empty()) throw cli::bad_value("--as random: no randomness from the kernel");
                options.side = std::stoi(bits, nullptr, 16) % 2 == 0 ? Color::White : Color::Black;
            } else {
                throw cli::bad_value(concat("--as: '", side, "' is not white, black or random"));
            }
        },
        "the host's side (default white)");
}

// join and watch: the game's name, its code and the player's name; `what` is "join" or "watch".
Runner add_joining(CLI::App& command, front::NetOptions::Mode mode, const std::string& what) {
    auto joining = std::make_shared<NetCommand>();
    joining->net.mode = mode;
    add_game_name(command, joining->net);
    // Other users read a command line: the safe ways are said with it.
    const std::string code_help = "\n(seen by other users: prefer --code-file,\nFETAIX_CODE, or typing it when asked)";
    CLI::Option* code = cli::add_value(
        command, "--code", "CODE", concat("--code needs the ", what, " code"),
        [joining](const std::string& text) { joining->net.code = text; },
        concat("a shared game's ", what, " code", code_help));
    cli::add_file(command, "--code-file", joining->code_file, concat("read the ", what, " code from FILE"))
        ->excludes(code);
    add_net_name(command, joining->net);
    return [joining](const Invocation& call) { return run_network(*joining, call.settings); };
}

}  // namespace

Runner add_host(CLI::App& command) {
    auto host = std::make_shared<NetCommand>();
    host->net.mode = front::NetOptions::Mode::Host;
    add_game_name(command, host->net);
    add_side(command, host->net);
    command.add_flag("--shared", host->net.shared, "let other users of this machine in, with codes");
    add_net_name(command, host->net);
    CLI::Option* resume = command.add_flag("--resume", host->net.resume, "host the autosaved game again");
    command
        .add_flag("--new", host->new_game, "host a new game (an unfinished autosaved one\ngoes to the game history)")
        ->excludes(resume);
    host->rule_options = cli::add_rule_switches(command, host->rules);
    HostClocks& clocks = host->clocks.emplace();
    clocks.both_option = cli::add_clock(command, "--clock", clocks.both,
                                        "a clock for both sides: 5, 5+3, 5d3, 5b3, 0:30+1\n(the host's clock decides)");
    clocks.white_option = cli::add_clock(command, "--white-clock", clocks.white, "White's own clock (a handicap)");
    clocks.black_option = cli::add_clock(command, "--black-clock", clocks.black, "Black's own clock (a handicap)");
    return [host](const Invocation& call) { return run_network(*host, call.settings); };
}

Runner add_join(CLI::App& command) { return add_joining(command, front::NetOptions::Mode::Join, "join"); }

Runner add_watch(CLI::App& command) { return add_joining(command, front::NetOptions::Mode::Watch, "watch"); }

}  // namespace fetaix::commands
