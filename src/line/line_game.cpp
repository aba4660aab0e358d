#include "line/line_game.hpp"

#include <algorithm>
#include <utility>

#include "text/display.hpp"

namespace fetaix::line {

namespace {

using K = tui::Action::Kind;

std::string_view trimmed(std::string_view text) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!text.empty() && space(text.front())) text.remove_prefix(1);
    while (!text.empty() && space(text.back())) text.remove_suffix(1);
    return text;
}

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

namespace {

// The rest of a line after its first word (save FILE, open FILE), spaces around it left out; the
// name keeps its case.
std::string_view argument_of(std::string_view line) {
    const std::string_view text = trimmed(line);
    const std::size_t space = text.find_first_of(" \t");
    return space == std::string_view::npos ? std::string_view{} : trimmed(text.substr(space));
}

}  // namespace

Word read_word(std::string_view line) {
    const std::string word = lowered(trimmed(line));
    if (word.empty()) return Word::Empty;
    // A file name may follow save and open.
    const std::string first = word.substr(0, word.find_first_of(" \t"));
    if (first == "save") return Word::Save;
    if (first == "open") return Word::Open;
    static constexpr std::pair<std::string_view, Word> kWords[] = {
        {"board", Word::Board}, {"moves", Word::Moves}, {"last", Word::Last},     {"undo", Word::Undo},
        {"redo", Word::Redo},   {"draw", Word::Draw},   {"resign", Word::Resign}, {"new", Word::New},
        {"help", Word::Help},   {"quit", Word::Quit},   {"yes", Word::Yes},       {"y", Word::Yes},
        {"no", Word::No},       {"n", Word::No},      {"clock", Word::Clock},   {"hint", Word::Hint},
        {"list", Word::List},
    };
    for (const auto& [name, w] : kWords)
        if (word == name) return w;
    if (word.size() >= 2 && word[0] >= 'a' && word[0] <= 'e' && word[1] >= '0' && word[1] <= '9') return Word::Move;
    return Word::Unknown;
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
    return telling([&] { return controller_.handle(tui::Action::of(kind)); }, kind == K::Undo || kind == K::Redo);
}

std::vector<std::string> LineGame::at_prompt(tui::PromptKind kind, std::string file) {
    return telling([&] {
        controller_.enter_at_prompt(kind, std::move(file));
        // The screen reads a file on a worker thread while keys go on; lines wait their turn anyway.
        if (auto path = controller_.take_read_request()) controller_.finish_read(controller_.files().read(*path, nullptr));
        return true;
    });
}

std::vector<std::string> LineGame::opening() {
    const tui::Controller& c = controller_;
    const Game& game = c.game();
    // Short lines, one item each: a braille display shows 40 cells or fewer at a time.
    std::vector<std::string> lines{"fetaix, screen-reader mode.", "Type a move, such as c2-c3.", "Type help for the commands."};
    lines.push_back(concat(c.players().label(Color::White), " against ", c.players().label(Color::Black), "."));
    // In the order of the screen's rules panel, a switch a line.
    std::vector<const RuleSwitch*> switches;
    for (const RuleSwitch& s : kRuleSwitches) switches.push_back(&s);
    std::stable_sort(switches.begin(), switches.end(), [](const RuleSwitch* a, const RuleSwitch* b) { return a->panel_line < b->panel_line; });
    for (const RuleSwitch* s : switches) lines.push_back(concat("Rule: ", switch_phrase(*s, game.rules()), "."));
    if (const std::string notice = c.shown_notice(); !notice.empty()) lines.push_back(concat("Notice: ", notice));
    if (!c.ui().message.empty()) lines.push_back(c.ui().message);
    if (game.ply() > 0 || !game.redo_line().empty()) lines.push_back(game_said(game));
    if (c.ui().question == tui::Question::None) {
        for (std::string& line : state_said(c)) lines.push_back(std::move(line));
    } else {
        lines.push_back(question_said(c.question_text()));
    }
    told_ = told(c);
    return lines;
}

