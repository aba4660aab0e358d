#pragma once
// The game-playing engine: search, evaluation and the playing levels.

#include "bench.hpp"
#include "evaluate.hpp"
#include "levels.hpp"
#include "match.hpp"
#include "search.hpp"
