#pragma once
// Proof files of `fetaix solve --proof` and their check (`fetaix solve --verify`), written apart from
// the search (solve.hpp) so that a proof is re-checked by the rules core alone: the moves regenerated
// at every node, every leaf an end of the game or a table value.
//
//   fetaix proof 1
//   rules backward-captures=no promotion=end majority=no
//   position W:Wa1,...:Ba5,...
//   value win                      (for the side to move: win, loss or draw)
//   strategy White wins            (or "White holds": White does not lose)
//   nodes 3
//   W:Wc3:Bc4 c3xc5                (the strategy side to move: its move)
//   B:Wb2:Bc4                      (the other side: all its moves are answered)
//   ...
// A win is one strategy section ("wins": no node on a line twice, every line ends in a win); a draw is
// two ("White holds" and "Black holds": the set of nodes closed under the other side's moves, every
// end reached not a loss). Nodes whose material the tables hold are leaves and take no line.

#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "../error.hpp"
#include "../fen.hpp"
#include "../movegen.hpp"
#include "../notation.hpp"
#include "../position.hpp"
#include "../rules.hpp"
#include "../switches.hpp"
#include "tablebase.hpp"

namespace fetaix::proof {

inline constexpr std::string_view kHead = "fetaix proof 1";

// "backward-captures=no promotion=end majority=no": the switches a value depends on (no-progress is off).
inline std::string rules_line(const Rules& rules) {
    std::string text;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.kind != SwitchKind::Count)
            text += concat(text.empty() ? "" : " ", switch_key(s), "=", switch_value(s, rules));
    return text;
}

inline Expected<Rules> parse_rules_line(std::string_view text) {
    Rules rules;
    rules.no_progress = 0;
    std::istringstream words{std::string(text)};
    std::string word;
    while (words >> word) {
        const auto eq = word.find('=');
        const RuleSwitch* s = eq == std::string::npos ? nullptr : find_switch_by_flag(concat("--", word.substr(0, eq)));
        if (!s || s->kind == SwitchKind::Count) return Error{concat("unknown rule '", word, "'")};
        if (const auto problem = set_from_tag(*s, rules, word.substr(eq + 1)))
            return Error{concat(word, ": ", *problem)};
    }
    return rules;
}

// One strategy: whose, and whether it wins or holds (does not lose); each node's FEN with its move
// (the strategy side's nodes) or none.
struct Strategy {
    Color side = Color::White;
    bool wins = false;
    std::vector<std::pair<std::string, std::string>> nodes;
};

struct Proof {
    Rules rules;
    Position root;
    std::string value;  // win, loss or draw for the side to move
    std::vector<Strategy> strategies;
};

inline std::string to_text(const Proof& proof) {
    std::string text = concat(kHead, "\nrules ", rules_line(proof.rules), "\nposition ", to_fen(proof.root), "\nvalue ",
                              proof.value, "\n");
    for (const Strategy& s : proof.strategies) {
        text += concat("strategy ", to_string(s.side), s.wins ? " wins" : " holds", "\nnodes ", s.nodes.size(), "\n");
        for (const auto& [fen, move] : s.nodes) text += concat(fen, move.empty() ? "" : " ", move, "\n");
    }
    return text;
}

namespace detail {
// The positions after each legal move (kept off the stack: a MoveList is large).
inline std::vector<Position> successors(const Position& p, const Rules& rules) {
    std::vector<Position> out;
    for (const Move& m : legal_moves(p, rules)) out.push_back(p.after(m));
    return out;
}

struct PositionHash {
    std::size_t operator()(const Position& p) const { return static_cast<std::size_t>(hash(p)); }
};

// Whether p ends a line of a strategy of `side` (the end of the game, or a table position), and if so
// whether the strategy fails there (why, as the check says it).
struct Leaf {
    bool settled = false;
    std::optional<std::string> failure;
};
inline Leaf leaf(const Position& p, const Rules& rules, const tablebase::Set* tables, Color side, bool wins) {
    std::optional<bool> side_to_move_wins;
    std::string why;
    if (!p.us()) {
        side_to_move_wins = false;
        why = "no pieces";
    } else if (const auto v = tables ? tables->probe(p) : std::nullopt) {
        if (v->verdict == tablebase::Verdict::Draw) {
            if (wins) return {true, concat(to_fen(p), ": a draw by the tables, not a win for ", to_string(side))};
            return {true, std::nullopt};
        }
        why = concat("table: ", tablebase::describe(*v));
        side_to_move_wins = v->verdict == tablebase::Verdict::Win;
    } else if (!has_legal_move(p, rules)) {
        side_to_move_wins = false;
        why = "no legal move";
    }
    if (!side_to_move_wins) return {};
    if (*side_to_move_wins == (p.side_to_move == side)) return {true, std::nullopt};
    return {true, concat(to_fen(p), ": ", to_string(side), " loses here (", why, ")")};
}

// Checks one strategy from the root. Nodes are white (unseen), grey (on the line being checked) or
// black (checked).
class Checker {
public:
    Checker(const Rules& rules, const tablebase::Set* tables, const Strategy& s)
        : rules_(rules), tables_(tables), s_(s) {}

