// The terminal game's behaviour without a terminal: selection, capture paths, the prompt, undo and
// redo, questions.

#include <algorithm>
#include <map>

#include <catch2/catch.hpp>

#include "front/controller.hpp"
#include "tui/frame.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using K = Action::Kind;

namespace {

Point at(const char* name) { return *parse_point(name); }

Bitboard points_of(std::initializer_list<const char*> names) {
    Bitboard b = 0;
    for (const char* n : names) b |= bit(at(n));
    return b;
}

Controller from(const char* fen_text, Rules rules = {}) { return Controller(rules, Players{}, *parse_fen(fen_text)); }

bool act(Controller& c, K kind) { return c.handle(Action::of(kind)); }

void click(Controller& c, const char* point) {
    Action a = Action::of(K::Click);
    a.point = at(point);
    c.handle(a);
}

void cursor(Controller& c, ScreenDirection d) {
    Action a = Action::of(K::MoveCursor);
    a.direction = d;
    c.handle(a);
}

void type(Controller& c, std::string_view text) {
    for (char ch : text) {
        Action a = Action::of(K::PromptChar);
        a.ch = ch;
        c.handle(a);
    }
}

std::string last_move(const Controller& c) { return to_string(c.game().moves().back()); }

}  // namespace

TEST_CASE("tui: a move typed in capitals is the same move; refused, it is shown as typed", "[tui][prompt]") {
    Controller c(Rules{}, Players{});
    CHECK(c.play_typed("C2-C3"));
    CHECK(to_string(c.game().moves().front()) == "c2-c3");
    CHECK_FALSE(c.play_typed("A4-A3"));
    CHECK(c.ui().message == "A4-A3: the point a3 is taken");
    CHECK(c.game().ply() == 1);
}

TEST_CASE("tui: only pieces that may move can be selected; their destinations are marked", "[tui][selection]") {
    Controller c(Rules{}, Players{});
    CHECK(c.ui().cursor == at("c2"));
    act(c, K::Select);
    CHECK(c.ui().selection.from == at("c2"));
    CHECK(c.destinations() == points_of({"c3"}));
    // Another movable piece takes over the selection; the same piece again drops it.
    click(c, "d2");
    CHECK(c.ui().selection.from == at("d2"));
    click(c, "d2");
    CHECK_FALSE(c.ui().selection.active());
    click(c, "a1");
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().message == "The man on a1 has no legal move: every point it could go to is taken.");
    click(c, "a5");
    CHECK(c.ui().message == "a5 is Black's, and it is White's turn.");
    click(c, "c3");
    CHECK(c.ui().message == "There is no piece of yours on c3.");
}

TEST_CASE("tui: when a capture is compulsory, the pieces that must capture are marked", "[tui][selection]") {
    Controller c = from("W:Wb3,e1:Bc3");
    CHECK(c.must_capture() == points_of({"b3"}));
    click(c, "e1");
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().message == "A capture is compulsory: b3 can capture.");
    Controller quiet(Rules{}, Players{});
    CHECK(quiet.must_capture() == 0);
}

TEST_CASE("tui: a point refused on the board says why, chosen with the cursor or the mouse",
          "[tui][selection][refusal]") {
    Controller c(Rules{}, Players{});
    // The cursor on c2 (its start), Enter chooses the man; c4 two points up is refused for the distance.
    act(c, K::Select);
    REQUIRE(c.ui().selection.from == at("c2"));
    cursor(c, ScreenDirection::Up);
    cursor(c, ScreenDirection::Up);
    REQUIRE(c.ui().cursor == at("c4"));
    act(c, K::Select);
    CHECK(c.ui().message == "A man steps one point, and c4 is not next to c2.");
    CHECK(c.ui().selection.from == at("c2"));
    // The same with the mouse: b1 is White's own man, hemmed in; b3 a Black man off every line from c2.
    click(c, "b1");
    CHECK(c.ui().message == "The man on b1 has no legal move: every point it could go to is taken.");
    click(c, "b3");
    CHECK(c.ui().message == "There is no line from c2 to b3: no diagonal leaves c2.");
    CHECK(c.game().ply() == 0);
    // With nothing chosen: the other side's piece, then an empty point.
    act(c, K::Cancel);
    click(c, "b3");
    CHECK(c.ui().message == "b3 is Black's, and it is White's turn.");
    click(c, "c3");
    CHECK(c.ui().message == "There is no piece of yours on c3.");
    // d3 chosen (it may step to c3), d4 straight ahead holds a Black man.
    click(c, "d3");
    REQUIRE(c.ui().selection.from == at("d3"));
    click(c, "d4");
    CHECK(c.ui().message == "The point d4 is taken.");
    // A man chosen, the point behind it.
    Controller back = from("W:Wc3:Ba5");
    click(back, "c3");
    click(back, "c2");
    CHECK(back.ui().message == "Men never move backward.");
}

TEST_CASE("tui: on the board, a step while a capture is compulsory names the pieces that can capture",
          "[tui][selection][refusal]") {
    // b3 must take c3; chosen, a step to b4 is refused for the capture, not for the missing jump.
    Controller c = from("W:Wb3,e1:Bc3");
    click(c, "b3");
    click(c, "b4");
    CHECK(c.ui().message == "A capture is compulsory: b3 can capture.");
}

TEST_CASE("tui: on the board, a mullah's landing off the landing rule says where it may land",
          "[tui][selection][refusal]") {
    // a1 jumps c3 up the long diagonal: d4 lets it take d2 next, e5 does not.
    Controller c = from("W:WKa1:Bc3,d2,a3");
    click(c, "a1");
    click(c, "e5");
    CHECK(c.ui().message == "A mullah must land where it can capture again: on d4.");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: while the computer is to move, a typed move is not the player's turn", "[tui][prompt][refusal]") {
    Players players;
    players.white_level = 3;
    Controller c(Rules{}, players);
    REQUIRE(c.computer_to_move());
    act(c, K::OpenPrompt);
    type(c, "c2-c3");
    act(c, K::PromptSubmit);
    CHECK(c.ui().message == "It is not your turn: the computer is to move.");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: selecting a destination plays the step", "[tui][selection]") {
    Controller c(Rules{}, Players{});
    act(c, K::Select);
    cursor(c, ScreenDirection::Up);
    act(c, K::Select);
    REQUIRE(c.game().ply() == 1);
    CHECK(last_move(c) == "c2-c3");
    CHECK_FALSE(c.ui().selection.active());
}

TEST_CASE("tui: a capture sequence is chosen landing point by landing point", "[tui][selection][capture]") {
    Controller c = from("W:Wc1:Bc2,d3,b3,a5");
    click(c, "c1");
    CHECK(c.destinations() == points_of({"c3"}));
    click(c, "c3");
    // Two ways on from c3: nothing is played yet, and both are marked.
    CHECK(c.game().ply() == 0);
    CHECK(c.ui().selection.path == std::vector<Point>{at("c3")});
    CHECK(c.destinations() == points_of({"e3", "a3"}));
    // A point that does not continue the sequence is refused with a reason.
    click(c, "c4");
    CHECK(c.ui().message == "The capture must go on from c3, to a3 or e3.");
    click(c, "a3");
    REQUIRE(c.game().ply() == 1);
    CHECK(last_move(c) == "c1xc3xa3");
}

TEST_CASE("tui: forced continuations are taken automatically", "[tui][selection][capture]") {
    // After c2 the sequence must go on to c4, then branches to e4 or a4.
    Controller c = from("W:Wa2:Bb2,c3,d4,b4,e5");
    click(c, "a2");
    click(c, "c2");
    CHECK(c.ui().selection.path == std::vector<Point>{at("c2"), at("c4")});
    CHECK(c.destinations() == points_of({"e4", "a4"}));
    click(c, "e4");
    CHECK(last_move(c) == "a2xc2xc4xe4");
    // When one sequence is left, it is played whole.
    Controller single = from("W:Wa2:Bb2,d2,e5");
    click(single, "a2");
    click(single, "c2");
    CHECK(last_move(single) == "a2xc2xe2");
}

TEST_CASE("tui: a mullah's landing points follow the landing rule", "[tui][selection][capture]") {
    Controller c = from("W:WKa1:Bc3,d2,a3");
    click(c, "a1");
    CHECK(c.destinations() == points_of({"a4", "a5", "d4"}));
    click(c, "d4");
    CHECK(last_move(c) == "a1xd4xd1");
}

TEST_CASE("tui: Esc or Backspace cancels the selection, partial path included", "[tui][selection]") {
    Controller c = from("W:Wc1:Bc2,d3,b3,a5");
    click(c, "c1");
    click(c, "c3");
    act(c, K::Cancel);
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().selection.path.empty());
    CHECK(c.ui().message == "Selection cancelled.");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: Enter on the piece already chosen cancels the selection, and says so", "[tui][selection]") {
    Controller c(Rules{}, Players{});
    click(c, "c2");
    REQUIRE(c.ui().selection.active());
    click(c, "c2");
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().message == "Selection cancelled.");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: the cursor follows the board's lines and turns with the board", "[tui][cursor]") {
    Controller c(Rules{}, Players{});
    cursor(c, ScreenDirection::UpRight);  // c2 has no diagonal
    CHECK(c.ui().cursor == at("c2"));
    CHECK(c.ui().message == "No diagonal line from c2.");
    cursor(c, ScreenDirection::Left);
    cursor(c, ScreenDirection::UpRight);  // b2 -> c3
    CHECK(c.ui().cursor == at("c3"));
    cursor(c, ScreenDirection::Down);
    cursor(c, ScreenDirection::Down);
    cursor(c, ScreenDirection::Down);  // stops at the edge
    CHECK(c.ui().cursor == at("c1"));
    act(c, K::Flip);
    CHECK(c.ui().flipped);
    cursor(c, ScreenDirection::Up);  // up the screen is toward rank 1 now: off the board
    CHECK(c.ui().cursor == at("c1"));
    cursor(c, ScreenDirection::Down);
    CHECK(c.ui().cursor == at("c2"));
    cursor(c, ScreenDirection::Left);  // left on the turned board is toward file e
    CHECK(c.ui().cursor == at("d2"));
}

TEST_CASE("tui: auto-flip turns the board to the side to move", "[tui][cursor]") {
    Controller c(Rules{}, Players{});
    act(c, K::AutoFlip);
    CHECK_FALSE(c.ui().flipped);
    act(c, K::Select);
    click(c, "c3");
    CHECK(c.ui().flipped);  // Black to move
    act(c, K::Undo);
    CHECK_FALSE(c.ui().flipped);
}

