#pragma once
// The help, made from the table of commands (commands.hpp): the overview (fetaix --help) and each
// command's own help (fetaix COMMAND --help).

#include <string>

#include "cli/command_line.hpp"
#include "commands/commands.hpp"

namespace fetaix::commands {

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
