#include "config/settings.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <sys/stat.h>
#include <utility>

#include <toml++/toml.h>

#include "cli/options.hpp"
#include "store/files.hpp"
#include "text/display.hpp"
#include "tui/theme.hpp"

namespace fetaix::config {

namespace {

// What a file had wrong, each with where it is.
struct Problems {
    std::string_view name;  // the file's name
    struct Found {
        std::pair<std::size_t, std::size_t> at;  // line, column
        std::string message;                     // "NAME:LINE:COLUMN: ..."
        bool screen_only = false;                // a key only the screen uses (SettingsRead::line_problems)
    };
    std::vector<Found> found;
    void add(const toml::source_region& where, const std::string& what) {
        const std::size_t line = where.begin.line, column = where.begin.column;
        found.push_back({{line, column}, concat(name, ":", line, ":", column, ": ", what)});
    }
};

// A value as the file wrote it, for a message: "3", "\"yes\"", "a table".
std::string shown(const toml::node& node) {
    if (const auto* s = node.as_string()) return concat("\"", text::printable(s->get()), "\"");
    if (node.is_table()) return "a table";
    if (node.is_array()) return "an array";
    std::ostringstream out;
    node.visit([&out](const auto& value) {
        if constexpr (toml::is_value<decltype(value)>) out << value;
    });
    return out.str();
}

// Reads one bool key; a problem when it holds anything else.
void read_bool(const toml::node& node, bool& into, std::string_view key, Problems& problems) {
    if (const auto* b = node.as_boolean()) into = b->get();
    else problems.add(node.source(), concat(key, ": expected true or false, found ", shown(node), " (ignored)"));
}

void read_players(const toml::table& table, Settings& settings, Problems& problems) {
    for (const auto& [key, node] : table) {
        const std::string_view k = key.str();
        if (k != "white" && k != "black") {
            problems.add(key.source(), concat("unknown key 'players.", text::printable(k), "' (ignored)"));
            continue;
        }
        const auto* s = node.as_string();
        const auto problem = s ? cli::name_problem(s->get()) : std::optional<std::string>("expected a name in quotes");
        if (problem) {
            problems.add(node.source(),
                         concat("players.", k, ": ", *problem, s ? "" : concat(", found ", shown(node)), " (ignored)"));
            continue;
        }
        (k == "white" ? settings.white : settings.black) = s->get();
    }
}

// A rule switch's value: true/false for a toggle, one of its words for a choice, a whole number for a count.
std::optional<std::string> set_switch(const RuleSwitch& s, Rules& rules, const toml::node& node) {
    switch (s.kind) {
        case SwitchKind::Toggle:
            if (const auto* b = node.as_boolean()) {
                s.set(rules, b->get() ? 1 : 0);
                return std::nullopt;
            }
            return concat("expected true or false, found ", shown(node));
        case SwitchKind::Choice:
            if (const auto* text = node.as_string())
                for (std::size_t i = 0; i < s.words.size(); ++i)
                    if (s.words[i] == text->get()) {
                        s.set(rules, static_cast<int>(i));
                        return std::nullopt;
                    }
            {
                std::string words;
                for (std::size_t i = 0; i < s.words.size(); ++i)
                    words += concat(i == 0 ? "" : i + 1 == s.words.size() ? " or " : ", ", "\"", s.words[i], "\"");
                return concat("expected ", words, ", found ", shown(node));
            }
        case SwitchKind::Count:
            if (const auto* n = node.as_integer(); n && n->get() >= 0 && n->get() <= s.max) {
                s.set(rules, static_cast<int>(n->get()));
                return std::nullopt;
            }
            return concat("expected a number of ", s.unit, " from 0 to ", s.max, ", found ", shown(node));
    }
    return std::nullopt;
}

void read_rules(const toml::table& table, Settings& settings, Problems& problems) {
    for (const auto& [key, node] : table) {
        const RuleSwitch* found = nullptr;
        for (const RuleSwitch& s : kRuleSwitches)
            if (switch_key(s) == key.str()) found = &s;
        if (found == nullptr) {
            problems.add(key.source(), concat("unknown key 'rules.", text::printable(key.str()), "' (ignored)"));
            continue;
        }
        if (auto problem = set_switch(*found, settings.rules, node))
            problems.add(node.source(), concat("rules.", key.str(), ": ", *problem, " (ignored)"));
    }
}

// [keys]: each action's key or list of keys; what the key map refuses is reported where the file wrote it.
void read_keys(const toml::table& table, Settings& settings, Problems& problems) {
    std::vector<front::KeyRebinding> entries;
    struct Where {
        toml::source_region entry;              // the action's name
        std::vector<toml::source_region> keys;  // each key name
    };
    std::vector<Where> where;
    for (const auto& [key, node] : table) {
        front::KeyRebinding entry{std::string(key.str()), {}};
        Where at{key.source(), {}};
        bool strings = true;
        if (const auto* one = node.as_string()) {
            entry.keys.push_back(one->get());
            at.keys.push_back(node.source());
        } else if (const auto* list = node.as_array()) {
            for (const toml::node& item : *list) {
                const auto* name = item.as_string();
                strings = strings && name != nullptr;
                if (name != nullptr) entry.keys.push_back(name->get());
                at.keys.push_back(item.source());
            }
        } else {
            strings = false;
        }
        if (!strings && front::find_key_action(key.str())) {
            problems.add(node.source(),
                         concat("keys.", key.str(), ": expected a key or a list of keys in quotes, found ", shown(node),
                                " (ignored)"));
            continue;
        }
        entries.push_back(std::move(entry));
        where.push_back(std::move(at));
    }
    front::KeyMapRead read = front::rebind(entries);
    for (const front::KeyRefusal& r : read.refused) {
        const front::KeyRebinding& entry = entries[r.entry];
        const Where& at = where[r.entry];
        if (!front::find_key_action(entry.action))
            problems.add(at.entry, concat("unknown action 'keys.", text::printable(entry.action),
                                          "'; fetaix config lists them (ignored)"));
        else
            problems.add(r.key ? at.keys[*r.key] : at.entry,
                         concat("keys.", entry.action, ": ", text::printable(r.reason), " (ignored)"));
    }
    settings.keys = std::move(read.map);
}

// A key's name as a TOML basic string, quotes and backslashes escaped.
std::string quoted_key(const front::Key& key) {
    std::string out = "\"";
    for (char c : front::key_name(key)) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// Keys as a TOML value: one in quotes, several as a list.
std::string keys_value(const std::vector<front::Key>& keys) {
    if (keys.size() == 1) return quoted_key(keys.front());
    std::string out = "[";
    for (const front::Key& k : keys) out += concat(out.size() > 1 ? ", " : "", quoted_key(k));
    return out + "]";
}

// The line `line` (from 1) of `text`.
std::string_view line_of(std::string_view text, std::size_t line) {
    for (std::size_t at = 1; at < line; ++at) {
        const std::size_t end = text.find('\n');
        if (end == std::string_view::npos) return {};
        text.remove_prefix(end + 1);
    }
    return text.substr(0, text.find('\n'));
}

// The likely mistake behind a syntax error, in words, when the line shows it: a string left open, a
// value not in quotes. The reader's own words follow it.
std::string syntax_hint(std::string_view line) {
    if (std::count(line.begin(), line.end(), '"') % 2 == 1) return "a closing \" is missing";
    const std::size_t equals = line.find('=');
    if (equals != std::string_view::npos) {
        std::string_view value = line.substr(equals + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
        const bool word = !value.empty() && std::isalpha(static_cast<unsigned char>(value.front())) &&
                          !value.starts_with("true") && !value.starts_with("false");
        if (word) return "text goes in quotes (name = \"Amina\")";
    }
    return "";
}

// Where a key written at the top of the file belongs: its table, when the name is one of a table's.
std::string misplaced(std::string_view key) {
    if (front::find_key_action(key)) return "; key bindings go under [keys]";
    if (key == "white" || key == "black") return "; the players go under [players]";
    for (const RuleSwitch& s : kRuleSwitches)
        if (key == switch_key(s)) return "; the rules go under [rules]";
    return "";
}

}  // namespace

SettingsRead parse_settings(std::string_view text, std::string_view name) {
    SettingsRead read;
    Problems problems{name, {}};
    toml::table file;
    try {
        file = toml::parse(text, name);
    } catch (const toml::parse_error& e) {
        const std::string hint = syntax_hint(line_of(text, e.source().begin.line));
        problems.add(e.source(), hint.empty() ? concat(e.description(), " (the whole file is ignored)")
                                              : concat(hint, " (", e.description(), "; the whole file is ignored)"));
        read.problems.push_back(problems.found.front().message);
        read.line_problems = read.problems;
        return read;
    }
    for (const auto& [key, node] : file) {
        const std::string_view k = key.str();
        const auto* table = node.as_table();
        const std::size_t found_before = problems.found.size();
        if (k == "auto-flip") read_bool(node, read.settings.auto_flip, k, problems);
        else if (k == "ascii") read_bool(node, read.settings.ascii, k, problems);
        else if (k == "bell") read_bool(node, read.settings.bell, k, problems);
        else if (k == "screen-reader") read_bool(node, read.settings.screen_reader, k, problems);
        else if (k == "theme") {
            const auto* name = node.as_string();
            if (name != nullptr && tui::theme_by_name(name->get())) read.settings.theme = name->get();
            else
                problems.add(node.source(), concat("theme: expected one of ", tui::theme_list(), ", found ",
                                                   shown(node), " (ignored)"));
        } else if (k == "clock") {
            const auto* spec = node.as_string();
            const auto parsed = spec != nullptr && !spec->get().empty()
                                    ? parse_time_control(spec->get())
                                    : Expected<TimeControl>(Error{"expected a clock"});
            if (spec != nullptr && spec->get().empty()) read.settings.clock.clear();  // "" for none
            else if (parsed) read.settings.clock = spec->get();
            else
                problems.add(node.source(),
                             concat("clock: expected \"\" or ", kClockSpecHelp, ", found ", shown(node), " (ignored)"));
        } else if ((k == "players" || k == "rules" || k == "keys") && table == nullptr)
            problems.add(node.source(), concat(k, ": expected a table [", k, "], found ", shown(node), " (ignored)"));
        else if (k == "players") read_players(*table, read.settings, problems);
        else if (k == "rules") read_rules(*table, read.settings, problems);
        else if (k == "keys") read_keys(*table, read.settings, problems);
        else problems.add(key.source(), concat("unknown key '", text::printable(k), "' (ignored)", misplaced(k)));
        const bool screen_only = k == "keys" || k == "theme" || k == "ascii" || k == "auto-flip" || k == "bell";
        for (std::size_t i = found_before; i < problems.found.size(); ++i) problems.found[i].screen_only = screen_only;
    }
    // toml++ keeps a table's keys in the order of their names: the messages go back into the file's order.
    std::stable_sort(problems.found.begin(), problems.found.end(),
                     [](const Problems::Found& a, const Problems::Found& b) { return a.at < b.at; });
    for (const Problems::Found& p : problems.found) {
        read.problems.push_back(p.message);
        if (!p.screen_only) read.line_problems.push_back(p.message);
    }
    return read;
}

std::string settings_path() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    // As the XDG specification says, a relative path is ignored.
    if (xdg != nullptr && xdg[0] == '/') return concat(xdg, "/fetaix/config.toml");
    const char* home = std::getenv("HOME");
    return concat(home != nullptr && home[0] != '\0' ? home : ".", "/.config/fetaix/config.toml");
}

SettingsRead load_settings(const std::string& path) {
    // No file: the defaults, and nothing to say.
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 && errno == ENOENT) return {};
    auto text = store::read_text_file(path, {kMaxSettingsBytes, "a settings file", "64 KiB", true});
    if (!text) {
        const std::string problem = concat(text.error().describe(), "; the settings are ignored");
        return {Settings{}, {problem}, {problem}};
    }
    return parse_settings(*text, path);
}

std::string settings_toml(const Settings& s) {
    const Settings defaults;
    const auto yes = [](bool on) { return on ? "true" : "false"; };
    // A name as a TOML basic string (a name holds no control character).
    const auto quoted = [](const std::string& name) {
        std::string out = "\"";
        for (char c : name) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        return out + "\"";
    };
    std::string out =
        "# fetaix settings (fetaix config --path tells where the file is looked for).\n"
        "# Every key with the value in force; options on the command line override them.\n"
        "\n";
    out += concat("# Turn the board so the side to move is at the bottom (default ", yes(defaults.auto_flip), ").\n",
                  "auto-flip = ", yes(s.auto_flip), "\n");
    out += concat("# Plain ASCII lines and pieces, even in a UTF-8 locale (default ", yes(defaults.ascii), ").\n",
                  "ascii = ", yes(s.ascii), "\n");
    out += concat("# The terminal bell when the computer has moved (default ", yes(defaults.bell), ").\n",
                  "bell = ", yes(s.bell), "\n");
    out += concat("# Lines of plain text for a screen reader instead of the board (default ",
                  yes(defaults.screen_reader), ").\n", "screen-reader = ", yes(s.screen_reader), "\n");
    out += concat("# The colours: ", tui::theme_list(), " (default ", quoted(defaults.theme), ").\n",
                  "theme = ", quoted(s.theme), "\n");
    out += concat("# A clock for both sides, such as \"5+3\" (fetaix --help; default none: \"\").\n",
                  "clock = ", quoted(s.clock), "\n");
    out += concat("\n[players]\n", "# The players' names when none is given (default ", quoted(defaults.white), " and ",
                  quoted(defaults.black), ").\n", "white = ", quoted(s.white), "\n", "black = ", quoted(s.black), "\n");
    out += "\n[rules]\n# The rule switches a new game starts with (see docs/rules.md).\n";
    for (const RuleSwitch& sw : kRuleSwitches) {
        const auto value = [&sw](const Rules& rules) {
            if (sw.kind == SwitchKind::Toggle) return std::string(sw.get(rules) != 0 ? "true" : "false");
            if (sw.kind == SwitchKind::Count) return std::to_string(sw.get(rules));
            return concat("\"", switch_value(sw, rules), "\"");
        };
        const std::string takes = sw.kind == SwitchKind::Toggle  ? "true or false"
                                  : sw.kind == SwitchKind::Count ? concat("0 to ", sw.max)
                                                                 : switch_words(sw);
        out += concat("# ", sw.label, ": ", takes, " (default ", value(defaults.rules), ")\n", switch_key(sw), " = ",
                      value(s.rules), "\n");
    }
    out += "\n[keys]\n";
    const std::string names = concat("Each action's key, or a list of keys. A key is ", front::kKeyNames, ".");
    for (const std::string& line : text::wrap(names, 98)) out += concat("# ", line, "\n");
    const front::KeyMap default_keys;
    const std::span<const front::KeyAction> actions = front::key_actions();
    for (std::size_t i = 0; i < actions.size(); ++i)
        out += concat("# ", actions[i].description, " (default ", keys_value(default_keys.keys(i)), ")\n",
                      actions[i].name, " = ", keys_value(s.keys.keys(i)), "\n");
    return out;
}

}  // namespace fetaix::config
