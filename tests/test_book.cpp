// The book of proven positions: made from checked proofs, read back with every entry
// checked (a corrupted one refused with its line), and used by the engine at the root: the proven move
// played, a move into a proven loss never, and after 1. b2-c3 Black's proven win followed to the end.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>
#include <fetaix/solve/book.hpp>
#include <fetaix/solve/proof.hpp>
#include <fetaix/solve/solve.hpp>

#include "helpers.hpp"
#include "solve/proven_book.hpp"

using namespace fetaix;
using fetaix::test::fen;

namespace {

book::Book read_book(const book::Builder& builder) {
    auto b = book::Book::read(builder.bytes());
    REQUIRE(b);
    return std::move(*b);
}

// A book made of one solved position's proof.
book::Book book_of(const Position& root) {
    solve::Solver solver(Rules{}, nullptr, 1 << 20);
    const solve::Solution s = solve::solve(solver, root);
    REQUIRE(s.proof);
    book::Builder builder;
    REQUIRE_FALSE(builder.add(*s.proof, nullptr));
    return read_book(builder);
}

std::string read_error(const std::string& bytes) {
    const auto read = book::Book::read(bytes);
    REQUIRE_FALSE(read);
    return read.error().describe();
}

// Little-endian, as the file is.
std::string le(std::uint64_t v, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i, v >>= 8) out.push_back(static_cast<char>(v & 0xff));
    return out;
}

const std::string kAfterB2C3 = "B:Wa1,b1,c1,d1,e1,a2,c2,d2,e2,c3,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";
const std::string kRulesLine = "rules backward-captures=no promotion=end majority=no\n";

// The book has p with this value and move.
void check_entry(const book::Book& b, const Position& p, book::Value value, const std::string& move) {
    INFO(to_fen(p));
    const auto e = b.find(p);
    REQUIRE(e);
    CHECK(e->value == value);
    REQUIRE(e->move);
    CHECK(to_string(*e->move) == move);
}

Position after_moves(std::initializer_list<const char*> moves) {
    Game g;
    for (const char* m : moves) REQUIRE(g.play(m));
    return g.position();
}

// After White's first move, the book has Black's win with `answer`, and the computer at the top level plays it.
void check_answer(engine::Search& search, const book::Book& b, const Rules& rules, const std::string& first,
                  const std::string& answer) {
    INFO(first);
    Game game(rules);
    REQUIRE(game.play(first));
    check_entry(b, game.position(), book::Value::Win, answer);
    const engine::Result r = engine::think(search, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(r.proven);
    CHECK(*r.proven == book::Value::Win);
    CHECK(to_string(r.best) == answer);
}

}  // namespace

TEST_CASE("book: a position's key is its points in base 5 and the side to move, and reads back", "[solve]") {
    // White man a1 (digit 1 at 5^0), Black mullah b1 (digit 4 at 5^1), White to move: (1 + 4 * 5) * 2.
    CHECK(book::key_of(fen("W:Wa1:BKb1")) == 42);
    CHECK(book::key_of(fen("B:Wa1:BKb1")) == 43);
    // Black man on e5 alone (digit 3 at 5^24), Black to move.
    std::uint64_t e5 = 3;
    for (int i = 0; i < 24; ++i) e5 *= 5;
    CHECK(book::key_of(fen("B:W:Be5")) == e5 * 2 + 1);
    for (const Position& p : {start_position(), fen("B:WKa1,c3:Bb2,Ke5"), fen(kAfterB2C3)})
        CHECK(book::position_of(book::key_of(p)) == p);
    CHECK(book::kKeyEnd == 2 * 298023223876953125ull);  // 2 * 5^25
}

TEST_CASE("book: a win's proof gives the winner's nodes with their moves and the loser's as losses", "[solve]") {
    // White's mullah on c3 takes c4 and lands on c5: Black has nothing left (a proof of one node).
    const book::Book b = book_of(fen("W:WKc3:Bc4"));
    REQUIRE(b.size() == 1);
    const auto e = b.find(fen("W:WKc3:Bc4"));
    REQUIRE(e);
    CHECK(e->value == book::Value::Win);
    REQUIRE(e->move);
    CHECK(to_string(*e->move) == "c3xc5");
    CHECK(*book::to_text(b) ==
          "fetaix book: 1 position; rules backward-captures=no promotion=end majority=no\nW:WKc3:Bc4 win c3xc5\n");
    CHECK_FALSE(b.find(fen("B:WKc3:Bc4")));
    // The bytes, exactly: head, rules, count, key, code (win = 0 in the high bits; c3xc5 is the only move).
    const std::string bytes = concat("fetaix book 2\n", kRulesLine, le(1, 8), le(book::key_of(fen("W:WKc3:Bc4")), 8),
                                     le(0, 2));
    book::Builder again;
    REQUIRE_FALSE(again.add(b));
    CHECK(again.bytes() == bytes);
}