TEST_CASE("tui: a person playing Black against the computer has the board turned to Black's side",
          "[tui][cursor][players]") {
    Players computer_white;
    computer_white.white_level = 3;
    Controller c(Rules{}, computer_white);
    CHECK(c.ui().flipped);
    CHECK(c.ui().cursor == at("c4"));  // in front of the person, as c2 is for White
    act(c, K::Flip);                   // f still turns it back, and it stays so
    CHECK_FALSE(c.ui().flipped);
    // Two people, the person as White, or the computer on both sides: White at the bottom.
    CHECK_FALSE(Controller(Rules{}, Players{}).ui().flipped);
    Players computer_black;
    computer_black.black_level = 3;
    CHECK_FALSE(Controller(Rules{}, computer_black).ui().flipped);
    Players both = computer_white;
    both.black_level = 2;
    CHECK_FALSE(Controller(Rules{}, both).ui().flipped);
    // A game resumed against the computer playing White turns the board; one with the same players
    // leaves it as the player turned it.
    Controller a(Rules{}, computer_white);
    a.play_delivered(a.legal_moves()[0]);
    REQUIRE(a.game().ply() == 1);
    const GameRecord record = parse_pdn(format_pdn(a.game(), a.tags(), true))->front();
    Controller two(Rules{}, Players{});
    two.offer_resume(record);
    act(two, K::Yes);
    CHECK(two.ui().flipped);
    CHECK(two.ui().cursor == at("c4"));
    Controller same(Rules{}, computer_white);
    act(same, K::Flip);
    same.load(record);
    CHECK_FALSE(same.ui().flipped);
    // A saved game shown for the question and not resumed gives the board back as it was (found by a
    // user: a new game against the computer as White kept the declined game's White at the bottom).
    Game by_two;
    REQUIRE(by_two.play("c2-c3"));
    const GameRecord two_people = parse_pdn(format_pdn(by_two, {}, true))->front();
    Controller declined(Rules{}, computer_white);
    declined.offer_resume(two_people);
    CHECK_FALSE(declined.ui().flipped);  // the saved game, between two people, as it was played
    act(declined, K::No);
    CHECK(declined.game().ply() == 0);
    CHECK(declined.ui().flipped);
    CHECK(declined.ui().cursor == at("c4"));
    Controller declined_too(Rules{}, Players{});
    declined_too.offer_resume(record);
    CHECK(declined_too.ui().flipped);
    act(declined_too, K::No);
    CHECK_FALSE(declined_too.ui().flipped);
    CHECK(declined_too.ui().cursor == at("c2"));
}

TEST_CASE("tui: the move prompt plays typed moves and explains refusals", "[tui][prompt]") {
    Controller c(Rules{}, Players{});
    act(c, K::OpenPrompt);
    CHECK(c.mode() == InputMode::Prompt);
    type(c, "c2-c4");
    act(c, K::PromptSubmit);
    CHECK(c.game().ply() == 0);
    CHECK(c.ui().prompt.is_open());
    CHECK(c.ui().message == "c2-c4: a man steps one point, and c4 is not next to c2");
    act(c, K::PromptErase);
    type(c, "3");
    CHECK(c.ui().prompt.text() == "c2-c3");
    act(c, K::PromptSubmit);
    CHECK_FALSE(c.ui().prompt.is_open());
    CHECK(last_move(c) == "c2-c3");
    // A unique prefix is enough.
    act(c, K::OpenPrompt);
    type(c, "c4xc2");
    act(c, K::PromptSubmit);
    CHECK(last_move(c) == "c4xc2");
    // Esc closes the prompt and plays nothing.
    act(c, K::OpenPrompt);
    type(c, "c1xc3");
    act(c, K::PromptClose);
    CHECK_FALSE(c.ui().prompt.is_open());
    CHECK(c.game().ply() == 2);
}

TEST_CASE("tui: undo and redo take whole moves and drop a selection", "[tui][undo]") {
    Controller c(Rules{}, Players{});
    act(c, K::Select);
    click(c, "c3");
    click(c, "c4");
    click(c, "c2");  // Black's forced reply c4xc2
    REQUIRE(c.game().ply() == 2);
    click(c, "c1");  // select White's capture
    CHECK(c.ui().selection.active());
    act(c, K::Undo);
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.game().ply() == 1);
    act(c, K::Undo);
    CHECK(c.game().ply() == 0);
    act(c, K::Undo);
    CHECK(c.ui().message == "Nothing to undo.");
    act(c, K::Redo);
    act(c, K::Redo);
    CHECK(c.game().ply() == 2);
    CHECK(last_move(c) == "c4xc2");
    act(c, K::Redo);
    CHECK(c.ui().message == "Nothing to redo.");
}

