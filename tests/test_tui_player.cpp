// The player seam: the computer and a player at another terminal deliver moves through a Player whose
// file descriptor the terminal loop polls; the controller only asks whether a side is at this keyboard.

#include <algorithm>
#include <memory>
#include <poll.h>

#include <catch2/catch.hpp>

#include "front/controller.hpp"
#include "front/reader.hpp"
#include "play/player.hpp"
#include "tui/frame.hpp"
#include "tui_helpers.hpp"

using namespace fetaix;
using namespace fetaix::front;
using namespace fetaix::tui;
using namespace fetaix::play;
using K = Action::Kind;

namespace {

// Whether fd becomes readable within `ms` (the wait ends at the event, the limit only guards a hang).
bool readable(int fd, int ms) {
    pollfd p{fd, POLLIN, 0};
    return poll(&p, 1, ms) == 1 && (p.revents & POLLIN) != 0;
}

}  // namespace

TEST_CASE("player: the computer's fd is readable once its move is found, and no longer once taken", "[tui][player]") {
    Players players;
    players.black_level = 1;
    players.think_ms = 50;
    Controller c(Rules{}, players);
    type_move(c, "c2-c3");
    REQUIRE(c.player_to_move());
    REQUIRE(c.seat(Color::Black) == Seat::Computer);
    Thinker thinker;
    ComputerPlayer computer(thinker, c.players());
    CHECK_FALSE(readable(computer.fd(), 0));
    computer.start(c.game());
    REQUIRE(readable(computer.fd(), 30000));
    const auto move = computer.take_move();
    REQUIRE(move);
    CHECK_FALSE(readable(computer.fd(), 0));
    const MoveList legal = c.legal_moves();
    CHECK(std::find(legal.begin(), legal.end(), *move) != legal.end());
    c.play_delivered(*move);
    CHECK(c.game().ply() == 2);
    CHECK_FALSE(c.player_to_move());
}

TEST_CASE("player: a cancelled computer leaves its fd quiet", "[tui][player]") {
    Thinker thinker;
    Players players;
    players.white_level = 8;
    players.think_ms = 60000;
    ComputerPlayer computer(thinker, players);
    computer.start(Game());
    computer.cancel();
    CHECK_FALSE(readable(computer.fd(), 0));
    CHECK_FALSE(computer.take_move());
}

TEST_CASE("player: the file reader's fd is readable once the reading is done", "[tui][player][reader]") {
    FileReader reader;
    CHECK_FALSE(readable(reader.fd(), 0));
    reader.start([](const std::string&, const std::atomic<bool>*) -> Expected<GameRecord> { return GameRecord{}; },
                 "game.pdn");
    REQUIRE(readable(reader.fd(), 10000));
    CHECK(reader.take_result());
    CHECK_FALSE(readable(reader.fd(), 0));
}

TEST_CASE("player: with Black at another terminal, White plays here and Black's moves are delivered", "[tui][player]") {
    Players players;
    players.white = "Amina";
    players.black = "Youssef";
    Controller c(Rules{}, players);
    c.set_remote(Color::Black, true);
    CHECK(c.seat(Color::White) == Seat::Keyboard);
    CHECK(c.seat(Color::Black) == Seat::Remote);
    CHECK_FALSE(c.ui().flipped);
    CHECK(c.keyboard_side() == Color::White);
    CHECK_FALSE(c.player_to_move());
    c.set_bell(true);
    type_move(c, "d3-c3");
    REQUIRE(c.game().ply() == 1);
    CHECK_FALSE(c.take_bell());
    CHECK(c.player_to_move());
    CHECK_FALSE(c.computer_to_move());
    CHECK(c.keyboard_side() == Color::White);

    // Nothing at this keyboard plays for Black: not the board, not the prompt, not a hint.
    Action click = Action::of(K::Click);
    click.point = *parse_point("c4");
    c.handle(click);
    CHECK(c.ui().message == "It is not your turn: waiting for Youssef.");
    CHECK_FALSE(c.ui().selection.active());
    type_move(c, "c4-c3");
    CHECK(c.ui().message == "It is not your turn: waiting for Youssef.");
    CHECK(c.ui().prompt.is_open());
    c.handle(Action::of(K::PromptClose));
    c.handle(Action::of(K::Hint));
    CHECK(c.ui().message == "It is not your turn: waiting for Youssef.");
    CHECK_FALSE(c.take_hint_request());
    CHECK(c.game().ply() == 1);

    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    CHECK(c.game().ply() == 2);
    CHECK(c.ui().message == "Black plays b3xd3, taking c3.");
    CHECK(c.take_bell());
    CHECK_FALSE(c.player_to_move());
}

