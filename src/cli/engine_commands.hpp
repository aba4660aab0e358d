#pragma once
// `fetaix analyze` and `fetaix match`: the engine on the command line.

#include "cli/options.hpp"

namespace fetaix::cli {

int run_analyze(Args& args);
int run_match(Args& args);

}  // namespace fetaix::cli
