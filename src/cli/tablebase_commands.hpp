#pragma once
// `fetaix tablebase build|probe|verify`: the endgame tables (include/fetaix/tablebase.hpp) in files under
// $XDG_DATA_HOME/fetaix/tablebases/<rules>/, one per material, with a manifest of their checksums.

#include <optional>
#include <string>

#include <fetaix/fetaix.hpp>
#include <fetaix/tablebase.hpp>

namespace fetaix::cli {

// The folder of the tables for these rules (the no-progress count does not change them).
std::string tablebase_directory(const Rules& rules);

int run_tablebase_build(int pieces, const Rules& rules);
int run_tablebase_probe(const std::string& fen, const Rules& rules);
int run_tablebase_verify(const Rules& rules);
// The built tables a position and its moves need, or nothing when one of them is not built.
std::optional<tablebase::Set> tables_for(const Position& pos, const Rules& rules);

// Every table built for these rules (none when none is), each checked against the manifest.
Expected<tablebase::Set> built_tables(const Rules& rules);

// Per material and side to move: the shares won, drawn and lost, the longest win and a draw.
int run_tablebase_stats(const Rules& rules);

}  // namespace fetaix::cli