TEST_CASE("player: with White at another terminal, this screen shows the board from Black's side", "[tui][player]") {
    Controller c(Rules{}, Players{});
    c.set_remote(Color::White, true);
    CHECK(c.ui().flipped);
    CHECK(c.ui().cursor == *parse_point("c4"));
    CHECK(c.keyboard_side() == Color::Black);
    CHECK(c.player_to_move());
    c.set_remote(Color::White, false);
    CHECK_FALSE(c.player_to_move());
    CHECK(c.keyboard_side() == Color::White);
}

namespace {

// The screen composed at `rows` x `columns`, each line without its trailing blanks.
std::vector<std::string> screen_lines(const Controller& c, int rows, int columns) {
    const Frame f = compose(c, rows, columns, Glyphs::ascii());
    std::vector<std::string> out;
    for (int r = 0; r < f.rows(); ++r) {
        std::string line = f.line(r);
        line.erase(line.find_last_not_of(' ') + 1);
        out.push_back(line);
    }
    return out;
}

// A Link that records what the controller sends and answers `refuse` (when set) to each.
struct FakeLink {
    std::vector<std::string> sent;
    std::optional<std::string> refuse;
    bool hosts = false;
    bool joins = false;  // a joiner's link: the move is sent, and the host plays it
    Link link() {
        Link l;
        l.hosts = hosts;
        if (joins) l.send = [this](const Move& m) { return said(concat("send ", to_string(m))); };
        else l.play = [this](const Move& m) { return said(concat("play ", to_string(m))); };
        l.offer = [this](bool takeback) { return said(takeback ? "offer takeback" : "offer draw"); };
        l.answer = [this](bool accept) { return said(accept ? "answer yes" : "answer no"); };
        l.resign = [this] { return said("resign"); };
        l.chat = [this](const std::string& text) { return said(concat("chat ", text)); };
        return l;
    }
    std::optional<std::string> said(std::string what) {
        sent.push_back(std::move(what));
        return refuse;
    }
};

// White (Amina) plays here against Black (Youssef) at another terminal.
// (Held by a pointer: the table it shows hears the controller at its address.)
std::unique_ptr<Controller> networked(FakeLink& fake) {
    Players players;
    players.white = "Amina";
    players.black = "Youssef";
    auto c = std::make_unique<Controller>(Rules{}, players);
    c->set_remote(Color::Black, true);
    c->set_link(fake.link());
    return c;
}

}  // namespace

TEST_CASE("player: over the network this keyboard's move goes to the host, and a refused one is not played",
          "[tui][player][network]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    type_move(c, "d3-c3");
    CHECK(c.game().ply() == 1);
    CHECK(fake.sent == std::vector<std::string>{"play d3-c3"});
    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    fake.refuse = "not your turn";
    Action click = Action::of(K::Click);
    click.point = *parse_point("e3");
    c.handle(click);
    click.point = *parse_point("c3");
    c.handle(click);
    CHECK(c.ui().message == "not your turn");
    CHECK(c.game().ply() == 2);
    type_move(c, "e3xc3");
    CHECK(c.ui().message == "e3xc3: not your turn");
    CHECK(c.game().ply() == 2);
    CHECK(c.game().position() == c.game().position_at(2));
    CHECK_FALSE(c.game().can_redo());
}

