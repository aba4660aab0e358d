#include "puzzle/play.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "store/files.hpp"

namespace fetaix::puzzle {

namespace tb = tablebase;

namespace {

bool game_over(const Position& p, const Rules& rules) { return !p.us() || !p.them() || !has_legal_move(p, rules); }

std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

std::string number(double x) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, x);
    return ec == std::errc{} ? std::string(buffer, end) : "0";
}

std::optional<double> read_number(std::string_view s) {
    double x = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
    if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(x)) return std::nullopt;
    return x;
}

std::vector<std::string_view> words_of(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        const std::size_t begin = s.find_first_not_of(' ');
        if (begin == std::string_view::npos) break;
        s.remove_prefix(begin);
        const std::size_t end = std::min(s.find(' '), s.size());
        out.push_back(s.substr(0, end));
        s.remove_prefix(end);
    }
    return out;
}

constexpr std::string_view kHeader = "fetaix puzzles 1";

struct ResultWord {
    Result result;
    std::string_view word;
};
constexpr ResultWord kResultWords[] = {
    {Result::Solved, "solved"},
    {Result::Failed, "failed"},
    {Result::SolvedLater, "solved-later"},
};

std::string_view word_of(Result r) {
    for (const ResultWord& w : kResultWords)
        if (w.result == r) return w.word;
    return "failed";
}

}  // namespace

rating::Rating puzzle_rating(int difficulty) {
    return rating::Rating{1100.0 + 200.0 * std::clamp(difficulty, 1, 5), kPuzzleDeviation, 0.06};
}

rating::Rating rated_after(const rating::Rating& player, int difficulty, bool solved) {
    const rating::Outcome game{puzzle_rating(difficulty), solved ? 1.0 : 0.0};
    return rating::rated(player, std::span(&game, 1)).value_or(player);
}

std::optional<std::string> line_problem(const Puzzle& puzzle) {
    auto start = parse_fen(puzzle.fen);
    if (!start) return concat("bad FEN: ", start.error().describe());
    if (auto why = unplayable_start(*start)) return concat("bad FEN: ", *why);
    if (puzzle.solution.empty()) return std::string("no solution line");
    Position p = *start;
    for (std::size_t i = 0; i < puzzle.solution.size(); ++i) {
        const int ply = static_cast<int>(i) + 1;
        const std::string& text = puzzle.solution[i];
        if (game_over(p, puzzle.rules)) return concat("ply ", ply, ": ", text, " comes after the game is over");
        auto played = parse_move(text, p, puzzle.rules);
        if (!played) return concat("ply ", ply, ": illegal move ", text, ": ", played.error().message);
        p = p.after(*played);
    }
    if (!game_over(p, puzzle.rules))
        return concat("the line ends after ply ", puzzle.solution.size(), " before the win: ", side(p.side_to_move),
                      " still has a move");
    if (puzzle.solution.size() % 2 == 0)
        return concat("the line ends with a move of ", side(opponent(start->side_to_move)),
                      ", the defence: the side to move at the start must win");
    return std::nullopt;
}

Position Attempt::position() const {
    Position p = start;
    for (std::size_t i = 0; i < ply && i < line.size(); ++i) p = p.after(line[i]);
    return p;
}

Attempt begin(const Puzzle& p) {
    Attempt a;
    a.puzzle = p;
    if (auto start = parse_fen(p.fen)) a.start = *start;
    Position at = a.start;
    for (const std::string& text : p.solution) {
        auto m = parse_move(text, at, p.rules);
        if (!m) break;
        a.line.push_back(*m);
        at = at.after(*m);
    }
    return a;
}

Answer judge(Attempt& a, const Move& m) {
    if (a.solved || a.ply >= a.line.size()) return Answer{Answer::Kind::Refused, "The puzzle is solved.", m, {}};
    if (!(m == a.line[a.ply])) {
        a.missed = true;
        return Answer{Answer::Kind::Wrong, concat(to_string(m), " is not the move"), m, {}};
    }
    if (a.ply + 1 >= a.line.size()) {
        a.ply = a.line.size();
        a.solved = true;
        return Answer{Answer::Kind::Solved, concat(to_string(m), ": solved!"), m, {}};
    }
    const Move reply = a.line[a.ply + 1];
    a.ply += 2;
    return Answer{Answer::Kind::Right,
                  concat(to_string(m), ": right. ", side(opponent(a.player())), " answers ", to_string(reply), "."), m,
                  reply};
}

Answer judge_typed(Attempt& a, std::string_view text) {
    std::string lowered(text);
    for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    auto move = parse_move(lowered, a.position(), a.puzzle.rules);
    if (!move) return Answer{Answer::Kind::Refused, concat(text, ": ", move.error().message), {}, {}};
    return judge(a, *move);
}

std::optional<std::string> why_not(const Position& p, const Rules& rules, const Move& wrong, engine::Tables& tables) {
    const Position q = p.after(wrong);
    const std::string said = to_string(wrong);
    const std::string them = side(q.side_to_move);
    if (game_over(q, rules))
        return concat(said,
                      " wins too, but it is not this puzzle's move: the puzzle is not unique (fetaix puzzle "
                      "--check proves a file)");
    const auto choice = engine::table_move(tables, rules, q);
    if (!choice) return std::nullopt;
    const std::string reply = to_string(choice->move);
    switch (choice->value.verdict) {
        case tb::Verdict::Draw: return concat(said, " does not win: after it, ", reply, " draws.");
        case tb::Verdict::Win:
            return concat(said, " loses: after it, ", reply, " wins for ", them,
                          choice->value.distance <= 1 ? std::string(" at once.")
                                                      : concat(" in ", choice->value.distance, " plies."));
        case tb::Verdict::Loss: break;
    }
    return concat(said,
                  " wins too, but it is not this puzzle's move: the puzzle is not unique (fetaix puzzle "
                  "--check proves a file)");
}

