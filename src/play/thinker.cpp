#include "thinker.hpp"

namespace fetaix::play {

void Thinker::start(const Game& game, int level, std::uint64_t seed, int time_ms) {
    cancel();
    if (!search_) {
        search_ = std::make_unique<engine::Search>(kTableEntries);
        if (make_tables_) tables_ = make_tables_();
    }
    // The game's rules may differ from the last game's.
    book_ = make_book_ ? make_book_(game.rules()) : nullptr;
    done_ = false;
    // Cleared before the worker exists (cancel() has joined the last one), so a cancel that comes
    // before the worker reaches the search still stops it.
    stop_ = false;
    running_ = true;
    {
        std::lock_guard lock(mutex_);
        result_.reset();
        progress_ = "starting";
    }
    worker_ = std::thread([this, game, level, seed, time_ms] {
        engine::Result r = engine::think(
            *search_, game, level, seed, time_ms,
            [this](const engine::DepthReport& d) {
                std::lock_guard lock(mutex_);
                progress_ = d.pv.empty() ? concat("depth ", d.depth)
                                         : concat("depth ", d.depth, ", best ", to_string(d.pv[0]));
            },
            &stop_, tables_.get(), book_);
        std::lock_guard lock(mutex_);
        result_ = r;
        done_ = true;
        wakeup_.notify();
    });
}

void Thinker::cancel() {
    if (worker_.joinable()) {
        stop_ = true;
        worker_.join();
    }
    running_ = false;
    wakeup_.clear();
    std::lock_guard lock(mutex_);
    result_.reset();
}

std::optional<engine::Result> Thinker::take_result() {
    if (!running_ || !done_) return std::nullopt;
    worker_.join();
    running_ = false;
    wakeup_.clear();
    std::lock_guard lock(mutex_);
    return std::exchange(result_, std::nullopt);
}

std::string Thinker::progress() const {
    std::lock_guard lock(mutex_);
    return progress_;
}

}  // namespace fetaix::play