TEST_CASE(
    "book: a draw's proof gives the nodes both strategies share as draws and each side's own other nodes as holds",
    "[solve]") {
    // Mullah against mullah, a draw by repetition only, proven by the solver with no tables: its holding
    // strategies read into the book.
    solve::Solver solver(Rules{}, nullptr, 1 << 20);
    const Position root = fen("W:WKc3:BKa5");
    const solve::Solution s = solve::solve(solver, root);
    REQUIRE(s.proof);
    REQUIRE(s.proof->value == "draw");
    book::Builder builder;
    REQUIRE_FALSE(builder.add(*s.proof, nullptr));
    const book::Book b = read_book(builder);
    const auto at_root = b.find(root);
    REQUIRE(at_root);
    CHECK(at_root->value == book::Value::Draw);
    // Checked independently against the proof's text: each entry is a node of the strategy of the side
    // to move, a draw exactly when the other side's strategy lists it too.
    std::set<std::string> own[2], all[2];
    for (const proof::Strategy& st : s.proof->strategies)
        for (const auto& [f, move] : st.nodes) {
            all[index_of(st.side)].insert(f);
            if (fen(f).side_to_move == st.side) own[index_of(st.side)].insert(f);
        }
    std::size_t entries = 0, draws = 0;
    REQUIRE_FALSE(b.for_each([&](const Position& p, const book::Entry& e) {
        const std::string f = to_fen(p);
        const int side = index_of(p.side_to_move);
        INFO(f);
        CHECK(own[side].contains(f));
        CHECK(e.value == (all[1 - side].contains(f) ? book::Value::Draw : book::Value::Holds));
        CHECK(e.move);
        ++entries;
        draws += e.value == book::Value::Draw;
    }));
    CHECK(entries == own[0].size() + own[1].size());
    CHECK(draws >= 1);
    CHECK(draws < entries);  // this proof has holds of one side alone
    CHECK(book::verdict(book::Value::Holds) == "at least a draw (proven)");
}

TEST_CASE("book: every first move of the start is in the default rules' shipped book", "[solve]") {
    // Every key and code of it is checked with the other shipped books (below).
    const book::Book& b = solving::proven_book();
    REQUIRE(b.size() > 0);
    CHECK(b.applies(Rules{}));
    // Every move is one the rules core lists.
    std::size_t count = 0;
    CHECK(b.for_each([&](const Position&, const book::Entry&) { ++count; }) == std::nullopt);
    CHECK(count == b.size());
    const auto e = b.find(fen(kAfterB2C3));
    REQUIRE(e);
    CHECK(e->value == book::Value::Win);
    REQUIRE(e->move);
    CHECK(to_string(*e->move) == "d4xb2");  // Black's only move: the capture is forced
    const auto lost = b.find(fen(kAfterB2C3).after(*e->move));
    REQUIRE(lost);
    CHECK(lost->value == book::Value::Loss);
    CHECK_FALSE(lost->move);
    // After 1. d2-c3 Black wins by b4xd2 (the 6-piece tables as leaves).
    check_entry(b, after_moves({"d2-c3"}), book::Value::Win, "b4xd2");
    // After 1. d3-c3 Black wins by b3xd3, its only move.
    check_entry(b, after_moves({"d3-c3"}), book::Value::Win, "b3xd3");
    // After 1. c2-c3 c4xc2 (Black's only move) the position is a draw, with White's holding move.
    const auto c2c3 = b.find(after_moves({"c2-c3", "c4xc2"}));
    REQUIRE(c2c3);
    CHECK(c2c3->value == book::Value::Draw);
    REQUIRE(c2c3->move);
    // After 1. c2-c3, from the joined proof of the start: a draw, held by c4xc2 (Black's only move).
    check_entry(b, after_moves({"c2-c3"}), book::Value::Draw, "c4xc2");
    // And the start itself, from its joined proof (data/proofs/start.proof): a draw, held by c2-c3.
    check_entry(b, start_position(), book::Value::Draw, "c2-c3");
}

