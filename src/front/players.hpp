#pragma once
// Who plays each side is the table's (src/play/players.hpp); the front end speaks of it by these names.

#include "play/players.hpp"

namespace fetaix::front {

using play::is_player_tag;
using play::kDefaultLevel;
using play::player_tags;
using play::PlayerOptions;
using play::Players;
using play::players_from;
using play::seconds_text;
using play::with_command_line;

}  // namespace fetaix::front
