#pragma once
// What the screen-reader mode does with a line typed, whichever conversation it is in (the game, the
// lessons, the puzzles): its spaces cut off, its letters lowered, and the loop that reads lines and says
// the answers.

#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "text/display.hpp"

namespace fetaix::line {

// The line without the spaces, tabs and carriage return around it.
inline std::string_view trimmed(std::string_view text) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!text.empty() && space(text.front())) text.remove_prefix(1);
    while (!text.empty() && space(text.back())) text.remove_suffix(1);
    return text;
}

// ASCII letters lowered (commands are ASCII; other text is left as typed).
inline std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// Says `lines.opening()`, then each line read from standard input to `lines.enter` and its answer, until
// `lines.quit()` or the input ends. 1 when standard output fails (nobody hears), else 0.
template <class Lines>
int converse(Lines& lines) {
    const auto say = [](const std::vector<std::string>& out) {
        for (const std::string& l : out) std::fprintf(stdout, "%s\n", text::printable(l).c_str());
        return std::fflush(stdout) == 0;
    };
    if (!say(lines.opening())) return 1;
    std::string line;
    while (!lines.quit() && std::getline(std::cin, line))
        if (!say(lines.enter(line))) return 1;
    return 0;
}

}  // namespace fetaix::line
