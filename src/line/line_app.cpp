#include "line/line_app.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <deque>
#include <poll.h>
#include <unistd.h>
#include <utility>

#include "engine/sources.hpp"
#include "front/session.hpp"
#include "front/work.hpp"
#include "line/line_game.hpp"
#include "play/player.hpp"
#include "play/thinker.hpp"
#include "text/display.hpp"

namespace fetaix::line {

namespace {

// A line longer than this is not a command: it is refused whole, not cut.
constexpr std::size_t kMaxLine = 4096;

volatile std::sig_atomic_t stop_signal = 0;

void on_stop(int) { stop_signal = 1; }

// SIGINT, SIGTERM and SIGHUP end the game as quitting does, the game saved; without SA_RESTART, so
// that the wait for input returns at once. A closed output is an error to write, not a signal.
void catch_signals() {
    struct sigaction action {};
    action.sa_handler = on_stop;
    sigemptyset(&action.sa_mask);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
}

// Writes lines, each made printable (no byte of a name or path reaches the terminal raw); false
// once standard output is gone.
bool say(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) std::fprintf(stdout, "%s\n", text::printable(line).c_str());
    return std::fflush(stdout) == 0 && !std::ferror(stdout);
}

// A line as read: its text, or too long to be a command.
struct Typed {
    std::string text;
    bool too_long = false;
};

// Standard input, split into lines.
class Input {
public:
    // Waits up to `timeout_ms` and reads what is there.
    void wait(int timeout_ms) {
        if (ended_) {
            // Nothing more to read: only the wait (for the computer's move).
            ::poll(nullptr, 0, timeout_ms);
            return;
        }
        pollfd fd{STDIN_FILENO, POLLIN, 0};
        const int ready = ::poll(&fd, 1, timeout_ms);
        if (ready <= 0) {
            if (ready < 0 && errno != EINTR) ended_ = true;
            return;
        }
        char buffer[4096];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
        if (n <= 0) {
            // The end of input: a last line without its newline counts.
            if (!partial_.empty() || too_long_) finish_line();
            ended_ = true;
            return;
        }
        for (ssize_t i = 0; i < n; ++i) {
            if (buffer[i] == '\n') finish_line();
            else if (partial_.size() < kMaxLine) partial_ += buffer[i];
            else too_long_ = true;
        }
    }
    bool ended() const { return ended_; }
    std::deque<Typed>& lines() { return lines_; }

private:
    void finish_line() {
        lines_.push_back(Typed{too_long_ ? std::string() : partial_, too_long_});
        partial_.clear();
        too_long_ = false;
    }
    std::string partial_;
    std::deque<Typed> lines_;
    bool too_long_ = false;
    bool ended_ = false;
};

// Where the game is, said on leaving by quit or the end of input: its file named.
std::string kept_said(const front::Controller& c, const front::Session& session, const std::string& leaving) {
    if (c.autosaved() && !session.autosave_path().empty())
        return concat("The game is saved in ", session.autosave_path(), ": run fetaix to resume it.");
    if (const std::string& kept = c.table().history().path; !kept.empty())
        return concat("Not autosaved: the game is kept in the game history, in ", kept);
    return question_said(leaving);
}

// The line mode's loop: the person's lines, the computer's moves and hints, the clocks, in turn.
class LineLoop {
public:
    LineLoop(front::Controller& controller, front::Session& session, LineGame& game, front::Work& work,
             play::ComputerPlayer& computer)
        : controller_(controller), session_(session), game_(game), work_(work), computer_(computer) {}

    // Plays until the game is left; whether standard output is still there.
    bool play() {
        out_ = say(game_.opening());
        while (out_ && stop_signal == 0 && !game_.ended()) {
            work_.drop_stale();
            work_.start();
            if (answer_a_line()) continue;
            // The end of input quits once every line before it has been answered: a hint asked, and the
            // computer's reply to a move typed (not its moves in a game nobody typed into).
            const bool answering = work_.hinting() || work_.reviewing() ||
                                   (reply_due_ && controller_.computer_to_move() && !controller_.clock_paused());
            if (input_.ended() && input_.lines().empty() && !answering) break;
            wait_and_tick();
            take_thought();
        }
        work_.cancel();
        return out_;
    }