std::string hint(const Attempt& a, int shown) {
    if (a.ply >= a.line.size()) return "The puzzle is solved.";
    const Move& m = a.line[a.ply];
    if (shown == 0) {
        const bool mullah = contains(a.position().mullahs, m.from);
        return concat("Hint: move your ", mullah ? "mullah" : "man", " on ", to_string(m.from), ".");
    }
    return concat("The answer: ", to_string(m), ".");
}

std::string key_of(const Puzzle& p) { return concat(p.fen, " ", rules_text(p.rules)); }

int Progress::solved_count() const {
    return static_cast<int>(std::count_if(results.begin(), results.end(),
                                          [](const auto& r) { return r.second.result != Result::Failed; }));
}

const Progress::Entry* Progress::find(const Puzzle& p) const {
    const auto it = results.find(key_of(p));
    return it == results.end() ? nullptr : &it->second;
}

std::size_t next_puzzle(const std::vector<Puzzle>& puzzles, const Progress& progress, std::size_t current) {
    const auto nearest = [&](auto wanted) -> std::optional<std::size_t> {
        std::optional<std::size_t> best;
        double distance = 0;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            if (i == current || !wanted(progress.find(puzzles[i]))) continue;
            const double d = std::abs(puzzle_rating(puzzles[i].difficulty).rating - progress.rating.rating);
            if (!best || d < distance) {
                best = i;
                distance = d;
            }
        }
        return best;
    };
    if (auto i = nearest([](const Progress::Entry* e) { return e == nullptr; })) return *i;
    if (auto i = nearest([](const Progress::Entry* e) { return e->result == Result::Failed; })) return *i;
    return puzzles.empty() ? 0 : (current + 1) % puzzles.size();
}

// The file: "fetaix puzzles 1", "rating R D V", "at KEY", then one "RESULT FEN RULES ID" a puzzle.
std::string format_progress(const Progress& p) {
    std::string out = concat(kHeader, "\n", "rating ", number(p.rating.rating), " ", number(p.rating.deviation), " ",
                             number(p.rating.volatility), "\n");
    if (!p.at.empty()) out += concat("at ", p.at, "\n");
    for (const auto& [key, entry] : p.results) out += concat(word_of(entry.result), " ", key, " ", entry.id, "\n");
    return out;
}

Expected<Progress> parse_progress(std::string_view text) {
    Progress p;
    int line_number = 0;
    bool header = false, rated = false;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (!header) {
            if (line != kHeader) return Error{concat("it does not start with '", kHeader, "'")};
            header = true;
            continue;
        }
        if (line.empty()) continue;
        const std::vector<std::string_view> w = words_of(line);
        const auto bad = [&](std::string_view what) { return Error{concat("line ", line_number, ": ", what)}; };
        if (w[0] == "rating") {
            if (w.size() != 4) return bad("expected 'rating RATING DEVIATION VOLATILITY'");
            const auto r = read_number(w[1]), d = read_number(w[2]), v = read_number(w[3]);
            if (!r || !d || !v || *d <= 0 || *d > rating::kMaxDeviation || *v <= 0)
                return bad("the rating's numbers are not a rating");
            p.rating = {*r, *d, *v};
            rated = true;
            continue;
        }
        if (w[0] == "at") {
            if (w.size() != 3) return bad("expected 'at FEN RULES'");
            p.at = concat(w[1], " ", w[2]);
            continue;
        }
        const ResultWord* found = nullptr;
        for (const ResultWord& r : kResultWords)
            if (r.word == w[0]) found = &r;
        if (!found) return bad("expected rating, at, solved, failed or solved-later");
        if (w.size() < 4) return bad(concat("expected '", w[0], " FEN RULES ID'"));
        if (!parse_fen(w[1])) return bad(concat("'", w[1], "' is not a FEN"));
        const std::size_t id_at = static_cast<std::size_t>(w[3].data() - line.data());
        p.results[concat(w[1], " ", w[2])] = {found->result, std::string(line.substr(id_at))};
    }
    if (!header) return Error{"it is empty"};
    if (!rated) return Error{"it has no rating line"};
    return p;
}

std::string progress_path(const std::string& data_folder) { return concat(data_folder, "/puzzle-progress.txt"); }

ProgressRead read_progress(const std::string& data_folder) {
    const std::string path = progress_path(data_folder);
    const auto text = store::read_kept_file(path,
                                            store::TextFileKind{1u << 20, "the puzzles' progress", "1 MiB", false});
    if (!text) return {Progress{}, text.error().describe()};
    if (!*text) return {};
    auto parsed = parse_progress(**text);
    if (!parsed) return {Progress{}, concat(path, ": ", parsed.error().describe())};
    return {*parsed, ""};
}

std::optional<std::string> write_progress(const std::string& data_folder, const Progress& p) {
    return store::write_kept_file(data_folder, progress_path(data_folder), format_progress(p));
}

}  // namespace fetaix::puzzle
