#include "terminal.hpp"

#include <algorithm>
#include <clocale>
#include <cstdlib>
#include <cstring>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdexcept>
#include <unistd.h>

#include <curses.h>

namespace fetaix::tui {

volatile std::sig_atomic_t Terminal::stop_signal = 0;

namespace {

extern "C" void on_stop_signal(int signal) { Terminal::stop_signal = signal; }

bool utf8_locale() {
    const char* codeset = nl_langinfo(CODESET);
    return codeset != nullptr && (std::strcmp(codeset, "UTF-8") == 0 || std::strcmp(codeset, "utf8") == 0);
}

// One colour pair per Role that has colours: the Role's number plus one (pair 0 is the terminal's own).
short pair_of(Role role) { return static_cast<short>(static_cast<int>(role) + 1); }

// The curses attributes (colour pair, bold, underline, reverse) of a Role in a theme.
attr_t attributes(const Theme& theme, bool colors, Role role) {
    const Style& style = theme.style(role);
    attr_t a = A_NORMAL;
    if (colors && style.fg && style.bg) a |= COLOR_PAIR(pair_of(role));
    if (style.bold) a |= A_BOLD;
    if (style.underline) a |= A_UNDERLINE;
    if (style.reverse) a |= A_REVERSE;
    return a;
}

// The curses key code read_key turns back into `name`, for the named keys extra_key_sequences has.
int curses_key(Key::Name name) {
    switch (name) {
        case Key::Name::UpLeft: return KEY_HOME;
        case Key::Name::DownLeft: return KEY_END;
        case Key::Name::UpRight: return KEY_PPAGE;
        case Key::Name::DownRight: return KEY_NPAGE;
        default: return 0;
    }
}

}  // namespace

Terminal::Terminal(const TerminalOptions& options) {
    std::setlocale(LC_ALL, "");
    glyphs_ = (!options.ascii && utf8_locale()) ? Glyphs::unicode() : Glyphs::ascii();
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaction(s, &action, nullptr);
    if (initscr() == nullptr) throw std::runtime_error("cannot start the terminal (is TERM set?)");
    // After initscr, which sets its own SIGWINCH handler: KEY_RESIZE comes from getch after the wait.
    sigset_t blocked;
    sigemptyset(&blocked);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGWINCH}) sigaddset(&blocked, s);
    pthread_sigmask(SIG_BLOCK, &blocked, &wait_mask_);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    // Home, End, PgUp and PgDn as terminals send them, where TERM's description does not name them
    // (tmux's Home is ESC [1~ even under TERM=xterm-256color): else the Esc, '[', '1' and '~' of the
    // sequence would each act as a key.
    for (const KeySequence& s : extra_key_sequences()) {
        const std::string bytes(s.bytes);
        if (const int code = curses_key(s.key); code != 0 && key_defined(bytes.c_str()) == 0)
            define_key(bytes.c_str(), code);
    }
    set_escdelay(25);
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, nullptr);
    mouseinterval(0);
    theme_ = theme_by_name(options.theme).value_or(themes().front());
    // start_color() only where colour will be used: it sends colour resets of its own.
    const char* no_color = std::getenv("NO_COLOR");
    if (theme_.colour && has_colors() && !(no_color != nullptr && no_color[0] != '\0')) {
        start_color();  // sets COLORS
        depth_ = choose_depth(COLORS, std::getenv("COLORTERM"), no_color);
    }
    if (depth_ == ColourDepth::Mono) theme_ = *theme_by_name("mono");
    colors_ = depth_ != ColourDepth::Mono;
    if (colors_) {
        // Text outside the board keeps the terminal's own colours, whatever they are.
        use_default_colors();
        for (std::size_t i = 0; i < kRoleCount; ++i) {
            const Style& style = theme_.styles[i];
            if (style.fg && style.bg)
                init_extended_pair(pair_of(static_cast<Role>(i)), colour_number(*style.fg, depth_),
                                   colour_number(*style.bg, depth_));
        }
    }
}

Terminal::~Terminal() {
    endwin();
    pthread_sigmask(SIG_SETMASK, &wait_mask_, nullptr);
}

