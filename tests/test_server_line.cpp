// The server's screen-reader mode outside a game: the line editor (bytes typed into lines, echoed on a
// raw terminal), the seek's words, and the lobby in words.

#include <catch2/catch.hpp>

#include "server/line_lobby.hpp"

using namespace fetaix;
using namespace fetaix::server;
using Lines = std::vector<std::string>;

namespace {

std::vector<std::string> texts(const LineEditor::Fed& fed) {
    std::vector<std::string> out;
    for (const auto& t : fed.lines) out.push_back(t.too_long ? std::string("<too long>") : t.text);
    return out;
}

LineLobby known(const char* name, bool guest = false) {
    return LineLobby(Player{1, name, false, guest}, "kasbah", [](std::string_view) -> Expected<Player> {
        FAIL("no name is asked of a known key");
        return Error{""};
    });
}

LobbyView lobby() {
    LobbyView view;
    view.reach = "ssh -t -p 2222 kasbah";
    view.online = {{"Amina", "in the lobby"}, {"Karim", "playing"}, {"Zineb", "watching"}};
    view.seeks = {{4, "Youssef", "5+3, any colour, rated", "majority yes", false, ""},
                  {5, "Amina", "untimed, plays Black, unrated", "", true, "ab12-cd34-ef56"}};
    view.games = {{2, "Karim", "Zineb", "12 moves, White to move", 1, false, ""},
                  {3, "Amina", "Omar", "3 moves, Black to move", 0, true, ""}};
    return view;
}

}  // namespace

TEST_CASE("server line editor: lines end at CR, LF or CRLF, each once; a raw terminal sees what is typed") {
    LineEditor raw(true, 400);
    LineEditor::Fed fed = raw.feed("look\r\nseek 5+3\rhelp\n");
    CHECK(texts(fed) == Lines{"look", "seek 5+3", "help"});
    CHECK(fed.echo == "look\r\nseek 5+3\r\nhelp\r\n");
    // A line cut across two reads.
    CHECK(raw.feed("acc").lines.empty());
    CHECK(texts(raw.feed("ept 4\r")) == Lines{"accept 4"});
    // Without a pty the client's terminal echoes: nothing is sent back.
    LineEditor cooked(false, 400);
    fed = cooked.feed("look\n");
    CHECK(texts(fed) == Lines{"look"});
    CHECK(fed.echo.empty());
}

TEST_CASE("server line editor: Backspace takes a whole character, Ctrl-U the line; arrows are ignored") {
    LineEditor e(true, 400);
    // "é" is two bytes: one Backspace takes both.
    LineEditor::Fed fed = e.feed(
        "caf\xc3\xa9\x7f"
        "e\r");
    CHECK(texts(fed) == Lines{"cafe"});
    CHECK(fed.echo == "caf\xc3\xa9\b \be\r\n");
    CHECK(texts(e.feed("junk\x15look\r")) == Lines{"look"});
    CHECK(texts(e.feed("lo\x1b[Dok\x1bOA\r")) == Lines{"look"});
    // Backspace on an empty line says nothing.
    CHECK(e.feed("\x7f").echo.empty());
}

TEST_CASE("server line editor: a line over the limit is refused whole; Ctrl-C, or Ctrl-D on an empty line, leaves") {
    LineEditor e(true, 8);
    const LineEditor::Fed fed = e.feed("123456789\rshort\r");
    CHECK(texts(fed) == Lines{"<too long>", "short"});
    CHECK(fed.echo == "12345678\r\nshort\r\n");
    CHECK(e.feed("ab\x04").leave == false);
    CHECK(e.feed("\x03").leave);
    LineEditor d(false, 8);
    CHECK(d.feed("\x04").leave);
}

