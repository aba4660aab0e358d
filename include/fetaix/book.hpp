#pragma once
// The book of proven positions (issue 15 item 10): what `fetaix solve` has proven, for the engine to
// play. Made from checked proofs (proof.hpp) by `fetaix solve --book OUT PROOF...`, one line a position:
//
//   fetaix book 1
//   rules backward-captures=no promotion=end majority=no
//   B:Wa1,...:Ba3,... win d4xb2      (the side to move wins, by this move)
//   W:Wa1,...:Bb2,... loss           (the side to move loses, whatever it plays)
//   W:Wa1,...:Bd4,... draw a1-b2     (a draw; this move holds it)
//
// A win proof gives its winner's nodes (win, with the move) and its loser's (loss); a draw proof the
// nodes both holding strategies share (draw, with the side to move's holding move). Values are those
// of the proofs: no-progress rule off, threefold repetition a draw (docs/solution.md).

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "error.hpp"
#include "fen.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "proof.hpp"
#include "rules.hpp"

namespace fetaix::book {

inline constexpr std::string_view kHead = "fetaix book 1";

// For the side to move.
enum class Value : std::uint8_t { Win, Draw, Loss };

inline std::string_view to_string(Value v) {
    switch (v) {
        case Value::Win: return "win";
        case Value::Draw: return "draw";
        case Value::Loss: break;
    }
    return "loss";
}

// "win (proven)": what analyze and the hint say.
inline std::string verdict(Value v) { return concat(to_string(v), " (proven)"); }

struct Entry {
    Value value = Value::Loss;
    std::optional<Move> move;  // a win's or a draw's move; none for a loss
};

struct Book {
    Rules rules;  // the switches the values hold for (no-progress off)
    std::unordered_map<Position, Entry, proof::detail::PositionHash> entries;