    std::optional<std::string> load() {
        for (std::size_t i = 0; i < s_.nodes.size(); ++i) {
            const auto p = parse_fen(s_.nodes[i].first);
            if (!p) return concat("node ", i + 1, " of ", name(), ": ", p.error().describe());
            if (!moves_.emplace(*p, s_.nodes[i].second).second)
                return concat("node ", s_.nodes[i].first, " is listed twice");
        }
        return std::nullopt;
    }

    // Walks the strategy from root depth first, on a stack of its own: a hold's lines can be hundreds of
    // thousands of positions deep.
    std::optional<std::string> check(const Position& root) {
        if (auto bad = enter(root)) return bad;
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            if (f.at == f.next.size()) {
                colour_[f.pos] = 2;
                stack_.pop_back();
                continue;
            }
            const Position q = f.next[f.at++];
            if (auto bad = enter(q)) return bad;
        }
        return std::nullopt;
    }

    std::size_t checked() const { return checked_; }
    std::string name() const { return concat(to_string(s_.side), s_.wins ? " wins" : " holds"); }

private:
    // A position on the walk: the positions its moves in the strategy lead to, and how many are done.
    struct Frame {
        Position pos;
        std::vector<Position> next;
        std::size_t at = 0;
    };

    // Checks p as a leaf, or finds it checked or on the line, or puts it on the walk.
    std::optional<std::string> enter(const Position& p) {
        if (const Leaf l = leaf(p, rules_, tables_, s_.side, s_.wins); l.settled) return l.failure;
        auto& colour = colour_[p];
        if (colour == 2) return std::nullopt;
        if (colour == 1) {
            if (s_.wins) return concat(to_fen(p), ": stands twice on one line, so the strategy does not force a win");
            return std::nullopt;  // a strategy that holds may go round: endless play is a draw
        }
        const auto listed = moves_.find(p);
        if (listed == moves_.end())
            return concat(to_fen(p), ": not in the proof and not an end of the game or a table position");
        Frame f{p, {}, 0};
        if (p.side_to_move == s_.side) {
            if (listed->second.empty()) return concat(to_fen(p), ": no move given for ", to_string(s_.side));
            const auto m = parse_move(listed->second, p, rules_);
            if (!m) return concat(to_fen(p), ": the move '", listed->second, "' is not legal: ", m.error().describe());
            f.next.push_back(p.after(*m));
        } else {
            if (!listed->second.empty())
                return concat(to_fen(p), ": a move is given for ", to_string(opponent(s_.side)));
            f.next = successors(p, rules_);
        }
        colour = 1;
        ++checked_;
        stack_.push_back(std::move(f));
        return std::nullopt;
    }

    Rules rules_;
    const tablebase::Set* tables_;
    const Strategy& s_;
    std::vector<Frame> stack_;
    std::unordered_map<Position, std::string, PositionHash> moves_;
    std::unordered_map<Position, int, PositionHash> colour_;
    std::size_t checked_ = 0;
};
}  // namespace detail

namespace detail {
// A line quoted in a message, cut after 40 bytes (on a character's start): a binary file's first "line"
// can be megabytes long.
inline std::string quoted(std::string_view line) {
    if (line.size() <= 40) return std::string(line);
    std::size_t cut = 40;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    return concat(line.substr(0, cut), "...");
}
}  // namespace detail

