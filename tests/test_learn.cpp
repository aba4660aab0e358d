// fetaix learn: every lesson's position is legal for its rules, its solution is done, a typical wrong
// move is refused with the game's own reason and a legal move that misses the task is said to; the
// progress file; the screen-reader lines.

#include <fstream>

#include <catch2/catch.hpp>

#include "learn/lessons.hpp"
#include "line/learn_lines.hpp"
#include "temp_folder.hpp"
#include "tui/learn_screen.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::learn;
using Lines = std::vector<std::string>;

namespace {

struct Expect {
    std::string_view id;
    std::string_view wrong;   // an illegal move
    std::string_view reason;  // the game's reason for it, exactly
    std::string_view missed;  // a legal move that misses the task ("" when every legal move does it)
};

// Lesson by lesson, in the table's order.
const Expect kExpect[] = {
    {"steps", "c2-c1", "c2-c1: men never move backward", "c2-b2"},
    {"diagonals", "b2-b4", "b2-b4: a man steps one point, and b4 is not next to b2", "b2-b3"},
    {"capture", "c2-c3", "c2-c3: the point c3 is taken: to capture it, land on c4", ""},
    {"compulsory", "a2-a3", "a2-a3: a capture is compulsory: d2 can capture", ""},
    {"on-and-on", "c1-b1", "c1-b1: a capture is compulsory: c1 can capture", ""},
    {"promotion", "b4-b3", "b4-b3: men never move backward", "b4-a4"},
    {"flight", "a1-b3", "a1-b3: there is no line from a1 to b3", "a1-c3"},
    {"long-capture", "a1-b2", "a1-b2: a capture is compulsory: a1 can capture", ""},
    {"landing", "a1xe5", "a1xe5: a mullah must land where it can capture again: on d4", ""},
    {"removal", "d5xd3", "d5xd3: a mullah must land where it can capture again: on d1 or d2", "d5xd2xa2"},
    {"promotion-end", "a3xa5xe1", "a3xa5xe1: men never capture backward (backward-captures is off)", ""},
    {"win", "b2-b3", "b2-b3: the point b3 is taken: to capture it, land on b4", ""},
    {"no-move", "a3-a2", "a3-a2: men never move backward", "b1-c1"},
    {"repetition", "a2-b1", "a2-b1: there is no line from a2 to b1: no diagonal leaves a2", "a2-a3"},
    {"no-progress", "c2-c1", "c2-c1: men never move backward", "c2-c3"},
    {"backward-captures", "c3-c4", "c3-c4: a capture is compulsory: c3 can capture", ""},
    {"promotion-immediate", "a3-b4", "a3-b4: a capture is compulsory: a3 can capture", ""},
    {"promotion-stop", "a3xa5xc5",
     "a3xa5xc5: the move ends on a5: with promotion stop a man reaching the far rank stops there", ""},
    {"majority", "a1xa3", "a1xa3: with majority the capture must take 2 pieces: e1 can", ""},
};

}  // namespace

TEST_CASE("learn: every lesson has its checks here, in the table's order", "[learn]") {
    REQUIRE(lessons().size() == std::size(kExpect));
    for (std::size_t i = 0; i < lessons().size(); ++i) CHECK(lessons()[i].id == kExpect[i].id);
}

TEST_CASE("learn: each lesson's position is legal, its solution done, a wrong move refused as the game does",
          "[learn]") {
    for (std::size_t i = 0; i < lessons().size(); ++i) {
        const Lesson& l = lessons()[i];
        const Expect& e = kExpect[i];
        INFO(l.id);
        REQUIRE(parse_fen(l.fen));
        // Every move before the learner's turn is legal, and the game is still on.
        const Game g = lesson_game(l);
        std::size_t before = 0;
        for (char ch : l.before) before += ch == ' ';
        CHECK(g.ply() == (l.before.empty() ? 0 : before + 1));
        CHECK_FALSE(g.over());
        const Answer done = judge_typed(l, l.solution);
        CHECK(done.kind == Answer::Kind::Done);
        CHECK(done.text == l.done);
        const Answer wrong = judge_typed(l, e.wrong);
        CHECK(wrong.kind == Answer::Kind::Refused);
        CHECK(wrong.text == e.reason);
        if (!e.missed.empty()) {
            const Answer missed = judge_typed(l, e.missed);
            CHECK(missed.kind == Answer::Kind::Missed);
            // A move that does not win is answered with the replies left, from the position: after
            // b1-c1 Black's man on a2 still steps sideways to b2 (a1 below it is taken, a2 has no diagonal).
            CHECK(missed.text == (l.goal == Goal::Wins
                                      ? std::string("b1-c1: Black can still move (a2-b2): that does not win yet.")
                                      : concat(e.missed, ": ", l.miss)));
        } else {
            // Every legal move does it (the task cannot be missed once the move is legal).
            for (const Move& m : legal_moves(g.position(), g.rules())) CHECK(judge(l, m).kind == Answer::Kind::Done);
        }
    }
}

