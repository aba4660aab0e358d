#pragma once
// The command line's readers of numbers and names (decimal only), and the exit for a bad command line.

#include <charconv>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <fetaix/fetaix.hpp>

#include "cli/output.hpp"

namespace fetaix::cli {

// One line on stderr and the exit status for a bad command line.
inline int usage_error(const std::string& message) {
    err(concat("fetaix: ", message));
    return 2;
}

// Whether text is a plain decimal number: digits, and with `fraction` one '.' between digits
// ("1.5"). No sign, space, hex, exponent, inf or nan, which strtod and stoll would take.
inline bool plain_decimal(std::string_view text, bool fraction) {
    const std::size_t point = fraction ? text.find('.') : std::string_view::npos;
    const auto digits = [](std::string_view part) {
        return !part.empty() && part.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if (point == std::string_view::npos) return digits(text);
    return digits(text.substr(0, point)) && digits(text.substr(point + 1));
}

// A number of seconds in [low, high] ("1.5"), or nothing.
inline std::optional<double> parse_seconds(std::string_view text, double low, double high) {
    if (!plain_decimal(text, true)) return std::nullopt;
    const std::string copy(text);
    const double seconds = std::strtod(copy.c_str(), nullptr);
    if (!(seconds >= low) || !(seconds <= high)) return std::nullopt;
    return seconds;
}

// A whole decimal number in [low, high], or nothing.
inline std::optional<long long> parse_number(std::string_view text, long long low, long long high) {
    if (!plain_decimal(text, false)) return std::nullopt;
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < low || value > high) return std::nullopt;
    return value;
}

// Why a player's name given on the command line cannot be used, or nothing when it can: 1 to 40
// characters (code points, so a CJK name counts its characters, not its bytes), none of them a
// control character, in valid UTF-8.
inline std::optional<std::string> name_problem(std::string_view name) {
    const std::size_t characters = text::count_code_points(name);
    if (characters < 1 || characters > 40) return std::string("a name has 1 to 40 characters");
    if (text::printable(name) != name)
        return concat("a name cannot hold control characters or invalid UTF-8 ('", name, "')");
    return std::nullopt;
}

}  // namespace fetaix::cli