TEST_CASE("book: every shipped book reads whole, is for the rules its file names, and is the one those rules get",
          "[solve]") {
    // The program only views the books it carries: this is the check of every key and code in them.
    std::set<std::string> rules_seen;
    for (const solving::ShippedBook& shipped : solving::shipped_books()) {
        INFO(shipped.file);
        const auto viewed = book::Book::view(shipped.bytes);
        INFO((viewed ? std::string() : viewed.error().describe()));
        REQUIRE(viewed);
        const auto wrong = viewed->check();
        INFO((wrong ? wrong->describe() : std::string()));
        CHECK_FALSE(wrong);
        // data/books/<rules>.book: the folder name of the rules' tables and proofs, commas for spaces.
        const std::string line = proof::rules_line(viewed->rules());
        if (shipped.file != "proven.book") {
            std::string named(shipped.file.substr(6, shipped.file.size() - 6 - 5));
            std::replace(named.begin(), named.end(), ',', ' ');
            CHECK(shipped.file.substr(0, 6) == "books/");
            CHECK(named == line);
        }
        CHECK(rules_seen.insert(line).second);  // one book a rule set
        const book::Book* used = solving::proven_book(viewed->rules());
        REQUIRE(used != nullptr);
        CHECK(used->size() == viewed->size());
        CHECK(used->rules() == viewed->rules());
    }
    CHECK(rules_seen.count("backward-captures=no promotion=end majority=no") == 1);
    // Every file in data/books/ is compiled in (src/solve/proven_book.cpp lists them).
    for (const auto& f : std::filesystem::directory_iterator(FETAIX_SOURCE_DIR "/data/books")) {
        INFO(f.path());
        CHECK(std::any_of(solving::shipped_books().begin(), solving::shipped_books().end(),
                          [&](const solving::ShippedBook& b) {
                              return b.file == "books/" + f.path().filename().string();
                          }));
    }
    // Every rule set has a book, whatever its no-progress limit (the books' values are without one).
    for (const bool backward : {false, true})
        for (const Promotion promotion : {Promotion::End, Promotion::Immediate, Promotion::Stop})
            for (const bool majority : {false, true}) {
                Rules rules;
                rules.backward_captures = backward;
                rules.promotion = promotion;
                rules.majority = majority;
                rules.no_progress = 0;
                INFO(proof::rules_line(rules));
                CHECK(solving::proven_book(rules) != nullptr);
            }
    CHECK(rules_seen.size() == 12);
}

TEST_CASE(
    "book: under the seven other rule sets Black wins after 1. b2-c3, d2-c3 and d3-c3, and the start is a draw "
    "by 1. c2-c3 c4xc2, which the computer as White plays",
    "[solve]") {
    // docs/variants.md, "The other seven": the answers of the proofs in data/proofs/<rules>/after-*.proof.gz,
    // and the start's value, data/proofs/<rules>/start.proof.gz.
    struct Other {
        bool backward;
        Promotion promotion;
        bool majority;
        const char* after_d2c3;
    };
    for (const Other& o : {Other{false, Promotion::End, true, "b4xd2"}, Other{false, Promotion::Stop, false, "b4xd2"},
                           Other{false, Promotion::Stop, true, "b4xd2"}, Other{true, Promotion::End, false, "b4xd2"},
                           Other{true, Promotion::End, true, "b4xd2"}, Other{true, Promotion::Stop, false, "d4xd2"},
                           Other{true, Promotion::Stop, true, "d4xd2"}}) {
        Rules rules;
        rules.backward_captures = o.backward;
        rules.promotion = o.promotion;
        rules.majority = o.majority;
        INFO(proof::rules_line(rules));
        const book::Book* b = solving::proven_book(rules);
        REQUIRE(b != nullptr);
        // White holds by 1. c2-c3, Black by its only answer c4xc2.
        check_entry(*b, start_position(), book::Value::Draw, "c2-c3");
        Game after(rules);
        REQUIRE(after.play("c2-c3"));
        check_entry(*b, after.position(), book::Value::Draw, "c4xc2");
        engine::Search search(1u << 16);
        for (const auto& [first, answer] :
             {std::pair{"b2-c3", "d4xb2"}, std::pair{"d2-c3", o.after_d2c3}, std::pair{"d3-c3", "b3xd3"}}) {
            check_answer(search, *b, rules, first, answer);
        }
        // White's three other first moves are proven lost, so the computer plays the one left, a proven draw.
        const Game opening(rules);
        const engine::Result white = engine::think(search, opening, 7, 1, -1, {}, nullptr, nullptr, b);
        CHECK(to_string(white.best) == "c2-c3");
        REQUIRE(white.proven);
        CHECK(*white.proven == book::Value::Draw);
    }
}

