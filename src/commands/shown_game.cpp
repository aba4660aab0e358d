#include "commands/shown_game.hpp"

#include <cstdio>
#include <exception>
#include <utility>

#include <fetaix/fetaix.hpp>

#include "cli/output.hpp"
#include "line/line_app.hpp"
#include "store/files.hpp"
#include "tui/second.hpp"
#include "tui/terminal.hpp"

namespace fetaix::commands {

namespace {

bool given(const CLI::Option* option) { return option != nullptr && option->count() > 0; }

}  // namespace

void apply_settings(front::AppOptions& options, const config::SettingsRead& read, const CommandLineGave& gave) {
    const config::Settings& s = read.settings;
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

int run_app(front::AppOptions options) {
    // Lines of plain text need no terminal at all.
    if (options.screen_reader && !options.replay) {
        options.state_folder = store::state_directory();
        // Another fetaix playing the game saved here: what to do is asked in lines, before anything starts.
        if (const auto status = tui::meet_the_holder(options, stdin, stdout, false)) return *status;
        return line::run(std::move(options));
    }
    // Before curses starts and before the autosave is touched.
    if (auto problem = tui::terminal_problem()) {
        cli::err(concat("fetaix: ", *problem));
        return 1;
    }
    options.state_folder = store::state_directory();
    if (const auto status = tui::meet_the_holder(options, stdin, stdout, true)) return *status;
    try {
        return tui::run(std::move(options));
    } catch (const std::exception& e) {
        // The terminal is already restored: the curses session ended when the exception left run().
        cli::err(concat("fetaix: ", e.what()));
        return 1;
    }
}

}  // namespace fetaix::commands
