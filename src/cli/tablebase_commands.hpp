#pragma once
// `fetaix tablebase build|probe|verify`: the endgame tables (include/fetaix/tablebase.hpp) in files under
// $XDG_DATA_HOME/fetaix/tablebases/<rules>/, one per material, with a manifest of their checksums.

#include <optional>
#include <string>
#include <utility>

#include <fetaix/fetaix.hpp>
#include <fetaix/engine/tables.hpp>
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

// Per material: the longest quiet stretch (tablebase::quiet_stretch) of a won and of a lost position,
// with an example of each, and whether it stays within the rules' no-progress limit.
int run_tablebase_quiet(const Rules& rules);

// The built tables for the engine (the computer, the hint): each material read from its file the first
// time the search asks for it, never before, so a game that uses neither loads none; what is not built,
// or does not match its checksum, is not asked for again and is searched as if there were no tables;
// why a file is not used is told once (take_problem). Used by one thread at a time (the Thinker's worker).
class BuiltTables final : public engine::Tables {
public:
    const tablebase::Set* with(const Rules& rules, const tablebase::Material& m) override;
    int pieces(const Rules& rules) override;
    std::string take_problem() override { return std::exchange(problem_, {}); }

private:
    // Starts over when the rules (the folder) change; asked at every probe, so the rules are compared first.
    void use(const Rules& rules);
    std::optional<Rules> rules_;
    std::optional<std::string> folder_;
    int pieces_ = 0;
    tablebase::Set set_;
    std::vector<tablebase::Material> missing_;
    std::string problem_;             // not yet told
    std::vector<std::string> told_;   // every reason found, told or not: each is told once
    // Adds a reason a file is not used to those to tell, unless it was found before.
    void refused(const Error& e);
};

}  // namespace fetaix::cli
