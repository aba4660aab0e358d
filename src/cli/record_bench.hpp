#pragma once
// `fetaix bench --records`: the heaviest game records of at most 1 MiB, built and checked against the clock.

#include "cli/options.hpp"

namespace fetaix::cli {

int run_record_bench(Args& args);

}  // namespace fetaix::cli
