#pragma once
// `fetaix solve`: proves a position won, drawn or lost (include/fetaix/solve/solve.hpp), with the endgame
// tables as leaves, checkpoints for runs of hours, and proof files re-checked by `--verify`.

#include <cstdint>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::commands {

struct SolveSettings {
    Position position = start_position();
    Rules rules;
    std::uint64_t max_nodes = 0;  // 0: no limit
    long long max_seconds = 0;    // 0: no limit
    long long tt_mib = 256;
    std::string proof_file;       // --proof: where the proof goes
    std::string checkpoint_file;  // --checkpoint: where the table is kept every `every` seconds and on Ctrl-C
    long long every = 600;
    std::string resume_file;  // --resume: a checkpoint to go on from
};

int run_solve(SolveSettings settings);
// `fetaix solve --verify FILE`.
int run_solve_verify(const std::string& file);
// `fetaix solve --book BOOK PROOF...`: each proof re-checked, then its positions added to BOOK.
int run_solve_book(const std::string& book_file, const std::vector<std::string>& proofs);
// `fetaix solve --combine FILE [--fen FEN] [--plies N] PROOF...`: each proof re-checked, then joined into
// a proof of the position (its first `plies` plies searched), which is checked and written to FILE.
int run_solve_combine(const std::string& file, const Position& root, const std::vector<std::string>& proofs, int plies);

}  // namespace fetaix::commands
