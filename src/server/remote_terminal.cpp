#include "remote_terminal.hpp"

#include <algorithm>
#include <cstdio>

namespace fetaix::server {

using front::Key;
using tui::Role;

RemoteTerminal::RemoteTerminal(TermCaps caps, const TerminalRequest& request)
    : caps_(std::move(caps)), theme_(tui::theme_by_name(request.theme).value_or(tui::themes().front())),
      glyphs_(request.utf8 ? tui::Glyphs::unicode() : tui::Glyphs::ascii()),
      rows_(std::clamp(request.rows, 1, kMaxRows)), columns_(std::clamp(request.columns, 1, kMaxColumns)) {
    if (theme_.colour && caps_.colors > 0)
        depth_ = tui::choose_depth(caps_.colors, request.colorterm.c_str(), request.no_color ? "1" : nullptr);
    if (depth_ == tui::ColourDepth::Mono) theme_ = *tui::theme_by_name("mono");
}

std::string RemoteTerminal::start() const {
    std::string out = caps_.enter_screen + caps_.hide_cursor + caps_.reset_attributes + caps_.clear;
    // Clicks reported, as xterm's SGR mode spells them (any column, not only the first 223).
    if (caps_.mouse) out += "\x1b[?1000h\x1b[?1006h";
    return out;
}

std::string RemoteTerminal::finish() const {
    std::string out;
    if (caps_.mouse) out += "\x1b[?1006l\x1b[?1000l";
    return out + caps_.reset_attributes + caps_.clear + caps_.show_cursor + caps_.leave_screen;
}

void RemoteTerminal::resize(int rows, int columns) {
    rows_ = std::clamp(rows, 1, kMaxRows);
    columns_ = std::clamp(columns, 1, kMaxColumns);
    shown_.reset();
}

std::string RemoteTerminal::attributes(Role role) const {
    const tui::Style& style = theme_.style(role);
    std::string out = caps_.reset_attributes;
    if (style.bold) out += caps_.bold;
    if (style.underline) out += caps_.underline;
    if (style.reverse) out += caps_.reverse;
    if (depth_ != tui::ColourDepth::Mono && style.fg && style.bg)
        out += caps_.foreground(tui::colour_number(*style.fg, depth_)) +
               caps_.background(tui::colour_number(*style.bg, depth_));
    return out;
}

std::string RemoteTerminal::draw(const tui::Frame& frame, bool repaint) {
    std::string out;
    const bool whole = repaint || !shown_ || shown_->rows() != frame.rows() || shown_->columns() != frame.columns();
    if (whole) out += caps_.reset_attributes + caps_.clear;
    const int rows = std::min(frame.rows(), rows_);
    const int columns = std::min(frame.columns(), columns_);
    std::optional<Role> role;  // the attributes in force; none known after a clear
    int at_row = -1, at_column = -1;
    for (int row = 0; row < rows; ++row)
        for (int col = 0; col < columns; ++col) {
            const tui::Cell& cell = frame.at(row, col);
            if (whole ? (cell.role == Role::Text && cell.glyph == " ")
                      : (cell.glyph == shown_->at(row, col).glyph && cell.role == shown_->at(row, col).role))
                continue;
            // The second column of a wide character is drawn with its first; the bottom-right cell is
            // never written, which would scroll some terminals.
            if (cell.glyph.empty() || (row == rows_ - 1 && col == columns_ - 1)) continue;
            if (row != at_row || col != at_column) out += caps_.move(row, col);
            if (role != cell.role) {
                out += attributes(cell.role);
                role = cell.role;
            }
            out += cell.glyph;
            at_row = row;
            at_column = col + (col + 1 < columns && frame.at(row, col + 1).glyph.empty() ? 2 : 1);
        }
    if (role && *role != Role::Text) out += caps_.reset_attributes;
    shown_ = frame;
    return out;
}

namespace {

// The key of a CSI or SS3 sequence's final byte (and its number, for ESC [ N ~).
std::optional<Key::Name> named_key(char final, int number) {
    using N = Key::Name;
    switch (final) {
        case 'A': return N::Up;
        case 'B': return N::Down;
        case 'C': return N::Right;
        case 'D': return N::Left;
        case 'H': return N::UpLeft;
        case 'F': return N::DownLeft;
        case '~':
            switch (number) {
                case 1:
                case 7: return N::UpLeft;
                case 4:
                case 8: return N::DownLeft;
                case 5: return N::UpRight;
                case 6: return N::DownRight;
                case 3: return N::Delete;
                default: return std::nullopt;
            }
        default: return std::nullopt;
    }
}

// The length of the UTF-8 character `lead` starts (0: not a lead byte).
std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xC2 && lead <= 0xDF) return 2;
    if (lead >= 0xE0 && lead <= 0xEF) return 3;
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    return 0;
}

}  // namespace

