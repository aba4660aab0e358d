// The visitor's screens outside a game: the name a new key goes by, then the lobby (seeks, games,
// who is online) and what a choice there asks of the server.

#include <catch2/catch.hpp>

#include "server/lobby.hpp"

using namespace fetaix;
using namespace fetaix::server;
using front::Key;

namespace {

// Types `text` and returns the last choice it made.
LobbyChoice type(VisitorScreen& s, std::string_view text, const LobbyView& view = {}) {
    KeyReader reader;
    LobbyChoice last;
    for (const KeyReader::Read& r : reader.feed(text)) last = s.key(r, view);
    return last;
}

VisitorScreen known(const char* name) {
    return VisitorScreen(Player{1, name, false}, "kasbah", [](std::string_view) -> Expected<Player> {
        FAIL("no name is asked of a known key");
        return Error{""};
    });
}

LobbyView busy_lobby() {
    LobbyView view;
    view.online = {{"Amina", "in the lobby"}, {"Karim", "playing"}, {"Youssef", "in the lobby"}};
    view.seeks = {{4, "Youssef", "5+3, any colour", "", false, ""}, {5, "Amina", "untimed, plays Black", "", true, ""}};
    view.games = {{2, "Karim", "Zineb", "12 moves, White to move", 1, false, ""},
                  {3, "Amina", "Omar", "3 moves, Black to move", 0, true, ""}};
    return view;
}

}  // namespace

TEST_CASE("visitor screen: a new key is asked for a name; a refused one says why and can be typed again") {
    std::vector<std::string> asked;
    VisitorScreen s(std::nullopt, "kasbah", [&](std::string_view name) -> Expected<Player> {
        asked.emplace_back(name);
        if (name == "Youssef") return Error{"the name Youssef is taken"};
        return Player{7, std::string(name), false};
    });
    tui::Frame f = s.compose(24, 80, {});
    CHECK(f.line(0) == "  fetaix server kasbah");
    CHECK(f.line(2) == "  Welcome. This key is new here: choose the name you will play under.");
    CHECK(f.line(5) == "  Name:");
    type(s, "Youssef\r");
    f = s.compose(24, 80, {});
    CHECK(f.line(5) == "  Name: Youssef");
    CHECK(f.line(7) == "  The name Youssef is taken.");
    CHECK_FALSE(s.player());
    type(s,
         "\x7f\x7f\x7f\x7f\x7f\x7f\x7f"
         "يوسف\r");
    REQUIRE(s.player());
    CHECK(s.player()->name == "يوسف");
    CHECK(asked == std::vector<std::string>{"Youssef", "يوسف"});
}

TEST_CASE("visitor screen: the lobby lists the visitor's games, the seeks, the games to watch and who is online") {
    VisitorScreen s = known("Amina");
    const tui::Frame f = s.compose(24, 80, busy_lobby());
    // "You are Amina" (13 columns) ends two columns from the right edge: it starts at column 65.
    CHECK(f.line(0) == "  fetaix server kasbah" + std::string(43, ' ') + "You are Amina");
    CHECK(f.line(2) == "  Your games (Enter returns to your seat)");
    CHECK(f.line(3) == "  > Amina - Omar   3 moves, Black to move");
    CHECK(f.line(5) == "  Open seeks (Enter accepts)");
    CHECK(f.line(6) == "    Youssef   5+3, any colour");
    CHECK(f.line(7) == "    Amina   untimed, plays Black   yours: Enter withdraws it");
    CHECK(f.line(9) == "  Games (Enter watches)");
    CHECK(f.line(10) == "    Karim - Zineb   12 moves, White to move, 1 watching");
    CHECK(f.line(12) == "  Online (3)");
    CHECK(f.line(13) == "    Amina (in the lobby), Karim (playing), Youssef (in the lobby)");
    CHECK(f.line(23) == "Up/Down Enter  n seek  c code  l ratings  ? keys  q leaves");
}