    bool input_ended() const { return input_.ended(); }

private:
    // Answers the next line typed, if it may be answered now; whether one was.
    bool answer_a_line() {
        // Against the computer, what the person types while it thinks is read once it has moved, so
        // that the lines keep the order of the game; quit and the answer to a question are not kept waiting.
        const bool waiting = (work_.moving() || work_.hinting()) && controller_.keyboard_side().has_value() &&
                             controller_.ui().question == front::Question::None;
        if (input_.lines().empty() || (waiting && (input_.lines().front().too_long ||
                                                   read_command(input_.lines().front().text).name() != "quit")))
            return false;
        const Typed typed = std::move(input_.lines().front());
        input_.lines().pop_front();
        if (typed.too_long) {
            out_ = say({concat("That line is too long (over ", kMaxLine, " characters): type ", front::word_of("help"),
                               " for the commands.")});
            return true;
        }
        out_ = say(game_.enter(typed.text));
        // Every change reaches the disk before the next line is read.
        session_.save_if_changed();
        out_ = out_ && say(game_.news());
        reply_due_ = controller_.computer_to_move();
        return true;
    }

    // Waits for input, the thinker or the clock, then lets the clocks run.
    void wait_and_tick() {
        // A signal that comes just before the wait is noticed within a quarter of a second.
        // A running clock wakes the loop when its time next changes, to end the game the moment it falls.
        int wait = work_.moving() || work_.hinting() ? 20 : work_.reviewing() ? 100 : 250;
        if (const auto clock = controller_.clock_wait()) wait = static_cast<int>(std::clamp<Millis>(*clock, 1, wait));
        input_.wait(wait);
        if (controller_.tick()) {
            session_.save_if_changed();
            out_ = out_ && say(game_.news());
        }
    }

    // The hint or the computer's move, once the engine has it.
    void take_thought() {
        const front::Work::Done done = work_.take([this](const Move& m) { out_ = say(game_.computer_moves(m)); });
        if (done.mover) {
            reply_due_ = false;
            controller_.tell_tables_problem(computer_.take_tables_problem());
            session_.save_if_changed();
        }
        if (done.mover || done.hinted || done.reviewed) out_ = out_ && say(game_.news());
        if (done.reviewed) out_ = out_ && say(game_.review_said());
        else if (done.review_news) out_ = out_ && say(game_.review_progress_said());
    }

    front::Controller& controller_;
    front::Session& session_;
    LineGame& game_;
    front::Work& work_;
    play::ComputerPlayer& computer_;
    Input input_;
    // A line typed has left the computer to move: its reply belongs to the answer to that line, so the
    // end of input waits for it.
    bool reply_due_ = false;
    bool out_ = true;
};

}  // namespace

int run(front::AppOptions options) {
    catch_signals();
    // The game in progress, and its view as lines: the screen's game loop holds the same two.
    play::Table table(options.rules, options.start, options.white_clock, options.black_clock);
    front::Controller controller(table, options.players);
    front::Session session(controller, options);
    LineGame game(controller);
    const engine::Sources engine_sources = engine::from_files();
    play::Thinker thinker(engine_sources.make_tables, engine_sources.book);
    // The same player the screen's loop uses: the level, the seed and the clock's budget in one place.
    play::ComputerPlayer computer(thinker, controller.players(), [&controller] { return controller.think_ms(); });
    // The same work as the screen's: the side to move's Player, the hint.
    play::Reviewer reviewer(engine_sources.make_tables, engine_sources.book);
    front::Work work(controller, thinker, computer, reviewer);
    LineLoop loop(controller, session, game, work, computer);
    const bool out = loop.play();
    // However it ends: what is in play reaches the autosave (a file given, its clocks) before it is said to be there.
    session.save_if_changed(true);
    // Left by quit or by the end of input (Ctrl-D): the last line says where the game is, its file named,
    // so that a listener knows the program is over and nothing was lost.
    const bool left = out && stop_signal == 0 && (game.ended() || loop.input_ended());
    const std::optional<std::string> leaving = controller.leaving_text();
    // A signal or the end of input: a game the autosave does not hold goes to the history.
    const std::optional<std::string> problem = controller.keep_unsaved_game();
    if (left && leaving) say({problem ? *problem : kept_said(controller, session, *leaving)});
    return 0;
}

}  // namespace fetaix::line
