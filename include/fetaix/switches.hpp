#pragma once
// The rule switches in one table: for each, its command-line flag, PDN tag, values, how it is read and
// written, its help and its words on the screen. The command line, records, the screen, the help text
// and the tests read the switches from here and nowhere else. The move generator reads the Rules
// fields directly (never this table), so perft speed does not depend on it.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "error.hpp"
#include "rules.hpp"

namespace fetaix {

enum class SwitchKind : std::uint8_t {
    Toggle,  // on or off: the flag alone turns it on; "yes" or "no" in a record
    Choice,  // one of a few words, in the order of its enum
    Count,   // a whole number from 0 to a maximum; 0 turns the rule off
};

struct RuleSwitch {
    SwitchKind kind;
    std::string_view flag;                       // on the command line: "--promotion"
    std::string_view tag;                        // in a record: "Promotion"
    std::span<const std::string_view> words;     // Choice: its values, by number; Toggle: "no", "yes"
    int max;                                     // Count: the largest value
    std::string_view unit;                       // Count: what is counted ("plies")
    std::string_view help;                       // --help text after the flag; lines of at most 48 joined by '\n'
    std::string_view label;                      // on the screen: "backward captures"
    std::string_view count_phrase;               // Count, on the screen, before the number: "no-progress draw after"
    int panel_line;                              // the line of the screen's rules panel it is shown on
    std::span<const std::string_view> meanings;  // Toggle and Choice: what each value does, a sentence each
    int (*get)(const Rules&);                    // the value as a number: Toggle 0 or 1, Choice its index, Count itself
    void (*set)(Rules&, int);
};

namespace detail {
inline constexpr std::string_view kYesNo[] = {"no", "yes"};
inline constexpr std::string_view kPromotionWords[] = {"end", "immediate", "stop"};  // as Promotion's values
static_assert(static_cast<int>(Promotion::End) == 0 && static_cast<int>(Promotion::Stop) == 2);
// What each value does, for the help page and the screen reader (docs/rules.md says it in full).
inline constexpr std::string_view kBackwardMeanings[] = {
    "Men capture forward, diagonally forward or sideways, never backward.",
    "Men may also capture backward (they still never step backward)."};
inline constexpr std::string_view kPromotionMeanings[] = {
    "A man reaching the far rank mid-capture captures on as a man.",
    "A man reaching the far rank mid-capture captures on as a mullah.",
    "A man reaching the far rank mid-capture is crowned and its move ends."};
inline constexpr std::string_view kMajorityMeanings[] = {"Any capture sequence may be chosen, not only the longest.",
                                                         "Only the sequences capturing the most pieces may be played."};
}  // namespace detail

// Each switch of Rules, in the order records, the help and the descriptions list them. A new switch
// is a field in Rules, its moves in the generator, a row here, and its words in the docs.
inline constexpr std::array<RuleSwitch, 4> kRuleSwitches{{
    {SwitchKind::Toggle, "--backward-captures", "BackwardCaptures", detail::kYesNo, 1, "",
     "men may also capture backward", "backward captures", "", 0, detail::kBackwardMeanings,
     [](const Rules& r) { return static_cast<int>(r.backward_captures); },
     [](Rules& r, int v) { r.backward_captures = v != 0; }},
    {SwitchKind::Choice, "--promotion", "Promotion", detail::kPromotionWords, 2, "",
     "a man reaching the far rank mid-capture stays\n"
     "a man until the move ends (end, default),\n"
     "captures on as a mullah (immediate), or the\n"
     "move ends there (stop)",
     "promotion", "", 1, detail::kPromotionMeanings, [](const Rules& r) { return static_cast<int>(r.promotion); },
     [](Rules& r, int v) { r.promotion = static_cast<Promotion>(v); }},
    {SwitchKind::Toggle, "--majority", "Majority", detail::kYesNo, 1, "",
     "the sequence capturing the most pieces is\ncompulsory", "majority", "", 0, detail::kMajorityMeanings,
     [](const Rules& r) { return static_cast<int>(r.majority); }, [](Rules& r, int v) { r.majority = v != 0; }},
    {SwitchKind::Count,
     "--no-progress",
     "NoProgress",
     {},
     kMaxNoProgress,
     "plies",
     "plies without a capture or a man's move that\n"
     "draw the game (default 50, 0 = off)",
     "no-progress",
     "no-progress draw after",
     2,
     {},
     [](const Rules& r) { return r.no_progress; },
     [](Rules& r, int v) { r.no_progress = v; }},
}};

// How many lines the screen's rules panel has.
inline constexpr int kRulesPanelHeight = [] {
    int lines = 0;
    for (const RuleSwitch& s : kRuleSwitches) lines = s.panel_line + 1 > lines ? s.panel_line + 1 : lines;
    return lines;
}();

// The switch with this PDN tag, or nothing.
inline const RuleSwitch* find_switch_by_tag(std::string_view tag) {
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.tag == tag) return &s;
    return nullptr;
}

