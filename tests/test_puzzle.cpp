// Puzzles (src/puzzle, docs/puzzles.md): every shipped puzzle of data/puzzles.txt re-checked against
// endgame tables solved here, in memory (up to 4 pieces); the checker on deliberately broken puzzles,
// with its exact words; the data file's lines read and written; the generator's puzzles all sound.

#include <fstream>
#include <set>
#include <sstream>

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>

#include "puzzle/puzzle.hpp"
#include "solved_tables.hpp"

using namespace fetaix;
namespace tb = fetaix::tablebase;

namespace {

// The engine's view of the tables solved once per test process (solved_tables.hpp).
engine::SetTables& four_pieces() {
    static engine::SetTables tables(test::solved_tables(4));
    return tables;
}

engine::SetTables& three_pieces() {
    static engine::SetTables tables(test::solved_tables(3));
    return tables;
}

puzzle::Puzzle make(std::string fen, std::vector<std::string> solution) {
    puzzle::Puzzle p;
    p.id = "t1";
    p.fen = std::move(fen);
    p.solution = std::move(solution);
    return p;
}

std::string reason(const puzzle::Puzzle& p) {
    const puzzle::Verdict v = puzzle::check(p, three_pieces());
    CHECK(v.status == puzzle::Status::Broken);
    return v.reason;
}

}  // namespace

TEST_CASE("puzzles: every shipped puzzle is sound and unique", "[puzzle]") {
    std::ifstream in(FETAIX_SOURCE_DIR "/data/puzzles.txt");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const puzzle::FileRead read = puzzle::parse_file(text.str());
    CHECK(read.errors.empty());
    REQUIRE(read.puzzles.size() >= 500);
    std::set<std::string> ids, positions;
    for (const puzzle::Puzzle& p : read.puzzles) {
        INFO(p.id << " (line " << p.line << "): " << p.fen);
        const puzzle::Verdict v = puzzle::check(p, four_pieces());
        CHECK(v.reason == "");
        CHECK(v.status == puzzle::Status::Sound);
        CHECK(ids.insert(p.id).second);
        const Position start = parse_fen(p.fen).value();
        CHECK(positions.insert(puzzle::canonical_fen(start)).second);  // no two are mirror images
        CHECK(popcount(start.occupied()) <= 4);
        // The themes and difficulty are the ones the line has.
        puzzle::Line line;
        line.start = start;
        Position at = start;
        for (const std::string& m : p.solution) {
            const Move move = parse_move(m, at, p.rules).value();
            if (at.side_to_move == start.side_to_move)
                line.alternatives += static_cast<int>(legal_moves(at, p.rules).size()) - 1;
            line.moves.push_back(move);
            at = at.after(move);
        }
        CHECK(p.themes == puzzle::themes_of(line, p.rules));
        CHECK(p.difficulty == puzzle::difficulty_of(line));
        CHECK(puzzle::format_line(p) == puzzle::format_line(puzzle::parse_line(puzzle::format_line(p), 1).value()));
    }
}

TEST_CASE("puzzles: the checker says why a broken puzzle is broken", "[puzzle]") {
    // Sound: a quiet move that forces the mullah to capture into the recapture.
    const puzzle::Puzzle sound = make("W:Wa1,a2:BKb3", {"a2-b2", "b3xb1", "a1xc1"});
    CHECK(puzzle::check(sound, three_pieces()).status == puzzle::Status::Sound);

    CHECK(reason(make("W:WKa1:BKc1", {"a1xd1"})) == "two winning moves at ply 1: a1xd1 and a1xe1");
    CHECK(reason(make("W:Wa1,b1:Bd5", {"b1-b2"})) == "two winning moves at ply 1: b1-b2 and a1-a2");
    CHECK(reason(make("B:Wb4:BKa1", {"a1-a5", "b4-b5"})) ==
          "ply 2: b4-b5 is not the longest defence: it loses in 2 plies, b4-c4 in 4");
    CHECK(reason(make("W:Wa1:Be5", {"a1-a2"})) == "not a win: White to move draws");
    CHECK(reason(make("W:Wc3:Bc4", {"a1-a2"})) == "ply 1: illegal move a1-a2: there is no piece of yours on a1");
    CHECK(reason(make("W:Wa1,a2:BKb3", {"a2-b2", "b3xb1", "a1-b2"})) ==
          "ply 3: illegal move a1-b2: a capture is compulsory: a1 can capture");
    CHECK(reason(make("X:Wa1:Be5", {"a1-a2"})) ==
          "bad FEN: column 1: the position must start with the side to move, W or B");
    CHECK(reason(make("W:Wa1:Bz9", {"a1-a2"})) == "bad FEN: column 8: 'z9' is not a point (a1 to e5)");
    CHECK(reason(make("W:Wa1:B", {"a1-a2"})) == "bad FEN: W:Wa1:B: Black has no pieces, so the game is already over");
    CHECK(reason(make("W:Wa1,a2:BKb3", {"a2-b2", "b3xb1"})) ==
          "the line ends after ply 2 before the win: White still has a move");
    CHECK(reason(make("W:Wa1,a2:BKb3", {"a2-b2", "b3xb1", "a1xc1", "c1-c2"})) ==
          "ply 4: c1-c2 comes after the game is over");
    CHECK(reason(make("W:Wa1,a2:BKb3", {})) == "no solution line");
    // A move that does not win, where another does.
    CHECK(reason(make("W:Wa1,a2:BKb3", {"a1-b1"})) == "ply 1: a1-b1 does not win (a loss in 16 plies); a2-b2 wins");

    // A material the tables do not hold is not a broken puzzle: the tables are missing.
    const puzzle::Verdict v = puzzle::check(make("W:Wa1,b1:Bd5,e5", {"a1-a2"}), three_pieces());
    CHECK(v.status == puzzle::Status::NoTables);
    CHECK(v.reason == "no endgame table for 2m0k-2m0k");
    CHECK(v.pieces == 4);
}

