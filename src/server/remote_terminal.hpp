#pragma once
// A visitor's terminal at the other end of an SSH channel. The server composes the same Frames as the
// local game and this turns each into the bytes the visitor's terminal type understands (its terminfo
// entry): only the cells that changed since the frame before, as curses does for the local terminal.
// What the visitor types comes back as Keys. Nothing here reads or writes a descriptor: the server
// sends what draw() returns and feeds what arrives.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "terminfo.hpp"
#include "tui/frame.hpp"
#include "tui/theme.hpp"

namespace fetaix::server {

// What the visitor's SSH client said of its terminal.
struct TerminalRequest {
    std::string term = "xterm";
    int rows = 24;
    int columns = 80;
    bool utf8 = true;       // LANG / LC_* name UTF-8, or none was sent
    std::string colorterm;  // COLORTERM, when the client sends it
    bool no_color = false;  // NO_COLOR set
    std::string theme = "dark";
};

// The largest screen drawn (a larger window draws this much of it): bounds what one frame sends.
inline constexpr int kMaxRows = 200;
inline constexpr int kMaxColumns = 400;

class RemoteTerminal {
public:
    RemoteTerminal(TermCaps caps, const TerminalRequest& request);

    int rows() const { return rows_; }
    int columns() const { return columns_; }
    const tui::Glyphs& glyphs() const { return glyphs_; }
    tui::ColourDepth depth() const { return depth_; }

    // The bytes that take the terminal over (the alternate screen, cursor hidden, mouse reports on) and
    // that give it back as it was.
    std::string start() const;
    std::string finish() const;
    // The window's new size: the next draw repaints the whole screen.
    void resize(int rows, int columns);
    // The bytes that make the screen show `frame`: what changed since the last draw, or every cell.
    std::string draw(const tui::Frame& frame, bool repaint = false);
    std::string bell() const { return caps_.bell.empty() ? std::string("\a") : caps_.bell; }

private:
    std::string attributes(tui::Role role) const;

    TermCaps caps_;
    tui::Theme theme_;
    tui::Glyphs glyphs_;
    tui::ColourDepth depth_ = tui::ColourDepth::Mono;
    int rows_;
    int columns_;
    std::optional<tui::Frame> shown_;  // what the terminal shows now
};

// Bytes from the visitor's terminal turned into keys: characters, and the escape sequences terminals
// send for the arrows, Home, End, PgUp, PgDn, Delete and mouse clicks (xterm's SGR reports). A sequence
// cut between two reads is completed by the next; an Esc alone at the end of what came is the Esc key.
class KeyReader {
public:
    struct Read {
        front::Key key;
        int row = -1, column = -1;  // a click's cell, from 0
        char32_t code_point = 0;    // a character beyond ASCII (the key is then None)
    };
    std::vector<Read> feed(std::string_view bytes);

private:
    std::string pending_;
};

}  // namespace fetaix::server
