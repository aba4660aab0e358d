#include "tui/learn.hpp"

#include <vector>

#include "tui/learn_screen.hpp"
#include "tui/terminal.hpp"

namespace fetaix::tui {

int run_learn(const front::TerminalOptions& terminal_options, const front::KeyMap& keys,
              const std::string& state_folder) {
    learn::Course course(state_folder);
    LessonScreen screen(course, keys);
    Terminal terminal(terminal_options);
    screen.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
    terminal.draw(screen.compose(terminal.rows(), terminal.columns(), terminal.glyphs()));
    while (Terminal::stop_signal == 0 && !terminal.lost()) {
        std::vector<pollfd> none;
        const Key key = terminal.read_key(-1, screen.controller().ui().flipped, none);
        screen.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        const Action action = map_key(key, screen.mode(), keys);
        if (key.name != Key::Name::None && !screen.handle(action)) break;
        if (terminal.input_waiting()) continue;
        terminal.draw(screen.compose(terminal.rows(), terminal.columns(), terminal.glyphs()),
                      action.kind == Action::Kind::Redraw);
    }
    return 0;
}

}  // namespace fetaix::tui
