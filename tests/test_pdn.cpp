// Rules-spec section 7, game records: write, read, several games, comments and variations, errors.

#include "helpers.hpp"

using namespace fetaix;
using fetaix::test::fen;

TEST_CASE("7 PDN: a game is written with tags, switches, numbered moves and the result", "[pdn]") {
    Rules rules;
    rules.promotion = Promotion::Immediate;
    Game g(rules);
    REQUIRE(g.play("d2-c3"));
    REQUIRE(g.play("b4xd2"));
    REQUIRE(g.play("e1xc3"));
    const std::string text = format_pdn(g, {{"White", "Ali"}, {"Black", "Zineb \"Z\""}});
    CHECK(text ==
          "[White \"Ali\"]\n"
          "[Black \"Zineb \\\"Z\\\"\"]\n"
          "[Result \"*\"]\n"
          "[BackwardCaptures \"no\"]\n"
          "[Promotion \"immediate\"]\n"
          "[Majority \"no\"]\n"
          "[NoProgress \"50\"]\n"
          "\n"
          "1. d2-c3 b4xd2 2. e1xc3 *\n");
}

TEST_CASE("7 PDN: format then parse gives back the game", "[pdn]") {
    Rules rules;
    rules.backward_captures = true;
    rules.majority = true;
    rules.no_progress = 20;
    Game g(rules, fen("B:Wb2,c2,Kd4:Bc4,b5,Ke5"));
    for (int i = 0; i < 6 && !g.over(); ++i) REQUIRE(g.play(g.legal_moves()[0]));
    const std::string text = format_pdn(g, {{"Event", "Test"}});
    auto records = parse_pdn(text);
    REQUIRE(records);
    REQUIRE(records->size() == 1);
    const GameRecord& r = records->front();
    CHECK(r.rules == rules);
    CHECK(r.start == g.start());
    CHECK(r.tag("Event") == "Test");
    CHECK(r.moves == g.moves());
    const Game back = to_game(r);
    CHECK(back.position() == g.position());
    CHECK(format_pdn(back, {{"Event", "Test"}}) == text);
    CHECK(text.find("1... ") != std::string::npos);  // Black moved first
}

TEST_CASE("7 PDN: several games, comments, variations, NAGs and glued move numbers", "[pdn]") {
    const std::string text =
        "[Event \"one\"]\n"
        "1. d2-c3 {a comment (with brackets)} b4xd2 (1... d4xd2 {side line} (2. e1xc3)) 2.e1xc3! $1 * \n"
        "\n"
        "; a line comment\n"
        "[Event \"two\"]\n"
        "[Result \"1-0\"]\n"
        "1. c2-c3 c4xc2 1-0\n";
    auto records = parse_pdn(text);
    REQUIRE(records);
    REQUIRE(records->size() == 2);
    CHECK((*records)[0].moves.size() == 3);
    CHECK((*records)[0].result == Outcome::Ongoing);
    CHECK((*records)[1].tag("Event") == "two");
    CHECK((*records)[1].result == Outcome::WhiteWins);
    // The result token that the position does not explain is a resignation.
    CHECK(to_game((*records)[1]).result() == GameResult{Outcome::WhiteWins, Reason::Resignation});
}

TEST_CASE("7 PDN: a game ended by the rules keeps its reason", "[pdn]") {
    auto records = parse_pdn("[FEN \"W:Wb3:Bc3\"]\n1. b3xd3 1-0\n");
    REQUIRE(records);
    CHECK(to_game(records->front()).result() == GameResult{Outcome::WhiteWins, Reason::CaptureAll});
}

