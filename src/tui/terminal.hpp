#pragma once
// The curses session: the only code that talks to the terminal. It starts curses, restores the
// terminal on every way out (return, exception, signal), reads keys, and copies Frames to the screen.

#include <csignal>

#include "frame.hpp"
#include "input.hpp"

namespace fetaix::tui {

struct TerminalOptions {
    bool ascii = false;  // plain ASCII glyphs even in a UTF-8 locale
};

class Terminal {
public:
    explicit Terminal(const TerminalOptions& options);
    ~Terminal();
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    // The next key, or Key::Name::None after `timeout_ms` without one (so signals are noticed).
    Key read_key(int timeout_ms, bool flipped);
    void draw(const Frame& frame);
    int rows() const;
    int columns() const;
    const Glyphs& glyphs() const { return glyphs_; }
    bool colors() const { return colors_; }

    // Set by SIGINT, SIGTERM and SIGHUP; the main loop ends when it is set.
    static volatile std::sig_atomic_t stop_signal;

private:
    Glyphs glyphs_;
    bool colors_ = false;
};

}  // namespace fetaix::tui
