#pragma once
// What every command that shows a game (the game, replay, host, join, watch) does alike: the settings
// file under what its command line gave, then the front end (the curses screen or the screen-reader mode).

#include <vector>

#include <CLI/CLI.hpp>

#include "config/settings.hpp"
#include "front/options.hpp"

namespace fetaix::commands {

// What a command's line gave of what the settings file sets too: the command line wins. An option the
// command does not have is nullptr (the setting then holds); what is not the command's to set (a
// joiner's rules and clock are the host's) is not taken from the settings either.
struct CommandLineGave {
    const CLI::Option *ascii = nullptr, *auto_flip = nullptr, *bell = nullptr, *theme = nullptr,
                      *screen_reader = nullptr;
    bool white = false, black = false;  // the players' names
    bool takes_game = false;            // the rules and the clock are this command's (the game, host)
    std::vector<CLI::Option*> rules;    // its rule switches, in the order of kRuleSwitches
    bool clock = false;                 // a clock was given
    bool takes_line_mode = false;       // the screen-reader mode: only the game at one keyboard has one
};

// The settings file under what the command line gave: the one way every command that shows a game
// takes it, so that each setting holds in all of them. Its problems go to the game's notice line.
void apply_settings(front::AppOptions& options, const config::SettingsRead& read, const CommandLineGave& gave);

// Shows the game: in lines of plain text, or on the terminal once it is found fit; first asks what to do
// when another fetaix plays the game saved here. The exit status.
int run_app(front::AppOptions options);

}  // namespace fetaix::commands
