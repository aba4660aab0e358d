#include "line/learn_lines.hpp"

#include <charconv>

#include "line/narration.hpp"
#include "line/typed.hpp"
#include "text/display.hpp"

namespace fetaix::line {

namespace {

// Lesson paragraphs are said in lines of at most this many columns (a braille display reads short lines).
constexpr int kWidth = 76;
// A line longer than this is not a command: refused whole.
constexpr std::size_t kMaxLine = 4096;

const std::vector<std::string>& help_lines() {
    static const std::vector<std::string> lines = {
        "Commands:",
        "a move such as c2-c3 or c2xc4: play it",
        "hint: a hint, then the answer",
        "board: the pieces rank by rank",
        "moves: the legal moves",
        "again: the lesson from its start",
        "next: the next lesson not done",
        "list: every lesson, the done ones marked",
        "lesson N: lesson number N",
        "help: these lines",
        "quit: leave (your progress is kept)",
    };
    return lines;
}

}  // namespace

std::vector<std::string> LearnLines::with_problem(std::vector<std::string> lines) {
    const std::string problem = course_.take_problem();
    if (!problem.empty()) lines.push_back(problem);
    return lines;
}

std::vector<std::string> LearnLines::opening() {
    const std::size_t total = learn::lessons().size();
    std::vector<std::string> lines = {
        concat("fetaix learn: ", total, " lessons, ", course_.progress().done_count(),
               " done. Type help for the commands, quit to leave."),
        "Moves are typed by their points: c2-c3 steps, c2xc4 captures.",
    };
    const std::string problem = course_.take_problem();
    if (!problem.empty()) lines.push_back(problem);
    for (std::string& l : lesson_said()) lines.push_back(std::move(l));
    return lines;
}

std::vector<std::string> LearnLines::lesson_said() {
    const learn::Lesson& l = course_.lesson();
    std::vector<std::string> lines = {
        concat("Lesson ", course_.index() + 1, " of ", learn::lessons().size(), ": ", l.title,
               course_.progress().done[course_.index()] ? " (done before)." : "."),
    };
    for (std::string& w : learn::wrap(l.rule, kWidth)) lines.push_back(std::move(w));
    const Game g = learn::lesson_game(l);
    if (l.rules != Rules{}) lines.push_back(concat("Rules: ", describe(l.rules), "."));
    if (!l.before.empty()) lines.push_back(concat("Played so far: ", l.before, "."));
    lines.push_back("The position:");
    for (std::string& b : board_said(g.position())) lines.push_back(std::move(b));
    lines.push_back(concat(to_string(g.position().side_to_move), " to move (you)."));
    lines.push_back(concat("Task: ", l.task));
    return lines;
}

std::vector<std::string> LearnLines::list_said() const {
    std::vector<std::string> lines;
    const auto all = learn::lessons();
    for (std::size_t i = 0; i < all.size(); ++i)
        lines.push_back(concat(i + 1, ". ", all[i].title, course_.progress().done[i] ? ": done" : "",
                               i == course_.index() ? " (open)" : ""));
    lines.push_back(concat(course_.progress().done_count(), " of ", all.size(), " done. Type lesson N to open one."));
    return lines;
}

std::vector<std::string> LearnLines::enter(std::string_view typed) {
    if (typed.size() > kMaxLine) return {concat("That line is too long (over ", kMaxLine, " characters): type help.")};
    const std::string line = lowered(trimmed(typed));
    const std::size_t total = learn::lessons().size();
    if (line.empty()) return {concat("Task: ", course_.lesson().task, " Type help for the commands.")};
    if (line == "quit" || line == "q") {
        quit_ = true;
        return with_problem({concat("Goodbye: ", course_.progress().done_count(), " of ", total,
                                    " lessons done; fetaix learn goes on from here.")});
    }
    if (line == "help") return help_lines();
    if (line == "list") return list_said();
    if (line == "board") {
        std::vector<std::string> lines = board_said(learn::lesson_game(course_.lesson()).position());
        lines.push_back(concat("Task: ", course_.lesson().task));
        return lines;
    }
    if (line == "moves") {
        const Game g = learn::lesson_game(course_.lesson());
        return {moves_said(g.legal_moves())};
    }
    if (line == "hint") return {course_.hint()};
    if (line == "again") {
        course_.open(course_.index());
        return with_problem(lesson_said());
    }
    if (line == "next") {
        course_.next();
        return with_problem(lesson_said());
    }
    if (line == "lesson" || line.starts_with("lesson ")) {
        const std::string number(trimmed(std::string_view(line).substr(6)));
        std::size_t n = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
        if (number.empty() || ec != std::errc{} || end != number.data() + number.size() || n < 1 || n > total)
            return {concat("There is no lesson '", number, "': type lesson and a number from 1 to ", total, ".")};
        course_.open(n - 1);
        return with_problem(lesson_said());
    }
    if (!parse_move_text(line))
        return {concat("'", trimmed(typed), "' is neither a command nor a move: type help.", move_spelling_hint(line))};
    if (course_.solved()) return {"This lesson is done: type next for the next lesson, or again to play it again."};
    const learn::Answer a = course_.answer_typed(line);
    switch (a.kind) {
        case learn::Answer::Kind::Refused: return {concat(a.text, ".")};
        case learn::Answer::Kind::Missed: return {a.text, "The position is as it was: try again (hint helps)."};
        case learn::Answer::Kind::Done: break;
    }
    std::vector<std::string> lines = {concat("Done! ", a.text)};
    lines.push_back(course_.progress().done_count() == static_cast<int>(total)
                        ? "Every lesson is done: you know the rules. Play with: fetaix."
                        : concat(course_.progress().done_count(), " of ", total,
                                 " lessons done. Type next for the next lesson."));
    return with_problem(lines);
}

int run_learn(const std::string& state_folder) {
    learn::Course course(state_folder);
    LearnLines lines(course);
    return converse(lines);
}

}  // namespace fetaix::line
