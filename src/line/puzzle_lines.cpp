#include "line/puzzle_lines.hpp"

#include "line/narration.hpp"
#include "line/typed.hpp"
#include "text/display.hpp"

namespace fetaix::line {

namespace {

// A line longer than this is not a command: refused whole.
constexpr std::size_t kMaxLine = 4096;

std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

const std::vector<std::string>& help_lines() {
    static const std::vector<std::string> lines = {
        "Commands:",
        "a move such as c2-c3 or c2xc4: play it",
        "hint: the piece to move, then the move (the move counts the puzzle as failed)",
        "board: the pieces rank by rank",
        "moves: the legal moves",
        "again: the puzzle from its start",
        "next: the next puzzle",
        "help: these lines",
        "quit: leave (your progress is kept)",
    };
    return lines;
}

}  // namespace

std::vector<std::string> PuzzleLines::with_news(std::vector<std::string> lines) {
    for (std::string said : {run_.take_rating_change(), run_.take_problem()})
        if (!said.empty()) lines.push_back(std::move(said));
    return lines;
}

std::vector<std::string> PuzzleLines::opening() {
    const std::size_t total = run_.puzzles().size();
    std::vector<std::string> lines = {
        concat("fetaix puzzle: ", total, total == 1 ? " puzzle, " : " puzzles, ", run_.progress().solved_count(),
               " solved; your puzzle rating is ", run_.rating(), "."),
        "Type help for the commands, quit to leave.",
        "Moves are typed by their points: c2-c3 steps, c2xc4 captures.",
    };
    const std::string problem = run_.take_problem();
    if (!problem.empty()) lines.push_back(problem);
    for (std::string& l : puzzle_said()) lines.push_back(std::move(l));
    return lines;
}

std::vector<std::string> PuzzleLines::puzzle_said() {
    const puzzle::Attempt& a = run_.attempt();
    const puzzle::Puzzle& p = a.puzzle;
    std::string themes;
    for (const std::string& t : p.themes) themes += concat(themes.empty() ? "" : ", ", t);
    const std::string before = run_.before();
    std::vector<std::string> lines = {
        concat("Puzzle ", p.id, ", ", run_.index() + 1, " of ", run_.puzzles().size(),
               before.empty() ? "" : concat(" (", before, ")"), ": difficulty ", p.difficulty, " of 5 (rated ",
               run_.puzzle_rating(), ")."),
        concat("Themes: ", themes, "."),
    };
    if (p.rules != Rules{}) lines.push_back(concat("Rules: ", describe(p.rules), "."));
    lines.push_back("The position:");
    for (std::string& b : board_said(a.position())) lines.push_back(std::move(b));
    lines.push_back(concat(side(a.position().side_to_move), " to move and win (you)."));
    return lines;
}

std::vector<std::string> PuzzleLines::enter(std::string_view typed) {
    if (typed.size() > kMaxLine) return {concat("That line is too long (over ", kMaxLine, " characters): type help.")};
    const std::string line = lowered(trimmed(typed));
    const puzzle::Attempt& a = run_.attempt();
    if (line.empty())
        return {concat(side(a.position().side_to_move), " to move and win (you). Type help for the commands.")};
    if (line == "quit" || line == "q") {
        quit_ = true;
        return with_news({concat("Goodbye: ", run_.progress().solved_count(), " of ", run_.puzzles().size(),
                                 " puzzles solved; your puzzle rating is ", run_.rating(), ".")});
    }
    if (line == "help") return help_lines();
    if (line == "board") {
        std::vector<std::string> lines = board_said(a.position());
        lines.push_back(concat(side(a.position().side_to_move), " to move."));
        return lines;
    }
    if (line == "moves") return {moves_said(legal_moves(a.position(), a.puzzle.rules))};
    if (line == "hint") return with_news({run_.hint()});
    if (line == "again") {
        run_.retry();
        return with_news(puzzle_said());
    }
    if (line == "next") {
        run_.next();
        return with_news(puzzle_said());
    }
    if (!parse_move_text(line))
        return {concat("'", trimmed(typed), "' is neither a command nor a move: type help.", move_spelling_hint(line))};
    if (a.solved) return {"This puzzle is solved: type next for the next puzzle, or again to play it again."};
    const puzzle::Answer answer = run_.answer_typed(line);
    switch (answer.kind) {
        case puzzle::Answer::Kind::Refused: return {concat(answer.text, ".")};
        case puzzle::Answer::Kind::Wrong: {
            const auto why = run_.wait_explanation();
            return with_news({why.value_or(concat(to_string(*answer.move), " does not win.")),
                              "The position is as it was: try again (hint helps)."});
        }
        case puzzle::Answer::Kind::Right:
            return with_news({concat("Right: ", to_string(*answer.move), ". ", side(opponent(a.player())), " answers ",
                                     to_string(*answer.reply), "."),
                              concat(side(a.player()), " to move (you).")});
        case puzzle::Answer::Kind::Solved: break;
    }
    return with_news({concat("Solved! ", to_string(*answer.move), " wins."),
                      concat(run_.progress().solved_count(), " of ", run_.puzzles().size(),
                             " puzzles solved. Type next for the next puzzle.")});
}

int run_puzzles(front::PuzzleRun& run) {
    PuzzleLines lines(run);
    return converse(lines);
}

}  // namespace fetaix::line
