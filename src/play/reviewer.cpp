#include "reviewer.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace fetaix::play {

void Reviewer::start(const Game& game, int time_ms) {
    cancel();
    if (!prepared_) {
        if (make_tables_) tables_ = make_tables_();
        prepared_ = true;
    }
    book_ = make_book_ ? make_book_(game.rules()) : nullptr;
    done_ = false;
    // Cleared before the worker exists (cancel() has joined the last one): a stop before it starts counts.
    stop_ = false;
    running_ = true;
    {
        std::lock_guard lock(mutex_);
        result_.reset();
        progress_ = {0, game.ply() + 1};
    }
    worker_ = std::thread([this, game, time_ms] {
        // Below the loop's thread: on a busy machine the keys are answered first (Linux: a thread's own
        // nice value). Failing, the review runs at the program's priority.
        (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
        engine::ReviewSettings settings;
        settings.time_ms = time_ms;
        settings.tables = tables_.get();
        settings.book = book_;
        engine::Review review = engine::review_game(game, settings, &stop_,
                                                    [this](std::size_t done, std::size_t total) {
                                                        {
                                                            std::lock_guard lock(mutex_);
                                                            progress_ = {done, total};
                                                        }
                                                        wakeup_.notify();
                                                    });
        std::lock_guard lock(mutex_);
        if (tables_) tables_problem_ = tables_->take_problem();
        result_ = std::move(review);
        done_ = true;
        wakeup_.notify();
    });
}

void Reviewer::cancel() {
    if (worker_.joinable()) {
        stop_ = true;
        worker_.join();
    }
    running_ = false;
    wakeup_.clear();
    std::lock_guard lock(mutex_);
    result_.reset();
}

Reviewer::Progress Reviewer::progress() const {
    std::lock_guard lock(mutex_);
    return progress_;
}

std::optional<engine::Review> Reviewer::take_result() {
    // The progress's wakeups are taken as they come: the descriptor is readable again only for news.
    wakeup_.clear();
    if (!running_ || !done_) return std::nullopt;
    worker_.join();
    running_ = false;
    std::lock_guard lock(mutex_);
    return std::exchange(result_, std::nullopt);
}

std::string Reviewer::take_tables_problem() {
    std::lock_guard lock(mutex_);
    return std::exchange(tables_problem_, {});
}

}  // namespace fetaix::play
