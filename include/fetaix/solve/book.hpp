#pragma once
// The book of proven positions: what `fetaix solve` has proven, for the engine to
// play. Made from checked proofs (proof.hpp) by `fetaix solve --book OUT PROOF...`; a binary file read
// in place, with no parsing, so that a book of millions of positions costs nothing at start:
//
//   "fetaix book 2\n"                                    the head (14 bytes)
//   "rules backward-captures=no promotion=end majority=no\n"
//   count                                                8 bytes, little-endian
//   count keys, strictly increasing                      8 bytes each: key_of(position)
//   count codes, in the keys' order                      2 bytes each: the value (2 high bits) and the
//                                                        move's place among the moves in notation order
//
// Values are for the side to move: win (by this move), loss (whatever it plays), draw (both sides hold:
// this move holds it) and holds (the side to move does not lose by this move; it may win). A win proof
// gives its winner's nodes (win) and its loser's (loss); a draw proof the nodes both holding strategies
// share (draw) and each side's own other nodes (holds). Values are those of the proofs: no-progress rule
// off, threefold repetition a draw (docs/solution.md). `fetaix solve --book BOOK` lists a book as text.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "../error.hpp"
#include "../fen.hpp"
#include "../movegen.hpp"
#include "../notation.hpp"
#include "../position.hpp"
#include "../rules.hpp"
#include "proof.hpp"

namespace fetaix::book {

inline constexpr std::string_view kHead = "fetaix book 2\n";

// For the side to move.
enum class Value : std::uint8_t { Win, Draw, Loss, Holds };

inline std::string_view to_string(Value v) {
    switch (v) {
        case Value::Win: return "win";
        case Value::Draw: return "draw";
        case Value::Holds: return "holds";
        case Value::Loss: break;
    }
    return "loss";
}

// "win (proven)", "at least a draw (proven)": what analyze and the hint say.
inline std::string verdict(Value v) {
    return concat(v == Value::Holds ? "at least a draw" : to_string(v), " (proven)");
}
// The same for a game under `rules`: the book's values are with no no-progress limit, so under one a win
// or a loss is named with that condition ("win with no no-progress limit (proven)"); a draw or a hold
// stands under any limit (the rule only adds draws).
inline std::string verdict(Value v, const Rules& rules) {
    if (rules.no_progress > 0 && (v == Value::Win || v == Value::Loss))
        return concat(to_string(v), " with no no-progress limit (proven)");
    return verdict(v);
}

struct Entry {
    Value value = Value::Loss;
    std::optional<Move> move;  // the move of a win, a draw or a hold; none for a loss
};

// A position as a number: each point a base-5 digit (empty, White man, White mullah, Black man, Black
// mullah), times two, plus one with Black to move. Exact (5^25 * 2 < 2^60), so a key is never shared.
inline constexpr std::uint64_t kKeyEnd = [] {
    std::uint64_t n = 2;
    for (int i = 0; i < kPointCount; ++i) n *= 5;
    return n;
}();

constexpr std::uint64_t key_of(const Position& p) {
    std::uint64_t key = 0;
    for (int i = kPointCount - 1; i >= 0; --i) {
        const Point q{static_cast<std::uint8_t>(i)};
        const int digit = !contains(p.occupied(), q)
                              ? 0
                              : (contains(p.of(Color::White), q) ? 1 : 3) + (contains(p.mullahs, q) ? 1 : 0);
        key = key * 5 + static_cast<std::uint64_t>(digit);
    }
    return key * 2 + (p.side_to_move == Color::Black ? 1 : 0);
}

// key_of's inverse, for keys below kKeyEnd.
constexpr Position position_of(std::uint64_t key) {
    Position p;
    p.side_to_move = key % 2 ? Color::Black : Color::White;
    key /= 2;
    for (int i = 0; i < kPointCount; ++i, key /= 5) {
        const auto digit = static_cast<int>(key % 5);
        if (digit == 0) continue;
        const Bitboard b = bit(Point{static_cast<std::uint8_t>(i)});
        p.pieces[digit <= 2 ? 0 : 1] |= b;
        if (digit == 2 || digit == 4) p.mullahs |= b;
    }
    return p;
}

// The legal moves in notation order: a book names its move by its place here, which does not change
// when the generator lists moves in another order.
inline std::vector<Move> moves_in_notation_order(const Position& p, const Rules& rules) {
    std::vector<std::pair<std::string, Move>> named;
    for (const Move& m : legal_moves(p, rules)) named.emplace_back(fetaix::to_string(m), m);
    std::sort(named.begin(), named.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    out.reserve(named.size());
    for (auto& [name, m] : named) out.push_back(m);
    return out;
}

namespace detail {
inline constexpr std::uint16_t kNoMove = 0x3fff;

constexpr std::uint16_t code(Value v, std::uint16_t move_place) {
    return static_cast<std::uint16_t>(static_cast<unsigned>(v) << 14 | move_place);
}
constexpr Value value_of(std::uint16_t code) { return static_cast<Value>(code >> 14); }
constexpr std::uint16_t move_place_of(std::uint16_t code) { return code & kNoMove; }

inline std::uint64_t load64(const char* at) {
    std::array<unsigned char, 8> b;
    std::memcpy(b.data(), at, 8);
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | b[static_cast<std::size_t>(i)];
    return v;
}
inline std::uint16_t load16(const char* at) {
    std::array<unsigned char, 2> b;
    std::memcpy(b.data(), at, 2);
    return static_cast<std::uint16_t>(b[1] << 8 | b[0]);
}
inline void store(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i, v >>= 8) out.push_back(static_cast<char>(v & 0xff));
}
}  // namespace detail

// A book read in place: over bytes compiled into the program, or over a file's bytes it keeps.
class Book {
public:
    Book() { rules_.no_progress = 0; }

