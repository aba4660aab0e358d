#pragma once
// `fetaix analyze` and `fetaix match`: the engine on the command line. Their options are read in
// main.cpp (CLI11); these run the commands.

#include <fetaix/fetaix.hpp>

namespace fetaix::cli {

// What `analyze` searches, and for how long.
struct AnalyzeSettings {
    Rules rules;
    Position position = start_position();
    engine::Limits limits;  // main.cpp sets --time (5 s by default) or --depth
};

int run_analyze(const AnalyzeSettings& settings);
int run_match(const engine::MatchSettings& settings, int jobs);

}  // namespace fetaix::cli
