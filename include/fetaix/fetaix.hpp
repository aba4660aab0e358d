#pragma once
// The Fetaix rules core: include this one header for the rules (the engine: <fetaix/engine/engine.hpp>;
// perft, the generator's check, which no program playing the game needs: <fetaix/perft.hpp>).

#include "bitboard.hpp"
#include "clock.hpp"
#include "error.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "lattice.hpp"
#include "move.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "pdn.hpp"
#include "point.hpp"
#include "position.hpp"
#include "refusal.hpp"
#include "rules.hpp"
#include "switches.hpp"
#include <fetaix/version.hpp>  // generated into the build tree by CMake