TEST_CASE("visitor screen: Enter on each line of the lobby asks for what that line offers") {
    VisitorScreen s = known("Amina");
    const LobbyView view = busy_lobby();
    using K = LobbyChoice::Kind;
    LobbyChoice c = type(s, "\r", view);
    CHECK(c.kind == K::Return);
    CHECK(c.id == 3);
    c = type(s, "\x1b[B\r", view);
    CHECK(c.kind == K::Accept);
    CHECK(c.id == 4);
    c = type(s, "j\r", view);
    CHECK(c.kind == K::Withdraw);
    CHECK(c.id == 5);
    c = type(s, "\x1b[B\r", view);
    CHECK(c.kind == K::Watch);
    CHECK(c.id == 2);
    // The cursor stops at the last line.
    c = type(s, "\x1b[B\x1b[B\r", view);
    CHECK(c.kind == K::Watch);
    CHECK(type(s, "q", view).kind == K::Leave);
    CHECK(type(s, "\x03", view).kind == K::Leave);
}

TEST_CASE("visitor screen: n sets up a seek, its clock and side chosen with the arrows; Esc drops it") {
    VisitorScreen s = known("Amina");
    CHECK(type(s, "n").kind == LobbyChoice::Kind::None);
    tui::Frame f = s.compose(24, 80, {});
    CHECK(f.line(2) == "  New seek");
    // The labels in one column as wide as the longest, "Backward captures".
    CHECK(f.line(3) == "    > Clock:             < untimed >");
    CHECK(f.line(4) == "      Side:              < any colour >");
    CHECK(f.line(5) == "      Rated:             < yes >");
    type(s, "\x1b[C\x1b[C\x1b[C");
    CHECK(s.compose(24, 80, {}).line(3) == "    > Clock:             < 5+3 >");
    type(s, "\x1b[B\x1b[D");
    CHECK(s.compose(24, 80, {}).line(4) == "    > Side:              < Black >");
    type(s, "\x1b[B\x1b[C");
    CHECK(s.compose(24, 80, {}).line(5) == "    > Rated:             < no >");
    const LobbyChoice c = type(s, "\r");
    REQUIRE(c.kind == LobbyChoice::Kind::Seek);
    REQUIRE(c.terms.clock);
    CHECK(*c.terms.clock == TimeControl{300'000, Bonus::Fischer, 3'000});
    CHECK(c.terms.creator_side == Color::Black);
    CHECK_FALSE(c.terms.rated);
    CHECK(terms_words(c.terms) == "5+3, plays Black, unrated");
    CHECK(c.terms.rules == Rules{});
    CHECK(c.terms.code.empty());
    type(s, "n\x1b");
    CHECK(s.compose(24, 80, {}).line(2) == "  Open seeks (Enter accepts)");
}

TEST_CASE("visitor screen: a seek offers every rule switch and may be private; Up from the clock goes round") {
    VisitorScreen s = known("Amina");
    type(s, "n");
    tui::Frame f = s.compose(24, 80, {});
    CHECK(f.line(6) == "      Backward captures: < no >");
    CHECK(f.line(7) == "      Promotion:         < end >");
    CHECK(f.line(8) == "      Majority:          < no >");
    CHECK(f.line(9) == "      No-progress:       < 50 plies >");
    CHECK(f.line(10) == "      Private:           < no >");
    CHECK(f.line(23) == "Left/Right change  Up/Down next line  Enter offers  Esc cancels");
    // Up from the clock is the last line, private.
    type(s, "\x1b[A\x1b[C");
    CHECK(s.compose(24, 80, {}).line(10) == "    > Private:           < yes: found by its code, not listed >");
    // Backward captures yes; promotion two steps on (stop); majority yes; no-progress two steps on (off).
    type(s, "\x1b[B\x1b[B\x1b[B\x1b[B\x1b[C\x1b[B\x1b[C\x1b[C\x1b[B\x1b[C\x1b[B\x1b[C\x1b[C");
    f = s.compose(24, 80, {});
    CHECK(f.line(6) == "      Backward captures: < yes >");
    CHECK(f.line(7) == "      Promotion:         < stop >");
    CHECK(f.line(8) == "      Majority:          < yes >");
    CHECK(f.line(9) == "    > No-progress:       < off >");
    const LobbyChoice c = type(s, "\r");
    REQUIRE(c.kind == LobbyChoice::Kind::Seek);
    CHECK(c.terms.rules == Rules{true, Promotion::Stop, true, 0});
    CHECK_FALSE(c.terms.clock);
    CHECK(c.terms.rated);
    // Private: the server makes the code.
    CHECK_FALSE(c.terms.code.empty());
    CHECK(rules_words(c.terms.rules) == "backward captures yes, promotion stop, majority yes, no-progress rule off");
    CHECK(rules_words(Rules{}).empty());
    // The form keeps what was chosen for the next seek.
    type(s, "n");
    CHECK(s.compose(24, 80, {}).line(7) == "      Promotion:         < stop >");
}

