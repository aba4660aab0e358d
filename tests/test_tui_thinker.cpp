// The engine's worker thread: it costs no memory until the computer or a hint first needs it.

#include <chrono>
#include <fstream>
#include <thread>

#include <catch2/catch.hpp>

#include "play/thinker.hpp"

using namespace fetaix;
using namespace fetaix::play;

namespace {

// This process's resident memory in bytes, from /proc/self/statm (its second field, in pages).
long resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    REQUIRE(statm);
    return resident * 4096;
}

}  // namespace

TEST_CASE("a thinker makes its transposition table on first use, not before", "[tui][thinker][memory]") {
    const long before = resident_bytes();
    auto thinker = std::make_unique<Thinker>();
    const long idle = resident_bytes();
    CHECK_FALSE(thinker->has_table());
    // The table holds 2^20 entries of 32 bytes (32 MiB): a game between two people must not pay for them.
    CHECK(idle - before < 2 * 1024 * 1024);

    thinker->start(Game(), 1, 1, 50);
    CHECK(thinker->has_table());
    std::optional<engine::Result> result;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!(result = thinker->take_result()) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE(result);
    CHECK(result->has_move);
    CHECK(resident_bytes() - before > 8 * 1024 * 1024);
}

namespace {

// Waits for the thinker's result, polling (a worker thread offers no other signal), for at most 30 s.
std::optional<engine::Result> wait_for_result(Thinker& thinker) {
    std::optional<engine::Result> result;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!(result = thinker.take_result()) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return result;
}

}  // namespace

TEST_CASE("a thinker cancelled right after it starts stops at once", "[tui][thinker]") {
    Thinker thinker;
    // Level 8 with 30 s thinks for 15 to 30 s from the start position unless the stop reaches it; the
    // cancel comes before the worker has (most likely) entered the search, where a stop used to be lost.
    for (int i = 0; i < 3; ++i) {
        const auto started = std::chrono::steady_clock::now();
        thinker.start(Game(), 8, 1, 30000);
        thinker.cancel();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        // A generous bound: the suite runs in parallel under sanitizers on two cores.
        CHECK(seconds < 2.0);
        CHECK_FALSE(thinker.busy());
        CHECK_FALSE(thinker.take_result());
    }
    // The cancel does not carry over: the next think runs to its end and delivers a move.
    thinker.start(Game(), 1, 1, 50);
    const std::optional<engine::Result> result = wait_for_result(thinker);
    REQUIRE(result);
    CHECK(result->has_move);
    CHECK(result->depth >= 1);
}

TEST_CASE("a thinker makes the endgame tables at its first start, and level 8 plays their move",
          "[tui][thinker][tablebase]") {
    namespace tb = tablebase;
    tb::Set set;
    for (const tb::Material& m : tb::stored_materials_up_to(2)) set.add(tb::solve(m, Rules{}, set).value());
    int made = 0;
    Thinker thinker([&] {
        ++made;
        return std::make_unique<engine::SetTables>(set);
    });
    CHECK(made == 0);  // a game that never thinks never makes them
    // White's mullah takes the lone man at once: a win in 1.
    const Game game(Rules{}, *parse_fen("W:WKc3:Bc4"));
    thinker.start(game, engine::kMaxLevel, 1, 900);
    CHECK(made == 1);
    auto result = wait_for_result(thinker);
    REQUIRE(result);
    REQUIRE(result->table);
    CHECK(*result->table == tb::Value{tb::Verdict::Win, 1});
    CHECK(to_string(result->best) == "c3xc5");
    // Made once; a level with noise does not use them.
    thinker.start(game, 5, 1, 900);
    result = wait_for_result(thinker);
    REQUIRE(result);
    CHECK_FALSE(result->table);
    CHECK(made == 1);
}

TEST_CASE("a thinker asks for the book of the game's rules at each start, not before, and plays its move",
          "[tui][thinker][solve]") {
    // A one-position book: after 1. b2-c3, Black wins by d4xb2 (its only move, a forced capture).
    Game game;
    REQUIRE(game.play("b2-c3"));
    book::Builder builder(Rules{});
    const Move win = *parse_move("d4xb2", game.position(), Rules{});
    REQUIRE_FALSE(builder.put(game.position(), book::Entry{book::Value::Win, win}));
    const auto book = book::Book::read(builder.bytes());
    REQUIRE(book);
    // The book is for the default rules only, as the shipped books are each for their own.
    std::vector<Rules> asked;
    Thinker thinker({}, [&](const Rules& rules) {
        asked.push_back(rules);
        return rules == Rules{} ? &*book : nullptr;
    });
    CHECK(asked.empty());  // a game between two people never reads a page of the book
    thinker.start(game, engine::kMaxLevel, 1, 900);
    REQUIRE(asked.size() == 1);
    CHECK(asked[0] == Rules{});
    auto result = wait_for_result(thinker);
    REQUIRE(result);
    REQUIRE(result->proven);
    CHECK(*result->proven == book::Value::Win);
    CHECK(to_string(result->best) == "d4xb2");
    // The same position under other rules: their book is asked for, there is none, and nothing is
    // called proven (the capture is still Black's only move).
    Rules immediate;
    immediate.promotion = Promotion::Immediate;
    Game other(immediate);
    REQUIRE(other.play("b2-c3"));
    thinker.start(other, engine::kMaxLevel, 2, 900);
    REQUIRE(asked.size() == 2);
    CHECK(asked[1] == immediate);
    result = wait_for_result(thinker);
    REQUIRE(result);
    CHECK_FALSE(result->proven);
    CHECK(to_string(result->best) == "d4xb2");
}