TEST_CASE("tui: new game, resign, draw and quit ask first while a game is on", "[tui][questions]") {
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_autosaved(true);
    CHECK_FALSE(act(c, K::Quit));  // nothing played yet: quit at once
    act(c, K::Select);
    click(c, "c3");
    act(c, K::NewGame);
    CHECK(c.mode() == InputMode::Question);
    CHECK(c.question_text() == "Abandon this game and start a new one? (y/n)");
    act(c, K::No);
    CHECK(c.game().ply() == 1);
    act(c, K::OfferDraw);
    CHECK(c.question_text() == "Black (Zineb) offers a draw. White (Ali), accept? (y/n)");
    act(c, K::No);
    CHECK(c.ui().message == "White (Ali) declines the draw.");
    CHECK_FALSE(c.game().over());
    act(c, K::Resign);
    CHECK(c.question_text() == "Resign for Black (Zineb)? (y/n)");
    act(c, K::Yes);
    CHECK(c.game().result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
    click(c, "c4");
    CHECK(c.ui().message == "The game is over: n starts a new one, u takes back the last move.");
    act(c, K::Undo);  // takes back the resignation
    CHECK_FALSE(c.game().over());
    act(c, K::OfferDraw);
    act(c, K::Yes);
    CHECK(c.game().result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
    act(c, K::Undo);
    CHECK(act(c, K::Quit));
    CHECK(c.question_text() == "Quit? The game is saved: run fetaix to resume it. (y/n)");
    CHECK(act(c, K::No));
    CHECK(act(c, K::Quit));
    CHECK_FALSE(act(c, K::Yes));
    act(c, K::NewGame);
    act(c, K::Yes);
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: the help page opens and any key closes it", "[tui][help]") {
    Controller c(Rules{}, Players{});
    act(c, K::Help);
    CHECK(c.mode() == InputMode::Help);
    act(c, K::CloseOverlay);
    CHECK(c.mode() == InputMode::Board);
}

namespace {

// Files in memory, standing in for the disk; "fifo" and "link" paths stand for what may not be replaced.
struct FakeDisk {
    std::map<std::string, std::string> files;
    std::vector<std::string> history;        // archived records, oldest first
    std::vector<std::string> history_paths;  // their paths, in the same order
    std::size_t archived = 0;                // records ever archived: the next is /state/games/<archived + 1>.pdn
    bool archive_fails = false;
    FileAccess access() {
        FileAccess a;
        a.examine = [this](const std::string& path) {
            SaveTarget t;
            if (path == "fifo") t.refusal = "fifo is a FIFO (named pipe), not a file";
            t.exists = files.count(path) > 0;
            if (t.exists) t.contents = parse_pdn(files[path]) ? "a fetaix game, 1 move" : "not a game record";
            return t;
        };
        a.write = [this](const std::string& path, const std::string& text, bool replace) -> std::optional<std::string> {
            if (path.rfind("/readonly/", 0) == 0) return std::string("Permission denied");
            if (files.count(path) && !replace) return concat(path, " exists; it was not replaced");
            files[path] = text;
            return std::nullopt;
        };
        a.archive = [this](const std::string& record, const std::string& replacing) -> Expected<std::string> {
            if (archive_fails) return Error{"cannot create /state/games: Read-only file system"};
            const std::string path = concat("/state/games/", ++archived, ".pdn");
            history.push_back(record);
            history_paths.push_back(path);
            files[path] = record;
            for (std::size_t i = 0; i < history_paths.size(); ++i)
                if (history_paths[i] == replacing) {
                    history.erase(history.begin() + static_cast<std::ptrdiff_t>(i));
                    history_paths.erase(history_paths.begin() + static_cast<std::ptrdiff_t>(i));
                    files.erase(replacing);
                    break;
                }
            return path;
        };
        a.history = [this] { return std::vector<std::string>(history_paths.rbegin(), history_paths.rend()); };
        a.describe_past = [](const std::string& path) { return concat("the game in ", path); };
        a.read = [this](const std::string& path, const std::atomic<bool>*) -> Expected<GameRecord> {
            auto it = files.find(path);
            if (it == files.end()) return Error{concat("cannot open ", path, ": No such file or directory")};
            auto r = parse_pdn(it->second);
            if (!r) return r.error();
            return r->front();
        };
        a.default_save_name = [] { return std::string("fetaix-20261130-0415.pdn"); };
        return a;
    }
};

void submit(Controller& c, K open, std::string_view text, bool clear = false) {
    c.handle(Action::of(open));
    if (clear)
        while (!c.ui().prompt.text().empty()) c.handle(Action::of(K::PromptErase));
    type(c, text);
    c.handle(Action::of(K::PromptSubmit));
    // The program reads on a worker thread; here the read is done at once.
    if (auto path = c.take_read_request()) c.finish_read(c.files().read(*path, nullptr));
}

}  // namespace

TEST_CASE("tui: undo and redo say what went back or was played again, for the other player to see", "[tui][undo]") {
    // Found by a newcomer: at a shared keyboard the other player did not see a move taken back.
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    submit(c, K::OpenPrompt, "c2-c3");
    submit(c, K::OpenPrompt, "c4xc2");
    act(c, K::Undo);
    CHECK(c.ui().message == "Black took back c4xc2.");
    act(c, K::Undo);
    CHECK(c.ui().message == "White took back c2-c3.");
    act(c, K::Redo);
    CHECK(c.ui().message == "White played c2-c3 again.");
    act(c, K::Redo);
    CHECK(c.ui().message == "Black played c4xc2 again.");
    // Until the next key.
    act(c, K::Flip);
    CHECK(c.ui().message.empty());
    // A resignation or an agreed draw taken back.
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(c.game().over());
    act(c, K::Undo);
    CHECK(c.ui().message == "White took back the resignation.");
    CHECK(c.game().ply() == 2);
    act(c, K::OfferDraw);
    act(c, K::Yes);
    REQUIRE(c.game().over());
    act(c, K::Undo);
    CHECK(c.ui().message == "The agreed draw is taken back.");
    // A move that ended the game.
    Controller d = from("W:Wb3:Bc3");
    submit(d, K::OpenPrompt, "b3xd3");
    REQUIRE(d.game().over());
    act(d, K::Undo);
    CHECK(d.ui().message == "White took back b3xd3.");
}

TEST_CASE("tui: a person's man that becomes a mullah is announced, as the computer's is", "[tui][promotion]") {
    // Found by a newcomer: the computer's promotion was said, a person's not.
    Controller c = from("W:Wb4:Ba5");
    submit(c, K::OpenPrompt, "b4-b5");
    CHECK(c.ui().message == "White plays b4-b5; its man becomes a mullah.");
    Controller d = from("W:Wb4:Ba5");
    click(d, "b4");
    click(d, "b5");
    REQUIRE(d.game().ply() == 1);
    CHECK(d.ui().message == "White plays b4-b5; its man becomes a mullah.");
    // A move that promotes nothing says nothing.
    Controller e = from("W:Wb3:Ba5");
    submit(e, K::OpenPrompt, "b3-b4");
    CHECK(e.ui().message.empty());
}

TEST_CASE("tui: s saves under a suggested name; o opens, and a bad file changes nothing", "[tui][files]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "c2-c3");
    c.handle(Action::of(K::Save));
    CHECK(c.ui().prompt.kind() == PromptKind::Save);
    CHECK(c.ui().prompt.text() == "fetaix-20261130-0415.pdn");
    c.handle(Action::of(K::PromptSubmit));
    CHECK(c.ui().message == "Saved to fetaix-20261130-0415.pdn.");
    REQUIRE(disk.files.count("fetaix-20261130-0415.pdn"));
    CHECK_THAT(disk.files["fetaix-20261130-0415.pdn"],
               Catch::Contains("[White \"Ali\"]") && Catch::Contains("1. c2-c3 *"));
    // A failing save says why and keeps the prompt open.
    submit(c, K::Save, "/readonly/game.pdn", true);
    CHECK(c.ui().message == "Not saved: Permission denied");
    CHECK(c.ui().prompt.is_open());
    c.handle(Action::of(K::PromptClose));
    // Opening a bad record leaves the game on screen untouched.
    disk.files["bad.pdn"] = "1. c2-c3 c4xc2 2. c1-c2 *";
    const std::uint64_t before = c.revision();
    submit(c, K::Open, "bad.pdn");
    CHECK_THAT(c.ui().message, Catch::StartsWith("Not opened: line 1, column 19: move 2 'c1-c2'"));
    CHECK(c.game().ply() == 1);
    CHECK(c.revision() == before);
    c.handle(Action::of(K::PromptClose));
    submit(c, K::Open, "missing.pdn");
    CHECK(c.ui().message == "Not opened: cannot open missing.pdn: No such file or directory");
    c.handle(Action::of(K::PromptClose));
    // A good record replaces the game, players and all, once the player agrees to abandon this one.
    disk.files["good.pdn"] = "[White \"Omar\"]\n[Black \"Sara\"]\n1. d2-c3 b4xd2 *";
    submit(c, K::Open, "good.pdn");
    CHECK(c.question_text() == "Abandon this game and open good.pdn? (y/n)");
    act(c, K::Yes);
    CHECK(c.ui().message == "Opened good.pdn.");
    CHECK(c.players().white == "Omar");
    CHECK(c.game().ply() == 2);
    CHECK(c.revision() > before);
}

TEST_CASE("tui: s asks before replacing a file, naming what it holds, and refuses what is not a file", "[tui][files]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "c2-c3");
    disk.files["notes.txt"] = "shopping: bread, olives";
    submit(c, K::Save, "notes.txt", true);
    CHECK(c.question_text() == "Replace notes.txt (not a game record)? (y/n)");
    act(c, K::No);
    CHECK(c.ui().message == "Not saved: notes.txt was left as it is.");
    CHECK(disk.files["notes.txt"] == "shopping: bread, olives");
    // The prompt is still open with the name, to be changed.
    CHECK(c.mode() == InputMode::Prompt);
    CHECK(c.ui().prompt.text() == "notes.txt");
    c.handle(Action::of(K::PromptClose));
    disk.files["old.pdn"] = "1. d2-c3 *";
    submit(c, K::Save, "old.pdn", true);
    CHECK(c.question_text() == "Replace old.pdn (a fetaix game, 1 move)? (y/n)");
    act(c, K::Yes);
    CHECK(c.ui().message == "Saved to old.pdn (replaced).");
    CHECK_THAT(disk.files["old.pdn"], Catch::Contains("1. c2-c3 *"));
    CHECK(c.mode() == InputMode::Board);
    // What is not a regular file is refused before any question.
    submit(c, K::Save, "fifo", true);
    CHECK(c.ui().question == Question::None);
    CHECK(c.ui().message == "Not saved: fifo is a FIFO (named pipe), not a file");
    CHECK(c.ui().prompt.is_open());
}

TEST_CASE("tui: o asks before abandoning a game in progress; the abandoned game goes to the history",
          "[tui][files][history]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    disk.files["g.pdn"] = "[White \"Omar\"]\n1. d2-c3 b4xd2 *";
    submit(c, K::OpenPrompt, "c2-c3");
    submit(c, K::Open, "g.pdn");
    CHECK(c.question_text() == "Abandon this game and open g.pdn? (y/n)");
    act(c, K::No);
    CHECK(c.ui().message == "g.pdn was not opened; the game goes on.");
    CHECK(c.game().ply() == 1);
    CHECK(disk.history.empty());
    submit(c, K::Open, "g.pdn");
    act(c, K::Yes);
    CHECK(c.players().white == "Omar");
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("[White \"Ali\"]") && Catch::Contains("1. c2-c3 *"));
    // The Open prompt names the history; #1 is the newest game in it.
    c.handle(Action::of(K::Open));
    CHECK(c.ui().message == "#1 to #1: game history; #1: the game in /state/games/1.pdn");
    type(c, "#1");
    c.handle(Action::of(K::PromptSubmit));
    CHECK(c.ui().message == "Reading #1... (Esc stops)");
    c.finish_read(c.files().read(*c.take_read_request(), nullptr));
    CHECK(c.question_text() == "Abandon this game and open #1? (y/n)");
    act(c, K::Yes);
    CHECK(c.ui().message == "Opened #1.");
    CHECK(c.players().white == "Ali");
    CHECK(c.game().ply() == 1);
    // Omar's game came from its file, unchanged: not archived again.
    CHECK(disk.history.size() == 1);
    for (const char* bad : {"#2", "#0"}) {
        submit(c, K::Open, bad, true);
        CHECK(c.ui().message == "Not opened: the game history has #1 to #1.");
        c.handle(Action::of(K::PromptClose));
    }
    // Not a number: how a game of the history is named.
    for (const char* bad : {"#x", "#", "#1a"}) {
        submit(c, K::Open, bad, true);
        CHECK(c.ui().message == "Not opened: a game of the history is # and its number, #1 to #1.");
        c.handle(Action::of(K::PromptClose));
    }
}

TEST_CASE("tui: the same moves ended another way are another game, kept too", "[tui][files][history]") {
    // Found by a user: an unfinished game kept, then the same moves played again, the last taken back
    // and the game resigned (or lost on time) from there, was taken for the game kept and lost.
    FakeDisk disk;
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3", "a3xc1"}) submit(c, K::OpenPrompt, m);
    act(c, K::NewGame);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3", "a3xc1"}) submit(c, K::OpenPrompt, m);
    act(c, K::Undo);
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(c.game().over());
    REQUIRE(disk.history.size() == 2);
    CHECK_THAT(disk.history[1], Catch::Contains("2. c1xc3 1-0"));
}

TEST_CASE("tui: a game ended, taken back and ended again is kept once, with its last ending", "[tui][files][history]") {
    // Found by a newcomer: a resignation taken back stayed in the history beside the game's later end.
    FakeDisk disk;
    Controller c = from("W:Wa1,e1:Bc5,a5");
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "e1-d2");
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 1-0"));
    act(c, K::Undo);
    CHECK(c.ui().message == "Black took back the resignation.");
    submit(c, K::OpenPrompt, "c5-c4");
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 c5-c4 0-1"));
    // Taken back again and abandoned unfinished: that is its last state, kept in the same place.
    act(c, K::Undo);
    act(c, K::Undo);
    submit(c, K::OpenPrompt, "a5-b4");
    act(c, K::NewGame);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 a5-b4 *"));
    // The next game is another: its end is kept beside it.
    submit(c, K::OpenPrompt, "e1-d2");
    act(c, K::Resign);
    act(c, K::Yes);
    CHECK(disk.history.size() == 2);
    CHECK(disk.history_paths == std::vector<std::string>{"/state/games/3.pdn", "/state/games/4.pdn"});
}

TEST_CASE("tui: a game resumed from the autosave and ended again replaces its earlier record",
          "[tui][files][history]") {
    // The autosave names the history's record of its game (tag Kept); only a record of the same game is
    // replaced, never another.
    FakeDisk disk;
    Controller c = from("W:Wa1,e1:Bc5,a5");
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "e1-d2");
    act(c, K::Resign);
    act(c, K::Yes);
    act(c, K::Undo);
    submit(c, K::OpenPrompt, "c5-c4");
    const std::vector<Tag> autosaved = c.table().autosave_tags();
    CHECK(std::count(autosaved.begin(), autosaved.end(), Tag{"Kept", "1.pdn"}) == 1);
    // Nowhere but in the autosave: not in a file saved, not in the history.
    const std::vector<Tag> saved = c.tags();
    CHECK(std::none_of(saved.begin(), saved.end(), [](const Tag& t) { return t.name == "Kept"; }));
    const GameRecord record = parse_pdn(format_pdn(c.game(), autosaved, true))->front();
    // The next run resumes it and ends it.
    Controller d = from("W:Wa1,e1:Bc5,a5");
    d.set_files(disk.access());
    d.load(record);
    act(d, K::Resign);
    act(d, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 c5-c4 0-1"));
    CHECK_THAT(disk.history[0], !Catch::Contains("Kept"));
    // A Kept naming a record of another game replaces nothing.
    Controller e = from("W:Wa1,e1:Bc5,a5");
    e.set_files(disk.access());
    GameRecord other = parse_pdn("[FEN \"W:Wa1,e1:Bc5,a5\"]\n[Kept \"2.pdn\"]\n1. a1-b1 *\n")->front();
    e.load(other);
    act(e, K::Resign);
    act(e, K::Yes);
    CHECK(disk.history.size() == 2);
}

TEST_CASE("tui: a game opened from the history and ended or left again is kept in place of its record",
          "[tui][files][history]") {
    FakeDisk disk;
    Controller c = from("W:Wa1,e1:Bc5,a5");
    c.set_files(disk.access());
    // A finished game in the history, opened, its end taken back, ended again: one record, the last.
    submit(c, K::OpenPrompt, "e1-d2");
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    act(c, K::NewGame);
    submit(c, K::Open, "#1");
    REQUIRE(c.ui().message == "Opened #1.");
    act(c, K::Undo);
    submit(c, K::OpenPrompt, "c5-c4");
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 c5-c4 0-1"));
    // An unfinished one, opened, played on and left for a new game: one record, the longer.
    act(c, K::NewGame);
    submit(c, K::OpenPrompt, "a1-b1");
    act(c, K::NewGame);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 2);
    submit(c, K::Open, "#1");
    REQUIRE(c.ui().message == "Opened #1.");
    submit(c, K::OpenPrompt, "a5-b5");
    act(c, K::NewGame);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 2);
    CHECK_THAT(disk.history[1], Catch::Contains("1. a1-b1 a5-b5 *"));
    // A game opened from a file elsewhere is that file's: kept as a game of its own once changed.
    disk.files["/elsewhere/game.pdn"] = "[FEN \"W:Wa1,e1:Bc5,a5\"]\n1. a1-b1 *\n";
    submit(c, K::Open, "/elsewhere/game.pdn");
    submit(c, K::OpenPrompt, "c5-c4");
    act(c, K::NewGame);
    act(c, K::Yes);
    CHECK(disk.history.size() == 3);
}

