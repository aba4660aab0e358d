// A visitor's terminal over SSH: frames drawn as the bytes of the visitor's terminal type (checked by
// replaying them on a small terminal emulator of the test's own), and keys read from the bytes typed.

#include <catch2/catch.hpp>

#include <vector>

#include "server/remote_terminal.hpp"
#include "server/terminfo.hpp"

using namespace fetaix;
using namespace fetaix::server;
using front::Key;
using tui::Frame;
using tui::Role;

namespace {

// Enough of a VT100 to read back what the server draws: cursor position (CSI r;c H), clear (CSI 2J),
// everything else in an escape sequence skipped, UTF-8 characters a column each.
struct Emulator {
    std::vector<std::vector<std::string>> cells;
    int row = 0, column = 0;
    Emulator(int rows, int columns) : cells(rows, std::vector<std::string>(columns, " ")) {}

    void feed(const std::string& bytes) {
        std::size_t i = 0;
        while (i < bytes.size()) {
            const unsigned char c = static_cast<unsigned char>(bytes[i]);
            if (c == 0x1b && i + 1 < bytes.size() && bytes[i + 1] == '[') {
                std::size_t end = i + 2;
                while (end < bytes.size() && (bytes[end] < 0x40 || bytes[end] > 0x7e)) ++end;
                const std::string_view params = std::string_view(bytes).substr(i + 2, end - i - 2);
                const char final = bytes[end];
                if (final == 'H') {
                    int r = 1, col = 1;
                    if (!params.empty()) std::sscanf(std::string(params).c_str(), "%d;%d", &r, &col);
                    row = r - 1;
                    column = col - 1;
                } else if (final == 'J' && params == "2") {
                    for (auto& line : cells)
                        for (std::string& cell : line) cell.assign(1, ' ');
                }
                i = end + 1;
            } else if (c == 0x1b) {
                i += 3;  // ESC ( B and the like
            } else if (c < 0x20) {
                ++i;
            } else {
                std::size_t length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
                if (row < static_cast<int>(cells.size()) && column < static_cast<int>(cells[0].size()))
                    cells[row][column] = std::string(std::string_view(bytes).substr(i, length));
                ++column;
                i += length;
            }
        }
    }
    std::string line(int r) const {
        std::string out;
        for (const std::string& s : cells[r]) out += s;
        while (!out.empty() && out.back() == ' ') out.pop_back();
        return out;
    }
};

RemoteTerminal terminal_of(const char* term, int rows, int columns) {
    auto caps = read_terminfo(term);
    REQUIRE(caps);
    TerminalRequest request;
    request.term = term;
    request.rows = rows;
    request.columns = columns;
    return RemoteTerminal(*caps, request);
}

}  // namespace

TEST_CASE("remote terminal: an unknown terminal type, or one that cannot move the cursor, is refused") {
    auto unknown = read_terminfo("no-such-terminal");
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().message == "unknown terminal type 'no-such-terminal'");
    auto path = read_terminfo("../../etc/passwd");
    REQUIRE_FALSE(path);
    auto dumb = read_terminfo("dumb");
    REQUIRE_FALSE(dumb);
    CHECK(dumb.error().message == "the terminal type 'dumb' cannot move the cursor");
}

TEST_CASE("remote terminal: capabilities come without their padding delays") {
    // vt100's cup is \E[%i%p1%d;%p2%dH$<5>: rows and columns from 1, then a 5 ms delay nobody needs.
    auto vt100 = read_terminfo("vt100");
    REQUIRE(vt100);
    CHECK(vt100->move(2, 5) == "\x1b[3;6H");
    CHECK(vt100->clear.find("$<") == std::string::npos);
    CHECK(vt100->bold.find("$<") == std::string::npos);
}

TEST_CASE("remote terminal: the terminal type's colours decide the depth drawn at") {
    CHECK(terminal_of("xterm-256color", 24, 80).depth() == tui::ColourDepth::Palette256);
    CHECK(terminal_of("xterm", 24, 80).depth() == tui::ColourDepth::Eight);
    CHECK(terminal_of("vt100", 24, 80).depth() == tui::ColourDepth::Mono);
}

