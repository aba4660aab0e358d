// Playing the puzzles (src/puzzle/play, src/front/puzzles, the screen and the lines): every shipped
// puzzle's solution answered by its line's replies; every wrong first move refused with the reply the
// endgame tables give, found here from tables solved in memory; the rating against Glicko-2 itself; the
// progress file read back and a damaged one set aside; the curses screen as data and the lines.

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include <fetaix/fetaix.hpp>

#include "front/puzzles.hpp"
#include "line/puzzle_lines.hpp"
#include "puzzle/play.hpp"
#include "temp_folder.hpp"
#include "tui/puzzle_screen.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
namespace tb = fetaix::tablebase;
using Lines = std::vector<std::string>;

namespace {

std::vector<puzzle::Puzzle> shipped() {
    std::ifstream in(FETAIX_SOURCE_DIR "/data/puzzles.txt");
    std::stringstream text;
    text << in.rdbuf();
    return puzzle::parse_file(text.str()).puzzles;
}

tb::Set& four_pieces() {
    static tb::Set set = [] {
        tb::Set s;
        for (const tb::Material& m : tb::stored_materials_up_to(4)) s.add(tb::solve(m, Rules{}, s).value());
        return s;
    }();
    return set;
}

puzzle::Puzzle make(std::string id, std::string fen, int difficulty, std::vector<std::string> solution) {
    puzzle::Puzzle p;
    p.id = std::move(id);
    p.fen = std::move(fen);
    p.themes = {"ending"};
    p.difficulty = difficulty;
    p.solution = std::move(solution);
    return p;
}

// The trap of docs/puzzles.md: a2-b2 makes the mullah capture into the recapture.
puzzle::Puzzle trap() { return make("t1", "W:Wa1,a2:BKb3", 1, {"a2-b2", "b3xb1", "a1xc1"}); }

// What the tables say of `wrong` at p, worked out here: the reply is the first of the legal replies (in
// the move generator's order) with the best value for the defence, a shortest win, else a draw.
std::string expected_reason(const Position& p, const Move& wrong) {
    const Position q = p.after(wrong);
    std::optional<Move> reply;
    int best = -1000;  // a win in d: 1000 - d; a draw: 0; a loss: -1000 + d
    int distance = 0;
    for (const Move& r : legal_moves(q, Rules{})) {
        const Position after = q.after(r);
        int score = 0, d = 0;
        if (!after.us()) {
            score = 999;  // the last piece taken: a win in 1
            d = 1;
        } else {
            const tb::Value v = four_pieces().probe(after).value();
            d = v.distance + 1;
            score = v.verdict == tb::Verdict::Loss ? 1000 - d : v.verdict == tb::Verdict::Draw ? 0 : -1000 + d;
        }
        if (!reply || score > best) {
            reply = r;
            best = score;
            distance = d;
        }
    }
    const std::string side = q.side_to_move == Color::White ? "White" : "Black";
    if (best == 0) return concat(to_string(wrong), " does not win: after it, ", to_string(*reply), " draws.");
    REQUIRE(best > 0);  // the puzzle's move is the only win
    return concat(to_string(wrong), " loses: after it, ", to_string(*reply), " wins for ", side,
                  distance == 1 ? std::string(" at once.") : concat(" in ", distance, " plies."));
}

}  // namespace

TEST_CASE("puzzle play: each shipped solution is answered by its line's reply, and ends solved", "[puzzle][play]") {
    for (const puzzle::Puzzle& p : shipped()) {
        INFO(p.id);
        CHECK_FALSE(puzzle::line_problem(p));
        puzzle::Attempt a = puzzle::begin(p);
        REQUIRE(a.line.size() == p.solution.size());
        for (std::size_t i = 0; i < p.solution.size(); i += 2) {
            const puzzle::Answer answer = puzzle::judge_typed(a, p.solution[i]);
            if (i + 1 == p.solution.size()) {
                CHECK(answer.kind == puzzle::Answer::Kind::Solved);
                CHECK(a.solved);
            } else {
                REQUIRE(answer.kind == puzzle::Answer::Kind::Right);
                CHECK(to_string(*answer.reply) == p.solution[i + 1]);
            }
        }
        CHECK_FALSE(a.missed);
    }
}