TEST_CASE("tui: new game and finished games go to the history once", "[tui][files][history]") {
    FakeDisk disk;
    Controller c = from("W:Wa1,e1:Bc5,a5");
    c.set_files(disk.access());
    act(c, K::NewGame);  // nothing played: nothing kept
    CHECK(disk.history.empty());
    submit(c, K::OpenPrompt, "e1-d2");
    act(c, K::NewGame);
    act(c, K::Yes);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. e1-d2 *"));
    // A finished game is kept when it ends, and not again when it is then abandoned.
    Controller d = from("W:Wb3:Bc3");
    d.set_files(disk.access());
    submit(d, K::OpenPrompt, "b3xd3");
    REQUIRE(d.game().over());
    REQUIRE(disk.history.size() == 2);
    CHECK_THAT(disk.history[1], Catch::Contains("1. b3xd3 1-0"));
    act(d, K::Undo);
    act(d, K::NewGame);
    CHECK(disk.history.size() == 2);
    // Undone to the start, the game still has moves (to redo): kept when abandoned.
    Controller e(Rules{}, Players{});
    e.set_files(disk.access());
    submit(e, K::OpenPrompt, "c2-c3");
    act(e, K::Undo);
    act(e, K::NewGame);
    REQUIRE(disk.history.size() == 3);
    CHECK_THAT(disk.history[2], Catch::Contains("[Redo \"c2-c3\"]"));
}

TEST_CASE("tui: a copy of a game whose host writes this history is never kept in it", "[tui][files][history]") {
    FakeDisk disk;
    Controller c = from("W:Wb3:Bc3");
    c.set_files(disk.access());
    c.set_history_by_host(true);
    submit(c, K::OpenPrompt, "b3xd3");
    REQUIRE(c.game().over());
    CHECK(disk.history.empty());
    // The same game at a terminal whose host keeps another history: kept here.
    Controller d = from("W:Wb3:Bc3");
    d.set_files(disk.access());
    d.set_history_by_host(false);
    submit(d, K::OpenPrompt, "b3xd3");
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. b3xd3 1-0"));
}

TEST_CASE("tui: a game ended at another terminal (the host's game synced) goes to the history at once",
          "[tui][files][history]") {
    FakeDisk disk;
    Controller c = from("W:Wa1:Be5");
    c.set_files(disk.access());
    Game host = c.game();
    REQUIRE(host.play("a1-a2"));
    host_sends(c, host);
    CHECK(disk.history.empty());  // not over yet
    REQUIRE(host.resign(Color::Black));
    host_sends(c, host);
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. a1-a2 1-0"));
    host_sends(c, host);  // the same game again: not kept twice
    CHECK(disk.history.size() == 1);
    // A copy whose host writes this history keeps none.
    FakeDisk other;
    Controller d = from("W:Wa1:Be5");
    d.set_files(other.access());
    d.set_history_by_host(true);
    host_sends(d, host);
    CHECK(other.history.empty());
}

TEST_CASE("tui: a game the computer ends goes to the history", "[tui][files][history]") {
    FakeDisk disk;
    Players players;
    players.black_level = 1;
    Controller c(Rules{}, players, *parse_fen("B:Wc3:Bb3"));
    c.set_files(disk.access());
    REQUIRE(c.computer_to_move());
    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    REQUIRE(c.game().over());
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("b3xd3 0-1"));
}

TEST_CASE("tui: a game that cannot be kept in the history is abandoned only if the player insists",
          "[tui][files][history]") {
    FakeDisk disk;
    disk.archive_fails = true;
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "c2-c3");
    act(c, K::NewGame);
    act(c, K::Yes);
    CHECK(c.question_text() == "The game cannot be kept in the history. Abandon it anyway? (y/n)");
    CHECK(c.ui().message == "Not kept in the game history: cannot create /state/games: Read-only file system");
    act(c, K::No);
    CHECK(c.ui().message == "The game goes on.");
    CHECK(c.game().ply() == 1);
    act(c, K::NewGame);
    act(c, K::Yes);
    act(c, K::Yes);
    CHECK(c.game().ply() == 0);
    CHECK(c.ui().message == "New game.");
}

TEST_CASE(
    "tui: a game resumed or opened at start keeps its own rules, and says so when the command line "
    "gave others",
    "[tui][files]") {
    // Found by a user test: fetaix --majority resumed a game played without majority, and said nothing.
    Rules played;
    played.backward_captures = true;
    played.promotion = Promotion::Stop;
    Game saved(played);
    REQUIRE(saved.play("c2-c3"));
    const GameRecord record = parse_pdn(format_pdn(saved, {}, true))->front();
    Rules asked = played;
    asked.majority = true;
    Controller c(asked, Players{});
    c.set_command_line(Players{}, PlayerOptions{}, asked);
    c.offer_resume(record);
    CHECK(c.ui().message == "This game's rules stand (majority no): the command line's are for a new game.");
    act(c, K::Yes);
    CHECK(c.ui().message ==
          "Game resumed. This game's rules stand (majority no): the command line's are for a new game.");
    CHECK_FALSE(c.game().rules().majority);
    // A new game is under the command line's rules.
    act(c, K::NewGame);
    act(c, K::Yes);  // abandon the game of one move
    REQUIRE(c.game().ply() == 0);
    CHECK(c.game().rules().majority);
    CHECK(c.game().rules().promotion == Promotion::Stop);
    // The same rules, or none given: nothing to say.
    Controller same(played, Players{});
    same.set_command_line(Players{}, PlayerOptions{}, played);
    same.load(record);
    CHECK(same.ui().message.empty());
    Controller none(Rules{}, Players{});
    none.load(record);
    CHECK(none.ui().message.empty());
}

TEST_CASE("tui: a saved game not resumed goes to the history before the autosave overwrites it",
          "[tui][files][history]") {
    FakeDisk disk;
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    GameRecord record = parse_pdn(format_pdn(saved, {{"White", "Ali"}}, true))->front();
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    c.offer_resume(record);
    const std::uint64_t shown = c.revision();
    act(c, K::No);
    REQUIRE(disk.history.size() == 1);
    CHECK(c.ui().message == "The unfinished game (1 move) is kept in the game history (fetaix games lists it).");
    // Kept there, it leaves the autosave to the new game: a change to save, so that it is offered once.
    CHECK(c.revision() != shown);
    CHECK_THAT(disk.history[0], Catch::Contains("[White \"Ali\"]") && Catch::Contains("1. c2-c3 *"));
    // If it cannot be kept, the player is asked; no resumes it after all.
    disk.archive_fails = true;
    Controller d(Rules{}, Players{});
    d.set_files(disk.access());
    d.offer_resume(record);
    act(d, K::No);
    CHECK(d.question_text() == "The game cannot be kept in the history. Abandon it anyway? (y/n)");
    act(d, K::No);
    CHECK(d.ui().message == "Game resumed.");
    CHECK(d.game().ply() == 1);
    CHECK(d.players().white == "Ali");
    // --new at start sets it aside the same way.
    disk.archive_fails = false;
    Controller e(Rules{}, Players{});
    e.set_files(disk.access());
    const std::uint64_t fresh = e.revision();
    e.set_aside_saved(record);
    CHECK(e.revision() != fresh);
    CHECK(disk.history.size() == 2);
    CHECK(e.game().ply() == 0);
}

TEST_CASE("tui: a file opened at start asks before taking the unfinished saved game's place", "[tui][files][history]") {
    FakeDisk disk;
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    const GameRecord saved_record = parse_pdn(format_pdn(saved, {{"White", "Ali"}}, true))->front();
    const GameRecord file = parse_pdn("[White \"Omar\"]\n1. d2-c3 *")->front();
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    c.offer_open_instead(saved_record, file, "g.pdn");
    CHECK(c.question_text() == "Abandon this game and open g.pdn? (y/n)");
    act(c, K::No);
    CHECK(c.players().white == "Ali");  // the saved game goes on
    CHECK(disk.history.empty());
    Controller d(Rules{}, Players{});
    d.set_files(disk.access());
    d.offer_open_instead(saved_record, file, "g.pdn");
    act(d, K::Yes);
    CHECK(d.players().white == "Omar");
    CHECK(d.ui().message == "Opened g.pdn.");
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("[White \"Ali\"]"));
}

TEST_CASE("tui: every change to the game moves the revision the autosave follows", "[tui][files]") {
    Controller c(Rules{}, Players{});
    std::uint64_t r = c.revision();
    const auto moved = [&] {
        const bool m = c.revision() != r;
        r = c.revision();
        return m;
    };
    cursor(c, ScreenDirection::Left);
    CHECK_FALSE(moved());
    submit(c, K::OpenPrompt, "c2-c3");
    CHECK(moved());
    act(c, K::Undo);
    CHECK(moved());
    act(c, K::Redo);
    CHECK(moved());
    act(c, K::Help);
    act(c, K::CloseOverlay);
    act(c, K::Flip);
    CHECK_FALSE(moved());
    act(c, K::Resign);
    act(c, K::Yes);
    CHECK(moved());
    act(c, K::NewGame);
    CHECK(moved());  // the game was over: no question
}

