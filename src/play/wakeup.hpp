#pragma once
// A file descriptor that a worker thread makes readable when it has something for the terminal loop,
// so the loop waits on it with poll beside the keyboard instead of waking up to look.

#include <fcntl.h>
#include <unistd.h>

namespace fetaix::play {

class Wakeup {
public:
    Wakeup() {
        if (pipe2(fds_, O_NONBLOCK | O_CLOEXEC) != 0) fds_[0] = fds_[1] = -1;
    }
    ~Wakeup() {
        for (int fd : fds_)
            if (fd >= 0) close(fd);
    }
    Wakeup(const Wakeup&) = delete;
    Wakeup& operator=(const Wakeup&) = delete;

    // Readable from now until clear(); safe from any thread.
    void notify() const {
        const char byte = 1;
        // A full pipe is readable already: nothing is lost when the write fails.
        [[maybe_unused]] const auto written = write(fds_[1], &byte, 1);
    }
    void clear() const {
        char bytes[64];
        while (read(fds_[0], bytes, sizeof bytes) > 0) {
        }
    }
    // What the loop polls for reading; -1 if the pipe could not be made (the loop then cannot wait on it).
    int fd() const { return fds_[0]; }

private:
    int fds_[2] = {-1, -1};
};

}  // namespace fetaix::play