std::vector<KeyReader::Read> KeyReader::feed(std::string_view bytes) {
    using N = Key::Name;
    pending_.append(bytes);
    std::vector<Read> keys;
    std::size_t i = 0;
    const std::string& in = pending_;
    while (i < in.size()) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c == 0x1b) {
            if (i + 1 == in.size()) {
                keys.push_back({Key::named(N::Escape)});
                ++i;
                continue;
            }
            const char kind = in[i + 1];
            if (kind != '[' && kind != 'O') {
                keys.push_back({Key::named(N::Escape)});
                ++i;
                continue;
            }
            // ESC [ (or ESC O) parameters, then a final byte in @..~.
            std::size_t end = i + 2;
            while (end < in.size() && (in[end] < 0x40 || in[end] > 0x7e) && end - i < 32) ++end;
            if (end == in.size()) break;  // the rest of the sequence comes with the next read
            const std::string_view params(in.data() + i + 2, end - i - 2);
            const char final = in[end];
            i = end + 1;
            if (kind == '[' && !params.empty() && params.front() == '<' && (final == 'M' || final == 'm')) {
                // A mouse report: <button;column;row, M pressed, m released (1-based cells).
                int b = 0, x = 0, y = 0;
                if (std::sscanf(std::string(params.substr(1)).c_str(), "%d;%d;%d", &b, &x, &y) == 3 && final == 'M' &&
                    (b & ~0x1c) == 0)
                    keys.push_back({Key::named(N::Click), y - 1, x - 1});
                continue;
            }
            int number = 0;
            for (char d : params) {
                if (d < '0' || d > '9') break;
                number = std::min(number * 10 + (d - '0'), 1000);
            }
            if (auto name = named_key(final, number)) keys.push_back({Key::named(*name)});
            continue;
        }
        if (c == '\r' || c == '\n') {
            keys.push_back({Key::named(N::Enter)});
            // CR LF from a client that sends both is one Enter.
            i += (c == '\r' && i + 1 < in.size() && in[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if (c == 127 || c == 8) {
            keys.push_back({Key::named(N::Backspace)});
            ++i;
            continue;
        }
        if (c < 0x80) {
            keys.push_back({Key::character(static_cast<char>(c))});
            ++i;
            continue;
        }
        const std::size_t length = utf8_length(c);
        if (length == 0) {
            ++i;  // a stray byte: nothing
            continue;
        }
        if (i + length > in.size()) break;
        char32_t code = c & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
        bool valid = true;
        for (std::size_t k = 1; k < length; ++k) {
            const unsigned char next = static_cast<unsigned char>(in[i + k]);
            valid = valid && (next & 0xC0) == 0x80;
            code = (code << 6) | (next & 0x3F);
        }
        i += valid ? length : 1;
        if (valid) keys.push_back({Key::named(N::None), -1, -1, code});
    }
    pending_.erase(0, i);
    return keys;
}

}  // namespace fetaix::server
