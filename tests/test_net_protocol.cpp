// The network protocol (src/net/protocol.hpp): every message formats and parses back to itself, the
// exact lines on the wire, and the exact error text for each kind of malformed line.

#include <catch2/catch.hpp>

#include <string>

#include "net/protocol.hpp"
#include "net/transport.hpp"

using namespace fetaix;
using namespace fetaix::net;

namespace {

std::string error_of(std::string_view line) {
    auto m = parse(line);
    REQUIRE_FALSE(m.ok());
    return m.error().describe();
}

template <class T>
T parsed_as(std::string_view line) {
    auto m = parse(line);
    INFO(line);
    REQUIRE(m.ok());
    REQUIRE(std::holds_alternative<T>(*m));
    return std::get<T>(*m);
}

}  // namespace

TEST_CASE("protocol: each message has its exact line and reads back to itself", "[net]") {
    State state;
    state.white = "Amina";
    state.black = "Youssef";
    state.white_present = true;
    state.plies = 3;
    state.rules.majority = true;
    state.rules.no_progress = 40;
    state.declared = {Outcome::BlackWins, Reason::Resignation};
    state.offer = Offer::Draw;
    state.offer_by = Color::Black;
    GameInfo info{"kitchen", 1, "Amina", "Black", false, true, 12, Color::Black, Outcome::Ongoing, 2, true};
    const std::vector<std::pair<Message, std::string>> cases = {
        {Hello{1, Role::Seat, "Youssef", "k7m2-q9x4-ab3d", "0f3a"},
         "hello version=1 role=seat name=Youssef code=k7m2-q9x4-ab3d token=0f3a"},
        {Hello{1, Role::Watch, "", "", ""}, "hello version=1 role=watch"},
        {Query{}, "query version=1"},
        {MoveMessage{7, "c3xc1xe1"}, "move ply=7 move=c3xc1xe1"},
        {OfferMessage{Offer::Takeback, std::nullopt}, "offer what=takeback"},
        {OfferMessage{Offer::Draw, Color::White}, "offer what=draw by=white"},
        {AnswerMessage{Offer::Takeback, false, std::nullopt}, "answer what=takeback accept=no"},
        {AnswerMessage{Offer::Draw, true, Color::Black}, "answer what=draw accept=yes by=black"},
        {Resign{}, "resign"},
        {SyncRequest{}, "sync"},
        {Takeover{}, "takeover version=1"},
        {Chat{"good move", "", std::nullopt}, "chat text=\"good move\""},
        {Chat{"say \"hi\" \\o/", "Youssef", Role::Black},
         "chat from=Youssef role=black text=\"say \\\"hi\\\" \\\\o/\""},
        {Welcome{1, Role::Black, "kitchen", "0f3a"}, "welcome version=1 role=black game=kitchen token=0f3a"},
        {Pending{"waiting for Amina to accept"}, "pending text=\"waiting for Amina to accept\""},
        {state,
         "state white=Amina black=Youssef white-present=yes black-present=no "
         "fen=W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5 "
         "backward-captures=no promotion=end majority=yes no-progress=40 plies=3 result=0-1 "
         "reason=resignation offer=draw offer-by=black"},
        {History{1, {"c2-c3", "c4xc2", "b2xb3"}}, "history from=1 moves=c2-c3,c4xc2,b2xb3"},
        {Moved{8, "a1-a2"}, "moved ply=8 move=a1-a2"},
        {ResultMessage{{Outcome::Draw, Reason::AgreedDraw}}, "result outcome=1/2-1/2 reason=agreed-draw"},
        {Joined{Color::Black, "Youssef"}, "joined role=black name=Youssef"},
        {Left{Color::White, "Ali Ben"}, "left role=white name=\"Ali Ben\""},
        {info,
         "game name=kitchen version=1 white=Amina black=Black free=black ply=12 turn=black result=* watchers=2 shared=yes"},
        {GameInfo{"local-42", 1, "White", "root", false, false, 3, Color::Black, Outcome::Ongoing, 0, false, false,
                  true},
         "game name=local-42 version=1 white=White black=root free=none ply=3 turn=black result=* watchers=0 shared=no away=black"},
        {ErrorMessage{"wrong join code"}, "error text=\"wrong join code\""},
        {Bye{"Amina ended the game"}, "bye text=\"Amina ended the game\""},
        {Unknown{"ping"}, "ping"},
    };
    for (const auto& [message, line] : cases) {
        INFO(line);
        CHECK(format(message) == line);
        auto back = parse(line);
        REQUIRE(back.ok());
        CHECK(*back == message);
    }
}

TEST_CASE("protocol: fields may come in any order, unknown fields and messages are ignored", "[net]") {
    CHECK(parsed_as<MoveMessage>("move move=c2-c3 ply=1 colour=green") == MoveMessage{1, "c2-c3"});
    CHECK(parsed_as<Unknown>("clock white=300 black=280").name == "clock");
    // A '\r' before the line's end (a peer typing through a terminal) is dropped; runs of spaces are one.
    CHECK(parsed_as<MoveMessage>("move  ply=1   move=c2-c3\r") == MoveMessage{1, "c2-c3"});
    CHECK(parsed_as<Chat>("chat text=\"\"").text.empty());
    CHECK(parsed_as<Hello>("hello version=1 role=white name=\"Amína ☺\"").name == "Amína ☺");
}

