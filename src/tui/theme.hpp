#pragma once
// Themes as data: for every Role a foreground and background as RGB (or the terminal's own colours),
// the 8-colour index that stands for each at that depth, and the attributes. The curses session only
// copies a theme to the screen; the unit tests compute each theme's contrast from the same values.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frame.hpp"

namespace fetaix::tui {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(Rgb, Rgb) = default;
};

// One colour of a style: the exact RGB (true colour; the 256-colour index is derived from it) and
// the xterm colour 0-7 used when the terminal has only 8.
struct Colour {
    Rgb rgb;
    short eight = 0;
};

struct Style {
    std::optional<Colour> fg, bg;  // both, or neither: the terminal's own colours
    bool bold = false;
    bool underline = false;
    bool reverse = false;
};

inline constexpr std::size_t kRoleCount = static_cast<std::size_t>(Role::TurnBlack) + 1;

struct Theme {
    std::string_view name;
    std::string_view about;
    bool colour = true;  // false: mono, attributes only
    std::array<Style, kRoleCount> styles;
    const Style& style(Role r) const { return styles[static_cast<std::size_t>(r)]; }
};

// Every theme, the default (dark) first.
const std::vector<Theme>& themes();
std::vector<std::string_view> theme_names();
std::optional<Theme> theme_by_name(std::string_view name);
// "dark, light, high-contrast, colour-blind, mono"
std::string theme_list();

enum class ColourDepth { Mono, Eight, Palette256, TrueColor };
std::string_view depth_name(ColourDepth d);

// The depth to draw at, from curses' COLORS and the environment's COLORTERM and NO_COLOR (either may be
// null). True colour needs both the announcement (COLORTERM=truecolor or 24bit) and a direct-colour
// terminfo entry (COLORS >= 2^24, e.g. TERM=xterm-direct): ncurses draws RGB only through such an entry.
// A 256-colour entry with COLORTERM=truecolor gets 256 colours, not the user's palette redefined; a
// direct-colour entry without the announcement gets 8 (its numbers from 8 up are RGB values).
ColourDepth choose_depth(int colors, const char* colorterm, const char* no_color);

// WCAG 2: relative luminance of an sRGB colour, and the contrast ratio of two colours (1 to 21).
double relative_luminance(Rgb c);
double contrast_ratio(Rgb a, Rgb b);

// The xterm default palette: 0-7 (xterm's own values: 205 for the colour channels, 229 white, 238
// blue), 16-231 the 6x6x6 cube, 232-255 the grey ramp.
Rgb xterm_rgb(int index);
// The nearest of the 256-colour palette's colours 16-255 (0-15 vary with the user's terminal setup).
int nearest_256(Rgb c);
// The colour number of an RGB colour in a direct-colour terminfo entry: the value 0xRRGGBB, except
// that values below 8 are the terminal's own palette colours 0-7 there, so those near-blacks are
// drawn as #010101 instead.
int direct_colour(Rgb c);
// The number a terminal's colour capabilities (setaf, setab) take for a colour at a depth.
int colour_number(const Colour& c, ColourDepth depth);
// The RGB a style's colour is actually drawn with at a depth.
Rgb drawn_rgb(const Colour& c, ColourDepth depth);
// The contrast of a style's foreground on its background as drawn at a depth, or nothing for a style in
// the terminal's own colours. At 8 colours a bold foreground counts as the lower of its colour and its
// bright twin (8-15), as terminals that draw bold brighter show it.
std::optional<double> drawn_contrast(const Style& s, ColourDepth depth);

}  // namespace fetaix::tui
