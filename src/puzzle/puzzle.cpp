#include "puzzle/puzzle.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

#include <fetaix/switches.hpp>

namespace fetaix::puzzle {

namespace tb = tablebase;

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char by) {
    std::vector<std::string_view> out;
    while (true) {
        const std::size_t at = s.find(by);
        out.push_back(trim(s.substr(0, at)));
        if (at == std::string_view::npos) break;
        s.remove_prefix(at + 1);
    }
    return out;
}

std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        const std::size_t begin = i;
        while (i < s.size() && s[i] != ' ') ++i;
        if (i > begin) out.emplace_back(s.substr(begin, i - begin));
    }
    return out;
}

// The value for the side that has just moved into q.
tb::Value mover_value(const tb::Value& v) {
    if (v.verdict == tb::Verdict::Draw) return v;
    return {v.verdict == tb::Verdict::Loss ? tb::Verdict::Win : tb::Verdict::Loss, v.distance + 1};
}

struct Missing {
    std::string material;
    int pieces;
};

// The value of p from the tables, or the material that is missing.
std::optional<tb::Value> value_of(engine::Tables& tables, const Rules& rules, const Position& p, Missing& missing) {
    if (auto v = engine::probe(tables, rules, p)) return v;
    const tb::Material m = tb::material_of(p);
    missing = {tb::name_of(tb::is_stored(m) ? m : tb::mirror(m)), m.pieces()};
    return std::nullopt;
}

bool game_over(const Position& p, const Rules& rules) { return !p.us() || !p.them() || !has_legal_move(p, rules); }

std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

Bitboard reflect(Bitboard b) {
    Bitboard out = 0;
    for (Point p : points(b)) out |= bit(make_point(4 - p.file(), p.rank()));
    return out;
}

Position reflect(const Position& p) {
    Position q = p;
    q.pieces = {reflect(p.pieces[0]), reflect(p.pieces[1])};
    q.mullahs = reflect(p.mullahs);
    return q;
}

std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

}  // namespace

std::string rules_text(const Rules& rules) {
    const Rules standard;
    std::string out;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.get(rules) != s.get(standard))
            out += concat(out.empty() ? "" : ",", switch_key(s), "=", switch_value(s, rules));
    return out.empty() ? "default" : out;
}

Expected<Rules> parse_rules(std::string_view text) {
    Rules rules;
    if (text == "default") return rules;
    for (std::string_view part : split(text, ',')) {
        const std::size_t eq = part.find('=');
        if (eq == std::string_view::npos)
            return Error{concat("rules: expected default or key=value, found \"", part, "\"")};
        const std::string_view key = trim(part.substr(0, eq)), value = trim(part.substr(eq + 1));
        const RuleSwitch* found = nullptr;
        for (const RuleSwitch& s : kRuleSwitches)
            if (switch_key(s) == key) found = &s;
        if (!found) return Error{concat("rules: no rule switch named \"", key, "\"")};
        if (auto problem = set_from_tag(*found, rules, value)) return Error{concat("rules: ", key, ": ", *problem)};
    }
    return rules;
}

std::string format_line(const Puzzle& p) {
    std::string themes, solution;
    for (const std::string& t : p.themes) themes += concat(themes.empty() ? "" : ",", t);
    for (const std::string& m : p.solution) solution += concat(solution.empty() ? "" : " ", m);
    return concat(p.id, " | ", p.fen, " | ", rules_text(p.rules), " | ", themes, " | ", p.difficulty, " | ", solution);
}

Expected<Puzzle> parse_line(std::string_view text, int line) {
    const std::vector<std::string_view> fields = split(text, '|');
    if (fields.size() != 6)
        return Error{
            concat("expected 6 fields separated by '|' (id | FEN | rules | themes | difficulty | solution), found ",
                   fields.size()),
            line};
    Puzzle p;
    p.line = line;
    p.id = std::string(fields[0]);
    if (p.id.empty()) return Error{"the id is empty", line};
    p.fen = std::string(fields[1]);
    auto rules = parse_rules(fields[2]);
    if (!rules) return Error{rules.error().message, line};
    p.rules = *rules;
    for (std::string_view t : split(fields[3], ','))
        if (!t.empty()) p.themes.emplace_back(t);
    const std::string_view d = fields[4];
    if (d.size() != 1 || d[0] < '1' || d[0] > '5')
        return Error{concat("difficulty: expected 1 to 5, found \"", d, "\""), line};
    p.difficulty = d[0] - '0';
    p.solution = words(fields[5]);
    return p;
}

