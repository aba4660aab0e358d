// Rules-spec section 7, moves: "c2-c3", "a1xd4xd1", unique prefixes, and errors.

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;

TEST_CASE("7 notation: steps with '-', captures with 'x' and every landing point", "[notation]") {
    const Position start = start_position();
    auto m = parse_move("c2-c3", start, {});
    REQUIRE(m);
    CHECK(to_string(*m) == "c2-c3");
    CHECK_FALSE(m->is_capture());
    const Position pos = fen("W:WKa1:Bc3,d2");
    auto capture = parse_move("a1xd4xd1", pos, {});
    REQUIRE(capture);
    CHECK(capture->capture_count() == 2);
    CHECK(to_string(*capture) == "a1xd4xd1");
    CHECK(parse_move("A1Xd4Xd1", pos, {}).error().message.find("not a point") != std::string::npos);
    CHECK(parse_move("a1Xd4Xd1", pos, {}).ok());
    CHECK(parse_move(" a1xd4xd1 ", pos, {}).ok());
}

TEST_CASE("7 notation: a unique prefix names the whole sequence", "[notation]") {
    const Position pos = fen("W:WKa1:Bc3,d2");
    auto m = parse_move("a1xd4", pos, {});
    REQUIRE(m);
    CHECK(to_string(*m) == "a1xd4xd1");
}

TEST_CASE("7 notation: an ambiguous prefix is refused and lists the candidates", "[notation]") {
    const Position pos = fen("W:Wc1:Bc2,d3,b3,a5");
    auto m = parse_move("c1xc3", pos, {});
    REQUIRE_FALSE(m);
    CHECK_THAT(m.error().message,
               Catch::Contains("ambiguous") && Catch::Contains("c1xc3xe3") && Catch::Contains("c1xc3xa3"));
}

TEST_CASE("7 notation: malformed and illegal moves give errors", "[notation]") {
    const Position start = start_position();
    const std::vector<std::pair<std::string, std::string>> cases{
        {"", "empty move"},
        {"c2", "start and a landing point"},
        {"c2-", "expected a point"},
        {"c2-c", "expected a point"},
        {"z9-c3", "'z9' is not a point"},
        {"c2-c3-c4", "one landing point"},
        {"c2-c3xc4", "not both"},
        {"c2+c3", "expected '-' or 'x'"},
        {"c2xc3", "there is no piece to capture between c2 and c3"},
        {"c1-c3", "a man steps one point, and c3 is not next to c1"},
        {"c3-c4", "there is no piece of yours on c3"},
        {"c2-c3 junk", "expected '-' or 'x'"},
    };
    for (const auto& [text, why] : cases) {
        INFO("move '" << text << "'");
        auto m = parse_move(text, start, {});
        REQUIRE_FALSE(m);
        CHECK_THAT(m.error().message, Catch::Contains(why));
    }
    // A step where a capture is compulsory says so.
    auto step = parse_move("b3-b4", fen("W:Wb3:Bc3"), {});
    REQUIRE_FALSE(step);
    CHECK_THAT(step.error().message, Catch::Contains("capture is compulsory"));
    // Too many points.
    CHECK_FALSE(parse_move("a1xa2xa3xa4xa5xb5xb4xb3xb2xb1xc1xc2xc3xc4", start, {}));
}

TEST_CASE("7 notation: an error quotes whole UTF-8 characters, never half of one", "[notation]") {
    // U+2192 (three bytes): the two bytes at the column are the start of it.
    CHECK(parse_move_text("c2-\u2192c3").error().message == "'\u2192c' is not a point (a1 to e5)");
    CHECK(parse_move_text("\u2192").error().message == "'\u2192' is not a point (a1 to e5)");
    CHECK(parse_move_text("c2\u2192c3").error().message == "expected '-' or 'x' after c2, found '\u2192'");
}

TEST_CASE("7 notation: every legal move formats and parses back to itself", "[notation]") {
    for (const char* text :
         {kStartFen.data(), "W:WKa1:Bc3,d2,a3", "W:WKc3:Bd3,b3", "W:Wc1:Bc2,d3,b3,a5", "W:Wc3:Bc4,d5,c2"})
        for (Promotion p : {Promotion::End, Promotion::Immediate, Promotion::Stop}) {
            Rules rules;
            rules.promotion = p;
            const Position pos = fen(text);
            for (const Move& m : legal_moves(pos, rules)) {
                auto back = parse_move(to_string(m), pos, rules);
                REQUIRE(back);
                CHECK(*back == m);
                CHECK(back->promotes == m.promotes);
            }
        }
}
