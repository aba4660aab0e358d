#pragma once
// Game clocks: time controls (sudden death, Fischer increment, simple delay, Bronstein delay),
// both sides' clocks as a value, and the clock readings that records carry. No clock of its own here:
// every function that needs the time takes `now` (milliseconds on any steady scale), so tests never sleep.
//
// The conventions, in one place:
// - No clock runs before the game's first move: that move is untimed, and it starts the opponent's clock.
// - An increment (Fischer) or a give-back (Bronstein) follows each *timed* move, so the first one is
//   added after the second move of the game (Black's first reply from the usual start).
// - Simple delay: each turn the clock waits `bonus` before counting down; unused delay is lost.
// - A clock that reaches exactly zero has fallen: its side loses on time.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "error.hpp"
#include "position.hpp"

namespace fetaix {

using Millis = std::int64_t;

enum class Bonus : std::uint8_t { None, Fischer, Delay, Bronstein };

// One side's time control: `base` to start with and, per move, `bonus` of the `kind` given.
struct TimeControl {
    Millis base = 0;
    Bonus kind = Bonus::None;
    Millis bonus = 0;
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The longest clock taken: ten hours, and a minute of bonus.
inline constexpr Millis kMaxClockBase = 10LL * 3600 * 1000;
inline constexpr Millis kMaxClockBonus = 60LL * 1000;

namespace detail {

// Digits only, at most `width` of them (0: any up to 9), as a whole number.
inline std::optional<long long> clock_digits(std::string_view text, std::size_t width = 0) {
    if (text.empty() || text.size() > (width ? width : 9)) return std::nullopt;
    long long n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

inline char bonus_letter(Bonus kind) {
    switch (kind) {
        case Bonus::Fischer: return '+';
        case Bonus::Delay: return 'd';
        case Bonus::Bronstein: return 'b';
        case Bonus::None: break;
    }
    return '\0';
}

// The part after the base: "", "+3", "d3", "b3" (whole seconds).
inline std::optional<TimeControl> parse_bonus(std::string_view rest, TimeControl tc) {
    if (rest.empty()) return tc;
    const char c = rest.front();
    tc.kind = c == '+' ? Bonus::Fischer : c == 'd' ? Bonus::Delay : c == 'b' ? Bonus::Bronstein : Bonus::None;
    if (tc.kind == Bonus::None) return std::nullopt;
    const auto seconds = clock_digits(rest.substr(1), 2);
    if (!seconds || *seconds * 1000 > kMaxClockBonus) return std::nullopt;
    tc.bonus = *seconds * 1000;
    if (tc.bonus == 0) tc.kind = Bonus::None;
    return tc;
}

}  // namespace detail

// What a clock SPEC looks like, for messages and help.
inline constexpr std::string_view kClockSpecHelp =
    "MINUTES[:SS] with +SECONDS (increment), dSECONDS (delay) or bSECONDS (Bronstein), such as 5, 5+3, 5d3, 5b3 or 0:30+1";

// A clock SPEC: `5` (five minutes), `5+3` (Fischer, 3 s per move), `5d3` (simple delay), `5b3`
// (Bronstein), `0:30+1` (minutes:seconds). From one second to ten hours, a bonus up to 60 s.
inline Expected<TimeControl> parse_time_control(std::string_view spec) {
    const auto bad = [&] { return Error{concat("bad clock '", spec, "': expected ", kClockSpecHelp)}; };
    const std::size_t end = spec.find_first_of("+db");
    const std::string_view base = spec.substr(0, end);
    const std::string_view rest = end == std::string_view::npos ? std::string_view{} : spec.substr(end);
    const std::size_t colon = base.find(':');
    const auto minutes = detail::clock_digits(base.substr(0, colon), 3);
    std::optional<long long> seconds = 0;
    if (colon != std::string_view::npos) {
        seconds = detail::clock_digits(base.substr(colon + 1), 2);
        if (base.size() - colon - 1 != 2 || !seconds || *seconds > 59) return bad();
    }
    if (!minutes) return bad();
    TimeControl tc;
    tc.base = (*minutes * 60 + *seconds) * 1000;
    if (tc.base < 1000 || tc.base > kMaxClockBase)
        return Error{concat("bad clock '", spec, "': the time is from 0:01 to 600 minutes")};
    auto with = detail::parse_bonus(rest, tc);
    // Two digits of seconds over the limit: the limit is the reason, not the form.
    if (!with && rest.size() > 1 && detail::clock_digits(rest.substr(1), 2))
        return Error{concat("bad clock '", spec, "': the bonus is at most ", static_cast<int>(kMaxClockBonus / 1000),
                            " seconds")};
    if (!with) return bad();
    return *with;
}

// The TimeControl tag's value: seconds, then the bonus ("300", "300+3"; "300d3" and "300b3" are ours,
// PGN having no word for delays).
inline std::string time_control_tag(const TimeControl& tc) {
    std::string out = std::to_string(tc.base / 1000);
    if (tc.kind != Bonus::None) out += detail::bonus_letter(tc.kind) + std::to_string(tc.bonus / 1000);
    return out;
}

inline Expected<TimeControl> parse_time_control_tag(std::string_view value) {
    const std::size_t end = value.find_first_of("+db");
    const auto seconds = detail::clock_digits(value.substr(0, end));
    const std::string_view rest = end == std::string_view::npos ? std::string_view{} : value.substr(end);
    std::optional<TimeControl> tc;
    if (seconds && *seconds >= 1 && *seconds * 1000 <= kMaxClockBase)
        tc = detail::parse_bonus(rest, TimeControl{*seconds * 1000, Bonus::None, 0});
    if (!tc) return Error{concat("expected seconds and a bonus such as 300, 300+3, 300d3 or 300b3, not '", value, "'")};
    return *tc;
}

// Both clocks at one moment, and whose was running then (none before the first move or after the end).
struct ClockReading {
    Millis white = 0;
    Millis black = 0;
    std::optional<Color> running;
    Millis of(Color c) const { return c == Color::White ? white : black; }
    Millis& of(Color c) { return c == Color::White ? white : black; }
    friend bool operator==(const ClockReading&, const ClockReading&) = default;
};

// "0:04:53" (h:mm:ss), with the fraction of a second when there is one ("0:04:53.25"), for records.
inline std::string format_clock_time(Millis ms) {
    ms = std::max<Millis>(ms, 0);
    const Millis s = ms / 1000, frac = ms % 1000;
    std::string out = std::to_string(s / 3600) + ':';
    const auto two = [&](Millis n) {
        out += static_cast<char>('0' + n / 10);
        out += static_cast<char>('0' + n % 10);
    };
    two(s / 60 % 60);
    out += ':';
    two(s % 60);
    if (frac) {
        std::string f = std::to_string(1000 + frac).substr(1);
        while (f.back() == '0') f.pop_back();
        out += '.' + f;
    }
    return out;
}

inline std::optional<Millis> parse_clock_time(std::string_view text) {
    // Whole numbers as -1 when absent: GCC's -Wmaybe-uninitialized misreads optionals here.
    const auto number = [](std::string_view part, std::size_t low, std::size_t high) -> long long {
        if (part.size() < low || part.size() > high) return -1;
        const auto n = detail::clock_digits(part, high);
        return n ? *n : -1;
    };
    const std::size_t c1 = text.find(':');
    const std::size_t c2 = c1 == std::string_view::npos ? c1 : text.find(':', c1 + 1);
    if (c2 == std::string_view::npos) return std::nullopt;
    const std::size_t dot = text.find('.', c2);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
    const long long h = number(text.substr(0, c1), 1, 2);
    const long long m = number(text.substr(c1 + 1, c2 - c1 - 1), 2, 2);
    const long long s = number(text.substr(c2 + 1, dot == std::string_view::npos ? dot : dot - c2 - 1), 2, 2);
    const long long f = dot == std::string_view::npos ? 0 : number(fraction, 1, 3);
    if (h < 0 || m < 0 || m > 59 || s < 0 || s > 59 || f < 0) return std::nullopt;
    long long frac = f;
    for (std::size_t digits = fraction.size(); dot != std::string_view::npos && digits < 3; ++digits) frac *= 10;
    return ((h * 60 + m) * 60 + s) * 1000 + frac;
}

// A clock as the screen shows it, cut down (never rounded up) to what has not yet gone: "1:02:03",
// "4:53", and under ten seconds with tenths, "0:09.3".
inline std::string clock_display(Millis ms) {
    ms = std::max<Millis>(ms, 0);
    const Millis s = ms / 1000;
    const auto two = [](Millis n) {
        return std::string{static_cast<char>('0' + n / 10), static_cast<char>('0' + n % 10)};
    };
    if (s >= 3600) return concat(std::to_string(s / 3600), ":", two(s / 60 % 60), ":", two(s % 60));
    std::string out = concat(std::to_string(s / 60), ":", two(s % 60));
    if (ms < 10000) out += concat(".", std::to_string(ms / 100 % 10));
    return out;
}

// "w0:04:53 B0:05:00": White's clock then Black's, the running one's letter in capitals (neither when
// no clock runs), the form of the `%clock` comment command.
inline std::string format_clock_reading(const ClockReading& r) {
    const bool w = r.running == Color::White, b = r.running == Color::Black;
    return concat(w ? "W" : "w", format_clock_time(r.white), " ", b ? "B" : "b", format_clock_time(r.black));
}

inline std::optional<ClockReading> parse_clock_reading(std::string_view text) {
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos || text.size() < 4) return std::nullopt;
    const std::string_view w = text.substr(0, space), b = text.substr(space + 1);
    if (w.empty() || b.empty() || (w[0] != 'w' && w[0] != 'W') || (b[0] != 'b' && b[0] != 'B')) return std::nullopt;
    if (w[0] == 'W' && b[0] == 'B') return std::nullopt;  // only one clock runs at a time
    const auto wt = parse_clock_time(w.substr(1)), bt = parse_clock_time(b.substr(1));
    if (!wt || !bt) return std::nullopt;
    ClockReading r{*wt, *bt, std::nullopt};
    if (w[0] == 'W') r.running = Color::White;
    if (b[0] == 'B') r.running = Color::Black;
    return r;
}

// Both sides' clocks. A turn is timed from when it started (or was resumed after a pause); the reading
// of the running clock is what it had when its turn began less the time charged for the turn so far.
class Clock {
public:
    Clock() = default;
    Clock(TimeControl white, TimeControl black) : white_(white), black_(black), start_{white.base, black.base, {}} {}