TEST_CASE("server line lobby: seek's words set the clock, the side, rated, private and each rule switch") {
    auto terms = seek_from_words("10+5 BLACK unrated private backward-captures promotion=immediate no-progress=20",
                                 false);
    REQUIRE(terms);
    CHECK(*terms->clock == TimeControl{600'000, Bonus::Fischer, 5'000});
    CHECK(terms->creator_side == Color::Black);
    CHECK_FALSE(terms->rated);
    CHECK(terms->code == "private");
    CHECK(terms->rules == Rules{true, Promotion::Immediate, false, 20});
    auto plain = seek_from_words("", false);
    REQUIRE(plain);
    CHECK_FALSE(plain->clock);
    CHECK_FALSE(plain->creator_side);
    CHECK(plain->rated);
    CHECK(plain->rules == Rules{});
    CHECK(seek_from_words("1min majority", false)->clock == TimeControl{60'000, Bonus::None, 0});
    CHECK_FALSE(seek_from_words("rated", true)->rated);
    CHECK(seek_from_words("5+4", false).error().message == "'5+4' is no clock, side or rule");
    CHECK(seek_from_words("promotion", false).error().message ==
          "promotion takes a value: promotion=end|immediate|stop");
    CHECK(seek_from_words("promotion=soon", false).error().message ==
          "promotion: expected end, immediate or stop, found \"soon\"");
}

TEST_CASE("server line lobby: look lists the visitor's games, the seeks, the games and who is online") {
    LineLobby l = known("Amina");
    CHECK(l.look(lobby()) ==
          Lines{"Your game 3: Amina against Omar, 3 moves, Black to move. return 3 goes back to it.",
                "2 seeks:", "Seek 4: Youssef, 5+3, any colour, rated.", "Rules: majority yes.",
                "Seek 5: Amina, untimed, plays Black, unrated, yours.",
                "Private: your opponent types ssh -t -p 2222 kasbah join ab12-cd34-ef56",
                "1 game to watch:", "Game 2: Karim against Zineb, 12 moves, White to move, 1 watching.",
                "Online (3): Amina, Karim (playing), Zineb (watching)."});
    for (const std::string& line : l.look(lobby())) CHECK(line.size() <= 90);
    CHECK(known("Omar").look(LobbyView{}) ==
          Lines{"No seeks: seek offers a game.", "No games to watch.", "Online (0): ."});
}

TEST_CASE("server line lobby: commands ask the server for what the lobby's keys ask, numbers checked first") {
    LineLobby l = known("Amina");
    const LobbyView view = lobby();
    using K = LobbyChoice::Kind;
    LineLobby::Answer a = l.enter("accept 4", view);
    CHECK(a.choice.kind == K::Accept);
    CHECK(a.choice.id == 4);
    CHECK(l.enter("accept 5", view).lines == Lines{"That seek is yours: withdraw takes it back."});
    CHECK(l.enter("accept 9", view).lines == Lines{"No seek 9 is open: look lists them."});
    CHECK(l.enter("accept", view).lines == Lines{"Type accept and a number: look lists them."});
    a = l.enter("watch 2", view);
    CHECK(a.choice.kind == K::Watch);
    CHECK(a.choice.id == 2);
    // A game of the visitor's own is returned to, whichever word.
    CHECK(l.enter("watch 3", view).choice.kind == K::Return);
    CHECK(l.enter("return 3", view).choice.kind == K::Return);
    CHECK(l.enter("return 2", view).lines == Lines{"No game 2 of yours is listed: look lists them."});
    CHECK(l.enter("watch 7", view).lines == Lines{"No game 7 is listed: look lists them."});
    a = l.enter("withdraw", view);
    CHECK(a.choice.kind == K::Withdraw);
    CHECK(a.choice.id == 5);
    a = l.enter("watch gh78-JK90-mn12", view);
    CHECK(a.choice.kind == K::Code);
    CHECK(a.choice.code == "gh78-JK90-mn12");
    CHECK(a.choice.watch);
    a = l.enter("join gh78-jk90-mn12", view);
    CHECK(a.choice.kind == K::Code);
    CHECK_FALSE(a.choice.watch);
    a = l.enter("seek 3+2 white", view);
    CHECK(a.choice.kind == K::Seek);
    CHECK(a.choice.terms.creator_side == Color::White);
    CHECK(l.enter("seek 3+3", view).lines ==
          Lines{"No seek made: '3+3' is no clock, side or rule. help lists the words."});
    CHECK(l.enter("ratings", view).choice.kind == K::Ratings);
    CHECK(l.enter("join", view).lines == Lines{"Type join and the private game's code."});
    CHECK(l.enter("QUIT", view).choice.kind == K::Leave);
    CHECK(l.enter("", view).lines.empty());
    CHECK(l.enter("dance now", view).lines == Lines{"Unknown command 'dance': type help for the commands."});
    const Lines help = l.enter("help", view).lines;
    CHECK(help.front() == "Commands:");
    CHECK(help.back() == "quit: leave");
    // The seek's words are indented under it, the rules' line too.
    CHECK(std::count_if(help.begin(), help.end(), [](const std::string& h) { return h.starts_with("  rules: "); }) ==
          1);
    for (const std::string& line : help) CHECK(line.size() <= 80);
}

TEST_CASE("server line lobby: a new key names itself first; a refused name says why") {
    std::vector<std::string> asked;
    LineLobby l(std::nullopt, "kasbah", [&](std::string_view name) -> Expected<Player> {
        asked.emplace_back(name);
        if (name == "Youssef") return Error{"the name Youssef is taken"};
        return Player{7, std::string(name), false, false};
    });
    CHECK(l.opening(LobbyView{}) == Lines{"fetaix server kasbah, screen-reader mode.",
                                          "This key is new here: type the name you will play under.",
                                          "2 to 20 characters, no spaces; the same key finds it again."});
    CHECK(l.enter("Youssef", LobbyView{}).lines == Lines{"The name Youssef is taken. Type another name."});
    CHECK_FALSE(l.player());
    const LineLobby::Answer a = l.enter("  Amina ", LobbyView{});
    REQUIRE(l.player());
    CHECK(l.player()->name == "Amina");
    CHECK(a.lines[1] == "You are Amina. Type help for the commands.");
    CHECK(asked == Lines{"Youssef", "Amina"});
    // Before the name, help explains, and is not taken for one.
    LineLobby fresh(std::nullopt, "kasbah", [](std::string_view) -> Expected<Player> {
        FAIL("help is no name");
        return Error{""};
    });
    CHECK(fresh.enter("help", LobbyView{}).lines ==
          Lines{"First the name you will play under: type it, 2 to 20 characters, no spaces.",
                "Then help lists the commands. quit leaves."});
    CHECK(fresh.enter("quit", LobbyView{}).choice.kind == LobbyChoice::Kind::Leave);
    CHECK_FALSE(fresh.player());
}

TEST_CASE("server line lobby: a seek new since the visitor was last told is said once, not their own") {
    LineLobby l = known("Amina");
    LobbyView view = lobby();
    (void)l.look(view);
    CHECK(l.news(view).empty());
    view.seeks.push_back({8, "Karim", "3+2, plays White, rated", "", false, ""});
    view.seeks.push_back({9, "Amina", "untimed, any colour, rated", "", true, ""});
    CHECK(l.news(view) == Lines{"New seek 8: Karim, 3+2, plays White, rated. accept 8 plays it."});
    CHECK(l.news(view).empty());
}
