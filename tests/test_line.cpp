// The screen-reader mode's lines: the event texts and the word commands, exactly.

#include <catch2/catch.hpp>

#include "line/line_game.hpp"

using namespace fetaix;
using namespace fetaix::line;
using Lines = std::vector<std::string>;

namespace {

Move move_in(const Position& pos, const char* text, Rules rules = {}) { return *parse_move(text, pos, rules); }

front::Controller from(const char* fen_text, front::Players players = {}) {
    return front::Controller(Rules{}, std::move(players), *parse_fen(fen_text));
}

const std::string kRule1 = "Rule: backward captures no.", kRule2 = "Rule: majority no.",
                  kRule3 = "Rule: promotion end.", kRule4 = "Rule: no-progress draw after 50 plies.";
const std::string kWelcome1 = "fetaix, screen-reader mode.", kWelcome2 = "Type a move, such as c2-c3.",
                  kWelcome3 = "Type help for the commands.";

}  // namespace

TEST_CASE("line: a move is said with its piece and the pieces it takes", "[line]") {
    const Position start = start_position();
    CHECK(move_said(start, move_in(start, "c2-c3")) == "White c2-c3");
    const Position after = start.after(move_in(start, "d2-c3"));
    CHECK(move_said(after, move_in(after, "b4xd2")) == "Black b4xd2 takes c3");
    const Position two = *parse_fen("W:Wc1:Bc2,d3");
    CHECK(move_said(two, move_in(two, "c1xc3xe3")) == "White c1xc3xe3 takes c2, d3: 2 pieces");
    const Position mullah = *parse_fen("B:Wc3:BKb4");
    CHECK(move_said(mullah, move_in(mullah, "b4xd2")) == "Black mullah b4xd2 takes c3");
    const Position promotes = *parse_fen("W:Wb4:Ba5");
    CHECK(move_said(promotes, move_in(promotes, "b4-b5")) == "White b4-b5, becomes a mullah");
}

TEST_CASE("line: board lists the pieces rank by rank from rank 5, a line a rank", "[line]") {
    // Short lines, for a braille display: found by a newcomer, the board was one line of 190 characters.
    CHECK(board_said(start_position()) ==
          Lines{"rank 5: black men a5, b5, c5, d5, e5", "rank 4: black men a4, b4, c4, d4, e4",
                "rank 3: white men d3, e3, black men a3, b3", "rank 2: white men a2, b2, c2, d2, e2",
                "rank 1: white men a1, b1, c1, d1, e1"});
    CHECK(board_said(*parse_fen("W:WKc1,a1:Bd5,Ke5")) == Lines{"rank 5: black man d5, black mullah e5", "rank 4: empty",
                                                               "rank 3: empty", "rank 2: empty",
                                                               "rank 1: white man a1, white mullah c1"});
}

TEST_CASE("line: moves lists the legal moves in the order of their names", "[line]") {
    CHECK(moves_said(legal_moves(start_position(), Rules{})) == "4 legal moves: b2-c3, c2-c3, d2-c3, d3-c3.");
    CHECK(moves_said(MoveList{}) == "No legal moves: the game is not in play.");
}

TEST_CASE("line: a typed line is a word of the list, a move, or unknown", "[line]") {
    using Is = Command::Is;
    CHECK(read_command("board").name() == "board");
    CHECK(read_command("  BOARD \r").name() == "board");
    CHECK(read_command("y").name() == "yes");
    CHECK(read_command("No").name() == "no");
    CHECK(read_command("c2-c3").is == Is::Move);
    CHECK(read_command("C2").is == Is::Move);
    CHECK(read_command("boards").is == Is::Unknown);
    // Shaped as a move, though off the board: the move's reader says why (found by a user test).
    CHECK(read_command("z9-c3").is == Is::Move);
    CHECK(read_command("f2").is == Is::Move);
    CHECK(read_command("9c-c3").is == Is::Unknown);
    CHECK(read_command("undo now").is == Is::Unknown);
    CHECK(read_command(" \t").is == Is::Empty);
    // save and open take a file name after them; hint and list stand alone.
    CHECK(read_command("save").name() == "save");
    CHECK(read_command("Save My Game.pdn").name() == "save");
    CHECK(read_command("Save My Game.pdn").argument == "My Game.pdn");
    CHECK(read_command("open #1").name() == "open");
    CHECK(read_command("hint").name() == "hint");
    CHECK(read_command("LIST").name() == "list");
    CHECK(read_command("saved").is == Is::Unknown);
    // The registry's name of an action types it too, where the word is shorter.
    CHECK(read_command("new-game").name() == "new-game");
    CHECK(read_command("new").name() == "new-game");
}