    const TimeControl& control(Color c) const { return c == Color::White ? white_ : black_; }
    std::optional<Color> running() const { return start_.running; }
    bool paused() const { return paused_; }

    // Both clocks at `now`: the running one counted down (never below zero).
    ClockReading reading(Millis now) const {
        ClockReading r = start_;
        if (r.running) r.of(*r.running) = std::max<Millis>(0, r.of(*r.running) - charged(used(now)));
        return r;
    }

    // The side whose clock has reached zero at `now`, if any.
    std::optional<Color> fallen(Millis now) const {
        if (start_.running && reading(now).of(*start_.running) == 0) return start_.running;
        return std::nullopt;
    }

    // `mover` has moved at `now`: its clock (if it ran) is charged, and gets its increment or give-back,
    // and the opponent's clock starts.
    void press(Color mover, Millis now) {
        if (start_.running == mover) {
            const Millis spent = used(now);
            Millis& left = start_.of(mover);
            left = std::max<Millis>(0, left - charged(spent));
            const TimeControl& tc = control(mover);
            if (tc.kind == Bonus::Fischer) left += tc.bonus;
            if (tc.kind == Bonus::Bronstein) left += std::min(spent, tc.bonus);
        }
        start_.running = opponent(mover);
        begin_turn(now);
    }