FileRead parse_file(std::string_view text) {
    FileRead out;
    int line = 0;
    for (std::string_view row : split(text, '\n')) {
        ++line;
        if (row.empty() || row.front() == '#') continue;
        auto p = parse_line(row, line);
        if (p) out.puzzles.push_back(std::move(*p));
        else out.errors.push_back(p.error());
    }
    return out;
}

Verdict check(const Puzzle& puzzle, engine::Tables& tables) {
    const Rules& rules = puzzle.rules;
    const auto broken = [](std::string why) { return Verdict{Status::Broken, std::move(why), 0}; };
    Missing missing;
    const auto no_tables = [&] {
        return Verdict{Status::NoTables, concat("no endgame table for ", missing.material), missing.pieces};
    };
    auto start = parse_fen(puzzle.fen);
    if (!start) return broken(concat("bad FEN: ", start.error().describe()));
    if (auto why = unplayable_start(*start)) return broken(concat("bad FEN: ", *why));
    const auto first = value_of(tables, rules, *start, missing);
    if (!first) return no_tables();
    const Color winner = start->side_to_move;
    if (first->verdict != tb::Verdict::Win)
        return broken(concat("not a win: ", side(winner), " to move ",
                             first->verdict == tb::Verdict::Draw ? std::string("draws")
                                                                 : concat("loses in ", first->distance, " plies")));
    if (!engine::holds(*first, rules, 0))
        return broken(concat("not a win within the no-progress count: a win in ", first->distance, " plies, limit ",
                             rules.no_progress));
    if (puzzle.solution.empty()) return broken("no solution line");
    Position p = *start;
    for (std::size_t i = 0; i < puzzle.solution.size(); ++i) {
        const int ply = static_cast<int>(i) + 1;
        const std::string& text = puzzle.solution[i];
        if (game_over(p, rules)) return broken(concat("ply ", ply, ": ", text, " comes after the game is over"));
        auto played = parse_move(text, p, rules);
        if (!played) return broken(concat("ply ", ply, ": illegal move ", text, ": ", played.error().message));
        // Every legal move's value for the side that moves.
        std::vector<std::pair<Move, tb::Value>> valued;
        for (const Move& m : legal_moves(p, rules)) {
            const auto v = value_of(tables, rules, p.after(m), missing);
            if (!v) return no_tables();
            valued.emplace_back(m, mover_value(*v));
        }
        tb::Value mine{};
        for (const auto& [m, v] : valued)
            if (m == *played) mine = v;
        if (p.side_to_move == winner) {
            std::vector<Move> wins;
            for (const auto& [m, v] : valued)
                if (v.verdict == tb::Verdict::Win) wins.push_back(m);
            if (mine.verdict != tb::Verdict::Win)
                return broken(concat("ply ", ply, ": ", text, " does not win (",
                                     mine.verdict == tb::Verdict::Draw ? std::string("a draw")
                                                                       : concat("a loss in ", mine.distance, " plies"),
                                     ")",
                                     wins.empty() ? std::string() : concat("; ", to_string(wins.front()), " wins")));
            if (wins.size() > 1) {
                const Move& other = wins.front() == *played ? wins[1] : wins.front();
                return broken(concat("two winning moves at ply ", ply, ": ", to_string(*played), " and ",
                                     to_string(other)));
            }
        } else {
            int longest = -1;
            Move best{};
            for (const auto& [m, v] : valued)
                if (v.verdict == tb::Verdict::Loss && v.distance > longest) {
                    longest = v.distance;
                    best = m;
                }
            if (mine.verdict != tb::Verdict::Loss)
                return broken(concat("ply ", ply, ": the reply ", text, " does not lose: the line is not sound"));
            if (mine.distance < longest)
                return broken(concat("ply ", ply, ": ", text, " is not the longest defence: it loses in ",
                                     mine.distance, " plies, ", to_string(best), " in ", longest));
        }
        p = p.after(*played);
    }
    if (!game_over(p, rules))
        return broken(concat("the line ends after ply ", puzzle.solution.size(),
                             " before the win: ", side(p.side_to_move), " still has a move"));
    return {};
}