inline Expected<Proof> parse(std::string_view text) {
    Proof proof;
    std::istringstream in{std::string(text)};
    std::string line;
    int number = 0;
    const auto next = [&](std::string_view what) -> std::optional<std::string> {
        if (!std::getline(in, line))
            return concat("ends before '", what.substr(0, what.find_last_not_of(' ') + 1), "'");
        ++number;
        if (line.rfind(what, 0) != 0) return concat("expected '", what, "...', found '", detail::quoted(line), "'");
        return std::nullopt;
    };
    const auto fail = [&](const std::string& message) { return Error{message, number, 0}; };
    if (auto bad = next(kHead)) return fail(*bad);
    if (auto bad = next("rules ")) return fail(*bad);
    const auto rules = parse_rules_line(line.substr(6));
    if (!rules) return fail(rules.error().message);
    proof.rules = *rules;
    if (auto bad = next("position ")) return fail(*bad);
    const auto root = parse_fen(line.substr(9));
    if (!root) return fail(root.error().describe());
    proof.root = *root;
    if (auto bad = next("value ")) return fail(*bad);
    proof.value = line.substr(6);
    if (proof.value != "win" && proof.value != "loss" && proof.value != "draw")
        return fail(concat("the value is win, loss or draw, not '", proof.value, "'"));
    while (std::getline(in, line)) {
        ++number;
        Strategy s;
        if (line == "strategy White wins" || line == "strategy White holds") s.side = Color::White;
        else if (line == "strategy Black wins" || line == "strategy Black holds") s.side = Color::Black;
        else return fail(concat("expected 'strategy White|Black wins|holds', found '", detail::quoted(line), "'"));
        s.wins = line.ends_with("wins");
        if (auto bad = next("nodes ")) return fail(*bad);
        std::size_t count = 0;
        try {
            count = std::stoull(line.substr(6));
        } catch (...) {
            return fail(concat("not a number of nodes: '", line.substr(6), "'"));
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (!std::getline(in, line)) return fail(concat("ends after ", i, " of ", count, " nodes"));
            ++number;
            const auto space = line.find(' ');
            s.nodes.emplace_back(line.substr(0, space), space == std::string::npos ? "" : line.substr(space + 1));
        }
        proof.strategies.push_back(std::move(s));
    }
    return proof;
}

// What the check found: the strategies and the nodes checked in each.
struct Verified {
    std::string summary;  // "White wins: 123 nodes"
    std::size_t nodes = 0;
};

// The strategies a proof's value needs (side, wins), as verify checks them and no other: the winner's
// for a win or a loss, both holds for a draw.
inline std::vector<std::pair<Color, bool>> needed_strategies(const Proof& proof) {
    const Color mover = proof.root.side_to_move;
    if (proof.value == "win") return {{mover, true}};
    if (proof.value == "loss") return {{opponent(mover), true}};
    return {{Color::White, false}, {Color::Black, false}};
}

inline const Strategy* find_strategy(const Proof& proof, Color side, bool wins) {
    const Strategy* s = nullptr;
    for (const Strategy& t : proof.strategies)
        if (t.side == side && t.wins == wins) s = &t;
    return s;
}

// Re-checks a proof: the strategies its value needs, each from the root. Returns the first bad node.
inline Expected<Verified> verify(const Proof& proof, const tablebase::Set* tables) {
    Verified out;
    for (const auto& [side, wins] : needed_strategies(proof)) {
        const Strategy* s = find_strategy(proof, side, wins);
        if (!s)
            return Error{concat("the value '", proof.value, "' needs the strategy '", to_string(side),
                                wins ? " wins" : " holds", "'")};
        detail::Checker checker(proof.rules, tables, *s);
        if (auto bad = checker.load()) return Error{*bad};
        if (auto bad = checker.check(proof.root)) return Error{concat(checker.name(), ": ", *bad)};
        out.summary += concat(out.summary.empty() ? "" : "; ", checker.name(), ": ", checker.checked(), " nodes");
        out.nodes += checker.checked();
    }
    return out;
}

// A strategy's nodes as its lines reach them from a root, each with its move (empty for the other
// side's), ends and table positions left out.
using Walked = std::vector<std::pair<Position, std::string>>;

