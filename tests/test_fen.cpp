// Rules-spec section 7, positions: FEN format and parse, and every kind of malformed input.

#include "helpers.hpp"

using namespace fetaix;

TEST_CASE("7 FEN: the start position", "[fen]") {
    CHECK(to_fen(start_position()) == kStartFen);
    auto p = parse_fen(kStartFen);
    REQUIRE(p);
    CHECK(*p == start_position());
}

TEST_CASE("7 FEN: pieces in any order, mullahs with K, a side may have none", "[fen]") {
    auto p = parse_fen("B:WKc3,b1,a1:Bb4,Ka5");
    REQUIRE(p);
    CHECK(p->side_to_move == Color::Black);
    CHECK(to_fen(*p) == "B:Wa1,b1,Kc3:Bb4,Ka5");
    auto reversed = parse_fen("W:Ba5:Wa1");
    REQUIRE(reversed);
    CHECK(to_fen(*reversed) == "W:Wa1:Ba5");
    auto empty_side = parse_fen("W:W:Ba5");
    REQUIRE(empty_side);
    CHECK(empty_side->of(Color::White) == 0);
    CHECK(parse_fen("  W:Wa1:Ba5\n").ok());
}

TEST_CASE("7 FEN: an error quotes whole UTF-8 characters, never half of one", "[fen]") {
    CHECK(parse_fen("W:W\u2192:Ba5").error().message == "'\u2192:' is not a point (a1 to e5)");
    CHECK(parse_fen("W:Wa1\u00e9:Ba5").error().message == "expected ',' or ':' after a piece, found '\u00e9'");
}

TEST_CASE("7 FEN: malformed positions are rejected with what and where", "[fen]") {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "empty"},
        {"   ", "empty"},
        {"W", "expected ':'"},
        {"X:Wa1:Ba5", "side to move"},
        {"W:Wa1", "second side"},
        {"W:Wa1:", "W or B"},
        {"W:Wa1:Wb2", "repeated"},
        {"W:Xa1:Ba5", "W or B"},
        {"W:Wa1,a1:Ba5", "a1 is named twice"},
        {"W:Wa1:Ba1", "a1 is named twice"},
        {"W:Wf1:Ba5", "'f1' is not a point"},
        {"W:Wa0:Ba5", "'a0' is not a point"},
        {"W:Wa:Ba5", "not a point"},
        {"W:Wa1,:Ba5", "must follow"},
        {"W:Wa1,", "must follow"},
        {"W:Wa1;b1:Ba5", "expected ',' or ':'"},
        {"W:Wa5:Bb5", "would already have been promoted"},
        {"W:Wa4:Bb1", "would already have been promoted"},
        {"W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3:Ba5", "more than 12"},
        {"W:Wa1:Ba5:Bb5", "unexpected text"},
        {"W:Wa1:Ba5 x", "expected ',' or ':'"},
        {"w:Wa1:Ba5", "side to move"},
        {"W:WKK1:Ba5", "not a point"},
    };
    for (const auto& [text, why] : cases) {
        INFO("FEN '" << text << "'");
        auto p = parse_fen(text);
        REQUIRE_FALSE(p.ok());
        CHECK_THAT(p.error().message, Catch::Contains(why));
    }
    CHECK(parse_fen("W:Wa1:Bx9").error().column == 8);
}

TEST_CASE("7 FEN: format then parse gives the same position", "[fen]") {
    for (const char* text : {"W:Wa1,b1,Kc3:Bb4,Ka5", "B:WKe5:BKa1", "W:W:Bc3", "B:Wb2,d4:B"}) {
        const Position p = *parse_fen(text);
        CHECK(*parse_fen(to_fen(p)) == p);
        CHECK(to_fen(*parse_fen(to_fen(p))) == to_fen(p));
    }
}