    // Checks the head, the rules and the size, and nothing past them: reading no key, it touches only the
    // first page, so a program that never looks a position up pays nothing for a large book. For bytes
    // that may be damaged, read() (or check()) checks every entry too. The bytes must outlive the book
    // (and its copies).
    static Expected<Book> view(std::string_view bytes) {
        Book b;
        if (bytes.starts_with("fetaix book 1\n"))
            return Error{
                "a book in the old text format ('fetaix book 1'); this program reads 'fetaix book 2': make it again from its proofs with fetaix solve --book"};
        if (bytes.substr(0, kHead.size()) != kHead) return Error{"not a fetaix book (a book starts 'fetaix book 2')"};
        std::string_view rest = bytes.substr(kHead.size());
        const auto eol = rest.find('\n');
        if (rest.substr(0, 6) != "rules " || eol == std::string_view::npos)
            return Error{"expected 'rules ...' after the head"};
        const auto rules = proof::parse_rules_line(rest.substr(6, eol - 6));
        if (!rules) return Error{concat("rules: ", rules.error().message)};
        b.rules_ = *rules;
        rest.remove_prefix(eol + 1);
        if (rest.size() < 8) return Error{"cut off before its count of positions"};
        const std::uint64_t count = detail::load64(rest.data());
        rest.remove_prefix(8);
        if (count > rest.size() / 10 || rest.size() != count * 10)
            return Error{concat("its size does not match its count of ", count, " positions: cut off or damaged")};
        b.count_ = static_cast<std::size_t>(count);
        b.keys_ = rest.data();
        b.codes_ = rest.data() + 8 * count;
        return b;
    }
    // What is wrong with the entries, if anything: the keys' order and every code (reads the whole book).
    [[nodiscard]] std::optional<Error> check() const {
        std::uint64_t last = 0;
        for (std::size_t i = 0; i < count_; ++i) {
            const std::uint64_t k = key(i);
            if (k >= kKeyEnd) return Error{concat("position ", i + 1, ": not a position (key ", k, ")")};
            if (i > 0 && k <= last) return Error{concat("position ", i + 1, ": out of order or listed twice")};
            last = k;
            const std::uint16_t c = code(i);
            if ((detail::value_of(c) == Value::Loss) != (detail::move_place_of(c) == detail::kNoMove))
                return Error{concat(to_fen(position_of(k)), ": ",
                                    detail::value_of(c) == Value::Loss ? "a loss with a move" : "a move missing")};
        }
        return std::nullopt;
    }
    // A book that keeps its own copy of the bytes, each entry checked.
    static Expected<Book> read(std::string bytes) {
        auto owned = std::make_shared<const std::string>(std::move(bytes));
        auto b = view(*owned);
        if (!b) return b;
        if (auto wrong = b->check()) return *wrong;
        b->owned_ = std::move(owned);
        return b;
    }

    const Rules& rules() const { return rules_; }
    std::size_t size() const { return count_; }
    // Whether the values hold in a game under these rules: the same switches (a count of no-progress
    // plies aside: docs/solution.md says what that means for a win).
    bool applies(const Rules& r) const { return proof::rules_line(r) == proof::rules_line(rules_); }

