#pragma once
// Who plays each side: a person with a name, or the computer with its level, time per move and seed;
// and the tags by which a game record says so (docs/notation.md, "Who played").

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::play {

// The computer's level when none is named (ai on the command line, a record without its level).
inline constexpr int kDefaultLevel = 5;

struct Players {
    std::string white = "White";
    std::string black = "Black";
    int white_level = 0;  // 0: a person; 1 to 8: the computer at that level
    int black_level = 0;
    int think_ms = 3000;     // the computer's time per move (level 8 uses it all)
    std::uint64_t seed = 1;  // the computer's choices among near-equal moves
    const std::string& name(Color c) const { return c == Color::White ? white : black; }
    int level(Color c) const { return c == Color::White ? white_level : black_level; }
    // The one place that decides whether the computer plays a side (a level names it).
    bool computer(Color c) const { return level(c) > 0; }
    bool any_computer() const { return computer(Color::White) || computer(Color::Black); }
    // "White (Ali)", "White (computer, level 5)", or just "White" when the player has no name of their own.
    std::string label(Color c) const {
        const std::string_view colour = to_string(c);
        if (computer(c)) return concat(colour, " (computer, level ", level(c), ")");
        return name(c).empty() || name(c) == colour ? std::string(colour) : concat(colour, " (", name(c), ")");
    }
};

// Which player options the command line gave: each one given wins over what a record says.
struct PlayerOptions {
    bool white = false;  // --white: White's name, or the computer and its level
    bool black = false;
    bool time = false;  // --time
    bool seed = false;  // --seed
};

// Whether a tag is one of those that say who played (written by player_tags, read by players_from).
bool is_player_tag(std::string_view name);

// The tags that say who played: [White "Ali"] [WhiteType "human"], or for the computer
// [Black "fetaix level 2"] [BlackType "program"] [BlackLevel "2"], then [ProgramTime "3"] and
// [ProgramSeed "1"] when the computer plays a side.
std::vector<Tag> player_tags(const Players& players);

// The players a record names. A tag that cannot be used adds a line to `notes` and is left aside.
Players players_from(const GameRecord& record, std::vector<std::string>& notes);

// The recorded players with what the command line gave put over them; `said` tells each change
// ("From the command line: White Amina (recorded: Ali).") or stays empty when nothing differs.
Players with_command_line(const Players& recorded, const Players& command_line, const PlayerOptions& given,
                          std::string& said);

// Seconds as a record writes them: "3", "1.5", "0.05".
std::string seconds_text(int ms);

}  // namespace fetaix::play
