// The visitor's first screens: the name a new key goes by, then the lobby.

#include <catch2/catch.hpp>

#include "server/lobby.hpp"

using namespace fetaix;
using namespace fetaix::server;
using front::Key;

namespace {

void type(VisitorScreen& s, std::string_view text) {
    KeyReader reader;
    for (const KeyReader::Read& r : reader.feed(text)) s.key(r);
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
    CHECK(f.line(7) == "  Not taken: the name Youssef is taken.");
    CHECK_FALSE(s.player());
    type(s,
         "\x7f\x7f\x7f\x7f\x7f\x7f\x7f"
         "يوسف\r");
    REQUIRE(s.player());
    CHECK(s.player()->name == "يوسف");
    CHECK(asked == std::vector<std::string>{"Youssef", "يوسف"});
    f = s.compose(24, 80, {{"يوسف", "in the lobby"}});
    CHECK(f.line(2) == "  You are يوسف.");
    CHECK(f.line(4) == "  Players online (1)");
    CHECK(f.line(5) == "    يوسف  in the lobby");
}

TEST_CASE("visitor screen: a known key goes to the lobby at once; q and Ctrl-C leave") {
    VisitorScreen s(Player{1, "Amina", false}, "kasbah", [](std::string_view) -> Expected<Player> {
        FAIL("no name is asked of a known key");
        return Error{""};
    });
    tui::Frame f = s.compose(24, 80, {{"Amina", "in the lobby"}, {"Karim", "in the lobby"}});
    CHECK(f.line(2) == "  You are Amina.");
    CHECK(f.line(4) == "  Players online (2)");
    CHECK(f.line(23) == "q leaves");
    type(s, "x");
    CHECK_FALSE(s.leaving());
    type(s, "q");
    CHECK(s.leaving());
    VisitorScreen t(std::nullopt, "kasbah", [](std::string_view) -> Expected<Player> { return Error{"no"}; });
    type(t, "\x03");
    CHECK(t.leaving());
}
