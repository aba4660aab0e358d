#pragma once
// A second check of the solver's proof files (`fetaix solve --proof`), made with the reference generator
// of reference.hpp and its own reading of the file, not with the rules core that made the proof.
//
// Every strategy the value needs is walked from the root: at the strategy side's nodes its move must be
// one the reference generates, at the other side's every move the reference generates is followed. A
// line ends only where the game ends (the side to move has no move: it has lost). Where the proof stops
// at a position of the endgame tables, the tables are only a guide: they name the move to try, and the
// walk goes on below it with the reference generator down to the ends of the game, so that no value of
// the tables is taken on trust. A win must never meet a position twice on one line; a hold may go
// round (endless play is a draw) but must never reach a loss.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "reference.hpp"

namespace reference {

// What the tables say of a position, for the side to move: a win or a loss in `distance` plies, or a draw.
struct Guide {
    enum class Verdict { Draw, Win, Loss } verdict = Verdict::Draw;
    int distance = 0;
};
// The tables' value of a position, or none when they do not hold it.
using TableGuide = std::function<std::optional<Guide>(const Board&)>;

struct StrategyCount {
    std::string name;             // "White holds"
    std::size_t listed = 0;       // the proof's own nodes the walk reached
    std::size_t from_tables = 0;  // nodes below the proof's table positions, walked with the tables as guide
};

struct ProofCheck {
    std::optional<std::string> failure;  // why the proof does not hold, or none
    std::string position;                // the root's FEN
    std::string value;                   // win, loss or draw, for the side to move
    Rules rules;
    std::vector<StrategyCount> strategies;
};

namespace detail {

struct Strategy {
    bool white = true;
    bool wins = false;
    std::unordered_map<std::uint64_t, std::string> moves;  // each listed node: its move, or "" for the other side
};

// "rules backward-captures=no promotion=end majority=no", read word by word.
inline std::optional<std::string> read_rules(std::string_view text, Rules& rules) {
    rules = Rules{};
    rules.no_progress = 0;
    std::istringstream words{std::string(text)};
    std::string word;
    while (words >> word) {
        if (word == "backward-captures=yes" || word == "backward-captures=no")
            rules.backward_captures = word.ends_with("yes");
        else if (word == "majority=yes" || word == "majority=no") rules.majority = word.ends_with("yes");
        else if (word == "promotion=end") rules.promotion = Promotion::End;
        else if (word == "promotion=immediate") rules.promotion = Promotion::Immediate;
        else if (word == "promotion=stop") rules.promotion = Promotion::Stop;
        else return "unknown rule '" + word + "'";
    }
    return std::nullopt;
}

// A FEN as the proof files write it: "W:Wa1,Kb2:Bc4": the side to move, then each side's points.
inline std::optional<Board> read_fen(std::string_view text) {
    if (text.size() < 5 || (text[0] != 'W' && text[0] != 'B') || text[1] != ':') return std::nullopt;
    for (std::size_t i = 2; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ':' || c == ',' || c == 'W' || c == 'B' || c == 'K') continue;
        if (c >= 'a' && c <= 'e' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '5') {
            ++i;
            continue;
        }
        return std::nullopt;
    }
    return board_from_fen(text);
}

// The walk of one strategy, depth first on a stack of its own (a hold's lines can be very deep). Nodes are
// unseen, on the line being walked (1) or done (2).
class Walk {
public:
    Walk(const Rules& rules, const Strategy& s, const TableGuide& tables) : rules_(rules), s_(s), tables_(tables) {}

    std::optional<std::string> run(const Board& root) {
        if (auto bad = enter(root)) return bad;
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            if (f.at == f.next.size()) {
                colour_[f.key] = 2;
                stack_.pop_back();
                continue;
            }
            const Board q = f.next[f.at++];
            if (auto bad = enter(q)) return bad;
        }
        return std::nullopt;
    }

