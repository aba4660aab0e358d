#pragma once
// The game as the terminal plays it: Actions change the Game (through the core) and the UI state
// (cursor, selection, prompt, questions, messages). No curses and no files here: saving and opening
// go through functions the program hands in, so all of it is unit-tested.

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fetaix/engine/engine.hpp>
#include <fetaix/engine/review.hpp>
#include <fetaix/fetaix.hpp>

#include "archive.hpp"
#include "input.hpp"
#include "keymap.hpp"
#include "play/table.hpp"
#include "players.hpp"
#include "prompt.hpp"
#include "questions.hpp"
#include "reader.hpp"
#include "selection.hpp"

namespace fetaix::front {

// Where a side's moves come from (the table's seats). Only the keyboard's moves go through the board and
// the prompt; the computer's are delivered (play_delivered) by a Player the program polls (player.hpp),
// the other terminal's are played on the game by the network session, which then tells the table (moved).
using play::Seat;

// A game over the network (host, join, watch): what the controller asks of the session, handed in by
// the program (or by tests). Each returns why it could not be done, or nothing.
struct Link {
    // A host's link: why this keyboard's move may not be played now (the session's word); once the
    // program has played it on the table, `played` sends it (a test's link may leave it out).
    std::function<std::optional<std::string>(const Move& m)> play;
    std::function<void()> played;
    // A joiner's link: the move goes to the host, the one judge, which plays it and sends it back as it
    // sends every move; nothing is played here before. Why it was not sent, or nothing.
    std::function<std::optional<std::string>(const Move& m)> send;
    std::function<std::optional<std::string>(bool takeback)> offer;  // a take-back, else a draw
    std::function<std::optional<std::string>(bool accept)> answer;   // to the other player's offer
    // Resigning, as play: why not now, then (resigned on the game here) sent.
    std::function<std::optional<std::string>()> resign;
    std::function<void()> resigned;
    std::function<std::optional<std::string>(const std::string& text)> chat;
    // This terminal's program hosts the game: once it is over, n starts the next one here (the host's
    // game, which the other screens follow, the players keeping their seats).
    bool hosts = false;
};

// How many chat lines are kept to show under the board.
inline constexpr std::size_t kChatLines = 50;

struct UiState {
    Point cursor = *parse_point("c2");
    Selection selection;
    Prompt prompt;  // the one-line prompt (:, s, o, chat) and what is typed there
    Question question = Question::None;
    bool help_open = false;
    int help_page = 0;          // the page of help shown, when it takes more than one screen
    bool flipped = false;       // Black at the bottom
    bool auto_flip = false;     // turn the board so the side to move is at the bottom
    bool replay = false;        // step through the game without changing it
    std::string replay_reason;  // shown while replaying, e.g. why the game is read-only
    // Browsing: the position after this many plies is shown, not the game's current one (always fewer
    // than game.ply()); nothing can be played meanwhile. Replay steps through its game the same way.
    std::optional<std::size_t> viewing;
    std::string message;  // feedback for the last action; cleared by the next one
    std::string notice;   // a standing condition, such as a failing autosave
    // What the settings file had wrong: on the notice line until the first key (it would otherwise take
    // the legend's rows for the whole game), on the help page throughout.
    std::string settings;
    bool settings_seen = false;  // a key has been pressed since: the notice line no longer shows it
    std::string thinking;        // what the computer is considering, while it thinks
    std::optional<Move> hint;    // the engine's suggestion, shown until the next action
    bool too_small = false;      // the terminal cannot show the game: no key may act on it unseen
    std::string reading;         // the file o is reading, while it is read: Esc stops, other keys wait
    std::string network;         // over the network: how to join, who is away ("Black (Youssef) disconnected, waiting")
    std::vector<std::string> chat;  // the last chat lines, oldest first: "Youssef: good move"
};

class Controller {
public:
    // A game of its own (tests, and a program with one screen), or a view of a table the program holds.
    Controller(const Rules& rules, Players players, const Position& start = start_position());
    Controller(play::Table& table, Players players);
    // The table hears this controller's `this`: neither copied nor moved.
    Controller(const Controller&) = delete;
    Controller& operator=(const Controller&) = delete;
    ~Controller() { table_.unlisten(listening_); }