namespace detail {
// Walks a strategy of `side` from root: `move_of(p)` gives the move listed for p, or null when p is
// not listed, which is an error (`unlisted` says why) unless p ends the line.
template <class MoveOf>
Expected<Walked> walk(const Position& root, const Rules& rules, const tablebase::Set* tables, Color side, bool wins,
                      MoveOf&& move_of, std::string_view unlisted) {
    Walked out;
    std::unordered_map<Position, bool, PositionHash> seen;
    std::vector<Position> stack{root};
    while (!stack.empty()) {
        const Position p = stack.back();
        stack.pop_back();
        if (leaf(p, rules, tables, side, wins).settled || !seen.emplace(p, true).second) continue;
        const std::string* move = move_of(p);
        if (!move) return Error{concat(to_fen(p), ": ", unlisted)};
        out.emplace_back(p, *move);
        if (p.side_to_move == side) {
            const auto m = parse_move(*move, p, rules);
            if (!m) return Error{concat(to_fen(p), ": the move '", *move, "' is not legal: ", m.error().describe())};
            stack.push_back(p.after(*m));
        } else {
            for (const Position& q : successors(p, rules)) stack.push_back(q);
        }
    }
    return out;
}
}  // namespace detail

// The nodes of a proof's strategy that its check walks: those its lines reach from the proof's root
// (a node listed but never reached, or past a table position, is left out, as the check leaves it).
inline Expected<Walked> walked(const Proof& proof, const Strategy& s, const tablebase::Set* tables) {
    std::unordered_map<Position, const std::string*, detail::PositionHash> listed;
    for (const auto& [fen_text, move] : s.nodes) {
        const auto p = parse_fen(fen_text);
        if (!p) return Error{concat(fen_text, ": ", p.error().describe())};
        listed.emplace(*p, &move);
    }
    return detail::walk(
        proof.root, proof.rules, tables, s.side, s.wins,
        [&](const Position& p) -> const std::string* {
            const auto it = listed.find(p);
            return it == listed.end() ? nullptr : it->second;
        },
        "not in the proof and not an end of the game or a table position");
}

namespace detail {
// Builds a strategy of `side` from `root` out of known strategies: within `plies` plies of the root
// the moves are searched, and below them every line enters a known strategy's node or ends.
class Joiner {
public:
    Joiner(const Rules& rules, const tablebase::Set* tables, Color side, bool wins)
        : rules_(rules), tables_(tables), side_(side), wins_(wins) {}

    // A checked proof's strategies of the side (a win serves a hold too), as far as its check walked
    // them (with these tables). A position two strategies have keeps the first's move: each strategy is
    // closed, so a line that enters one stays in it or enters an earlier one, and never goes round
    // between them.
    std::optional<std::string> know(const Proof& part) {
        for (const auto& [side, wins] : needed_strategies(part)) {
            if (side != side_ || (wins_ && !wins)) continue;
            const Strategy* s = find_strategy(part, side, wins);
            if (!s)
                return concat("the value '", part.value, "' needs the strategy '", to_string(side),
                              wins ? " wins" : " holds", "'");
            auto nodes = walked(part, *s, tables_);
            if (!nodes)
                return concat("the proof of ", to_fen(part.root), ": ", nodes.error().message,
                              " (was it made with other tables?)");
            for (auto& [p, move] : *nodes) known_.emplace(p, std::move(move));
        }
        return std::nullopt;
    }

    // The strategy from root, if one is found within `plies` plies (none if not); only the nodes its
    // lines reach.
    Expected<std::optional<Strategy>> join(const Position& root, int plies) {
        for (int depth = 0; depth <= plies; ++depth)
            if (reach(root, depth)) {
                auto s = collect(root);
                if (!s) return s.error();
                return std::optional<Strategy>(std::move(*s));
            }
        return std::optional<Strategy>();
    }