TEST_CASE("puzzle play: every wrong first move is refused with the tables' best reply and its value",
          "[puzzle][play]") {
    engine::SetTables tables(four_pieces());
    int draws = 0, losses = 0;
    for (const puzzle::Puzzle& p : shipped()) {
        INFO(p.id);
        puzzle::Attempt a = puzzle::begin(p);
        for (const Move& m : legal_moves(a.start, p.rules)) {
            if (m == a.line[0]) continue;
            puzzle::Attempt tried = a;
            const puzzle::Answer answer = puzzle::judge(tried, m);
            CHECK(answer.kind == puzzle::Answer::Kind::Wrong);
            CHECK(tried.ply == 0);  // taken back
            CHECK(tried.missed);
            const std::string said = puzzle::why_not(a.start, p.rules, m, tables).value();
            CHECK(said == expected_reason(a.start, m));
            (said.find(" draws.") != std::string::npos ? draws : losses)++;
        }
    }
    // Both kinds are met.
    CHECK(draws > 0);
    CHECK(losses > 0);
    // One worked by hand: after a1-b1 the mullah is free (no capture is forced on it), and the tables find
    // Black's shortest win.
    const Position start = parse_fen("W:Wa1,a2:BKb3").value();
    const Move wrong = parse_move("a1-b1", start, Rules{}).value();
    CHECK(puzzle::why_not(start, Rules{}, wrong, tables) == expected_reason(start, wrong));
    CHECK(expected_reason(start, wrong).starts_with("a1-b1 loses: after it, "));
}

TEST_CASE("puzzle play: an illegal move is refused in the game's words, a hint names the piece then the move",
          "[puzzle][play]") {
    puzzle::Attempt a = puzzle::begin(trap());
    const puzzle::Answer refused = puzzle::judge_typed(a, "a1-a3");
    CHECK(refused.kind == puzzle::Answer::Kind::Refused);
    CHECK(refused.text == "a1-a3: a man steps one point, and a3 is not next to a1");
    CHECK_FALSE(a.missed);
    CHECK(puzzle::hint(a, 0) == "Hint: move your man on a2.");
    CHECK(puzzle::hint(a, 1) == "The answer: a2-b2.");
    CHECK(puzzle::judge_typed(a, "a2-b2").kind == puzzle::Answer::Kind::Right);
    CHECK(puzzle::hint(a, 0) == "Hint: move your man on a1.");
    // A line that the checker would refuse before the tables are asked: said in its words.
    CHECK(puzzle::line_problem(make("x", "W:Wa1,a2:BKb3", 1, {"a2-b2", "b3xb1"})) ==
          "the line ends after ply 2 before the win: White still has a move");
    CHECK(puzzle::line_problem(make("x", "W:Wa1,a2:BKb3", 1, {"a2-a4"})) ==
          "ply 1: illegal move a2-a4: a man steps one point, and a4 is not next to a2");
    CHECK(puzzle::line_problem(make("x", "W:Wz9:Ba5", 1, {"a2-a4"})) ==
          "bad FEN: column 4: 'z9' is not a point (a1 to e5)");
}

