#include "terminfo.hpp"

#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <curses.h>
#include <term.h>
// term.h names its capabilities as macros; this file reads them by name instead.
#undef bell

namespace fetaix::server {

namespace {

// A capability without its padding ($<5>, $<2*/>): delays for terminals of long ago, which tputs would
// turn into waits or NULs; a terminal at the end of an SSH connection needs none.
std::string without_padding(const char* s) {
    std::string out;
    for (const char* p = s; *p != '\0'; ++p) {
        if (p[0] == '$' && p[1] == '<') {
            const char* end = std::strchr(p, '>');
            if (end != nullptr) {
                p = end;
                continue;
            }
        }
        out += *p;
    }
    return out;
}

std::string capability(const char* name) {
    const char* s = tigetstr(name);
    return s == nullptr || s == reinterpret_cast<const char*>(-1) ? std::string() : without_padding(s);
}

std::string with_parameters(const std::string& format, long a, long b = 0) {
    if (format.empty()) return {};
    const char* s = tiparm(format.c_str(), a, b);
    return s == nullptr ? std::string() : without_padding(s);
}

}  // namespace

std::string TermCaps::move(int row, int column) const { return with_parameters(cup, row, column); }
std::string TermCaps::foreground(int colour) const { return with_parameters(setaf, colour); }
std::string TermCaps::background(int colour) const { return with_parameters(setab, colour); }

Expected<TermCaps> read_terminfo(std::string_view term) {
    const std::string name(term);
    if (name.empty() || name.size() > 64 || name.find('/') != std::string::npos || name.front() == '.')
        return Error{concat("unknown terminal type '", name, "'")};
    // setupterm wants a descriptor for its own checks: one that is no visitor's.
    const int quiet = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    TERMINAL* const before = cur_term;
    int problem = 0;
    const int rc = setupterm(name.c_str(), quiet, &problem);
    if (quiet >= 0) ::close(quiet);
    if (rc != OK) {
        set_curterm(before);
        return Error{concat("unknown terminal type '", name, "'")};
    }
    TermCaps caps;
    caps.name = name;
    const int colours = tigetnum("colors");
    caps.colors = colours > 0 ? colours : 0;
    caps.cup = capability("cup");
    caps.setaf = capability("setaf");
    caps.setab = capability("setab");
    caps.clear = capability("clear");
    caps.reset_attributes = capability("sgr0");
    caps.bold = capability("bold");
    caps.underline = capability("smul");
    caps.reverse = capability("rev");
    caps.hide_cursor = capability("civis");
    caps.show_cursor = capability("cnorm");
    caps.enter_screen = capability("smcup");
    caps.leave_screen = capability("rmcup");
    caps.bell = capability("bel");
    caps.mouse = !capability("kmous").empty();
    TERMINAL* const read = set_curterm(before);
    del_curterm(read);
    if (caps.cup.empty() || caps.clear.empty())
        return Error{concat("the terminal type '", name, "' cannot move the cursor")};
    if (caps.setaf.empty() || caps.setab.empty()) caps.colors = 0;
    return caps;
}

}  // namespace fetaix::server