std::optional<Line> unique_line(const Position& start, const Rules& rules, engine::Tables& tables, int min_choices) {
    Missing missing;
    Line line;
    line.start = start;
    const Color winner = start.side_to_move;
    Position p = start;
    bool first = true;
    while (!game_over(p, rules)) {
        const MoveList moves = legal_moves(p, rules);
        if (first && static_cast<int>(moves.size()) < min_choices) return std::nullopt;
        first = false;
        std::optional<Move> chosen;
        int longest = -1;
        for (const Move& m : moves) {
            const auto v = value_of(tables, rules, p.after(m), missing);
            if (!v) return std::nullopt;
            const tb::Value mine = mover_value(*v);
            if (p.side_to_move == winner) {
                if (mine.verdict != tb::Verdict::Win) continue;
                if (chosen) return std::nullopt;  // a second winning move
                chosen = m;
            } else if (mine.verdict == tb::Verdict::Loss && mine.distance > longest) {
                longest = mine.distance;
                chosen = m;
            }
        }
        if (!chosen) return std::nullopt;
        if (p.side_to_move == winner) line.alternatives += static_cast<int>(moves.size()) - 1;
        line.moves.push_back(*chosen);
        p = p.after(*chosen);
    }
    return line;
}

std::vector<std::string> themes_of(const Line& line, const Rules& rules) {
    std::vector<std::string> out;
    const Color winner = line.start.side_to_move;
    bool multi = false, trap = false, promotion = false, landing = false;
    Position p = line.start;
    for (std::size_t i = 0; i < line.moves.size(); ++i) {
        const Move& m = line.moves[i];
        if (p.side_to_move == winner) {
            if (m.capture_count() >= 2) multi = true;
            if (m.promotes) promotion = true;
            // The landing rule leaves a choice of landing points: another legal move of the same piece takes
            // the same pieces and lands elsewhere. The line's move being the only win, that one does not.
            if (m.is_capture() && !landing)
                for (const Move& other : legal_moves(p, rules))
                    if (other.from == m.from && other.captured == m.captured && !(other == m)) landing = true;
            const Position q = p.after(m);
            // A quiet move after which the defence must capture, and its capture is the one that loses.
            if (!m.is_capture() && i + 1 < line.moves.size() && line.moves[i + 1].is_capture() && q.them() &&
                has_capture(q, rules))
                trap = true;
        }
        p = p.after(m);
    }
    const Color loser = opponent(winner);
    if (multi) out.emplace_back("multi-capture");
    if (trap) out.emplace_back("compulsory-capture");
    if (promotion) out.emplace_back("promotion");
    if (line.start.mullahs_of(loser)) out.emplace_back("mullah-hunt");
    if (popcount(line.start.occupied()) == 2) out.emplace_back("last-two");
    if (landing) out.emplace_back("landing");
    if (out.empty()) out.emplace_back("ending");
    return out;
}

int difficulty_of(const Line& line) {
    const int turns = static_cast<int>(line.moves.size() + 1) / 2;  // the winner's moves
    int d = 1 + (turns - 1) / 2;
    if (line.alternatives >= 8) ++d;
    if (line.alternatives >= 20) ++d;
    return std::clamp(d, 1, 5);
}

std::string canonical_fen(const Position& p) {
    const Position m = tb::mirror(p);
    std::string best = to_fen(p);
    for (const Position& q : {reflect(p), m, reflect(m)}) best = std::min(best, to_fen(q));
    return best;
}

