#pragma once
// Every line the command line prints leaves through here, escaped as the game screen escapes it
// (text::printable): no byte of a file, an argument or the environment reaches the terminal raw.

#include <cstdarg>
#include <cstdio>
#include <string>
#include <string_view>

#include "text/display.hpp"

namespace fetaix::cli {

// One line on `stream`, control characters and invalid UTF-8 made visible, then a line end.
inline void print_line(std::FILE* stream, std::string_view line) {
    const std::string shown = text::printable(line);
    std::fwrite(shown.data(), 1, shown.size(), stream);
    std::fputc('\n', stream);
}
inline void out(std::string_view line) { print_line(stdout, line); }
inline void err(std::string_view line) { print_line(stderr, line); }

// printf into a string, for lines with numbers in a fixed format.
[[gnu::format(printf, 1, 2)]] inline std::string format(const char* pattern, ...) {
    std::va_list args;
    va_start(args, pattern);
    std::va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, pattern, args);
    va_end(args);
    std::string text(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    if (length > 0) std::vsnprintf(text.data(), text.size() + 1, pattern, again);
    va_end(again);
    return text;
}

}  // namespace fetaix::cli
