// Themes: WCAG contrast of every piece, cursor and mark at every colour depth, the depth chosen from
// COLORS/COLORTERM/NO_COLOR, theme names, and docs/themes.md kept true to the tables.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "tui/theme.hpp"

using namespace fetaix::front;
using namespace fetaix::tui;

namespace {

// The board's lines and empty points (where a piece may go), what stands on the board or marks it, the
// roles whose contrast the issue asks for; then the other
// coloured roles, held to the same 4.5:1.
constexpr Role kColoured[] = {Role::Board,       Role::WhitePiece, Role::WhiteMullah, Role::BlackPiece,
                              Role::BlackMullah, Role::Marker,     Role::Destination, Role::Path,
                              Role::Taken,       Role::LastMove,   Role::MustCapture, Role::Hint,
                              Role::Dialog,      Role::TurnWhite,  Role::TurnBlack};
constexpr ColourDepth kDepths[] = {ColourDepth::TrueColor, ColourDepth::Palette256, ColourDepth::Eight};

std::string role_name(Role r) {
    switch (r) {
        case Role::Board: return "board lines and empty points";
        case Role::WhitePiece: return "White man";
        case Role::WhiteMullah: return "White mullah";
        case Role::BlackPiece: return "Black man";
        case Role::BlackMullah: return "Black mullah";
        case Role::Marker: return "cursor [ ] and selection ( )";
        case Role::Destination: return "landing point";
        case Role::Path: return "capture path so far";
        case Role::Taken: return "piece taken";
        case Role::LastMove: return "last move";
        case Role::MustCapture: return "must capture";
        case Role::Hint: return "hint";
        case Role::Dialog: return "dialog";
        case Role::TurnWhite: return "White to move banner";
        case Role::TurnBlack: return "Black to move banner";
        default: return "?";
    }
}

std::string hex(Rgb c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
    return text;
}

// Rounded down: a printed 4.50 is never really 4.49.
std::string ratio(double r) {
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", std::floor(r * 100) / 100);
    return text;
}

// The contrast section of docs/themes.md, from the same tables the game draws with.
std::string contrast_tables() {
    static constexpr const char* kEight[] = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"};
    std::ostringstream out;
    for (const Theme& t : themes()) {
        if (!t.colour) continue;
        out << "\n### " << t.name << "\n\n"
            << t.about << ".\n\n"
            << "| | colours (true colour; 8 colours) | true colour | 256 colours | 8 colours |\n"
            << "|---|---|---|---|---|\n";
        for (Role r : kColoured) {
            const Style& s = t.style(r);
            out << "| " << role_name(r) << " | " << hex(s.fg->rgb) << " on " << hex(s.bg->rgb) << "; "
                << kEight[s.fg->eight] << " on " << kEight[s.bg->eight] << (s.bold ? ", bold" : "")
                << (s.underline ? ", underlined" : "") << " |";
            for (ColourDepth d : kDepths) out << " " << ratio(*drawn_contrast(s, d)) << " |";
            out << "\n";
        }
    }
    out << "\n";
    return out.str();
}

}  // namespace

TEST_CASE("theme: the WCAG 2 formula gives the published figures", "[tui][theme]") {
    CHECK(relative_luminance({0, 0, 0}) == 0.0);
    CHECK(relative_luminance({255, 255, 255}) == Approx(1.0));
    CHECK(contrast_ratio({0, 0, 0}, {255, 255, 255}) == Approx(21.0));
    CHECK(contrast_ratio({255, 255, 255}, {0, 0, 0}) == Approx(21.0));  // order does not matter
    // WebAIM's contrast checker: #767676 on white 4.54:1, #777777 4.48:1, pure red on white 4.0:1.
    CHECK(contrast_ratio({0x76, 0x76, 0x76}, {255, 255, 255}) == Approx(4.54).epsilon(0.002));
    CHECK(contrast_ratio({0x77, 0x77, 0x77}, {255, 255, 255}) == Approx(4.48).epsilon(0.002));
    CHECK(contrast_ratio({255, 0, 0}, {255, 255, 255}) == Approx(4.0).epsilon(0.002));
    // The complaint that began this: bold white (xterm 7) on green (2), yellow (3) on green.
    CHECK(contrast_ratio(xterm_rgb(7), xterm_rgb(2)) == Approx(1.71).epsilon(0.005));
    CHECK(contrast_ratio(xterm_rgb(3), xterm_rgb(2)) == Approx(1.27).epsilon(0.005));
}