    const Entry* find(const Position& p) const {
        const auto it = entries.find(p);
        return it == entries.end() ? nullptr : &it->second;
    }
    // Whether the values hold in a game under these rules: the same switches (a count of no-progress
    // plies aside: docs/solution.md says what that means for a win).
    bool applies(const Rules& r) const { return proof::rules_line(r) == proof::rules_line(rules); }
};

// Checks one entry against the rules core: a position in play, a legal move exactly where a value needs one.
inline Expected<std::pair<Position, Entry>> parse_entry(std::string_view line, const Rules& rules) {
    std::istringstream words{std::string(line)};
    std::string fen_text, value_text, move_text, extra;
    words >> fen_text >> value_text >> move_text >> extra;
    const auto pos = parse_fen(fen_text);
    if (!pos) return Error{concat("'", fen_text, "' is not a position: ", pos.error().describe())};
    Entry e;
    if (value_text == "win") e.value = Value::Win;
    else if (value_text == "draw") e.value = Value::Draw;
    else if (value_text == "loss") e.value = Value::Loss;
    else return Error{concat(fen_text, ": the value is win, draw or loss, not '", value_text, "'")};
    if (!extra.empty()) return Error{concat(fen_text, ": '", extra, "' after the move")};
    if (!pos->us() || !pos->them() || !has_legal_move(*pos, rules)) return Error{concat(fen_text, ": the game is over here, nothing to prove")};
    if (e.value == Value::Loss) {
        if (!move_text.empty()) return Error{concat(fen_text, ": a lost position has no move, found '", move_text, "'")};
    } else {
        if (move_text.empty()) return Error{concat(fen_text, ": a ", value_text, " needs its move")};
        const auto m = parse_move(move_text, *pos, rules);
        if (!m) return Error{concat(fen_text, ": the move '", move_text, "' is not legal: ", m.error().describe())};
        e.move = *m;
    }
    return std::pair{*pos, e};
}

// Reads a book; the first bad line is refused with its number, and nothing is returned.
inline Expected<Book> parse(std::string_view text) {
    Book book;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    if (!std::getline(in, line) || line != kHead) return Error{concat("not a fetaix book (the first line is '", kHead, "')"), 1, 0};
    ++number;
    if (!std::getline(in, line) || line.rfind("rules ", 0) != 0) return Error{"expected 'rules ...'", 2, 0};
    ++number;
    const auto rules = proof::parse_rules_line(line.substr(6));
    if (!rules) return Error{rules.error().message, number, 0};
    book.rules = *rules;
    while (std::getline(in, line)) {
        ++number;
        auto entry = parse_entry(line, book.rules);
        if (!entry) return Error{entry.error().message, number, 0};
        if (!book.entries.emplace(entry->first, entry->second).second) return Error{concat(line.substr(0, line.find(' ')), ": listed twice"), number, 0};
    }
    return book;
}

// The book's text, its lines sorted (the same book, the same file).
inline std::string to_text(const Book& book) {
    std::vector<std::string> lines;
    lines.reserve(book.entries.size());
    for (const auto& [p, e] : book.entries)
        lines.push_back(concat(to_fen(p), " ", to_string(e.value), e.move ? concat(" ", fetaix::to_string(*e.move)) : std::string()));
    std::sort(lines.begin(), lines.end());
    std::string text = concat(kHead, "\nrules ", proof::rules_line(book.rules), "\n");
    for (const std::string& l : lines) text += concat(l, "\n");
    return text;
}

// Adds a proof's positions (the caller has checked it: proof::verify). A position the book has with
// another value is refused: two checked proofs never disagree, so one of them is not what it says. A
// position it has with the same value keeps its move: every proof's strategy is closed (its moves
// lead to its own nodes or to leaves), so play that enters an earlier proof's node stays in that
// proof, and mixing proofs this way never goes round.
inline std::optional<std::string> add(Book& book, const proof::Proof& proof) {
    if (!book.entries.empty() && !book.applies(proof.rules))
        return concat("the proof is for the rules '", proof::rules_line(proof.rules), "', the book for '", proof::rules_line(book.rules), "'");
    book.rules = proof.rules;
    book.rules.no_progress = 0;
    std::vector<std::pair<Position, Entry>> found;
    const auto read = [&](const proof::Strategy& s) -> Expected<std::unordered_map<Position, std::string, proof::detail::PositionHash>> {
        std::unordered_map<Position, std::string, proof::detail::PositionHash> nodes;
        for (const auto& [fen_text, move] : s.nodes) {
            const auto p = parse_fen(fen_text);
            if (!p) return Error{concat(fen_text, ": ", p.error().describe())};
            nodes.emplace(*p, move);
        }
        return nodes;
    };
    const auto entry_of = [&](const Position& p, Value v, const std::string& move) -> std::optional<std::string> {
        auto e = parse_entry(concat(to_fen(p), " ", to_string(v), move.empty() ? "" : " ", move), book.rules);
        if (!e) return e.error().message;
        found.push_back(*e);
        return std::nullopt;
    };
    if (proof.value == "win" || proof.value == "loss") {
        for (const proof::Strategy& s : proof.strategies) {
            if (!s.wins) continue;
            auto nodes = read(s);
            if (!nodes) return nodes.error().message;
            for (const auto& [p, move] : *nodes)
                if (auto bad = entry_of(p, p.side_to_move == s.side ? Value::Win : Value::Loss, move)) return bad;
        }
    } else {
        const proof::Strategy* white = nullptr;
        const proof::Strategy* black = nullptr;
        for (const proof::Strategy& s : proof.strategies)
            if (!s.wins) (s.side == Color::White ? white : black) = &s;
        if (!white || !black) return std::string("a draw's proof needs both holding strategies");
        auto w = read(*white), b = read(*black);
        if (!w) return w.error().message;
        if (!b) return b.error().message;
        for (const auto& [p, move] : *w)
            if (const auto other = b->find(p); other != b->end())
                if (auto bad = entry_of(p, Value::Draw, p.side_to_move == Color::White ? move : other->second)) return bad;
    }
    for (const auto& [p, e] : found) {
        const auto [it, added] = book.entries.emplace(p, e);
        if (!added && it->second.value != e.value)
            return concat(to_fen(p), ": a ", to_string(e.value), " here, but the book has a ", to_string(it->second.value));
    }
    return std::nullopt;
}

}  // namespace fetaix::book
