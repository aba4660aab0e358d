#include "tui/puzzle.hpp"

#include <vector>

#include "tui/puzzle_screen.hpp"

namespace fetaix::tui {

void play_puzzles(Terminal& terminal, front::PuzzleRun& run, const front::KeyMap& keys) {
    PuzzleScreen screen(run, keys);
    screen.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
    terminal.draw(screen.compose(terminal.rows(), terminal.columns(), terminal.glyphs()), true);
    while (Terminal::stop_signal == 0 && !terminal.lost()) {
        // The tables' reason for a wrong move wakes the loop as a key does.
        std::vector<pollfd> sources;
        if (run.explaining()) sources.push_back({run.wake_fd(), POLLIN, 0});
        const Key key = terminal.read_key(-1, screen.controller().ui().flipped, sources);
        screen.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        screen.take_explanation();
        const Action action = map_key(key, screen.mode(), keys);
        if (key.name != Key::Name::None && !screen.handle(action)) break;
        if (terminal.input_waiting()) continue;
        terminal.draw(screen.compose(terminal.rows(), terminal.columns(), terminal.glyphs()),
                      action.kind == Action::Kind::Redraw);
    }
}

int run_puzzles(const front::TerminalOptions& terminal_options, const front::KeyMap& keys, front::PuzzleRun& run) {
    Terminal terminal(terminal_options);
    play_puzzles(terminal, run, keys);
    return 0;
}

}  // namespace fetaix::tui