TEST_CASE("remote terminal: a frame drawn shows on the screen, and a second draws only what changed") {
    RemoteTerminal t = terminal_of("xterm-256color", 6, 20);
    Frame first(6, 20);
    first.write(0, 2, "fetaix", Role::Title);
    first.write(3, 4, "Name: Youssef");
    Emulator screen(6, 20);
    screen.feed(t.start());
    screen.feed(t.draw(first));
    CHECK(screen.line(0) == "  fetaix");
    CHECK(screen.line(3) == "    Name: Youssef");
    CHECK(t.draw(first).empty());
    Frame second = first;
    second.write(3, 10, "Amina  ");
    const std::string change = t.draw(second);
    CHECK(change.find("Amina") != std::string::npos);
    CHECK(change.find("fetaix") == std::string::npos);
    screen.feed(change);
    CHECK(screen.line(0) == "  fetaix");
    CHECK(screen.line(3) == "    Name: Amina");
}

TEST_CASE("remote terminal: a resize repaints the whole screen at the new size") {
    RemoteTerminal t = terminal_of("xterm-256color", 6, 20);
    Frame small(6, 20);
    small.write(5, 0, "q leaves");
    t.draw(small);
    t.resize(8, 30);
    CHECK(t.rows() == 8);
    CHECK(t.columns() == 30);
    Frame large(8, 30);
    large.write(7, 0, "q leaves");
    Emulator screen(8, 30);
    screen.feed("junk everywhere");
    screen.feed(t.draw(large));
    CHECK(screen.line(0).empty());
    CHECK(screen.line(7) == "q leaves");
    t.resize(100000, 100000);
    CHECK(t.rows() == kMaxRows);
    CHECK(t.columns() == kMaxColumns);
}

TEST_CASE("remote terminal: Unicode glyphs unless the visitor's locale is not UTF-8") {
    auto caps = read_terminfo("xterm");
    REQUIRE(caps);
    TerminalRequest request;
    CHECK(RemoteTerminal(*caps, request).glyphs().white_man == tui::Glyphs::unicode().white_man);
    request.utf8 = false;
    CHECK(RemoteTerminal(*caps, request).glyphs().white_man == tui::Glyphs::ascii().white_man);
}

TEST_CASE("key reader: characters, Enter, Backspace and the arrows as terminals send them") {
    KeyReader reader;
    const auto keys = reader.feed("ab\r\x7f\x1b[A\x1bOB\x1b[C\x1b[D\x1b[H\x1b[F\x1b[5~\x1b[6~\x1b[3~\x1b[1~\x1b[4~");
    std::vector<Key::Name> names;
    for (const auto& k : keys) names.push_back(k.key.name);
    using N = Key::Name;
    CHECK(names == std::vector<N>{N::Char, N::Char, N::Enter, N::Backspace, N::Up, N::Down, N::Right, N::Left,
                                  N::UpLeft, N::DownLeft, N::UpRight, N::DownRight, N::Delete, N::UpLeft, N::DownLeft});
    CHECK(keys[0].key.ch == 'a');
    CHECK(keys[1].key.ch == 'b');
}

TEST_CASE("key reader: a sequence cut between two reads is one key; an Esc alone is the Esc key") {
    KeyReader reader;
    CHECK(reader.feed("\x1b[").empty());
    const auto up = reader.feed("A");
    REQUIRE(up.size() == 1);
    CHECK(up[0].key.name == Key::Name::Up);
    const auto escape = reader.feed("\x1b");
    REQUIRE(escape.size() == 1);
    CHECK(escape[0].key.name == Key::Name::Escape);
    const auto crlf = reader.feed("\r\n");
    REQUIRE(crlf.size() == 1);
    CHECK(crlf[0].key.name == Key::Name::Enter);
}

TEST_CASE("key reader: a click's cell from an SGR mouse report; a release is no key") {
    KeyReader reader;
    const auto keys = reader.feed("\x1b[<0;12;5M\x1b[<0;12;5m");
    REQUIRE(keys.size() == 1);
    CHECK(keys[0].key.name == Key::Name::Click);
    CHECK(keys[0].row == 4);
    CHECK(keys[0].column == 11);
}

TEST_CASE("key reader: UTF-8 characters whole, even split across reads; stray bytes dropped") {
    KeyReader reader;
    CHECK(reader.feed("\xD9").empty());
    const auto ya = reader.feed("\x8A");
    REQUIRE(ya.size() == 1);
    CHECK(ya[0].code_point == 0x064A);
    const auto stray = reader.feed(
        "\xFF"
        "x");
    REQUIRE(stray.size() == 1);
    CHECK(stray[0].key.ch == 'x');
}
