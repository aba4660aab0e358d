#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <poll.h>
#include <stdexcept>
#include <unistd.h>
#include <vector>

#include "engine/sources.hpp"
#include "front/network.hpp"
#include "front/session.hpp"
#include "front/work.hpp"
#include "play/player.hpp"
#include "play/thinker.hpp"
#include "store/autosave.hpp"
#include "store/files.hpp"
#include "tui/puzzle.hpp"

namespace fetaix::tui {

using play::ComputerPlayer;
using play::Thinker;

namespace {

// One game in the terminal: the controller and what serves it (the autosave's session, the engine's
// thread, the file reader, the network), and the loop that waits for whichever speaks first — a key,
// the computer's move, a hint, a file read, the other terminal, a clock — and draws what changed.
class GameLoop {
public:
    // Everything but the terminal: a game that cannot be hosted or reached throws here, before the
    // terminal starts, and is one line on stderr.
    explicit GameLoop(AppOptions options);
    int play(Terminal& terminal);
    const AppOptions& options() const { return options_; }

private:
    void start_network();
    // The computer on both sides: a pause between its moves (pause_, pause_left_).
    void time_the_pause();
    // The computer's move or the hint held back: the pause between moves, or a game that cannot be seen.
    bool move_held() const { return pause_ || controller_.waits_for_screen(); }
    // What to wait on and for how long (-1: no limit).
    int wait_sources(std::vector<pollfd>& sources);
    // The results of the computer, the hint and the file reader: true when the screen changed.
    bool take_results();
    // Another terminal takes the game: everything saved, the lock freed, this screen watches.
    void hand_over(int pid);
    // The game shown here, held by another fetaix of this state folder now or soon (it took the game
    // over, or resumed it after its host went): this screen attaches to it there as another view, once
    // the lock file names it. True when the screen changed.
    bool attach_to_holder();
    bool after_key();
    void stop_work();
    // The puzzles' key: the puzzles on this screen until q, the game waiting as it is.
    void show_puzzles(Terminal& terminal);