TEST_CASE("visitor screen: a guest's seek is unrated, whatever the form says") {
    VisitorScreen s(Player{9, "guest-0009", false, true}, "kasbah", [](std::string_view) -> Expected<Player> {
        FAIL("a guest is not asked for a name");
        return Error{""};
    });
    type(s, "n");
    CHECK(s.compose(24, 80, {}).line(5) == "      Rated:             < no (guests play unrated games) >");
    const LobbyChoice c = type(s, "\r");
    REQUIRE(c.kind == LobbyChoice::Kind::Seek);
    CHECK_FALSE(c.terms.rated);
    CHECK(seek_terms({0, 0, 0}, false).rated);
    CHECK_FALSE(seek_terms({0, 0, 0}, true).rated);
}

TEST_CASE("visitor screen: c asks for a private game's code; Enter hands it to the server, Esc drops it") {
    VisitorScreen s = known("Amina");
    const LobbyView view = busy_lobby();
    CHECK(type(s, "c", view).kind == LobbyChoice::Kind::None);
    // Typed keys are the code's, not the lobby's (q does not leave).
    CHECK(type(s, "qx7k", view).kind == LobbyChoice::Kind::None);
    tui::Frame f = s.compose(24, 80, view);
    CHECK(f.line(2) == "  Code: qx7k");
    CHECK(f.line(23) == "Enter joins or watches the game of this code  Esc cancels");
    const LobbyChoice c = type(s, "\x7f-9\r", view);
    CHECK(c.kind == LobbyChoice::Kind::Code);
    CHECK(c.code == "qx7-9");
    CHECK(s.compose(24, 80, view).line(2) == "  Your games (Enter returns to your seat)");
    type(s, "cabc\x1b", view);
    CHECK(s.compose(24, 80, view).line(2) == "  Your games (Enter returns to your seat)");
}

TEST_CASE("visitor screen: a private seek and a private game show their code and how it is used") {
    VisitorScreen s = known("Amina");
    LobbyView view;
    view.reach = "ssh -t -p 2222 kasbah";
    view.seeks = {{5, "Amina", "untimed, any colour, rated", "majority yes", true, "ab12-cd34-ef56"}};
    view.games = {{3, "Amina", "Omar", "3 moves, Black to move", 0, true, "gh78-jk90-mn12"}};
    const tui::Frame f = s.compose(24, 100, view);
    CHECK(f.line(3) == "  > Amina - Omar   3 moves, Black to move");
    CHECK(f.line(4) == "      private: others watch with  ssh -t -p 2222 kasbah watch gh78-jk90-mn12");
    CHECK(f.line(7) == "    Amina   untimed, any colour, rated   yours: Enter withdraws it");
    CHECK(f.line(8) == "      rules: majority yes");
    CHECK(f.line(9) == "      private: your opponent types  ssh -t -p 2222 kasbah join ab12-cd34-ef56");
}

