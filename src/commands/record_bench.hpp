#pragma once
// `fetaix bench --records`: the heaviest game records of at most 1 MiB, built and checked against the clock.

#include <string>

namespace fetaix::commands {

// Builds and times the records; with a folder, also writes each there as NAME.pdn.
int run_record_bench(const std::string& folder);

}  // namespace fetaix::commands
