#include "tui/learn_screen.hpp"

#include <algorithm>

namespace fetaix::tui {

LessonScreen::LessonScreen(learn::Course& course, KeyMap keys) : course_(course), keys_(std::move(keys)) {
    // Every lesson done: the list first, to pick one again.
    listing_ = course_.progress().done_count() == static_cast<int>(learn::lessons().size());
    list_cursor_ = course_.index();
    start_lesson(course_.take_problem());
    if (listing_) list_message_ = controller_->ui().message;
}

void LessonScreen::start_lesson(std::string message) {
    const learn::Lesson& l = course_.lesson();
    controller_ = std::make_unique<Controller>(l.rules, Players{}, *parse_fen(l.fen));
    controller_->set_keys(keys_);
    const Game before = learn::lesson_game(l);
    for (const Move& m : before.moves()) (void)controller_->table().play(m);
    // Nothing else to say: how a move is made, as in the game.
    if (message.empty())
        message = concat("Arrows and ", keys_.first("select"), ": your piece, then where it goes; or ",
                         keys_.first("move"), " and the move (c2-c3).");
    controller_->tell(std::move(message));
}

std::string LessonScreen::keys_line() const {
    return concat(keys_.first("new-game"), " next lesson  ", keys_.first("redo"), " again  ", keys_.first("hint"),
                  " hint  ", keys_.first("help"), " lessons  ", keys_.first("move"), " type a move  ",
                  keys_.first("quit"), " quit");
}

InputMode LessonScreen::mode() const {
    const InputMode m = controller_->mode();
    return m == InputMode::Prompt || m == InputMode::TooSmall ? m : InputMode::Board;
}

bool LessonScreen::handle(const Action& action) {
    using K = Action::Kind;
    const std::size_t total = learn::lessons().size();
    if (action.kind == K::Quit) return false;
    if (controller_->mode() == InputMode::TooSmall) return true;
    if (listing_) {
        list_message_.clear();
        if (action.kind == K::MoveCursor && action.direction == ScreenDirection::Up)
            list_cursor_ = list_cursor_ == 0 ? total - 1 : list_cursor_ - 1;
        else if (action.kind == K::MoveCursor && action.direction == ScreenDirection::Down)
            list_cursor_ = (list_cursor_ + 1) % total;
        else if (action.kind == K::Select) {
            course_.open(list_cursor_);
            listing_ = false;
            start_lesson(course_.take_problem());
        } else if (action.kind == K::Help || action.kind == K::Cancel) {
            listing_ = false;
        } else if (action.kind != K::None && action.kind != K::Redraw) {
            list_message_ = concat("Up and Down choose a lesson, Enter opens it, ", keys_.first("help"), " goes back, ",
                                   keys_.first("quit"), " quits.");
        }
        return true;
    }
    // A typed move goes through the prompt; anything else on the prompt is the prompt's.
    const bool at_prompt = controller_->mode() == InputMode::Prompt;
    if (!at_prompt) {
        switch (action.kind) {
            case K::NewGame:
                course_.next();
                start_lesson(course_.take_problem());
                return true;
            case K::Redo:
                course_.open(course_.index());
                start_lesson(course_.take_problem());
                return true;
            case K::Hint: controller_->tell(course_.hint()); return true;
            case K::Help:
                listing_ = true;
                list_cursor_ = course_.index();
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
                controller_->tell(concat("Not a key of the lessons: ", keys_.first("new-game"), " next, ",
                                         keys_.first("redo"), " again, ", keys_.first("hint"), " hint, ",
                                         keys_.first("help"), " lessons, ", keys_.first("move"), " type a move, ",
                                         keys_.first("quit"), " quit."));
                return true;
        }
        if (course_.solved() && action.kind != K::MoveCursor && action.kind != K::Flip && action.kind != K::Redraw &&
            action.kind != K::None) {
            controller_->tell(concat("This lesson is done: ", keys_.first("new-game"), " for the next one, ",
                                     keys_.first("redo"), " to play it again."));
            return true;
        }
    }
    const std::size_t ply = controller_->game().ply();
    controller_->handle(action);
    if (controller_->game().ply() <= ply) return true;
    const Move m = controller_->game().moves().back();
    const learn::Answer a = course_.answer(m);
    if (a.kind == learn::Answer::Kind::Done) {
        const bool all = course_.progress().done_count() == static_cast<int>(total);
        std::string said = concat("Done! ", a.text, " ",
                                  all ? "Every lesson is done: play with fetaix."
                                      : concat("Press ", keys_.first("new-game"), " for the next lesson."));
        const std::string problem = course_.take_problem();
        controller_->tell(problem.empty() ? said : concat(said, " ", problem));
        return true;
    }
    // Missed: the lesson's position again, and why.
    start_lesson(a.text);
    return true;
}

Frame LessonScreen::compose(int rows, int columns, const Glyphs& glyphs) const {
    Frame f = tui::compose(*controller_, rows, columns, glyphs);
    if (!screen_fits(rows, columns)) return f;
    const auto blank = [&](int row, int from) {
        for (int c = from; c < columns; ++c) f.set(row, c, " ", Role::Text);
    };
    const auto all = learn::lessons();
    const learn::Lesson& l = course_.lesson();
    if (listing_) {
        for (int r = 0; r < rows; ++r) blank(r, 0);
        f.write(0, 0,
                concat("fetaix learn: the lessons (", course_.progress().done_count(), " of ", all.size(), " done)"),
                Role::Title);
        for (std::size_t i = 0; i < all.size() && static_cast<int>(i) + 2 < rows - 2; ++i) {
            const std::string text = concat(i == list_cursor_ ? "> " : "  ", i + 1 < 10 ? " " : "", i + 1, ". ",
                                            course_.progress().done[i] ? "[done] " : "[    ] ", all[i].title);
            f.write(static_cast<int>(i) + 2, 0, text, i == list_cursor_ ? Role::Marker : Role::Text);
        }
        f.write(rows - 2, 0,
                list_message_.empty() ? concat("Up and Down choose, Enter opens, ", keys_.first("help"), " back, ",
                                               keys_.first("quit"), " quits.")
                                      : list_message_,
                Role::Message);
        return f;
    }
    const BoardGeometry board = board_geometry(rows, columns);
    overlay_title(f, concat("fetaix learn: lesson ", course_.index() + 1, " of ", all.size(), ": ", l.title,
                            course_.solved()                           ? " (done)"
                            : course_.progress().done[course_.index()] ? " (done before)"
                                                                       : ""));
    // The side panel: the rule, then the task.
    const int width = overlay_panel_width(f, board);
    std::vector<std::string> text = learn::wrap(l.rule, width);
    // The moves that led here (the repetition lesson's), which the move list would show in a game.
    if (!l.before.empty()) {
        text.push_back("");
        for (std::string& w : learn::wrap(concat("Played before: ", l.before), width)) text.push_back(w);
    }
    if (l.rules != Rules{}) {
        text.push_back("");
        for (std::string& w : learn::wrap(concat("Rules: ", describe(l.rules), "."), width)) text.push_back(w);
    }
    text.push_back("");
    overlay_panel(f, board, std::move(text), learn::wrap(concat("Task: ", l.task), width));
    overlay_key_line(f, board, keys_line());
    return f;
}

}  // namespace fetaix::tui
