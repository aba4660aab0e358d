#pragma once
// A game file read on a worker thread, so the screen keeps answering keys while a long record is
// checked move by move.

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include <fetaix/fetaix.hpp>

#include "play/wakeup.hpp"

namespace fetaix::front {

// Reads a file into a record; `stop` set asks it to give up early.
using ReadFile = std::function<Expected<GameRecord>(const std::string& path, const std::atomic<bool>* stop)>;

class FileReader {
public:
    FileReader() = default;
    ~FileReader() { cancel(); }
    FileReader(const FileReader&) = delete;
    FileReader& operator=(const FileReader&) = delete;

    // Starts reading path with read; any earlier reading is dropped first.
    void start(ReadFile read, std::string path);
    // Stops the reading (within one move's check) and forgets it.
    void cancel();
    bool busy() const { return worker_.joinable(); }
    // The record or the error, once the reading has finished; nothing before.
    std::optional<Expected<GameRecord>> take_result();
    // Readable once the reading has finished (until take_result or cancel): the terminal loop polls it.
    int fd() const { return wakeup_.fd(); }

private:
    std::thread worker_;
    std::atomic<bool> done_{false};
    std::atomic<bool> stop_{false};
    std::optional<Expected<GameRecord>> result_;  // written by the worker before done_, read after
    play::Wakeup wakeup_;
};

}  // namespace fetaix::front
