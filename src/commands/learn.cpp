// fetaix learn: the rules taught one lesson at a time (src/learn), on the terminal or as lines.

#include <memory>

#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "commands/shown_game.hpp"
#include "line/learn_lines.hpp"
#include "store/files.hpp"
#include "tui/learn.hpp"
#include "tui/terminal.hpp"

namespace fetaix::commands {

Runner add_learn(CLI::App& command) {
    struct Learn {
        bool screen_reader = false, ascii = false;
        CLI::Option *screen_reader_flag = nullptr, *ascii_flag = nullptr;
    };
    auto learn = std::make_shared<Learn>();
    learn->screen_reader_flag = command.add_flag("--screen-reader", learn->screen_reader,
                                                 "the lessons as lines of plain text");
    learn->ascii_flag = command.add_flag("--ascii", learn->ascii, "plain ASCII lines and pieces");
    return [learn](const Invocation& call) {
        front::AppOptions options;
        options.screen_reader = learn->screen_reader;
        options.terminal.ascii = learn->ascii;
        CommandLineGave gave;
        gave.ascii = learn->ascii_flag;
        gave.screen_reader = learn->screen_reader_flag;
        gave.takes_line_mode = true;
        apply_settings(options, call.settings, gave);
        const std::string folder = store::state_directory();
        if (options.screen_reader) return line::run_learn(folder);
        if (auto problem = tui::terminal_problem()) {
            cli::err(concat("fetaix: ", *problem));
            return 1;
        }
        try {
            return tui::run_learn(options.terminal, options.keys, folder);
        } catch (const std::exception& e) {
            cli::err(concat("fetaix: ", e.what()));
            return 1;
        }
    };
}

}  // namespace fetaix::commands
