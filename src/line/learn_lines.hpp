#pragma once
// fetaix learn --screen-reader: the lessons as lines of plain text. The lesson, its position in the
// words the screen-reader game uses, and its task are said; the learner types moves in notation and
// commands (next, list, lesson N, hint, board, again, help, quit), one a line.

#include <string>
#include <string_view>
#include <vector>

#include "learn/lessons.hpp"

namespace fetaix::line {

// The lessons' lines, without input or output (tested as data).
class LearnLines {
public:
    explicit LearnLines(learn::Course& course) : course_(course) {}
    // What is said first: how far the learner is, a problem with the progress file, the lesson.
    std::vector<std::string> opening();
    // The answer to one line typed.
    std::vector<std::string> enter(std::string_view line);
    bool quit() const { return quit_; }

private:
    std::vector<std::string> lesson_said();
    std::vector<std::string> list_said() const;
    std::vector<std::string> with_problem(std::vector<std::string> lines);

    learn::Course& course_;
    bool quit_ = false;
};

// Runs the lessons on standard input and output until quit or the end of input: the exit status.
int run_learn(const std::string& state_folder);

}  // namespace fetaix::line
