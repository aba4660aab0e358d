#pragma once
// Playing the puzzles (docs/puzzles.md "Playing"): one attempt at a puzzle, each move of the player
// judged against the solution line, a wrong one explained by the endgame tables; the player's puzzle
// rating (Glicko-2, each attempt a rating period against the puzzle); which puzzles are solved or
// failed, kept in a small file of the data folder; the shipped set compiled in. No terminal here and no
// thread: both front ends play through front/puzzles.hpp.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/engine/tables.hpp>
#include <fetaix/fetaix.hpp>

#include "puzzle/puzzle.hpp"
#include "rating/glicko2.hpp"

namespace fetaix::puzzle {

// data/puzzles.txt as it was when the program was built (compiled in: no file to find at run time).
std::string_view shipped_text();

// A puzzle's rating as the opponent of a rating period, from its difficulty: 1100 + 200 x difficulty
// (1300 for 1 to 2100 for 5), deviation kPuzzleDeviation.
inline constexpr double kPuzzleDeviation = 100;
rating::Rating puzzle_rating(int difficulty);

// The player's rating after one attempt at a puzzle of `difficulty`, solved or not: one Glicko-2 period
// whose one game is against the puzzle, won (1) or lost (0).
rating::Rating rated_after(const rating::Rating& player, int difficulty, bool solved);

// The checks of a puzzle that need no tables (check() makes them too, in the same words): the FEN reads
// and is playable, there is a line, each move of it is legal in turn, and the game is over after the
// last and not before. Why not, or nothing.
std::optional<std::string> line_problem(const Puzzle& p);

// The player's side of one puzzle: the position reached on its line, and how it went.
struct Attempt {
    Puzzle puzzle;
    Position start;
    std::vector<Move> line;  // the solution's moves, read from the puzzle
    std::size_t ply = 0;     // how many of them are played
    bool missed = false;     // a wrong move was played (or the answer shown) during this attempt
    bool solved = false;     // played to the end
    Color player() const { return start.side_to_move; }
    Position position() const;
};
// The attempt at p from its start; p must be playable (line_problem says nothing).
Attempt begin(const Puzzle& p);

// What the player's move did.
struct Answer {
    enum class Kind : std::uint8_t {
        Refused,  // not legal: `text` is the game's reason ("a1-a2: there is no piece of yours on a1")
        Wrong,    // legal, not the solution's move: taken back; why, from the tables (why_not)
        Right,    // the solution's move: `reply` is the defence's answer, played too
        Solved,   // the solution's last move: the game is over
    };
    Kind kind = Kind::Refused;
    std::string text;
    std::optional<Move> move;   // the legal move played
    std::optional<Move> reply;  // Right: the longest defence, the line's
};
// Judges the player's move at a's position and plays it (and its reply) on `a` when it is right.
Answer judge(Attempt& a, const Move& m);
// Reads a move as the game reads a typed one (parse_move, with its refusals) and judges it.
Answer judge_typed(Attempt& a, std::string_view text);

// Why `wrong`, a legal move at p that is not the puzzle's, does not win: the opponent's best reply by the
// tables and what it leads to. "a1-b1 does not win: after it, b3xb1 draws." or "a1-b1 loses: after it,
// b3xb1 wins for Black in 15 plies." Nothing when the tables do not hold the position's materials.
std::optional<std::string> why_not(const Position& p, const Rules& rules, const Move& wrong, engine::Tables& tables);

// The next hint of an attempt: first the piece to move, then the move itself.
std::string hint(const Attempt& a, int shown);

// A puzzle's result as the progress keeps it.
enum class Result : std::uint8_t {
    Solved,       // solved at its first rated attempt
    Failed,       // failed (a wrong move, or the answer shown), not solved since
    SolvedLater,  // failed first, solved on a later try
};
// The key a puzzle is kept under: its FEN and its rules ("B:WKa2,Kb3:BKa5 default"), so a puzzle of
// another file with the same position and rules is the same puzzle.
std::string key_of(const Puzzle& p);

struct Progress {
    rating::Rating rating;
    std::string at;  // the key of the puzzle open when the player left
    struct Entry {
        Result result;
        std::string id;
    };
    std::map<std::string, Entry> results;  // by key_of
    int solved_count() const;
    const Entry* find(const Puzzle& p) const;
};

// The puzzle to offer next: of the puzzles not tried yet, the one whose rating is nearest the player's
// (the first in the file of those as near); none left, the same among the failed ones; all solved, the
// one after `current`. Never `current` itself while another is there to offer.
std::size_t next_puzzle(const std::vector<Puzzle>& puzzles, const Progress& progress, std::size_t current);

// The progress file's text and back. Reading refuses what fetaix did not write (the error says what).
std::string format_progress(const Progress& p);
Expected<Progress> parse_progress(std::string_view text);

// The progress file in a data folder: puzzle-progress.txt.
std::string progress_path(const std::string& data_folder);
struct ProgressRead {
    Progress progress;
    std::string problem;  // why the file there could not be read: then it is not used (progress is fresh)
};
ProgressRead read_progress(const std::string& data_folder);
// Writes it atomically (store/files.hpp). An error message, or nothing.
std::optional<std::string> write_progress(const std::string& data_folder, const Progress& p);

}  // namespace fetaix::puzzle