    // The entry of p, with its move, if the book has p (a move the rules core does not list: none).
    std::optional<Entry> find(const Position& p) const {
        const std::uint64_t k = key_of(p);
        std::size_t lo = 0, hi = count_;
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (key(mid) < k) lo = mid + 1;
            else hi = mid;
        }
        if (lo == count_ || key(lo) != k) return std::nullopt;
        return entry(p, code(lo));
    }

    // Each position with its entry, in key order; stops at the first entry whose move the rules core
    // does not list, and says which.
    template <class Visit>
    std::optional<std::string> for_each(Visit&& visit) const {
        for (std::size_t i = 0; i < count_; ++i) {
            const Position p = position_of(key(i));
            const auto e = entry(p, code(i));
            if (!e) return concat(to_fen(p), ": its move is not one of the position's legal moves");
            visit(p, *e);
        }
        return std::nullopt;
    }

private:
    std::uint64_t key(std::size_t i) const { return detail::load64(keys_ + 8 * i); }
    std::uint16_t code(std::size_t i) const { return detail::load16(codes_ + 2 * i); }
    std::optional<Entry> entry(const Position& p, std::uint16_t c) const {
        Entry e{detail::value_of(c), std::nullopt};
        if (const std::uint16_t place = detail::move_place_of(c); place != detail::kNoMove) {
            const auto moves = moves_in_notation_order(p, rules_);
            if (place >= moves.size()) return std::nullopt;
            e.move = moves[place];
        }
        return e;
    }

    std::shared_ptr<const std::string> owned_;
    Rules rules_;
    std::size_t count_ = 0;
    const char* keys_ = nullptr;
    const char* codes_ = nullptr;
};

// A book being made: positions added one by one, from proofs or from another book, then written.
class Builder {
public:
    // Rules are taken from the first proof or book added.
    Builder() { rules_.no_progress = 0; }
    explicit Builder(const Rules& rules) { (void)take_rules(rules, "rules"); }

    const Rules& rules() const { return rules_; }
    std::size_t size() const { return codes_.size(); }

    // Adds p. A position the book has keeps its move when the value is the same: every proof's
    // strategy is closed (its moves lead to its own nodes or to leaves), so play that enters an earlier
    // proof's node stays in that proof, and mixing proofs this way never goes round. A hold gives way to
    // a win or a draw (both say more); a value that contradicts the book's is refused: two checked
    // proofs never disagree, so one of them is not what it says.
    [[nodiscard]] std::optional<std::string> put(const Position& p, const Entry& e) {
        if (!has_rules_) return "no rules yet";
        if (!p.us() || !p.them() || !has_legal_move(p, rules_))
            return concat(to_fen(p), ": the game is over here, nothing to prove");
        std::uint16_t place = detail::kNoMove;
        if (e.move) {
            const auto moves = moves_in_notation_order(p, rules_);
            const auto at = std::find(moves.begin(), moves.end(), *e.move);
            if (at == moves.end())
                return concat(to_fen(p), ": the move '", fetaix::to_string(*e.move), "' is not legal");
            // A code names a move by 14 bits: a position of more legal moves cannot be kept whole.
            const auto index = static_cast<std::size_t>(at - moves.begin());
            if (index >= detail::kNoMove)
                return concat(to_fen(p), ": the move '", fetaix::to_string(*e.move), "' is number ", index + 1, " of ",
                              moves.size(), " legal moves: a book names at most ", std::size_t{detail::kNoMove},
                              " a position");
            place = static_cast<std::uint16_t>(at - moves.begin());
        }
        if ((e.value == Value::Loss) != (place == detail::kNoMove))
            return concat(to_fen(p),
                          e.value == Value::Loss ? ": a loss has no move" : ": a value other than loss needs its move");
        const std::uint16_t c = detail::code(e.value, place);
        const auto [it, added] = codes_.emplace(key_of(p), c);
        if (added) return std::nullopt;
        const Value had = detail::value_of(it->second);
        if (had == e.value || (e.value == Value::Holds && had != Value::Loss)) return std::nullopt;
        if (had == Value::Holds && e.value != Value::Loss) {
            it->second = c;
            return std::nullopt;
        }
        return concat(to_fen(p), ": a ", to_string(e.value), " here, but the book has a ", to_string(had));
    }

    // Adds a book's positions (for its rules).
    [[nodiscard]] std::optional<std::string> add(const Book& book) {
        if (auto bad = take_rules(book.rules(), "book")) return bad;
        std::optional<std::string> problem;
        if (auto bad = book.for_each([&](const Position& p, const Entry& e) {
                if (!problem) problem = put(p, e);
            }))
            return bad;
        return problem;
    }