TEST_CASE("puzzles: the data file's lines and rules read back as written", "[puzzle]") {
    Rules rules;
    rules.promotion = Promotion::Immediate;
    rules.no_progress = 0;
    CHECK(puzzle::rules_text(Rules{}) == "default");
    CHECK(puzzle::rules_text(rules) == "promotion=immediate,no-progress=0");
    CHECK(puzzle::parse_rules("promotion=immediate,no-progress=0").value() == rules);
    CHECK(puzzle::parse_rules("majority=perhaps").error().message ==
          "rules: majority: expected yes or no, found \"perhaps\"");
    CHECK(puzzle::parse_rules("colour=red").error().message == "rules: no rule switch named \"colour\"");
    const auto p = puzzle::parse_line(
        "p7 | W:Wa1,a2:BKb3 | default | compulsory-capture,mullah-hunt | 1 | a2-b2 b3xb1 a1xc1", 3);
    REQUIRE(p);
    CHECK(p->id == "p7");
    CHECK(p->line == 3);
    CHECK(p->themes == std::vector<std::string>{"compulsory-capture", "mullah-hunt"});
    CHECK(p->solution == std::vector<std::string>{"a2-b2", "b3xb1", "a1xc1"});
    CHECK(puzzle::format_line(*p) ==
          "p7 | W:Wa1,a2:BKb3 | default | compulsory-capture,mullah-hunt | 1 | a2-b2 b3xb1 a1xc1");
    CHECK(puzzle::parse_line("p7 | W:Wa1 | default", 4).error().describe() ==
          "line 4: expected 6 fields separated by '|' (id | FEN | rules | themes | difficulty | solution), found 3");
    CHECK(puzzle::parse_line("p7 | W:Wa1:Bb5 | default | x | 9 | a1-a2", 5).error().describe() ==
          "line 5: difficulty: expected 1 to 5, found \"9\"");
    const puzzle::FileRead read = puzzle::parse_file(
        "# comment\n\np1 | W:Wa1:Bb5 | default | x | 1 | a1-a2\nnonsense\n");
    CHECK(read.puzzles.size() == 1);
    REQUIRE(read.errors.size() == 1);
    CHECK(read.errors[0].line == 4);
}

TEST_CASE("puzzles: mirror images are one puzzle", "[puzzle]") {
    const Position p = parse_fen("W:Wa1,a2:BKb3").value();
    CHECK(puzzle::canonical_fen(p) == puzzle::canonical_fen(parse_fen("W:We1,e2:BKd3").value()));  // left to right
    CHECK(puzzle::canonical_fen(p) == puzzle::canonical_fen(tb::mirror(p)));                       // colours swapped
    CHECK(puzzle::canonical_fen(p) != puzzle::canonical_fen(parse_fen("W:Wa1,a2:BKc3").value()));
}

TEST_CASE("puzzles: the generator's puzzles of up to 3 pieces are all sound, spread and distinct", "[puzzle]") {
    puzzle::GenerateOptions o;
    o.count = 100;
    o.pieces = 3;
    const puzzle::Generated made = puzzle::generate(o, Rules{}, three_pieces());
    CHECK(made.positions > 0);
    CHECK(made.candidates >= made.puzzles.size());
    REQUIRE(made.puzzles.size() == 100);
    std::set<std::string> themes, fens;
    for (const puzzle::Puzzle& p : made.puzzles) {
        INFO(puzzle::format_line(p));
        CHECK(puzzle::check(p, three_pieces()).status == puzzle::Status::Sound);
        for (const std::string& t : p.themes) themes.insert(t);
        CHECK(fens.insert(puzzle::canonical_fen(parse_fen(p.fen).value())).second);
    }
    CHECK(made.puzzles.front().id == "p0001");
    CHECK(themes.count("multi-capture") == 1);
    CHECK(themes.count("compulsory-capture") == 1);
    CHECK(themes.count("promotion") == 1);
    CHECK(themes.count("mullah-hunt") == 1);
    CHECK(themes.count("last-two") == 1);
}

TEST_CASE("puzzles: the landing theme marks a capture whose landing point is what wins", "[puzzle]") {
    // Black's mullah on b4 takes b3 and may land on b2 or b1 (nothing to capture from either, so the
    // landing rule leaves both): only b1 wins, as the tables say below.
    const auto line_of = [](const std::string& fen, const std::vector<std::string>& moves) {
        puzzle::Line line;
        line.start = parse_fen(fen).value();
        Position at = line.start;
        for (const std::string& m : moves) {
            line.moves.push_back(parse_move(m, at, Rules{}).value());
            at = at.after(line.moves.back());
        }
        return line;
    };
    const puzzle::Line landing = line_of("B:Wa2,b3:Ba4,Kb4", {"b4xb1", "a2-a3", "a4xa2"});
    CHECK(puzzle::themes_of(landing, Rules{}) == std::vector<std::string>{"landing"});
    // The other landing of the same capture does not win, by the tables.
    const Position start = landing.start;
    const Move other = parse_move("b4xb2", start, Rules{}).value();
    CHECK(other.captured == landing.moves[0].captured);
    const auto v = engine::probe(three_pieces(), Rules{}, start.after(other));
    REQUIRE(v);
    CHECK(v->verdict != tb::Verdict::Loss);
    // A capture with one landing only (a man's short leap) is no landing choice.
    CHECK(puzzle::themes_of(line_of("W:Wa1,a2:BKb3", {"a2-b2", "b3xb1", "a1xc1"}), Rules{}) ==
          std::vector<std::string>{"compulsory-capture", "mullah-hunt"});
}
