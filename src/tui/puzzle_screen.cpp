#include "tui/puzzle_screen.hpp"

#include <algorithm>
#include <cmath>

#include "learn/lessons.hpp"

namespace fetaix::tui {

namespace {

std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

std::string joined(const std::vector<std::string>& words, std::string_view between) {
    std::string out;
    for (const std::string& w : words) out += concat(out.empty() ? "" : between, w);
    return out;
}

}  // namespace

PuzzleScreen::PuzzleScreen(front::PuzzleRun& run, KeyMap keys) : run_(run), keys_(std::move(keys)) {
    show(run_.take_problem());
}

void PuzzleScreen::show(std::string message) {
    const puzzle::Attempt& a = run_.attempt();
    controller_ = std::make_unique<Controller>(a.puzzle.rules, Players{}, a.start);
    controller_->set_keys(keys_);
    for (std::size_t i = 0; i < a.ply && i < a.line.size(); ++i) (void)controller_->table().play(a.line[i]);
    // The player's side at the bottom.
    if (a.player() == Color::Black) controller_->handle(Action::of(Action::Kind::Flip));
    if (message.empty())
        message = concat("Arrows and ", keys_.first("select"), ": your piece, then where it goes; or ",
                         keys_.first("move"), " and the move (c2-c3).");
    controller_->tell(std::move(message));
}

std::string PuzzleScreen::with_news(std::string text) {
    const std::string change = run_.take_rating_change();
    if (!change.empty()) text = concat(text, " ", change);
    const std::string problem = run_.take_problem();
    if (!problem.empty()) text = concat(text, " ", problem);
    return text;
}

std::string PuzzleScreen::keys_line() const {
    return concat(keys_.first("new-game"), " next puzzle  ", keys_.first("redo"), " retry  ", keys_.first("hint"),
                  " hint  ", keys_.first("move"), " type a move  ", keys_.first("help"), " keys  ", keys_.first("quit"),
                  " quit");
}

InputMode PuzzleScreen::mode() const {
    const InputMode m = controller_->mode();
    return m == InputMode::Prompt || m == InputMode::TooSmall ? m : InputMode::Board;
}

bool PuzzleScreen::take_explanation() {
    auto why = run_.take_explanation();
    if (!why) return false;
    controller_->tell(concat(*why, " Try again.", wrong_));
    wrong_.clear();
    return true;
}

bool PuzzleScreen::handle(const Action& action) {
    using K = Action::Kind;
    if (action.kind == K::Quit) return false;
    if (controller_->mode() == InputMode::TooSmall) return true;
    // A typed move goes through the prompt; anything else on the prompt is the prompt's.
    const bool at_prompt = controller_->mode() == InputMode::Prompt;
    if (!at_prompt) {
        switch (action.kind) {
            case K::NewGame:
                run_.next();
                wrong_.clear();
                show(run_.take_problem());
                return true;
            case K::Redo:
                run_.retry();
                wrong_.clear();
                show(run_.take_problem());
                return true;
            case K::Hint: controller_->tell(with_news(run_.hint())); return true;
            // No help page of its own: every key of the puzzles, in the message lines.
            case K::Help:
                controller_->tell(concat(
                    "Keys: arrows, and ", keys_.first("cursor-up-left"), " ", keys_.first("cursor-up-right"), " ",
                    keys_.first("cursor-down-left"), " ", keys_.first("cursor-down-right"), " on the diagonals; ",
                    keys_.first("select"), " picks, ", keys_.first("cancel"), " cancels; ", keys_.first("new-game"),
                    " next, ", keys_.first("redo"), " retry, ", keys_.first("hint"), " hint, ", keys_.first("move"),
                    " type a move, ", keys_.first("flip"), " flip, ", keys_.first("quit"), " quit."));
                return true;
            case K::MoveCursor:
            case K::Select:
            case K::Click:
            case K::Cancel:
            case K::OpenPrompt:
            case K::Flip:
            case K::Redraw:
            case K::None: break;
            default:
                controller_->tell(concat("Not a key of the puzzles: ", keys_.first("new-game"), " next, ",
                                         keys_.first("redo"), " retry, ", keys_.first("hint"), " hint, ",
                                         keys_.first("move"), " type a move, ", keys_.first("help"), " keys, ",
                                         keys_.first("quit"), " quit."));
                return true;
        }
        if (run_.attempt().solved && action.kind != K::MoveCursor && action.kind != K::Flip &&
            action.kind != K::Redraw && action.kind != K::None) {
            controller_->tell(concat("This puzzle is solved: ", keys_.first("new-game"), " for the next one, ",
                                     keys_.first("redo"), " to play it again."));
            return true;
        }
    }
    const std::size_t ply = controller_->game().ply();
    controller_->handle(action);
    if (controller_->game().ply() <= ply) return true;
    const Move m = controller_->game().moves().back();
    const puzzle::Answer a = run_.answer(m);
    switch (a.kind) {
        case puzzle::Answer::Kind::Right:
            (void)controller_->table().play(*a.reply);
            controller_->tell(with_news(concat("Right: ", to_string(m), ". ", side(opponent(run_.attempt().player())),
                                               " answers ", to_string(*a.reply), ": your move.")));
            return true;
        case puzzle::Answer::Kind::Solved:
            controller_->tell(with_news(concat("Solved! ", to_string(m), " wins. Press ", keys_.first("new-game"),
                                               " for the next puzzle.")));
            return true;
        case puzzle::Answer::Kind::Wrong: {
            // Taken back: the position before it again, and why, once the tables have said; the news (the
            // rating's change) stays after it.
            wrong_ = with_news("");
            show(concat(to_string(m), " does not win: the endgame tables are working out why...", wrong_));
            take_explanation();
            return true;
        }
        case puzzle::Answer::Kind::Refused: controller_->tell(a.text); return true;
    }
    return true;
}

Frame PuzzleScreen::compose(int rows, int columns, const Glyphs& glyphs) const {
    Frame f = tui::compose(*controller_, rows, columns, glyphs);
    if (!screen_fits(rows, columns)) return f;
    const puzzle::Attempt& a = run_.attempt();
    const puzzle::Puzzle& p = a.puzzle;
    const BoardGeometry board = board_geometry(rows, columns);
    const std::string before = run_.before();
    overlay_title(f, concat("fetaix puzzle ", p.id, ": ", run_.index() + 1, " of ", run_.puzzles().size(),
                            a.solved          ? " (solved)"
                            : !before.empty() ? concat(" (", before, ")")
                                              : ""));
    // The side panel: the puzzle, the player's rating, the task.
    const int width = overlay_panel_width(f, board);
    std::vector<std::string> text;
    const auto add = [&](const std::string& s) {
        for (std::string& w : learn::wrap(s, width)) text.push_back(std::move(w));
    };
    add(concat("Themes: ", joined(p.themes, ", ")));
    add(concat("Difficulty: ", p.difficulty, " of 5 (rated ", run_.puzzle_rating(), ")"));
    if (p.rules != Rules{}) add(concat("Rules: ", describe(p.rules), "."));
    add(concat("Your puzzle rating: ", run_.rating(), " (deviation ",
               static_cast<int>(std::lround(run_.progress().rating.deviation)), ")"));
    add(concat("Solved: ", run_.progress().solved_count(), " of ", run_.puzzles().size()));
    text.push_back("");
    std::string line;
    for (std::size_t i = 0; i < a.ply && i < a.line.size(); ++i)
        line += concat(line.empty() ? "" : " ", to_string(a.line[i]));
    if (!line.empty()) add(concat("Played: ", line));
    overlay_panel(
        f, board, std::move(text),
        learn::wrap(a.solved ? std::string("Solved.")
                             : concat(side(controller_->game().position().side_to_move), " to move and win (you)."),
                    width));
    overlay_key_line(f, board, keys_line());
    return f;
}

}  // namespace fetaix::tui