    // Why join found nothing, at the root: the moves of the side each of which leaves the proofs (the
    // side to move), or the other side's moves that do. Call after join has failed.
    std::string unsettled(const Position& root, int plies) {
        std::vector<std::string> failing;
        for (const Move& m : legal_moves(root, rules_))
            if (plies == 0 || !reach(root.after(m), plies - 1)) failing.push_back(fetaix::to_string(m));
        std::string list;
        for (const std::string& m : failing) list += concat(list.empty() ? "" : ", ", m);
        const std::string within = plies <= 1 ? std::string()
                                              : concat(" within ", plies - 1, plies == 2 ? " ply" : " plies");
        if (root.side_to_move == side_)
            return concat("after each of ", to_string(side_), "'s moves ", list, " a line leaves the proofs", within);
        return concat("after ", to_string(root.side_to_move), "'s ", list, " a line leaves the proofs", within);
    }

private:
    // Whether every line of the side's play from p within `depth` plies ends or enters a known node.
    // A position settled here is kept with its move, and never one being searched: so the top goes
    // round nowhere.
    // A position not settled within some plies is not within fewer: it is not searched again for them.
    bool reach(const Position& p, int depth) {
        if (const Leaf l = leaf(p, rules_, tables_, side_, wins_); l.settled) return !l.failure;
        if (known_.contains(p) || top_.contains(p)) return true;
        if (depth == 0) return false;
        if (const auto failed = failed_.find(p); failed != failed_.end() && failed->second >= depth) return false;
        bool settled = false;
        if (p.side_to_move == side_) {
            for (const Move& m : legal_moves(p, rules_))
                if (reach(p.after(m), depth - 1)) {
                    top_.emplace(p, fetaix::to_string(m));
                    settled = true;
                    break;
                }
        } else {
            settled = true;
            for (const Position& q : successors(p, rules_))
                if (!reach(q, depth - 1)) {
                    settled = false;
                    break;
                }
            if (settled) top_.emplace(p, std::string());
        }
        if (!settled) failed_[p] = std::max(failed_[p], depth);
        return settled;
    }

    // The nodes the strategy's lines reach from root. A line that leaves every strategy is a part proven
    // with other tables than these (the joined proof would not check): said, not followed.
    Expected<Strategy> collect(const Position& root) const {
        const auto nodes = walk(
            root, rules_, tables_, side_, wins_,
            [&](const Position& p) -> const std::string* {
                if (const auto top = top_.find(p); top != top_.end()) return &top->second;
                const auto known = known_.find(p);
                return known == known_.end() ? nullptr : &known->second;
            },
            "in no proof and not an end of the game or a table position (were the proofs made with other tables?)");
        if (!nodes) return nodes.error();
        Strategy out{side_, wins_, {}};
        out.nodes.reserve(nodes->size());
        for (const auto& [p, move] : *nodes) out.nodes.emplace_back(to_fen(p), move);
        return out;
    }

    Rules rules_;
    const tablebase::Set* tables_;
    Color side_;
    bool wins_;
    std::unordered_map<Position, std::string, PositionHash> known_;
    std::unordered_map<Position, std::string, PositionHash> top_;
    std::unordered_map<Position, int, PositionHash> failed_;  // the most plies each was not settled within
};
}  // namespace detail

// A proof of root made from proofs of positions below it (`fetaix solve --combine`): the first `plies`
// plies searched, each line below them in one of the parts' strategies or ended. Of each part only
// what its check walks is taken, but the parts are not checked here: check them first (verify, with
// these tables), and the result after, like any proof.
inline Expected<Proof> combine(const Position& root, const std::vector<Proof>& parts, const tablebase::Set* tables,
                               int plies = 6) {
    if (parts.empty()) return Error{"no proofs to join"};
    Proof proof{parts.front().rules, root, "", {}};
    for (const Proof& part : parts)
        if (rules_line(part.rules) != rules_line(proof.rules))
            return Error{concat("the proofs are for different rules: '", rules_line(part.rules), "' and '",
                                rules_line(proof.rules), "'")};
    const auto joiner = [&](Color side, bool wins) -> Expected<detail::Joiner> {
        detail::Joiner j(proof.rules, tables, side, wins);
        for (const Proof& part : parts)
            if (auto bad = j.know(part)) return Error{*bad};
        return j;
    };
    const Color mover = root.side_to_move;
    for (const auto& [side, value] : {std::pair{mover, "win"}, std::pair{opponent(mover), "loss"}}) {
        auto j = joiner(side, true);
        if (!j) return j.error();
        auto s = j->join(root, plies);
        if (!s) return s.error();
        if (*s) {
            proof.value = value;
            proof.strategies.push_back(std::move(**s));
            return proof;
        }
    }
    for (const Color side : {Color::White, Color::Black}) {
        auto j = joiner(side, false);
        if (!j) return j.error();
        auto s = j->join(root, plies);
        if (!s) return s.error();
        if (!*s)
            return Error{concat("the proofs do not settle ", to_fen(root), " within ", plies,
                                plies == 1 ? " ply" : " plies", ": no strategy of ", to_string(side),
                                " wins or holds there (", j->unsettled(root, plies), ")")};
        proof.strategies.push_back(std::move(**s));
    }
    proof.value = "draw";
    return proof;
}

}  // namespace fetaix::proof
