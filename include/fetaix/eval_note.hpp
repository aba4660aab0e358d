#pragma once
// A position's value as a record's comment keeps it, `[%eval ...]` (docs/notation.md): the engine's
// evaluation in men from White's point of view, as PGN's %eval, or a value that is proven, written so the
// two are never mistaken for each other.

#include <charconv>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "error.hpp"
#include "game.hpp"

namespace fetaix {

struct EvalNote {
    enum class Kind : std::uint8_t { Engine, Proven };
    Kind kind = Kind::Engine;
    // Engine: hundredths of a man for White (negative: Black stands better).
    int centimen = 0;
    // Engine: a forced end the search found, in plies (the engine's word for it, not a proof).
    std::optional<int> forced;
    // Proven: WhiteWins, BlackWins or Draw; with `at_least`, the side named wins or draws (a book's "holds").
    Outcome outcome = Outcome::Draw;
    bool at_least = false;
    std::optional<int> distance;  // proven by the tables or the rules: plies to the end
    std::string source;           // proven: "tables", "book" or "rules"
    friend bool operator==(const EvalNote&, const EvalNote&) = default;
};

inline bool known_eval_source(std::string_view s) { return s == "tables" || s == "book" || s == "rules"; }

// "+0.35", "-1.20", "+#13" (White forces the end in 13 plies, by the search), "#W17 tables", "#= book",
// "#B= book" (Black at least draws), "#W0 rules".
inline std::string format_eval_note(const EvalNote& e) {
    if (e.kind == EvalNote::Kind::Engine) {
        if (e.forced) return concat(e.centimen >= 0 ? "+#" : "-#", *e.forced);
        const int a = e.centimen < 0 ? -e.centimen : e.centimen;
        return concat(e.centimen < 0 ? "-" : "+", a / 100, ".", a % 100 / 10, a % 10);
    }
    std::string out = "#";
    out += e.outcome == Outcome::WhiteWins ? "W" : e.outcome == Outcome::BlackWins ? "B" : "";
    if (e.at_least || e.outcome == Outcome::Draw) out += "=";
    else if (e.distance) out += std::to_string(*e.distance);
    return concat(out, " ", e.source);
}

// The text after "%eval " up to the ']'; nothing when it is not a value format_eval_note writes.
inline std::optional<EvalNote> parse_eval_note(std::string_view text) {
    const auto number = [](std::string_view digits) -> std::optional<int> {
        int n = 0;
        if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        if (ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
        return n;
    };
    EvalNote e;
    if (text.size() >= 2 && (text[0] == '+' || text[0] == '-') && text[1] == '#') {
        const auto n = number(text.substr(2));
        if (!n) return std::nullopt;
        e.forced = *n;
        e.centimen = text[0] == '+' ? 1 : -1;
        return e;
    }
    if (!text.empty() && text[0] != '#') {  // "+0.35", "-1.20", or PGN's unsigned "0.35"
        const bool negative = text[0] == '-';
        if (text[0] == '+' || text[0] == '-') text.remove_prefix(1);
        const std::size_t dot = text.find('.');
        if (dot == std::string_view::npos || text.size() - dot != 3) return std::nullopt;
        const auto whole = number(text.substr(0, dot));
        const auto hundredths = number(text.substr(dot + 1));
        if (!whole || !hundredths) return std::nullopt;
        e.centimen = (*whole * 100 + *hundredths) * (negative ? -1 : 1);
        return e;
    }
    if (text.empty() || text[0] != '#') return std::nullopt;
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos || !known_eval_source(text.substr(space + 1))) return std::nullopt;
    e.kind = EvalNote::Kind::Proven;
    e.source = std::string(text.substr(space + 1));
    std::string_view v = text.substr(1, space - 1);
    if (!v.empty() && (v[0] == 'W' || v[0] == 'B')) {
        e.outcome = v[0] == 'W' ? Outcome::WhiteWins : Outcome::BlackWins;
        v.remove_prefix(1);
        if (v == "=") e.at_least = true;
        else if (!v.empty()) {
            const auto n = number(v);
            if (!n) return std::nullopt;
            e.distance = *n;
        }
        return e;
    }
    if (v != "=") return std::nullopt;
    e.outcome = Outcome::Draw;
    return e;
}

}  // namespace fetaix
