#pragma once
// The game-playing engine: search, evaluation and the playing levels.

#include "engine/bench.hpp"
#include "engine/evaluate.hpp"
#include "engine/levels.hpp"
#include "engine/match.hpp"
#include "engine/search.hpp"