    // Turns the board so the side to move is at the bottom after every move (or stops doing so).
    void set_auto_flip(bool on) {
        ui_.auto_flip = on;
        refresh();
    }
    void set_files(FileAccess files) { files_ = std::move(files); }
    // The keys in force: the messages and the key line name them.
    void set_keys(KeyMap keys) { keys_ = std::move(keys); }
    const KeyMap& keys() const { return keys_; }
    void set_notice(std::string notice) { ui_.notice = std::move(notice); }
    void set_settings_notice(std::string text) { ui_.settings = std::move(text); }
    // The notice line's text: the settings' problems (until the first key), then the standing notice.
    // `whole`: the settings' problems however many keys were pressed (the help page).
    std::string shown_notice(bool whole = false) const {
        const std::string settings = whole || !ui_.settings_seen ? ui_.settings : std::string();
        return settings.empty() || ui_.notice.empty() ? settings + ui_.notice : concat(settings, "; ", ui_.notice);
    }
    // Whether the autosave holds the game in play. While it does not, quitting keeps the game in the
    // history (or asks first when even that fails), so no game with moves is lost by leaving.
    void set_autosaved(bool on) { autosaved_ = on; }
    bool autosaved() const { return autosaved_; }
    // Over the network, whether the host's process writes this very game history (a second terminal of
    // the same state folder): then this copy of the game is never kept in it, so a game is kept once.
    void set_history_by_host(bool on) { archive_.set_kept_by_host(on); }
    // The program is ending (a signal, the end of input, the terminal gone): an unsaved game goes to the
    // history, without a question since none can be answered now. Returns why it could not.
    std::optional<std::string> keep_unsaved_game();
    // What becomes of the game if the program ends now, as q's question says it: "The game is saved: run
    // fetaix to resume it."; nothing when q leaves at once (no game in play, a replay).
    std::optional<std::string> leaving_text() const;
    // Whether the terminal is too small to show the game (the program says so before each key).
    void set_too_small(bool too_small) { ui_.too_small = too_small; }
    // A local game waits while it cannot be seen: the clocks stop and the computer does not move.
    // Over the network the other terminal plays on, so the host's clocks run there.
    bool waits_for_screen() const { return ui_.too_small && !networked(); }
    // How many pages the help takes at the screen's size: a key turns the page until the last one.
    void set_help_pages(int pages) { help_pages_ = pages; }
    // The players the command line named and which of their options it gave: those win over a
    // record's tags whenever a record is loaded. `rules`: the rules, if the command line gave a switch;
    // a record's own rules stand (its moves were played under them), and loading it says so.
    void set_command_line(Players players, PlayerOptions given, std::optional<Rules> rules = std::nullopt) {
        command_line_ = std::move(players);
        given_ = given;
        command_line_rules_ = rules;
    }
    // Replaces the game with a recorded one: its players (their tags, with the command line's options
    // over them, and a message saying so) and its other tags go with it. The game replaced is not
    // archived: this is for the start; the player's own replacements (n, o) archive it.
    // `command_line_wins` is false for a file the player opens with o: its players are the file's.
    void load(const GameRecord& record, bool command_line_wins = true);
    // At start: the unfinished saved game is the game on screen, and the file given on the command
    // line is offered in its place with the same question as o.
    void offer_open_instead(GameRecord saved, GameRecord opened, std::string name);
    // Shows a recorded game to step through with the arrow keys, from its start, changing nothing.
    void start_replay(std::string reason);
    // The ply whose position the board shows: the game's current one, or the one browsed or replayed.
    std::size_t shown_ply() const { return std::min(ui_.viewing.value_or(game().ply()), game().ply()); }
    const Position& shown_position() const { return game().position_at(shown_ply()); }
    // Asks whether to resume a saved game, showing it while asking; yes goes on with it, no goes back
    // to the game the program started with (the saved one kept in the history first).
    void offer_resume(GameRecord saved);
    // The unfinished saved game will not be resumed (the autosave is about to overwrite it): keeps it
    // in the game history, or, if it cannot be kept, asks whether to resume it after all.
    void set_aside_saved(const GameRecord& saved);
    // The saved game is open in another fetaix: asks whether to view it read-only (yes) or to play a
    // separate game (no).
    void offer_read_only(GameRecord saved);
    // The autosave cannot be used (the notice says why): asks whether to continue the saved game all the
    // same, its moves not saved (yes), or to view it read-only (no).
    void offer_resume_unsaved(GameRecord saved);

