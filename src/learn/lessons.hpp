#pragma once
// fetaix learn: the lessons, one table of them (one a rule of docs/rules.md, and one a rule switch),
// each a position, a task and what counts as done, checked by the rules core; and the learner's
// progress, kept in a small file of the state folder. No terminal here: both front ends show them.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::learn {

// What the learner's one move must do for the lesson to be done.
enum class Goal : std::uint8_t {
    OneOf,     // be one of `moves` (by notation)
    Captures,  // capture at least `count` pieces
    Promotes,  // end on the far rank as a man and become a mullah
    Wins,      // win the game at once
    Draws,     // draw the game at once
};

struct Lesson {
    std::string_view id;      // a word to name it: "steps"
    std::string_view title;   // "A man steps forward"
    std::string_view rule;    // the rule in plain words, a paragraph (lines wrapped by the screen)
    std::string_view fen;     // the position the lesson starts from
    Rules rules;              // the switches in force
    std::string_view before;  // the moves played before the learner's turn, space-separated ("" none)
    std::string_view task;    // what to do, one sentence
    Goal goal;
    int count;                  // Captures: the pieces
    std::string_view moves;     // OneOf: the moves that do it, space-separated
    std::string_view miss;      // said of a legal move that does not do it
    std::string_view hint;      // a first hint, without the answer
    std::string_view solution;  // one move that does it (the last hint, and the tests)
    std::string_view done;      // said when it is done
};

// Every lesson, in the order to learn them.
std::span<const Lesson> lessons();

// The lesson's game: its position with its moves before the learner's turn played.
Game lesson_game(const Lesson& lesson);

// What a move typed by the learner did.
struct Answer {
    enum class Kind : std::uint8_t {
        Refused,  // not a legal move: `text` is the game's reason ("c2-c1: men never move backward")
        Missed,   // legal, but not the task: `text` says why (the lesson's miss)
        Done,     // the task is done: `text` is the lesson's words of success
    };
    Kind kind = Kind::Refused;
    std::string text;
    std::optional<Move> move;  // the legal move played (Missed, Done)
};

// Checks a legal move of the lesson's game against its task.
Answer judge(const Lesson& lesson, const Move& move);
// Reads a move as the game reads a typed one (parse_move, with its refusals) and judges it.
Answer judge_typed(const Lesson& lesson, std::string_view text);

// Which lessons are done and which one the learner is at.
struct Progress {
    std::vector<bool> done = std::vector<bool>(lessons().size(), false);
    std::size_t current = 0;  // an index into lessons()
    int done_count() const;
    // The first lesson not done after `from`, else the first not done, else `from`.
    std::size_t next_after(std::size_t from) const;
};

// The progress file's text and back. Reading refuses what fetaix did not write (the error says what).
std::string format_progress(const Progress& p);
Expected<Progress> parse_progress(std::string_view text);

// The progress file in a state folder: learn.txt.
std::string progress_path(const std::string& state_folder);
// The progress kept there; none kept yet is a fresh one. `problem` tells a file that could not be read
// (it is then started over, and the caller says so).
struct ProgressRead {
    Progress progress;
    std::string problem;
};
ProgressRead read_progress(const std::string& state_folder);
// Writes it atomically (store/files.hpp). An error message, or nothing.
std::optional<std::string> write_progress(const std::string& state_folder, const Progress& p);

// Wraps a paragraph into lines of at most `width` columns (ASCII text).
std::vector<std::string> wrap(std::string_view text, int width);

}  // namespace fetaix::learn

namespace fetaix::learn {

// The learner's way through the lessons, shared by both front ends: the lesson open, its hints, and the
// progress, written to the state folder whenever it changes (an empty folder: kept in memory only).
class Course {
public:
    explicit Course(std::string state_folder);
    const Lesson& lesson() const { return lessons()[progress_.current]; }
    std::size_t index() const { return progress_.current; }
    const Progress& progress() const { return progress_; }
    // Done this time it was open: its board takes no more moves.
    bool solved() const { return solved_; }
    // Opens lesson `i` (an index) afresh, and keeps where the learner is.
    void open(std::size_t i);
    // The next lesson not done (after the last, the first not done; all done: the one after this one).
    void next();
    // The next hint: the lesson's hint, then its solution.
    std::string hint();
    // Judges the learner's move (a legal move, or typed), marking the lesson done when it is.
    Answer answer(const Move& m);
    Answer answer_typed(std::string_view text);
    // What went wrong with the progress file (reading it at start, or the last write): "" when nothing.
    // Taken once: the front end says it.
    std::string take_problem() { return std::exchange(problem_, ""); }

private:
    Answer after(Answer a);
    void save();

    std::string folder_;
    Progress progress_;
    bool solved_ = false;
    int hints_ = 0;
    std::string problem_;
};

}  // namespace fetaix::learn