TEST_CASE(
    "book: under immediate promotion Black answers each first move with its proven win, whatever the other switches",
    "[solve]") {
    // The start is lost for White under all four (data/proofs/<rules>/start.proof.gz, docs/variants.md),
    // and Black's answers are the same in each: c2-c3 c4xc2, b2-c3 d4xb2, d2-c3 b4xd2, d3-c3 b3xd3.
    for (const bool backward : {false, true}) {
        for (const bool majority : {false, true}) {
            Rules rules;
            rules.promotion = Promotion::Immediate;
            rules.backward_captures = backward;
            rules.majority = majority;
            INFO(proof::rules_line(rules));
            const book::Book* b = solving::proven_book(rules);
            REQUIRE(b != nullptr);
            const auto start = b->find(start_position());
            REQUIRE(start);
            CHECK(start->value == book::Value::Loss);
            engine::Search search(1u << 16);
            const Game opening(rules);
            const engine::Result lost = engine::think(search, opening, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr,
                                                      b);
            REQUIRE(lost.proven);
            CHECK(*lost.proven == book::Value::Loss);
            for (const auto& [first, answer] : {std::pair{"c2-c3", "c4xc2"}, std::pair{"b2-c3", "d4xb2"},
                                                std::pair{"d2-c3", "b4xd2"}, std::pair{"d3-c3", "b3xd3"}}) {
                check_answer(search, *b, rules, first, answer);
            }
        }
    }
}

TEST_CASE("engine: under immediate promotion the computer as Black follows the proven win down to the endgame tables",
          "[solve]") {
    // Sampled lines under the rule set furthest from the default (backward captures, immediate promotion,
    // majority): White's replies at random, Black the engine at its top level with the book and no
    // tables. The proof rests on the 5-piece tables, so every position of the line is in the book until
    // one of at most 5 pieces, or the game is over.
    Rules rules;
    rules.backward_captures = true;
    rules.promotion = Promotion::Immediate;
    rules.majority = true;
    const book::Book* b = solving::proven_book(rules);
    REQUIRE(b != nullptr);
    std::mt19937 rng(2026);
    engine::Search black(1u << 16);
    int reached_tables = 0;
    for (int line = 0; line < 40; ++line) {
        Game game(rules);
        while (!game.over() && popcount(game.position().occupied()) > 5) {
            if (game.position().side_to_move == Color::Black) {
                const auto e = b->find(game.position());
                INFO(to_fen(game.position()) << " after " << format_pdn(game));
                REQUIRE(e);  // the proof covers every White reply
                CHECK(e->value == book::Value::Win);
                const engine::Result r = engine::think(black, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, b);
                REQUIRE(r.proven);
                CHECK(*r.proven == book::Value::Win);
                CHECK(r.best == *e->move);
                REQUIRE(game.play(r.best));
            } else {
                const auto e = b->find(game.position());
                INFO(to_fen(game.position()));
                REQUIRE(e);
                CHECK(e->value == book::Value::Loss);
                const MoveList moves = game.legal_moves();
                REQUIRE(game.play(moves[rng() % moves.size()]));
            }
        }
        reached_tables += !game.over();
        if (game.over()) CHECK(game.result().outcome == Outcome::BlackWins);
    }
    CHECK(reached_tables > 0);
}