TEST_CASE("theme: the xterm palette and the nearest 256-colour index", "[tui][theme]") {
    CHECK(xterm_rgb(0) == Rgb{0, 0, 0});
    CHECK(xterm_rgb(1) == Rgb{205, 0, 0});
    CHECK(xterm_rgb(4) == Rgb{0, 0, 238});
    CHECK(xterm_rgb(7) == Rgb{229, 229, 229});
    CHECK(xterm_rgb(9) == Rgb{255, 0, 0});
    CHECK(xterm_rgb(16) == Rgb{0, 0, 0});
    CHECK(xterm_rgb(17) == Rgb{0, 0, 95});
    CHECK(xterm_rgb(196) == Rgb{255, 0, 0});
    CHECK(xterm_rgb(231) == Rgb{255, 255, 255});
    CHECK(xterm_rgb(232) == Rgb{8, 8, 8});
    CHECK(xterm_rgb(255) == Rgb{238, 238, 238});
    CHECK(nearest_256({0, 175, 95}) == 16 + 0 * 36 + 3 * 6 + 1);
    CHECK(nearest_256({28, 28, 28}) == 234);
    CHECK(nearest_256({255, 255, 255}) == 231);
    CHECK(nearest_256({250, 2, 3}) == 196);
    // Never 0-15: those are whatever the user's terminal makes them.
    CHECK(nearest_256({0, 0, 0}) == 16);
}

TEST_CASE("theme: direct colour numbers never fall on the terminal's palette colours 0-7", "[tui][theme]") {
    CHECK(direct_colour({255, 175, 0}) == 0xffaf00);
    CHECK(direct_colour({0, 0, 8}) == 8);
    CHECK(direct_colour({0, 0, 0}) == 0x010101);
    CHECK(direct_colour({0, 0, 7}) == 0x010101);
    CHECK(drawn_rgb(Colour{{0, 0, 0}, 0}, ColourDepth::TrueColor) == Rgb{1, 1, 1});
    CHECK(drawn_rgb(Colour{{0, 0, 0}, 0}, ColourDepth::Palette256) == Rgb{0, 0, 0});
    CHECK(drawn_rgb(Colour{{0, 0, 0}, 0}, ColourDepth::Eight) == Rgb{0, 0, 0});
}

TEST_CASE("theme: every piece, the cursor and every mark reach 4.5:1 at every depth", "[tui][theme]") {
    for (const Theme& t : themes()) {
        if (!t.colour) continue;
        const Style& board = t.style(Role::Board);
        REQUIRE(board.bg);
        for (Role r : kColoured) {
            const Style& s = t.style(r);
            INFO(t.name << ": " << role_name(r));
            REQUIRE(s.fg);
            REQUIRE(s.bg);
            for (ColourDepth d : kDepths) {
                INFO(depth_name(d));
                CHECK(*drawn_contrast(s, d) >= 4.5);
            }
        }
        // The pieces and the cursor stand on the board itself: their ground is the board's.
        for (Role r : {Role::WhitePiece, Role::WhiteMullah, Role::BlackPiece, Role::BlackMullah, Role::Marker}) {
            INFO(t.name << ": " << role_name(r));
            CHECK(t.style(r).bg->rgb == board.bg->rgb);
            CHECK(t.style(r).bg->eight == board.bg->eight);
        }
    }
}

