#pragma once
// The command line on CLI11: helpers that add the options several commands share (the rule switches,
// --fen, --time, whole numbers), each read by our own decimal-only readers with our own messages, and
// the parse itself, which turns every CLI11 error into one "fetaix: ..." line and exit status 2.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include <fetaix/fetaix.hpp>

namespace fetaix::cli {

// One range for --time wherever it is taken (the game, analyze, bench --search), in seconds.
inline constexpr double kMinSeconds = 0.05;
inline constexpr double kMaxSeconds = 3600;

// A bad value: `message` is the whole line after "fetaix: ".
CLI::ValidationError bad_value(const std::string& message);

// An option that takes one value, read by `read` (which throws bad_value). Given without a value it
// says `missing`; given twice it says so (a repeated option is refused, never silently overridden).
CLI::Option* add_value(CLI::App& command, const std::string& flag, const std::string& placeholder,
                       const std::string& missing, std::function<void(const std::string&)> read,
                       const std::string& help);

// The rule switches of switches.hpp, each writing into `rules`, in the group "Rule switches". Returns
// them, so a command can declare what they exclude.
std::vector<CLI::Option*> add_rule_switches(CLI::App& command, Rules& rules);

// --fen FEN into `position`; a position where a side has no pieces is refused (unplayable_start).
CLI::Option* add_fen(CLI::App& command, Position& position, const std::string& help);

// A file name under `flag` into `into`; an empty one is refused ("--proof needs a file name"), and so is
// the option given twice, in the words of the others.
CLI::Option* add_file(CLI::App& command, const std::string& flag, std::string& into, const std::string& help);

// --time SECONDS into `ms` (milliseconds), from kMinSeconds to kMaxSeconds.
CLI::Option* add_time(CLI::App& command, int& ms, const std::string& help);

// A clock SPEC (clock.hpp: 5, 5+3, 5d3, 5b3, 0:30+1) under `flag` into `into`.
CLI::Option* add_clock(CLI::App& command, const std::string& flag, std::optional<TimeControl>& into,
                       const std::string& help);

// A whole decimal number from low to high under `flag`; `what` names it in the messages ("a level").
CLI::Option* add_whole(CLI::App& command, const std::string& flag, const std::string& placeholder, long long low,
                       long long high, std::function<void(long long)> store, const std::string& what,
                       const std::string& help);

// "expected a decimal number of seconds from 0.05 to 3600": the words of every --time message and help.
std::string seconds_range();

// Prints a block of text (several lines) through out(), line by line.
void out_text(std::string_view text);

// How the program's help is printed: the overview for `fetaix --help`, CLI11's formatter for a command.
struct HelpText {
    std::function<std::string()> overview;
};

// Parses argv into `app`. Returns the exit status when the program is to end here: 0 after printing
// help (`--help` alone, after the program or a command), 2 after one "fetaix: ..." line for a bad
// command line; nothing when the command is to run.
std::optional<int> parse(CLI::App& app, int argc, char** argv, const HelpText& help);

// For a word given where the game's FILE.pdn goes: when no file has that name and the word is one or two
// edits from a command's name, "unknown command 'hots' (did you mean hosts?)"; nothing otherwise.
std::optional<std::string> mistyped_command(const CLI::App& app, const std::string& word);

// The flag that turns an on/off rule switch off, over the settings file: "--no-majority".
inline std::string negated_flag(const RuleSwitch& s) { return concat("--no-", s.flag.substr(2)); }

// For a word given where a file goes right after a rule switch that takes no value ("--majority yes"),
// when no file has that name and the word is a yes or a no: "--majority takes no value: give --majority
// alone to turn the rule on, --no-majority to turn it off (not 'yes')"; nothing otherwise.
std::optional<std::string> toggle_given_a_value(int argc, char** argv, const std::string& word);

// The message for a parse error of `app`: what CLI11 or our readers said, with a pointer to the help
// of the command in use.
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e);

// Whether `value`, taken by CLI11 as a file's name, stands after a "--" in argv: then it is one,
// whatever it looks like.
bool after_separator(int argc, char** argv, const std::string& value);

// Whether `value` is a word like an option before any "--": CLI11 takes a word that is no valid option
// name (such as "--\a") as a positional argument, but before "--" it is an option fetaix does not know
// (a file named so goes after "--").
bool dashed_before_separator(int argc, char** argv, const std::string& value);

// "unknown option 'WORD' (see fetaix COMMAND --help)", exit status 2; `command` is "" for the game.
int unknown_option(const std::string& word, std::string_view command);

}  // namespace fetaix::cli