Generated generate(const GenerateOptions& o, const Rules& rules, engine::Tables& tables) {
    Generated out;
    struct Candidate {
        std::uint64_t order;
        Puzzle puzzle;
    };
    std::vector<Candidate> found;
    std::unordered_set<std::string> seen;
    for (const tb::Material& material : tb::stored_materials_up_to(o.pieces)) {
        const tb::Index index(material);
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const auto p = index.position(i);
            if (!p) continue;
            ++out.positions;
            const auto v = engine::probe(tables, rules, *p);
            if (!v || v->verdict != tb::Verdict::Win || v->distance < o.min_plies || v->distance > o.max_plies ||
                !engine::holds(*v, rules, 0))
                continue;
            const auto line = unique_line(*p, rules, tables, 2);
            if (!line) continue;
            std::string key = canonical_fen(*p);
            if (!seen.insert(key).second) continue;
            Puzzle puzzle;
            puzzle.fen = to_fen(*p);
            puzzle.rules = rules;
            puzzle.themes = themes_of(*line, rules);
            puzzle.difficulty = difficulty_of(*line);
            for (const Move& m : line->moves) puzzle.solution.push_back(to_string(m));
            found.push_back({mix(std::hash<std::string>{}(key)), std::move(puzzle)});
        }
    }
    out.candidates = found.size();
    // Spread over the difficulties and themes: each (difficulty, first theme) group in a fixed
    // pseudo-random order, and the groups taken in turn.
    std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) { return a.order < b.order; });
    std::map<std::pair<int, std::string>, std::vector<Puzzle*>> groups;
    for (Candidate& c : found) groups[{c.puzzle.difficulty, c.puzzle.themes.front()}].push_back(&c.puzzle);
    std::vector<Puzzle*> picked;
    for (std::size_t round = 0; picked.size() < static_cast<std::size_t>(o.count); ++round) {
        bool any = false;
        for (auto& [key, members] : groups)
            if (round < members.size() && picked.size() < static_cast<std::size_t>(o.count)) {
                picked.push_back(members[round]);
                any = true;
            }
        if (!any) break;
    }
    std::sort(picked.begin(), picked.end(), [](const Puzzle* a, const Puzzle* b) {
        return a->difficulty != b->difficulty ? a->difficulty < b->difficulty : a->fen < b->fen;
    });
    int n = 1;
    for (Puzzle* p : picked) {
        p->id = concat("p", n < 1000 ? "0" : "", n < 100 ? "0" : "", n < 10 ? "0" : "", n);
        ++n;
        out.puzzles.push_back(std::move(*p));
    }
    return out;
}

Generated from_games(const std::vector<Game>& games, int pieces, engine::Tables& tables) {
    Generated out;
    std::unordered_set<std::string> seen;
    for (const Game& game : games) {
        const Rules& rules = game.rules();
        for (std::size_t ply = 0; ply <= game.ply(); ++ply) {
            const Position& p = game.position_at(ply);
            if (!p.us() || !p.them() || popcount(p.occupied()) > pieces) continue;
            ++out.positions;
            const auto v = engine::probe(tables, rules, p);
            if (!v || v->verdict != tb::Verdict::Win || !engine::holds(*v, rules, 0)) continue;
            const auto line = unique_line(p, rules, tables, 2);
            if (!line || !seen.insert(concat(canonical_fen(p), " ", rules_text(rules))).second) continue;
            Puzzle puzzle;
            const int n = static_cast<int>(out.puzzles.size()) + 1;
            puzzle.id = concat("g", n < 1000 ? "0" : "", n < 100 ? "0" : "", n < 10 ? "0" : "", n);
            puzzle.fen = to_fen(p);
            puzzle.rules = rules;
            puzzle.themes = themes_of(*line, rules);
            puzzle.difficulty = difficulty_of(*line);
            for (const Move& m : line->moves) puzzle.solution.push_back(to_string(m));
            out.puzzles.push_back(std::move(puzzle));
        }
    }
    out.candidates = out.puzzles.size();
    return out;
}

}  // namespace fetaix::puzzle