// The switch with this command-line flag, or nothing.
inline const RuleSwitch* find_switch_by_flag(std::string_view flag) {
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.flag == flag) return &s;
    return nullptr;
}

// "backward-captures": the flag without its dashes, as describe() writes it.
inline std::string_view switch_key(const RuleSwitch& s) { return s.flag.substr(2); }

// The value as records and descriptions write it: "yes", "immediate", "50".
inline std::string switch_value(const RuleSwitch& s, const Rules& rules) {
    const int v = s.get(rules);
    if (s.kind == SwitchKind::Count) return std::to_string(v);
    return std::string(s.words[static_cast<std::size_t>(v)]);
}

// "end, immediate or stop"
inline std::string switch_words(const RuleSwitch& s) {
    if (s.kind == SwitchKind::Toggle) return "yes or no";
    std::string out;
    for (std::size_t i = 0; i < s.words.size(); ++i)
        out += concat(i == 0 ? "" : i + 1 == s.words.size() ? " or " : ", ", s.words[i]);
    return out;
}

// What the flag takes after it in the help: "end|immediate|stop", "N", or nothing for a toggle.
inline std::string switch_placeholder(const RuleSwitch& s) {
    if (s.kind == SwitchKind::Toggle) return "";
    if (s.kind == SwitchKind::Count) return "N";
    std::string out;
    for (std::string_view w : s.words) out += concat(out.empty() ? "" : "|", w);
    return out;
}

// Sets the switch from a record's tag value, or says what is wrong with the value.
inline std::optional<std::string> set_from_tag(const RuleSwitch& s, Rules& rules, std::string_view value) {
    switch (s.kind) {
        case SwitchKind::Toggle:
            // Records written by other programs say it in other words, too.
            if (value == "yes" || value == "on" || value == "true" || value == "1") s.set(rules, 1);
            else if (value == "no" || value == "off" || value == "false" || value == "0") s.set(rules, 0);
            else return concat("expected yes or no, found \"", value, "\"");
            return std::nullopt;
        case SwitchKind::Choice:
            for (std::size_t i = 0; i < s.words.size(); ++i)
                if (s.words[i] == value) {
                    s.set(rules, static_cast<int>(i));
                    return std::nullopt;
                }
            return concat("expected ", switch_words(s), ", found \"", value, "\"");
        case SwitchKind::Count: {
            if (value.empty() || value.size() > 6) return concat("expected a number of ", s.unit);
            int n = 0;
            for (char c : value) {
                if (c < '0' || c > '9') return concat("expected a number of ", s.unit, ", found \"", value, "\"");
                n = n * 10 + (c - '0');
            }
            if (n > s.max) return concat("at most ", s.max, " ", s.unit);
            s.set(rules, n);
            return std::nullopt;
        }
    }
    return std::nullopt;
}

