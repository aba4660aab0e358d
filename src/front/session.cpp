#include "session.hpp"

#include <ctime>
#include <stdexcept>

#include "store/files.hpp"
#include "store/history.hpp"

namespace fetaix::front {

namespace {

// Why a host does not start while an unfinished game is saved and neither --resume nor --new was given.
std::string choose_text(const GameRecord& saved, const store::Autosave& autosave, const AppOptions& options) {
    const std::size_t moves = full_moves(saved.start.side_to_move, saved.moves.size());
    const std::string name = options.net.name == "fetaix" ? "" : concat(" ", options.net.name);
    // A game whose every move was taken back is still one: its moves are there to redo.
    const std::size_t undone = full_moves(saved.start.side_to_move, saved.redo.size());
    const std::string count = moves > 0 ? concat(moves, moves == 1 ? " move" : " moves")
                                        : concat("every move taken back, ", undone, undone == 1 ? " move" : " moves",
                                                 " to redo");
    return concat("an unfinished game is saved in ", autosave.path(), " (", count, "): fetaix host", name,
                  " --resume hosts it, fetaix host", name, " --new keeps it in the game history and hosts a new game");
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
            // A separate game (--new, or the second fetaix's choice) is not asked whether to view the saved one.
            if (offer && options.resume != ResumeChoice::New) controller.offer_read_only(std::move(*saved.record));
            else controller.set_notice("autosave off: another fetaix is running");
            return nullptr;
        case store::Autosave::Ownership::Unknown: {
            // The saved game is still offered; the autosave never writes over it unless this game continues it.
            const std::string failing = concat("autosave failing: ", autosave->problem());
            controller.set_notice(saved.news.empty() ? failing : concat(failing, "; ", saved.news));
            if (offer && options.resume == ResumeChoice::Resume) controller.load(*saved.record);
            else if (offer && options.resume == ResumeChoice::Ask)
                controller.offer_resume_unsaved(std::move(*saved.record));
            return autosave;
        }
        case store::Autosave::Ownership::Owned: break;
    }
    if (!saved.news.empty()) controller.set_notice(saved.news);
    if (options.resume == ResumeChoice::Choose && offer)
        throw std::runtime_error(choose_text(*saved.record, *autosave, options));
    if (options.record) {
        // The file's game would overwrite the unfinished saved one: asked first, as o asks.
        if (unfinished_saved)
            controller.offer_open_instead(std::move(*saved.record), *options.record, options.record_path);
        return autosave;
    }
    if (options.resume == ResumeChoice::New || options.resume == ResumeChoice::Choose) {
        // Not resumed, the saved game would be overwritten by the first move: the history keeps it.
        if (unfinished_saved) controller.set_aside_saved(*saved.record);
        return autosave;
    }
    if (offer) {
        if (options.resume == ResumeChoice::Resume) controller.load(*saved.record);
        else controller.offer_resume(std::move(*saved.record));
    } else if (options.resume == ResumeChoice::Resume && saved.record && !to_game(*saved.record).over()) {
        // A game of no moves yet (as a takeover hands one over): resumed with its players, rules and clocks.
        controller.load(*saved.record);
    } else if (options.resume == ResumeChoice::Resume && saved.news.empty()) {
        controller.set_notice("no unfinished game was saved: a new game");
    }
    return autosave;
}

}  // namespace

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
    files.read = [](const std::string& path, const std::atomic<bool>* stop) {
        return store::load_game_file(path, stop);
    };
    files.default_save_name = [] { return store::unused_save_name(std::time(nullptr)); };
    const std::string history = store::history_directory(state_folder);
    files.archive = [history](const std::string& record, const std::string& replacing) {
        return store::archive_record(history, record, std::time(nullptr), replacing);
    };
    files.history = [history] { return store::history_files(history); };
    files.describe_past = [](const std::string& path) {
        const store::PastGame g = store::read_past_game(path);
        if (!g.problem.empty()) return concat("unreadable (", g.problem, ")");
        return concat(g.date, " ", g.players, ", ", g.result, ", ", store::past_moves_text(g),
                      g.rules.empty() ? std::string() : concat(", rules: ", g.rules));
    };
    return files;
}

Session::Session(Controller& controller, AppOptions& options) : controller_(controller) {
    controller.set_files(real_files(options.state_folder));
    controller.set_keys(options.keys);
    controller.set_command_line(options.players, options.given,
                                options.rules_given ? std::optional<Rules>(options.rules) : std::nullopt);
    // A joiner's or watcher's game is the host's copy: the host autosaves it, not this terminal.
    const bool copy = options.net.mode == NetOptions::Mode::Join || options.net.mode == NetOptions::Mode::Watch;
    const std::uint64_t before = controller.revision();
    std::unique_ptr<store::Autosave> autosave;
    if (!copy) autosave = prepare(controller, options, autosave_news_);
    controller.set_auto_flip(options.auto_flip);
    controller.set_bell(options.bell);
    // What the settings file had wrong comes first on the notice line until the first key; ? shows it.
    if (!options.settings_problems.empty()) {
        std::string news = "settings:";
        for (const std::string& problem : options.settings_problems) news += concat(" ", problem, ";");
        news.pop_back();
        controller.set_settings_notice(std::move(news));
    }
    controller.set_autosaved(autosave && autosave->ownership() == store::Autosave::Ownership::Owned);
    // The game put in play here (a file given, the saved game set aside for a new one) is not in the
    // autosave yet; not while the saved game is asked about: the answer decides which game it holds.
    const bool unsaved = controller.revision() != before && controller.ui().question == Question::None;
    if (autosave) keeper_ = std::make_unique<play::Keeper>(controller.table(), std::move(autosave), unsaved);
}

void Session::save_if_changed(bool ending, bool always) {
    // A read-only view changes nothing and is not saved.
    if (!keeper_ || controller_.ui().replay) return;
    const auto written = keeper_->save_if_changed(ending, always);
    if (!written) return;
    if (!written->news.empty()) autosave_news_ = written->news;
    // While moves are not saved, that stands first; news of a saved game moved aside stays until
    // replaced; anything else (a failure that has passed, a note on the file opened) goes. The
    // settings file's problems are the controller's own (shown until the first key).
    std::string notice;
    for (const std::string& part : {written->problem.value_or(""), autosave_news_})
        if (!part.empty()) notice += concat(notice.empty() ? "" : "; ", part);
    controller_.set_notice(notice);
    controller_.set_autosaved(!written->problem);
}

}  // namespace fetaix::front