    // Adds a proof's positions (the caller has checked it: proof::verify, with these tables): of the
    // strategies its value needs, the nodes their lines reach from the root, as the check walked them;
    // a node listed but never reached, or another strategy in the file, was not checked and is not taken.
    [[nodiscard]] std::optional<std::string> add(const proof::Proof& proof, const tablebase::Set* tables) {
        if (auto bad = take_rules(proof.rules, "proof")) return bad;
        std::vector<proof::Walked> walked;
        for (const auto& [side, wins] : proof::needed_strategies(proof)) {
            const proof::Strategy* s = proof::find_strategy(proof, side, wins);
            if (!s)
                return concat("the value '", proof.value, "' needs the strategy '", to_string(side),
                              wins ? " wins" : " holds", "'");
            auto nodes = proof::walked(proof, *s, tables);
            if (!nodes) return nodes.error().message;
            walked.push_back(std::move(*nodes));
        }
        const auto put_text = [&](const Position& p, Value v,
                                  const std::string& move_text) -> std::optional<std::string> {
            Entry e{v, std::nullopt};
            if (!move_text.empty()) {
                const auto m = parse_move(move_text, p, rules_);
                if (!m) return concat(to_fen(p), ": the move '", move_text, "' is not legal: ", m.error().describe());
                e.move = *m;
            }
            return put(p, e);
        };
        if (proof.value == "win" || proof.value == "loss") {
            const Color winner = proof::needed_strategies(proof).front().first;
            for (const auto& [p, move] : walked.front())
                if (auto bad = put_text(p, p.side_to_move == winner ? Value::Win : Value::Loss,
                                        p.side_to_move == winner ? move : ""))
                    return bad;
            return std::nullopt;
        }
        // A node of both strategies is a draw; a side's own node of its strategy alone, a hold (its
        // other nodes say only that the opponent does not win, which the engine does not play from).
        std::unordered_set<Position, proof::detail::PositionHash> in[2];
        for (int side = 0; side < 2; ++side)
            for (const auto& [p, move] : walked[static_cast<std::size_t>(side)]) in[side].insert(p);
        for (int side = 0; side < 2; ++side)
            for (const auto& [p, move] : walked[static_cast<std::size_t>(side)]) {
                if (index_of(p.side_to_move) != side) continue;
                if (auto bad = put_text(p, in[1 - side].contains(p) ? Value::Draw : Value::Holds, move)) return bad;
            }
        return std::nullopt;
    }

    // The book's bytes: the same positions, the same bytes.
    std::string bytes() const {
        std::vector<std::pair<std::uint64_t, std::uint16_t>> sorted(codes_.begin(), codes_.end());
        std::sort(sorted.begin(), sorted.end());
        std::string out = concat(kHead, "rules ", proof::rules_line(rules_), "\n");
        out.reserve(out.size() + 8 + 10 * sorted.size());
        detail::store(out, sorted.size(), 8);
        for (const auto& [key, c] : sorted) detail::store(out, key, 8);
        for (const auto& [key, c] : sorted) detail::store(out, c, 2);
        return out;
    }

private:
    std::optional<std::string> take_rules(const Rules& r, std::string_view what) {
        if (has_rules_ && proof::rules_line(r) != proof::rules_line(rules_))
            return concat("the ", what, " is for the rules '", proof::rules_line(r), "', the book for '",
                          proof::rules_line(rules_), "'");
        rules_ = r;
        rules_.no_progress = 0;
        has_rules_ = true;
        return std::nullopt;
    }

    Rules rules_;
    bool has_rules_ = false;
    std::unordered_map<std::uint64_t, std::uint16_t> codes_;
};

// A book as text (`fetaix solve --book BOOK`): a line with the count and the rules, then one position a
// line in key order; refused whole at the first entry whose move the rules core does not list.
//   fetaix book: 2 positions; rules backward-captures=no promotion=end majority=no
//   B:Wa1,...:Ba3,... win d4xb2
inline Expected<std::string> to_text(const Book& book) {
    std::string text = concat("fetaix book: ", book.size(), book.size() == 1 ? " position" : " positions", "; rules ",
                              proof::rules_line(book.rules()), "\n");
    if (auto bad = book.for_each([&](const Position& p, const Entry& e) {
            text += concat(to_fen(p), " ", to_string(e.value),
                           e.move ? concat(" ", fetaix::to_string(*e.move)) : std::string(), "\n");
        }))
        return Error{*bad};
    return text;
}

}  // namespace fetaix::book