// Sets the switch from the command line: `value` is the argument after the flag (nothing when there
// is none) and is not read for a toggle. Returns whether the value was used, or sets `error`.
inline bool set_from_flag(const RuleSwitch& s, Rules& rules, std::optional<std::string_view> value,
                          std::string& error) {
    switch (s.kind) {
        case SwitchKind::Toggle: s.set(rules, 1); return false;
        case SwitchKind::Choice:
            if (!value) {
                error = concat(s.flag, " needs a value: ", switch_words(s));
                return false;
            }
            for (std::size_t i = 0; i < s.words.size(); ++i)
                if (s.words[i] == *value) {
                    s.set(rules, static_cast<int>(i));
                    return true;
                }
            error = concat(s.flag, ": expected ", switch_words(s), ", not '", *value, "'");
            return true;
        case SwitchKind::Count: {
            const bool digits = value && !value->empty() &&
                                value->find_first_not_of("0123456789") == std::string_view::npos;
            int n = 0;
            // Past the maximum, the count stops growing: any longer number is just too big.
            if (digits)
                for (char c : *value) n = std::min(n * 10 + (c - '0'), s.max + 1);
            if (!value) {
                error = concat(s.flag, " needs a number of ", s.unit, " (0 turns the rule off)");
                return false;
            }
            if (!digits || n > s.max) {
                error = concat(s.flag, ": expected a number from 0 to ", s.max, ", not '", *value, "'");
                return true;
            }
            s.set(rules, n);
            return true;
        }
    }
    return false;
}

// The switch in words on the screen: "backward captures no", "promotion end", "no-progress draw after
// 50 plies", "no-progress rule off".
inline std::string switch_phrase(const RuleSwitch& s, const Rules& rules) {
    if (s.kind != SwitchKind::Count) return concat(s.label, " ", switch_value(s, rules));
    const int n = s.get(rules);
    return n == 0 ? concat(s.label, " rule off") : concat(s.count_phrase, " ", n, " ", s.unit);
}

// The phrases of the switches where `rules` differs from `other`, joined by ", " ("" if none).
inline std::string switch_phrases_differing(const Rules& rules, const Rules& other) {
    std::string out;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.get(rules) != s.get(other)) out += concat(out.empty() ? "" : ", ", switch_phrase(s, rules));
    return out;
}

// What the switch's value does, a sentence; none for a count (its phrase says it).
inline std::string_view switch_meaning(const RuleSwitch& s, const Rules& rules) {
    if (s.meanings.empty()) return {};
    return s.meanings[static_cast<std::size_t>(s.get(rules))];
}

// The screen's rules panel: the phrases of each panel line, joined by ", ".
inline std::vector<std::string> rules_panel_lines(const Rules& rules) {
    std::vector<std::string> lines;
    for (const RuleSwitch& s : kRuleSwitches) {
        if (lines.size() <= static_cast<std::size_t>(s.panel_line))
            lines.resize(static_cast<std::size_t>(s.panel_line) + 1);
        std::string& line = lines[static_cast<std::size_t>(s.panel_line)];
        line += concat(line.empty() ? "" : ", ", switch_phrase(s, rules));
    }
    return lines;
}

// The rule switches section of --help: each flag with what it takes, its help from column 31.
inline std::string rule_switches_help() {
    constexpr std::size_t kColumn = 31;
    std::string out;
    for (const RuleSwitch& s : kRuleSwitches) {
        const std::string placeholder = switch_placeholder(s);
        std::string head = concat("  ", s.flag, placeholder.empty() ? "" : " ", placeholder);
        if (head.size() + 1 > kColumn) {
            out += head + '\n';
            head.clear();
        }
        std::string_view help = s.help;
        while (true) {
            const std::size_t end = help.find('\n');
            head.resize(kColumn, ' ');
            out += concat(head, help.substr(0, end), '\n');
            head.clear();
            if (end == std::string_view::npos) break;
            help.remove_prefix(end + 1);
        }
    }
    return out;
}

// One line for logs and tests: "backward-captures=no promotion=end majority=no no-progress=50".
inline std::string describe(const Rules& rules) {
    std::string out;
    for (const RuleSwitch& s : kRuleSwitches)
        out += concat(out.empty() ? "" : " ", switch_key(s), "=", switch_value(s, rules));
    return out;
}

// Every combination of the switches that take a few values (toggles and choices), counts at their
// defaults: the first switch changes slowest. Tests and fuzzers run under each.
inline std::vector<Rules> every_rule_combination() {
    std::vector<Rules> all{Rules{}};
    for (const RuleSwitch& s : kRuleSwitches) {
        if (s.kind == SwitchKind::Count) continue;
        std::vector<Rules> next;
        for (const Rules& r : all)
            for (std::size_t v = 0; v < s.words.size(); ++v) {
                Rules changed = r;
                s.set(changed, static_cast<int>(v));
                next.push_back(changed);
            }
        all = std::move(next);
    }
    return all;
}

}  // namespace fetaix