TEST_CASE("line: the opening says one item a line, each within a 40-cell braille display", "[line]") {
    Rules rules;
    rules.majority = true;
    front::Controller c(rules, front::Players{});
    LineGame g(c);
    const Lines opening = g.opening();
    CHECK(opening == Lines{kWelcome1, kWelcome2, kWelcome3, "White against Black.", kRule1, "Rule: majority yes.",
                           kRule3, kRule4, "White to move."});
    for (const std::string& line : opening) CHECK(line.size() <= 40);
}

TEST_CASE("line: two people play; a refused move, a compulsory capture, undo, redo and the end", "[line]") {
    front::Controller c = from("W:Wc1:Bc2,d3");
    c.set_autosaved(true);
    LineGame g(c);
    CHECK(g.opening() == Lines{kWelcome1, kWelcome2, kWelcome3, "White against Black.", kRule1, kRule2, kRule3, kRule4,
                               "White to move.", "Capture compulsory: c1 can capture."});
    CHECK(g.enter("c1-d1") == Lines{"c1-d1: a capture is compulsory: c1 can capture"});
    CHECK(g.enter("moves") == Lines{"1 legal move: c1xc3xe3."});
    CHECK(g.enter("last") == Lines{"No move has been played yet."});
    // A unique beginning is enough.
    CHECK(g.enter("c1xc3") ==
          Lines{"White c1xc3xe3 takes c2, d3: 2 pieces", "Game over: White wins by all pieces captured."});
    CHECK(g.enter("last") == Lines{"Last move: White c1xc3xe3 takes c2, d3: 2 pieces."});
    CHECK(g.enter("moves") == Lines{"No legal moves: the game is not in play."});
    CHECK(g.enter("undo") ==
          Lines{"White took back c1xc3xe3.", "White to move.", "Capture compulsory: c1 can capture."});
    CHECK(g.enter("undo") == Lines{"Nothing to undo."});
    CHECK(g.enter("undo") == Lines{"Nothing to undo."});
    CHECK(g.enter("REDO") == Lines{"White played c1xc3xe3 again.", "Game over: White wins by all pieces captured."});
    CHECK(g.enter("c1-c2") == Lines{"c1-c2: the game is over: all pieces captured"});
    CHECK(g.news().empty());
    CHECK_FALSE(g.ended());
    // A finished game: quit leaves without a question.
    CHECK(g.enter("quit").empty());
    CHECK(g.ended());
}