TEST_CASE("7 PDN: malformed records give errors with line and column", "[pdn]") {
    struct Case {
        std::string text;
        std::string why;
        int line;
        int column;
    };
    const std::vector<Case> cases{
        {"", "empty", 1, 1},
        {"   \n\n", "empty", 1, 1},
        {"[White \"x\"", "expected ']'", 1, 11},
        {"[White x]", "expected '\"'", 1, 8},
        {"[ \"x\"]", "tag name", 1, 3},
        {"[White \"abc\n\"]", "never closed", 1, 1},
        {"1. c2-c3 {open", "never closed", 1, 10},
        {"1. c2-c3 (1... b4xd2", "never closed", 1, 10},
        {"1. c2-c3 c4xc2 2. c1-c2 *", "move 2 'c1-c2'", 1, 19},
        {"1. c2-c4 *", "move 1 'c2-c4': a man steps one point, and c4 is not next to c2", 1, 4},
        {"\n\n  1. c2-c3 zz *", "'zz' is not a point", 3, 12},
        {"[FEN \"W:Wz1:B\"]\n*", "tag FEN: bad position", 1, 1},
        // A side without pieces: the game would be over before it began (and its first move "capture all").
        {"[FEN \"W:Wa1:B\"]\n1. a1-a2 *", "tag FEN: W:Wa1:B: Black has no pieces, so the game is already over", 1, 1},
        {"[FEN \"B:W:Bb2\"]\n*", "tag FEN: B:W:Bb2: White has no pieces, so the game is already over", 1, 1},
        {"[FEN \"W:W:B\"]\n*", "tag FEN: W:W:B: neither side has pieces: there is no game", 1, 1},
        {"[Promotion \"sideways\"]\n*", "expected end, immediate or stop", 1, 1},
        {"[Majority \"maybe\"]\n*", "expected yes or no", 1, 1},
        {"[BackwardCaptures \"\"]\n*", "expected yes or no", 1, 1},
        {"[NoProgress \"ten\"]\n*", "expected a number", 1, 1},
        {"[NoProgress \"99999999\"]\n*", "expected a number", 1, 1},
        {"[FEN \"W:Wb3:Bc3\"]\n1. b3xd3 c3-c2 *", "after the game has ended", 2, 10},
        {"1. c2-c3 ) *", "unexpected ')'", 1, 10},
    };
    for (const Case& c : cases) {
        INFO("record: " << c.text);
        auto r = parse_pdn(c.text);
        REQUIRE_FALSE(r);
        CHECK_THAT(r.error().message, Catch::Contains(c.why));
        CHECK(r.error().line == c.line);
        CHECK(r.error().column == c.column);
    }
}

TEST_CASE("7 PDN: an error in the second or a later game names the game", "[pdn]") {
    const std::string one = "[Event \"a\"]\n\n1. c2-c3 c4xc2 *\n\n";
    auto second = parse_pdn(one + "1. c2-c3 c4xc2 2. c1xc3 zz *\n");
    REQUIRE_FALSE(second);
    CHECK(second.error().describe() == "line 5, column 25: game 2: move 2 'zz': 'zz' is not a point (a1 to e5)");
    auto third = parse_pdn(one + one + "[Majority \"maybe\"]\n*");
    REQUIRE_FALSE(third);
    CHECK_THAT(third.error().describe(), Catch::StartsWith("line 9, column 1: game 3: tag Majority:"));
    // The first game's errors stay as they were: the line is enough.
    auto first = parse_pdn("1. c2-c3 zz *\n\n" + one);
    REQUIRE_FALSE(first);
    CHECK(first.error().describe() == "line 1, column 10: move 1 'zz': 'zz' is not a point (a1 to e5)");
}

TEST_CASE("7 PDN: a text that is no record is told so, not taken for a bad move", "[pdn]") {
    auto passwd = parse_pdn("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n");
    REQUIRE_FALSE(passwd);
    CHECK(passwd.error().describe() ==
          "line 1, column 1: not a game record (it begins 'root:x:0:0:root:/roo...', not with tags or moves)");
    // A long first word is cut before a character, never inside one (each "é" is two bytes).
    auto accents = parse_pdn("ééééééééééééééé *");
    REQUIRE_FALSE(accents);
    CHECK(accents.error().message == "not a game record (it begins 'éééééééééé...', not with tags or moves)");
    auto odd = parse_pdn("xéééééééééé *");  // 21 bytes: the cut falls inside the tenth "é"
    REQUIRE_FALSE(odd);
    CHECK(odd.error().message == "not a game record (it begins 'xééééééééé...', not with tags or moves)");
    // Written as a move, it is checked as one; after a tag or a move number, a record is what it is.
    CHECK(parse_pdn("c2-c6 *").error().message == "move 1 'c2-c6': 'c6' is not a point (a1 to e5)");
    CHECK(parse_pdn("[Event \"x\"]\nroot *").error().message == "move 1 'root': 'ro' is not a point (a1 to e5)");
    CHECK(parse_pdn("1. root *").error().message == "move 1 'root': 'ro' is not a point (a1 to e5)");
}

