#include "controller.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "game_text.hpp"
#include "store/history.hpp"

namespace fetaix::front {

namespace {

// The board direction that a screen direction points to; a turned board reverses both axes.
Direction board_direction(ScreenDirection d, bool flipped) {
    Direction b = Direction::North;
    switch (d) {
        case ScreenDirection::Up: b = Direction::North; break;
        case ScreenDirection::Down: b = Direction::South; break;
        case ScreenDirection::Left: b = Direction::West; break;
        case ScreenDirection::Right: b = Direction::East; break;
        case ScreenDirection::UpLeft: b = Direction::NorthWest; break;
        case ScreenDirection::UpRight: b = Direction::NorthEast; break;
        case ScreenDirection::DownLeft: b = Direction::SouthWest; break;
        case ScreenDirection::DownRight: b = Direction::SouthEast; break;
    }
    return flipped ? opposite(b) : b;
}

// A reason from the rules core as a sentence on the screen: "A man steps one point."; a point's
// name stays as it is written ("b3 is Black's, ...").
std::string sentence(std::string text) {
    const bool point = text.size() >= 2 && text[1] >= '1' && text[1] <= '5';
    if (!point && !text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text.empty() ? text : text + ".";
}

// "1 move", "7 moves": a record's moves counted as the move list numbers them.
std::string moves_text(const GameRecord& record) {
    const std::size_t n = full_moves(record.start.side_to_move, record.moves.size());
    return concat(n, n == 1 ? " move" : " moves");
}

// What undo or redo did, for the player who did not press the key: the plies after `low` up to `high`
// of `game`, "taken back" or "played again". The first is the player's move, a second the reply that
// went with it (the computer's): "White took back d2-c3, and Black's reply b4xd2 with it."
std::string stepped_text(const Game& game, std::size_t low, std::size_t high, bool again) {
    if (high <= low) return "";
    const auto mover = [&game](std::size_t ply) { return to_string(game.position_at(ply - 1).side_to_move); };
    std::string text = again ? concat(mover(low + 1), " played ", to_string(game.move(low + 1)), " again")
                             : concat(mover(low + 1), " took back ", to_string(game.move(low + 1)));
    for (std::size_t ply = low + 2; ply <= high; ++ply)
        text += concat(", and ", mover(ply), "'s reply ", to_string(game.move(ply)), " with it");
    return text + ".";
}

// "Black took back the resignation.": a declared end that undo took back.
std::string end_taken_back(const GameResult& result) {
    const Color loser = result.outcome == Outcome::WhiteWins ? Color::Black : Color::White;
    switch (result.reason) {
        case Reason::Resignation: return concat(to_string(loser), " took back the resignation.");
        case Reason::AgreedDraw: return "The agreed draw is taken back.";
        case Reason::TimeForfeit: return concat(to_string(loser), "'s loss on time is taken back.");
        default: return "";
    }
}

// "; the Event tag cut to fit 1 MiB": what a save had to cut to stay readable, or nothing.
std::string cut_note(const std::vector<std::string>& cut) {
    return cut.empty() ? std::string() : concat("; ", cut_tags_text(cut), " cut to fit 1 MiB");
}

// "Black resigned again.": a declared end that redo declared again.
std::string end_declared_again(const GameResult& result) {
    const Color loser = result.outcome == Outcome::WhiteWins ? Color::Black : Color::White;
    switch (result.reason) {
        case Reason::Resignation: return concat(to_string(loser), " resigned again.");
        case Reason::AgreedDraw: return "The draw is agreed again.";
        default: return "";
    }
}

}  // namespace

Controller::Controller(const Rules& rules, Players players, const Position& start)
    : own_table_(std::in_place, rules, start), table_(*own_table_), command_line_(players) {
    sit_down(std::move(players));
}

Controller::Controller(play::Table& table, Players players) : table_(table), command_line_(players) {
    sit_down(std::move(players));
}

void Controller::sit_down(Players players) {
    table_.set_players(std::move(players));
    listening_ = table_.listen([this](const play::TableEvent& e) { heard(e); });
    face_the_person();
    refresh();
}

void Controller::heard(const play::TableEvent& e) {
    using K = play::TableEvent::Kind;
    // Whatever the host sent since a move went to it answers it: played, or refused (its state).
    if (e.kind == K::Moved || e.kind == K::Replaced) move_sent_ = false;
    switch (e.kind) {
        case K::Moved: {
            const Move move = e.move;  // a copy: the legal moves are listed anew, and e.move may be one
            clear_selection();
            changed();
            announce_promotion(e.mover, move);
            // Another player's move (the computer's, the other terminal's) is said until the next key.
            if (seat(e.mover) != Seat::Keyboard) announce_delivered(e.mover, move);
            break;
        }
        case K::Replaced: replaced(e.goes_on); break;
        case K::Stepped:
        case K::Ended:
        case K::Begun: changed(); break;
    }
    sync_clock();
}

void Controller::face_the_person() {
    // A person playing Black against the computer sits at the board's Black side, the cursor on their
    // own front piece as White's starts on c2.
    ui_.flipped = seat(Color::White) != Seat::Keyboard && seat(Color::Black) == Seat::Keyboard;
    ui_.cursor = *parse_point(ui_.flipped ? "c4" : "c2");
}

void Controller::load(const GameRecord& record, bool command_line_wins) {
    table_.begin(to_game(record), record.start, &record);
    ui_.viewing.reset();
    std::vector<std::string> notes;
    std::string said;
    const Players before = players();
    table_.set_players(with_command_line(players_from(record, notes), command_line_,
                                         command_line_wins ? given_ : PlayerOptions{}, said));
    // The board turns only when who plays which side changes, so a board turned with f stays turned.
    if (before.level(Color::White) != players().level(Color::White) ||
        before.level(Color::Black) != players().level(Color::Black))
        face_the_person();
    // Rules the command line asked for and the game was not played under: the game's stand.
    if (command_line_wins && command_line_rules_) {
        const std::string kept = switch_phrases_differing(game().rules(), *command_line_rules_);
        if (!kept.empty())
            said += concat(said.empty() ? "" : " ", "This game's rules stand (", kept,
                           "): the command line's are for a new game.");
    }
    // What the command line changed, then what could not be read, stays on screen until the next action.
    ui_.message = said;
    for (const std::string& note : notes) ui_.message += concat(ui_.message.empty() ? "" : " ", "Note: ", note, ".");
    // A finished game loaded is kept in the history only once it changes, as a game of its own (or in
    // place of its record there, for the autosave's game kept before).
    table_.history() = {game().over() ? play::history_key(game()) : std::string(), archive_.kept_record(record)};
    clear_selection();
    changed();
}

void Controller::offer_open_instead(GameRecord saved, GameRecord opened, std::string name) {
    load(saved);
    // The name given on the command line is the file's path.
    std::string path = name;
    ask_open_other(std::move(opened), std::move(name), std::move(path), true);
}

void Controller::start_replay(std::string reason) {
    enter_replay(std::move(reason));
    step_view(Action::Kind::StepFirst);
}

void Controller::enter_replay(std::string reason) {
    ui_.replay = true;
    ui_.replay_reason = std::move(reason);
    clear_selection();
}

void Controller::offer_resume(GameRecord saved) {
    preview(saved);
    put_question(
        Question::Resume,
        [this, saved] { return concat("Resume the unfinished game (", moves_text(saved), ")? ", yes_no()); },
        [this, saved](bool yes) { answer_resume(yes, saved); });
}

void Controller::offer_read_only(GameRecord saved) {
    preview(saved);
    put_question(
        Question::ReadOnly,
        [this] {
            return concat("Saved game open in another fetaix: ", keys_.first("yes"), " = view read-only, ",
                          keys_.first("no"), " = separate game");
        },
        [this, saved](bool yes) { answer_read_only(yes, saved); });
}

void Controller::offer_resume_unsaved(GameRecord saved) {
    preview(saved);
    put_question(
        Question::ResumeUnsaved,
        [this, saved] {
            return concat("Continue the saved game (", moves_text(saved), ") unsaved? ", keys_.first("yes"), " = yes, ",
                          keys_.first("no"), " = view it read-only");
        },
        [this, saved](bool yes) { answer_resume_unsaved(yes, saved); });
}

void Controller::preview(const GameRecord& saved) {
    before_preview_ = table_.snapshot();
    flipped_before_preview_ = ui_.flipped;
    cursor_before_preview_ = ui_.cursor;
    load(saved);
}

void Controller::put_question(Question kind, std::function<std::string()> words, std::function<void(bool)> answer) {
    ui_.question = kind;
    asked_ = Asked{std::move(words), std::move(answer)};
}

void Controller::drop_question() {
    ui_.question = Question::None;
    asked_ = Asked{};
}

std::string Controller::yes_no() const { return concat("(", keys_.first("yes"), "/", keys_.first("no"), ")"); }

void Controller::ask_open_other(GameRecord opened, std::string name, std::string path, bool at_start) {
    put_question(
        Question::OpenOther, [this, name] { return concat("Abandon this game and open ", name, "? ", yes_no()); },
        [this, opened = std::move(opened), name, path, at_start](bool yes) {
            if (!yes) {
                ui_.message = concat(name, " was not opened; the game goes on.");
                return;
            }
            set_aside_game([this, opened, name, path, at_start] { open_record(opened, name, path, at_start); });
        });
}

void Controller::end_preview() {
    if (!before_preview_) return;
    const play::Table::Snapshot before = std::move(*before_preview_);
    before_preview_.reset();
    table_.restore(before, nobody_here());
    // The saved game's players may have turned the board: the game given back is seen as it was.
    ui_.flipped = flipped_before_preview_;
    ui_.cursor = cursor_before_preview_;
    clear_selection();
    ui_.message.clear();  // what loading said about the saved game's players
    // Not a change to save by itself: the autosave still holds the saved game (set_aside_saved, having
    // kept it in the history, makes the game in play the one to save).
    refresh();
}

InputMode Controller::mode() const {
    // Only the question q asks is shown on the small screen, so only it can be answered there.
    if (ui_.too_small) return ui_.question == Question::Quit ? InputMode::Question : InputMode::TooSmall;
    if (ui_.question != Question::None) return InputMode::Question;
    if (!ui_.reading.empty()) return InputMode::Reading;
    if (ui_.help_open) return InputMode::Help;
    if (ui_.prompt.is_open()) return InputMode::Prompt;
    if (ui_.replay) return InputMode::Replay;
    if (ui_.viewing) return InputMode::Browse;
    return InputMode::Board;
}

Bitboard Controller::must_capture() const {
    if (ui_.viewing || legal_.empty() || !legal_[0].is_capture()) return 0;
    return movable_pieces(legal_);
}

std::string Controller::question_text() const {
    return ui_.question == Question::None || !asked_.words ? std::string() : asked_.words();
}

std::string Controller::where_kept() const {
    if (unsaved_game())
        return concat("Not autosaved: it goes to the game history (", keys_.first("open"), " #1 opens it).");
    if (autosaved_) return "The game is saved: run fetaix to resume it.";
    return "This game is kept in its file or the game history.";
}

std::optional<std::string> Controller::leaving_text() const {
    // As q, which leaves at once without a game in play.
    if (ui_.replay || (!game_in_progress() && !unsaved_game())) return std::nullopt;
    return where_kept();
}

void Controller::set_link(Link link) {
    link_ = std::move(link);
    refresh();
}

void Controller::replaced(bool goes_on) {
    // The move last announced, gone from the game now: its news is stale.
    if (announced_ && (game().ply() < announced_->ply || !(game().move(announced_->ply) == announced_->move))) {
        if (ui_.message.starts_with(announced_->text)) ui_.message.clear();
        announced_.reset();
    }
    // The host's next game, not this one going on: its end is kept beside this one's.
    if (!goes_on) table_.history().path.clear();
    clear_selection();
    // The host's game replaces this copy: a question about the old one (an offer) is moot.
    if (ui_.question == Question::AcceptDraw || ui_.question == Question::AcceptTakeback) drop_question();
    changed();
    // A game ended at another terminal (a resignation, an agreed draw, the last capture) goes to the
    // history at once, as one ended here does: a host killed later must not take it with it.
    archive_if_finished();
}

void Controller::offered(Color by, bool takeback) {
    put_question(
        takeback ? Question::AcceptTakeback : Question::AcceptDraw,
        [this, by, takeback] {
            return concat(players().label(by),
                          takeback ? " asks to take back their last move. Accept? " : " offers a draw. Accept? ",
                          yes_no());
        },
        [this, takeback](bool yes) { answer_offer(!takeback, yes); });
}

void Controller::answered(Color by, bool takeback, bool accepted) {
    ui_.message = concat(players().label(by), accepted ? " accepts the " : " declines the ",
                         takeback ? "take-back." : "draw.");
}

void Controller::add_chat(std::string line) {
    ui_.chat.push_back(std::move(line));
    if (ui_.chat.size() > kChatLines) ui_.chat.erase(ui_.chat.begin());
}

std::string Controller::waiting_text() const {
    if (watching()) return watching_text();
    return concat("It is not your turn: waiting for ", players().name(game().position().side_to_move), ".");
}

std::string Controller::watching_text() const {
    return concat("Watching: watchers cannot move; ", keys_.first("step-back"), " ", keys_.first("step-forward"),
                  " browse the moves, ", keys_.first("chat"), " chats.");
}

void Controller::set_remote(Color side, bool remote) {
    table_.set_remote(side, remote);
    face_the_person();
    refresh();
}

bool Controller::player_to_move() const {
    return !ui_.replay && ui_.question == Question::None && !game().over() && taken_over_.empty() &&
           seat(game().position().side_to_move) != Seat::Keyboard;
}

std::optional<Color> Controller::keyboard_side() const {
    const bool white = seat(Color::White) != Seat::Keyboard, black = seat(Color::Black) != Seat::Keyboard;
    if (white && black) return std::nullopt;
    if (white) return Color::Black;
    if (black) return Color::White;
    return game().position().side_to_move;
}

void Controller::play_delivered(const Move& m) {
    // A copy: playing lists the legal moves anew, and m may be one of them. The table's event announces it.
    const Move move = m;
    play(move);
}

void Controller::announce_delivered(Color mover, const Move& m) {
    const std::string said = announcement(mover, m);
    // Announced until the next key, the board marking its whole path meanwhile.
    ui_.message = said;
    announced_ = Announced{game().ply(), m, said};
    bell_due_ = bell_on_;
    archive_if_finished();
    // A finished game that the history could not keep: that follows the move.
    if (ui_.message != said) ui_.message = concat(said, " ", ui_.message);
}

void Controller::show_hint(const Move& m, std::optional<int> searched, const std::optional<tablebase::Value>& table,
                           const std::optional<book::Value>& proven) {
    ui_.hint = m;
    // Whose value it is: the side to move's, the one the hint is for.
    const std::string side(to_string(game().position().side_to_move));
    if (table) {
        ui_.message = concat("Hint: ", to_string(m), ", for ", side, ": ", engine::table_verdict(*table));
        return;
    }
    if (proven) {
        ui_.message = concat("Hint: ", to_string(m), ", for ", side, ": ", book::verdict(*proven, game().rules()));
        return;
    }
    if (!searched) {
        ui_.message = concat("Hint: ", to_string(m), " (the only move)");
        return;
    }
    const int score = *searched;
    const std::string value = std::abs(score) > engine::kMateBound
                                  ? concat(score > 0 ? "a forced win" : "a forced loss", " for ", side)
                                  : concat(score >= 0 ? "+" : "-", std::abs(score) / 100, ".",
                                           std::abs(score) % 100 / 10, std::abs(score) % 10, " for ", side);
    ui_.message = concat("Hint: ", to_string(m), " (", value, ")");
}

void Controller::set_aside(const std::string& record, const Game& game, const std::string& replacing,
                           std::function<void()> then, std::function<void()> otherwise) {
    if (!record.empty() && archive_.open()) {
        if (auto kept = archive_.keep(record, game, replacing); !kept) {
            // Never thrown away silently: the player decides, knowing why.
            ui_.message = concat("Not kept in the game history: ", kept.error().message);
            put_question(
                Question::Discard,
                [this] { return concat("The game cannot be kept in the history. Abandon it anyway? ", yes_no()); },
                [this, then = std::move(then), otherwise = std::move(otherwise)](bool yes) {
                    if (yes && then) then();
                    else if (otherwise) otherwise();
                    else ui_.message = "The game goes on.";
                });
            return;
        }
    }
    then();
}

void Controller::set_aside_game(std::function<void()> then) {
    set_aside(archive_.record_of(game(), tags(), table_.comments(game())), game(), table_.history().path,
              std::move(then));
}

void Controller::set_aside_saved(const GameRecord& saved) {
    const Game game = to_game(saved);
    // The autosave's note of the history's record is for the autosave alone.
    std::vector<Tag> tags = saved.tags;
    std::erase_if(tags, [](const Tag& t) { return t.name == kTagKept; });
    const std::string record = archive_.record_of(game, tags, saved.comments);
    // Said, so that a player who answered no knows the game is not gone and where to find it.
    const std::string kept = record.empty() || !archive_.open()
                                 ? std::string()
                                 : concat("The unfinished game (", moves_text(saved),
                                          ") is kept in the game history (fetaix games lists it).");
    const auto dropped = [this, kept] {
        end_preview();
        if (kept.empty()) return;
        ui_.message = kept;
        // Kept in the history, the saved game is replaced in the autosave by the game in play now, so
        // that it is offered once and kept once, not offered again at the next start.
        changed();
    };
    set_aside(record, game, archive_.kept_record(saved), dropped, [this, saved] {
        before_preview_.reset();
        load(saved);
        ui_.message = "Game resumed.";
    });
}

void Controller::archive_if_finished() {
    if (ui_.replay || !game().over()) return;
    if (auto problem = archive_.keep_game_in_play()) ui_.message = *problem;
}

bool Controller::handle(const Action& action) {
    // A clock that ran out before the key ends the game first: no move is played after the fall.
    tick();
    const bool go_on = apply(action);
    sync_clock();
    // A game that has just ended goes to the history at once.
    archive_if_finished();
    return go_on;
}

bool Controller::refuses(const Action& action) {
    using K = Action::Kind;
    if (const auto withheld = withheld_.find(action.kind); withheld != withheld_.end()) {
        ui_.message = withheld->second;
        return true;
    }
    // Browsing or replaying, the board shows a position that is not the game's: nothing may be played on
    // it or done to the game, whichever way the action came.
    if ((ui_.viewing || ui_.replay) && changes_the_game(action)) {
        ui_.message = ui_.replay ? concat("Replaying: ", keys_.first("step-back"), " ", keys_.first("step-forward"),
                                          " or ", keys_.first("cursor-left"), " and ", keys_.first("cursor-right"),
                                          " step through the moves, ", keys_.first("quit"), " leaves.")
                                 : concat("Nothing can be played on an earlier position: ", keys_.first("cancel"),
                                          " goes back to the game.");
        return true;
    }
    if (!taken_over_.empty() && (changes_the_game(action) || action.kind == K::Pause)) {
        ui_.message = taken_over_;
        return true;
    }
    return networked() && !network_allows(action);
}

void Controller::cancel() {
    if (!ui_.reading.empty()) {
        ui_.message = concat("Stopped reading ", std::exchange(ui_.reading, ""), "; the game goes on.");
        return;
    }
    if (reviewing() && !ui_.selection.active()) {
        toggle_review();
        return;
    }
    if (ui_.selection.active()) ui_.message = "Selection cancelled.";
    clear_selection();
}

void Controller::type_at_prompt(char ch) {
    // Moves, names and commands are plain ASCII: a character beyond it (é, an en dash) is refused whole.
    if (static_cast<unsigned char>(ch) >= 0x80) {
        ui_.message = "Only plain ASCII letters, digits and signs can be typed here (a move is like c2-c3).";
        return;
    }
    // The move key again at the move prompt (after a refused move, whose text stays to be
    // corrected) starts a new line: it is no character of a move, so it cannot be meant as one.
    if (ui_.prompt.kind() == PromptKind::Move && !std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' &&
        keys_.find(Key::character(ch), kOnBoard) == find_key_action("move")) {
        ui_.prompt.set_line({});
        ui_.message.clear();
        return;
    }
    // Long enough for any path; past it the prompt says so rather than dropping what is typed.
    // A long paste: what does not fit is dropped and counted, the screen drawn once it has all come.
    if (const std::size_t dropped = ui_.prompt.type(ch))
        ui_.message = concat("The prompt holds at most ", kMaxPromptBytes, " characters: ", dropped,
                             dropped == 1 ? " more was dropped." : " more were dropped.");
}

void Controller::undo() {
    clear_selection();
    const std::size_t from = game().ply();
    const GameResult ended = game().result();
    if (!table_.undo()) {
        ui_.message = "Nothing to undo.";
        return;
    }
    // Against the computer, its reply and your move go back together.
    if (computer_to_move() && seat(opponent(game().position().side_to_move)) != Seat::Computer) table_.undo();
    // Said, so that the other player at a shared keyboard sees what went back.
    const std::string end = end_taken_back(ended);
    const std::string moves = stepped_text(game(), game().ply(), from, false);
    ui_.message = end.empty() || moves.empty() ? end + moves : concat(end, " ", moves);
}

void Controller::redo() {
    clear_selection();
    const std::size_t from = game().ply();
    if (!table_.redo()) {
        ui_.message = "Nothing to redo.";
        return;
    }
    if (computer_to_move() && game().can_redo()) table_.redo();
    // A resignation or draw declared again comes after the moves played again.
    const std::string moves = stepped_text(game(), from, game().ply(), true);
    const std::string end = game().over() ? end_declared_again(game().result()) : "";
    ui_.message = end.empty() || moves.empty() ? moves + end : concat(moves, " ", end);
}

void Controller::pause() {
    if (!clock()) ui_.message = "No clocks in this game: fetaix --clock 5+3 starts one with them.";
    else if (game().over()) ui_.message = "The game is over: the clocks are stopped.";
    else {
        table_.set_clock_paused(!clock_paused());
        ui_.message = clock_paused() ? concat("Clocks paused: ", keys_.first("pause"), " starts them again.")
                                     : "Clocks running again.";
    }
}

void Controller::ask_for_hint() {
    if (game().over()) ui_.message = "No hint: the game is not in play.";
    else if (computer_to_move()) ui_.message = "The computer is to move.";
    else if (player_to_move()) ui_.message = waiting_text();
    else {
        hint_requested_ = true;
        ui_.message = "Thinking about a hint...";
    }
}

void Controller::toggle_review() {
    if (reviewing()) {
        review_stop_requested_ = true;
        ui_.message = "Stopping the review...";
        return;
    }
    if (game().ply() == 0) {
        ui_.message = "Nothing to review: no move has been played.";
        return;
    }
    // A game opened (o) or kept in the history, as it was kept: its moves are all there is to it.
    const bool opened = !table_.history().kept.empty() && table_.history().kept == play::history_key(game());
    if (!game().over() && !ui_.replay && !ui_.viewing && !opened) {
        ui_.message = concat("The review is for a game that is over, opened (", keys_.first("open"),
                             ") or looked back at (", keys_.first("step-back"), ").");
        return;
    }
    if (const engine::Review* done = review(); done && done->complete) {
        ui_.message = concat("The game is reviewed: ", engine::review_brief(game(), *done), ".");
        return;
    }
    review_requested_ = true;
    reviewing_ = true;
    review_revision_ = revision();
    review_progress_ = {0, game().ply() + 1};
    review_.reset();
    ui_.message = "Reviewing the game...";
}

void Controller::finish_review(engine::Review review, std::string_view tables_problem) {
    if (!reviewing()) return;
    reviewing_ = false;
    const std::size_t total = game().ply() + 1;
    ui_.message = review.complete ? concat("Review done: ", engine::review_brief(game(), review), ".")
                                  : concat("Review stopped after ", review.positions.size(), " of ", total,
                                           " positions: the values so far are shown.");
    review_ = std::move(review);
    tell_tables_problem(tables_problem);
}

void Controller::open_puzzles() {
    // The game must wait as it is: a running clock would not.
    if (clock() && !game().over() && !clock_paused())
        ui_.message = concat("The clocks are running: ", keys_.first("pause"), " pauses them, then ",
                             keys_.first("puzzles"), " opens the puzzles.");
    else puzzles_requested_ = true;
}

void Controller::open_file_prompt() {
    open_prompt(PromptKind::Open, "");
    const std::vector<std::string> past = files_.history ? files_.history() : std::vector<std::string>{};
    if (!past.empty())
        ui_.message = concat("#1 to #", past.size(), ": game history; #1: ",
                             files_.describe_past ? files_.describe_past(past.front()) : past.front());
}

void Controller::offer_draw() {
    if (game().over()) ui_.message = "The game is over.";
    else if (!keyboard_side()) ui_.message = "The computer plays both sides.";
    else if (const Color to = opponent(*keyboard_side()); seat(to) == Seat::Computer) {
        // The computer answers at once.
        const bool accepted = engine::accepts_draw(game(), to);
        ui_.message = concat(players().label(to), accepted ? " accepts the draw." : " declines the draw.");
        if (accepted) table_.agree_draw();
    } else {
        put_question(
            Question::AcceptDraw,
            [this] {
                const Color mover = game().position().side_to_move;
                return concat(players().label(mover), " offers a draw. ", players().label(opponent(mover)),
                              ", accept? ", yes_no());
            },
            [this](bool yes) { answer_offer(true, yes); });
    }
}

void Controller::ask_quit() {
    put_question(
        Question::Quit,
        [this] {
            // What becomes of the game, as it is: in the autosave (offered at the next start), in the game
            // history (kept when quitting), or already in a file unchanged (one opened, or the history's).
            if (!quit_text_.empty() && autosaved_) return concat(quit_text_, " ", yes_no());
            return concat("Quit? ", where_kept(), " ", yes_no());
        },
        [this](bool yes) {
            if (!yes) return;
            // Not in the autosave: the history keeps it, or the player decides knowing it is lost.
            if (unsaved_game()) set_aside_game([this] { quitting_ = true; });
            else quitting_ = true;
        });
}

// One row an action: what each does is a function of its own.
bool Controller::apply(const Action& action) {
    using K = Action::Kind;
    if (action.kind != K::None && action.kind != K::Redraw && action.kind != K::PromptChar &&
        action.kind != K::PromptErase && action.kind != K::PromptEdit) {
        ui_.message.clear();
    }
    if (action.kind != K::None && action.kind != K::Redraw) ui_.settings_seen = true;
    if (refuses(action)) return true;
    switch (action.kind) {
        case K::None:
        case K::Redraw: break;
        case K::Chat: open_chat(); break;
        case K::MoveCursor: move_cursor(action.direction); break;
        case K::Select: select_at(ui_.cursor); break;
        case K::Click: click(action.point); break;
        case K::Wait:
            ui_.message = concat("Still reading ", ui_.reading, ": ", keys_.first("cancel"), " stops.");
            break;
        case K::Unbound: say_unbound(action.ch); break;
        case K::Cancel: cancel(); break;
        case K::OpenPrompt: open_move_prompt(); break;
        case K::PromptChar: type_at_prompt(action.ch); break;
        case K::PromptErase: edit_prompt(PromptEdit::Erase); break;
        case K::PromptEdit: edit_prompt(action.edit); break;
        case K::PromptClose: ui_.prompt.close(); break;
        case K::PromptSubmit: submit_prompt(); break;
        case K::Undo: undo(); break;
        case K::Redo: redo(); break;
        case K::Pause: pause(); break;
        case K::Hint: ask_for_hint(); break;
        case K::Review: toggle_review(); break;
        case K::Puzzles: open_puzzles(); break;
        case K::StepBack:
        case K::StepForward:
        case K::StepFirst:
        case K::StepLast: step_view(action.kind); break;
        case K::ViewOnly: break;  // answered above; on the board no key maps to it
        case K::Save:
            open_prompt(PromptKind::Save, files_.default_save_name ? files_.default_save_name() : "fetaix.pdn", true);
            break;
        case K::Open: open_file_prompt(); break;
        case K::NewGame: ask_new_game(); break;
        case K::Flip:
            ui_.flipped = !ui_.flipped;
            ui_.auto_flip = false;
            break;
        case K::AutoFlip: toggle_auto_flip(); break;
        case K::Help: show_help(0); break;
        case K::TurnHelpPage: turn_help_page(); break;
        case K::CloseOverlay: show_help(std::nullopt); break;
        case K::Resign: ask_resign(); break;
        case K::OfferDraw: offer_draw(); break;
        case K::Quit:
            if (!leaving_text()) return false;
            ask_quit();
            break;
        case K::Yes: answer(true); break;
        case K::No: answer(false); break;
    }
    return !quitting_;
}

void Controller::open_chat() {
    if (!networked()) ui_.message = "Chat is for games over the network (fetaix host, join, watch).";
    else open_prompt(PromptKind::Chat, "");
}

void Controller::click(std::optional<Point> point) {
    if (!point) return;
    ui_.cursor = *point;
    select_at(*point);
}

void Controller::say_unbound(char ch) {
    // Typing a move is offered to whoever plays here, not to a watcher (whose move is only refused).
    ui_.message = !watching() ? concat("'", std::string(1, ch), "' does nothing here: press ", keys_.first("move"),
                                       " to type a move, ", keys_.first("help"), " for the keys.")
                              : concat("'", std::string(1, ch), "' does nothing here: press ", keys_.first("help"),
                                       " for the keys.");
}

void Controller::open_move_prompt() {
    // The prompt takes the whole move: a capture half chosen with the cursor is dropped, and said so.
    const bool dropped = !ui_.selection.path.empty();
    open_prompt(PromptKind::Move, "");
    if (dropped) ui_.message = "The capture chosen so far is dropped: type the whole move.";
}

void Controller::ask_new_game() {
    if (!game_in_progress()) {
        set_aside_game([this] { new_game(); });
        return;
    }
    put_question(
        Question::NewGame, [this] { return concat("Abandon this game and start a new one? ", yes_no()); },
        [this](bool yes) {
            if (yes) set_aside_game([this] { new_game(); });
        });
}

void Controller::toggle_auto_flip() {
    ui_.auto_flip = !ui_.auto_flip;
    ui_.message = ui_.auto_flip ? "The board turns so the side to move is at the bottom." : "The board stays as it is.";
    refresh();
}

void Controller::show_help(std::optional<int> page) {
    ui_.help_open = page.has_value();
    ui_.help_page = page.value_or(0);
}

void Controller::turn_help_page() {
    // Past the last page the help closes.
    show_help(ui_.help_page + 1 < help_pages_ ? std::optional<int>(ui_.help_page + 1) : std::nullopt);
}

void Controller::ask_resign() {
    if (game().over()) ui_.message = "The game is over.";
    else if (!keyboard_side()) ui_.message = "The computer plays both sides.";
    else
        put_question(
            Question::Resign,
            [this] {
                const Color side = keyboard_side().value_or(game().position().side_to_move);
                return concat("Resign for ", players().label(side), "? ", yes_no());
            },
            [this](bool yes) { answer_resign(yes); });
}

bool Controller::network_allows(const Action& action) {
    using K = Action::Kind;
    const std::optional<Color> mine = keyboard_side();
    // Which actions a seat or a watcher may take is the registry's (each row's contexts); here, why not.
    if (!allowed_in(action, mine ? kAtSeat : kWatching)) {
        // The host's game is the one played: its player starts the next once this one is over.
        if (action.kind == K::NewGame && link_.hosts && game().over()) return true;
        ui_.message = not_over_the_network(action.kind);
        return false;
    }
    if (action.kind != K::Undo && action.kind != K::OfferDraw) return true;
    // A take-back or a draw goes to the other player as an offer.
    const bool takeback = action.kind == K::Undo;
    if (game().over()) ui_.message = "The game is over.";
    else if (takeback && game().ply() == 0) ui_.message = "Nothing to take back.";
    else if (auto problem = link_.offer(takeback)) ui_.message = *problem;
    else
        ui_.message = concat(takeback ? "Take-back asked" : "Draw offered", ": waiting for ",
                             players().name(opponent(*mine)), "'s answer.");
    return false;
}

std::string Controller::not_over_the_network(Action::Kind kind) const {
    using K = Action::Kind;
    switch (kind) {
        case K::NewGame:
            return link_.hosts ? concat("A new game once this one is over: ", keys_.first("resign"), " resigns, ",
                                        keys_.first("draw"), " offers a draw.")
                               : "The host starts a new game: this screen follows the host's game.";
        case K::Pause:
            // The host's clock is the authority and nobody at one terminal may stop the other's time.
            return clock()       ? "No pause in a game over the network: the host's clocks run for both players."
                   : link_.hosts ? "No clocks: host with --clock 5+3 for them; over the network they never pause."
                                 : "No clocks: the host sets the clock, and over the network no clock is paused.";
        case K::Puzzles: return "The puzzles open from a game at one keyboard: over the network the game goes on.";
        case K::Redo:
        case K::Open:
            return link_.hosts ? "Not in a game over the network: it is played move by move on both screens."
                               : "Not in a game over the network: the host's game is the one played.";
        // What only the players do: a watcher is told what it can do instead, at the key.
        default: return watching_text();
    }
}

bool Controller::unsaved_game() const {
    // A saved game shown while asking about it is still in its file.
    return !autosaved_ && !ui_.replay && !before_preview_ && (game().ply() > 0 || !game().redo_line().empty()) &&
           !table_.history().holds(game());
}

std::optional<std::string> Controller::keep_unsaved_game() {
    return unsaved_game() ? archive_.keep_game_in_play() : std::nullopt;
}

void Controller::changed() {
    table_.touch();
    ui_.hint.reset();
    // A position browsed stays in view while the game goes on (the computer moves); one the game no
    // longer reaches is left.
    if (ui_.viewing && *ui_.viewing >= game().ply()) ui_.viewing.reset();
    refresh();
}

bool Controller::changes_the_game(const Action& action) const {
    using K = Action::Kind;
    // A click chooses as the cursor does, and a move typed at the prompt is played: neither is a row.
    if (action.kind == K::Click || action.kind == K::ViewOnly) return true;
    if (action.kind == K::PromptSubmit) return ui_.prompt.kind() == PromptKind::Move;
    // What may be done to a position only looked at is the registry's (the rows allowed kLookingBack).
    return !allowed_in(action, kLookingBack);
}

void Controller::step_view(Action::Kind kind) {
    using K = Action::Kind;
    const std::size_t live = game().ply(), from = shown_ply();
    std::size_t to = from;
    switch (kind) {
        case K::StepBack: to = from > 0 ? from - 1 : 0; break;
        case K::StepForward: to = std::min(from + 1, live); break;
        case K::StepFirst: to = 0; break;
        default: to = live; break;
    }
    if (to == from && (kind == K::StepBack || kind == K::StepForward)) {
        ui_.message = kind == K::StepBack ? "This is the start of the game."
                      : ui_.replay        ? "This is the last move."
                                          : concat("This is the game as it stands: ", keys_.first("step-back"),
                                                   " steps back through it.");
        return;
    }
    clear_selection();
    ui_.hint.reset();
    const bool was_browsing = ui_.viewing && !ui_.replay;
    // The game as it stands is shown as the game itself, with no ply to view.
    ui_.viewing = to < live ? std::optional<std::size_t>(to) : std::nullopt;
    if (was_browsing && !ui_.viewing) ui_.message = "Back to the game.";
}

void Controller::open_prompt(PromptKind kind, std::string text, bool offered) {
    clear_selection();
    ui_.prompt.open(kind, std::move(text), offered);
}

void Controller::edit_prompt(PromptEdit e) {
    switch (e) {
        case PromptEdit::Complete: {
            if (ui_.prompt.kind() != PromptKind::Move) {
                ui_.message = concat(keys_.first("complete"), " completes moves, at the move prompt (",
                                     keys_.first("move"), ").");
                break;
            }
            ui_.message.clear();
            const PromptLine typed = ui_.prompt.line();
            const Completion done = complete_move(typed, legal_);
            ui_.prompt.set_line(done.line);
            if (legal_.empty()) {
                ui_.message = "No move to complete: the game is not in play.";
            } else if (done.choices.empty() && done.line == typed) {
                // Complete already, or no legal move begins so.
                const std::string begun = typed.text.substr(0, typed.cursor);
                const bool whole = std::any_of(legal_.begin(), legal_.end(),
                                               [&](const Move& m) { return to_string(m) == begun; });
                ui_.message = whole ? "" : concat("No legal move begins with ", begun, ".");
            } else if (!done.choices.empty()) {
                std::string list;
                for (const std::string& m : done.choices) list += concat(list.empty() ? "" : "  ", m);
                ui_.message = concat(done.choices.size(), " moves: ", list);
            }
            break;
        }
        default: ui_.prompt.edit(e); break;
    }
}

void Controller::refresh() {
    legal_ = game().legal_moves();
    if (game().over()) legal_.clear();
    if (ui_.auto_flip) ui_.flipped = game().position().side_to_move == Color::Black;
}

void Controller::move_cursor(ScreenDirection d) {
    const Direction dir = board_direction(d, ui_.flipped);
    const Point next = neighbour(ui_.cursor, dir);
    if (next.valid()) {
        ui_.cursor = next;
    } else if (is_diagonal(dir) && !has_diagonals(ui_.cursor)) {
        ui_.message = concat("No diagonal line from ", to_string(ui_.cursor), ".");
    }
}

void Controller::select_at(Point p) {
    // (Replay and browsing never get here: apply() refuses choosing on a board that is not the game's.)
    if (game().over()) {
        ui_.message = concat("The game is over: ", keys_.first("new-game"), " starts a new one, ", keys_.first("undo"),
                             " takes back the last move.");
        return;
    }
    if (player_to_move()) {
        ui_.message = !computer_to_move() ? waiting_text()
                      : keyboard_side()
                          ? concat("It is not your turn: the computer is thinking; ", keys_.first("undo"),
                                   " takes back your last move.")
                          : concat("The computer plays both sides: ", keys_.first("flip"), " flips the board, ",
                                   keys_.first("save"), " saves, ", keys_.first("new-game"), " starts a new game.");
        return;
    }
    Selection& s = ui_.selection;
    if (s.active() && contains(destinations(), p)) {
        extend(p);
        return;
    }
    if (s.active() && s.path.empty() && p == s.from) {
        // Said, as Esc's cancel is: a second Enter is easily pressed by mistake.
        clear_selection();
        ui_.message = "Selection cancelled.";
        return;
    }
    const Position& pos = game().position();
    if (s.path.empty() && contains(movable_pieces(legal_), p)) {
        s = Selection{p, {}};
        return;
    }
    // Why not, from the rules core: as a landing point for the chosen piece (mid-capture, or any point
    // that is not one of the player's pieces), else as a piece to choose.
    std::vector<Point> tried = s.path;
    tried.push_back(p);
    const bool landing = s.active() && (!s.path.empty() || !contains(pos.us(), p));
    const bool capture = has_capture(pos, game().rules());
    Refusal why = landing ? refusal(pos, game().rules(), s.from, tried, capture, false)
                          : refusal(pos, game().rules(), p, {}, capture, false);
    // On the board a first landing is not written as a step or a capture: nothing to jump means a step.
    if (why.kind == RefusalKind::NothingToCapture && s.path.empty())
        why = refusal(pos, game().rules(), s.from, tried, false, false);
    ui_.message = sentence(describe(why));
}

void Controller::extend(Point land) {
    Selection& s = ui_.selection;
    s.path.push_back(land);
    // Forced continuations are taken at once; the move is played as soon as only one remains.
    while (true) {
        const std::vector<Move> matches = matching_moves(legal_, s);
        if (matches.size() == 1) {
            play(matches.front());
            return;
        }
        const Bitboard next = next_landings(legal_, s);
        if (popcount(next) != 1) return;
        s.path.push_back(lowest(next));
    }
}

void Controller::play(const Move& m) {
    if (clocks_hold_moves()) return;
    const Color mover = game().position().side_to_move;
    // This keyboard's move goes to the host: it may refuse it (not this side's turn any more).
    // The table's event does what every move does after it (heard).
    auto played = play_on_game(m, networked() && seat(mover) == Seat::Keyboard);
    clear_selection();
    if (!played) ui_.message = played.error().message;
}

Expected<Move> Controller::play_on_game(const Move& m, bool through_link) {
    if (through_link && link_.send) {
        // The host plays it: the board changes when it comes back, as every move over the network.
        if (auto problem = link_.send(m)) return Error{*problem};
        move_sent_ = true;
        return m;
    }
    if (through_link)
        if (auto problem = link_.play(m)) return Error{*problem};
    auto played = table_.play(m);
    if (played && through_link && link_.played) link_.played();
    return played;
}

void Controller::announce_promotion(Color mover, const Move& m) {
    // Said as the computer's moves are: a man that becomes a mullah changes the game for both players.
    if (m.promotes) ui_.message = announcement(mover, m);
}

void Controller::clear_selection() { ui_.selection = Selection{}; }

void Controller::answer(bool yes) {
    // The question is gone before its answer is carried out, which may ask another.
    const Asked asked = std::exchange(asked_, Asked{});
    ui_.question = Question::None;
    if (asked.answer) asked.answer(yes);
}

void Controller::answer_resume(bool yes, const GameRecord& saved) {
    if (!yes) {
        set_aside_saved(saved);
        return;
    }
    before_preview_.reset();
    load(saved);
    ui_.message = concat("Game resumed.", ui_.message.empty() ? "" : " ", ui_.message);
}

void Controller::answer_replace(bool yes, const std::string& path) {
    if (!yes) {
        ui_.message = concat("Not saved: ", path, " was left as it is.");
    } else if (auto fitted = format_pdn_within(game(), tags(), false, kMaxRecordBytes, table_.comments(game()));
               !fitted) {
        ui_.message = concat("Not saved: ", fitted.error().message);
    } else if (auto problem = files_.write(path, fitted->text, true)) {
        ui_.message = concat("Not saved: ", *problem);
    } else {
        ui_.message = concat("Saved to ", path, " (replaced", cut_note(fitted->cut), ").");
        ui_.prompt.close();
    }
}

void Controller::answer_read_only(bool yes, const GameRecord& saved) {
    if (yes) {
        before_preview_.reset();
        load(saved);
        enter_replay("read-only: open in another fetaix");
    } else {
        end_preview();
        ui_.notice = "autosave off: the saved game is open in another fetaix";
    }
}

void Controller::answer_resume_unsaved(bool yes, const GameRecord& saved) {
    before_preview_.reset();
    load(saved);
    if (yes) {
        ui_.message = concat("Game resumed; its moves are not saved while the autosave fails.",
                             ui_.message.empty() ? "" : " ", ui_.message);
    } else {
        enter_replay("read-only: the autosave cannot be used");
    }
}

void Controller::answer_resign(bool yes) {
    if (!yes) return;
    if (networked()) {
        if (auto problem = link_.resign()) {
            ui_.message = *problem;
            return;
        }
    }
    table_.resign(keyboard_side().value_or(game().position().side_to_move));
    if (networked() && link_.resigned) link_.resigned();
}

void Controller::answer_offer(bool draw, bool yes) {
    if (networked()) {
        // Said either way, as the other player is told: an accepted offer then comes back from the host
        // as the new game.
        if (auto problem = link_.answer(yes)) ui_.message = *problem;
        else ui_.message = concat(yes ? "You accept the " : "You decline the ", draw ? "draw." : "take-back.");
        return;
    }
    if (yes) {
        table_.agree_draw();
    } else {
        ui_.message = concat(players().label(opponent(game().position().side_to_move)), " declines the draw.");
    }
}

void Controller::submit_prompt() {
    const std::string text = ui_.prompt.enter();
    if (text.empty()) {
        ui_.prompt.close();
        return;
    }
    // On failure the prompt stays open with the text, to be corrected; nothing else changes.
    bool done = false;
    switch (ui_.prompt.kind()) {
        // A watcher's move is never played: said (play_typed), the prompt closes.
        case PromptKind::Move: done = play_typed(text) || watching(); break;
        case PromptKind::Chat: done = submit_chat(text); break;
        case PromptKind::Save: done = submit_save(text); break;
        case PromptKind::Open: done = submit_open(text); break;
    }
    if (!done) return;
    ui_.prompt.close();
}

bool Controller::submit_chat(const std::string& text) {
    if (auto problem = link_.chat ? link_.chat(text) : std::optional<std::string>("no game over the network")) {
        ui_.message = concat("Not sent: ", *problem);
        return false;
    }
    return true;
}

bool Controller::submit_save(const std::string& text) {
    if (!files_.write) {
        ui_.message = "Saving is not available.";
        return false;
    }
    const SaveTarget target = files_.examine ? files_.examine(text) : SaveTarget{};
    if (!target.refusal.empty()) {
        ui_.message = concat("Not saved: ", target.refusal);
        return false;
    }
    if (target.exists) {
        // The prompt stays open beneath the question: n leaves the name to be changed.
        put_question(
            Question::Replace,
            [this, text, contents = target.contents] {
                return concat("Replace ", text, " (", contents, ")? ", yes_no());
            },
            [this, text](bool yes) { answer_replace(yes, text); });
        return false;
    }
    const auto fitted = format_pdn_within(game(), tags(), false, kMaxRecordBytes, table_.comments(game()));
    if (!fitted) {
        ui_.message = concat("Not saved: ", fitted.error().message);
        return false;
    }
    if (auto problem = files_.write(text, fitted->text, false)) {
        ui_.message = concat("Not saved: ", *problem);
        return false;
    }
    ui_.message = fitted->cut.empty() ? concat("Saved to ", text, ".")
                                      : concat("Saved to ", text, " (", cut_note(fitted->cut).substr(2), ").");
    return true;
}

bool Controller::submit_open(const std::string& text) {
    if (!files_.read) {
        ui_.message = "Opening is not available.";
        return false;
    }
    // A game of the history, numbered as `fetaix games` lists them, or a file.
    const Expected<std::string> named = store::record_path(
        text, store::names_history_game(text) && files_.history ? files_.history() : std::vector<std::string>{});
    if (!named) {
        ui_.message = concat("Not opened: ", named.error().message, ".");
        return false;
    }
    const std::string& path = *named;
    // Read on the program's worker thread: a long record takes a while to check, and the
    // screen answers meanwhile. The prompt stays open behind, for a name to correct.
    read_request_ = path;
    reading_path_ = path;
    ui_.reading = text;
    ui_.message = concat("Reading ", text, "... (", keys_.first("cancel"), " stops)");
    return false;
}

void Controller::enter_at_prompt(PromptKind kind, std::string text) {
    ui_.message.clear();
    open_prompt(kind, std::move(text));
    submit_prompt();
    if (ui_.question == Question::None) close_prompt();
}

bool Controller::play_typed(const std::string& text) {
    ui_.message.clear();
    // Whoever calls: a game only looked at (replayed, browsed) is never played on.
    if (ui_.replay || ui_.viewing) {
        ui_.message = "Nothing can be played on a game only looked at.";
        return false;
    }
    if (player_to_move()) {
        ui_.message = computer_to_move() ? "It is not your turn: the computer is to move." : waiting_text();
        return false;
    }
    if (clocks_hold_moves()) return false;
    // Over the network the session plays it (the host decides); read here first, as the game reads it.
    // Typed in capitals (C2-C3) it is the same move, as the screen-reader's lines read it.
    std::string lowered = text;
    for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto move = game().over() ? Expected<Move>(Error{concat("the game is over: ", describe(game().result().reason))})
                              : parse_move(lowered, game().position(), game().rules());
    auto played = move ? play_on_game(*move, networked()) : move;
    if (!played) {
        // A long line is shown cut, so that the reason fits.
        constexpr std::size_t kShown = 24;
        const std::string shown = text.size() <= kShown ? std::string(text) : concat(text.substr(0, kShown - 1), "…");
        ui_.message = concat(shown, ": ", played.error().message);
        return false;
    }
    // A game that has just ended goes to the history at once, as after any action.
    archive_if_finished();
    return true;
}

void Controller::finish_read(Expected<GameRecord> record) {
    if (ui_.reading.empty()) return;  // stopped with Esc meanwhile
    const std::string name = std::exchange(ui_.reading, "");
    const std::string path = std::exchange(reading_path_, "");
    ui_.message.clear();
    if (!record) {
        ui_.message = concat("Not opened: ", record.error().describe());
        return;
    }
    ui_.prompt.close();
    if (game_in_progress()) {
        ask_open_other(std::move(*record), name, path, false);
        return;
    }
    GameRecord opened = std::move(*record);
    set_aside_game([this, opened, name, path] { open_record(opened, name, path, false); });
}

bool Controller::game_in_progress() const { return game().ply() > 0 && !game().over(); }

void Controller::open_record(const GameRecord& record, const std::string& name, const std::string& path,
                             bool command_line_wins) {
    load(record, command_line_wins);
    // The game is in its file: kept in the history again only once it changes, and in place of that
    // file when it is the history's (a game of the history taken up again is kept once).
    table_.history().kept = play::history_key(game());
    if (archive_.holds_file(path)) table_.history().path = path;
    const std::string players = ui_.message;
    ui_.message = record.notes.empty() ? concat("Opened ", name, ".")
                                       : concat("Opened ", name, "; note: ", record.notes.front());
    if (!players.empty()) ui_.message += concat(" ", players);
}

void Controller::new_game() {
    // The command line's rules, if it gave any (a game resumed under others kept its own), else these.
    table_.begin(Game(command_line_rules_.value_or(game().rules()), table_.start()), table_.start());
    ui_.viewing.reset();
    table_.history().path.clear();
    clear_selection();
    ui_.message = "New game.";
    changed();
}

void Controller::set_clocks(std::optional<TimeControl> white, std::optional<TimeControl> black) {
    table_.set_controls(white, black);
    sync_clock();
}

void Controller::host_times(bool elsewhere) {
    table_.set_timer(elsewhere ? play::Timer::HostElsewhere : play::Timer::Host);
    sync_clock();
}

bool Controller::nobody_here() const {
    // A saved game shown for a question, a file waiting to be opened, a replay, a game hidden by a
    // terminal too small to show it, a game taken over by another terminal, a host gone: nobody is
    // playing here.
    return before_preview_ || ui_.replay || ui_.question == Question::OpenOther || waits_for_screen() ||
           !taken_over_.empty() || !link_lost_.empty();
}

void Controller::sync_clock() { table_.sync_clock(nobody_here()); }

bool Controller::clocks_hold_moves() {
    // Paused clocks stop the game, not only the time: a move then would be played on nobody's time.
    if (!clock() || !clock_paused() || game().over()) return false;
    clear_selection();
    ui_.message = concat("The clocks are paused: ", keys_.first("pause"), " starts them again.");
    return true;
}

bool Controller::tick() {
    const play::Table::Tick t = table_.tick(nobody_here());
    if (t.fell) {
        // The table's event (Ended) has shown the game over; the fall is said and kept.
        clear_selection();
        ui_.message = time_up_text(*t.fell);
        bell_due_ = bell_on_;
        archive_if_finished();
    }
    if (t.warned) bell_due_ = bell_on_;
    return t.running;
}

}  // namespace fetaix::front