TEST_CASE("puzzle play: the rating is Glicko-2's, the puzzle rated from its difficulty", "[puzzle][play]") {
    CHECK(puzzle::puzzle_rating(1).rating == 1300);
    CHECK(puzzle::puzzle_rating(3).rating == 1700);
    CHECK(puzzle::puzzle_rating(5).rating == 2100);
    CHECK(puzzle::puzzle_rating(2).deviation == 100);
    // A new player (1500, 350, 0.06) solves a difficulty-3 puzzle (1700, 100): Glicko-2 of that one game.
    const rating::Rating fresh;
    const rating::Outcome won{{1700, 100, 0.06}, 1};
    const rating::Rating by_hand = rating::rated(fresh, std::span(&won, 1)).value();
    const rating::Rating after = puzzle::rated_after(fresh, 3, true);
    CHECK(after.rating == by_hand.rating);
    CHECK(after.deviation == by_hand.deviation);
    CHECK(after.volatility == by_hand.volatility);
    CHECK(after.rating > 1700);  // a win over a stronger opponent, at a deviation of 350: a large step up
    // A player at 1620 (deviation 80, volatility 0.059) fails a difficulty-1 puzzle (1300).
    const rating::Rating player{1620, 80, 0.059};
    const rating::Outcome lost{{1300, 100, 0.06}, 0};
    const rating::Rating failed = puzzle::rated_after(player, 1, false);
    CHECK(failed.rating == rating::rated(player, std::span(&lost, 1)).value().rating);
    CHECK(failed.rating < 1620);
}

TEST_CASE("puzzle play: the progress file is read back as written, and a bad one is refused with why",
          "[puzzle][play]") {
    puzzle::Progress p;
    p.rating = {1623.25, 187.5, 0.0600001};
    p.at = puzzle::key_of(trap());
    p.results[puzzle::key_of(trap())] = {puzzle::Result::Failed, "t1"};
    p.results["B:WKa2,Kb3,Kb4:BKa5 default"] = {puzzle::Result::Solved, "p0001"};
    p.results["B:WKa2,b3:BKb1,Ka4 promotion=immediate"] = {puzzle::Result::SolvedLater, "my puzzle 2"};
    const std::string text = puzzle::format_progress(p);
    CHECK(text ==
          "fetaix puzzles 1\n"
          "rating 1623.25 187.5 0.0600001\n"
          "at W:Wa1,a2:BKb3 default\n"
          "solved B:WKa2,Kb3,Kb4:BKa5 default p0001\n"
          "solved-later B:WKa2,b3:BKb1,Ka4 promotion=immediate my puzzle 2\n"
          "failed W:Wa1,a2:BKb3 default t1\n");
    const auto back = puzzle::parse_progress(text);
    REQUIRE(back);
    CHECK(puzzle::format_progress(*back) == text);
    CHECK(back->rating.rating == 1623.25);
    CHECK(back->solved_count() == 2);
    CHECK(back->find(trap())->result == puzzle::Result::Failed);
    CHECK(puzzle::parse_progress("").error().message == "it is empty");
    CHECK(puzzle::parse_progress("at x\n").error().message == "it does not start with 'fetaix puzzles 1'");
    CHECK(puzzle::parse_progress("fetaix puzzles 1\n").error().message == "it has no rating line");
    CHECK(puzzle::parse_progress("fetaix puzzles 1\nrating 1500 0 0.06\n").error().message ==
          "line 2: the rating's numbers are not a rating");
    CHECK(
        puzzle::parse_progress("fetaix puzzles 1\nrating 1500 350 0.06\nwon W:Wa1:Ba5 default p1\n").error().message ==
        "line 3: expected rating, at, solved, failed or solved-later");
    CHECK(puzzle::parse_progress("fetaix puzzles 1\nrating 1500 350 0.06\nsolved W:Wz9:Ba5 default p1\n")
              .error()
              .message == "line 3: 'W:Wz9:Ba5' is not a FEN");
}

TEST_CASE("puzzle play: the next puzzle is the untried one rated nearest the player", "[puzzle][play]") {
    const std::vector<puzzle::Puzzle> set = {make("a", "W:Wa1,a2:BKb3", 1, {}), make("b", "W:Wa1,a3:BKb3", 3, {}),
                                             make("c", "W:Wa1,a4:BKb3", 2, {}), make("d", "W:Wa1,b4:BKb3", 2, {})};
    puzzle::Progress p;  // 1500: the difficulty-2 puzzles (1500), the first in the file
    CHECK(puzzle::next_puzzle(set, p, 4) == 2);
    CHECK(puzzle::next_puzzle(set, p, 2) == 3);  // never the one open
    p.rating.rating = 1650;                      // 1700 is nearer than 1500
    CHECK(puzzle::next_puzzle(set, p, 0) == 1);
    p.results[puzzle::key_of(set[1])] = {puzzle::Result::Solved, "b"};
    p.results[puzzle::key_of(set[2])] = {puzzle::Result::Failed, "c"};
    CHECK(puzzle::next_puzzle(set, p, 0) == 3);  // untried first
    p.results[puzzle::key_of(set[3])] = {puzzle::Result::Solved, "d"};
    p.results[puzzle::key_of(set[0])] = {puzzle::Result::Solved, "a"};
    CHECK(puzzle::next_puzzle(set, p, 0) == 2);  // then the failed ones
    p.results[puzzle::key_of(set[2])] = {puzzle::Result::SolvedLater, "c"};
    CHECK(puzzle::next_puzzle(set, p, 3) == 0);  // all solved: the one after
}

