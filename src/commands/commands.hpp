#pragma once
// The commands, in one table: each command's name, its usage and what it does (the help is made from
// them), the function that adds its options to its CLI11 subcommand (the game's to the App itself) and,
// from that, the function that runs it once the command line is parsed. main() builds the App from the
// table, reads the settings once and runs the command used.

#include <functional>
#include <optional>
#include <span>
#include <string_view>

#include <CLI/CLI.hpp>

#include "config/settings.hpp"

namespace fetaix::commands {

// What a command runs with, besides its own options: the whole command line (a word after "--" is a
// file, whatever it looks like) and the settings file, read once for every command.
struct Invocation {
    const CLI::App& app;
    int argc;
    char** argv;
    const config::SettingsRead& settings;
};

// Runs the command with the options its AddOptions read: its exit status.
using Runner = std::function<int(const Invocation&)>;
// Adds a command's options to `command`; what they read is kept by the Runner returned.
using AddOptions = Runner (*)(CLI::App& command);

struct Command {
    std::string_view name;  // "" for the game
    std::string_view usage;
    std::string_view about;
    AddOptions add;
};

// Every command, the game first, in the order of the help.
std::span<const Command> all();

// The table's row of a command ("" is the game).
const Command& text_of(std::string_view name);

// A game record named on the command line: the file, or "#N", the game history's game N as `fetaix
// games` numbers them. Nothing (with the reason said on standard error) for a number the history lacks.
std::optional<std::string> record_file(const std::string& name);  // listings.cpp

// Each command's options and runner, in the file named after it.
Runner add_game(CLI::App& command);       // play.cpp
Runner add_replay(CLI::App& command);     // play.cpp
Runner add_perft(CLI::App& command);      // engine.cpp
Runner add_analyze(CLI::App& command);    // engine.cpp
Runner add_match(CLI::App& command);      // engine.cpp
Runner add_bench(CLI::App& command);      // engine.cpp
Runner add_host(CLI::App& command);       // net.cpp
Runner add_join(CLI::App& command);       // net.cpp
Runner add_watch(CLI::App& command);      // net.cpp
Runner add_hosts(CLI::App& command);      // listings.cpp
Runner add_games(CLI::App& command);      // listings.cpp
Runner add_check(CLI::App& command);      // check.cpp
Runner add_review(CLI::App& command);     // review.cpp
Runner add_tablebase(CLI::App& command);  // tablebase.cpp
Runner add_solve(CLI::App& command);      // solve.cpp
Runner add_config(CLI::App& command);     // config.cpp
Runner add_serve(CLI::App& command);      // serve.cpp
Runner add_learn(CLI::App& command);      // learn.cpp
Runner add_puzzle(CLI::App& command);     // puzzle.cpp
Runner add_help(CLI::App& command);       // help.cpp

}  // namespace fetaix::commands
