#include "line/line_game.hpp"

#include <algorithm>
#include <utility>

#include "line/typed.hpp"
#include "text/display.hpp"

namespace fetaix::line {

namespace {

using K = front::Action::Kind;

// The rest of a line after its first word (save FILE, open FILE), spaces around it left out; the
// name keeps its case.
std::string_view argument_of(std::string_view line) {
    const std::string_view text = trimmed(line);
    const std::size_t space = text.find_first_of(" \t");
    return space == std::string_view::npos ? std::string_view{} : trimmed(text.substr(space));
}

}  // namespace

const front::KeyAction* Command::row() const { return action ? &front::actions()[*action] : nullptr; }

std::string_view Command::name() const { return action ? front::actions()[*action].name : std::string_view{}; }

Command read_command(std::string_view line) {
    const std::string_view text = trimmed(line);
    if (text.empty()) return {};
    const std::string_view first = text.substr(0, text.find_first_of(" \t"));
    if (const auto row = front::find_typed(first)) {
        const std::string_view argument = argument_of(text);
        // A word that takes nothing stands alone: "undo now" is no command.
        if (argument.empty() || !front::actions()[*row].takes.empty()) return {Command::Is::Action, row, argument};
        return {Command::Is::Unknown, std::nullopt, {}};
    }
    const std::string word = lowered(text);
    // Shaped as a move (a letter, then a digit): read as one, so that "z9-c3" is told its point is not on
    // the board rather than that no command has that name.
    if (word.size() >= 2 && word[0] >= 'a' && word[0] <= 'z' && word[1] >= '0' && word[1] <= '9')
        return {Command::Is::Move, front::find_key_action("move"), {}};
    return {Command::Is::Unknown, std::nullopt, {}};
}

template <typename Change>
std::vector<std::string> LineGame::telling(Change change, bool stepped) {
    Told before = told_;
    // The controller clears its message at every action: one there afterwards is new.
    before.message.clear();
    // Leaving, nothing more is said: the question asked said what becomes of the game.
    if (!change()) ended_ = true;
    std::vector<std::string> lines = ended_ ? std::vector<std::string>{} : changes(before, controller_, stepped);
    told_ = told(controller_);
    return lines;
}

std::vector<std::string> LineGame::act(K kind) {
    return telling([&] { return controller_.handle(front::Action::of(kind)); }, kind == K::Undo || kind == K::Redo);
}

std::vector<std::string> LineGame::at_prompt(front::PromptKind kind, std::string file) {
    return telling([&] {
        controller_.enter_at_prompt(kind, std::move(file));
        // The screen reads a file on a worker thread while keys go on; lines wait their turn anyway.
        if (auto path = controller_.take_read_request())
            controller_.finish_read(controller_.files().read(*path, nullptr));
        return true;
    });
}

std::vector<std::string> LineGame::opening() {
    const front::Controller& c = controller_;
    const Game& game = c.game();
    // Short lines, one item each: a braille display shows 40 cells or fewer at a time.
    std::vector<std::string> lines{"fetaix, screen-reader mode.", "Type a move, such as c2-c3.",
                                   concat("Type ", front::word_of("help"), " for the commands.")};
    lines.push_back(concat(c.players().label(Color::White), " against ", c.players().label(Color::Black), "."));
    for (std::string& line : rules_said(game.rules())) lines.push_back(std::move(line));
    if (const std::string timed = timed_said(c); !timed.empty()) lines.push_back(timed);
    if (const std::string notice = c.shown_notice(); !notice.empty()) lines.push_back(concat("Notice: ", notice));
    if (!c.ui().message.empty()) lines.push_back(c.ui().message);
    if (game.ply() > 0 || !game.redo_line().empty()) lines.push_back(game_said(game));
    if (c.ui().question == front::Question::None) {
        for (std::string& line : state_said(c)) lines.push_back(std::move(line));
    } else {
        lines.push_back(question_said(c.question_text()));
    }
    told_ = told(c);
    return lines;
}

namespace {

// Where the registry allows the command; an empty line is allowed anywhere, an unknown word answered apart.
bool allowed_in(const Command& command, front::GameContext context) {
    return command.row() == nullptr ? command.is == Command::Is::Empty : (command.row()->allowed & context) != 0;
}

// Why the command is not taken now: a question waits (what only tells about the game may still be
// asked), or the game is only looked at (open in another fetaix). The screen's refusals name its keys,
// these the words.
std::optional<std::string> refusal(const front::Controller& c, const Command& command) {
    if (c.ui().question != front::Question::None && !allowed_in(command, front::kWhileAsked))
        return concat("Answer ", front::word_of("yes"), " or ", front::word_of("no"),
                      " first: ", question_said(c.question_text()));
    if (c.ui().replay && command.row() && !allowed_in(command, front::kLookingBack)) {
        const std::string why = c.ui().replay_reason.empty() ? "replaying" : c.ui().replay_reason;
        return concat("Nothing can be played: ", why, ". ", front::words_allowed(front::kLookingBack), " work.");
    }
    return std::nullopt;
}

// An unknown command, repeated at most in part: a screen reader reads every character.
std::string unknown_said(std::string_view line) {
    const std::string shown = text::printable(trimmed(line));
    const std::string head = text::head_of_width(shown, 40);
    return concat("Unknown command '", head, head.size() < shown.size() ? "..." : "", "': type ",
                  front::word_of("help"), " for the commands.");
}

}  // namespace

std::vector<std::string> LineGame::enter(std::string_view line) {
    const Command command = read_command(line);
    // While a question waits, it is answered first.
    if (controller_.ui().question != front::Question::None && command.is == Command::Is::Action &&
        (command.name() == "yes" || command.name() == "no")) {
        std::vector<std::string> lines = act(command.row()->kind);
        // Replace the file? answered: the save prompt the screen keeps open for another name is
        // no place of this mode's.
        if (controller_.ui().question == front::Question::None) controller_.close_prompt();
        return lines;
    }
    if (auto why = refusal(controller_, command)) return {*why};
    switch (command.is) {
        case Command::Is::Empty: return {};
        case Command::Is::Move:
            return telling([&] {
                // Refused, the controller's message says why.
                (void)controller_.play_typed(lowered(trimmed(line)));
                return true;
            });
        case Command::Is::Action: return perform(*command.row(), command.argument);
        case Command::Is::Unknown: break;
    }
    return {unknown_said(line)};
}

std::vector<std::string> LineGame::perform(const front::KeyAction& action, std::string_view argument) {
    const front::Controller& c = controller_;
    // What only this mode says (the screen shows it), by the action's name in the registry.
    if (action.name == "board") return board_said(c.shown_position());
    if (action.name == "moves") return {moves_said(c.legal_moves())};
    if (action.name == "last") {
        const Game& game = c.game();
        if (game.ply() == 0) return {"No move has been played yet."};
        return {concat("Last move: ", move_said(game.position_at(game.ply() - 1), game.move(game.ply())), ".")};
    }
    if (action.name == "list") return {game_list_said(c.game())};
    if (action.name == "clock") return {clocks_said(c)};
    using K = front::Action::Kind;
    switch (action.kind) {
        case K::Help: return help_said(controller_.game().rules());
        case K::Yes:
        case K::No: return {"There is no question to answer."};
        case K::Save: {
            // Without a name, the name the screen's prompt suggests (never one already taken).
            std::string file(argument);
            if (file.empty() && c.files().default_save_name) file = c.files().default_save_name();
            return at_prompt(front::PromptKind::Save, std::move(file));
        }
        case K::Open: {
            if (!argument.empty()) return at_prompt(front::PromptKind::Open, std::string(argument));
            const std::vector<std::string> past = c.files().history ? c.files().history() : std::vector<std::string>{};
            const std::string ask = concat("Open what? Type ", front::word_of("open"), " and a file name");
            return {past.empty()
                        ? concat(ask, ".")
                        : concat(ask, ", or #1 to #", past.size(), " from the game history; #1: ",
                                 c.files().describe_past ? c.files().describe_past(past.front()) : past.front(), ".")};
        }
        case K::Review: {
            const bool stopping = c.reviewing();
            progress_said_ = 0;
            std::vector<std::string> lines = act(K::Review);
            if (!stopping && controller_.reviewing())
                lines.push_back(concat("Type ", front::word_of("review"),
                                       " again to stop it; other commands work meanwhile."));
            return lines;
        }
        case K::Chat:
            if (argument.empty()) return {concat("Chat what? Type ", front::word_of("chat"), " and the line to send.")};
            return at_prompt(front::PromptKind::Chat, std::string(argument));
        // The rest is the controller's, as the screen's keys are.
        default: return act(action.kind);
    }
}

std::vector<std::string> LineGame::computer_moves(const Move& m) {
    return telling([&] {
        controller_.play_delivered(m);
        return true;
    });
}

std::vector<std::string> LineGame::review_said() const {
    const engine::Review* review = controller_.review();
    if (!review) return {};
    const Game& game = controller_.game();
    std::vector<std::string> lines = engine::review_head(game, *review);
    lines.push_back("Moves:");
    for (const engine::MoveReview& m : review->moves) lines.push_back(engine::review_move_line(game, m));
    return lines;
}

std::vector<std::string> LineGame::review_progress_said() {
    if (!controller_.reviewing()) return {};
    const auto [done, total] = controller_.review_progress();
    if (done < progress_said_ + 10 || done == total) return {};
    progress_said_ = done - done % 10;
    return {concat("Reviewing: position ", done, " of ", total, ".")};
}

std::vector<std::string> LineGame::news() {
    std::vector<std::string> lines = changes(told_, controller_);
    told_ = told(controller_);
    return lines;
}

}  // namespace fetaix::line
