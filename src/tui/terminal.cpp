#include "terminal.hpp"

#include <algorithm>
#include <clocale>
#include <signal.h>
#include <stdexcept>
#include <cstdlib>
#include <cstring>
#include <langinfo.h>
#include <poll.h>
#include <unistd.h>

#include <curses.h>

namespace fetaix::tui {

volatile std::sig_atomic_t Terminal::stop_signal = 0;

namespace {

extern "C" void on_stop_signal(int signal) { Terminal::stop_signal = signal; }

// Colour pairs, one per Role that needs colour. Each sets both foreground and background, so the
// board reads the same on dark and light terminals.
enum Pair : short {
    kPairBoard = 1,
    kPairWhite,
    kPairBlack,
    kPairDestination,
    kPairPath,
    kPairMarker,
    kPairLastMove,
    kPairMust,
    kPairDialog,
    kPairHint,
    kPairTurnWhite,
    kPairTurnBlack,
    kPairTaken,
};

bool utf8_locale() {
    const char* codeset = nl_langinfo(CODESET);
    return codeset != nullptr && (std::strcmp(codeset, "UTF-8") == 0 || std::strcmp(codeset, "utf8") == 0);
}

attr_t attributes(Role role, bool colors) {
    if (colors) {
        switch (role) {
            case Role::Text: return A_NORMAL;
            case Role::Title: return A_BOLD;
            case Role::Board: return COLOR_PAIR(kPairBoard);
            case Role::WhitePiece: return COLOR_PAIR(kPairWhite) | A_BOLD;
            case Role::BlackPiece: return COLOR_PAIR(kPairBlack);
            case Role::Destination: return COLOR_PAIR(kPairDestination) | A_BOLD;
            case Role::Path: return COLOR_PAIR(kPairPath) | A_BOLD;
            case Role::Taken: return COLOR_PAIR(kPairTaken) | A_BOLD;
            case Role::Marker: return COLOR_PAIR(kPairMarker) | A_BOLD;
            case Role::LastMove: return COLOR_PAIR(kPairLastMove) | A_BOLD;
            case Role::MustCapture: return COLOR_PAIR(kPairMust) | A_BOLD;
            case Role::Hint: return COLOR_PAIR(kPairHint) | A_BOLD;
            case Role::Status: return A_BOLD;
            case Role::Question: return A_REVERSE | A_BOLD;
            case Role::Message: return A_BOLD;
            case Role::Dialog: return COLOR_PAIR(kPairDialog);
            case Role::PromptCursor: return A_REVERSE | A_BOLD;
            case Role::TurnWhite: return COLOR_PAIR(kPairTurnWhite) | A_BOLD;
            case Role::TurnBlack: return COLOR_PAIR(kPairTurnBlack) | A_BOLD;
        }
        return A_NORMAL;
    }
    // Without colour: shapes tell the pieces apart; bold, underline and reverse video the rest.
    switch (role) {
        case Role::Text:
        case Role::Board:
        case Role::BlackPiece: return A_NORMAL;
        case Role::Title:
        case Role::Status:
        case Role::Message:
        case Role::WhitePiece:
        case Role::Destination:
        case Role::Path:
        case Role::Taken:
        case Role::Marker: return A_BOLD;
        case Role::LastMove: return A_UNDERLINE;
        case Role::MustCapture: return A_REVERSE;
        case Role::Hint: return A_BOLD | A_UNDERLINE;
        case Role::Question:
        case Role::Dialog:
        case Role::PromptCursor: return A_REVERSE;
        case Role::TurnWhite:
        case Role::TurnBlack: return A_REVERSE | A_BOLD;
    }
    return A_NORMAL;
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
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, nullptr);
    mouseinterval(0);
    // NO_COLOR (https://no-color.org): any non-empty value turns colour off.
    const char* no_color = std::getenv("NO_COLOR");
    colors_ = has_colors() && !(no_color != nullptr && no_color[0] != '\0');
    if (colors_) {
        start_color();
        // Text outside the board keeps the terminal's own colours, whatever they are.
        use_default_colors();
        init_pair(kPairBoard, COLOR_BLACK, COLOR_GREEN);
        init_pair(kPairWhite, COLOR_WHITE, COLOR_GREEN);
        init_pair(kPairBlack, COLOR_BLACK, COLOR_GREEN);
        init_pair(kPairDestination, COLOR_BLACK, COLOR_CYAN);
        init_pair(kPairPath, COLOR_BLACK, COLOR_CYAN);
        init_pair(kPairMarker, COLOR_YELLOW, COLOR_GREEN);
        init_pair(kPairLastMove, COLOR_WHITE, COLOR_MAGENTA);
        init_pair(kPairMust, COLOR_WHITE, COLOR_RED);
        init_pair(kPairDialog, COLOR_BLACK, COLOR_WHITE);
        init_pair(kPairHint, COLOR_BLACK, COLOR_YELLOW);
        // The side to move in its pieces' colour on the board's ground: a block that shows on dark and
        // light terminals alike (a black one would vanish on a dark one).
        init_pair(kPairTurnWhite, COLOR_WHITE, COLOR_GREEN);
        init_pair(kPairTurnBlack, COLOR_BLACK, COLOR_GREEN);
        // A piece taken by the capture in progress: a red cross in a black hole, until the move ends.
        init_pair(kPairTaken, COLOR_RED, COLOR_BLACK);
    }
}

Terminal::~Terminal() { endwin(); }

int Terminal::rows() const { return LINES; }
int Terminal::columns() const { return COLS; }

Key Terminal::read_key(int timeout_ms, bool flipped) {
    timeout(timeout_ms);
    const int c = getch();
    using N = Key::Name;
    if (c == ERR) {
        // A timeout, or a terminal gone: then the input is always ready (end of file, EIO) or hung up,
        // and getch fails at once, forever.
        pollfd input{STDIN_FILENO, POLLIN, 0};
        const bool ready = poll(&input, 1, 0) == 1;
        if (ready && (input.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) lost_ = true;
        failed_reads_ = ready ? failed_reads_ + 1 : 0;
        if (failed_reads_ >= 10) lost_ = true;
        return Key::named(N::None);
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
            const attr_t a = attributes(cell.role, colors_);
            attron(a);
            // The bottom-right cell cannot be written without scrolling on some terminals; the second
            // column of a wide character is drawn with its first.
            if (!(row == LINES - 1 && col == COLS - 1) && !cell.glyph.empty()) mvaddstr(row, col, cell.glyph.c_str());
            attroff(a);
        }
    refresh();
}

}  // namespace fetaix::tui