    // Where a side's moves come from: the computer for a side with a level, the other terminal for the
    // remote side (set_remote), else this keyboard.
    Seat seat(Color c) const { return table_.seat(c); }
    // Whether a side is played at another terminal (both, for a watcher).
    void set_remote(Color side, bool remote);
    // Whether the side to move is not at this keyboard and may move now (no question or replay open):
    // the program then asks that side's Player for the move.
    bool player_to_move() const;
    // The same, when that player is the computer.
    bool computer_to_move() const { return player_to_move() && seat(game().position().side_to_move) == Seat::Computer; }
    // The side whose player has the keyboard: the side to move between two people here, the person's
    // side against the computer or a remote player, none when the computer plays both.
    std::optional<Color> keyboard_side() const;
    // Whether this screen only watches a game over the network: neither side is played at this keyboard.
    bool watching() const {
        return networked() && !keyboard_side() && seat(Color::White) == Seat::Remote &&
               seat(Color::Black) == Seat::Remote;
    }
    // Plays a move that the side to move's Player delivered (the computer's).
    void play_delivered(const Move& m);
    // With the bell on, the terminal bell rings once after each move a Player delivers.
    void set_bell(bool on) { bell_on_ = on; }
    // True once after a delivered move with the bell on: the program then rings the bell.
    bool take_bell() { return std::exchange(bell_due_, false); }
    void set_thinking(std::string text) { ui_.thinking = std::move(text); }
    // True once after H was pressed: the program then asks the engine for a hint.
    bool take_hint_request() { return std::exchange(hint_requested_, false); }
    // True once after the puzzles' key: the program then shows the puzzles, and the game as it was after.
    bool take_puzzles_request() { return std::exchange(puzzles_requested_, false); }
    // `table`: the endgame tables' value of the position, when the move is theirs.
    // No score: the move was not searched (the only legal one), so no evaluation is claimed.
    void show_hint(const Move& m, std::optional<int> score, const std::optional<tablebase::Value>& table = std::nullopt,
                   const std::optional<book::Value>& proven = std::nullopt);
    // The engine's answer to a hint request (a search of kHintMs at full strength), as the screen and the
    // screen-reader's lines show it: depth 0 without a table or book value is the only legal move.
    void show_hint(const engine::Result& result) {
        if (result.has_move)
            show_hint(result.best, result.depth > 0 ? std::optional(result.score) : std::nullopt, result.table,
                      result.proven);
        tell_tables_problem(result.tables_problem);
    }
    // Endgame tables that are there but could not be used (engine::Result::tables_problem), said once
    // after what the message line says; the engine goes on without them.
    void tell_tables_problem(std::string_view problem) {
        if (problem.empty()) return;
        const std::string said = concat("Endgame table not used: ", problem, ".");
        ui_.message = ui_.message.empty() ? said : concat(ui_.message, ui_.message.ends_with('.') ? " " : ". ", said);
    }
    static constexpr int kHintMs = 900;

