#include "theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace fetaix::tui {

namespace {

// The xterm names of 0-7, for the tables.
enum Eight : short { kBlack, kRed, kGreen, kYellow, kBlue, kMagenta, kCyan, kWhite };

constexpr Colour colour(int r, int g, int b, Eight eight) {
    return {{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b)}, eight};
}

struct Pair {
    Colour fg, bg;
};

// What a colour theme chooses; everything else is the same in every theme.
struct Palette {
    std::string_view name, about;
    Colour ground, lines;         // the board
    Colour white, black, marker;  // standing on the ground
    bool bold_pieces;             // only where bold's brighter colour keeps the contrast
    Pair destination, path, taken, last, must, hint, dialog, turn_white, turn_black;
};

// A style in the terminal's own colours.
Style plain(bool bold = false, bool underline = false, bool reverse = false) {
    Style s;
    s.bold = bold;
    s.underline = underline;
    s.reverse = reverse;
    return s;
}

void set(Theme& t, Role r, Style s) { t.styles[static_cast<std::size_t>(r)] = s; }

// Outside the board the terminal's own colours stay, in every theme.
void terminal_roles(Theme& t) {
    set(t, Role::Text, plain());
    set(t, Role::Title, plain(true, false, false));
    set(t, Role::Status, plain(true, false, false));
    set(t, Role::Message, plain(true, false, false));
    set(t, Role::Question, plain(true, false, true));
    set(t, Role::PromptCursor, plain(true, false, true));
}

Theme colour_theme(const Palette& p) {
    Theme t{p.name, p.about, true, {}};
    terminal_roles(t);
    const auto on_ground = [&](Colour fg, bool bold, bool underline) {
        return Style{fg, p.ground, bold, underline, false};
    };
    // Black text on a coloured mark is never bold: many terminals draw bold 0-7 as the bright 8-15,
    // and bright black is grey.
    const auto mark = [](Pair c) { return Style{c.fg, c.bg, c.fg.eight != kBlack, false, false}; };
    set(t, Role::Board, on_ground(p.lines, false, false));
    // A mullah is underlined: it differs from a man by more than its glyph.
    set(t, Role::WhitePiece, on_ground(p.white, p.bold_pieces, false));
    set(t, Role::WhiteMullah, on_ground(p.white, p.bold_pieces, true));
    set(t, Role::BlackPiece, on_ground(p.black, p.bold_pieces, false));
    set(t, Role::BlackMullah, on_ground(p.black, p.bold_pieces, true));
    set(t, Role::Marker, on_ground(p.marker, p.bold_pieces, false));
    set(t, Role::Destination, mark(p.destination));
    set(t, Role::Path, mark(p.path));
    set(t, Role::Taken, mark(p.taken));
    set(t, Role::LastMove, mark(p.last));
    set(t, Role::MustCapture, mark(p.must));
    set(t, Role::Hint, mark(p.hint));
    set(t, Role::Dialog, mark(p.dialog));
    set(t, Role::TurnWhite, mark(p.turn_white));
    set(t, Role::TurnBlack, mark(p.turn_black));
    return t;
}

// Without colour: shapes tell the pieces apart; bold, underline and reverse video the rest.
Theme mono_theme() {
    Theme t{"mono", "No colour: bold, underline and reverse video (also with NO_COLOR)", false, {}};
    terminal_roles(t);
    set(t, Role::Board, plain());
    set(t, Role::BlackPiece, plain());
    set(t, Role::BlackMullah, plain(false, true, false));
    set(t, Role::WhitePiece, plain(true, false, false));
    set(t, Role::WhiteMullah, plain(true, true, false));
    for (Role r : {Role::Destination, Role::Path, Role::Taken, Role::Marker}) set(t, r, plain(true, false, false));
    set(t, Role::LastMove, plain(false, true, false));
    set(t, Role::MustCapture, plain(false, false, true));
    set(t, Role::Hint, plain(true, true, false));
    set(t, Role::Dialog, plain(false, false, true));
    set(t, Role::TurnWhite, plain(true, false, true));
    set(t, Role::TurnBlack, plain(true, false, true));
    return t;
}

constexpr Colour kInk = colour(0, 0, 0, kBlack);
constexpr Colour kPaper = colour(255, 255, 255, kWhite);