TEST_CASE("line: unknown words, empty lines and answers without a question", "[line]") {
    front::Controller c(Rules{}, front::Players{});
    LineGame g(c);
    (void)g.opening();
    CHECK(g.enter("").empty());
    CHECK(g.enter("hello") == Lines{"Unknown command 'hello': type help for the commands."});
    // A typed control character is shown, never sent raw.
    CHECK(g.enter("\x1b[2J") == Lines{"Unknown command '^[[2J': type help for the commands."});
    CHECK(g.enter(std::string(41, 'x')) ==
          Lines{"Unknown command '" + std::string(40, 'x') + "...': type help for the commands."});
    CHECK(g.enter("yes") == Lines{"There is no question to answer."});
    // A line a command, for a braille display: found by a newcomer, help was one line of 650 characters.
    const Lines help = g.enter("help");
    CHECK(help == Lines{
                      "Commands:",
                      "a move such as c2-c3 or a1xd4xd1 (a capture's unique beginning is enough)",
                      "board: the pieces rank by rank",
                      "moves: the legal moves",
                      "last: the last move",
                      "list: the moves played, numbered",
                      "clock: both clocks",
                      "hint: the engine's move",
                      "undo: take back the last move",
                      "redo: play it again",
                      "draw: offer a draw",
                      "resign",
                      "new: a new game",
                      "save FILE: save the game to a file (an existing one only replaced after asking)",
                      "open FILE: open a record, or #N from the game history",
                      "chat TEXT: send a chat line (a game over the network)",
                      "review: each move's value and the turning points (again: stop)",
                      "help: these lines",
                      "quit",
                      "Questions are answered yes or no.",
                      "Rules:",
                      "Men step forward, diagonally forward or sideways, one point.",
                      "Men capture by short leaps; mullahs fly and capture from afar.",
                      "Capturing is compulsory, and a sequence must be completed.",
                      "Taken pieces leave at once, in the middle of a move too.",
                      "A mullah must land where it can capture again, if it can.",
                      "A man ending its move on the far rank becomes a mullah.",
                      "Win by capturing every piece or leaving no legal move.",
                      "Men capture forward, diagonally forward or sideways, never backward.",
                      "A man reaching the far rank mid-capture captures on as a man.",
                      "Any capture sequence may be chosen, not only the longest.",
                      "Draw: a position standing a third time with the same side to move.",
                      "Draw: 50 plies without a capture or a man's move.",
                  });
    for (const std::string& line : help) CHECK(line.size() <= 80);
    CHECK(g.enter("clock") == Lines{"No clocks in this game."});
    CHECK(g.enter("c2-c4") == Lines{"c2-c4: a man steps one point, and c4 is not next to c2"});
    CHECK(g.enter("c2") == Lines{"c2: a move needs a start and a landing point, such as c2-c3"});
    CHECK(g.enter("c2-c3") == Lines{"White c2-c3", "Black to move.", "Capture compulsory: c4 can capture."});
}

TEST_CASE("line: resigning and a draw are asked, answered yes or no, and taken back with undo", "[line]") {
    front::Controller c(Rules{}, front::Players{"Ali", "Zineb", 0, 0});
    LineGame g(c);
    CHECK(g.opening() == Lines{kWelcome1, kWelcome2, kWelcome3, "White (Ali) against Black (Zineb).", kRule1, kRule2,
                               kRule3, kRule4, "White (Ali) to move."});
    CHECK(g.enter("resign") == Lines{"Resign for White (Ali)? (yes or no)"});
    CHECK(g.enter("undo") == Lines{"Answer yes or no first: Resign for White (Ali)? (yes or no)"});
    CHECK(g.enter("last") == Lines{"No move has been played yet."});
    CHECK(g.enter("no") == Lines{"White (Ali) to move."});
    CHECK(g.enter("resign") == Lines{"Resign for White (Ali)? (yes or no)"});
    CHECK(g.enter("yes") == Lines{"Game over: Black (Zineb) wins by resignation."});
    CHECK(g.enter("undo") == Lines{"White took back the resignation.", "White (Ali) to move."});
    CHECK(g.enter("draw") == Lines{"White (Ali) offers a draw. Black (Zineb), accept? (yes or no)"});
    CHECK(g.enter("n") == Lines{"Black (Zineb) declines the draw.", "White (Ali) to move."});
    CHECK(g.enter("draw") == Lines{"White (Ali) offers a draw. Black (Zineb), accept? (yes or no)"});
    CHECK(g.enter("y") == Lines{"Game over: draw agreed."});
    // A finished game: new starts another at once, the finished one being in the history already.
    CHECK(g.enter("new") == Lines{"New game.", "No moves played yet.", "White (Ali) to move."});
    (void)g.enter("c2-c3");
    CHECK(g.enter("new") == Lines{"Abandon this game and start a new one? (yes or no)"});
    CHECK(g.enter("yes") == Lines{"New game.", "No moves played yet.", "White (Ali) to move."});
}