TEST_CASE("player: a joiner's move is sent, not played: the status says so until the host sends it back",
          "[tui][player][network]") {
    FakeLink fake;
    fake.joins = true;
    const auto owned = networked(fake);
    Controller& c = *owned;
    const auto status = [&c] { return screen_lines(c, 24, 80)[21]; };
    type_move(c, "d3-c3");
    CHECK(fake.sent == std::vector<std::string>{"send d3-c3"});
    CHECK(c.game().ply() == 0);
    CHECK(c.move_sent());
    CHECK(status() == "White (Amina) to move - move sent, waiting for the host | White 12, Black 12");
    // The host plays it and sends it back, as the session does: on the one game, then told to the table.
    Game& game = c.table().game_for_session();
    const auto played = game.play("d3-c3");
    REQUIRE(played);
    c.table().moved(Color::White, *played);
    CHECK_FALSE(c.move_sent());
    CHECK(c.ui().message.empty());  // not announced: it was played here
    CHECK(status() == "Black (Youssef) to move - waiting for Youssef | White 12, Black 12");
    const auto reply = game.play("b3xd3");
    REQUIRE(reply);
    c.table().moved(Color::Black, *reply);
    // Refused by the host (its clock fell, say): its whole state comes instead, and the turn is here again.
    type_move(c, "e3xc3");
    CHECK(c.move_sent());
    c.table().replaced(true);
    CHECK_FALSE(c.move_sent());
    CHECK(status() == "White (Amina) to move - your turn - capture compulsory | White 11, Black 12");
}

TEST_CASE("player: over the network u asks the other player for a take-back and d offers a draw",
          "[tui][player][network]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    c.handle(Action::of(K::Undo));
    CHECK(c.ui().message == "Nothing to take back.");
    type_move(c, "d3-c3");
    c.handle(Action::of(K::Undo));
    CHECK(c.ui().message == "Take-back asked: waiting for Youssef's answer.");
    CHECK(c.game().ply() == 1);  // until the host sends the game taken back
    c.handle(Action::of(K::OfferDraw));
    CHECK(c.ui().message == "Draw offered: waiting for Youssef's answer.");
    CHECK(fake.sent == std::vector<std::string>{"play d3-c3", "offer takeback", "offer draw"});
    c.answered(Color::Black, true, false);
    CHECK(c.ui().message == "Black (Youssef) declines the take-back.");
    // What one game cannot do to the host's: redo, a new game, another file.
    for (K kind : {K::Redo, K::Open}) {
        c.handle(Action::of(kind));
        CHECK(c.ui().message == "Not in a game over the network: the host's game is the one played.");
    }
    c.handle(Action::of(K::NewGame));
    CHECK(c.ui().message == "The host starts a new game: this screen follows the host's game.");
    CHECK(c.mode() == InputMode::Board);
    CHECK(c.game().ply() == 1);
}

TEST_CASE("player: the host's player starts a new game once the one played over the network is over",
          "[tui][player][network]") {
    for (const bool hosts : {true, false}) {
        INFO("hosts " << hosts);
        FakeLink fake;
        fake.hosts = hosts;
        const auto owned = networked(fake);
        Controller& c = *owned;
        type_move(c, "d3-c3");
        c.handle(Action::of(K::NewGame));
        CHECK(c.ui().message == (hosts ? "A new game once this one is over: R resigns, d offers a draw."
                                       : "The host starts a new game: this screen follows the host's game."));
        CHECK(c.game().ply() == 1);
        Game resigned;
        REQUIRE(resigned.resign(Color::Black));
        host_sends(c, resigned);  // as the host's result arrives
        REQUIRE(c.game().over());
        c.handle(Action::of(K::NewGame));
        if (hosts) {
            CHECK(c.ui().message == "New game.");
            CHECK(c.game().ply() == 0);
            CHECK_FALSE(c.game().over());
        } else {
            CHECK(c.ui().message == "The host starts a new game: this screen follows the host's game.");
            CHECK(c.game().over());
        }
    }
}

