#pragma once
// Errors as values: every parser returns Expected<T>, holding either the value or what went wrong and where.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace fetaix {

namespace detail {
inline void append_part(std::string& out, std::string_view text) { out.append(text); }
inline void append_part(std::string& out, char c) { out.push_back(c); }
inline void append_part(std::string& out, int n) { out.append(std::to_string(n)); }
inline void append_part(std::string& out, std::size_t n) { out.append(std::to_string(n)); }
}  // namespace detail

// Joins text, characters and numbers; used instead of chains of `+`, which GCC 12 at -O3 warns about
// falsely (-Wrestrict, GCC bug 105329).
template <class... Parts>
std::string concat(const Parts&... parts) {
    std::string out;
    (detail::append_part(out, parts), ...);
    return out;
}

// The `count` characters of `text` from byte `at` on, to quote in a message: never a UTF-8 character
// cut in two ('\xE2\x80' would show as garbage, or not at all).
inline std::string_view characters_at(std::string_view text, std::size_t at, std::size_t count) {
    std::size_t end = at;
    for (std::size_t k = 0; k < count && end < text.size(); ++k) {
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    }
    return at < text.size() ? text.substr(at, end - at) : std::string_view();
}

// What is wrong, and where: line and column are 1-based, 0 when they do not apply.
struct Error {
    std::string message;
    int line = 0;
    int column = 0;

    // "line 3, column 7: message", or "column 7: message", or the message alone.
    std::string describe() const {
        if (line > 0 && column > 0) return concat("line ", line, ", column ", column, ": ", message);
        if (line > 0) return concat("line ", line, ": ", message);
        if (column > 0) return concat("column ", column, ": ", message);
        return message;
    }
};

// The value, or the error: an optional and an error beside it rather than a std::variant, whose
// visitation machinery every Expected<T> would instantiate in every file that includes the rules.
template <class T>
class [[nodiscard]] Expected {
public:
    Expected(T value) : value_(std::move(value)) {}
    Expected(Error error) : error_(std::move(error)) {}

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    T& value() { return value_.value(); }
    const T& value() const { return value_.value(); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return error_; }

private:
    std::optional<T> value_;
    Error error_;
};

}  // namespace fetaix
