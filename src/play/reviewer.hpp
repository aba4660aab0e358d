#pragma once
// The review of a game (engine/review.hpp) on a worker thread, so the screen keeps answering while each
// position is valued: its progress and its result come through a descriptor the terminal loop polls.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <fetaix/engine/review.hpp>
#include <fetaix/fetaix.hpp>

#include "wakeup.hpp"

namespace fetaix::play {

class Reviewer {
public:
    // As the Thinker's: `make_tables` makes the endgame tables the review probes at the first start(),
    // `book` gives the proven positions for the game's rules at each; a game never reviewed reads neither.
    explicit Reviewer(std::function<std::unique_ptr<engine::Tables>()> make_tables = {},
                      std::function<const book::Book*(const Rules&)> book = {})
        : make_tables_(std::move(make_tables)), make_book_(std::move(book)) {}
    ~Reviewer() { cancel(); }
    Reviewer(const Reviewer&) = delete;
    Reviewer& operator=(const Reviewer&) = delete;

    // Reviews the game's moves up to the ply it stands at, `time_ms` of search for each position not
    // proven; a review under way is dropped first.
    void start(const Game& game, int time_ms);
    // Asks the worker to stop: the positions valued so far come as the result (Review::complete false).
    void stop() { stop_ = true; }
    // Stops at once and forgets the result.
    void cancel();
    bool busy() const { return running_; }
    // Positions valued so far, of how many.
    struct Progress {
        std::size_t done = 0;
        std::size_t total = 0;
    };
    Progress progress() const;
    // The review once finished (or stopped), once; nothing while it runs or when idle.
    std::optional<engine::Review> take_result();
    // Why the endgame tables could not be used, once ("" when they could).
    std::string take_tables_problem();
    // Readable after each position and once the result is ready: the terminal loop polls it.
    int fd() const { return wakeup_.fd(); }

private:
    std::function<std::unique_ptr<engine::Tables>()> make_tables_;
    std::unique_ptr<engine::Tables> tables_;  // used by the worker only
    std::function<const book::Book*(const Rules&)> make_book_;
    const book::Book* book_ = nullptr;
    bool prepared_ = false;
    std::thread worker_;
    std::atomic<bool> done_{false};
    std::atomic<bool> stop_{false};
    bool running_ = false;
    mutable std::mutex mutex_;
    std::optional<engine::Review> result_;
    Progress progress_;
    std::string tables_problem_;
    Wakeup wakeup_;
};

}  // namespace fetaix::play
