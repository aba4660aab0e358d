// Whether the game can run here, asked of the terminfo database before curses starts (kept apart from
// terminal.cpp: <term.h> defines macros such as `columns` and `lines`).

#include "terminal.hpp"

#include <cstdlib>
#include <unistd.h>

#include <fetaix/error.hpp>

// Last: its macros would rename what the headers above declare.
#include <curses.h>
#include <term.h>

namespace fetaix::tui {

std::optional<std::string> terminal_problem() {
    if (isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0) {
        const char* which = isatty(STDIN_FILENO) == 0 && isatty(STDOUT_FILENO) == 0 ? "neither is one"
                            : isatty(STDIN_FILENO) == 0                             ? "standard input is not one"
                                                                                    : "standard output is not one";
        return concat("the game needs a terminal on standard input and output (", which, ")");
    }
    const char* term = std::getenv("TERM");
    const std::string needed = "the game needs a terminal type with cursor addressing";
    if (term == nullptr || term[0] == '\0') return concat(needed, " (TERM is not set)");
    int error = 0;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) {
        if (error == -1) return concat(needed, " (TERM=", term, ": no terminfo database was found)");
        return concat(needed, " (TERM=", term, " is not in the terminfo database)");
    }
    // tigetstr answers nullptr for an absent capability and (char*)-1 for a name that is not a string.
    const char* cup = tigetstr(const_cast<char*>("cup"));
    const bool addressing = cup != nullptr && cup != reinterpret_cast<char*>(-1);
    del_curterm(cur_term);
    if (!addressing) return concat(needed, " (TERM=", term, " has none)");
    return std::nullopt;
}

}  // namespace fetaix::tui