TEST_CASE("learn: each rule switch changes the legal moves of its lesson", "[learn]") {
    for (std::string_view id : {"backward-captures", "promotion-immediate", "promotion-stop", "majority"}) {
        INFO(id);
        const Lesson* l = nullptr;
        for (const Lesson& x : lessons())
            if (x.id == id) l = &x;
        REQUIRE(l);
        const Position pos = *parse_fen(l->fen);
        const auto names = [&](const Rules& r) {
            std::vector<std::string> out;
            for (const Move& m : legal_moves(pos, r)) out.push_back(to_string(m));
            std::sort(out.begin(), out.end());
            return out;
        };
        CHECK(names(l->rules) != names(Rules{}));
    }
}

TEST_CASE("learn: the progress file is read back as written, and a bad one is refused with why", "[learn]") {
    Progress p;
    p.current = 3;
    p.done[0] = p.done[2] = true;
    const std::string text = format_progress(p);
    CHECK(text == "fetaix learn 1\nat compulsory\ndone steps\ndone capture\n");
    const auto back = parse_progress(text);
    REQUIRE(back);
    CHECK(back->current == 3);
    CHECK(back->done == p.done);
    CHECK(parse_progress("").error().message == "it is empty");
    CHECK(parse_progress("hello\n").error().message == "it does not start with 'fetaix learn 1'");
    CHECK(parse_progress("fetaix learn 1\ndone nothing\n").error().message == "line 2 names no lesson");
    CHECK(parse_progress("fetaix learn 1\nxyz\n").error().message == "line 2 is neither 'at LESSON' nor 'done LESSON'");
}

TEST_CASE("learn: the course keeps where the learner is; a corrupt file is said and started over", "[learn]") {
    test::TempFolder folder;
    {
        Course c(folder.path);
        CHECK(c.take_problem().empty());
        CHECK(c.index() == 0);
        CHECK(c.answer_typed("c2-c3").kind == Answer::Kind::Done);
        c.next();
        CHECK(c.index() == 1);
    }
    {
        Course c(folder.path);
        CHECK(c.index() == 1);
        CHECK(c.progress().done[0]);
        CHECK(c.hint() == "Hint: b2 has diagonal lines: follow one up the board.");
        CHECK(c.hint() == "The answer: b2-c3.");
    }
    std::ofstream(progress_path(folder.path)) << "garbage\n";
    Course c(folder.path);
    CHECK(c.take_problem() ==
          concat("The lessons' progress could not be read (", progress_path(folder.path),
                 ": it does not start with 'fetaix learn 1'): starting over; the file is replaced as you go on."));
    CHECK(c.index() == 0);
    CHECK(c.progress().done_count() == 0);
}

TEST_CASE("learn: the screen-reader lines of a lesson, a move refused, missed and done", "[learn][line]") {
    Course course("");
    line::LearnLines lines(course);
    CHECK(lines.opening() == Lines{"fetaix learn: 19 lessons, 0 done. Type help for the commands, quit to leave.",
                                   "Moves are typed by their points: c2-c3 steps, c2xc4 captures.",
                                   "Lesson 1 of 19: A man steps forward.",
                                   "Fetaix is played on the 25 points of a 5x5 board, named like a chessboard:",
                                   "files a to e from White's left, ranks 1 to 5 from White's side. Pieces move",
                                   "only along the lines that join the points. Each side starts with 12 men:",
                                   "White's on ranks 1 and 2 and on d3 and e3, Black's on ranks 4 and 5 and on",
                                   "a3 and b3; the centre, c3, is the one empty point. White moves first. A man",
                                   "steps to a next empty point forward (toward the far rank: rank 5 for White,",
                                   "rank 1 for Black) or sideways, never backward: a man can never go back, so",
                                   "every step forward is for good.", "The position:", "rank 5: black man e5",
                                   "rank 4: empty", "rank 3: empty", "rank 2: white man c2", "rank 1: empty",
                                   "White to move (you).", "Task: You are White. Step the man on c2 forward, to c3."});
    CHECK(lines.enter("c2-c1") == Lines{"c2-c1: men never move backward."});
    CHECK(lines.enter("c2-d2") == Lines{"c2-d2: That step is legal (sideways), but the task is forward: to c3.",
                                        "The position is as it was: try again (hint helps)."});
    CHECK(lines.enter("moves") == Lines{"3 legal moves: c2-b2, c2-c3, c2-d2."});
    CHECK(lines.enter("hello") == Lines{"'hello' is neither a command nor a move: type help."});
    // Points typed with nothing between them: how a move is written.
    CHECK(lines.enter("c2c3") == Lines{"'c2c3' is neither a command nor a move: type help. A move has - or x between "
                                       "its points: c2-c3 for a step, c2xc3 for a capture."});
    CHECK(lines.enter("lesson 99") == Lines{"There is no lesson '99': type lesson and a number from 1 to 19."});
    CHECK(lines.enter("lesson x") == Lines{"There is no lesson 'x': type lesson and a number from 1 to 19."});
    CHECK(lines.enter("C2-C3") == Lines{"Done! Well done: the man stepped forward. It can never come back to c2.",
                                        "1 of 19 lessons done. Type next for the next lesson."});
    CHECK(lines.enter("c2-c3") ==
          Lines{"This lesson is done: type next for the next lesson, or again to play it again."});
    const Lines next = lines.enter("next");
    REQUIRE_FALSE(next.empty());
    CHECK(next.front() == "Lesson 2 of 19: Diagonal lines.");
    const Lines list = lines.enter("list");
    REQUIRE(list.size() == 20);
    CHECK(list[0] == "1. A man steps forward: done");
    CHECK(list[1] == "2. Diagonal lines (open)");
    CHECK(list[19] == "1 of 19 done. Type lesson N to open one.");
    CHECK(lines.enter("quit") == Lines{"Goodbye: 1 of 19 lessons done; fetaix learn goes on from here."});
    CHECK(lines.quit());
}