TEST_CASE("theme: bold counts as its bright colour at 8 colours", "[tui][theme]") {
    // Black (0) on cyan (6): luminance 0.7874 x 0.6105 = 0.4807, (0.4807 + 0.05) / 0.05 = 10.61:1; bold black shows as
    // grey (8) on many terminals: 2.1:1.
    Style s;
    s.fg = Colour{{0, 0, 0}, 0};
    s.bg = Colour{{0, 205, 205}, 6};
    CHECK(*drawn_contrast(s, ColourDepth::Eight) == Approx(10.61).epsilon(0.001));
    s.bold = true;
    CHECK(*drawn_contrast(s, ColourDepth::Eight) == Approx(contrast_ratio({127, 127, 127}, {0, 205, 205})));
    // In true colour black is #010101 (luminance 0.000304): 0.5307 / 0.050304 = 10.55:1.
    CHECK(*drawn_contrast(s, ColourDepth::TrueColor) == Approx(10.55).epsilon(0.001));
    CHECK_FALSE(drawn_contrast(Style{}, ColourDepth::TrueColor));
    CHECK_FALSE(drawn_contrast(s, ColourDepth::Mono));
}

TEST_CASE("theme: men and mullahs differ by more than the glyph in every theme", "[tui][theme]") {
    for (const Theme& t : themes()) {
        INFO(t.name);
        for (auto [man, mullah] :
             {std::pair{Role::WhitePiece, Role::WhiteMullah}, std::pair{Role::BlackPiece, Role::BlackMullah}}) {
            const Style& a = t.style(man);
            const Style& b = t.style(mullah);
            CHECK(!a.underline);
            CHECK(b.underline);
            // Same colours: the side is told by colour, the rank by underline.
            CHECK(a.bold == b.bold);
            CHECK(a.fg.has_value() == t.colour);
            if (t.colour) CHECK(a.fg->rgb == b.fg->rgb);
        }
        // And the sides differ in colour (or, in mono, in weight).
        const Style& white = t.style(Role::WhitePiece);
        const Style& black = t.style(Role::BlackPiece);
        if (t.colour) {
            CHECK(white.fg->rgb != black.fg->rgb);
            CHECK(white.fg->eight != black.fg->eight);
        } else {
            CHECK(white.bold != black.bold);
        }
    }
}

// Whether two colours differ by more than red against green: in lightness (1.5:1) or in blue (80 of 255).
bool apart_without_red_green(Rgb a, Rgb b) { return contrast_ratio(a, b) >= 1.5 || std::abs(a.b - b.b) >= 80; }

TEST_CASE("theme: colour-blind tells nothing apart by red against green", "[tui][theme]") {
    const Theme t = *theme_by_name("colour-blind");
    for (std::size_t i = 0; i < kRoleCount; ++i)
        for (const std::optional<Colour>& c : {t.styles[i].fg, t.styles[i].bg}) {
            if (!c) continue;
            INFO("role " << i << " " << hex(c->rgb));
            CHECK(c->eight != 1);  // red
            CHECK(c->eight != 2);  // green
        }
    // The two sides' pieces, and the marks drawn on the points, tell things apart by colour. (At 8
    // colours some marks share a colour, told apart by glyph; only different colours are compared.)
    const std::vector<Colour> sides{*t.style(Role::WhitePiece).fg, *t.style(Role::BlackPiece).fg};
    std::vector<Colour> marks;
    for (Role r : {Role::Destination, Role::Path, Role::Taken, Role::LastMove, Role::MustCapture, Role::Hint})
        marks.push_back(*t.style(r).bg);
    for (const std::vector<Colour>& set : {sides, marks})
        for (std::size_t i = 0; i < set.size(); ++i)
            for (std::size_t j = i + 1; j < set.size(); ++j)
                for (ColourDepth d : kDepths) {
                    const Rgb a = drawn_rgb(set[i], d), b = drawn_rgb(set[j], d);
                    INFO(hex(a) << " and " << hex(b) << " at " << depth_name(d));
                    if (a != b) CHECK(apart_without_red_green(a, b));
                }
    // The rule tells the default theme's red against green apart from the rest.
    CHECK_FALSE(apart_without_red_green({175, 0, 0}, {0, 95, 0}));
}

