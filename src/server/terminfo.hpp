#pragma once
// A visitor's terminal type as its terminfo entry describes it: the few capabilities the server draws
// with, read once when the visitor arrives (ncurses keeps the entry it reads in one global, so it is
// read, copied and let go here, never held while other visitors are drawn).

#include <string>
#include <string_view>

#include <fetaix/error.hpp>

namespace fetaix::server {

struct TermCaps {
    std::string name;
    int colors = 0;  // the entry's colour count (0: none)
    std::string clear, reset_attributes, bold, underline, reverse;
    std::string hide_cursor, show_cursor, enter_screen, leave_screen, bell;
    bool mouse = false;  // the entry reads xterm's mouse reports (kmous)
    // The cursor moved to (row, column), both from 0; a foreground or background colour by number.
    std::string move(int row, int column) const;
    std::string foreground(int colour) const;
    std::string background(int colour) const;

    std::string cup, setaf, setab;  // the parameterized capabilities, as the entry has them
};

// The capabilities of `term` (the pty request's TERM), or why it cannot be drawn on: an unknown type,
// or one that cannot move the cursor.
Expected<TermCaps> read_terminfo(std::string_view term);

}  // namespace fetaix::server
