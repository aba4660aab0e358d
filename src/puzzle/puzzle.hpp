#pragma once
// Puzzles (docs/puzzles.md): a position whose side to move wins, with exactly one winning move at each
// of its turns until the end, answered each time by the longest defence, all proven by the endgame
// tables. One puzzle a line of a data file; the checker that proves a puzzle sound and unique, and the
// generator that finds such puzzles in the tables.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/engine/tables.hpp>
#include <fetaix/fetaix.hpp>

namespace fetaix::puzzle {

// One line of the data file: "id | FEN | rules | themes | difficulty | solution".
struct Puzzle {
    std::string id;
    std::string fen;
    Rules rules;
    std::vector<std::string> themes;
    int difficulty = 1;
    std::vector<std::string> solution;  // the moves in notation, the winner's first, the defence's between
    int line = 0;                       // in its file, 0 when it was not read from one
};

// The rules as the data file writes them: "default", or the switches that differ from the default,
// "key=value" joined by ',' ("promotion=immediate,no-progress=0").
std::string rules_text(const Rules& rules);
Expected<Rules> parse_rules(std::string_view text);

// One puzzle as a line of the data file (no newline), and back. parse_line's errors name the field.
std::string format_line(const Puzzle& p);
Expected<Puzzle> parse_line(std::string_view text, int line);

// Every puzzle of a data file's text: '#' starts a comment line, blank lines are skipped. The errors
// carry their line numbers.
struct FileRead {
    std::vector<Puzzle> puzzles;
    std::vector<Error> errors;
};
FileRead parse_file(std::string_view text);

// What the checker found: the puzzle sound and unique, broken (with why), or not checkable because
// the tables it needs are not built (`reason` then names the material).
enum class Status : std::uint8_t { Sound, Broken, NoTables };
struct Verdict {
    Status status = Status::Sound;
    std::string reason;
    int pieces = 0;  // NoTables: the number of pieces the missing table holds
};

// Checks p against the tables: the side to move wins (within the no-progress count), each of its moves
// on the line is the only one that keeps the win, each reply is a longest defence, and the line ends
// with the game (the loser has no piece or no move). Plies count from 1.
Verdict check(const Puzzle& p, engine::Tables& tables);

// The themes and difficulty of a sound line (docs/puzzles.md).
struct Line {
    Position start;
    std::vector<Move> moves;
    int alternatives = 0;  // the winner's legal moves on the line that are not the solution
};
std::vector<std::string> themes_of(const Line& line, const Rules& rules);
int difficulty_of(const Line& line);

// The line from `start` when its side to move wins with a unique winning move at every turn, answered
// by the first longest defence, or nothing. min_choices: the fewest legal moves at the first turn.
std::optional<Line> unique_line(const Position& start, const Rules& rules, engine::Tables& tables, int min_choices);

// The position that stands for p and its mirror images (the board reflected left to right, and the
// colours swapped with the board turned): the smallest FEN of the four.
std::string canonical_fen(const Position& p);

struct GenerateOptions {
    int count = 500;
    int pieces = 4;      // the most pieces of a puzzle (2 to 5)
    int min_plies = 1;   // the shortest line
    int max_plies = 21;  // the longest line
};
struct Generated {
    std::vector<Puzzle> puzzles;
    std::uint64_t positions = 0;   // positions looked at
    std::uint64_t candidates = 0;  // of them, distinct puzzles (after mirror images)
};
// Puzzles of 2 to o.pieces pieces under `rules` from every position of the tables, spread over the
// difficulties, ids "pNNNN". The tables of up to o.pieces pieces must be held.
Generated generate(const GenerateOptions& o, const Rules& rules, engine::Tables& tables);

// Puzzles from real play: every position of the games (each under its own rules) of at most `pieces`
// pieces that unique_line makes a puzzle of (a win within the no-progress count, at least 2 legal moves
// at the start), mirror images and repeats once, in the games' order, ids "gNNNN". `positions` counts the
// positions looked at. The tables of up to `pieces` pieces under each game's rules must be held.
Generated from_games(const std::vector<Game>& games, int pieces, engine::Tables& tables);

}  // namespace fetaix::puzzle
