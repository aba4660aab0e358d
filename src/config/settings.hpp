#pragma once
// The settings file, $XDG_CONFIG_HOME/fetaix/config.toml: the defaults the game starts with, which the
// command line overrides. A bad part of the file is reported (with its line and column) and left out;
// the rest is used.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "front/keymap.hpp"

namespace fetaix::config {

// A settings file is small: anything larger is refused rather than read.
inline constexpr std::size_t kMaxSettingsBytes = 64u * 1024;

struct Settings {
    std::string white = "White";  // the players' default names
    std::string black = "Black";
    bool auto_flip = false;
    bool ascii = false;
    bool bell = false;           // the terminal bell when the computer has moved
    bool screen_reader = false;  // lines of plain text for a screen reader instead of the board
    std::string theme = "dark";  // one of tui::theme_names()
    std::string clock;           // a clock SPEC for both sides (clock.hpp), "" for none
    Rules rules;                 // the default rule switches
    front::KeyMap keys;          // the keys of the actions ([keys])
};

// The settings and a line for each part of the file left out ("PATH:LINE:COLUMN: ... (ignored)").
struct SettingsRead {
    Settings settings;
    std::vector<std::string> problems;
    // Those the screen-reader mode's game is concerned with: not the problems of keys only the screen
    // uses (keys.*, theme, ascii, auto-flip, bell).
    std::vector<std::string> line_problems;
};

// Reads settings from a file's text; `name` names it in the messages.
SettingsRead parse_settings(std::string_view text, std::string_view name);

// $XDG_CONFIG_HOME/fetaix/config.toml, or ~/.config/fetaix/config.toml.
std::string settings_path();

// The settings at `path`: the defaults when nothing is there, with the reason when it cannot be read
// (a folder, a FIFO, over 64 KiB, unreadable, not UTF-8).
SettingsRead load_settings(const std::string& path);

// The settings as a settings file: every key with its value, each after a comment that says what it
// does and its default.
std::string settings_toml(const Settings& settings);

}  // namespace fetaix::config