TEST_CASE("puzzle play: an attempt is rated once, at its first wrong move or its end; progress kept",
          "[puzzle][play]") {
    test::TempFolder folder;
    const std::vector<puzzle::Puzzle> set = {trap(), make("t2", "W:Wb2:Bb3", 2, {"b2xb4"})};
    {
        front::PuzzleRun run(set, folder.path, nullptr);
        CHECK(run.take_problem().empty());
        CHECK(run.index() == 1);  // both untried: t2 (1500) is nearer a new player's 1500 than t1 (1300)
    }
    front::PuzzleRun run(set, folder.path, nullptr);
    run.open(0);
    const rating::Rating fresh;
    // A wrong move: lost, rated at once; its reason follows from the tables solved in memory.
    CHECK(run.before().empty());
    const puzzle::Answer wrong = run.answer_typed("a1-b1");
    CHECK(wrong.kind == puzzle::Answer::Kind::Wrong);
    CHECK(run.progress().rating.rating == puzzle::rated_after(fresh, 1, false).rating);
    CHECK(run.before().empty());  // failed in this attempt, not before it
    const int lost_at = run.rating();
    CHECK(run.take_rating_change() == concat("Your puzzle rating: ", lost_at, " (", lost_at - 1500, ")."));
    const Position start = parse_fen("W:Wa1,a2:BKb3").value();
    CHECK(run.wait_explanation() == expected_reason(start, parse_move("a1-b1", start, Rules{}).value()));
    // Solved after it, then again on a retry: the rating stays, the puzzle counts as solved later.
    CHECK(run.answer_typed("a2-b2").kind == puzzle::Answer::Kind::Right);
    CHECK(run.answer_typed("a1xc1").kind == puzzle::Answer::Kind::Solved);
    CHECK(run.take_rating_change().empty());
    CHECK(run.before().empty());
    run.retry();
    CHECK(run.before() == "solved before");  // failed, then solved in the same attempt
    CHECK(run.answer_typed("a2-b2").kind == puzzle::Answer::Kind::Right);
    CHECK(run.answer_typed("a1xc1").kind == puzzle::Answer::Kind::Solved);
    CHECK(run.rating() == lost_at);
    CHECK(run.progress().find(trap())->result == puzzle::Result::SolvedLater);
    // The answer shown counts as a failure.
    run.open(1);
    CHECK(run.hint() == "Hint: move your man on b2.");
    CHECK(run.progress().find(set[1]) == nullptr);
    CHECK(run.hint() == "The answer: b2xb4.");
    CHECK(run.progress().find(set[1])->result == puzzle::Result::Failed);
    // Played as shown, it ends the puzzle but does not count as solved (docs/guide.md).
    CHECK(run.answer_typed("b2xb4").kind == puzzle::Answer::Kind::Solved);
    CHECK(run.progress().find(set[1])->result == puzzle::Result::Failed);
    // All of it in the file; the next start opens where the player left, a puzzle failed and not solved.
    const auto read = puzzle::read_progress(folder.path);
    CHECK(read.problem.empty());
    CHECK(puzzle::format_progress(read.progress) == puzzle::format_progress(run.progress()));
    CHECK(front::PuzzleRun(set, folder.path, nullptr).index() == 1);
    // Failed in this attempt (the answer shown): "failed before" only for the next attempt.
    CHECK(run.before().empty());
    CHECK(front::PuzzleRun(set, folder.path, nullptr).before() == "failed before");
    run.open(0);  // solved later: the next start offers another
    CHECK(run.before() == "solved before");
    CHECK(front::PuzzleRun(set, folder.path, nullptr).index() == 1);
}