TEST_CASE("book: a damaged book is refused with what is wrong", "[solve]") {
    const Position p = fen("W:WKc3:Bc4");
    const std::string head = concat("fetaix book 2\n", kRulesLine);
    const std::string key = le(book::key_of(p), 8);
    CHECK(
        read_error(concat("fetaix book 1\n", kRulesLine, "W:WKc3:Bc4 win c3xc5\n")) ==
        "a book in the old text format ('fetaix book 1'); this program reads 'fetaix book 2': make it again from its proofs with fetaix solve --book");
    CHECK(read_error(concat("fetaix proof 1\n", kRulesLine)) == "not a fetaix book (a book starts 'fetaix book 2')");
    CHECK(read_error(concat("fetaix book 2\nrulez x\n", le(0, 8))) == "expected 'rules ...' after the head");
    CHECK(read_error(concat("fetaix book 2\nrules promotion=never\n", le(0, 8))).rfind("rules: promotion=never: ", 0) ==
          0);
    CHECK(read_error(concat(head, le(1, 4))) == "cut off before its count of positions");
    CHECK(read_error(concat(head, le(2, 8), key, le(0, 2))) ==
          "its size does not match its count of 2 positions: cut off or damaged");
    CHECK(read_error(concat(head, le(2, 8), key, key, le(0, 2), le(0, 2))) ==
          "position 2: out of order or listed twice");
    CHECK(read_error(concat(head, le(1, 8), le(book::kKeyEnd, 8), le(0, 2))) ==
          concat("position 1: not a position (key ", book::kKeyEnd, ")"));
    // A loss with a move, a win without one.
    CHECK(read_error(concat(head, le(1, 8), key, le(2u << 14, 2))) == "W:WKc3:Bc4: a loss with a move");
    CHECK(read_error(concat(head, le(1, 8), key, le(0x3fff, 2))) == "W:WKc3:Bc4: a move missing");
    // A move past the position's moves reads, but the position is not found, and listing says why.
    const auto far = book::Book::read(concat(head, le(1, 8), key, le(5, 2)));
    REQUIRE(far);
    CHECK_FALSE(far->find(p));
    CHECK(far->for_each([](const Position&, const book::Entry&) {}) ==
          std::optional<std::string>("W:WKc3:Bc4: its move is not one of the position's legal moves"));
    // Listed, it is refused whole: no line is given for a book with a bad entry.
    const auto listed = book::to_text(*far);
    REQUIRE_FALSE(listed);
    CHECK(listed.error().message == "W:WKc3:Bc4: its move is not one of the position's legal moves");
}

TEST_CASE("book: a view checks the head and the size only; check and read refuse bad entries", "[solve]") {
    const Position p = fen("W:WKc3:Bc4");
    const std::string key = le(book::key_of(p), 8);
    // Keys out of order: the view reads no key, so it takes them; check() and read() walk every one.
    const std::string twice = concat("fetaix book 2\n", kRulesLine, le(2, 8), key, key, le(0, 2), le(0, 2));
    const auto viewed = book::Book::view(twice);
    REQUIRE(viewed);
    CHECK(viewed->size() == 2);
    const auto wrong = viewed->check();
    REQUIRE(wrong);
    CHECK(wrong->describe() == "position 2: out of order or listed twice");
    CHECK(read_error(twice) == "position 2: out of order or listed twice");
    // A size that does not match is refused by the view itself: a lookup never reads past the bytes.
    const auto cut = book::Book::view(concat("fetaix book 2\n", kRulesLine, le(3, 8), key, key, le(0, 2), le(0, 2)));
    REQUIRE_FALSE(cut);
    CHECK(cut.error().describe() == "its size does not match its count of 3 positions: cut off or damaged");
}

TEST_CASE("book: two proofs that disagree on a position are refused; a hold gives way to a win", "[solve]") {
    book::Builder b;
    REQUIRE_FALSE(b.add(book_of(fen("W:WKc3:Bc4"))));
    proof::Proof forged{Rules{},
                        fen("W:WKc3:Bc4"),
                        "loss",
                        {proof::Strategy{Color::Black, true, {{"W:WKc3:Bc4", ""}}}}};
    CHECK(b.add(forged, nullptr) == std::optional<std::string>("W:WKc3:Bc4: a loss here, but the book has a win"));
    // A hold, then a win at the same position: the win is kept; a hold after it changes nothing.
    book::Builder h(Rules{});
    const Position q = fen("W:WKc3:Bc4");
    const Move take = *parse_move("c3xc5", q, Rules{});
    REQUIRE_FALSE(h.put(q, book::Entry{book::Value::Holds, take}));
    REQUIRE_FALSE(h.put(q, book::Entry{book::Value::Win, take}));
    REQUIRE_FALSE(h.put(q, book::Entry{book::Value::Holds, take}));
    CHECK(read_book(h).find(q)->value == book::Value::Win);
    CHECK(h.put(q, book::Entry{book::Value::Loss, std::nullopt}) ==
          std::optional<std::string>("W:WKc3:Bc4: a loss here, but the book has a win"));
    CHECK(h.put(fen("W:WKc3:B"), book::Entry{book::Value::Win, take}) ==
          std::optional<std::string>("W:WKc3:B: the game is over here, nothing to prove"));
}