TEST_CASE("line: the computer's move is said as a person's; undo takes back both", "[line]") {
    front::Controller c(Rules{}, front::Players{"White", "Black", 0, 2});
    LineGame g(c);
    (void)g.opening();
    CHECK(g.enter("d2-c3") ==
          Lines{"White d2-c3", "Black (computer, level 2) to move.", "Capture compulsory: b4, d4 can capture."});
    CHECK(c.computer_to_move());
    CHECK(g.computer_moves(move_in(c.game().position(), "b4xd2")) ==
          Lines{"Black b4xd2 takes c3", "White to move.", "Capture compulsory: b2, e1 can capture."});
    // Said as the screen's message line says it.
    CHECK(g.enter("undo") == Lines{"White took back d2-c3, and Black's reply b4xd2 with it.", "White to move."});
    CHECK(g.enter("redo") == Lines{"White played d2-c3 again, and Black's reply b4xd2 with it.", "White to move.",
                                   "Capture compulsory: b2, e1 can capture."});
    // The computer answers a draw at once.
    CHECK(g.enter("draw") == Lines{"Black (computer, level 2) declines the draw."});
}

TEST_CASE("line: the notice is said when it changes; quit asks while a game is on", "[line]") {
    front::Controller c(Rules{}, front::Players{});
    c.set_autosaved(true);
    LineGame g(c);
    (void)g.opening();
    c.set_notice("autosave failing: cannot write: No space left on device: /s/autosave.pdn");
    CHECK(g.news() == Lines{"Notice: autosave failing: cannot write: No space left on device: /s/autosave.pdn"});
    CHECK(g.news().empty());
    c.set_notice("");
    CHECK(g.news() == Lines{"Notice cleared."});
    (void)g.enter("c2-c3");
    CHECK(g.enter("quit") == Lines{"Quit? The game is saved: run fetaix to resume it. (yes or no)"});
    CHECK(g.enter("no") == Lines{"Black to move.", "Capture compulsory: c4 can capture."});
    CHECK_FALSE(g.ended());
    (void)g.enter("quit");
    CHECK(g.enter("yes").empty());
    CHECK(g.ended());
}

TEST_CASE("line: a saved game offered at the start is described, then resumed or set aside", "[line]") {
    GameRecord saved = *parse_pdn("1. d2-c3 b4xd2 *\n").value().begin();
    for (bool resume : {true, false}) {
        front::Controller c(Rules{}, front::Players{});
        c.offer_resume(saved);
        LineGame g(c);
        CHECK(g.opening() == Lines{kWelcome1, kWelcome2, kWelcome3, "White against Black.", kRule1, kRule2, kRule3,
                                   kRule4, "1 move played; the last: Black b4xd2 takes c3.",
                                   "Resume the unfinished game (1 move)? (yes or no)"});
        if (resume)
            CHECK(g.enter("yes") ==
                  Lines{"Game resumed.", "White to move.", "Capture compulsory: b2, e1 can capture."});
        else CHECK(g.enter("no") == Lines{"No moves played yet.", "White to move."});
    }
}

