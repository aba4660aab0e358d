#include "app.hpp"

#include <chrono>

#include "session.hpp"
#include "thinker.hpp"

namespace fetaix::tui {

int run(AppOptions options) {
    Controller controller(options.rules, options.players, options.start);
    Session session(controller, options);

    // The engine thinks on its own thread, for the computer's moves and for hints.
    enum class Purpose { None, Move, Hint };
    Thinker thinker;
    // A file opened with o is read on its own thread too: checking a long record takes a while.
    FileReader reader;
    Purpose purpose = Purpose::None;
    std::uint64_t thinking_revision = 0;
    auto last_move_time = std::chrono::steady_clock::now();

    Terminal terminal(options.terminal);
    terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()));
    // A terminal gone without a signal (the pty closed) ends the game as SIGHUP does, everything saved.
    while (Terminal::stop_signal == 0 && !terminal.lost()) {
        // A change of game (undo, new game, a loaded file) makes any thinking moot.
        if (thinker.busy() && controller.revision() != thinking_revision) {
            thinker.cancel();
            purpose = Purpose::None;
            controller.set_thinking("");
        }
        // The computer on both sides (named on the command line or by the record): a pause between moves.
        const bool demonstration = controller.players().white_level > 0 && controller.players().black_level > 0;
        const bool pause = demonstration && std::chrono::steady_clock::now() - last_move_time < std::chrono::milliseconds(400);
        if (!thinker.busy() && controller.computer_to_move() && !pause) {
            const Game& game = controller.game();
            const int level = controller.players().level(game.position().side_to_move);
            thinker.start(game, level, controller.players().seed + game.ply(), controller.players().think_ms);
            purpose = Purpose::Move;
            thinking_revision = controller.revision();
        }
        if (controller.take_hint_request()) {
            // Within a second, at full strength.
            thinker.start(controller.game(), engine::kMaxLevel, controller.players().seed, 900);
            purpose = Purpose::Hint;
            thinking_revision = controller.revision();
        }
        if (auto path = controller.take_read_request()) reader.start(controller.files().read, *path);
        const Key key = terminal.read_key(thinker.busy() || reader.busy() || pause ? 50 : 250, controller.ui().flipped);
        bool redraw = key.name != Key::Name::None;
        if (reader.busy()) {
            if (auto record = reader.take_result()) {
                controller.finish_read(std::move(*record));
                redraw = true;
            }
        }
        if (thinker.busy()) {
            if (purpose == Purpose::Move) controller.set_thinking(thinker.progress());
            if (auto result = thinker.take_result()) {
                if (result->has_move && purpose == Purpose::Move) controller.play_computer_move(result->best);
                if (controller.take_bell()) terminal.bell();
                if (result->has_move && purpose == Purpose::Hint) controller.show_hint(result->best, result->score);
                purpose = Purpose::None;
                controller.set_thinking("");
                last_move_time = std::chrono::steady_clock::now();
            }
            redraw = true;
        }
        controller.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        const Action action = map_key(key, controller.mode(), controller.keys());
        const bool go_on = key.name == Key::Name::None || controller.handle(action);
        // Esc stopped the reading: the worker stops within one move's check.
        if (reader.busy() && controller.ui().reading.empty()) reader.cancel();
        // Every change reaches the disk before the next key is read.
        session.save_if_changed();
        if (!go_on) break;
        if (redraw || pause)
            terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()),
                          action.kind == Action::Kind::Redraw);
    }
    thinker.cancel();
    reader.cancel();
    // Ctrl-C, a signal or a closed terminal: a game the autosave does not hold goes to the history.
    controller.keep_unsaved_game();
    return 0;
}

}  // namespace fetaix::tui