TEST_CASE("theme: mono has no colours; the terminal's own colours stay outside the board", "[tui][theme]") {
    const Theme mono = *theme_by_name("mono");
    CHECK_FALSE(mono.colour);
    for (const Style& s : mono.styles) {
        CHECK_FALSE(s.fg);
        CHECK_FALSE(s.bg);
    }
    for (const Theme& t : themes())
        for (Role r : {Role::Text, Role::Title, Role::Status, Role::Question, Role::Message, Role::PromptCursor}) {
            INFO(t.name);
            CHECK_FALSE(t.style(r).fg);
            CHECK_FALSE(t.style(r).bg);
        }
}

TEST_CASE("theme: names, the default first", "[tui][theme]") {
    CHECK(theme_names() == std::vector<std::string_view>{"dark", "light", "high-contrast", "colour-blind", "mono"});
    CHECK(theme_list() == "dark, light, high-contrast, colour-blind, mono");
    REQUIRE(theme_by_name("light"));
    CHECK(theme_by_name("light")->name == "light");
    CHECK_FALSE(theme_by_name("Light"));
    CHECK_FALSE(theme_by_name(""));
    CHECK_FALSE(theme_by_name("dark "));
}

TEST_CASE("theme: the colour depth from COLORS, COLORTERM and NO_COLOR", "[tui][theme]") {
    CHECK(choose_depth(8, nullptr, nullptr) == ColourDepth::Eight);
    CHECK(choose_depth(16, nullptr, nullptr) == ColourDepth::Eight);
    CHECK(choose_depth(88, nullptr, nullptr) == ColourDepth::Eight);
    CHECK(choose_depth(256, nullptr, nullptr) == ColourDepth::Palette256);
    CHECK(choose_depth(2, nullptr, nullptr) == ColourDepth::Mono);
    CHECK(choose_depth(-1, nullptr, nullptr) == ColourDepth::Mono);
    // True colour: announced, and a direct-colour terminfo entry to draw it through.
    CHECK(choose_depth(1 << 24, "truecolor", nullptr) == ColourDepth::TrueColor);
    CHECK(choose_depth(1 << 24, "24bit", nullptr) == ColourDepth::TrueColor);
    // A direct-colour entry without the announcement: 8 colours (its numbers from 8 up are RGB values).
    CHECK(choose_depth(1 << 24, nullptr, nullptr) == ColourDepth::Eight);
    CHECK(choose_depth(1 << 24, "yes", nullptr) == ColourDepth::Eight);
    // Announced on a 256-colour entry (TERM=xterm-256color): 256, the palette left alone.
    CHECK(choose_depth(256, "truecolor", nullptr) == ColourDepth::Palette256);
    CHECK(choose_depth(8, "truecolor", nullptr) == ColourDepth::Eight);
    // NO_COLOR: any non-empty value.
    CHECK(choose_depth(1 << 24, "truecolor", "1") == ColourDepth::Mono);
    CHECK(choose_depth(256, nullptr, "0") == ColourDepth::Mono);
    CHECK(choose_depth(256, nullptr, "") == ColourDepth::Palette256);
}

TEST_CASE("theme: docs/themes.md holds the contrast figures of the tables", "[tui][theme]") {
    const std::string path = FETAIX_SOURCE_DIR "/docs/themes.md";
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream doc;
    doc << in.rdbuf();
    in.close();
    const std::string begin = "<!-- contrast tables: generated by tests/test_tui_theme.cpp -->\n";
    const std::string end = "<!-- end of the contrast tables -->";
    std::string text = doc.str();
    const auto from = text.find(begin);
    const auto to = text.find(end);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    const std::string tables = contrast_tables();
    // After a change of colours: FETAIX_UPDATE_DOCS=1 fetaix_tests "[theme]" writes the new tables.
    if (std::getenv("FETAIX_UPDATE_DOCS") != nullptr) {
        text.replace(from + begin.size(), to - from - begin.size(), tables);
        std::ofstream(path) << text;
        return;
    }
    CHECK(text.substr(from + begin.size(), to - from - begin.size()) == tables);
}
