#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>

#include "store/autosave.hpp"
#include "store/files.hpp"
#include "store/history.hpp"
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
    controller.set_clocks(options.white_clock, options.black_clock);
    controller.set_files(real_files(options.state_folder));
    controller.set_command_line(options.players, options.given);
    std::string autosave_news;  // a saved game moved aside: stays on screen until other news
    std::unique_ptr<store::Autosave> autosave = prepare(controller, options, autosave_news);
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
    const auto now_ms = [] {
        return static_cast<Millis>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::steady_clock::now().time_since_epoch())
                                       .count());
    };
    bool saved_paused = controller.clock_paused();
    Millis saved_at = now_ms();

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
            thinker.start(game, level, controller.players().seed + game.ply(), controller.think_ms());
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
        // A running clock wakes the loop when its shown time next changes, and only then.
        int wait = thinker.busy() || reader.busy() || pause ? 50 : 250;
        if (const auto clock = controller.clock_wait()) wait = static_cast<int>(std::clamp<Millis>(*clock, 1, wait));
        const Key key = terminal.read_key(wait, controller.ui().flipped);
        bool redraw = key.name != Key::Name::None;
        // A clock that has run out ends the game now, key or none.
        if (controller.tick()) redraw = true;
        if (controller.take_bell()) terminal.bell();
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
        const Action action = map_key(key, controller.mode());
        const bool go_on = key.name == Key::Name::None || controller.handle(action);
        // Esc stopped the reading: the worker stops within one move's check.
        if (reader.busy() && controller.ui().reading.empty()) reader.cancel();
        // Every change reaches the disk before the next key is read; the clocks' time too, each second
        // while one runs, when they are paused or started, and at the end (a crash loses a second at most).
        // A read-only view changes nothing and is not saved.
        const bool clock_due = controller.clock() && (controller.clock_paused() != saved_paused || !go_on ||
                                                      (controller.clock_wait() && now_ms() - saved_at >= 1000));
        if (autosave && (controller.revision() != saved_revision || clock_due) && !controller.ui().replay) {
            saved_paused = controller.clock_paused();
            saved_at = now_ms();
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
    thinker.cancel();
    reader.cancel();
    // However the game ends (q, a signal, a lost terminal): the clocks as they stand now.
    if (autosave && controller.clock() && !controller.ui().replay)
        (void)autosave->save(controller.game(), controller.tags());
    // Ctrl-C, a signal or a closed terminal: a game the autosave does not hold goes to the history.
    controller.keep_unsaved_game();
    return 0;
}

}  // namespace fetaix::tui