    // The review of the game (the review key): asked for here, worked out on the reviewer's thread
    // (front::Work), its progress and result handed back. True once after the key asked for one.
    bool take_review_request() { return std::exchange(review_requested_, false); }
    // True once after the review key (or cancel) asked the review under way to stop.
    bool take_review_stop() { return std::exchange(review_stop_requested_, false); }
    void set_review_progress(std::size_t done, std::size_t total) { review_progress_ = {done, total}; }
    // The review finished or stopped (`review.complete` says which), for the game as it stood when asked.
    void finish_review(engine::Review review, std::string_view tables_problem);
    // Search time for each position that is not proven: 81 positions (a game of 40 moves) in under 25 s;
    // --time on the command line sets it instead (review_ms).
    static constexpr int kReviewMs = 300;
    int review_ms() const { return given_.time ? command_line_.think_ms : kReviewMs; }
    // The review under way was dropped unfinished (the program stops its work): nothing of it is shown.
    void drop_review() { reviewing_ = false; }
    // The review of the game as it stands (done, or stopped with what was done); none before one, or once
    // the game changed.
    const engine::Review* review() const { return review_ && review_revision_ == revision() ? &*review_ : nullptr; }
    // A review of the game as it stands is under way; its progress: positions valued, of how many.
    bool reviewing() const { return reviewing_ && review_revision_ == revision(); }
    std::pair<std::size_t, std::size_t> review_progress() const { return review_progress_; }

    // Game clocks (clock.hpp). The controls a new game gets (the command line's or the settings'); a
    // game loaded from a record keeps the record's own, and a record without any gets these, fresh.
    void set_clocks(std::optional<TimeControl> white, std::optional<TimeControl> black);
    // Where the clocks take the time from: milliseconds on a steady scale (tests hand in their own).
    void set_time_source(std::function<Millis()> now) { table_.set_time_source(std::move(now)); }
    // Called by the program before each key and whenever it wakes: a clock that has run out ends the
    // game now. Returns whether the screen changed (a clock runs, or one fell).
    bool tick();
    // Whether the clocks are paused, so that no move may be played now (then says so).
    bool clocks_hold_moves();
    // The clocks now, when the game is timed.
    std::optional<ClockReading> clock_reading() const { return table_.clock_reading(); }
    const std::optional<Clock>& clock() const { return table_.clock(); }
    bool clock_paused() const { return table_.clock_paused(); }
    // How long the program may wait for a key before a clock's shown time changes (none: no clock runs).
    std::optional<Millis> clock_wait() const { return table_.clock_wait(); }
    // The computer's time for the move it is to make: from its clock when the game is timed, else --time.
    int think_ms() const { return table_.think_ms(players().think_ms); }
    // Under this much time left a clock is marked (and the bell rings once, with the bell on).
    Millis clock_warning(Color side) const { return table_.clock_warning(side); }
    // Over the network a host times the game: this program's (`elsewhere` false) or another terminal's.
    // The network session sets or presses the clocks from then on; no clock here decides a fall.
    void host_times(bool elsewhere);

    // The file to read for o, once: the program reads it on a worker thread and hands the result to
    // finish_read, unless Esc has stopped the reading by then (ui().reading is empty again).
    std::optional<std::string> take_read_request() { return std::exchange(read_request_, std::nullopt); }
    void finish_read(Expected<GameRecord> record);
    const FileAccess& files() const { return files_; }