TEST_CASE("player: over the network the other player's offer is a question, answered through the link",
          "[tui][player][network]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    type_move(c, "d3-c3");
    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    c.offered(Color::Black, true);
    CHECK(c.mode() == InputMode::Question);
    CHECK(c.question_text() == "Black (Youssef) asks to take back their last move. Accept? (y/n)");
    c.handle(Action::of(K::No));
    CHECK(c.ui().message == "You decline the take-back.");
    c.offered(Color::Black, false);
    CHECK(c.question_text() == "Black (Youssef) offers a draw. Accept? (y/n)");
    c.handle(Action::of(K::Yes));
    CHECK(fake.sent.back() == "answer yes");
    CHECK(c.ui().message == "You accept the draw.");
    CHECK_FALSE(c.game().over());  // the host declares the draw, and the game comes back with it
    Game drawn = c.game();
    drawn.agree_draw();
    host_sends(c, drawn);
    CHECK(c.game().result().reason == Reason::AgreedDraw);
}

TEST_CASE("player: over the network resigning tells the host; c opens a chat line that goes through the link",
          "[tui][player][network]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    c.handle(Action::of(K::Chat));
    REQUIRE(c.mode() == InputMode::Prompt);
    for (char ch : std::string("good luck")) {
        Action a = Action::of(K::PromptChar);
        a.ch = ch;
        c.handle(a);
    }
    c.handle(Action::of(K::PromptSubmit));
    CHECK_FALSE(c.ui().prompt.is_open());
    c.handle(Action::of(K::Resign));
    CHECK(c.question_text() == "Resign for White (Amina)? (y/n)");
    c.handle(Action::of(K::Yes));
    CHECK(fake.sent == std::vector<std::string>{"chat good luck", "resign"});
    CHECK(c.game().result().outcome == Outcome::BlackWins);
}

TEST_CASE("player: without the network c says chat is for games over the network", "[tui][player][network]") {
    Controller c(Rules{}, Players{});
    c.handle(map_key(Key::character('c'), c.mode()));
    CHECK(c.ui().message == "Chat is for games over the network (fetaix host, join, watch).");
    CHECK(c.mode() == InputMode::Board);
}

TEST_CASE("player: a watcher plays nothing: both sides come from the host", "[tui][player][network]") {
    FakeLink fake;
    Controller c(Rules{}, Players{});
    c.set_remote(Color::White, true);
    c.set_remote(Color::Black, true);
    c.set_link(fake.link());
    CHECK_FALSE(c.keyboard_side());
    CHECK(c.watching());
    // Whatever only a player does, a watcher is told what a watcher can do.
    const std::string watching = "Watching: watchers cannot move; [ ] browse the moves, c chats.";
    for (const K kind : {K::OfferDraw, K::Resign, K::Undo, K::Hint, K::Select}) {
        c.handle(Action::of(kind));
        CHECK(c.ui().message == watching);
        CHECK(c.mode() == InputMode::Board);
    }
    CHECK_FALSE(c.ui().prompt.is_open());
    // A move typed goes nowhere else (not into chat a key at a time): Enter says why not, and the prompt closes.
    c.handle(Action::of(K::OpenPrompt));
    REQUIRE(c.mode() == InputMode::Prompt);
    for (char ch : std::string("c4xc2")) c.handle(map_key(Key::character(ch), c.mode()));
    c.handle(Action::of(K::PromptSubmit));
    CHECK(c.ui().message == watching);
    CHECK_FALSE(c.ui().prompt.is_open());
    CHECK(c.game().ply() == 0);
    CHECK(fake.sent.empty());
    CHECK_FALSE(c.take_hint_request());
    // A key that does nothing is not answered with how to type a move, which a watcher cannot.
    Action unbound = Action::of(K::Unbound);
    unbound.ch = 'x';
    c.handle(unbound);
    CHECK(c.ui().message == "'x' does nothing here: press ? for the keys.");
    // The help lists the keys a watcher can use, and none of a player's.
    c.handle(Action::of(K::Help));
    const Frame f = compose(c, 40, 80, Glyphs::ascii());
    std::vector<std::string> lines;
    for (int r = 0; r < f.rows(); ++r) lines.push_back(f.line(r));
    const auto shown = [&lines](std::string_view text) {
        return std::any_of(lines.begin(), lines.end(),
                           [text](const std::string& l) { return l.find(text) != std::string::npos; });
    };
    CHECK(shown("  [ ]  look back, look forward   f  flip the board"));
    CHECK(shown("  c  chat with the watchers   s  save the game to a file"));
    CHECK(shown("  ?  this help   q  quit"));
    CHECK(shown("  Watchers cannot move, take back, offer a draw or resign."));
    for (std::string_view player :
         {"type a move", "undo", "redo", "d  offer", "R  resign", "hint", "take-back", "select"})
        CHECK_FALSE(shown(player));
    c.handle(Action::of(K::CloseOverlay));
    c.play_delivered(*parse_move("d3-c3", c.game().position(), c.game().rules()));
    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    CHECK(c.game().ply() == 2);
    CHECK(fake.sent.empty());
}

