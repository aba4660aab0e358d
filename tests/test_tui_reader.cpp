// The file reader's worker thread: the result comes back once, and a stop reaches the reading.

#include <atomic>
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "front/reader.hpp"

using namespace fetaix;
using namespace fetaix::front;

namespace {

// Waits (up to 10 s) for the reader's result.
std::optional<Expected<GameRecord>> wait_for(FileReader& reader) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < until) {
        if (auto r = reader.take_result()) return r;
        std::this_thread::yield();
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("tui reader: the record read on the worker comes back once", "[tui][reader]") {
    FileReader reader;
    reader.start(
        [](const std::string& path, const std::atomic<bool>*) -> Expected<GameRecord> {
            auto r = parse_pdn(concat("[White \"", path, "\"]\n1. c2-c3 *\n"));
            return r->front();
        },
        "Omar");
    const auto result = wait_for(reader);
    REQUIRE(result);
    REQUIRE(result->ok());
    CHECK((*result)->tag("White") == "Omar");
    CHECK((*result)->moves.size() == 1);
    CHECK_FALSE(reader.busy());
    CHECK_FALSE(reader.take_result());
}

TEST_CASE("tui reader: cancel reaches a reading that runs until told to stop", "[tui][reader]") {
    FileReader reader;
    std::atomic<bool> saw_stop{false};
    reader.start(
        [&](const std::string&, const std::atomic<bool>* stop) -> Expected<GameRecord> {
            while (!stop->load()) std::this_thread::yield();
            saw_stop = true;
            return Error{"reading stopped"};
        },
        "endless.pdn");
    CHECK(reader.busy());
    CHECK_FALSE(reader.take_result());
    reader.cancel();  // returns only once the worker has seen the stop and ended
    CHECK(saw_stop);
    CHECK_FALSE(reader.busy());
    CHECK_FALSE(reader.take_result());
}

TEST_CASE("7 PDN: a reading told to stop ends before the next move with an error", "[pdn][reader]") {
    std::atomic<bool> stop{true};
    const auto r = parse_pdn("[Event \"x\"]\n1. c2-c3 c4xc2 *\n", &stop);
    REQUIRE_FALSE(r);
    CHECK(r.error().describe() == "line 2, column 4: reading stopped");
    std::atomic<bool> go{false};
    CHECK(parse_pdn("[Event \"x\"]\n1. c2-c3 c4xc2 *\n", &go));
}