std::vector<Theme> make_themes() {
    std::vector<Theme> all;
    all.push_back(colour_theme({
        .name = "dark",
        .about = "Light pieces on a dark board (the default)",
        .ground = colour(28, 28, 28, kBlack),
        .lines = colour(0, 175, 95, kGreen),
        .white = kPaper,
        .black = colour(255, 175, 0, kYellow),
        .marker = colour(0, 255, 255, kCyan),
        .bold_pieces = true,
        .destination = {kInk, colour(0, 175, 175, kCyan)},
        .path = {kInk, colour(95, 215, 95, kGreen)},
        .taken = {kPaper, colour(135, 0, 0, kRed)},
        .last = {kPaper, colour(95, 95, 215, kBlue)},
        .must = {kPaper, colour(175, 0, 0, kRed)},
        .hint = {kInk, colour(255, 255, 0, kYellow)},
        .dialog = {kInk, colour(215, 215, 215, kWhite)},
        .turn_white = {kInk, kPaper},
        .turn_black = {kInk, colour(255, 175, 0, kYellow)},
    }));
    all.push_back(colour_theme({
        .name = "light",
        .about = "Dark pieces on a light board, for light terminals",
        .ground = colour(238, 238, 238, kWhite),
        .lines = colour(95, 95, 135, kBlue),
        .white = colour(0, 0, 175, kBlue),
        .black = kInk,
        .marker = colour(175, 0, 0, kRed),
        .bold_pieces = false,
        .destination = {kInk, colour(0, 215, 215, kCyan)},
        .path = {kInk, colour(95, 215, 95, kGreen)},
        .taken = {kPaper, colour(135, 0, 0, kRed)},
        .last = {kPaper, colour(95, 95, 215, kBlue)},
        .must = {kPaper, colour(175, 0, 0, kRed)},
        .hint = {kInk, colour(255, 255, 0, kYellow)},
        .dialog = {kPaper, colour(0, 0, 135, kBlue)},
        .turn_white = {kPaper, colour(0, 0, 175, kBlue)},
        .turn_black = {kPaper, kInk},
    }));
    all.push_back(colour_theme({
        .name = "high-contrast",
        .about = "White and yellow on black, marks in full colour",
        .ground = kInk,
        .lines = kPaper,
        .white = kPaper,
        .black = colour(255, 255, 0, kYellow),
        .marker = colour(0, 255, 255, kCyan),
        .bold_pieces = true,
        .destination = {kInk, kPaper},
        .path = {kInk, colour(0, 255, 255, kCyan)},
        .taken = {kPaper, colour(135, 0, 0, kRed)},
        .last = {kPaper, colour(0, 0, 215, kBlue)},
        .must = {kPaper, colour(175, 0, 0, kRed)},
        .hint = {kInk, colour(255, 255, 0, kYellow)},
        .dialog = {kInk, kPaper},
        .turn_white = {kInk, kPaper},
        .turn_black = {kInk, colour(255, 255, 0, kYellow)},
    }));
    // Blue, orange, sky blue, yellow and greys (after Okabe and Ito): no red and no green at all, and any two
    // colours that tell things apart differ in lightness or in blue, never in red against green alone.
    all.push_back(colour_theme({
        .name = "colour-blind",
        .about = "No meaning carried by red against green: blue, orange, yellow and greys",
        .ground = colour(28, 28, 28, kBlack),
        .lines = colour(95, 135, 175, kCyan),  // xterm's blue on black: 2.2:1
        .white = kPaper,
        .black = colour(255, 175, 0, kYellow),
        .marker = colour(95, 215, 255, kCyan),
        .bold_pieces = true,
        .destination = {kInk, colour(95, 175, 255, kCyan)},
        .path = {kInk, colour(255, 215, 95, kYellow)},
        .taken = {kInk, colour(175, 175, 175, kWhite)},
        .last = {kPaper, colour(0, 95, 175, kBlue)},
        .must = {kInk, colour(255, 175, 0, kYellow)},
        .hint = {kInk, kPaper},
        .dialog = {kInk, colour(215, 215, 215, kWhite)},
        .turn_white = {kInk, kPaper},
        .turn_black = {kInk, colour(255, 175, 0, kYellow)},
    }));
    all.push_back(mono_theme());
    return all;
}

