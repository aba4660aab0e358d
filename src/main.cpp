// The fetaix program: the game, and commands on the command line. Every argument is read by one CLI11
// App with a subcommand per command of the table (src/commands/commands.cpp); the game is the App itself.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "commands/help.hpp"
#include "config/settings.hpp"

using namespace fetaix;

namespace {

// The game's options belong to the game, not to a command named after them: the exit status when one
// was given with `command`.
std::optional<int> refuse_game_options(const CLI::App& app, const CLI::App& command) {
    for (const CLI::Option* option : app.get_options())
        if (option->count() > 0 && option != app.get_help_ptr()) {
            const std::string what = option->get_positional()
                                         ? concat("the game file '", option->results().front(), "'")
                                         : concat("the game's ", option->get_name());
            return cli::usage_error(concat(what, " cannot go with ", command.get_name(), " (see fetaix ",
                                           command.get_name(), " --help)"));
        }
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app("Fetaix (qireq)", "fetaix");
    const auto help = std::make_shared<commands::CommandHelp>();
    help->column_width(31);  // as the rule switches' help is laid out (at most 48 characters after it)
    app.formatter(help);
    app.set_help_flag("-h,--help", "this help");
    app.require_subcommand(0, 1);
    std::vector<std::pair<const CLI::App*, commands::Runner>> runners;
    for (const commands::Command& command : commands::all()) {
        CLI::App& options = command.name.empty()
                                ? app
                                : *app.add_subcommand(std::string(command.name), std::string(command.about));
        runners.emplace_back(&options, command.add(options));
    }
    bool version = false;
    app.add_flag("--version", version, "show the version");

    if (const auto status = cli::parse(app, argc, argv, {commands::overview})) return *status;
    if (version) {
        if (argc != 2) return cli::usage_error("--version goes alone: fetaix --version");
        cli::out(concat("fetaix ", kVersion));
        return 0;
    }
    const std::vector<CLI::App*> used = app.get_subcommands();
    if (!used.empty())
        if (const auto status = refuse_game_options(app, *used.front())) return *status;
    // Read once, for every command: each that shows a game takes it by commands::apply_settings.
    const config::SettingsRead settings = config::load_settings(config::settings_path());
    const CLI::App* chosen = used.empty() ? &app : used.front();
    for (const auto& [command, run] : runners)
        if (command == chosen) return run({app, argc, argv, settings});
    return 0;
}