TEST_CASE("puzzle play: the puzzle a run starts on, failed and left, is the one the next run opens", "[puzzle][play]") {
    test::TempFolder folder;
    const std::vector<puzzle::Puzzle> set = {trap(), make("t2", "W:Wb2:Bb3", 2, {"b2xb4"})};
    {
        front::PuzzleRun run(set, folder.path, nullptr);
        REQUIRE(run.index() == 1);  // t2 first: nearer a new player's rating
        CHECK(run.hint() == "Hint: move your man on b2.");
        CHECK(run.hint() == "The answer: b2xb4.");  // failed, then left without another puzzle opened
    }
    CHECK(front::PuzzleRun(set, folder.path, nullptr).index() == 1);
}

TEST_CASE("puzzle play: a damaged progress file is said, left alone, then set aside at the first result",
          "[puzzle][play]") {
    test::TempFolder folder;
    const std::string path = puzzle::progress_path(folder.path);
    std::ofstream(path) << "rating 9000\n";
    const std::vector<puzzle::Puzzle> set = {trap()};
    front::PuzzleRun run(set, folder.path, nullptr);
    CHECK(run.take_problem() == concat("Puzzle progress not read (", path,
                                       ": it does not start with 'fetaix puzzles 1'): starting afresh; kept as "
                                       ".damaged at your first result."));
    CHECK(run.rating() == 1500);
    run.retry();
    std::ifstream untouched(path);
    std::string first;
    std::getline(untouched, first);
    CHECK(first == "rating 9000");
    CHECK(run.answer_typed("a2-b2").kind == puzzle::Answer::Kind::Right);
    CHECK(run.answer_typed("a1xc1").kind == puzzle::Answer::Kind::Solved);
    CHECK(run.take_problem().empty());
    std::ifstream aside(path + ".damaged");
    std::getline(aside, first);
    CHECK(first == "rating 9000");
    CHECK(puzzle::read_progress(folder.path).progress.find(trap())->result == puzzle::Result::Solved);
}

TEST_CASE("puzzle play: the screen-reader lines of a puzzle, a wrong move, a right one, solved",
          "[puzzle][play][line]") {
    front::PuzzleRun run({trap()}, "", nullptr);
    line::PuzzleLines lines(run);
    CHECK(lines.opening() == Lines{"fetaix puzzle: 1 puzzle, 0 solved; your puzzle rating is 1500.",
                                   "Type help for the commands, quit to leave.",
                                   "Moves are typed by their points: c2-c3 steps, c2xc4 captures.",
                                   "Puzzle t1, 1 of 1: difficulty 1 of 5 (rated 1300).", "Themes: ending.",
                                   "The position:", "rank 5: empty", "rank 4: empty", "rank 3: black mullah b3",
                                   "rank 2: white man a2", "rank 1: white man a1", "White to move and win (you)."});
    CHECK(lines.enter("a1-a3") == Lines{"a1-a3: a man steps one point, and a3 is not next to a1."});
    const Position start = parse_fen("W:Wa1,a2:BKb3").value();
    const int lost = static_cast<int>(std::lround(puzzle::rated_after({}, 1, false).rating));
    CHECK(lines.enter("a1-b1") == Lines{expected_reason(start, parse_move("a1-b1", start, Rules{}).value()),
                                        "The position is as it was: try again (hint helps).",
                                        concat("Your puzzle rating: ", lost, " (", lost - 1500, ").")});
    CHECK(lines.enter("A2-B2") == Lines{"Right: a2-b2. Black answers b3xb1.", "White to move (you)."});
    CHECK(lines.enter("board") == Lines{"rank 5: empty", "rank 4: empty", "rank 3: empty", "rank 2: empty",
                                        "rank 1: white man a1, black mullah b1", "White to move."});
    CHECK(lines.enter("a1xc1") ==
          Lines{"Solved! a1xc1 wins.", "1 of 1 puzzles solved. Type next for the next puzzle."});
    CHECK(lines.enter("a1xc1") ==
          Lines{"This puzzle is solved: type next for the next puzzle, or again to play it again."});
    CHECK(lines.enter("quit") == Lines{concat("Goodbye: 1 of 1 puzzles solved; your puzzle rating is ", lost, ".")});
    CHECK(lines.quit());
}