TEST_CASE("tui: a saved game is offered at start and resumed with y", "[tui][files]") {
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    REQUIRE(saved.play("c4xc2"));
    GameRecord record = parse_pdn(format_pdn(saved, {{"White", "Ali"}}, true))->front();
    Controller c(Rules{}, Players{});
    c.offer_resume(record);
    CHECK(c.question_text() == "Resume the unfinished game (1 move)? (y/n)");
    // While asking, the saved game is the one on screen.
    CHECK(c.game().ply() == 2);
    CHECK(c.players().white == "Ali");
    act(c, K::Yes);
    CHECK(c.game().ply() == 2);
    CHECK(c.players().white == "Ali");
    CHECK(c.ui().message == "Game resumed.");
    // No: back to the game the program started with, its players and its position.
    Players omar;
    omar.white = "Omar";
    Controller d(Rules{}, omar, *parse_fen("W:Wc2:Ba5"));
    d.offer_resume(record);
    CHECK(d.game().ply() == 2);
    act(d, K::No);
    CHECK(d.game().ply() == 0);
    CHECK(d.players().white == "Omar");
    CHECK(to_fen(d.game().position()) == "W:Wc2:Ba5");
    CHECK(d.legal_moves().size() == 3);
}

TEST_CASE("tui: replay steps through a game and cannot change it", "[tui][replay]") {
    Game g;
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3"}) REQUIRE(g.play(m));
    Controller c(Rules{}, Players{});
    c.load(parse_pdn(format_pdn(g))->front());
    c.start_replay("");
    CHECK(c.mode() == InputMode::Replay);
    CHECK(c.shown_ply() == 0);
    const std::uint64_t r = c.revision();
    CHECK(map_key(Key::named(Key::Name::Right), InputMode::Replay).kind == K::StepForward);
    CHECK(map_key(Key::named(Key::Name::Left), InputMode::Replay).kind == K::StepBack);
    CHECK(map_key(Key::character(']'), InputMode::Replay).kind == K::StepForward);
    CHECK(map_key(Key::character('['), InputMode::Replay).kind == K::StepBack);
    CHECK(map_key(Key::named(Key::Name::UpLeft), InputMode::Replay).kind == K::StepFirst);
    CHECK(map_key(Key::named(Key::Name::DownLeft), InputMode::Replay).kind == K::StepLast);
    CHECK(map_key(Key::named(Key::Name::Enter), InputMode::Replay).kind == K::ViewOnly);
    CHECK(map_key(Key::named(Key::Name::Escape), InputMode::Replay).kind == K::ViewOnly);
    CHECK(map_key(Key::character('u'), InputMode::Replay).kind == K::ViewOnly);
    act(c, K::StepForward);
    CHECK(c.shown_ply() == 1);
    act(c, K::StepLast);
    CHECK(c.shown_ply() == 3);
    CHECK(c.mode() == InputMode::Replay);  // at the end, still only looked at
    act(c, K::StepForward);
    CHECK(c.ui().message == "This is the last move.");
    act(c, K::StepFirst);
    CHECK(c.shown_ply() == 0);
    click(c, "c2");
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().message == "Replaying: [ ] or Left and Right step through the moves, q leaves.");
    act(c, K::Undo);
    CHECK(c.game().ply() == 3);
    CHECK(c.revision() == r);      // stepping is not a change: nothing to autosave
    CHECK_FALSE(act(c, K::Quit));  // no question in a replay
    // A game of one half-move is one move, as the list numbers it.
    Controller one(Rules{}, Players{});
    one.load(parse_pdn("1. c2-c3 *\n")->front());
    one.start_replay("");
    CHECK(compose(one, 24, 80, Glyphs::ascii()).line(21) == "Replay: start of the game (1 move)");
    act(one, K::StepForward);
    CHECK(compose(one, 24, 80, Glyphs::ascii()).line(21) == "Replay: after 1. c2-c3 (move 1 of 1)");
}

TEST_CASE("tui: the saved game open elsewhere is offered read-only or set aside", "[tui][files]") {
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    GameRecord record = parse_pdn(format_pdn(saved))->front();
    Controller c(Rules{}, Players{});
    c.offer_read_only(record);
    CHECK(c.question_text() == "Saved game open in another fetaix: y = view read-only, n = separate game");
    act(c, K::Yes);
    CHECK(c.mode() == InputMode::Replay);
    CHECK(c.game().ply() == 1);
    Controller d(Rules{}, Players{});
    d.offer_read_only(record);
    CHECK(d.game().ply() == 1);  // shown while asking
    act(d, K::No);
    CHECK(d.game().ply() == 0);
    CHECK(d.mode() == InputMode::Board);
    CHECK(d.ui().notice == "autosave off: the saved game is open in another fetaix");
}

TEST_CASE("tui: a saved game the autosave cannot own is offered to continue unsaved or to view", "[tui]") {
    Game saved;
    REQUIRE(saved.play("c2-c3"));
    REQUIRE(saved.play("c4xc2"));
    GameRecord record = parse_pdn(format_pdn(saved))->front();
    FakeDisk disk;
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    c.offer_resume_unsaved(record);
    CHECK(c.question_text() == "Continue the saved game (1 move) unsaved? y = yes, n = view it read-only");
    // Shown while asking, it is still in its file: a signal now keeps no copy in the history.
    CHECK(c.game().ply() == 2);
    c.keep_unsaved_game();
    CHECK(disk.history.empty());
    const auto before = c.revision();
    act(c, K::Yes);
    CHECK(c.mode() == InputMode::Board);
    CHECK(c.game().ply() == 2);
    CHECK(c.revision() != before);
    CHECK(c.ui().message == "Game resumed; its moves are not saved while the autosave fails.");
    Controller d(Rules{}, Players{});
    d.offer_resume_unsaved(record);
    act(d, K::No);
    CHECK(d.mode() == InputMode::Replay);
    CHECK(d.ui().replay_reason == "read-only: the autosave cannot be used");
    CHECK(d.game().ply() == 2);
}

TEST_CASE("tui: against the computer, undo takes back its reply and your move together", "[tui][engine]") {
    Players players;
    players.black_level = 3;
    Controller c(Rules{}, players);
    CHECK_FALSE(c.computer_to_move());
    submit(c, K::OpenPrompt, "c2-c3");
    CHECK(c.computer_to_move());
    // While the computer is to move, the board refuses moves but answers everything else.
    click(c, "c4");
    CHECK(c.ui().message == "It is not your turn: the computer is thinking; u takes back your last move.");
    c.play_delivered(c.legal_moves()[0]);
    REQUIRE(c.game().ply() == 2);
    act(c, K::Undo);
    CHECK(c.game().ply() == 0);
    CHECK(c.ui().message == "White took back c2-c3, and Black's reply c4xc2 with it.");
    act(c, K::Redo);
    CHECK(c.game().ply() == 2);
    CHECK(c.ui().message == "White played c2-c3 again, and Black's reply c4xc2 with it.");
    CHECK(c.players().label(Color::Black) == "Black (computer, level 3)");
    // A resignation made while the computer is to move goes back with the move before it.
    submit(c, K::OpenPrompt, "c1xc3");
    REQUIRE(c.computer_to_move());
    act(c, K::Resign);
    act(c, K::Yes);
    act(c, K::Undo);
    CHECK(c.ui().message == "White took back the resignation. White took back c1xc3.");
    CHECK(c.game().ply() == 2);
    // Redo plays the move again, and the resignation that came after it.
    act(c, K::Redo);
    CHECK(c.ui().message == "White played c1xc3 again. White resigned again.");
    CHECK(c.game().result() == GameResult{Outcome::BlackWins, Reason::Resignation});
}