TEST_CASE("7 PDN: hostile input never crashes or hangs", "[pdn]") {
    // Deep nesting, long tokens, stray bytes: each is an error or a record, and each returns.
    std::string deep(100000, '(');
    CHECK_FALSE(parse_pdn(deep));
    CHECK_FALSE(parse_pdn(std::string(100000, 'a')));
    CHECK_FALSE(parse_pdn(std::string("\0\xff\xfe[", 4)));
    CHECK(parse_pdn(std::string(5000, ' ') + "*").ok());
    std::string many;
    for (int i = 0; i < 2000; ++i) many += "[Event \"x\"] * ";
    auto r = parse_pdn(many);
    REQUIRE(r);
    CHECK(r->size() == 2000);
}

TEST_CASE("7 PDN: the redo line travels in a Redo tag and comes back", "[pdn]") {
    Game g;
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3", "a3xc1"}) REQUIRE(g.play(m));
    g.undo();
    g.undo();
    const std::string text = format_pdn(g, {}, true);
    CHECK_THAT(text, Catch::Contains("[Redo \"c1xc3 a3xc1\"]"));
    CHECK(format_pdn(g, {}).find("Redo") == std::string::npos);  // only when asked for
    auto r = parse_pdn(text);
    REQUIRE(r);
    CHECK(r->front().moves.size() == 2);
    CHECK(r->front().redo.size() == 2);
    Game back = to_game(r->front());
    CHECK(back.ply() == 2);
    REQUIRE(back.redo());
    REQUIRE(back.redo());
    CHECK(to_string(back.moves().back()) == "a3xc1");
}

TEST_CASE("7 PDN: an illegal redo line is an error at its tag", "[pdn]") {
    auto r = parse_pdn("[Event \"x\"]\n[Redo \"c2-c3 c2-c4\"]\n*");
    REQUIRE_FALSE(r);
    CHECK(r.error().line == 2);
    CHECK(r.error().column == 1);
    CHECK_THAT(r.error().message, Catch::Contains("tag Redo: move 'c2-c4'"));
}

TEST_CASE("7 PDN: a redo line survives a resignation (found by fuzzing)", "[pdn]") {
    auto r = parse_pdn("[Redo\" c2-c3 c4xc2\"]0-1");
    REQUIRE(r);
    const Game game = to_game(r->front());
    CHECK(game.result() == GameResult{Outcome::BlackWins, Reason::Resignation});
    auto back = parse_pdn(format_pdn(game, r->front().tags, true));
    REQUIRE(back);
    CHECK(back->front().redo == r->front().redo);
    CHECK(back->front().redo.size() == 2);
}

TEST_CASE("7 PDN: a UTF-8 byte-order mark at the start is skipped", "[pdn]") {
    auto games = parse_pdn("\xEF\xBB\xBF[White \"Ana\"]\n1. c2-c3 *\n");
    REQUIRE(games);
    CHECK(games->front().tag("White") == "Ana");
    CHECK(games->front().moves.size() == 1);
    // Columns count from the first character after the mark.
    auto bad = parse_pdn(
        "\xEF\xBB\xBF"
        "1. c2-c5 *\n");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().line == 1);
    CHECK(bad.error().column == 4);
    // Only at the start: elsewhere it is not part of any move.
    CHECK_FALSE(parse_pdn("1. c2-c3 \xEF\xBB\xBF *\n"));
}

