#pragma once
// fetaix puzzle --screen-reader: the puzzles as lines of plain text. The puzzle, its position in the
// words the screen-reader game uses, whose move it is and the player's rating are said; the player types
// moves in notation and commands (hint, board, moves, again, next, help, quit), one a line.

#include <string>
#include <string_view>
#include <vector>

#include "front/puzzles.hpp"

namespace fetaix::line {

// The puzzles' lines, without input or output (tested as data).
class PuzzleLines {
public:
    explicit PuzzleLines(front::PuzzleRun& run) : run_(run) {}
    // What is said first: how far the player is, a problem with the progress file, the puzzle.
    std::vector<std::string> opening();
    // The answer to one line typed. A wrong move's reason from the endgame tables is waited for.
    std::vector<std::string> enter(std::string_view line);
    bool quit() const { return quit_; }

private:
    std::vector<std::string> puzzle_said();
    std::vector<std::string> with_news(std::vector<std::string> lines);

    front::PuzzleRun& run_;
    bool quit_ = false;
};

// Runs the puzzles on standard input and output until quit or the end of input: the exit status.
int run_puzzles(front::PuzzleRun& run);

}  // namespace fetaix::line
