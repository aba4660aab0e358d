#pragma once
// Positions as text (docs/rules.md section 7): "W:Wa1,b1,Kc3:Ba5,Kb4".

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "error.hpp"
#include "position.hpp"

namespace fetaix {

inline constexpr std::string_view kStartFen =
    "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";

inline constexpr int kMaxPiecesPerSide = 12;

// Side to move, then White's and Black's pieces from a1 upwards, mullahs prefixed with K.
inline std::string to_fen(const Position& pos) {
    std::string text(1, pos.side_to_move == Color::White ? 'W' : 'B');
    for (Color c : {Color::White, Color::Black}) {
        text += c == Color::White ? ":W" : ":B";
        bool first = true;
        for (Point p : points(pos.of(c))) {
            if (!first) text += ',';
            first = false;
            if (contains(pos.mullahs, p)) text += 'K';
            text += to_string(p);
        }
    }
    return text;
}

namespace detail {

inline int fen_column(std::size_t i) { return static_cast<int>(i) + 1; }

// One piece of side c's list at text[i] ("c3" or "Kc3"), put on pos; i is left after it.
inline std::optional<Error> read_fen_piece(std::string_view text, std::size_t& i, std::size_t end, Color c,
                                           Position& pos, int& count) {
    const std::size_t piece_at = i;
    bool mullah = false;
    if (text[i] == 'K') {
        mullah = true;
        ++i;
    }
    if (end - i < 2) return Error{"expected a point (a1 to e5)", 0, fen_column(i)};
    const auto p = parse_point(text.substr(i, 2));
    if (!p) return Error{concat("'", characters_at(text, i, 2), "' is not a point (a1 to e5)"), 0, fen_column(i)};
    if (contains(pos.occupied(), *p)) return Error{to_string(*p) + " is named twice", 0, fen_column(i)};
    if (!mullah && contains(last_rank(c), *p))
        return Error{concat("a ", c == Color::White ? "White" : "Black", " man on ", to_string(*p),
                            " would already have been promoted"),
                     0, fen_column(piece_at)};
    if (++count > kMaxPiecesPerSide)
        return Error{concat("more than ", kMaxPiecesPerSide, " pieces for one side"), 0, fen_column(piece_at)};
    pos.pieces[index_of(c)] |= bit(*p);
    if (mullah) pos.mullahs |= bit(*p);
    i += 2;
    return std::nullopt;
}

// One side's section at text[i] (":W" and its pieces, ',' between them); i is left after it.
inline std::optional<Error> read_fen_section(std::string_view text, std::size_t& i, std::size_t end, int section,
                                             Position& pos, bool (&seen)[2]) {
    if (i >= end || text[i] != ':')
        return Error{section == 0 ? "expected ':' after the side to move" : "expected ':' and the second side's pieces",
                     0, fen_column(i)};
    ++i;
    if (i >= end || (text[i] != 'W' && text[i] != 'B'))
        return Error{"expected W or B to name whose pieces follow", 0, fen_column(i)};
    const Color c = text[i] == 'W' ? Color::White : Color::Black;
    if (seen[index_of(c)])
        return Error{concat("the ", c == Color::White ? 'W' : 'B', " section is repeated"), 0, fen_column(i)};
    seen[index_of(c)] = true;
    ++i;
    int count = 0;
    bool expect_piece = false;  // after a comma a piece must follow
    while (i < end && text[i] != ':') {
        if (auto e = read_fen_piece(text, i, end, c, pos, count)) return e;
        expect_piece = false;
        if (i < end && text[i] == ',') {
            ++i;
            expect_piece = true;
        } else if (i < end && text[i] != ':') {
            return Error{concat("expected ',' or ':' after a piece, found '", characters_at(text, i, 1), "'"), 0,
                         fen_column(i)};
        }
    }
    if (expect_piece) return Error{"a piece must follow ','", 0, fen_column(i)};
    return std::nullopt;
}

}  // namespace detail

// Reads a position; surrounding white space is ignored. Columns in errors are 1-based.
inline Expected<Position> parse_fen(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (begin < end && space(text[begin])) ++begin;
    while (end > begin && space(text[end - 1])) --end;
    if (begin == end) return Error{concat("empty position: expected something like ", kStartFen)};

    Position pos;
    std::size_t i = begin;
    if (text[i] == 'W') pos.side_to_move = Color::White;
    else if (text[i] == 'B') pos.side_to_move = Color::Black;
    else return Error{"the position must start with the side to move, W or B", 0, detail::fen_column(i)};
    ++i;
    bool seen[2] = {false, false};
    for (int section = 0; section < 2; ++section)
        if (auto e = detail::read_fen_section(text, i, end, section, pos, seen)) return *e;
    if (i != end) return Error{"unexpected text after both sides' pieces", 0, detail::fen_column(i)};
    return pos;
}

// Why a game cannot start from `pos`, or nothing: a side without pieces has already lost, so the
// game would be over before it began (a move into it would "capture all" without capturing).
inline std::optional<std::string> unplayable_start(const Position& pos) {
    if (!pos.of(Color::White) && !pos.of(Color::Black))
        return concat(to_fen(pos), ": neither side has pieces: there is no game");
    for (Color c : {Color::White, Color::Black})
        if (!pos.of(c)) return concat(to_fen(pos), ": ", to_string(c), " has no pieces, so the game is already over");
    return std::nullopt;
}

}  // namespace fetaix
