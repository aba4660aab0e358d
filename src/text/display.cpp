#include "text/display.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

namespace fetaix::text {

namespace {

struct Range {
    char32_t first, last;
};

// Combining marks and zero-width characters (after Markus Kuhn's wcwidth, the main blocks).
constexpr std::array<Range, 28> kZeroWidth{{
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF}, {0x05C1, 0x05C2}, {0x05C4, 0x05C5},
    {0x05C7, 0x05C7}, {0x0610, 0x061A}, {0x064B, 0x065F}, {0x0670, 0x0670}, {0x06D6, 0x06DC}, {0x06DF, 0x06E4},
    {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0900, 0x0902}, {0x093A, 0x093A}, {0x093C, 0x093C}, {0x0941, 0x0948},
    {0x094D, 0x094D}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF},
    {0x200B, 0x200D}, {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F},
}};

// East Asian wide and fullwidth characters.
constexpr std::array<Range, 17> kWide{{
    {0x1100, 0x115F},
    {0x231A, 0x231B},
    {0x2E80, 0x303E},
    {0x3041, 0x33FF},
    {0x3400, 0x4DBF},
    {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF},
    {0xA960, 0xA97F},
    {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},
    {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6},
    {0x1F300, 0x1F64F},
    {0x1F900, 0x1F9FF},
    {0x20000, 0x3FFFD},
}};

template <std::size_t N>
bool in(const std::array<Range, N>& ranges, char32_t c) {
    return std::any_of(ranges.begin(), ranges.end(), [c](Range r) { return c >= r.first && c <= r.last; });
}

// The code point of the valid UTF-8 sequence at text[i], with its length in bytes; nothing when the
// bytes there are not valid UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
std::optional<char32_t> decode(std::string_view text, std::size_t i, std::size_t& length) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80) {
        length = 1;
        return b;
    }
    char32_t c = 0, min = 0;
    if ((b & 0xE0) == 0xC0) length = 2, c = b & 0x1F, min = 0x80;
    else if ((b & 0xF0) == 0xE0) length = 3, c = b & 0x0F, min = 0x800;
    else if ((b & 0xF8) == 0xF0) length = 4, c = b & 0x07, min = 0x10000;
    else return std::nullopt;
    if (i + length > text.size()) return std::nullopt;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
        c = (c << 6) | (byte(i + k) & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return std::nullopt;
    return c;
}

// Characters that change how the text around them is shown although they take no room of their
// own: the C1 controls, line and paragraph separators and the bidirectional formatting characters.
bool invisible_control(char32_t c) {
    return (c >= 0x80 && c <= 0x9F) || c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x2028 && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char buffer[16];
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        const std::optional<char32_t> c = decode(text, i, length);
        if (!c) {
            std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned char>(text[i]));
            out += buffer;
            i += 1;
            continue;
        }
        if (*c < 0x20 || *c == 0x7F) {
            out += '^';
            out += static_cast<char>(*c == 0x7F ? '?' : *c + 0x40);
        } else if (invisible_control(*c)) {
            std::snprintf(buffer, sizeof buffer, "\\u%04X", static_cast<unsigned>(*c));
            out += buffer;
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

int code_point_width(char32_t c) {
    if (c < 0x300) return 1;
    if (in(kZeroWidth, c)) return 0;
    if (in(kWide, c)) return 2;
    return 1;
}

std::vector<Glyph> glyphs(std::string_view printable_text) {
    std::vector<Glyph> out;
    for (std::size_t i = 0; i < printable_text.size();) {
        std::size_t length = 1;
        const std::optional<char32_t> c = decode(printable_text, i, length);
        const int width = c ? code_point_width(*c) : 1;
        if (width == 0 && !out.empty()) {
            Glyph& last = out.back();
            last.bytes = std::string_view(last.bytes.data(), last.bytes.size() + length);
        } else {
            out.push_back({printable_text.substr(i, length), std::max(width, 1)});
        }
        i += length;
    }
    return out;
}

int display_width(std::string_view printable_text) {
    int width = 0;
    for (const Glyph& g : glyphs(printable_text)) width += g.width;
    return width;
}

std::size_t count_code_points(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++count) {
        std::size_t length = 1;
        if (!decode(text, i, length)) length = 1;
        i += length;
    }
    return count;
}

std::string head_of_width(std::string_view printable_text, int width) {
    std::string out;
    int used = 0;
    for (const Glyph& g : glyphs(printable_text)) {
        if (used + g.width > width) break;
        out += g.bytes;
        used += g.width;
    }
    return out;
}

std::string tail_of_width(std::string_view printable_text, int width) {
    const std::vector<Glyph> all = glyphs(printable_text);
    int used = 0;
    std::size_t first = all.size();
    while (first > 0 && used + all[first - 1].width <= width) used += all[--first].width;
    std::string out;
    for (std::size_t k = first; k < all.size(); ++k) out += all[k].bytes;
    return out;
}

std::vector<std::string> wrap(std::string_view printable_text, int width) {
    std::vector<std::string> lines;
    std::string line;
    int used = 0;
    const auto flush = [&] {
        lines.push_back(line);
        line.clear();
        used = 0;
    };
    std::size_t start = 0;
    while (start <= printable_text.size()) {
        const std::size_t space = std::min(printable_text.find(' ', start), printable_text.size());
        const std::string_view word = printable_text.substr(start, space - start);
        start = space + 1;
        if (word.empty()) continue;
        const int w = display_width(word);
        const int gap = used > 0 ? 1 : 0;
        if (used + gap + w <= width) {
            if (gap) line += ' ';
            line += word;
            used += gap + w;
            continue;
        }
        if (w <= width) {
            flush();
            line = std::string(word);
            used = w;
            continue;
        }
        // Longer than a line: it fills what is left of this one and goes on in the next, broken
        // after a '/' where the piece that fits has one (a path splits between its folders).
        if (used > 0 && used + 1 < width) line += ' ', ++used;
        else if (used > 0) flush();
        std::string_view rest = word;
        while (!rest.empty()) {
            std::string piece = head_of_width(rest, width - used);
            if (piece.size() < rest.size()) {
                const std::size_t slash = piece.rfind('/');
                if (slash != std::string::npos && slash >= 1) piece.resize(slash + 1);
            }
            if (piece.empty()) {
                if (used > 0) {
                    flush();
                    continue;
                }
                piece = std::string(glyphs(rest).front().bytes);  // wider than a whole line
            }
            line += piece;
            used += display_width(piece);
            rest.remove_prefix(piece.size());
            if (!rest.empty()) flush();
        }
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

}  // namespace fetaix::text
