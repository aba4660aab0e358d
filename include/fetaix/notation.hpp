#pragma once
// Move notation (docs/rules.md section 7): "c2-c3" for a step, "a1xd4xd1" for a capture sequence.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "error.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "refusal.hpp"
#include "rules.hpp"

namespace fetaix {

inline std::string to_string(const Move& m) {
    std::string text = to_string(m.from);
    const char separator = m.is_capture() ? 'x' : '-';
    for (int i = 0; i < m.landings; ++i) {
        text += separator;
        text += to_string(m.path[i]);
    }
    return text;
}

// The points and separator of a move as typed, before it is matched against the legal moves.
struct MoveText {
    std::vector<Point> points;
    bool capture = false;
};

// Reads "c2-c3", "a1xd4xd1" or a prefix of a sequence ("c2xc4"); 'X' may stand for 'x'.
// Surrounding spaces are ignored; columns in errors are 1-based within `text`.
inline Expected<MoveText> parse_move_text(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
    while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
    if (begin == end) return Error{"empty move: expected a move such as c2-c3 or c2xc4"};
    MoveText result;
    char separator = 0;
    std::size_t i = begin;
    const auto column = [&](std::size_t at) { return static_cast<int>(at) + 1; };
    while (true) {
        if (end - i < 2) return Error{"expected a point (a1 to e5)", 0, column(i)};
        const auto p = parse_point(text.substr(i, 2));
        if (!p) return Error{concat("'", characters_at(text, i, 2), "' is not a point (a1 to e5)"), 0, column(i)};
        if (result.points.size() > kMaxCaptures)
            return Error{concat("too many points: a move has at most ", kMaxCaptures + 1), 0, column(i)};
        result.points.push_back(*p);
        i += 2;
        if (i == end) break;
        char c = text[i];
        if (c == 'X') c = 'x';
        if (c != '-' && c != 'x')
            return Error{concat("expected '-' or 'x' after ", to_string(*p), ", found '", characters_at(text, i, 1),
                                "'"),
                         0, column(i)};
        if (separator != 0 && c != separator) return Error{"a move uses '-' or 'x', not both", 0, column(i)};
        separator = c;
        ++i;
    }
    if (result.points.size() < 2) return Error{"a move needs a start and a landing point, such as c2-c3"};
    result.capture = separator == 'x';
    if (!result.capture && result.points.size() > 2)
        return Error{"a step has one landing point; captures are written with 'x'"};
    return result;
}

// Candidates shown when a prefix names several moves.
inline constexpr std::size_t kShownCandidates = 4;

// The legal move of pos that `text` names: exactly, or by a prefix that only one legal sequence starts
// with. Only the path written is walked (match_path), never every legal move.
inline Expected<Move> parse_move(std::string_view text, const Position& pos, const Rules& rules) {
    auto typed = parse_move_text(text);
    if (!typed) return typed.error();
    const PathMatch match = match_path(pos, rules, typed->points.front(), typed->points.data() + 1,
                                       static_cast<int>(typed->points.size()) - 1, typed->capture,
                                       kShownCandidates + 1);
    if (match.exact) return *match.exact;
    if (match.longer.size() == 1) return match.longer.front();
    std::string shown(text);
    if (match.longer.size() > 1) {
        std::string options;
        for (std::size_t i = 0; i < match.longer.size() && i < kShownCandidates; ++i)
            options += concat(i ? ", " : "", to_string(match.longer[i]));
        if (match.longer.size() > kShownCandidates) options += ", ...";
        return Error{concat("'", shown, "' is ambiguous: it could be ", options)};
    }
    const Refusal why = refusal(pos, rules, typed->points.front(), std::span(typed->points).subspan(1), typed->capture,
                                true);
    if (why.kind == RefusalKind::GameOver) return Error{describe(why)};
    return Error{std::string(describe(why))};
}

}  // namespace fetaix