using front::Action;

TEST_CASE("learn: the lessons' screen draws the game's board with the lesson beside it", "[learn][tui]") {
    Course course("");
    tui::LessonScreen screen(course, front::default_keys());
    const tui::Frame f = screen.compose(24, 80, tui::Glyphs::ascii());
    CHECK(f.line(0) == "fetaix learn: lesson 1 of 19: A man steps forward");
    CHECK(f.line(1) == "                                Fetaix is played on the 25 points of a 5x5");
    CHECK(f.line(15).ends_with("   Task: You are White. Step the man on c2"));
    CHECK(f.line(16).ends_with("   forward, to c3."));
    CHECK(f.line(21) == "White to move | White 1, Black 1");
    CHECK(f.line(22) == "n next lesson  r again  H hint  ? lessons  : type a move  q quit");
    // Too small: said as the game says it, and no key acts on a board not seen.
    screen.set_too_small(true);
    const tui::Frame small = screen.compose(20, 60, tui::Glyphs::ascii());
    bool said = false;
    for (int r = 0; r < small.rows(); ++r) said = said || small.line(r).find("Terminal too small") != std::string::npos;
    CHECK(said);
    CHECK(screen.handle(Action::of(Action::Kind::NewGame)));
    CHECK(course.index() == 0);
    screen.set_too_small(false);
}

TEST_CASE("learn: on the screen a move is refused, missed and done; n, H, ? and q", "[learn][tui]") {
    Course course("");
    tui::LessonScreen screen(course, front::default_keys());
    type_move(screen, "c2-c1");
    CHECK(screen.controller().ui().message == "c2-c1: men never move backward");
    screen.handle(Action::of(Action::Kind::PromptClose));
    type_move(screen, "c2-b2");
    CHECK(screen.controller().ui().message == "c2-b2: That step is legal (sideways), but the task is forward: to c3.");
    CHECK(screen.controller().game().ply() == 0);  // the position set again
    type_move(screen, "c2-c3");
    CHECK(screen.controller().ui().message ==
          "Done! Well done: the man stepped forward. It can never come back to c2. Press n for the next lesson.");
    CHECK(course.solved());
    // A lesson done takes no more moves; a key of the game that is no lesson's is said.
    screen.handle(Action::of(Action::Kind::Select));
    CHECK(screen.controller().ui().message == "This lesson is done: n for the next one, r to play it again.");
    screen.handle(Action::of(Action::Kind::Undo));
    CHECK(screen.controller().ui().message ==
          "Not a key of the lessons: n next, r again, H hint, ? lessons, : type a move, q quit.");
    screen.handle(Action::of(Action::Kind::NewGame));
    CHECK(course.index() == 1);
    screen.handle(Action::of(Action::Kind::Hint));
    CHECK(screen.controller().ui().message == "Hint: b2 has diagonal lines: follow one up the board.");
    // The list: Down twice from lesson 2 and Enter opens lesson 4.
    screen.handle(Action::of(Action::Kind::Help));
    CHECK(screen.listing());
    const tui::Frame list = screen.compose(24, 80, tui::Glyphs::ascii());
    CHECK(list.line(0) == "fetaix learn: the lessons (1 of 19 done)");
    CHECK(list.line(2) == "   1. [done] A man steps forward");
    CHECK(list.line(3) == ">  2. [    ] Diagonal lines");
    Action down = Action::of(Action::Kind::MoveCursor);
    down.direction = front::ScreenDirection::Down;
    screen.handle(down);
    screen.handle(down);
    screen.handle(Action::of(Action::Kind::Select));
    CHECK_FALSE(screen.listing());
    CHECK(course.index() == 3);
    CHECK_FALSE(screen.handle(Action::of(Action::Kind::Quit)));
}