    std::size_t listed() const { return listed_; }
    std::size_t from_tables() const { return from_tables_; }

private:
    struct Frame {
        std::uint64_t key;
        std::vector<Board> next;
        std::size_t at = 0;
    };

    bool side_to_move(const Board& b) const { return b.white_to_move == s_.white; }
    std::string side_name() const { return s_.white ? "White" : "Black"; }

    std::optional<std::string> enter(const Board& p) {
        const std::uint64_t key = key_of(p);
        if (const auto seen = colour_.find(key); seen != colour_.end()) {
            if (seen->second == 2) return std::nullopt;
            if (s_.wins) return board_fen(p) + ": stands twice on one line, so the strategy does not force a win";
            return std::nullopt;  // a hold may go round: endless play is a draw
        }
        const std::vector<RefMove> moves = Reference(p, rules_).moves();
        if (moves.empty()) {  // the game is over: the side to move has lost
            if (side_to_move(p)) return board_fen(p) + ": " + side_name() + " has no move here and loses";
            return std::nullopt;
        }
        Frame f{key, {}, 0};
        if (const auto listed = s_.moves.find(key); listed != s_.moves.end()) {
            ++listed_;
            if (side_to_move(p)) {
                if (listed->second.empty()) return board_fen(p) + ": no move given for " + side_name();
                for (const RefMove& m : moves)
                    if (m.text == listed->second) f.next.push_back(m.after);
                if (f.next.size() != 1)
                    return board_fen(p) + ": the move '" + listed->second + "' is not one the reference generates";
            } else {
                if (!listed->second.empty())
                    return board_fen(p) + ": a move is given for the side that does not play it";
                for (const RefMove& m : moves) f.next.push_back(m.after);
            }
        } else {
            // Not in the proof: it must be a position of the tables, walked on with them as a guide.
            if (!tables_ || !tables_(p))
                return board_fen(p) + ": not in the proof, not an end of the game, and not in the tables";
            ++from_tables_;
            if (side_to_move(p)) {
                const auto chosen = guided_move(moves);
                if (!chosen)
                    return board_fen(p) + ": the tables give " + side_name() + " no move that " +
                           (s_.wins ? "wins" : "holds") + " here";
                f.next.push_back(*chosen);
            } else {
                for (const RefMove& m : moves) f.next.push_back(m.after);
            }
        }
        colour_.emplace(key, 1);
        stack_.push_back(std::move(f));
        return std::nullopt;
    }

    // The strategy side's move the tables suggest: one that takes the opponent's last piece, else the
    // quickest into a position the tables have lost for the opponent, else (for a hold) one into a draw.
    // Only a suggestion: the walk checks what follows it.
    std::optional<Board> guided_move(const std::vector<RefMove>& moves) const {
        std::optional<Board> best;
        int best_rank = 1 << 30;
        for (const RefMove& m : moves) {
            if (!has_pieces(m.after)) return m.after;
            const auto g = tables_(m.after);
            if (!g) continue;
            int rank = -1;
            if (g->verdict == Guide::Verdict::Loss) rank = g->distance;
            else if (g->verdict == Guide::Verdict::Draw && !s_.wins) rank = 1 << 20;
            if (rank >= 0 && rank < best_rank) {
                best_rank = rank;
                best = m.after;
            }
        }
        return best;
    }

    // Whether the side to move has a piece left.
    static bool has_pieces(const Board& b) {
        for (const auto& column : b.cell)
            for (const char c : column)
                if (b.white_to_move ? is_white(c) : is_black(c)) return true;
        return false;
    }

    Rules rules_;
    const Strategy& s_;
    const TableGuide& tables_;
    std::vector<Frame> stack_;
    std::unordered_map<std::uint64_t, std::uint8_t> colour_;
    std::size_t listed_ = 0;
    std::size_t from_tables_ = 0;
};

}  // namespace detail

