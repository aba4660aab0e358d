#include "reader.hpp"

namespace fetaix::front {

void FileReader::start(ReadFile read, std::string path) {
    cancel();
    done_ = false;
    stop_ = false;
    result_.reset();
    worker_ = std::thread([this, read = std::move(read), path = std::move(path)] {
        result_.emplace(read(path, &stop_));
        done_.store(true, std::memory_order_release);
        wakeup_.notify();
    });
}

void FileReader::cancel() {
    if (!worker_.joinable()) return;
    stop_ = true;
    worker_.join();
    wakeup_.clear();
    result_.reset();
}

std::optional<Expected<GameRecord>> FileReader::take_result() {
    if (!worker_.joinable() || !done_.load(std::memory_order_acquire)) return std::nullopt;
    worker_.join();
    wakeup_.clear();
    return std::exchange(result_, std::nullopt);
}

}  // namespace fetaix::front