TEST_CASE("tui: redo declares again the resignation or draw that undo took back", "[tui]") {
    Controller c(Rules{}, Players{});
    submit(c, K::OpenPrompt, "c2-c3");
    act(c, K::Resign);
    act(c, K::Yes);
    REQUIRE(c.game().over());
    act(c, K::Undo);
    CHECK(c.ui().message == "Black took back the resignation.");
    act(c, K::Redo);
    CHECK(c.ui().message == "Black resigned again.");
    CHECK(c.game().result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
    CHECK(c.game().ply() == 1);
    act(c, K::Undo);
    act(c, K::OfferDraw);
    act(c, K::Yes);
    act(c, K::Undo);
    CHECK(c.ui().message == "The agreed draw is taken back.");
    act(c, K::Redo);
    CHECK(c.ui().message == "The draw is agreed again.");
    CHECK(c.game().result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
    // A move played after taking it back leaves nothing of it to redo.
    act(c, K::Undo);
    submit(c, K::OpenPrompt, "c4xc2");
    act(c, K::Undo);
    act(c, K::Redo);
    CHECK(c.ui().message == "Black played c4xc2 again.");
    act(c, K::Redo);
    CHECK(c.ui().message == "Nothing to redo.");
}

TEST_CASE("tui: H asks for a hint, which is shown until the game changes", "[tui][engine]") {
    Controller c(Rules{}, Players{});
    act(c, K::Hint);
    CHECK(c.take_hint_request());
    CHECK_FALSE(c.take_hint_request());  // once
    c.show_hint(*parse_move("c2-c3", c.game().position(), {}), 35);
    CHECK(c.ui().message == "Hint: c2-c3 (+0.35 for White)");
    REQUIRE(c.ui().hint);
    cursor(c, ScreenDirection::Left);
    CHECK(c.ui().hint);  // moving the cursor keeps it
    submit(c, K::OpenPrompt, "d2-c3");
    CHECK_FALSE(c.ui().hint);
    c.show_hint(c.legal_moves()[0], -engine::kMate + 5);
    CHECK(c.ui().message == concat("Hint: ", to_string(c.legal_moves()[0]), " (a forced loss for Black)"));
    // A move from the endgame tables says their value.
    c.show_hint(c.legal_moves()[0], engine::kMate - 17, tablebase::Value{tablebase::Verdict::Win, 17});
    CHECK(c.ui().message ==
          concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: win in 17 plies (tablebase)"));
    c.show_hint(c.legal_moves()[0], 0, tablebase::Value{});
    CHECK(c.ui().message == concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: draw (tablebase)"));
    // A move from the book of proven positions says so; its wins and losses are proven with no
    // no-progress limit, and this game has the default one (50 plies), so they are named with that.
    REQUIRE(c.game().rules().no_progress == 50);
    c.show_hint(c.legal_moves()[0], engine::kMate - 1, std::nullopt, book::Value::Win);
    CHECK(c.ui().message ==
          concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: win with no no-progress limit (proven)"));
    c.show_hint(c.legal_moves()[0], -50, std::nullopt, book::Value::Loss);
    CHECK(c.ui().message ==
          concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: loss with no no-progress limit (proven)"));
    // A draw or a hold stands under any limit.
    c.show_hint(c.legal_moves()[0], 0, std::nullopt, book::Value::Draw);
    CHECK(c.ui().message == concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: draw (proven)"));
    c.show_hint(c.legal_moves()[0], 0, std::nullopt, book::Value::Holds);
    CHECK(c.ui().message == concat("Hint: ", to_string(c.legal_moves()[0]), ", for Black: at least a draw (proven)"));
    // The only legal move is not searched: no evaluation is made up for it.
    c.show_hint(c.legal_moves()[0], std::nullopt);
    CHECK(c.ui().message == concat("Hint: ", to_string(c.legal_moves()[0]), " (the only move)"));
}

TEST_CASE("tui: against the computer, a draw offer is answered by the computer at once", "[tui][engine]") {
    Players players;
    players.black_level = 5;
    // Black has one man against four: the computer takes the draw.
    Controller losing(Rules{}, players, *parse_fen("W:Wa1,b1,c1,d1:Be5"));
    act(losing, K::OfferDraw);
    CHECK(losing.mode() == InputMode::Board);  // nobody is asked
    CHECK(losing.ui().message == "Black (computer, level 5) accepts the draw.");
    CHECK(losing.game().result() == GameResult{Outcome::Draw, Reason::AgreedDraw});
    // Black has four men against one: it plays on.
    Controller winning(Rules{}, players, *parse_fen("W:Wa1:Ba5,b5,c5,d5"));
    act(winning, K::OfferDraw);
    CHECK(winning.ui().message == "Black (computer, level 5) declines the draw.");
    CHECK_FALSE(winning.game().over());
}

TEST_CASE("tui: against the computer, the person resigns even while the computer is to move", "[tui][engine]") {
    Players players;
    players.black_level = 5;
    Controller c(Rules{}, players);
    submit(c, K::OpenPrompt, "c2-c3");
    REQUIRE(c.computer_to_move());
    act(c, K::Resign);
    CHECK(c.question_text() == "Resign for White? (y/n)");
    act(c, K::Yes);
    CHECK(c.game().result() == GameResult{Outcome::BlackWins, Reason::Resignation});
}

TEST_CASE("tui: with the computer on both sides there is nobody to resign or offer a draw", "[tui][engine]") {
    Players players;
    players.white_level = 2;
    players.black_level = 3;
    Controller c(Rules{}, players);
    act(c, K::Resign);
    CHECK(c.ui().message == "The computer plays both sides.");
    act(c, K::OfferDraw);
    CHECK(c.ui().message == "The computer plays both sides.");
    // Choosing a piece: nothing of yours to move, and what the keys do instead.
    act(c, K::Select);
    CHECK(c.ui().message == "The computer plays both sides: f flips the board, s saves, n starts a new game.");
    CHECK(c.mode() == InputMode::Board);
    CHECK_FALSE(c.game().over());
}

TEST_CASE("tui: quitting a game the autosave does not hold keeps it in the history", "[tui][files][quit]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    c.set_autosaved(false);  // a failing autosave, or a separate game beside another fetaix
    submit(c, K::OpenPrompt, "c2-c3");
    CHECK(act(c, K::Quit));
    CHECK(c.question_text() == "Quit? Not autosaved: it goes to the game history (o #1 opens it). (y/n)");
    CHECK_FALSE(act(c, K::Yes));
    REQUIRE(disk.history.size() == 1);
    CHECK_THAT(disk.history[0], Catch::Contains("1. c2-c3 *"));
    // Kept once: quitting again (a second Quit) has nothing left to lose.
    CHECK_FALSE(act(c, K::Quit));
    CHECK(disk.history.size() == 1);
}

TEST_CASE("tui: quitting a game unchanged from the file it was opened from says it is kept there",
          "[tui][files][quit]") {
    FakeDisk disk;
    disk.files["game.pdn"] = "1. c2-c3 c4xc2 *";
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    c.set_autosaved(false);  // another fetaix owns the autosave
    submit(c, K::Open, "game.pdn");
    REQUIRE(c.game().ply() == 2);
    CHECK(act(c, K::Quit));
    CHECK(c.question_text() == "Quit? This game is kept in its file or the game history. (y/n)");
    CHECK_FALSE(act(c, K::Yes));
    CHECK(disk.history.empty());
}

TEST_CASE("tui: when even the history cannot keep it, quitting asks before losing the game", "[tui][files][quit]") {
    FakeDisk disk;
    disk.archive_fails = true;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "c2-c3");
    CHECK(act(c, K::Quit));
    CHECK(act(c, K::Yes));  // not yet: the game would be lost
    CHECK(c.ui().message == "Not kept in the game history: cannot create /state/games: Read-only file system");
    CHECK(c.question_text() == "The game cannot be kept in the history. Abandon it anyway? (y/n)");
    CHECK(act(c, K::No));
    CHECK(c.game().ply() == 1);
    CHECK(act(c, K::Quit));
    CHECK(act(c, K::Yes));
    CHECK_FALSE(act(c, K::Yes));  // abandoned, knowingly
}

TEST_CASE("tui: a game ended by a signal goes to the history when the autosave does not hold it",
          "[tui][files][quit]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    submit(c, K::OpenPrompt, "c2-c3");
    c.set_autosaved(true);
    c.keep_unsaved_game();
    CHECK(disk.history.empty());  // the autosave has it
    c.set_autosaved(false);
    c.keep_unsaved_game();
    CHECK(disk.history.size() == 1);
}

TEST_CASE("tui: the prompt takes a long path whole and keeps its end in view", "[tui][prompt]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Save));
    while (!c.ui().prompt.text().empty()) c.handle(Action::of(K::PromptErase));
    const std::string path = "/tmp/" + std::string(300, 'd') + "/mygame.pdn";
    type(c, path);
    CHECK(c.ui().prompt.text() == path);
    CHECK(compose(c, 24, 80, Glyphs::ascii()).line(23) ==
          "Save to: …" + std::string(80 - 9 - 1 - 12, 'd') + "/mygame.pdn_");
    // A paste longer than the room left: its beginning kept, the rest dropped and counted.
    type(c, std::string(kMaxPromptBytes, 'x'));
    CHECK(c.ui().prompt.text() == path + std::string(kMaxPromptBytes - path.size(), 'x'));
    CHECK(c.ui().message == "The prompt holds at most 4096 characters: 316 more were dropped.");
    // Counted afresh once the line changes.
    c.handle(Action::of(K::PromptErase));
    type(c, "yz");
    CHECK(c.ui().prompt.text().back() == 'y');
    CHECK(c.ui().message == "The prompt holds at most 4096 characters: 1 more was dropped.");
}

TEST_CASE("tui: a character beyond ASCII at the prompt is refused with why; a long line refused is shown cut",
          "[tui][prompt]") {
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::OpenPrompt));
    // "ć" and an en dash, as UTF-8 bytes: neither reaches the line.
    type(c,
         "\xc4\x87"
         "2");
    CHECK(c.ui().prompt.text() == "2");
    CHECK(c.ui().message == "Only plain ASCII letters, digits and signs can be typed here (a move is like c2-c3).");
    c.handle(Action::of(K::PromptErase));
    type(c, "c2\xe2\x80\x93");
    CHECK(c.ui().prompt.text() == "c2");
    c.handle(Action::of(K::PromptClose));
    // 150 letters: the first 23 and "…", then the reason whole.
    submit(c, K::OpenPrompt, std::string(150, 'a'));
    CHECK(c.ui().message == std::string(23, 'a') + "…: 'aa' is not a point (a1 to e5)");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: while the terminal is too small no key acts unseen; q asks and can be answered", "[tui][small]") {
    std::vector<Key> keys;
    for (Key::Name n :
         {Key::Name::Up, Key::Name::Down, Key::Name::Left, Key::Name::Right, Key::Name::UpLeft, Key::Name::DownRight,
          Key::Name::Enter, Key::Name::Escape, Key::Name::Backspace, Key::Name::Resize, Key::Name::Click})
        keys.push_back(Key::named(n));
    keys.back().point = at("c3");
    for (int ch = 1; ch < 128; ++ch)
        if (ch != 'q') keys.push_back(Key::character(static_cast<char>(ch)));
    const auto press_all = [&](Controller& c) {
        for (const Key& k : keys) CHECK(c.handle(map_key(k, c.mode())));
    };
    const auto same_ui = [](const UiState& a, const UiState& b) {
        return a.cursor == b.cursor && a.selection.from == b.selection.from && a.selection.path == b.selection.path &&
               a.prompt.is_open() == b.prompt.is_open() && a.prompt.text() == b.prompt.text() &&
               a.question == b.question && a.help_open == b.help_open && a.flipped == b.flipped &&
               a.message == b.message;
    };
    Controller c(Rules{}, Players{});
    c.handle(Action::of(K::Select));  // c2 chosen, a move half made
    SECTION("on the board") {}
    SECTION("with the move prompt open") {
        act(c, K::Cancel);
        act(c, K::OpenPrompt);
        type(c, "c2-c3");
    }
    SECTION("with a question open") {
        act(c, K::Cancel);
        act(c, K::Resign);
        REQUIRE(c.ui().question == Question::Resign);
    }
    SECTION("with the help page open") { act(c, K::Help); }
    const std::string fen = to_fen(c.game().position());
    const UiState before = c.ui();
    const InputMode mode = c.mode();
    c.set_too_small(true);
    CHECK(c.mode() == InputMode::TooSmall);
    press_all(c);
    CHECK(to_fen(c.game().position()) == fen);
    CHECK(c.game().ply() == 0);
    CHECK(same_ui(c.ui(), before));
    // Back at full size, everything is where it was.
    c.set_too_small(false);
    CHECK(c.mode() == mode);
    CHECK(same_ui(c.ui(), before));

    // q asks, as it does on the board, once a game is on; the question is answered on the small screen.
    Controller g(Rules{}, Players{});
    act(g, K::OpenPrompt);
    type(g, "c2-c3");
    act(g, K::PromptSubmit);
    REQUIRE(g.game().ply() == 1);
    g.set_too_small(true);
    CHECK(g.handle(map_key(Key::character('q'), g.mode())));
    CHECK(g.ui().question == Question::Quit);
    CHECK(g.mode() == InputMode::Question);
    CHECK(g.handle(map_key(Key::character('n'), g.mode())));
    CHECK(g.ui().question == Question::None);
    CHECK(g.mode() == InputMode::TooSmall);
    CHECK(g.handle(map_key(Key::character('q'), g.mode())));
    CHECK_FALSE(g.handle(map_key(Key::character('y'), g.mode())));
}

TEST_CASE("tui: a record says who played; loading it restores the computer, its level, time and seed",
          "[tui][players]") {
    Players played;
    played.white = "Amina";
    played.black_level = 2;
    played.think_ms = 1500;
    played.seed = 7;
    Controller a(Rules{}, played);
    act(a, K::OpenPrompt);
    type(a, "c2-c3");
    act(a, K::PromptSubmit);
    REQUIRE(a.game().ply() == 1);
    // The record, as the autosave and s write it.
    const std::string text = format_pdn(a.game(), a.tags(), true);
    CHECK(text.rfind("[Event \"fetaix game\"]\n[White \"Amina\"]\n[WhiteType \"human\"]\n[Black \"fetaix level 2\"]\n"
                     "[BlackType \"program\"]\n[BlackLevel \"2\"]\n[ProgramTime \"1.5\"]\n[ProgramSeed \"7\"]\n",
                     0) == 0);
    const GameRecord record = parse_pdn(text)->front();
    CHECK(record.notes.empty());
    Controller b(Rules{}, Players{});
    b.load(record);
    CHECK(b.players().white == "Amina");
    CHECK(b.players().white_level == 0);
    CHECK(b.players().black == "Black");
    CHECK(b.players().black_level == 2);
    CHECK(b.players().think_ms == 1500);
    CHECK(b.players().seed == 7);
    CHECK(b.computer_to_move());
    CHECK(b.ui().message.empty());
    // Resuming, too: the computer still plays Black.
    Controller r(Rules{}, Players{});
    r.offer_resume(record);
    act(r, K::Yes);
    CHECK(r.ui().message == "Game resumed.");
    CHECK(r.computer_to_move());
}

TEST_CASE("tui: the command line's players win over the record's, and the screen says so", "[tui][players]") {
    Players recorded;
    recorded.white = "Ali";
    recorded.black_level = 2;
    Controller a(Rules{}, recorded);
    act(a, K::OpenPrompt);
    type(a, "c2-c3");
    act(a, K::PromptSubmit);
    REQUIRE(a.game().ply() == 1);
    const GameRecord record = parse_pdn(format_pdn(a.game(), a.tags()))->front();
    Players command_line;
    command_line.white = "Amina";
    command_line.black_level = 4;
    command_line.think_ms = 500;
    command_line.seed = 9;
    Controller c(Rules{}, command_line);
    c.set_command_line(command_line, PlayerOptions{true, true, true, false});
    c.offer_resume(record);
    act(c, K::Yes);
    CHECK(c.ui().message ==
          "Game resumed. From the command line: White Amina (recorded: Ali); Black computer "
          "level 4 (recorded: computer level 2); time 0.5 s (recorded: 3 s).");
    CHECK(c.players().white == "Amina");
    CHECK(c.players().black_level == 4);
    CHECK(c.players().think_ms == 500);
    CHECK(c.players().seed == 1);  // not given: the record's
    // Only what differs is told.
    Controller same(Rules{}, recorded);
    same.set_command_line(recorded, PlayerOptions{true, false, false, false});
    same.load(record);
    CHECK(same.ui().message.empty());
    // A record's players that cannot be read are told, and a default plays.
    GameRecord odd = record;
    for (Tag& t : odd.tags)
        if (t.name == "BlackLevel") t.value = "11";
    Controller o(Rules{}, Players{});
    o.load(odd);
    CHECK(o.players().black_level == 5);
    CHECK(o.ui().message == "Note: [BlackLevel \"11\"]: expected a level from 1 to 8; level 5 plays.");
}

TEST_CASE("tui: the tags a record came with are saved with it", "[tui][files][players]") {
    FakeDisk disk;
    disk.files["in.pdn"] =
        "[Event \"Club night\"]\n[Site \"Rabat\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n"
        "[White \"Ali\"]\n[Black \"Zineb\"]\n[Annotator \"Omar\"]\n[Opening \"centre\"]\n\n1. c2-c3 *\n";
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    submit(c, K::Open, "in.pdn");
    REQUIRE(c.ui().message == "Opened in.pdn; note: line 8: unknown tag [Opening] kept as it is");
    submit(c, K::Save, "out.pdn", true);
    CHECK(
        disk.files["out.pdn"] ==
        "[Event \"Club night\"]\n[Site \"Rabat\"]\n[Date \"2026.11.30\"]\n[Round \"3\"]\n[White \"Ali\"]\n"
        "[WhiteType \"human\"]\n[Black \"Zineb\"]\n[BlackType \"human\"]\n[Annotator \"Omar\"]\n[Opening \"centre\"]\n"
        "[Result \"*\"]\n[BackwardCaptures \"no\"]\n[Promotion \"end\"]\n[Majority \"no\"]\n[NoProgress \"50\"]\n\n"
        "1. c2-c3 *\n");
    // A file opened with o names its own players, whatever the command line said at start.
    Controller d(Rules{}, Players{"Amina", "Black"});
    d.set_command_line(Players{"Amina", "Black"}, PlayerOptions{true, false, false, false});
    d.set_files(disk.access());
    submit(d, K::Open, "in.pdn");
    CHECK(d.players().white == "Ali");
    // A new game is not that record: its tags go.
    act(c, K::NewGame);
    act(c, K::Yes);
    CHECK(c.tags().front() == Tag{"Event", "fetaix game"});
    CHECK(c.tags().size() == 5);
}

TEST_CASE("tui: replay keeps a declared result, and saving during replay writes the whole game", "[tui][replay]") {
    FakeDisk disk;
    Controller c(Rules{}, Players{});
    c.set_files(disk.access());
    c.load(parse_pdn("[White \"Ali\"]\n1. d2-c3 b4xd2 2. e1xc3 1-0\n")->front());
    c.start_replay("");
    CHECK(c.shown_ply() == 0);
    const auto status = [&] { return compose(c, 24, 80, Glyphs::ascii()).line(21); };
    CHECK(status() == "Replay: start of the game (2 moves)");
    submit(c, K::Save, "out.pdn", true);
    CHECK(c.ui().message == "Saved to out.pdn.");
    CHECK(disk.files["out.pdn"].find("1. d2-c3 b4xd2 2. e1xc3 1-0\n") != std::string::npos);
    act(c, K::StepLast);
    CHECK(status() == "Replay: after 2. e1xc3 (move 2 of 2), 1-0 (resignation)");
    act(c, K::StepBack);
    CHECK(c.shown_ply() == 2);
    CHECK(status() == "Replay: after 1... b4xd2 (move 1 of 2)");
    act(c, K::StepForward);
    CHECK(status() == "Replay: after 2. e1xc3 (move 2 of 2), 1-0 (resignation)");
    act(c, K::StepForward);
    CHECK(c.ui().message == "This is the last move.");
    CHECK(c.game().result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
}

TEST_CASE("tui: a file opened with o is read while keys still answer; Esc stops the reading", "[tui][files]") {
    FakeDisk disk;
    disk.files["g.pdn"] = "[White \"Omar\"]\n1. c2-c3 *\n";
    Controller c(Rules{}, Players{"Ali", "Zineb"});
    c.set_files(disk.access());
    c.handle(Action::of(K::Open));
    type(c, "g.pdn");
    c.handle(Action::of(K::PromptSubmit));
    // The program is handed the path to read on its worker thread, once.
    CHECK(c.take_read_request() == std::optional<std::string>("g.pdn"));
    CHECK_FALSE(c.take_read_request());
    CHECK(c.mode() == InputMode::Reading);
    CHECK(c.ui().message == "Reading g.pdn... (Esc stops)");
    // Keys answer: a move key waits, with the reason; nothing is played.
    c.handle(map_key(Key::character('u'), c.mode()));
    CHECK(c.ui().message == "Still reading g.pdn: Esc stops.");
    CHECK(c.game().ply() == 0);
    c.handle(map_key(Key::named(Key::Name::Escape), c.mode()));
    CHECK(c.ui().message == "Stopped reading g.pdn; the game goes on.");
    CHECK(c.mode() == InputMode::Prompt);
    // The reading's result, arriving after the stop, changes nothing.
    c.finish_read(c.files().read("g.pdn", nullptr));
    CHECK(c.players().white == "Ali");
    CHECK(c.ui().message == "Stopped reading g.pdn; the game goes on.");
    // Read to the end, the file opens as before.
    c.handle(Action::of(K::PromptSubmit));
    c.finish_read(c.files().read(*c.take_read_request(), nullptr));
    CHECK(c.ui().message == "Opened g.pdn.");
    CHECK(c.players().white == "Omar");
    CHECK(c.game().ply() == 1);
}

TEST_CASE("tui: the pieces a capture takes, jump by jump, for the marks and the announcement", "[tui][selection]") {
    // The mullah on c1 takes b1 landing on a1, then flies back over b1's point, empty now, to take d1.
    Controller c = from("W:WKc1:BKb1,Kd1");
    const auto it = std::find_if(c.legal_moves().begin(), c.legal_moves().end(),
                                 [](const Move& m) { return to_string(m) == "c1xa1xe1"; });
    REQUIRE(it != c.legal_moves().end());
    CHECK(taken_in_order(*it, 2) == std::vector<Point>{at("b1"), at("d1")});
    CHECK(taken_in_order(*it, 1) == std::vector<Point>{at("b1")});
    CHECK(taken_so_far(c.legal_moves(), Selection{at("c1"), {at("a1")}}) == points_of({"b1"}));
    CHECK(taken_so_far(c.legal_moves(), Selection{at("c1"), {}}) == 0);
    // A man's short leaps.
    Controller men = from("W:Wc1:Bc2,d3,b3,a5");
    CHECK(taken_so_far(men.legal_moves(), Selection{at("c1"), {at("c3"), at("a3")}}) == points_of({"c2", "b3"}));
}

TEST_CASE("tui: the computer's move is announced in words, the pieces it took named in order", "[tui][computer]") {
    Controller c(Rules{}, Players{"White", "Black", 2, 0}, *parse_fen("W:WKc1:BKb1,Kd1,a5"));
    const auto it = std::find_if(c.legal_moves().begin(), c.legal_moves().end(),
                                 [](const Move& m) { return to_string(m) == "c1xa1xe1"; });
    REQUIRE(it != c.legal_moves().end());
    c.play_delivered(*it);
    CHECK(c.ui().message == "White plays c1xa1xe1, taking b1 and d1.");
    // Until the next key.
    act(c, K::Help);
    CHECK(c.ui().message.empty());
    // Three pieces, and a man that becomes a mullah.
    Controller d(Rules{}, Players{"White", "Black", 0, 2}, *parse_fen("B:Wa4,b3,c2,e1:Ba5"));
    d.play_delivered(d.legal_moves()[0]);
    CHECK(d.ui().message == "Black plays a5xa3xc3xc1, taking a4, b3 and c2; its man becomes a mullah.");
}

TEST_CASE("tui: [ and ] step through the game's positions; ends say so; Esc and End go back to the game",
          "[tui][browse]") {
    Controller c(Rules{}, Players{});
    // [ at the start of a game with no moves: nothing to view.
    CHECK(map_key(Key::character('['), InputMode::Board).kind == K::StepBack);
    CHECK(map_key(Key::character(']'), InputMode::Board).kind == K::StepForward);
    act(c, K::StepBack);
    CHECK(c.ui().message == "This is the start of the game.");
    CHECK(c.mode() == InputMode::Board);
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3"}) submit(c, K::OpenPrompt, m);
    REQUIRE(c.game().ply() == 3);
    const Position after_two = c.game().position_at(2);
    const std::uint64_t revision = c.revision();
    // ] on the game as it stands: nothing further.
    act(c, K::StepForward);
    CHECK(c.ui().message == "This is the game as it stands: [ steps back through it.");
    CHECK(c.mode() == InputMode::Board);
    act(c, K::StepBack);
    CHECK(c.mode() == InputMode::Browse);
    CHECK(c.shown_ply() == 2);
    CHECK(c.shown_position() == after_two);
    act(c, K::StepBack);
    act(c, K::StepBack);
    CHECK(c.shown_ply() == 0);
    CHECK(c.shown_position() == start_position());
    act(c, K::StepBack);
    CHECK(c.ui().message == "This is the start of the game.");
    CHECK(c.shown_ply() == 0);
    act(c, K::StepForward);
    CHECK(c.shown_ply() == 1);
    // The keys while browsing: [ ] and the arrows step, Home and End go to either end, Esc back.
    CHECK(map_key(Key::character(']'), InputMode::Browse).kind == K::StepForward);
    CHECK(map_key(Key::named(Key::Name::Left), InputMode::Browse).kind == K::StepBack);
    CHECK(map_key(Key::named(Key::Name::UpLeft), InputMode::Browse).kind == K::StepFirst);
    CHECK(map_key(Key::named(Key::Name::DownLeft), InputMode::Browse).kind == K::StepLast);
    CHECK(map_key(Key::named(Key::Name::Escape), InputMode::Browse).kind == K::StepLast);
    act(c, K::StepFirst);
    CHECK(c.shown_ply() == 0);
    act(c, K::StepLast);
    CHECK(c.mode() == InputMode::Board);
    CHECK(c.ui().message == "Back to the game.");
    CHECK(c.shown_ply() == 3);
    // ] onto the last position is the game again.
    act(c, K::StepBack);
    act(c, K::StepForward);
    CHECK(c.mode() == InputMode::Board);
    CHECK(c.ui().message == "Back to the game.");
    // Looking is not a change: nothing to autosave, the game where it was.
    CHECK(c.revision() == revision);
    CHECK(c.game().ply() == 3);
}

TEST_CASE("tui: nothing can be played or changed while browsing, by any key or click", "[tui][browse]") {
    Controller c(Rules{}, Players{});
    for (const char* m : {"c2-c3", "c4xc2"}) submit(c, K::OpenPrompt, m);
    click(c, "c1");
    REQUIRE(c.ui().selection.active());
    act(c, K::StepBack);
    CHECK_FALSE(c.ui().selection.active());  // a half-chosen move does not survive leaving the position
    const std::uint64_t revision = c.revision();
    const std::string why = "Nothing can be played on an earlier position: Esc goes back to the game.";
    // Every key that would play, choose or change the game is answered with why not.
    for (char ch : {'u', 'r', 'n', 'R', 'd', 'H', 'o', ':', ' ', 'x', 'k', '9'})
        CHECK(map_key(Key::character(ch), InputMode::Browse).kind == K::ViewOnly);
    // The keypad's 7 and 1 are cursor-up-left and cursor-down-left keys, as Home and End: they go to the ends.
    CHECK(map_key(Key::character('7'), InputMode::Browse).kind == K::StepFirst);
    CHECK(map_key(Key::character('1'), InputMode::Browse).kind == K::StepLast);
    for (Key::Name n :
         {Key::Name::Enter, Key::Name::Up, Key::Name::Down, Key::Name::UpRight, Key::Name::DownRight, Key::Name::Click})
        CHECK(map_key(Key::named(n), InputMode::Browse).kind == K::ViewOnly);
    for (K kind : {K::ViewOnly, K::Select, K::Undo, K::Redo, K::NewGame, K::Resign, K::OfferDraw, K::Hint, K::Open,
                   K::OpenPrompt}) {
        act(c, kind);
        CHECK(c.ui().message == why);
        CHECK(c.mode() == InputMode::Browse);
    }
    click(c, "c1");
    CHECK(c.ui().message == why);
    cursor(c, ScreenDirection::Up);
    CHECK(c.ui().message == why);
    CHECK_FALSE(c.ui().selection.active());
    CHECK_FALSE(c.take_hint_request());
    CHECK(c.revision() == revision);
    CHECK(c.game().ply() == 2);
    CHECK(c.shown_ply() == 1);
    // Flip, help, save and quit still answer; q asks, and n returns to the same view.
    CHECK(map_key(Key::character('f'), InputMode::Browse).kind == K::Flip);
    CHECK(map_key(Key::character('?'), InputMode::Browse).kind == K::Help);
    CHECK(map_key(Key::character('s'), InputMode::Browse).kind == K::Save);
    act(c, K::Quit);
    CHECK(c.mode() == InputMode::Question);
    act(c, K::No);
    CHECK(c.mode() == InputMode::Browse);
    CHECK(c.shown_ply() == 1);
}

TEST_CASE("tui: while a person browses, the computer plays on in the game and the view stays",
          "[tui][browse][engine]") {
    Players players;
    players.black_level = 3;
    Controller c(Rules{}, players);
    submit(c, K::OpenPrompt, "c2-c3");
    act(c, K::StepBack);
    REQUIRE(c.shown_ply() == 0);
    // The computer is still to move in the game: it thinks and plays there.
    CHECK(c.computer_to_move());
    c.play_delivered(c.legal_moves()[0]);
    CHECK(c.game().ply() == 2);
    CHECK(c.mode() == InputMode::Browse);
    CHECK(c.shown_ply() == 0);
    CHECK(c.shown_position() == start_position());
    act(c, K::StepLast);
    CHECK(c.shown_ply() == 2);
    CHECK(c.mode() == InputMode::Board);
}

TEST_CASE("tui: a new game or a game loaded ends browsing", "[tui][browse]") {
    Controller c(Rules{}, Players{});
    for (const char* m : {"c2-c3", "c4xc2"}) submit(c, K::OpenPrompt, m);
    act(c, K::StepBack);
    REQUIRE(c.mode() == InputMode::Browse);
    c.load(parse_pdn("1. d2-c3 *\n")->front());
    CHECK(c.mode() == InputMode::Board);
    CHECK(c.shown_ply() == 1);
}

TEST_CASE("tui: : during a capture chosen with the cursor says the capture is dropped", "[tui][prompt]") {
    Controller c(Rules{}, Players{}, *parse_fen("W:Wc1:Bc2,d3,b3,a5"));
    click(c, "c1");
    click(c, "c3");
    REQUIRE(c.ui().selection.path.size() == 1);
    act(c, K::OpenPrompt);
    CHECK(c.mode() == InputMode::Prompt);
    CHECK_FALSE(c.ui().selection.active());
    CHECK(c.ui().message == "The capture chosen so far is dropped: type the whole move.");
}

TEST_CASE("tui: with the bell on, the computer's move asks for the bell once; a person's never", "[tui][bell]") {
    Players players;
    players.black_level = 3;
    Controller c(Rules{}, players);
    c.set_bell(true);
    submit(c, K::OpenPrompt, "c2-c3");
    CHECK_FALSE(c.take_bell());  // the person's own move
    c.play_delivered(c.legal_moves()[0]);
    REQUIRE(c.game().ply() == 2);
    CHECK(c.take_bell());
    CHECK_FALSE(c.take_bell());  // once per move
}

TEST_CASE("tui: with the bell off (the default), the computer's move asks for no bell", "[tui][bell]") {
    Players players;
    players.black_level = 3;
    Controller c(Rules{}, players);
    submit(c, K::OpenPrompt, "c2-c3");
    c.play_delivered(c.legal_moves()[0]);
    REQUIRE(c.game().ply() == 2);
    CHECK_FALSE(c.take_bell());
}

TEST_CASE("tui: a move typed on the board without : says how to type one", "[tui][input]") {
    Controller c(Rules{}, Players{});
    c.handle(map_key(Key::character('b'), c.mode()));
    CHECK(c.ui().message == "'b' does nothing here: press : to type a move, ? for the keys.");
    CHECK(c.game().ply() == 0);
}

TEST_CASE("tui: what may be done to a position looked back at is the registry's, row by row", "[tui][browse][keymap]") {
    const std::string why = "Nothing can be played on an earlier position: Esc goes back to the game.";
    int refused = 0;
    for (const KeyAction& row : key_actions()) {
        if (row.contexts == kAtPrompt) continue;  // the prompt's editing keys act only where a prompt is open
        Controller c(Rules{}, Players{});
        for (const char* m : {"c2-c3", "c4xc2"}) submit(c, K::OpenPrompt, m);
        act(c, K::StepBack);
        const std::uint64_t revision = c.revision();
        Action a = Action::of(row.kind);
        a.direction = row.direction;
        a.edit = row.edit;
        c.handle(a);
        const bool allowed = (row.allowed & kLookingBack) != 0;
        INFO(row.name);
        CHECK((c.ui().message == why) == !allowed);
        if (!allowed) ++refused;
        CHECK(c.revision() == revision);
        CHECK(c.game().ply() == 2);
    }
    // By hand from the table: the eight cursor keys, select, move, undo, redo, new game, open, hint, draw, resign.
    CHECK(refused == 17);
}