double channel(std::uint8_t v) {
    const double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

const std::vector<Theme>& themes() {
    static const std::vector<Theme> all = make_themes();
    return all;
}

std::vector<std::string_view> theme_names() {
    std::vector<std::string_view> names;
    for (const Theme& t : themes()) names.push_back(t.name);
    return names;
}

std::optional<Theme> theme_by_name(std::string_view name) {
    for (const Theme& t : themes())
        if (t.name == name) return t;
    return std::nullopt;
}

std::string theme_list() {
    std::string list;
    for (std::string_view n : theme_names()) list += std::string(list.empty() ? "" : ", ") + std::string(n);
    return list;
}

std::string_view depth_name(ColourDepth d) {
    switch (d) {
        case ColourDepth::Mono: return "mono";
        case ColourDepth::Eight: return "8 colours";
        case ColourDepth::Palette256: return "256 colours";
        case ColourDepth::TrueColor: return "true colour";
    }
    return "mono";
}

int colour_number(const Colour& c, ColourDepth depth) {
    switch (depth) {
        case ColourDepth::TrueColor: return direct_colour(c.rgb);
        case ColourDepth::Palette256: return nearest_256(c.rgb);
        case ColourDepth::Eight:
        case ColourDepth::Mono: return c.eight;
    }
    return c.eight;
}

ColourDepth choose_depth(int colors, const char* colorterm, const char* no_color) {
    // NO_COLOR (https://no-color.org): any non-empty value turns colour off.
    if (no_color != nullptr && no_color[0] != '\0') return ColourDepth::Mono;
    const bool announced = colorterm != nullptr &&
                           (std::strcmp(colorterm, "truecolor") == 0 || std::strcmp(colorterm, "24bit") == 0);
    if (colors >= (1 << 24)) {
        // A direct-colour entry takes numbers from 8 up as RGB values, not palette indexes: without the
        // announcement only its colours 0-7 are sure to mean what they say.
        return announced ? ColourDepth::TrueColor : ColourDepth::Eight;
    }
    if (colors >= 256) return ColourDepth::Palette256;
    if (colors >= 8) return ColourDepth::Eight;
    return ColourDepth::Mono;
}

double relative_luminance(Rgb c) { return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b); }

double contrast_ratio(Rgb a, Rgb b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Rgb xterm_rgb(int index) {
    static constexpr std::array<Rgb, 16> kSystem{{{0, 0, 0},
                                                  {205, 0, 0},
                                                  {0, 205, 0},
                                                  {205, 205, 0},
                                                  {0, 0, 238},
                                                  {205, 0, 205},
                                                  {0, 205, 205},
                                                  {229, 229, 229},
                                                  {127, 127, 127},
                                                  {255, 0, 0},
                                                  {0, 255, 0},
                                                  {255, 255, 0},
                                                  {92, 92, 255},
                                                  {255, 0, 255},
                                                  {0, 255, 255},
                                                  {255, 255, 255}}};
    if (index < 16) return kSystem[static_cast<std::size_t>(std::max(index, 0))];
    if (index < 232) {
        const int i = index - 16;
        const auto level = [](int v) { return static_cast<std::uint8_t>(v == 0 ? 0 : 55 + 40 * v); };
        return {level(i / 36), level(i / 6 % 6), level(i % 6)};
    }
    const auto grey = static_cast<std::uint8_t>(8 + 10 * (std::min(index, 255) - 232));
    return {grey, grey, grey};
}

int nearest_256(Rgb c) {
    int best = 16;
    long best_distance = -1;
    for (int i = 16; i < 256; ++i) {
        const Rgb p = xterm_rgb(i);
        const long dr = p.r - c.r, dg = p.g - c.g, db = p.b - c.b;
        const long d = dr * dr + dg * dg + db * db;
        if (best_distance < 0 || d < best_distance) best = i, best_distance = d;
    }
    return best;
}

int direct_colour(Rgb c) {
    const int value = (c.r << 16) | (c.g << 8) | c.b;
    return value < 8 ? 0x010101 : value;
}

Rgb drawn_rgb(const Colour& c, ColourDepth depth) {
    switch (depth) {
        case ColourDepth::TrueColor: {
            const int v = direct_colour(c.rgb);
            return {static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 8 & 0xff),
                    static_cast<std::uint8_t>(v & 0xff)};
        }
        case ColourDepth::Palette256: return xterm_rgb(nearest_256(c.rgb));
        case ColourDepth::Eight:
        case ColourDepth::Mono: return xterm_rgb(c.eight);
    }
    return c.rgb;
}

std::optional<double> drawn_contrast(const Style& s, ColourDepth depth) {
    if (!s.fg || !s.bg || depth == ColourDepth::Mono) return std::nullopt;
    const Rgb bg = drawn_rgb(*s.bg, depth);
    double ratio = contrast_ratio(drawn_rgb(*s.fg, depth), bg);
    if (depth == ColourDepth::Eight && s.bold) ratio = std::min(ratio, contrast_ratio(xterm_rgb(s.fg->eight + 8), bg));
    return ratio;
}

}  // namespace fetaix::tui
