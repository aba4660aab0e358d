#pragma once
// `fetaix analyze`, `match`, `perft` and `bench`: the engine and the move generator on the command
// line. Their options are read by add_perft, add_analyze, add_match and add_bench (engine.cpp); these run them.

#include <string_view>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>
#include <fetaix/perft.hpp>

namespace fetaix::commands {

// What `analyze` searches, and for how long.
struct AnalyzeSettings {
    Rules rules;
    Position position = start_position();
    engine::Limits limits;  // add_analyze sets --time (5 s by default) or --depth
};

int run_analyze(const AnalyzeSettings& settings);
int run_match(const engine::MatchSettings& settings, int jobs);
// perft to DEPTH (its text, checked here: 1 to 30), each depth's count; with `divide`, each root move's.
int run_perft(std::string_view depth_text, const Position& pos, const Rules& rules, bool divide);
// The search on fixed positions for `time_ms` each: the depth it completes and its speed.
int run_search_bench(int time_ms);
// The fixed perft workloads, `depth_cut` plies shallower for a quick run.
int run_bench(const Rules& rules, int depth_cut);

}  // namespace fetaix::commands