std::vector<std::string> LineGame::enter(std::string_view line) {
    const Word word = read_word(line);
    const std::string typed = lowered(trimmed(line));
    const tui::Controller& c = controller_;
    // While a question waits, it is answered first; what only tells about the game may still be asked.
    if (c.ui().question != tui::Question::None) {
        switch (word) {
            case Word::Yes:
            case Word::No: {
                std::vector<std::string> lines = act(word == Word::Yes ? K::Yes : K::No);
                // Replace the file? answered: the save prompt the screen keeps open for another name is
                // no place of this mode's.
                if (controller_.ui().question == tui::Question::None) controller_.close_prompt();
                return lines;
            }
            case Word::Empty:
            case Word::Board:
            case Word::Moves:
            case Word::Last:
            case Word::List:
            case Word::Clock:
            case Word::Help: break;
            default: return {concat("Answer yes or no first: ", question_said(c.question_text()))};
        }
    }
    // A game only looked at (open in another fetaix): the screen's refusal names its keys, this one the words.
    if (c.ui().replay && (word == Word::Undo || word == Word::Redo || word == Word::Draw || word == Word::Resign ||
                          word == Word::New || word == Word::Move || word == Word::Hint || word == Word::Open)) {
        const std::string why = c.ui().replay_reason.empty() ? "replaying" : c.ui().replay_reason;
        return {concat("Nothing can be played: ", why, ". board, moves, last, list, save, help and quit work.")};
    }
    switch (word) {
        case Word::Empty: return {};
        case Word::Board: return board_said(c.shown_position());
        case Word::Moves: return {moves_said(c.legal_moves())};
        case Word::Last: {
            const Game& game = c.game();
            if (game.ply() == 0) return {"No move has been played yet."};
            return {concat("Last move: ", move_said(game.position_at(game.ply() - 1), game.move(game.ply())), ".")};
        }
        case Word::List: return {game_list_said(c.game())};
        case Word::Hint: return act(K::Hint);
        case Word::Save: {
            // Without a name, the name the screen's prompt suggests (never one already taken).
            std::string file(argument_of(line));
            if (file.empty() && c.files().default_save_name) file = c.files().default_save_name();
            return at_prompt(tui::PromptKind::Save, std::move(file));
        }
        case Word::Open: {
            const std::string file(argument_of(line));
            if (!file.empty()) return at_prompt(tui::PromptKind::Open, file);
            const std::vector<std::string> past = c.files().history ? c.files().history() : std::vector<std::string>{};
            return {past.empty() ? std::string("Open what? Type open and a file name.")
                                 : concat("Open what? Type open and a file name, or #1 to #", past.size(),
                                          " from the game history; #1: ",
                                          c.files().describe_past ? c.files().describe_past(past.front()) : past.front(), ".")};
        }
        case Word::Help: return help_said();
        case Word::Clock: return {clocks_said(c)};
        case Word::Undo: return act(K::Undo);
        case Word::Redo: return act(K::Redo);
        case Word::Draw: return act(K::OfferDraw);
        case Word::Resign: return act(K::Resign);
        case Word::New: return act(K::NewGame);
        case Word::Quit: return act(K::Quit);
        case Word::Yes:
        case Word::No: return {"There is no question to answer."};
        case Word::Move:
            return telling([&] {
                // Refused, the controller's message says why.
                (void)controller_.play_typed(typed);
                return true;
            });
        case Word::Unknown: break;
    }
    // Repeated at most in part: a screen reader reads every character.
    const std::string shown = text::printable(trimmed(line));
    const std::string head = text::head_of_width(shown, 40);
    return {concat("Unknown command '", head, head.size() < shown.size() ? "...": "", "': type help for the commands.")};
}

std::vector<std::string> LineGame::computer_moves(const Move& m) {
    return telling([&] {
        controller_.play_delivered(m);
        return true;
    });
}

std::vector<std::string> LineGame::news() {
    std::vector<std::string> lines = changes(told_, controller_);
    told_ = told(controller_);
    return lines;
}

}  // namespace fetaix::line
