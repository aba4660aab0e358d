#pragma once
// Each command's usage and what it does, in one table: the overview (fetaix --help) and each command's
// own help (fetaix COMMAND --help) are made from it.

#include <string>
#include <string_view>

#include "cli/command_line.hpp"

namespace fetaix::commands {

struct CommandText {
    std::string_view name;  // "" for the game
    std::string_view usage;
    std::string_view about;
};

// The table's row of a command ("" is the game).
const CommandText& text_of(std::string_view name);

// A command's own help: its usage and what it does, as the overview shows them, then CLI11's list of
// its options (each with what it takes, the constraints being in the usage).
class CommandHelp : public CLI::Formatter {
public:
    std::string make_description(const CLI::App*) const override;
    std::string make_usage(const CLI::App* app, std::string) const override;
    std::string make_option_opts(const CLI::Option* option) const override;
};

// fetaix --help: every command with its usage and what it does, then the rule switches from their table.
std::string overview();

}  // namespace fetaix::commands
