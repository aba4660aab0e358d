#pragma once
// The engine on a worker thread, so the screen keeps answering while the computer thinks.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>

#include "wakeup.hpp"

namespace fetaix::play {

class Thinker {
public:
    // `make_tables`, if given, makes the endgame tables the engine may probe (levels 7 and 8, hints);
    // `book`, if given, gives the proven positions those levels play from for a game's rules (outliving
    // the Thinker). The tables are made at the first start(), as the search's table is, and the book is
    // asked for at each: a game between two people never reads a page of them.
    explicit Thinker(std::function<std::unique_ptr<engine::Tables>()> make_tables = {},
                     std::function<const book::Book*(const Rules&)> book = {})
        : make_tables_(std::move(make_tables)), make_book_(std::move(book)) {}
    ~Thinker() { cancel(); }
    Thinker(const Thinker&) = delete;
    Thinker& operator=(const Thinker&) = delete;

    // Starts thinking about the game's position; any earlier thinking is dropped first.
    void start(const Game& game, int level, std::uint64_t seed, int time_ms);
    // Stops at once and forgets the result.
    void cancel();
    bool busy() const { return running_; }
    // The finished result, once; nothing while thinking or idle.
    std::optional<engine::Result> take_result();
    // "depth 7, best c2-c3" while thinking.
    std::string progress() const;
    // Readable once a result is ready (until take_result or cancel): the terminal loop polls it.
    int fd() const { return wakeup_.fd(); }

    // Whether the engine's table has been made: only once the computer or a hint has been used.
    bool has_table() const { return search_ != nullptr; }

private:
    static constexpr std::size_t kTableEntries = std::size_t{1} << 20;
    // Made on the first start(): its transposition table is most of the program's memory, and a game
    // between two people never needs it.
    std::unique_ptr<engine::Search> search_;
    std::function<std::unique_ptr<engine::Tables>()> make_tables_;
    std::unique_ptr<engine::Tables> tables_;  // used by the worker only
    std::function<const book::Book*(const Rules&)> make_book_;
    const book::Book* book_ = nullptr;
    std::thread worker_;
    std::atomic<bool> done_{false};
    std::atomic<bool> stop_{false};  // this run's stop request (engine::Limits::stop)
    bool running_ = false;
    mutable std::mutex mutex_;
    std::optional<engine::Result> result_;
    std::string progress_;
    Wakeup wakeup_;
};

}  // namespace fetaix::play
