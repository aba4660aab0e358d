// `fetaix hosts` and `fetaix games`: the games hosted on this machine, and the game history.

#include <cerrno>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "net/transport.hpp"
#include "store/autosave.hpp"
#include "store/files.hpp"
#include "store/history.hpp"

namespace fetaix::commands {

namespace {

// Every game listening in the private and the shared folder.
std::vector<net::HostListing> hosted_games() {
    std::vector<net::HostListing> all;
    // A private folder not ours alone is not looked in (another user may have made it): said, not fatal.
    const std::string mine = net::private_folder_path();
    struct stat st {};
    if (auto folder = net::prepare_folder(mine, false)) all = net::list_hosts(*folder, false);
    else if (::lstat(mine.c_str(), &st) == 0) cli::err(concat("fetaix: ", folder.error().message));
    for (net::HostListing& l : net::list_hosts(net::shared_folder_path(), true)) all.push_back(std::move(l));
    return all;
}

// One hosted game's line: its players, its turn and its watchers.
std::string hosted_line(const net::HostListing& l) {
    if (!l.info) return concat(l.name, "   ", l.problem.empty() ? std::string("no answer") : l.problem);
    const net::GameInfo& g = *l.info;
    const auto seat = [](const std::string& name, bool free) { return free ? std::string("(free)") : name; };
    // Counted as the move list and the game history count: "1. c2-c3 c4xc2" is one move.
    const std::size_t moves = full_moves_before(g.turn, g.ply);
    std::string line = concat(l.name, "   White ", seat(g.white, g.white_free), ", Black ", seat(g.black, g.black_free),
                              "   ", moves, moves == 1 ? " move, " : " moves, ");
    line += g.outcome == Outcome::Ongoing ? concat(to_string(g.turn), " to move")
                                          : std::string(result_token(g.outcome));
    line += concat("   ", g.watchers, g.watchers == 1 ? " watcher" : " watchers");
    if (g.shared) line += "   shared (a code is needed)";
    return line;
}

int run_hosts() {
    const std::vector<net::HostListing> all = hosted_games();
    if (all.empty()) {
        cli::out("No games are hosted here (fetaix host starts one).");
        return 0;
    }
    for (const net::HostListing& l : all) cli::out(hosted_line(l));
    return 0;
}

}  // namespace

std::optional<std::string> record_file(const std::string& name) {
    std::vector<std::string> past;
    if (store::names_history_game(name)) {
        std::string problem;
        past = store::history_files(store::history_directory(store::state_directory()), &problem);
        if (!problem.empty()) {
            cli::err(concat("fetaix: ", name, ": ", problem));
            return std::nullopt;
        }
    }
    Expected<std::string> path = store::record_path(name, past);
    if (!path) {
        cli::err(concat("fetaix: ", name, ": ", path.error().message, " (fetaix games lists them)"));
        return std::nullopt;
    }
    // A number with no file of that name was most likely meant as a game of the history: say how to name one.
    struct stat st {};
    if (!name.empty() && name.size() <= 6 && name.find_first_not_of("0123456789") == std::string::npos &&
        ::stat(name.c_str(), &st) != 0 && errno == ENOENT) {
        cli::err(concat("fetaix: cannot open ", name, ": No such file or directory (game ", name,
                        " of the history is #", name, ": fetaix games lists them)"));
        return std::nullopt;
    }
    return std::move(*path);
}

namespace {

// The game history, newest first, numbered as the Open prompt (o) takes them: #1 is the newest.
int run_games() {
    const std::string state = store::state_directory();
    const std::string folder = store::history_directory(state);
    std::string problem;
    const std::vector<std::string> files = store::history_files(folder, &problem);
    if (!problem.empty()) {
        cli::err(concat("fetaix: ", problem));
        return 1;
    }
    if (files.empty()) cli::out(concat("No games in the history yet (", folder, ")."));
    const std::size_t width = std::to_string(files.size()).size();
    std::size_t number = 0;
    for (const std::string& path : files)
        cli::out(store::format_past_game(++number, store::read_past_game(path), width));
    // The game last played, if unfinished, is in the autosave, not yet in the history: said, so that it
    // is not thought lost.
    // (A game with no move played or taken back is not kept: there is nothing to resume.)
    const store::PastGame g = store::read_past_game(state + "/autosave.pdn");
    if (g.problem.empty() && g.ongoing && (g.moves > 0 || g.taken_back > 0))
        cli::out(concat("Unfinished, in the autosave: ", g.players, "  ", store::past_moves_text(g),
                        g.rules.empty() ? std::string() : concat("  rules: ", g.rules), "  (fetaix resumes it)"));
    return 0;
}

}  // namespace

Runner add_hosts(CLI::App&) {
    return [](const Invocation&) { return run_hosts(); };
}

Runner add_games(CLI::App&) {
    return [](const Invocation&) { return run_games(); };
}

}  // namespace fetaix::commands