TEST_CASE("engine: the book's move at the root, a proven win reported, a move into a proven loss never played",
          "[solve]") {
    const book::Book& b = solving::proven_book();
    engine::Search search(1u << 16);
    search.set_book(&b);
    // After 1. b2-c3 Black plays the book's capture at once, and the result says the win is proven.
    Game game;
    REQUIRE(game.play("b2-c3"));
    const engine::Result black = engine::think(search, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(black.proven);
    CHECK(*black.proven == book::Value::Win);
    CHECK(to_string(black.best) == "d4xb2");
    CHECK(book::verdict(*black.proven) == "win (proven)");
    // The mechanism, with exact moves: stopped before it searches, the engine answers with the first
    // legal move (c2-c3 at the start); a book that has the position after c2-c3 won for Black makes
    // it the next one.
    const Game start;
    const MoveList first = start.legal_moves();
    REQUIRE(to_string(first[0]) == "c2-c3");
    std::atomic<bool> stop{true};
    engine::Limits stopped;
    stopped.stop = &stop;
    engine::Search plain(1u << 16);
    CHECK(plain.run(start.position(), start.rules(), {}, stopped).best == first[0]);
    book::Builder made(Rules{});
    const Position after = start.position().after(first[0]);
    REQUIRE_FALSE(made.put(after, book::Entry{book::Value::Win, legal_moves(after, Rules{})[0]}));
    const book::Book c2c3 = read_book(made);
    engine::Search with_c2c3(1u << 16);
    with_c2c3.set_book(&c2c3);
    const engine::Result avoided = with_c2c3.run(start.position(), start.rules(), {}, stopped);
    CHECK(avoided.best == first[1]);
    CHECK_FALSE(avoided.proven);
    // With the shipped book the start is a proven draw (data/proofs/start.proof): White opens with its
    // holding move, c2-c3, the only first move not proven to lose, and says so.
    const engine::Result opened = engine::think(search, start, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    CHECK(to_string(opened.best) == "c2-c3");
    REQUIRE(opened.proven);
    CHECK(*opened.proven == book::Value::Draw);
    // A book of only the three first moves proven to lose (b2-c3, d2-c3, d3-c3: Black, to move after
    // them, wins) keeps White off them: searched, c2-c3 is left, and the start is not called proven.
    book::Builder three(Rules{});
    for (const Move& m : first)
        if (to_string(m) != "c2-c3") {
            const auto e = b.find(start.position().after(m));
            REQUIRE(e);
            REQUIRE(e->value == book::Value::Win);
            REQUIRE_FALSE(three.put(start.position().after(m), *e));
        }
    const book::Book lost_openings = read_book(three);
    engine::Search with_three(1u << 16);
    with_three.set_book(&lost_openings);
    const engine::Result searched = engine::think(with_three, start, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr,
                                                  &lost_openings);
    CHECK(to_string(searched.best) == "c2-c3");
    CHECK_FALSE(searched.proven);
    // After 1. c2-c3 c4xc2 (proven drawn) White plays the book's move and says the draw is proven.
    Game c2c3_line;
    REQUIRE(c2c3_line.play("c2-c3"));
    REQUIRE(c2c3_line.play("c4xc2"));
    const auto c2c3_entry = b.find(c2c3_line.position());
    REQUIRE(c2c3_entry);
    const engine::Result c2c3_draw = engine::think(search, c2c3_line, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr,
                                                   &b);
    REQUIRE(c2c3_draw.proven);
    CHECK(*c2c3_draw.proven == book::Value::Draw);
    CHECK(c2c3_draw.best == *c2c3_entry->move);
    // After 1. d2-c3 d4xd2 (proven drawn) White plays the book's holding move.
    Game drawn;
    REQUIRE(drawn.play("d2-c3"));
    REQUIRE(drawn.play("d4xd2"));
    const auto held = b.find(drawn.position());
    REQUIRE(held);
    REQUIRE(held->value == book::Value::Draw);
    const engine::Result draw = engine::think(search, drawn, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(draw.proven);
    CHECK(*draw.proven == book::Value::Draw);
    CHECK(draw.best == *held->move);
    // The levels that play with noise do not use the book.
    CHECK_FALSE(engine::think(search, game, 1, 1, -1, {}, nullptr, nullptr, &b).proven);
    // After 1. b2-c3 d4xb2 White has lost, whatever it plays: the engine says so and still moves.
    REQUIRE(game.play("d4xb2"));
    const engine::Result lost = engine::think(search, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
    REQUIRE(lost.has_move);
    REQUIRE(lost.proven);
    CHECK(*lost.proven == book::Value::Loss);
    // A book for other rules is not used.
    Rules immediate;
    immediate.promotion = Promotion::Immediate;
    book::Builder made_other(immediate);
    REQUIRE_FALSE(made_other.put(fen(kAfterB2C3),
                                 book::Entry{book::Value::Win, *parse_move("d4xb2", fen(kAfterB2C3), immediate)}));
    const book::Book other = read_book(made_other);
    search.set_book(&other);
    Game again;
    REQUIRE(again.play("b2-c3"));
    CHECK_FALSE(search.run(again.position(), again.rules(), {}, engine::Limits{.depth = 1}).proven);
}

TEST_CASE("engine: after 1. b2-c3 the computer as Black follows the proven win to the end, whatever White plays",
          "[solve]") {
    // Sampled lines: White's replies drawn at random, and some played by the engine itself; Black is the
    // engine at its top level with the book and no tables. Each line ends in a Black win by the rules
    // core (the default rules: no-progress 50 plies, threefold repetition a draw).
    const book::Book& b = solving::proven_book();
    std::mt19937 rng(2026);
    engine::Search black(1u << 16), white(1u << 16);
    for (int line = 0; line < 60; ++line) {
        Game game;
        REQUIRE(game.play("b2-c3"));
        while (!game.over()) {
            if (game.position().side_to_move == Color::Black) {
                const engine::Result r = engine::think(black, game, engine::kMaxLevel, 1, -1, {}, nullptr, nullptr, &b);
                const auto e = b.find(game.position());
                INFO(to_fen(game.position()) << " after " << format_pdn(game));
                REQUIRE(e);  // the proof covers every White reply
                REQUIRE(r.proven);
                CHECK(*r.proven == book::Value::Win);
                CHECK(r.best == *e->move);
                REQUIRE(game.play(r.best));
            } else if (line % 10 == 0) {
                REQUIRE(game.play(engine::think(white, game, 5, static_cast<std::uint64_t>(line)).best));
            } else {
                const MoveList moves = game.legal_moves();
                REQUIRE(game.play(moves[rng() % moves.size()]));
            }
        }
        INFO("line " << line << ": " << format_pdn(game, {}, false));
        CHECK(game.result().outcome == Outcome::BlackWins);
    }
}

TEST_CASE("engine: a hold from the book is played unless the search finds a forced win", "[solve]") {
    // A quiet position: the move a plain search picks, and another one the book says holds.
    const Position quiet = fen("W:Wa1,c1,e1,b2:Bd4,a5,c5,e5");
    const Rules rules;
    engine::Search plain(1u << 16);
    const engine::Result searched = plain.run(quiet, rules, {}, engine::Limits{.depth = 4});
    REQUIRE(searched.has_move);
    REQUIRE(std::abs(searched.score) < engine::kMateBound);
    std::optional<Move> other;
    for (const Move& m : legal_moves(quiet, rules))
        if (!(m == searched.best)) other = m;
    REQUIRE(other);
    book::Builder made(rules);
    REQUIRE_FALSE(made.put(quiet, book::Entry{book::Value::Holds, *other}));
    const book::Book holds = read_book(made);
    engine::Search with_book(1u << 16);
    with_book.set_book(&holds);
    const engine::Result r = with_book.run(quiet, rules, {}, engine::Limits{.depth = 4});
    CHECK(r.best == *other);
    REQUIRE(r.proven);
    CHECK(*r.proven == book::Value::Holds);
    // White's mullah takes both Black pieces (a1xc3xe5): a win in one the search finds, whatever the
    // book's hold (c1xa3, the other capture, takes one).
    const Position won = fen("W:WKa1,c1:Bb2,d4");
    REQUIRE(legal_moves(won, rules).size() == 2);
    const Move take = *parse_move("a1xc3xe5", won, rules);
    std::optional<Move> slow;
    for (const Move& m : legal_moves(won, rules))
        if (!(m == take)) slow = m;
    REQUIRE(slow);
    book::Builder made_won(rules);
    REQUIRE_FALSE(made_won.put(won, book::Entry{book::Value::Holds, *slow}));
    const book::Book won_book = read_book(made_won);
    with_book.set_book(&won_book);
    const engine::Result w = with_book.run(won, rules, {}, engine::Limits{.depth = 4});
    CHECK(w.best == take);
    CHECK_FALSE(w.proven);
    CHECK(w.score > engine::kMateBound);
    // A hold where there is one legal move, played at once under a clock (no search follows): still
    // said to be proven.
    const Position forced = fen("W:Wa1,c1,e1,b2,c2,Kd2:Ba2");
    REQUIRE(legal_moves(forced, rules).size() == 1);
    book::Builder made_forced(rules);
    REQUIRE_FALSE(made_forced.put(forced, book::Entry{book::Value::Holds, legal_moves(forced, rules)[0]}));
    const book::Book forced_book = read_book(made_forced);
    with_book.set_book(&forced_book);
    const engine::Result f = with_book.run(forced, rules, {}, engine::Limits{.time_ms = 1000});
    CHECK(f.depth == 0);
    REQUIRE(f.proven);
    CHECK(*f.proven == book::Value::Holds);
}

TEST_CASE("book: only what a proof's check walks goes into the book: a node never reached, another strategy, stay out",
          "[solve]") {
    // The one-node proof of W:WKc3:Bc4 (c3xc5 takes the last Black piece), with a node added that its
    // lines never reach, and a "Black wins" section its value does not need: both pass the check
    // (verify walks from the root the strategies the value needs) and neither may reach the book.
    const Position root = fen("W:WKc3:Bc4");
    proof::Proof p{Rules{},
                   root,
                   "win",
                   {proof::Strategy{Color::White, true, {{"W:WKc3:Bc4", "c3xc5"}, {to_fen(start_position()), "c2-c3"}}},
                    proof::Strategy{Color::Black, true, {{"B:WKc3:Bc4", "c4-d4"}}}}};
    p.rules.no_progress = 0;
    REQUIRE(proof::verify(p, nullptr));
    book::Builder builder;
    REQUIRE_FALSE(builder.add(p, nullptr));
    const book::Book b = read_book(builder);
    CHECK(b.size() == 1);
    REQUIRE(b.find(root));
    CHECK(b.find(root)->value == book::Value::Win);
    CHECK_FALSE(b.find(start_position()));
    CHECK_FALSE(b.find(fen("B:WKc3:Bc4")));
}

TEST_CASE("book: a move past the 16,383rd of a position cannot be named, and is refused, not kept wrong", "[solve]") {
    // A lone mullah among twelve Black pieces (test_reference.cpp): over 20,000 capture sequences.
    const Position many = fen("W:WKc3:BKb1,Ka2,b2,Kc2,Kd2,Kb3,Kd3,Kb4,Kc4,d4,Kb5,d5");
    const std::vector<Move> moves = book::moves_in_notation_order(many, Rules{});
    REQUIRE(moves.size() > 20000);
    book::Builder builder(Rules{});
    // The 16,383rd (place 16,382) is the last a code can name; it reads back as it was put.
    REQUIRE_FALSE(builder.put(many, book::Entry{book::Value::Win, moves[16382]}));
    const auto kept = read_book(builder).find(many);
    REQUIRE(kept);
    CHECK(kept->value == book::Value::Win);
    CHECK(*kept->move == moves[16382]);
    book::Builder past(Rules{});
    CHECK(past.put(many, book::Entry{book::Value::Win, moves[20000]}) ==
          concat(to_fen(many), ": the move '", to_string(moves[20000]), "' is number 20001 of ", moves.size(),
                 " legal moves: a book names at most 16383 a position"));
    CHECK(past.size() == 0);
}
