#pragma once
// Shared helpers for the tests: moves as sets of notation strings, positions from FEN.

#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <fetaix/fetaix.hpp>

namespace fetaix::test {

inline Position fen(std::string_view text) {
    auto p = parse_fen(text);
    INFO("FEN: " << text);
    REQUIRE(p.ok());
    return *p;
}

// The legal moves of a position, in notation, compared regardless of order.
inline std::set<std::string> moves_of(std::string_view position, const Rules& rules = {}) {
    std::set<std::string> out;
    for (const Move& m : legal_moves(fen(position), rules)) out.insert(to_string(m));
    return out;
}

inline Rules with_promotion(Promotion p) {
    Rules r;
    r.promotion = p;
    return r;
}

// An environment variable set for the rest of a scope: what was there (or its absence) is put back at
// its end, however the test leaves it (a failed REQUIRE too).
class ScopedEnv {
public:
    explicit ScopedEnv(const char* name) : name_(name) {
        if (const char* value = std::getenv(name)) saved_ = value;
    }
    ScopedEnv(const char* name, const std::string& value) : ScopedEnv(name) { set(value); }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;
    ~ScopedEnv() {
        if (saved_) ::setenv(name_, saved_->c_str(), 1);
        else ::unsetenv(name_);
    }
    void set(const std::string& value) const { ::setenv(name_, value.c_str(), 1); }
    void unset() const { ::unsetenv(name_); }

private:
    const char* name_;
    std::optional<std::string> saved_;
};

}  // namespace fetaix::test