TEST_CASE("line: a saved game under other rules, set aside, is followed by the rules of the game now in play",
          "[line]") {
    // Found by a user test: the opening says the saved game's rules; after no, nothing said the new game's.
    GameRecord saved = *parse_pdn("[BackwardCaptures \"yes\"]\n\n1. d2-c3 b4xd2 *\n").value().begin();
    for (bool resume : {true, false}) {
        front::Controller c(Rules{}, front::Players{});
        c.offer_resume(saved);
        LineGame g(c);
        CHECK(g.opening() == Lines{kWelcome1, kWelcome2, kWelcome3, "White against Black.",
                                   "Rule: backward captures yes.", kRule2, kRule3, kRule4,
                                   "1 move played; the last: Black b4xd2 takes c3.",
                                   "Resume the unfinished game (1 move)? (yes or no)"});
        if (resume)
            CHECK(g.enter("yes") ==
                  Lines{"Game resumed.", "White to move.", "Capture compulsory: b2, e1 can capture."});
        else CHECK(g.enter("no") == Lines{"No moves played yet.", kRule1, "White to move."});
    }
}

TEST_CASE("line: a move off the board is refused as the screen's prompt refuses it", "[line]") {
    front::Controller c(Rules{}, front::Players{});
    LineGame g(c);
    (void)g.opening();
    CHECK(g.enter("z9-c3") == Lines{"z9-c3: 'z9' is not a point (a1 to e5)"});
    CHECK(g.enter("f2-f3") == Lines{"f2-f3: 'f2' is not a point (a1 to e5)"});
    CHECK(g.enter("c2-z9") == Lines{"c2-z9: 'z9' is not a point (a1 to e5)"});
}

TEST_CASE("line: the saved game open in another fetaix is only looked at", "[line]") {
    GameRecord saved = *parse_pdn("1. d2-c3 b4xd2 *\n").value().begin();
    front::Controller c(Rules{}, front::Players{});
    c.offer_read_only(saved);
    LineGame g(c);
    const Lines opening = g.opening();
    CHECK(opening.back() == "Saved game open in another fetaix: yes = view read-only, no = separate game");
    CHECK(g.enter("yes") == Lines{"White to move.", "Capture compulsory: b2, e1 can capture."});
    const Lines refused{
        "Nothing can be played: read-only: open in another fetaix. board, moves, last, list, clock, save, chat, review, help and quit work."};
    CHECK(g.enter("e1xc3") == refused);
    CHECK(g.enter("undo") == refused);
    CHECK(g.enter("resign") == refused);
    CHECK(g.enter("last") == Lines{"Last move: Black b4xd2 takes c3."});
    CHECK(c.game().ply() == 2);
    CHECK(g.enter("quit").empty());
    CHECK(g.ended());
}

TEST_CASE("line: a move typed on a replayed game is refused by the controller itself", "[line]") {
    front::Controller c(Rules{}, front::Players{});
    c.load(*parse_pdn("1. d2-c3 b4xd2 *\n").value().begin());
    c.start_replay("");
    CHECK_FALSE(c.play_typed("e1xc3"));
    CHECK(c.ui().message == "Nothing can be played on a game only looked at.");
    CHECK(c.game().ply() == 2);
}

TEST_CASE("line: a draw the rules bring near is said after whose turn it is", "[line]") {
    Rules rules;
    rules.no_progress = 12;
    // Mullahs only: every move brings the no-progress draw nearer; a1-b1 and back repeat the position.
    front::Controller c(rules, front::Players{}, *parse_fen("W:WKa1:BKe5"));
    LineGame g(c);
    CHECK(g.opening() == Lines{kWelcome1, kWelcome2, kWelcome3, "White against Black.", kRule1, kRule2, kRule3,
                               "Rule: no-progress draw after 12 plies.", "White to move."});
    // Said from 10 plies before the draw on, as the screen does.
    CHECK(g.enter("a1-b1") == Lines{"White mullah a1-b1", "Black to move."});
    CHECK(g.enter("e5-d5") == Lines{"Black mullah e5-d5", "White to move.", "No-progress draw in 10 plies."});
    (void)g.enter("b1-a1");
    CHECK(g.enter("d5-e5") == Lines{"Black mullah d5-e5", "White to move.", "No-progress draw in 8 plies.",
                                    "Position seen twice: once more is a draw."});
}