using front::Action;

TEST_CASE("puzzle play: the screen shows the puzzle beside the board; wrong, right, solved", "[puzzle][play][tui]") {
    front::PuzzleRun run({trap()}, "", nullptr);
    tui::PuzzleScreen screen(run, front::default_keys());
    const tui::Frame f = screen.compose(24, 80, tui::Glyphs::ascii());
    CHECK(f.line(0) == "fetaix puzzle t1: 1 of 1");
    CHECK(f.line(1).ends_with("   Themes: ending"));
    CHECK(f.line(2).ends_with("   Difficulty: 1 of 5 (rated 1300)"));
    CHECK(f.line(3).ends_with("   Your puzzle rating: 1500 (deviation 350)"));
    CHECK(f.line(4).ends_with("   Solved: 0 of 1"));
    CHECK(f.line(6).ends_with("   White to move and win (you)."));
    CHECK(f.line(22) == "n next puzzle  r retry  H hint  : type a move  ? keys  q quit");
    type_move(screen, "a1-a3");
    CHECK(screen.controller().ui().message == "a1-a3: a man steps one point, and a3 is not next to a1");
    screen.handle(Action::of(Action::Kind::PromptClose));
    type_move(screen, "a1-b1");
    CHECK(screen.controller().game().ply() == 0);  // taken back
    const int lost = static_cast<int>(std::lround(puzzle::rated_after({}, 1, false).rating));
    const std::string change = concat(" Your puzzle rating: ", lost, " (", lost - 1500, ").");
    const std::string working = concat("a1-b1 does not win: the endgame tables are working out why...", change);
    CHECK((screen.controller().ui().message == working || !run.explaining()));
    const Position start = parse_fen("W:Wa1,a2:BKb3").value();
    const auto why = run.wait_explanation();
    REQUIRE(why);
    CHECK(*why == expected_reason(start, parse_move("a1-b1", start, Rules{}).value()));
    type_move(screen, "a2-b2");
    CHECK(screen.controller().ui().message == "Right: a2-b2. Black answers b3xb1: your move.");
    CHECK(screen.controller().game().ply() == 2);
    type_move(screen, "a1xc1");
    CHECK(screen.controller().ui().message == "Solved! a1xc1 wins. Press n for the next puzzle.");
    const tui::Frame solved = screen.compose(24, 80, tui::Glyphs::ascii());
    CHECK(solved.line(0) == "fetaix puzzle t1: 1 of 1 (solved)");
    CHECK(solved.line(4).ends_with("   Solved: 1 of 1"));
    screen.handle(Action::of(Action::Kind::Select));
    CHECK(screen.controller().ui().message == "This puzzle is solved: n for the next one, r to play it again.");
    screen.handle(Action::of(Action::Kind::Undo));
    CHECK(screen.controller().ui().message ==
          "Not a key of the puzzles: n next, r retry, H hint, : type a move, ? keys, q quit.");
    // ? lists every key of the puzzles, the board's included.
    screen.handle(Action::of(Action::Kind::Help));
    CHECK(screen.controller().ui().message ==
          "Keys: arrows, and Home PgUp End PgDn on the diagonals; Enter picks, Esc cancels; n next, r retry, H hint, "
          ": type a move, f flip, q quit.");
    screen.handle(Action::of(Action::Kind::Redo));
    CHECK(screen.controller().game().ply() == 0);
    CHECK_FALSE(screen.handle(Action::of(Action::Kind::Quit)));
}