TEST_CASE("visitor screen: the seek clocks run from untimed to 30 minutes") {
    std::vector<std::string> words;
    for (const auto& clock : seek_clocks()) words.push_back(clock_words(clock));
    CHECK(words == std::vector<std::string>{"untimed", "1 min", "3+2", "5+3", "10+5", "15+10", "30 min"});
}

TEST_CASE("visitor screen: l shows the leaderboard the server lists, and l or Esc goes back") {
    VisitorScreen s = known("Amina");
    CHECK_FALSE(s.showing_leaderboard());
    type(s, "l");
    REQUIRE(s.showing_leaderboard());
    tui::Frame f = s.compose(24, 80, {});
    CHECK(f.line(2) == "  Leaderboard");
    CHECK(f.line(3) == "    No rated game of the standard rules has ended yet.");
    CHECK(f.line(23) == "l or Esc back to the lobby  q leaves");
    LobbyView view;
    view.leaderboard = {"Rapid", " 1. Youssef   1662 (+/-581)   1 game"};
    f = s.compose(24, 80, view);
    CHECK(f.line(3) == "    Rapid");
    CHECK(f.line(4) == "     1. Youssef   1662 (+/-581)   1 game");
    // The lobby's keys wait: Enter chooses nothing here.
    CHECK(type(s, "\r", busy_lobby()).kind == LobbyChoice::Kind::None);
    type(s, "\x1b");
    CHECK_FALSE(s.showing_leaderboard());
    type(s, "ll");
    CHECK_FALSE(s.showing_leaderboard());
}

TEST_CASE("visitor screen: time classes by the time 40 moves take on one clock, rules by what differs") {
    CHECK(time_class(std::nullopt) == "untimed");
    CHECK(time_class(TimeControl{60'000, Bonus::None, 0}) == "bullet");
    CHECK(time_class(TimeControl{120'000, Bonus::Fischer, 1'000}) == "bullet");  // 160 s
    CHECK(time_class(TimeControl{180'000, Bonus::Fischer, 2'000}) == "blitz");   // 260 s
    CHECK(time_class(TimeControl{300'000, Bonus::Fischer, 3'000}) == "blitz");   // 420 s
    CHECK(time_class(TimeControl{600'000, Bonus::Fischer, 5'000}) == "rapid");   // 800 s
    CHECK(time_class(TimeControl{900'000, Bonus::Fischer, 10'000}) == "rapid");  // 1300 s
    CHECK(time_class(TimeControl{1'800'000, Bonus::None, 0}) == "classical");
    CHECK(rules_key(Rules{}) == "standard");
    Rules promoted;
    promoted.promotion = Promotion::Immediate;
    CHECK(rules_key(promoted) == concat("Promotion=", switch_value(kRuleSwitches[1], promoted)));
}

TEST_CASE("visitor screen: Ctrl-U clears the name typed; ? in the lobby says its keys") {
    VisitorScreen s(std::nullopt, "kasbah", [](std::string_view n) -> Expected<Player> {
        return Player{2, std::string(n), false};
    });
    type(s,
         "Youss\x15"
         "Amina");
    CHECK(s.compose(24, 80, {}).line(5) == "  Name: Amina");
    type(s, "\r?");
    CHECK(s.compose(24, 80, {}).line(22) ==
          "  Enter takes a line, n offers a game, c types a code, l ratings, q leaves.");
}

TEST_CASE("visitor screen: a busy server lists the first few online and how many more there are") {
    VisitorScreen s = known("Amina");
    LobbyView view;
    view.online = {{"Amina", "in the lobby"}, {"Karim", "playing"}};
    view.online_count = 502;
    const tui::Frame f = s.compose(24, 80, view);
    CHECK(f.line(8) == "  Online (502)");
    CHECK(f.line(9) == "    Amina (in the lobby), Karim (playing), and 500 more");
}
