#include "app.hpp"

#include <chrono>
#include <ctime>
#include <memory>
#include <stdexcept>
#include <poll.h>
#include <vector>

#include "store/autosave.hpp"
#include "store/files.hpp"
#include "store/history.hpp"
#include "network.hpp"
#include "player.hpp"
#include "remote.hpp"
#include "thinker.hpp"

namespace fetaix::tui {

namespace {

FileAccess real_files(const std::string& state_folder) {
    FileAccess files;
    files.examine = [](const std::string& path) {
        SaveTarget target;
        const store::PathEntry entry = store::inspect_path(path);
        if (auto refusal = store::save_refusal(path, entry)) target.refusal = *refusal;
        target.exists = entry.kind == store::EntryKind::File;
        if (target.exists) target.contents = store::describe_record_file(path);
        return target;
    };
    files.write = [](const std::string& path, const std::string& text, bool replace) {
        return store::save_record_file(path, text, replace);
    };
    files.read = [](const std::string& path, const std::atomic<bool>* stop) { return store::load_game_file(path, stop); };
    files.default_save_name = [] { return store::unused_save_name(std::time(nullptr)); };
    const std::string history = store::history_directory(state_folder);
    files.archive = [history](const std::string& record) -> std::optional<std::string> {
        auto path = store::archive_record(history, record, std::time(nullptr));
        if (!path) return path.error().message;
        return std::nullopt;
    };
    files.history = [history] { return store::history_files(history); };
    files.describe_past = [](const std::string& path) {
        const store::PastGame g = store::read_past_game(path);
        if (!g.problem.empty()) return concat("unreadable (", g.problem, ")");
        return concat(g.date, " ", g.players, ", ", g.result, ", ", g.moves, g.moves == 1 ? " move" : " moves");
    };
    return files;
}

// Decides what the game starts with, from the autosave and the options. Returns the autosave to keep
// writing to, or nothing when this process must not write it; `news` gets what the autosave had to say
// about the saved game (broken, moved aside).
std::unique_ptr<store::Autosave> prepare(Controller& controller, AppOptions& options, std::string& news) {
    if (options.replay) {
        controller.load(*options.record);
        controller.start_replay("");
        return nullptr;
    }
    auto autosave = std::make_unique<store::Autosave>(options.state_folder);
    if (options.record) {
        controller.load(*options.record);
        if (!options.record->notes.empty()) controller.set_notice(options.record->notes.front());
    }
    // Read whatever the options say, so that a broken autosave is moved aside and reported even then.
    auto saved = autosave->read_saved();
    news = saved.news;
    const bool unfinished_saved = saved.record && store::unfinished(*saved.record);
    const bool offer = !options.record && unfinished_saved;
    switch (autosave->ownership()) {
        case store::Autosave::Ownership::Elsewhere:
            if (offer) controller.offer_read_only(std::move(*saved.record));
            else controller.set_notice("autosave off: another fetaix is running");
            return nullptr;
        case store::Autosave::Ownership::Unknown: {
            // The saved game is still offered; the autosave never writes over it unless this game continues it.
            const std::string failing = concat("autosave failing: ", autosave->problem());
            controller.set_notice(saved.news.empty() ? failing : concat(failing, "; ", saved.news));
            if (offer && options.resume == ResumeChoice::Resume) controller.load(*saved.record);
            else if (offer && options.resume == ResumeChoice::Ask) controller.offer_resume_unsaved(std::move(*saved.record));
            return autosave;
        }
        case store::Autosave::Ownership::Owned: break;
    }
    if (!saved.news.empty()) controller.set_notice(saved.news);
    if (options.record) {
        // The file's game would overwrite the unfinished saved one: asked first, as o asks.
        if (unfinished_saved)
            controller.offer_open_instead(std::move(*saved.record), *options.record, options.record_path);
        return autosave;
    }
    if (options.resume == ResumeChoice::New) {
        // Not resumed, the saved game would be overwritten by the first move: the history keeps it.
        if (unfinished_saved) controller.set_aside_saved(*saved.record);
        return autosave;
    }
    if (offer) {
        if (options.resume == ResumeChoice::Resume) controller.load(*saved.record);
        else controller.offer_resume(std::move(*saved.record));
    } else if (options.resume == ResumeChoice::Resume && saved.news.empty()) {
        controller.set_notice("no unfinished game was saved");
    }
    return autosave;
}

}  // namespace

int run(AppOptions options) {
    Controller controller(options.rules, options.players, options.start);
    controller.set_files(real_files(options.state_folder));
    controller.set_command_line(options.players, options.given);
    std::string autosave_news;  // a saved game moved aside: stays on screen until other news
    // A joiner's or watcher's game is the host's copy: the host autosaves it, not this terminal.
    const bool copy = options.net.mode == NetOptions::Mode::Join || options.net.mode == NetOptions::Mode::Watch;
    std::unique_ptr<store::Autosave> autosave = copy ? nullptr : prepare(controller, options, autosave_news);
    // The host's game must be the one autosaved (--resume brings it back): not while another fetaix
    // holds the autosave, whose saved game would otherwise be offered read-only in its place.
    if (options.net.mode == NetOptions::Mode::Host && !autosave)
        throw std::runtime_error(concat("cannot host: another fetaix is running with the autosave in ",
                                        options.state_folder, " (end it first)"));
    controller.set_auto_flip(options.auto_flip);
    controller.set_bell(options.bell);
    // What the settings file had wrong stands for the whole game, first; ? shows the whole text.
    std::string settings_news;
    if (!options.settings_problems.empty()) {
        settings_news = "settings:";
        for (const std::string& problem : options.settings_problems) settings_news += concat(" ", problem, ";");
        settings_news.pop_back();
        const std::string before = controller.ui().notice;
        controller.set_notice(before.empty() ? settings_news : concat(settings_news, "; ", before));
    }
    controller.set_autosaved(autosave && autosave->ownership() == store::Autosave::Ownership::Owned);
    std::uint64_t saved_revision = controller.revision();

    // The engine thinks on its own thread, for the computer's moves and for hints.
    Thinker thinker;
    ComputerPlayer computer(thinker, controller.players());
    // The Player delivering the side to move's move, while it works on the position of `working_revision`.
    Player* working = nullptr;
    std::uint64_t working_revision = 0;
    bool hinting = false;
    std::uint64_t hint_revision = 0;
    // A file opened with o is read on its own thread too: checking a long record takes a while.
    FileReader reader;
    auto last_move_time = std::chrono::steady_clock::now();
    // Over the network: the session (hosting, or joined) and the player at the other terminal.
    RemotePlayer remote;
    std::unique_ptr<Network> network;
    if (options.net.mode != NetOptions::Mode::Local) {
        // Before the terminal starts: a game that cannot be hosted or reached is one line on stderr.
        auto started = Network::start(options.net, controller.game(), controller.players(), options.state_folder);
        if (!started) throw std::runtime_error(started.error().message);
        network = std::move(*started);
        network->prepare(controller);
    }
    const auto player_of = [&](Color side) -> Player* {
        switch (controller.seat(side)) {
            case Seat::Computer: return &computer;
            case Seat::Remote: return &remote;
            case Seat::Keyboard: break;
        }
        return nullptr;
    };

    Terminal terminal(options.terminal);
    terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()));
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
        const bool demonstration = controller.players().white_level > 0 && controller.players().black_level > 0;
        const auto since_move = std::chrono::steady_clock::now() - last_move_time;
        const auto pause_left = std::chrono::milliseconds(400) - since_move;
        const bool pause = demonstration && pause_left.count() > 0;
        const auto start_working = [&] {
            if (working || hinting || !controller.player_to_move() || pause) return;
            working = player_of(controller.game().position().side_to_move);
            if (working) {
                working->start(controller.game());
                working_revision = controller.revision();
            }
        };
        start_working();
        if (controller.take_hint_request()) {
            // Within a second, at full strength.
            thinker.start(controller.game(), engine::kMaxLevel, controller.players().seed, 900);
            hinting = true;
            hint_revision = controller.revision();
        }
        if (auto path = controller.take_read_request()) reader.start(controller.files().read, *path);
        // Waits for whichever comes first: a key, the move, the hint, the file read, a signal; a timeout
        // only for what needs one (the computer's progress on screen, the pause between its moves).
        std::vector<pollfd> sources;
        int wait_ms = -1;
        if (working) {
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
        // A remote move that came while a question was open is played as soon as it is answered.
        if (working == &remote && remote.has_moves()) wait_ms = 0;
        const Key key = terminal.read_key(wait_ms, controller.ui().flipped, sources);
        bool redraw = key.name != Key::Name::None;
        if (network && network->handle(sources, controller, remote)) {
            // Never let in: nothing to show but why, on the command line (the terminal restored first).
            if (network->refusal()) throw std::runtime_error(*network->refusal());
            redraw = true;
            start_working();
        }
        if (reader.busy()) {
            if (auto record = reader.take_result()) {
                controller.finish_read(std::move(*record));
                redraw = true;
            }
        }
        if (working) {
            if (working == &computer) controller.set_thinking(working->doing());
            if (auto move = working->take_move()) {
                // Only the computer needs the pause between moves: a remote player's come as they come.
                const bool computer_moved = working == &computer;
                controller.play_delivered(*move);
                if (controller.take_bell()) terminal.bell();
                working = nullptr;
                controller.set_thinking("");
                if (computer_moved) last_move_time = std::chrono::steady_clock::now();
            }
            redraw = true;
        }
        if (hinting) {
            if (auto result = thinker.take_result()) {
                if (result->has_move) controller.show_hint(result->best, result->score);
                hinting = false;
            }
            redraw = true;
        }
        controller.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        const Action action = map_key(key, controller.mode());
        const bool go_on = key.name == Key::Name::None || controller.handle(action);
        if (network && network->take_events(controller, remote)) start_working();
        // Esc stopped the reading: the worker stops within one move's check.
        if (reader.busy() && controller.ui().reading.empty()) reader.cancel();
        // Every change reaches the disk before the next key is read.
        // A read-only view changes nothing and is not saved.
        if (autosave && controller.revision() != saved_revision && !controller.ui().replay) {
            const auto problem = autosave->save(controller.game(), controller.tags());
            if (std::string news = autosave->take_news(); !news.empty()) autosave_news = std::move(news);
            // While moves are not saved, that stands first; then the settings file's problems; news of a
            // saved game moved aside stays until replaced; anything else (a failure that has passed, a
            // note on the file opened) goes.
            std::string notice;
            for (const std::string& part : {problem.value_or(""), settings_news, autosave_news})
                if (!part.empty()) notice += concat(notice.empty() ? "" : "; ", part);
            controller.set_notice(notice);
            controller.set_autosaved(!problem);
            saved_revision = controller.revision();
        }
        if (!go_on) break;
        if (redraw || pause)
            terminal.draw(compose(controller, terminal.rows(), terminal.columns(), terminal.glyphs()),
                          action.kind == Action::Kind::Redraw);
    }
    if (working) working->cancel();
    thinker.cancel();
    reader.cancel();
    // Ctrl-C, a signal or a closed terminal: a game the autosave does not hold goes to the history.
    controller.keep_unsaved_game();
    return 0;
}

}  // namespace fetaix::tui
