#pragma once
// `fetaix tablebase build|probe|verify|stats|quiet`: the endgame tables' files (src/solve/tablebase_files.hpp).

#include <string>

#include <fetaix/fetaix.hpp>

namespace fetaix::commands {

int run_tablebase_build(int pieces, const Rules& rules);
int run_tablebase_probe(const std::string& fen, const Rules& rules);
int run_tablebase_verify(const Rules& rules);

// Per material and side to move: the shares won, drawn and lost, the longest win and a draw.
int run_tablebase_stats(const Rules& rules);

// Per material: the longest quiet stretch (tablebase::quiet_stretch) of a won and of a lost position,
// with an example of each, and whether it stays within the rules' no-progress limit.
int run_tablebase_quiet(const Rules& rules);

}  // namespace fetaix::commands
