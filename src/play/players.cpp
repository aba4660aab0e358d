#include "players.hpp"

#include <optional>

#include <fetaix/engine/levels.hpp>

namespace fetaix::play {

namespace {

std::string_view type_tag(Color c) { return c == Color::White ? kTagWhiteType : kTagBlackType; }
std::string_view level_tag(Color c) { return c == Color::White ? kTagWhiteLevel : kTagBlackLevel; }

// A whole number of at most 18 digits, nothing else.
std::optional<std::uint64_t> whole_number(std::string_view text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    std::uint64_t n = 0;
    for (char c : text) n = n * 10 + static_cast<std::uint64_t>(c - '0');
    return n;
}

// "3", "1.5" or "0.05" seconds as milliseconds (at most three decimals).
std::optional<std::uint64_t> milliseconds(std::string_view text) {
    const std::size_t point = text.find('.');
    const std::string_view whole = text.substr(0, point);
    std::string fraction(point == std::string_view::npos ? std::string_view{} : text.substr(point + 1));
    if (point != std::string_view::npos && (fraction.empty() || fraction.size() > 3)) return std::nullopt;
    const auto w = whole_number(whole);
    fraction.resize(3, '0');
    const auto f = whole_number(fraction);
    if (!w || !f || *w > 86400) return std::nullopt;
    return *w * 1000 + *f;
}

// How a side's player reads in a message: "Amina", "computer level 2".
std::string who(const Players& p, Color c) { return p.computer(c) ? concat("computer level ", p.level(c)) : p.name(c); }

}  // namespace

bool is_player_tag(std::string_view name) {
    return name == "White" || name == "Black" || name == kTagWhiteType || name == kTagBlackType ||
           name == kTagWhiteLevel || name == kTagBlackLevel || name == kTagProgramTime || name == kTagProgramSeed;
}

std::string seconds_text(int ms) {
    std::string text = std::to_string(ms / 1000);
    if (ms % 1000 != 0) {
        std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
        while (fraction.back() == '0') fraction.pop_back();
        text += "." + fraction;
    }
    return text;
}

std::vector<Tag> player_tags(const Players& players) {
    std::vector<Tag> tags;
    for (Color c : {Color::White, Color::Black}) {
        const bool program = players.computer(c);
        tags.push_back({std::string(to_string(c)),
                        program ? concat("fetaix level ", players.level(c)) : players.name(c)});
        tags.push_back({std::string(type_tag(c)), program ? "program" : "human"});
        if (program) tags.push_back({std::string(level_tag(c)), std::to_string(players.level(c))});
    }
    if (players.any_computer()) {
        tags.push_back({std::string(kTagProgramTime), seconds_text(players.think_ms)});
        tags.push_back({std::string(kTagProgramSeed), std::to_string(players.seed)});
    }
    return tags;
}

Players players_from(const GameRecord& record, std::vector<std::string>& notes) {
    Players p;
    for (Color c : {Color::White, Color::Black}) {
        const std::string colour(to_string(c));
        const std::string name = record.tag(colour), type = record.tag(type_tag(c));
        (c == Color::White ? p.white : p.black) = name.empty() ? colour : name;
        if (type != "program") {
            if (!type.empty() && type != "human")
                notes.push_back(concat("[", type_tag(c), " \"", type, "\"]: expected human or program; ", colour,
                                       " is taken as a person"));
            continue;
        }
        // The computer plays this side: its name is the program's, not a person's.
        (c == Color::White ? p.white : p.black) = colour;
        const std::string level_text = record.tag(level_tag(c));
        const auto level = whole_number(level_text);
        int& chosen = c == Color::White ? p.white_level : p.black_level;
        chosen = kDefaultLevel;
        if (level && *level >= engine::kMinLevel && *level <= engine::kMaxLevel) chosen = static_cast<int>(*level);
        else
            notes.push_back(concat("[", level_tag(c), " \"", level_text, "\"]: expected a level from ",
                                   engine::kMinLevel, " to ", engine::kMaxLevel, "; level ", kDefaultLevel, " plays"));
    }
    if (const std::string time = record.tag(kTagProgramTime); !time.empty()) {
        const auto ms = milliseconds(time);
        if (ms && *ms >= 50 && *ms <= 3600 * 1000) p.think_ms = static_cast<int>(*ms);
        else
            notes.push_back(concat("[", kTagProgramTime, " \"", time, "\"]: expected 0.05 to 3600 seconds; ",
                                   seconds_text(p.think_ms), " s per move"));
    }
    if (const std::string seed = record.tag(kTagProgramSeed); !seed.empty()) {
        if (const auto n = whole_number(seed)) p.seed = *n;
        else notes.push_back(concat("[", kTagProgramSeed, " \"", seed, "\"]: expected a whole number; seed ", p.seed));
    }
    return p;
}

Players with_command_line(const Players& recorded, const Players& command_line, const PlayerOptions& given,
                          std::string& said) {
    Players p = recorded;
    std::vector<std::string> changes;
    for (Color c : {Color::White, Color::Black}) {
        if (!(c == Color::White ? given.white : given.black)) continue;
        if (who(recorded, c) != who(command_line, c))
            changes.push_back(concat(to_string(c), " ", who(command_line, c), " (recorded: ", who(recorded, c), ")"));
        (c == Color::White ? p.white : p.black) = command_line.name(c);
        (c == Color::White ? p.white_level : p.black_level) = command_line.level(c);
    }
    if (given.time) {
        if (recorded.think_ms != command_line.think_ms && recorded.any_computer())
            changes.push_back(concat("time ", seconds_text(command_line.think_ms),
                                     " s (recorded: ", seconds_text(recorded.think_ms), " s)"));
        p.think_ms = command_line.think_ms;
    }
    if (given.seed) {
        if (recorded.seed != command_line.seed && recorded.any_computer())
            changes.push_back(concat("seed ", command_line.seed, " (recorded: ", recorded.seed, ")"));
        p.seed = command_line.seed;
    }
    said.clear();
    for (const std::string& change : changes) said += (said.empty() ? "From the command line: " : "; ") + change;
    if (!said.empty()) said += ".";
    return p;
}

}  // namespace fetaix::play
