#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <poll.h>
#include <unistd.h>
#include <vector>

#include "engine/sources.hpp"
#include "network.hpp"
#include "player.hpp"
#include "session.hpp"
#include "store/autosave.hpp"
#include "thinker.hpp"

namespace fetaix::tui {

int run(AppOptions options) {
    Controller controller(options.rules, options.players, options.start);
    controller.set_clocks(options.white_clock, options.black_clock);
    Session session(controller, options);
    // The host's game must be the one autosaved (--resume brings it back): not while another fetaix
    // holds the autosave, whose saved game would otherwise be offered read-only in its place.
    if (options.net.mode == NetOptions::Mode::Host && !session.autosaving())
        throw std::runtime_error(concat("cannot host: another fetaix is running with the autosave in ",
                                        options.state_folder, " (end it first)"));

    // The engine thinks on its own thread, for the computer's moves and for hints.
    const engine::Sources engine_sources = engine::from_files();
    Thinker thinker(engine_sources.make_tables, engine_sources.book);
    ComputerPlayer computer(thinker, controller.players(), [&controller] { return controller.think_ms(); });
    // The Player delivering the side to move's move, while it works on the position of `working_revision`.
    Player* working = nullptr;
    std::uint64_t working_revision = 0;
    bool hinting = false;
    std::uint64_t hint_revision = 0;
    // A file opened with o is read on its own thread too: checking a long record takes a while.
    FileReader reader;
    auto last_move_time = std::chrono::steady_clock::now();
    // Over the network: the session (hosting, or joined), which works on the controller's game. The
    // other terminal's moves come as its events, played on that game already: no Player delivers them.
    std::unique_ptr<Network> network;
    if (options.net.mode != NetOptions::Mode::Local) {
        // Before the terminal starts: a game that cannot be hosted or reached is one line on stderr.
        // The host times the game on the clocks it starts with (a resumed game's, where they stood).
        if (const auto& clock = controller.clock(); clock && options.net.mode == NetOptions::Mode::Host) {
            options.net.white_clock = clock->control(Color::White);
            options.net.black_clock = clock->control(Color::Black);
            options.net.clock_now = controller.clock_reading();
        }
        auto started = Network::start(options.net, controller.game_for_session(), controller.players(), options.state_folder);
        if (!started) throw std::runtime_error(started.error().message);
        network = std::move(*started);
        network->prepare(controller);
    } else if (!options.replay && session.owns_autosave()) {
        // A plain fetaix's game is reachable by a second fetaix of this user; without a
        // usable private folder it is not, and the game goes on as before.
        const bool white = controller.seat(Color::White) == Seat::Computer;
        const bool black = controller.seat(Color::Black) == Seat::Computer;
        const std::optional<Color> computer = white ? std::optional(Color::White)
                                              : black ? std::optional(Color::Black)
                                                      : std::nullopt;
        const Color keep = white && !black ? Color::Black : Color::White;
        if (auto door = Network::open_door(controller, keep, computer, options.state_folder)) {
            network = std::move(*door);
            session.reachable_as(network->name());
        }
    }
    // Taken over by another terminal: its process id (0: not), and until when this one looks for its game.
    int taken_by = 0;
    auto watch_until = std::chrono::steady_clock::now();
    // A plain fetaix's game played or watched here whose host went (taken over): how it was reached, and
    // until when its new holder is looked for, to follow it there in the same seat or as a watcher.
    std::optional<NetOptions> lost_door;
    auto follow_until = std::chrono::steady_clock::now();
    const auto player_of = [&](Color side) -> Player* {
        switch (controller.seat(side)) {
            case Seat::Computer: return &computer;
            case Seat::Remote:
            case Seat::Keyboard: break;
        }
        return nullptr;
    };

    Terminal terminal(options.terminal);
    terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()));
    // A drawing put off while keys were still coming (a paste: one drawing for all of it, not one a key).
    bool draw_owed = false;
    bool repaint_owed = false;
    // A terminal gone without a signal (the pty closed) ends the game as SIGHUP does, everything saved.
    while (Terminal::stop_signal == 0 && !terminal.lost()) {
        // A change of game (undo, new game, a loaded file) makes any thinking moot.
        if (working && controller.revision() != working_revision) {
            working->cancel();
            working = nullptr;
            controller.set_thinking("");
        }
        if (hinting && controller.revision() != hint_revision) {
            thinker.cancel();
            hinting = false;
        }
        // The computer on both sides (named on the command line or by the record): a pause between moves.
        const bool demonstration = controller.seat(Color::White) == Seat::Computer && controller.seat(Color::Black) == Seat::Computer;
        const auto since_move = std::chrono::steady_clock::now() - last_move_time;
        const auto pause_left = std::chrono::milliseconds(400) - since_move;
        const bool pause = demonstration && pause_left.count() > 0;
        const auto start_working = [&] {
            if (working || hinting || !controller.player_to_move() || pause || controller.clock_paused() ||
                controller.waits_for_screen())
                return;
            working = player_of(controller.game().position().side_to_move);
            if (working) {
                working->start(controller.game());
                working_revision = controller.revision();
            }
        };
        start_working();
        if (controller.take_hint_request()) {
            // Within a second, at full strength.
            thinker.start(controller.game(), engine::kMaxLevel, controller.players().seed, Controller::kHintMs);
            hinting = true;
            hint_revision = controller.revision();
        }
        if (auto path = controller.take_read_request()) reader.start(controller.files().read, *path);
        // Waits for whichever comes first: a key, the move, the hint, the file read, a signal; a timeout
        // only for what needs one (the computer's progress on screen, the pause between its moves).
        std::vector<pollfd> sources;
        int wait_ms = -1;
        // A game hidden by a small terminal waits for the key that says it grew, not for the computer.
        if (working && !controller.waits_for_screen()) {
            if (working->fd() >= 0) sources.push_back({working->fd(), POLLIN, 0});
            wait_ms = working->timeout_ms();
        }
        if (hinting) sources.push_back({thinker.fd(), POLLIN, 0});
        if (reader.busy()) sources.push_back({reader.fd(), POLLIN, 0});
        if (pause) wait_ms = static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(pause_left).count());
        if (network) {
            network->poll_fds(sources);
            const int limit = network->timeout_ms();
            if (limit >= 0 && (wait_ms < 0 || limit < wait_ms)) wait_ms = limit;
        }
        // A running clock wakes the loop when its shown time next changes, and only then.
        if (const auto clock = controller.clock_wait()) {
            const int ms = static_cast<int>(std::clamp<Millis>(*clock, 1, 60'000));
            if (wait_ms < 0 || ms < wait_ms) wait_ms = ms;
        }
        // Taken over: the other terminal's game is looked for a few times a second until it is there.
        if ((taken_by && !network) || lost_door) wait_ms = wait_ms < 0 ? 100 : std::min(wait_ms, 100);
        const Key key = terminal.read_key(wait_ms, controller.ui().flipped, sources);
        bool redraw = key.name != Key::Name::None;
        controller.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        // A clock that has run out ends the game now, key or none.
        if (controller.tick()) redraw = true;
        if (network && network->handle(sources, controller)) {
            // Never let in: nothing to show but why, on the command line (the terminal restored first).
            if (network->refusal()) throw std::runtime_error(*network->refusal());
            redraw = true;
            start_working();
        }
        // A clock's warning, or the other terminal's move (played on the game by the session).
        if (controller.take_bell()) terminal.bell();
        if (reader.busy()) {
            if (auto record = reader.take_result()) {
                controller.finish_read(std::move(*record));
                redraw = true;
            }
        }
        if (working) {
            if (working == &computer) controller.set_thinking(working->doing());
            // A computer's move found while the game cannot be seen waits until it can be.
            const bool hidden = working == &computer && controller.waits_for_screen();
            if (auto move = hidden ? std::nullopt : working->take_move()) {
                const bool computer_moved = working == &computer;
                controller.play_delivered(*move);
                if (computer_moved) controller.tell_tables_problem(computer.take_tables_problem());
                if (controller.take_bell()) terminal.bell();
                working = nullptr;
                controller.set_thinking("");
                if (computer_moved) last_move_time = std::chrono::steady_clock::now();
            }
            redraw = true;
        }
        if (hinting) {
            if (auto result = thinker.take_result()) {
                controller.show_hint(*result);
                hinting = false;
            }
            redraw = true;
        }
        // Only a key read while the help is open turns its pages: laid out then, not for every key of a paste.
        if (controller.ui().help_open) controller.set_help_pages(help_page_count(controller, terminal.rows()));
        const Action action = map_key(key, controller.mode(), controller.keys());
        const bool go_on = key.name == Key::Name::None || controller.handle(action);
        if (network && network->take_events(controller)) start_working();
        if (network) network->follow(controller);
        if (auto pid = network ? network->take_takeover() : std::nullopt) {
            // Another terminal takes the game: everything saved, the lock freed, this screen watches.
            if (working) working->cancel();
            working = nullptr;
            controller.set_thinking("");
            network->hand_over();
            network.reset();
            session.give_up_autosave();
            taken_by = *pid;
            watch_until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            for (Color c : {Color::White, Color::Black}) controller.set_remote(c, true);
            controller.set_taken_over(concat("The game is played at the other terminal (pid ", *pid, ") now."));
            controller.set_network_line(concat("This game was taken over by another terminal (pid ", *pid, ")."));
            redraw = true;
        }
        if (taken_by != 0 && !network) {
            // Its game appears once it holds the autosave: watched from here, as fetaix watch would.
            const auto holder = store::lock_holder(options.state_folder);
            if (holder && holder->pid == taken_by && !holder->game.empty()) {
                NetOptions watch;
                watch.mode = NetOptions::Mode::Watch;
                watch.name = holder->game;
                watch.note = concat("This game was taken over by another terminal (pid ", taken_by, "): watching it.");
                if (auto started = Network::start(watch, controller.game_for_session(), controller.players(), options.state_folder)) {
                    network = std::move(*started);
                    controller.set_taken_over("");
                    network->prepare(controller);
                    redraw = true;
                }
            }
            // Not there in time (a screen-reader fetaix has no game to watch): said so.
            if (!network && std::chrono::steady_clock::now() >= watch_until) {
                const std::string quits = concat(controller.keys().first("quit"), " quits.");
                controller.set_network_line(concat("This game was taken over by another terminal (pid ", taken_by,
                                                   "): ", quits));
                controller.set_taken_over(concat("The game is played at the other terminal (pid ", taken_by,
                                                 ") now: ", quits));
                taken_by = 0;
                redraw = true;
            }
        }
        if (auto lost = network ? network->take_lost_door() : std::nullopt) {
            lost_door = std::move(lost);
            follow_until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        }
        if (lost_door) {
            // Its new holder has it once it holds the autosave under another name.
            const auto holder = store::lock_holder(options.state_folder);
            if (holder && holder->pid != ::getpid() && !holder->game.empty() && holder->game != lost_door->name) {
                NetOptions again = *lost_door;
                again.name = holder->game;
                again.note = concat("The game moved to another terminal (pid ", holder->pid, "): watching it there.");
                if (auto started = Network::start(again, controller.game_for_session(), controller.players(), options.state_folder)) {
                    if (working) working->cancel();
                    working = nullptr;
                    network = std::move(*started);
                    controller.set_link_lost("");
                    network->prepare(controller);
                    controller.tell(concat("The game moved to another terminal (pid ", holder->pid, "): followed there."));
                    lost_door.reset();
                    redraw = true;
                }
            }
            if (lost_door && std::chrono::steady_clock::now() >= follow_until) lost_door.reset();
        }
        // Esc stopped the reading: the worker stops within one move's check.
        if (reader.busy() && controller.ui().reading.empty()) reader.cancel();
        // Every change reaches the disk before the next key is read; the clocks' time too (session.cpp).
        session.save_if_changed(!go_on);
        if (!go_on) break;
        draw_owed = draw_owed || redraw || pause;
        repaint_owed = repaint_owed || action.kind == Action::Kind::Redraw;
        if (draw_owed && !terminal.input_waiting()) {
            terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()), repaint_owed);
            draw_owed = repaint_owed = false;
        }
    }
    if (working) working->cancel();
    thinker.cancel();
    reader.cancel();
    // However the game ends (q, a signal, a lost terminal): the clocks as they stand now.
    session.save_if_changed(true);
    // Saved: a host tells the others that it ended the game, and where it is kept.
    if (network) network->end(options.state_folder);
    // Ctrl-C, a signal or a closed terminal: a game the autosave does not hold goes to the history.
    controller.keep_unsaved_game();
    return 0;
}

}  // namespace fetaix::tui