TEST_CASE("7 PDN: CR, LF and CRLF each end a line in error positions", "[pdn]") {
    for (const char* end : {"\n", "\r", "\r\n"}) {
        INFO("line end " << (end[0] == '\n' ? "LF" : end[1] ? "CRLF" : "CR"));
        const std::string eol(end);
        auto games = parse_pdn("[White \"Ana\"]" + eol + eol + "1. c2-c3 c4xc2" + eol + "2. c1-c2 *" + eol);
        REQUIRE_FALSE(games);
        CHECK(games.error().line == 4);
        CHECK(games.error().column == 4);
        CHECK_THAT(games.error().message, Catch::Contains("'c1-c2'"));
        // A line comment ends at any of them.
        auto commented = parse_pdn("1. c2-c3 ; a note" + eol + "c4xc2 *" + eol);
        REQUIRE(commented);
        CHECK(commented->front().moves.size() == 2);
    }
}

TEST_CASE("7 PDN: a record made by hand replays up to its first illegal move", "[pdn]") {
    // parse_pdn never returns such a record; one built in code can hold anything.
    const Position start = start_position();
    const Move c2c3 = *parse_move("c2-c3", start, {});
    const Move d2c3 = *parse_move("d2-c3", start, {});
    GameRecord record;
    record.moves = {c2c3, c2c3, d2c3};  // White's c2-c3 is no move for Black
    record.redo = {d2c3};
    record.result = Outcome::WhiteWins;
    const Game game = to_game(record);
    // Replay stops at the refused move: neither the moves after it nor the redo line are played, and
    // the result token does not turn the cut-short game into a resignation.
    CHECK(game.ply() == 1);
    CHECK(game.moves() == std::vector<Move>{c2c3});
    CHECK(game.redo_line().empty());
    CHECK_FALSE(game.over());
}

TEST_CASE("pdn: a record without its result token, cut off or made by hand, is read with a note", "[pdn]") {
    const auto notes = [](const std::string& text) {
        auto r = parse_pdn(text);
        REQUIRE(r);
        return r->front().notes;
    };
    using Notes = std::vector<std::string>;
    // Cut after a move number: the line of the number.
    CHECK(notes("[White \"Ali\"]\n\n1. c2-c3 c4xc2\n2. ") ==
          Notes{
              "line 4: the record ends at move number 2. with no move and no result (1-0, 0-1, 1/2-1/2 or *): it looks "
              "cut off there"});
    // Cut after a move: the last move.
    CHECK(notes("1. c2-c3 c4xc2") ==
          Notes{"no result (1-0, 0-1, 1/2-1/2 or *) after move 1 'c4xc2': the record may have been cut off there"});
    CHECK(notes("1. c2-c3 2. *") == Notes{"line 1: move number 2. has no move after it"});
    // Whole, or a glued number: no note; the moves are read all the same.
    CHECK(notes("1. c2-c3 c4xc2 *").empty());
    CHECK(notes("1.c2-c3 *").empty());
    auto cut = parse_pdn("1. c2-c3 c4xc2\n2. ");
    REQUIRE(cut);
    CHECK(cut->front().moves.size() == 2);
}

TEST_CASE("pdn: the tags that say who played, and any other tag, round-trip without a note", "[pdn]") {
    const std::vector<Tag> tags = {{"Event", "Club night"},     {"Site", "Rabat"},
                                   {"Date", "2026.11.30"},      {"Round", "3"},
                                   {"White", "Amina"},          {"WhiteType", "human"},
                                   {"Black", "fetaix level 2"}, {"BlackType", "program"},
                                   {"BlackLevel", "2"},         {"ProgramTime", "1.5"},
                                   {"ProgramSeed", "7"},        {"Annotator", "Omar"}};
    Game game;
    REQUIRE(game.play("c2-c3"));
    const auto records = parse_pdn(format_pdn(game, tags));
    REQUIRE(records);
    const GameRecord& r = records->front();
    // Ours are known tags: no "unknown tag" note for them.
    CHECK(r.notes.empty());
    std::vector<Tag> read(r.tags.begin(), r.tags.begin() + static_cast<std::ptrdiff_t>(tags.size()));
    CHECK(read == tags);
    CHECK(format_pdn(to_game(r), r.tags) == format_pdn(game, tags));
}