TEST_CASE("protocol: a malformed line gets an exact error", "[net]") {
    CHECK(error_of("") == "column 1: a line starts with a message name (a-z, 0-9, '-')");
    CHECK(error_of("Move ply=1") == "column 1: a line starts with a message name (a-z, 0-9, '-')");
    CHECK(error_of("move ply") == "column 6: expected a field: key=value");
    CHECK(error_of("move ply=1 move=c2-c3 ply=2") == "column 23: field ply given twice");
    CHECK(error_of("chat text=\"open") == "column 11: unterminated quoted value");
    CHECK(error_of("chat text=\"a\"b") == "column 14: expected a space after a quoted value");
    CHECK(error_of("chat text=\"a\\nb\"") == "column 13: only \\\" and \\\\ may follow a backslash");
    CHECK(error_of("chat text=a\"b") == "column 12: a value with '\"' or '\\' must be quoted");
    CHECK(error_of("chat text=\"a\tb\"") == "column 13: control character");
    CHECK(error_of("chat text=\xff") == "column 11: not valid UTF-8");
    CHECK(error_of("chat text=\xc0\xaf") == "column 11: not valid UTF-8");  // an overlong '/'
    CHECK(error_of(std::string(4096, 'a')) == "line longer than 4096 bytes");
    CHECK(error_of("move ply=x move=c2-c3") == "move: ply: not a number: \"x\"");
    CHECK(error_of("move ply=0 move=c2-c3") == "move: ply: out of range (1 to 1000000): \"0\"");
    CHECK(error_of("move ply=-1 move=c2-c3") == "move: ply: not a number: \"-1\"");
    CHECK(error_of("move ply=1") == "move: missing field move");
    CHECK(error_of("move ply=1 move=z9-z8") == "move: move: not a move: \"z9-z8\"");
    CHECK(error_of("hello version=1 role=king") == "hello: role: unknown role \"king\"");
    CHECK(error_of("hello role=seat") == "hello: missing field version");
    CHECK(error_of(std::string("hello version=1 role=seat name=") + std::string(41, 'n')) ==
          "hello: name: longer than 40 bytes");
    CHECK(error_of("offer what=peace") == "offer: what: expected takeback or draw: \"peace\"");
    CHECK(error_of("answer what=draw accept=maybe") == "answer: accept: expected yes or no: \"maybe\"");
    CHECK(error_of("result outcome=1-0 reason=agreed-draw") == "result: reason: agreed-draw does not give 1-0");
    CHECK(error_of("result outcome=1-0") == "result: missing field reason");
    CHECK(error_of("welcome version=1 role=seat game=g") == "welcome: role: a welcome gives white, black or watch");
    CHECK(error_of("history from=1 moves=c2-c3,,c4xc2") == "history: moves: not a move: \"\"");
    CHECK(error_of("state white=a black=b white-present=yes black-present=no plies=0 fen=X") ==
          "state: fen: column 1: the position must start with the side to move, W or B");
    CHECK(error_of("state white=a black=b white-present=yes black-present=no plies=0 promotion=sideways") ==
          "state: promotion: expected end, immediate or stop, found \"sideways\"");
    CHECK(
        error_of(
            "game name=g version=1 white=a black=b free=none ply=0 turn=white result=* watchers=0 shared=no away=none") ==
        "game: away: expected white, black or white,black: \"none\"");
    // A long value is cut in the error, which must fit in an error line.
    CHECK(error_of("hello version=1 role=" + std::string(100, 'k')) ==
          "hello: role: unknown role \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...\"");
}

TEST_CASE("protocol: error lines stay within their limit and valid", "[net]") {
    CHECK(error_line("wrong join code") == "error text=\"wrong join code\"");
    const std::string long_text(1000, 'x');
    const std::string line = error_line(long_text);
    CHECK(line == "error text=" + std::string(kMaxTextBytes, 'x'));
    CHECK(parse(line).ok());
    // Cut at a character, never inside one.
    std::string accents;
    for (int i = 0; i < 300; ++i) accents += "é";
    auto back = parse(error_line(accents));
    REQUIRE(back.ok());
    CHECK(std::get<ErrorMessage>(*back).text.size() == kMaxTextBytes);
}

TEST_CASE("protocol: a long game's history is split into lines within the limit", "[net]") {
    std::vector<std::string> moves;
    for (int i = 0; i < 2000; ++i) moves.push_back(i % 2 ? "a1xc3xe5xc3" : "c2-c3");
    const std::vector<std::string> lines = history_lines(1, moves);
    REQUIRE(lines.size() > 1);
    std::vector<std::string> back;
    for (const std::string& line : lines) {
        CHECK(line.size() + 1 <= kMaxLineBytes);
        const History h = parsed_as<History>(line);
        CHECK(h.from == back.size() + 1);
        back.insert(back.end(), h.moves.begin(), h.moves.end());
    }
    CHECK(back == moves);
    CHECK(history_lines(1, {}).empty());
}

TEST_CASE("protocol: codes and game names", "[net]") {
    const std::string code = random_code();
    REQUIRE(code.size() == 14);
    CHECK(code[4] == '-');
    CHECK(code[9] == '-');
    CHECK(code.find_first_of("0o1l") == std::string::npos);
    CHECK(random_code() != code);
    std::string typed = code;
    typed.erase(4, 1);
    for (char& c : typed) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(code_matches(code, typed));
    CHECK_FALSE(code_matches(code, code.substr(0, 13)));
    CHECK_FALSE(code_matches(code, ""));
    CHECK_FALSE(code_matches("", ""));
    CHECK(random_hex(16).size() == 32);

    CHECK_FALSE(check_game_name("kitchen"));
    CHECK_FALSE(check_game_name("game-2.b_c"));
    for (const char* bad : {"", ".hidden", "-x", "a/b", "a b", "ab\n", "123456789012345678901234567890123"})
        CHECK(check_game_name(bad) ==
              "a game name is 1 to 32 letters, digits, '-', '_' or '.', not starting with '.' or '-'");
}