    // Over the network: moves, offers, answers, resignation and chat go through `link` (see Link), and
    // what the other side does comes back through the calls below.
    void set_link(Link link);
    bool networked() const { return link_.play || link_.send; }
    // The table this controller shows: the network session plays the other terminals' moves on its game
    // and tells it (moved, replaced), and this controller hears it as every view does.
    play::Table& table() { return table_; }
    const play::Table& table() const { return table_; }
    // The other player offers a take-back (else a draw): a yes/no question for the player here.
    void offered(Color by, bool takeback);
    // The other player answered this one's offer.
    void answered(Color by, bool takeback, bool accepted);
    void add_chat(std::string line);
    void set_network_line(std::string text) { ui_.network = std::move(text); }
    // News from the other terminals for the message line (until the next action): "Black (Youssef) joined."
    void tell(std::string text) { ui_.message = std::move(text); }
    // What every mode says when a side's time runs out: "Time is up for Black (Zineb)."
    std::string time_up_text(Color side) const { return concat("Time is up for ", players().label(side), "."); }
    // Over the network, the connection to the host is gone (`why`, short): the status line says so
    // instead of whose turn it is, and the clocks stand, as the host's do while it is not running. Empty:
    // connected (the host's next reading sets them).
    void set_link_lost(std::string why) {
        link_lost_ = std::move(why);
        sync_clock();
    }
    // Another terminal took this game over: nothing here changes it any more (`why` says so when tried),
    // nobody plays it here and its clocks stand, until this screen watches it there (set back to "").
    void set_taken_over(std::string why) {
        taken_over_ = std::move(why);
        sync_clock();
    }
    const std::string& link_lost() const { return link_lost_; }
    // A joiner's move sent to the host and not back yet (the host plays it): the status line says so.
    bool move_sent() const { return move_sent_; }
    // Over the network, this terminal hosts the game (n starts the next one once it is over).
    bool hosts_game() const { return link_.hosts; }
    // Over the network, what q asks while the game is autosaved (how it can be taken up again), before
    // the yes and no keys.
    void set_quit_text(std::string text) { quit_text_ = std::move(text); }
    // An action this screen does not offer at all (a visitor of the SSH server saves no file and gets no
    // hint), refused with `why` whatever the game's state.
    void withhold(Action::Kind kind, std::string why) { withheld_[kind] = std::move(why); }
    // A yes/no question the program asks (a user asking for a seat), before the yes and no keys: `then`
    // gets the answer.
    void ask(std::string text, std::function<void(bool yes)> then) {
        put_question(
            Question::Asked, [this, text = std::move(text)] { return concat(text, " ", yes_no()); }, std::move(then));
    }
    // The players' names as the host has them (a joiner's, once known).
    void set_names(std::string white, std::string black) {
        Players named = players();
        named.white = std::move(white);
        named.black = std::move(black);
        table_.set_players(std::move(named));
    }

    // Applies one action. Returns false when the program should end.
    bool handle(const Action& action);
    // Plays a move typed in notation, as the move prompt does (the screen-reader's lines use it too);
    // false, the reason in the message, when it is refused.
    bool play_typed(const std::string& text);
    // The screen-reader's lines: `text` entered at the prompt `kind` (save, open), as typing it there and
    // Enter do on the screen; the prompt closes again unless a question about it waits (replace the
    // file?). A file to open is then read by the program (take_read_request, finish_read).
    void enter_at_prompt(PromptKind kind, std::string text);
    // Closes the prompt, its text dropped (the screen-reader's lines after a question about it).
    void close_prompt() { ui_.prompt.close(); }