TEST_CASE("line: clock says both clocks, and a clock that falls ends the game in a line", "[line][clock]") {
    front::Controller c(Rules{}, front::Players{});
    Millis now = 0;
    c.set_time_source([&now] { return now; });
    c.set_clocks(TimeControl{10'000, Bonus::None, 0}, TimeControl{10'000, Bonus::None, 0});
    LineGame g(c);
    (void)g.opening();
    CHECK(g.enter("clock") == Lines{"Clocks: White 0:10, Black 0:10; neither runs."});
    CHECK(g.enter("c2-c3") == Lines{"White c2-c3", "Black to move.", "Capture compulsory: c4 can capture."});
    now = 2'500;
    CHECK(g.enter("clock") == Lines{"Clocks: White 0:10, Black 0:07.5; Black's runs."});
    now = 10'000;
    REQUIRE(c.tick());
    CHECK(g.news() == Lines{"Time is up for Black.", "Game over: White wins on time."});
}

TEST_CASE("line: a timed game says its clocks at the opening; a new game after a timed record keeps them",
          "[line][clock]") {
    front::Controller c(Rules{}, front::Players{});
    c.set_autosaved(true);
    c.load(parse_pdn("[TimeControl \"300+3\"]\n1. c2-c3 {[%clock w0:05:00 B0:04:51]} *\n")->front());
    LineGame g(c);
    const Lines opening = g.opening();
    CHECK(std::find(opening.begin(), opening.end(), "Timed: 5:00, +3 s a move.") != opening.end());
    CHECK(g.enter("new") == Lines{"Abandon this game and start a new one? (yes or no)"});
    (void)g.enter("yes");
    CHECK(g.enter("clock") == Lines{"Clocks: White 5:00, Black 5:00; neither runs."});
    // Each side's own control, when they differ; nothing when untimed.
    c.set_clocks(TimeControl{60'000, Bonus::Delay, 2'000}, TimeControl{120'000, Bonus::Bronstein, 5'000});
    CHECK(timed_said(c) == "Timed: White 1:00, 2 s delay; Black 2:00, 5 s back.");
    c.set_clocks(std::nullopt, std::nullopt);
    CHECK(timed_said(c).empty());
}

TEST_CASE("line: a man that becomes a mullah is said once, whoever moves it", "[line]") {
    // The screen announces a promotion on its message line; here the move's line says it already.
    front::Controller c(Rules{}, front::Players{"White", "Black", 0, 2}, *parse_fen("W:Wb4:Bd2"));
    LineGame g(c);
    (void)g.opening();
    CHECK(g.enter("b4-b5") == Lines{"White b4-b5, becomes a mullah", "Black (computer, level 2) to move."});
    CHECK(g.computer_moves(move_in(c.game().position(), "d2-d1")) ==
          Lines{"Black d2-d1, becomes a mullah", "White to move."});
}

TEST_CASE("line: chat lines that come are told once, the oldest dropping off; chat TEXT sends one", "[line]") {
    front::Controller c(Rules{}, front::Players{});
    LineGame g(c);
    (void)g.opening();
    c.add_chat("Amina: hello");
    CHECK(g.news() == Lines{"Chat: Amina: hello"});
    CHECK(g.news().empty());
    // Once kChatLines are kept, each new one pushes the oldest out: still only the new one is told.
    for (std::size_t i = 0; i < front::kChatLines; ++i) c.add_chat(concat("Amina: line ", i));
    CHECK(g.news().size() == front::kChatLines);
    c.add_chat("Amina: one more");
    CHECK(g.news() == Lines{"Chat: Amina: one more"});
    // The same words twice are two lines.
    c.add_chat("Amina: one more");
    CHECK(g.news() == Lines{"Chat: Amina: one more"});
    CHECK(g.enter("chat") == Lines{"Chat what? Type chat and the line to send."});
    // Without a game over the network there is nobody to send it to.
    CHECK(g.enter("say good luck") == Lines{"Not sent: no game over the network"});
}
