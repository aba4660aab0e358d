#pragma once
// Text on its way to a terminal (the game screen, stdout, stderr): control characters and invalid
// UTF-8 made visible instead of obeyed, and the columns each character takes. One place, so that no
// byte of a file, an argument or the environment reaches the terminal raw.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fetaix::text {

// `text` with every control character and invalid byte spelled out: C0 controls in caret notation
// (ESC is "^[", BEL "^G", DEL "^?"), C1 controls and the invisible direction and line-separator
// characters as "\u009B", and each byte that is not part of valid UTF-8 as "\xE9".
std::string printable(std::string_view text);

// The columns a code point takes on a terminal: 0 for combining marks and zero-width characters,
// 2 for East Asian wide and fullwidth ones (CJK, Hangul, kana, most emoji), 1 otherwise.
int code_point_width(char32_t c);

// One character as a terminal draws it: a base code point with any combining marks after it.
struct Glyph {
    std::string_view bytes;
    int width;  // 1 or 2
};
// The glyphs of printable text (see printable()); a leading combining mark forms a glyph of its own.
std::vector<Glyph> glyphs(std::string_view printable_text);

// The columns printable text takes.
int display_width(std::string_view printable_text);

// Code points in `text`, each invalid byte counting as one.
std::size_t count_code_points(std::string_view text);

// Printable text broken at spaces into lines of at most `width` columns; a word longer than a line
// fills the line it starts on and goes on in the next.
std::vector<std::string> wrap(std::string_view printable_text, int width);

// The longest beginning of printable text that fits in `width` columns, cut at a whole glyph.
std::string head_of_width(std::string_view printable_text, int width);
// The longest end of printable text that fits in `width` columns, cut at a whole glyph.
std::string tail_of_width(std::string_view printable_text, int width);

}  // namespace fetaix::text