    const Game& game() const { return table_.game(); }
    const UiState& ui() const { return ui_; }
    const Players& players() const { return table_.players(); }
    const MoveList& legal_moves() const { return legal_; }
    InputMode mode() const;
    // Counts every change to the game (moves, undo, redo, new, load, resignation, draw): the autosave
    // writes whenever it moves.
    std::uint64_t revision() const { return table_.revision(); }
    // The tags a record of this game carries (the table's: the record's own, who plays, the clocks).
    std::vector<Tag> tags() const { return table_.tags(); }
    // Pieces that must capture (when a capture is compulsory), for marking on the board; none while an
    // earlier position is shown.
    Bitboard must_capture() const;
    // Where the selected piece may land next.
    Bitboard destinations() const { return next_landings(legal_, ui_.selection); }
    // The text of the question on screen, empty when there is none.
    std::string question_text() const;

private:
    // Over the network, the actions that go to the other side (take-back asked, draw offered) are done
    // here, and those a shared game cannot do (redo, new game, open) are refused; false when handled.
    bool network_allows(const Action& action);
    // Why an action the registry does not allow at a seat (or watching) is refused: "No pause in a game
    // over the network: ...".
    std::string not_over_the_network(Action::Kind kind) const;
    // "It is not your turn: waiting for Amina.": a key that would play while the remote side is to move.
    std::string waiting_text() const;
    // What a watcher is told on trying what only the players do: what a watcher can do instead.
    std::string watching_text() const;
    // Turns the board to the person's side: Black at the bottom, the cursor on c4, when a person plays
    // Black against the computer.
    void face_the_person();
    void refresh();
    void changed();
    void move_cursor(ScreenDirection d);
    void select_at(Point p);
    void extend(Point land);
    void play(const Move& m);
    // The rules move of a move made here; through the link, the session says first whether it may be
    // played now (the host may refuse it) and sends it once played.
    Expected<Move> play_on_game(const Move& m, bool through_link);
    // A move another player delivered (the computer, the other terminal): said until the next key.
    void announce_delivered(Color mover, const Move& m);
    // A move has been played: a promotion is announced on the message line, whoever played it.
    void announce_promotion(Color mover, const Move& m);
    void clear_selection();
    // Shows the saved game while a question is asked about it; end_preview() goes back to the game before.
    void preview(const GameRecord& saved);
    void end_preview();
    // Puts a question on screen: its kind (what the views and the keys look at), its words (made each
    // time they are shown, with the keys in force) and what its answer does.
    void put_question(Question kind, std::function<std::string()> words, std::function<void(bool yes)> answer);
    // The question on screen is moot (an offer about a game the host replaced): gone, unanswered.
    void drop_question();
    // "(y/n)", with the keys in force.
    std::string yes_no() const;
    void answer(bool yes);
    // The questions asked from more than one place, and what the answers do, one function each.
    void ask_open_other(GameRecord opened, std::string name, std::string path, bool at_start);
    void ask_quit();
    void answer_resume(bool yes, const GameRecord& saved);
    void answer_replace(bool yes, const std::string& path);
    void answer_read_only(bool yes, const GameRecord& saved);
    void answer_resume_unsaved(bool yes, const GameRecord& saved);
    void answer_resign(bool yes);
    void answer_offer(bool draw, bool yes);
    // The actions of apply() that take more than a line, each named after what it does.
    void open_chat();
    void click(std::optional<Point> point);
    void say_unbound(char ch);
    void open_move_prompt();
    void ask_new_game();
    void toggle_auto_flip();
    // Opens the help at `page`, or closes it (none).
    void show_help(std::optional<int> page);
    void turn_help_page();
    void ask_resign();
    void open_prompt(PromptKind kind, std::string text, bool offered = false);
    void edit_prompt(PromptEdit e);
    void submit_prompt();
    // Each prompt's line entered: true when it is done with (the prompt closes), false to leave it open.
    bool submit_chat(const std::string& text);
    bool submit_save(const std::string& text);
    bool submit_open(const std::string& text);
    bool game_in_progress() const;
    // Where the game goes when the program ends: the autosave, the history, its file.
    std::string where_kept() const;
    // A game with moves that is neither in the autosave nor in the history: leaving would lose it.
    bool unsaved_game() const;
    void new_game();
    bool apply(const Action& action);
    // What the state refuses the action (browsing, replaying, taken over, over the network), said: true.
    bool refuses(const Action& action);
    // The actions with more to them than a line, one function each.
    void cancel();
    void type_at_prompt(char ch);
    void undo();
    void redo();
    void pause();
    void ask_for_hint();
    // The review key: starts a review of the game over, opened or looked back at, or stops the one under way.
    void toggle_review();
    void open_puzzles();
    void open_file_prompt();
    void offer_draw();
    // `path`: the file it was read from (`name`, as the player gave it, may be a history number).
    void open_record(const GameRecord& record, const std::string& name, const std::string& path,
                     bool command_line_wins);
    // Keeps a record in the history, in place of `replacing` (the record kept of that game before),
    // then replaces the game by `then`; asks first if it cannot be kept, and does `otherwise` (if any)
    // when the player then declines.
    void set_aside(const std::string& record, const Game& game, const std::string& replacing,
                   std::function<void()> then, std::function<void()> otherwise = nullptr);
    // set_aside for the game in play, in place of the record kept of it before.
    void set_aside_game(std::function<void()> then);
    void archive_if_finished();
    // Shows another position of the game (StepBack, StepForward, StepFirst, StepLast); the game is untouched.
    void step_view(Action::Kind kind);
    // Whether the action would play, choose a piece or change the game: refused while browsing or replaying.
    bool changes_the_game(const Action& action) const;
    // Replaying from here on: the game is only looked at, never changed.
    void enter_replay(std::string reason);
    Millis now() const { return table_.now(); }
    // Both constructors: the players seated at the table, this view listening, the board turned to the person.
    void sit_down(Players players);
    // What a view does on hearing the table: a move played (here or elsewhere), the host's game in place.
    void heard(const play::TableEvent& e);
    // The game was replaced, or its result declared, by the network session (its Synced, Result):
    // `goes_on` when it continues the game before (same start, that game's moves and perhaps more).
    void replaced(bool goes_on);
    // Whether nobody plays here for now, so the clocks stand: a saved game shown for a question, a replay...
    bool nobody_here() const;
    // Stops or starts the clocks as the state asks (the players' pause, nobody_here, a finished game).
    void sync_clock();

