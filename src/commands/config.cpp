// `fetaix config`: the settings in force as a settings file, or where the file is looked for.

#include <memory>
#include <string>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "config/settings.hpp"

namespace fetaix::commands {

Runner add_config(CLI::App& command) {
    auto path_only = std::make_shared<bool>(false);
    command.add_flag("--path", *path_only, "print where the settings file is looked for");
    return [path_only](const Invocation& call) {
        if (*path_only) {
            cli::out(config::settings_path());
            return 0;
        }
        for (const std::string& problem : call.settings.problems) cli::err(concat("fetaix: ", problem));
        cli::out_text(config::settings_toml(call.settings.settings));
        return 0;
    };
}

}  // namespace fetaix::commands