TEST_CASE("pdn: a record is written within its limit by cutting the longest tags, never inside a character", "[pdn]") {
    Game game;
    REQUIRE(game.play("c2-c3"));
    const std::vector<Tag> tags{{"Event", std::string(300, 'e')},
                                {"Site", "\u00e9" + std::string(200, 'x') + "\u00e9\u00e9\u00e9"},
                                {"White", "Ali"}};
    const std::size_t whole = format_pdn(game, tags, true).size();
    // Within the limit: as format_pdn writes it.
    auto same = format_pdn_within(game, tags, true, whole);
    REQUIRE(same);
    CHECK(same->text == format_pdn(game, tags, true));
    CHECK(same->cut.empty());
    // 100 bytes over: the Event tag (the longest) alone is cut.
    auto cut = format_pdn_within(game, tags, true, whole - 100);
    REQUIRE(cut);
    CHECK(cut->text.size() <= whole - 100);
    CHECK(cut->cut == std::vector<std::string>{"Event"});
    auto back = parse_pdn(cut->text);
    REQUIRE(back);
    CHECK(back->front().tag("Event") == std::string(197, 'e') + "...");
    CHECK(back->front().tag("White") == "Ali");
    CHECK(back->front().moves.size() == 1);
    // Far over: both long ones, the Site tag ending at a whole character.
    auto both = format_pdn_within(game, tags, true, whole - 500);
    REQUIRE(both);
    CHECK(both->cut == std::vector<std::string>{"Event", "Site"});
    CHECK(cut_tags_text(both->cut) == "the Event and Site tags");
    CHECK(cut_tags_text(cut->cut) == "the Event tag");
    REQUIRE(parse_pdn(both->text));
    const std::string site = parse_pdn(both->text)->front().tag("Site");
    CHECK((site.empty() || site.ends_with("...")));
    CHECK((site.size() < 4 || (static_cast<unsigned char>(site[site.size() - 4]) & 0xC0) != 0xC0));
    // The moves alone over the limit: no record, and why.
    auto none = format_pdn_within(game, tags, true, 40);
    REQUIRE_FALSE(none);
    CHECK(none.error().message == "the game's record would be over 40 bytes, more than a record may hold");
}

TEST_CASE("pdn: comments are kept by ply, [%clock] aside, and written back the same", "[pdn]") {
    const auto records = parse_pdn(
        "[TimeControl \"1\"]\n{before} 1. d2-c3 {[%clock w0:00:58 B0:01:00]} "
        "{[%eval +0.10]}\nb4xd2 {[%eval -0.20]\n  lost\ta  man} {and more} *");
    REQUIRE(records);
    const GameRecord& r = records->front();
    CHECK(r.comments == std::vector<std::string>{"before", "[%eval +0.10]", "[%eval -0.20] lost a man and more"});
    REQUIRE(r.evals.size() == 3);
    CHECK(format_eval_note(*r.evals[2]) == "-0.20");
    // Written back with them and read again: the same comments, and the clocks from the game alone.
    const std::string text = format_pdn(to_game(r), r.tags, false, r.comments);
    CHECK(text.find("{[%clock w0:00:58 B0:01:00]} {[%eval +0.10]}") != std::string::npos);
    const auto again = parse_pdn(text);
    REQUIRE(again);
    CHECK(again->front().comments == r.comments);
    CHECK(again->front().evals.size() == 3);
}

TEST_CASE("pdn: a record over the limit drops its comments first, and says so", "[pdn]") {
    Game game(Rules{}, start_position());
    REQUIRE(game.play("d2-c3"));
    const std::vector<std::string> comments{"", std::string(2000, 'x')};
    const auto fitted = format_pdn_within(game, {Tag{"Event", "e"}}, false, 1000, comments);
    REQUIRE(fitted);
    CHECK(fitted->text.find("xxx") == std::string::npos);
    CHECK(fitted->cut == std::vector<std::string>{"comments"});
    CHECK(cut_tags_text(fitted->cut) == "the comments");
    CHECK(cut_tags_text({"comments", "Event"}) == "the comments and the Event tag");
    CHECK(cut_tags_text({"Event", "Site"}) == "the Event and Site tags");
}