    // Sets both clocks as `r` says, the one it names running from `now` (a resumed game, an undo).
    void set(const ClockReading& r, Millis now) {
        start_ = r;
        begin_turn(now);
    }

    // Stops every clock for good (the game is over); the reading stays.
    void stop(Millis now) {
        start_ = reading(now);
        start_.running.reset();
        begin_turn(now);
    }

    void pause(Millis now) {
        if (paused_) return;
        used_before_ = used(now);
        paused_ = true;
    }
    void resume(Millis now) {
        if (!paused_) return;
        paused_ = false;
        since_ = now;
    }

    // The time the running clock's turn has taken so far at `now` (pauses left out; a delay counted).
    Millis spent(Millis now) const { return start_.running ? used(now) : 0; }

    // How long from `now` until the running clock falls, if it runs (its delay first, under a simple delay).
    std::optional<Millis> until_fallen(Millis now) const {
        if (!start_.running || paused_) return std::nullopt;
        Millis wait = reading(now).of(*start_.running);
        const TimeControl& tc = control(*start_.running);
        if (tc.kind == Bonus::Delay && used(now) < tc.bonus) wait += tc.bonus - used(now);
        return wait;
    }

    // How long from `now` until the running clock's shown time next changes (a tenth of a second under ten
    // seconds, else a second) or it falls: how long the program may wait for a key. None when none runs.
    std::optional<Millis> next_change(Millis now) const {
        if (!start_.running || paused_) return std::nullopt;
        const Millis left = reading(now).of(*start_.running);
        const Millis step = left < 10000 ? 100 : 1000;
        // Shown cut down to the step: the next step down is crossed after left % step + 1, the fall at 0.
        Millis wait = std::min(left % step + 1, left);
        // Under a simple delay the clock stands still at first.
        const TimeControl& tc = control(*start_.running);
        if (tc.kind == Bonus::Delay && used(now) < tc.bonus) wait = tc.bonus - used(now) + wait;
        return wait;
    }

private:
    Millis used(Millis now) const { return used_before_ + (paused_ ? 0 : std::max<Millis>(0, now - since_)); }
    Millis charged(Millis spent) const {
        const TimeControl& tc = control(*start_.running);
        return tc.kind == Bonus::Delay ? std::max<Millis>(0, spent - tc.bonus) : spent;
    }
    void begin_turn(Millis now) {
        used_before_ = 0;
        since_ = now;
    }

    TimeControl white_, black_;
    ClockReading start_;      // both clocks when the running one's turn began
    Millis used_before_ = 0;  // time used in this turn before the last pause
    Millis since_ = 0;        // when the clock last started or resumed
    bool paused_ = false;
};

// How long the computer may think with `left` on its clock and `tc`'s bonus to come: a twentieth of
// what is left plus three quarters of the increment, and never more than half of what is left after a
// margin for the search's last check and the program's loop (kThinkMargin). With at least 1 s plus the
// increment left, the move is always made with time to spare.
inline constexpr Millis kThinkMargin = 200;
inline Millis think_budget(Millis left, const TimeControl& tc) {
    const Millis bonus = tc.kind == Bonus::None ? 0 : tc.bonus;
    // A delay is time the clock does not count: it can be spent whole.
    const Millis budget = left / 20 + (tc.kind == Bonus::Delay ? bonus : bonus * 3 / 4);
    const Millis cap = (left - kThinkMargin) / 2 + (tc.kind == Bonus::Delay ? bonus : 0);
    return std::max<Millis>(1, std::min(budget, cap));
}

}  // namespace fetaix
