#pragma once
// The engine's endgame tables read from their files (src/solve/tablebase_files.hpp).

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fetaix/engine/tables.hpp>

namespace fetaix::engine {

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
    std::string problem_;            // not yet told
    std::vector<std::string> told_;  // every reason found, told or not: each is told once
    // Adds a reason a file is not used to those to tell, unless it was found before.
    void refused(const Error& e);
};

}  // namespace fetaix::engine