TEST_CASE("player: over the network the status says whose turn from this side, the chat shows under the board",
          "[tui][player][network][frame]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    c.set_network_line("Join: fetaix join kitchen   Watch: fetaix watch kitchen");
    const auto screen = [&c] { return screen_lines(c, 24, 80); };
    std::vector<std::string> s = screen();
    CHECK(s[20] == "Join: fetaix join kitchen   Watch: fetaix watch kitchen");
    CHECK(s[21] == "White (Amina) to move - your turn | White 12, Black 12");
    type_move(c, "d3-c3");
    c.add_chat("Youssef: hello");
    c.add_chat("Amina: good luck");
    c.set_network_line("");
    s = screen();
    CHECK(s[17] == "Youssef: hello");
    CHECK(s[18] == "Amina: good luck");
    CHECK(s[21] == "Black (Youssef) to move - waiting for Youssef | White 12, Black 12");
}

TEST_CASE("player: the network line's parts are never cut: the rest on one line when it fits, else the first alone",
          "[tui][player][network][frame]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    const auto lines = [&c](int columns) { return screen_lines(c, 24, columns); };
    // Who is gone above the host's sign, whose two commands share a line.
    c.set_network_line("Black (Youssef) disconnected, waiting\nJoin: fetaix join kitchen\nWatch: fetaix watch kitchen");
    std::vector<std::string> s = lines(80);
    CHECK(s[19] == "Black (Youssef) disconnected, waiting");
    CHECK(s[20] == "Join: fetaix join kitchen   Watch: fetaix watch kitchen");
    CHECK(s[21] == "White (Amina) to move - your turn | White 12, Black 12");
    // Wide enough for all three.
    s = lines(130);
    CHECK(s[20] == "Black (Youssef) disconnected, waiting   Join: fetaix join kitchen   Watch: fetaix watch kitchen");
    CHECK(s[21] == "White (Amina) to move - your turn | White 12, Black 12");
    // A shared game's commands with their codes do not share a line: each part on its own.
    c.set_network_line(
        "Black (Youssef) disconnected, waiting\nJoin: fetaix join kitchen, code abcd-efgh-ijkl\n"
        "Watch: fetaix watch kitchen, code mnop-qrst-uvwx");
    s = lines(80);
    CHECK(s[18] == "Black (Youssef) disconnected, waiting");
    CHECK(s[19] == "Join: fetaix join kitchen, code abcd-efgh-ijkl");
    CHECK(s[20] == "Watch: fetaix watch kitchen, code mnop-qrst-uvwx");
    CHECK(s[21] == "White (Amina) to move - your turn | White 12, Black 12");
}