    // A controller made with a game of its own holds its table here; table_ is the one it shows.
    std::optional<play::Table> own_table_;
    play::Table& table_;
    int listening_ = 0;
    Players command_line_;
    PlayerOptions given_;
    std::optional<Rules> command_line_rules_;
    MoveList legal_;
    UiState ui_;
    FileAccess files_;
    Archive archive_{table_, files_};
    KeyMap keys_;
    // While a saved game is shown for a question about it: the game the program started with.
    std::optional<play::Table::Snapshot> before_preview_;
    // The board's side and cursor before the preview, given back with the game when it ends.
    bool flipped_before_preview_ = false;
    Point cursor_before_preview_{};
    // The question on screen (ui_.question says which): its words and what its answer does.
    struct Asked {
        std::function<std::string()> words;
        std::function<void(bool yes)> answer;
    };
    Asked asked_;
    std::optional<std::string> read_request_;  // a path for the program to read (o)
    std::string reading_path_;                 // the path being read for o, while it is read
    bool hint_requested_ = false;
    // The review: asked for, asked to stop, under way, its progress, and the last one with its game's revision.
    bool review_requested_ = false;
    bool review_stop_requested_ = false;
    bool reviewing_ = false;
    std::pair<std::size_t, std::size_t> review_progress_{0, 0};
    std::optional<engine::Review> review_;
    std::uint64_t review_revision_ = 0;
    bool puzzles_requested_ = false;
    bool bell_on_ = false;
    bool bell_due_ = false;
    bool autosaved_ = false;
    int help_pages_ = 1;
    Link link_;
    std::string quit_text_;                         // Quit's question over the network
    std::map<Action::Kind, std::string> withheld_;  // withhold()
    std::string taken_over_;                        // set_taken_over
    std::string link_lost_;                         // the host is gone: said on the status line
    bool move_sent_ = false;                        // a joiner's move on its way to the host
    bool quitting_ = false;  // set once the player has chosen to leave (perhaps after a Discard question)
    // The move play_delivered last announced on the message line, and the ply it made: stale once a game
    // from the host (sync) no longer has it (an undo at a plain fetaix being watched, a take-back).
    struct Announced {
        std::size_t ply;
        Move move;
        std::string text;
    };
    std::optional<Announced> announced_;
};

}  // namespace fetaix::front