// The rules a proof file's text names on its second line, as check_proof reads them; none if that line is
// not a rules line that reads (check_proof then says why).
inline std::optional<Rules> rules_of(std::string_view text) {
    const auto first = text.find('\n');
    if (first == std::string_view::npos || text.substr(first + 1, 6) != "rules ") return std::nullopt;
    const auto end = text.find('\n', first + 1);
    Rules rules;
    const auto words = text.substr(first + 7, end == std::string_view::npos ? std::string_view::npos : end - first - 7);
    if (detail::read_rules(words, rules)) return std::nullopt;
    return rules;
}

// Reads a proof file's text and checks it; `tables` may be empty (no tables: every line must reach an end).
inline ProofCheck check_proof(std::string_view text, const TableGuide& tables) {
    ProofCheck out;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    const auto fail = [&](const std::string& why) {
        out.failure = "line " + std::to_string(number) + ": " + why;
        return out;
    };
    const auto next = [&](std::string_view starts) {
        if (!std::getline(in, line)) return false;
        ++number;
        return line.rfind(starts, 0) == 0;
    };
    if (!next("fetaix proof 1") || line != "fetaix proof 1") return fail("not a proof file ('fetaix proof 1')");
    if (!next("rules ")) return fail("expected 'rules ...'");
    if (auto bad = detail::read_rules(std::string_view(line).substr(6), out.rules)) return fail(*bad);
    if (!next("position ")) return fail("expected 'position FEN'");
    out.position = line.substr(9);
    const auto root = detail::read_fen(out.position);
    if (!root) return fail("not a position: '" + out.position + "'");
    if (!next("value ")) return fail("expected 'value win|loss|draw'");
    out.value = line.substr(6);
    std::vector<detail::Strategy> strategies;
    while (std::getline(in, line)) {
        ++number;
        detail::Strategy s;
        if (line == "strategy White wins" || line == "strategy White holds") s.white = true;
        else if (line == "strategy Black wins" || line == "strategy Black holds") s.white = false;
        else return fail("expected 'strategy White|Black wins|holds'");
        s.wins = line.ends_with("wins");
        if (!next("nodes ")) return fail("expected 'nodes N'");
        std::size_t count = 0;
        try {
            count = std::stoull(line.substr(6));
        } catch (...) {
            return fail("not a number of nodes");
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (!std::getline(in, line)) return fail("the file ends inside a strategy");
            ++number;
            const auto space = line.find(' ');
            const auto node = detail::read_fen(std::string_view(line).substr(0, space));
            if (!node) return fail("not a position: '" + line.substr(0, space) + "'");
            const std::string move = space == std::string::npos ? "" : line.substr(space + 1);
            if (!s.moves.emplace(key_of(*node), move).second) return fail("a position listed twice");
        }
        strategies.push_back(std::move(s));
    }
    // The strategies the value needs: the winner's for a win or a loss, both sides' holds for a draw.
    std::vector<std::pair<bool, bool>> needed;  // (white, wins)
    if (out.value == "win") needed = {{root->white_to_move, true}};
    else if (out.value == "loss") needed = {{!root->white_to_move, true}};
    else if (out.value == "draw") needed = {{true, false}, {false, false}};
    else return fail("the value is win, loss or draw, not '" + out.value + "'");
    for (const auto& [white, wins] : needed) {
        const std::string name = std::string(white ? "White" : "Black") + (wins ? " wins" : " holds");
        const detail::Strategy* s = nullptr;
        for (const detail::Strategy& t : strategies)
            if (t.white == white && t.wins == wins) s = &t;
        if (!s) {
            out.failure = "the value '" + out.value + "' needs the strategy '" + name + "'";
            return out;
        }
        detail::Walk walk(out.rules, *s, tables);
        if (auto bad = walk.run(*root)) {
            out.failure = name + ": " + *bad;
            return out;
        }
        out.strategies.push_back({name, walk.listed(), walk.from_tables()});
    }
    return out;
}

}  // namespace reference