TEST_CASE("player: over the network the help page says what u, d and c do there", "[tui][player][network][frame]") {
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    c.handle(Action::of(K::Help));
    const Frame f = compose(c, 40, 100, Glyphs::ascii());
    bool found = false;
    for (int r = 0; r < f.rows(); ++r)
        found = found ||
                f.line(r).find("Over the network: u asks a take-back, d offers a draw, c chats") != std::string::npos;
    CHECK(found);
}

TEST_CASE(
    "player: over the network the key line offers n to the host once the game is over, and only browsing once the host is gone",
    "[tui][player][network][frame]") {
    const auto key_line = [](const Controller& c) {
        const Frame f = compose(c, 24, 80, Glyphs::ascii());
        std::string line = f.line(22);  // under the status line
        return line.erase(line.find_last_not_of(' ') + 1);
    };
    for (const bool hosts : {true, false}) {
        INFO("hosts " << hosts);
        FakeLink fake;
        fake.hosts = hosts;
        const auto owned = networked(fake);
        Controller& c = *owned;
        CHECK(key_line(c) == "Enter select  : move  u take-back  d draw  c chat  ? help  q quit");
        Game resigned;
        REQUIRE(resigned.resign(Color::Black));
        host_sends(c, resigned);  // as the host's result arrives
        REQUIRE(c.game().over());
        CHECK(key_line(c) ==
              concat(hosts ? "n new game   " : "", "[ ] browse the moves   c chat   f flip   ? help   q quit"));
    }
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    type_move(c, "d3-c3");
    c.play_delivered(*parse_move("b3xd3", c.game().position(), c.game().rules()));
    REQUIRE(c.must_capture());
    c.set_link_lost("the host is gone");
    CHECK(key_line(c) == "[ ] browse the moves   f flip   ? help   q quit");
    // Nothing can be played here now: the status line no longer says a capture is compulsory.
    const Frame f = compose(c, 24, 80, Glyphs::ascii());
    std::string status = f.line(21);
    CHECK(status.erase(status.find_last_not_of(' ') + 1) ==
          "White (Amina) to move - the host is gone | White 11, Black 12");
}

TEST_CASE("player: over the network the help lists only the keys a seat may use; the host's n once the game is over",
          "[tui][player][network][help]") {
    // The help's Keys section, as composed at 80x40 (one page), trailing blanks dropped.
    const auto keys_section = [](const Controller& c) {
        std::string text;
        for (const std::string& line : screen_lines(c, 40, 80)) text += line + "\n";
        return text.substr(text.find("Keys"), text.find("Rules") - text.find("Keys"));
    };
    FakeLink fake;
    const auto owned = networked(fake);
    Controller& c = *owned;
    c.handle(Action::of(K::Help));
    REQUIRE(c.ui().help_open);
    const std::string seat = keys_section(c);
    // Redo, a new game and opening a file are the registry's for a game here only.
    CHECK(seat.find("r  redo") == std::string::npos);
    CHECK(seat.find("n  new game") == std::string::npos);
    CHECK(seat.find("o  open a file") == std::string::npos);
    CHECK(seat.find("u  undo") != std::string::npos);
    CHECK(seat.find("Over the network: u asks a take-back, d offers a draw, c chats\n") != std::string::npos);

    FakeLink host_link;
    host_link.hosts = true;
    const auto host_owned = networked(host_link);
    Controller& host = *host_owned;
    host.handle(Action::of(K::Help));
    CHECK(keys_section(host).find("  Over the network: u asks a take-back, d offers a draw, c chats\n"
                                  "     n  the next game, once this one is over (its host)\n") != std::string::npos);

    // A game at one keyboard lists them all.
    Controller here(Rules{}, Players{});
    here.handle(Action::of(K::Help));
    const std::string local = keys_section(here);
    CHECK(local.find("r  redo") != std::string::npos);
    CHECK(local.find("n  new game") != std::string::npos);
    CHECK(local.find("o  open a file") != std::string::npos);
}
