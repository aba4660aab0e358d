#pragma once
// The curses session: the only code that talks to the terminal. It starts curses, restores the
// terminal on every way out (return, exception, signal), reads keys, and copies Frames to the screen.

#include <csignal>
#include <optional>
#include <poll.h>
#include <signal.h>
#include <string>
#include <vector>

#include "frame.hpp"
#include "front/input.hpp"
#include "front/options.hpp"
#include "theme.hpp"

namespace fetaix::tui {

// Why the game cannot run here (standard input or output is not a terminal, TERM cannot move the cursor),
// or nothing. Asked before curses starts, which would otherwise write escape codes anywhere and spin.
std::optional<std::string> terminal_problem();

class Terminal {
public:
    explicit Terminal(const TerminalOptions& options);
    ~Terminal();
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    // Waits for the next key, one of `others` ready (their revents are set), a signal, or `timeout_ms`
    // (-1: no limit), all together in one poll: never a busy wait. Returns the key, or
    // Key::Name::None for anything else.
    Key read_key(int timeout_ms, bool flipped, std::vector<pollfd>& others);
    // Whether more of the keyboard's input is there already (the rest of a paste): drawing can wait for it.
    bool input_waiting() const;
    // Copies the frame to the screen: only what changed, or, with `repaint`, every cell (Ctrl-L: the
    // screen was written behind curses' back).
    void draw(const Frame& frame, bool repaint = false);
    // True once the terminal has gone away (reading it fails or hangs up again and again).
    bool lost() const { return lost_; }
    // The terminal bell (or its visible flash, as the terminal is set up).
    void bell();
    int rows() const;
    int columns() const;
    const Glyphs& glyphs() const { return glyphs_; }
    bool colors() const { return colors_; }
    ColourDepth depth() const { return depth_; }

    // Set by SIGINT, SIGTERM and SIGHUP; the main loop ends when it is set.
    static volatile std::sig_atomic_t stop_signal;

private:
    Glyphs glyphs_;
    Theme theme_;
    ColourDepth depth_ = ColourDepth::Mono;
    bool colors_ = false;
    bool lost_ = false;
    int failed_reads_ = 0;  // reads in a row that found input ready and still no key
    // The signals the loop ends or redraws on are blocked except while it waits (ppoll unblocks them),
    // so one that comes between two waits is never missed; this is the mask to wait with.
    sigset_t wait_mask_{};
};

}  // namespace fetaix::tui
