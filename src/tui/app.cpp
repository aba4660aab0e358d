#include "app.hpp"

namespace fetaix::tui {

int run(const AppOptions& options) {
    Controller controller(options.rules, options.players, options.start);
    controller.set_auto_flip(options.auto_flip);
    Terminal terminal(options.terminal);
    terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()));
    while (Terminal::stop_signal == 0) {
        const Key key = terminal.read_key(250, controller.ui().flipped);
        if (key.name == Key::Name::None) continue;
        if (!controller.handle(map_key(key, controller.mode()))) break;
        terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()));
    }
    return 0;
}

}  // namespace fetaix::tui