int Terminal::rows() const { return LINES; }
int Terminal::columns() const { return COLS; }

Key Terminal::read_key(int timeout_ms, bool flipped, std::vector<pollfd>& others) {
    for (pollfd& p : others) p.revents = 0;
    // A key curses holds already (the rest of a sequence, a resize noticed) comes before any wait.
    timeout(0);
    int c = getch();
    using N = Key::Name;
    if (c == ERR) {
        // The keyboard first, then the others; copied back after the wait with what each is ready for.
        std::vector<pollfd> fds{{STDIN_FILENO, POLLIN, 0}};
        fds.insert(fds.end(), others.begin(), others.end());
        timespec limit{timeout_ms / 1000, static_cast<long>(timeout_ms % 1000) * 1000000L};
        const int ready = ppoll(fds.data(), fds.size(), timeout_ms < 0 ? nullptr : &limit, &wait_mask_);
        if (ready > 0) std::copy(fds.begin() + 1, fds.end(), others.begin());
        const short input = ready > 0 ? fds[0].revents : 0;
        // A terminal gone: the input hangs up, or is always ready (end of file, EIO) with never a key.
        if ((input & (POLLHUP | POLLERR | POLLNVAL)) != 0) lost_ = true;
        // Read after any wake-up: a signal may have been SIGWINCH, which getch turns into KEY_RESIZE.
        c = getch();
        if (c == ERR) {
            failed_reads_ = (input & POLLIN) != 0 ? failed_reads_ + 1 : 0;
            if (failed_reads_ >= 10) lost_ = true;
            return Key::named(N::None);
        }
    }
    failed_reads_ = 0;
    switch (c) {
        case KEY_UP: return Key::named(N::Up);
        case KEY_DOWN: return Key::named(N::Down);
        case KEY_LEFT: return Key::named(N::Left);
        case KEY_RIGHT: return Key::named(N::Right);
        case KEY_HOME:
        case KEY_A1: return Key::named(N::UpLeft);
        case KEY_PPAGE:
        case KEY_A3: return Key::named(N::UpRight);
        case KEY_END:
        case KEY_C1: return Key::named(N::DownLeft);
        case KEY_NPAGE:
        case KEY_C3: return Key::named(N::DownRight);
        case KEY_ENTER:
        case '\n':
        case '\r': return Key::named(N::Enter);
        case 27: return Key::named(N::Escape);
        case KEY_BACKSPACE:
        case 127:
        case 8: return Key::named(N::Backspace);
        case KEY_DC: return Key::named(N::Delete);
        case KEY_RESIZE: return Key::named(N::Resize);
        case KEY_MOUSE: {
            MEVENT event;
            if (getmouse(&event) != OK) return Key::named(N::None);
            Key k = Key::named(N::Click);
            // The board as compose() draws it for this screen size.
            k.point = point_at(event.y, event.x, flipped, board_geometry(LINES, COLS));
            return k;
        }
        default:
            if (c > 0 && c < 128) return Key::character(static_cast<char>(c));
            return Key::named(N::None);
    }
}

bool Terminal::input_waiting() const {
    pollfd fd{STDIN_FILENO, POLLIN, 0};
    return ::poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN) != 0;
}

void Terminal::bell() { beep(); }

void Terminal::draw(const Frame& frame, bool repaint) {
    if (repaint) clearok(curscr, TRUE);
    erase();
    const int rows = std::min(frame.rows(), LINES);
    const int columns = std::min(frame.columns(), COLS);
    for (int row = 0; row < rows; ++row)
        for (int col = 0; col < columns; ++col) {
            const Cell& cell = frame.at(row, col);
            // erase() has blanked the screen already: plain blanks, most of a large screen, cost nothing.
            if (cell.role == Role::Text && cell.glyph == " ") continue;
            const attr_t a = attributes(theme_, colors_, cell.role);
            attron(a);
            // The bottom-right cell cannot be written without scrolling on some terminals; the second
            // column of a wide character is drawn with its first.
            if (!(row == LINES - 1 && col == COLS - 1) && !cell.glyph.empty()) mvaddstr(row, col, cell.glyph.c_str());
            attroff(a);
        }
    refresh();
}

}  // namespace fetaix::tui
