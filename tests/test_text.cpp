// Text on its way to a terminal: escaping, columns, wrapping.

#include <catch2/catch.hpp>

#include "text/display.hpp"

using namespace fetaix::text;

TEST_CASE("text: control characters are shown in caret notation, never sent", "[text]") {
    CHECK(printable("plain text, é, 中") == "plain text, é, 中");
    CHECK(printable("\x1b]0;PWNED\x07") == "^[]0;PWNED^G");
    CHECK(printable("a\x1b[2Jb") == "a^[[2Jb");
    CHECK(printable(std::string_view("\0\t\n\r\x7f", 5)) == "^@^I^J^M^?");
}

TEST_CASE("text: C1 controls and direction overrides are spelled out as code points", "[text]") {
    CHECK(printable("\xc2\x9b"
                    "31m") == "\\u009B31m");  // CSI as one code point
    CHECK(printable("\xe2\x80\xae"
                    "abc") == "\\u202Eabc");  // right-to-left override
    CHECK(printable("line\xe2\x80\xa8next") == "line\\u2028next");
}

TEST_CASE("text: each byte of invalid UTF-8 is shown in hex", "[text]") {
    CHECK(printable("Jos\xe9") == "Jos\\xE9");
    CHECK(printable("\xff\xfe") == "\\xFF\\xFE");
    CHECK(printable("\xc0\xaf") == "\\xC0\\xAF");                    // overlong '/'
    CHECK(printable("\xed\xa0\x80") == "\\xED\\xA0\\x80");           // a surrogate
    CHECK(printable("\xf4\x90\x80\x80") == "\\xF4\\x90\\x80\\x80");  // past U+10FFFF
    CHECK(printable("\xe4\xb8") == "\\xE4\\xB8");                    // cut short
}

TEST_CASE("text: columns a character takes", "[text]") {
    CHECK(code_point_width(U'a') == 1);
    CHECK(code_point_width(U'é') == 1);
    CHECK(code_point_width(U'─') == 1);
    CHECK(code_point_width(U'中') == 2);
    CHECK(code_point_width(U'한') == 2);
    CHECK(code_point_width(U'の') == 2);
    CHECK(code_point_width(U'Ａ') == 2);    // fullwidth A
    CHECK(code_point_width(0x1F600) == 2);  // an emoji face
    CHECK(code_point_width(0x0301) == 0);   // combining acute accent
    CHECK(code_point_width(0x200B) == 0);   // zero-width space
    CHECK(display_width("李小龍") == 6);
    CHECK(display_width("e\xcc\x81t\xc3\xa9") == 3);  // e + combining accent, t, é
    CHECK(display_width("^[") == 2);
}

TEST_CASE("text: glyphs keep combining marks with their base", "[text]") {
    const auto g = glyphs("e\xcc\x81中");
    REQUIRE(g.size() == 2);
    CHECK(g[0].bytes == "e\xcc\x81");
    CHECK(g[0].width == 1);
    CHECK(g[1].bytes == "中");
    CHECK(g[1].width == 2);
}

TEST_CASE("text: characters are counted as code points, not bytes", "[text]") {
    CHECK(count_code_points("abc") == 3);
    CHECK(count_code_points("李小龍") == 3);
    CHECK(count_code_points("Jos\xe9") == 4);
}

TEST_CASE("text: wrapping at spaces by columns", "[text]") {
    CHECK(wrap("one two three", 7) == std::vector<std::string>{"one two", "three"});
    CHECK(wrap("one two three", 13) == std::vector<std::string>{"one two three"});
    CHECK(wrap("中中 中中", 4) == std::vector<std::string>{"中中", "中中"});
    // A word longer than a line fills the rest of the line it starts on.
    CHECK(wrap("to /abcdefghij", 8) == std::vector<std::string>{"to /abcd", "efghij"});
    // ... and a path breaks after a '/' where it can.
    CHECK(wrap("see /usr/share/doc now", 10) == std::vector<std::string>{"see /usr/", "share/doc", "now"});
    CHECK(wrap("/a/bcdefghijkl/m", 6) == std::vector<std::string>{"/a/", "bcdefg", "hijkl/", "m"});
    CHECK(wrap("中", 1) == std::vector<std::string>{"中"});
    CHECK(wrap("", 8) == std::vector<std::string>{""});
    CHECK(head_of_width("ab中cd", 3) == "ab");
    CHECK(tail_of_width("ab中cd", 3) == "cd");
    CHECK(tail_of_width("ab中cd", 4) == "中cd");
}