    AppOptions options_;
    // The game in progress, which every screen here shows and every player plays.
    play::Table table_;
    Controller controller_;
    Session session_;
    // The engine thinks on its own thread, for the computer's moves and for hints.
    engine::Sources engine_sources_;
    Thinker thinker_;
    ComputerPlayer computer_;
    // The review of the game (the review key), on a thread of its own.
    play::Reviewer reviewer_;
    // The side to move's Player (the computer) and the hint, at work away from the keyboard.
    Work work_;
    // A file opened with o is read on its own thread too: checking a long record takes a while.
    FileReader reader_;
    Terminal* terminal_ = nullptr;
    bool pause_ = false;  // the computer on both sides: the pause between its moves is on
    std::chrono::steady_clock::duration pause_left_{};
    std::chrono::steady_clock::time_point last_move_time_ = std::chrono::steady_clock::now();
    // Over the network: the session (hosting, or joined), which works on the controller's game. The
    // other terminal's moves come as its events, played on that game already: no Player delivers them.
    std::unique_ptr<Network> network_;
    // A game shown here that another fetaix holds or will hold (attach_to_holder): how this screen
    // attaches (watching, or in its seat), which holder it waits for, and for how long.
    struct Awaited {
        NetOptions how;    // its mode and seat; the name is the holder's
        pid_t taker = 0;   // taken over: this process only, for a few seconds; 0: whichever resumes it
        std::string gone;  // the name of the host that went, which is not the holder
        pid_t passed = 0;  // a holder of another game (or that did not let this one in): not asked again
        std::optional<std::chrono::steady_clock::time_point> until;
    };
    std::optional<Awaited> awaited_;
    // The puzzles, once opened: the rating, progress and tables solved are kept for the next time.
    std::unique_ptr<front::PuzzleRun> puzzles_;
};

GameLoop::GameLoop(AppOptions options)
    : options_(std::move(options)),
      // The clocks set before the session reads the game (a resumed game's clocks replace them there).
      table_(options_.rules, options_.start, options_.white_clock, options_.black_clock),
      controller_(table_, options_.players), session_(controller_, options_), engine_sources_(engine::from_files()),
      thinker_(engine_sources_.make_tables, engine_sources_.book),
      computer_(thinker_, controller_.players(), [this] { return controller_.think_ms(); }),
      reviewer_(engine_sources_.make_tables, engine_sources_.book), work_(controller_, thinker_, computer_, reviewer_) {
    // The host's game must be the one autosaved (--resume brings it back): not while another fetaix
    // holds the autosave, whose saved game would otherwise be offered read-only in its place.
    if (options_.net.mode == NetOptions::Mode::Host && !session_.autosaving())
        throw std::runtime_error(concat("cannot host: another fetaix is running with the autosave in ",
                                        options_.state_folder, " (end it first)"));
    start_network();
}

void GameLoop::start_network() {
    if (options_.net.mode != NetOptions::Mode::Local) {
        auto started = Network::start(options_.net, table_, controller_.players(), options_.state_folder);
        if (!started) throw std::runtime_error(started.error().message);
        network_ = std::move(*started);
        network_->prepare(controller_);
    } else if (!options_.replay && session_.owns_autosave()) {
        // A plain fetaix's game is reachable by a second fetaix of this user; without a
        // usable private folder it is not, and the game goes on as before.
        const bool white = controller_.seat(Color::White) == Seat::Computer;
        const bool black = controller_.seat(Color::Black) == Seat::Computer;
        const std::optional<Color> computer = white   ? std::optional(Color::White)
                                              : black ? std::optional(Color::Black)
                                                      : std::nullopt;
        const Color keep = white && !black ? Color::Black : Color::White;
        if (auto door = Network::open_door(controller_, keep, computer, options_.state_folder)) {
            network_ = std::move(*door);
            // The autosave holds this game before its name is found: a screen that follows the game
            // there checks that it is the one it showed (GameLoop::attach_to_holder).
            session_.save_if_changed();
            session_.reachable_as(network_->name());
        }
    }
}

void GameLoop::time_the_pause() {
    // The computer on both sides (named on the command line or by the record): a pause between moves.
    const bool demonstration = controller_.seat(Color::White) == Seat::Computer &&
                               controller_.seat(Color::Black) == Seat::Computer;
    pause_left_ = std::chrono::milliseconds(400) - (std::chrono::steady_clock::now() - last_move_time_);
    pause_ = demonstration && pause_left_.count() > 0;
}

int GameLoop::wait_sources(std::vector<pollfd>& sources) {
    // A timeout only for what needs one (the computer's progress on screen, the pause between its moves).
    // A game hidden by a small terminal waits for the key that says it grew, not for the computer.
    int wait_ms = work_.wait_on(sources, controller_.waits_for_screen());
    if (reader_.busy()) sources.push_back({reader_.fd(), POLLIN, 0});
    if (pause_) wait_ms = static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(pause_left_).count());
    if (network_) {
        network_->poll_fds(sources);
        const int limit = network_->timeout_ms();
        if (limit >= 0 && (wait_ms < 0 || limit < wait_ms)) wait_ms = limit;
    }
    // A running clock wakes the loop when its shown time next changes, and only then.
    if (const auto clock = controller_.clock_wait()) {
        const int ms = static_cast<int>(std::clamp<Millis>(*clock, 1, 60'000));
        if (wait_ms < 0 || ms < wait_ms) wait_ms = ms;
    }
    // Taken over: the other terminal's game is looked for a few times a second until it is there.
    if (awaited_) wait_ms = wait_ms < 0 ? 100 : std::min(wait_ms, 100);
    return wait_ms;
}

bool GameLoop::take_results() {
    bool redraw = false;
    if (reader_.busy()) {
        if (auto record = reader_.take_result()) {
            controller_.finish_read(std::move(*record));
            redraw = true;
        }
    }
    // Either at work shows its progress.
    if (work_.moving() || work_.hinting() || work_.reviewing()) redraw = true;
    // A computer's move found while the game cannot be seen waits until it can be.
    const Work::Done done = work_.take([this](const Move& m) { controller_.play_delivered(m); },
                                       controller_.waits_for_screen());
    if (done.mover == &computer_) {
        controller_.tell_tables_problem(computer_.take_tables_problem());
        last_move_time_ = std::chrono::steady_clock::now();
    }
    if (done.mover && controller_.take_bell()) terminal_->bell();
    return redraw;
}

void GameLoop::hand_over(int pid) {
    work_.cancel();
    network_->hand_over();
    network_.reset();
    session_.give_up_autosave();
    NetOptions watch;
    watch.mode = NetOptions::Mode::Watch;
    awaited_ = Awaited{watch, pid, "", 0, std::chrono::steady_clock::now() + std::chrono::seconds(5)};
    for (Color c : {Color::White, Color::Black}) controller_.set_remote(c, true);
    controller_.set_taken_over(concat("The game is played at the other terminal (pid ", pid, ") now."));
    controller_.set_network_line(concat("This game was taken over by another terminal (pid ", pid, ")."));
}

bool GameLoop::attach_to_holder() {
    Awaited& a = *awaited_;
    // Its holder has it once it holds the autosave under a name: the fetaix that took it over, or one that
    // resumed it, as long as this screen stays; not one that started another game.
    const auto holder = store::lock_holder(options_.state_folder);
    const bool candidate = holder && holder->pid != ::getpid() && holder->pid != a.passed && !holder->game.empty() &&
                           holder->game != a.gone && (a.taker == 0 || holder->pid == a.taker);
    if (candidate && store::autosave_continues(options_.state_folder, controller_.game())) {
        NetOptions how = a.how;
        how.name = holder->game;
        how.note = a.taker ? concat("This game was taken over by another terminal (pid ", a.taker, "): watching it.")
                           : concat("The game moved to another terminal (pid ", holder->pid, "): watching it there.");
        if (auto started = Network::start(how, table_, controller_.players(), options_.state_folder)) {
            work_.cancel();
            network_ = std::move(*started);
            controller_.set_taken_over("");
            controller_.set_link_lost("");
            network_->prepare(controller_);
            if (!a.taker)
                controller_.tell(concat("The game moved to another terminal (pid ", holder->pid, "): followed there."));
            awaited_.reset();
            return true;
        }
    }
    // Another game there, or no way in: that holder is not asked again (a taker is, until its time is up).
    if (candidate && !a.taker) a.passed = holder->pid;
    // Not there in time (a screen-reader fetaix has no game to watch): said so.
    if (a.until && std::chrono::steady_clock::now() >= *a.until) {
        const std::string quits = concat(controller_.keys().first("quit"), " quits.");
        controller_.set_network_line(concat("This game was taken over by another terminal (pid ", a.taker,
                                            "): ", quits));
        controller_.set_taken_over(concat("The game is played at the other terminal (pid ", a.taker, ") now: ", quits));
        awaited_.reset();
        return true;
    }
    return false;
}

// After the key: the events this terminal's action caused, the door's watchers, a takeover, a game
// followed elsewhere. True when the screen changed.
bool GameLoop::after_key() {
    bool redraw = false;
    if (network_ && network_->take_events(controller_)) work_.start(move_held());
    if (network_) network_->follow();
    if (auto pid = network_ ? network_->take_takeover() : std::nullopt) {
        hand_over(*pid);
        redraw = true;
    }
    if (auto lost = network_ ? network_->take_lost_door() : std::nullopt)
        awaited_ = Awaited{*lost, 0, lost->name, 0, std::nullopt};
    if (awaited_) redraw = attach_to_holder() || redraw;
    // Esc stopped the reading: the worker stops within one move's check.
    if (reader_.busy() && controller_.ui().reading.empty()) reader_.cancel();
    return redraw;
}

int GameLoop::play(Terminal& terminal) {
    terminal_ = &terminal;
    terminal.draw(compose(controller_, terminal.rows(), terminal.columns(), terminal.glyphs()));
    // A drawing put off while keys were still coming (a paste: one drawing for all of it, not one a key).
    bool draw_owed = false;
    bool repaint_owed = false;
    // A terminal gone without a signal (the pty closed) ends the game as SIGHUP does, everything saved.
    while (Terminal::stop_signal == 0 && !terminal.lost()) {
        work_.drop_stale();
        time_the_pause();
        work_.start(move_held());
        if (auto path = controller_.take_read_request()) reader_.start(controller_.files().read, *path);
        // Waits for whichever comes first: a key, the move, the hint, the file read, a signal.
        std::vector<pollfd> sources;
        const int wait_ms = wait_sources(sources);
        const Key key = terminal.read_key(wait_ms, controller_.ui().flipped, sources);
        bool redraw = key.name != Key::Name::None;
        controller_.set_too_small(!screen_fits(terminal.rows(), terminal.columns()));
        // A clock that has run out ends the game now, key or none.
        if (controller_.tick()) redraw = true;
        if (network_ && network_->handle(sources, controller_)) {
            // Never let in: nothing to show but why, on the command line (the terminal restored first).
            if (network_->refusal()) throw std::runtime_error(*network_->refusal());
            redraw = true;
            work_.start(move_held());
        }
        // A clock's warning, or the other terminal's move (played on the game by the session).
        if (controller_.take_bell()) terminal.bell();
        if (take_results()) redraw = true;
        // Only a key read while the help is open turns its pages: laid out then, not for every key of a paste.
        if (controller_.ui().help_open)
            controller_.set_help_pages(help_page_count(controller_, terminal.rows(), terminal.columns()));
        const Action action = map_key(key, controller_.mode(), controller_.keys());
        const bool go_on = key.name == Key::Name::None || controller_.handle(action);
        if (controller_.take_puzzles_request()) {
            show_puzzles(terminal);
            redraw = repaint_owed = true;
        }
        if (after_key()) redraw = true;
        // Every change reaches the disk before the next key is read; the clocks' time too (session.cpp).
        session_.save_if_changed(!go_on);
        if (!go_on) break;
        draw_owed = draw_owed || redraw || pause_;
        repaint_owed = repaint_owed || action.kind == Action::Kind::Redraw;
        if (draw_owed && !terminal.input_waiting()) {
            terminal.draw(compose(controller_, terminal.rows(), terminal.columns(), terminal.glyphs()), repaint_owed);
            draw_owed = repaint_owed = false;
        }
    }
    stop_work();
    return 0;
}

void GameLoop::show_puzzles(Terminal& terminal) {
    // Everything saved first: the game waits in its autosave as it is.
    session_.save_if_changed();
    if (!puzzles_)
        puzzles_ = std::make_unique<front::PuzzleRun>(puzzle::parse_file(puzzle::shipped_text()).puzzles,
                                                      store::data_directory(), engine_sources_.make_tables);
    play_puzzles(terminal, *puzzles_, controller_.keys());
    controller_.tell("Back from the puzzles: the game is as you left it.");
}

void GameLoop::stop_work() {
    work_.cancel();
    reader_.cancel();
    // However the game ends (q, a signal, a lost terminal): the clocks as they stand now.
    session_.save_if_changed(true);
    // Saved: a host tells the others that it ended the game, and where it is kept.
    if (network_) network_->end(options_.state_folder);
    // Ctrl-C, a signal or a closed terminal: a game the autosave does not hold goes to the history.
    controller_.keep_unsaved_game();
}

}  // namespace

int run(AppOptions options) {
    GameLoop loop(std::move(options));
    Terminal terminal(loop.options().terminal);
    return loop.play(terminal);
}

}  // namespace fetaix::tui
