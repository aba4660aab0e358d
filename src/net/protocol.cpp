#include "net/protocol.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>

namespace fetaix::net {

std::string_view to_string(Role r) {
    switch (r) {
        case Role::White: return "white";
        case Role::Black: return "black";
        case Role::Seat: return "seat";
        case Role::Watch: return "watch";
    }
    return "watch";
}

std::optional<Role> parse_role(std::string_view word) {
    for (Role r : {Role::White, Role::Black, Role::Seat, Role::Watch})
        if (to_string(r) == word) return r;
    return std::nullopt;
}

std::string_view to_string(Offer o) { return o == Offer::Takeback ? "takeback" : "draw"; }

namespace {

// The length of the UTF-8 sequence starting at s[i] and its code point, or 0 when it is not valid
// (overlong forms, surrogates and values past U+10FFFF included).
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    std::size_t n = 0;
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

// A value shown inside an error: quoted, cut to a few dozen bytes at a character boundary.
std::string shown(std::string_view value) {
    constexpr std::size_t kShown = 32;
    std::string out = "\"";
    std::size_t i = 0;
    while (i < value.size() && i < kShown) {
        char32_t cp = 0;
        const std::size_t n = utf8_sequence(value, i, cp);
        if (n == 0 || is_control(cp)) break;
        out.append(value.substr(i, n));
        i += n;
    }
    out += i < value.size() ? "...\"" : "\"";
    return out;
}

using Fields = std::vector<std::pair<std::string, std::string>>;

struct Parsed {
    std::string name;
    Fields fields;
};

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// Why a line is not valid UTF-8 without control characters, at the column where it goes wrong.
std::optional<Error> bad_line_text(std::string_view line) {
    for (std::size_t i = 0; i < line.size();) {
        char32_t cp = 0;
        const std::size_t n = utf8_sequence(line, i, cp);
        if (n == 0) return Error{"not valid UTF-8", 0, static_cast<int>(i + 1)};
        if (is_control(cp)) return Error{"control character", 0, static_cast<int>(i + 1)};
        i += n;
    }
    return std::nullopt;
}

// Reads the quoted value opening at line[i] into `value`, leaving i after it.
std::optional<Error> read_quoted_value(std::string_view line, std::size_t& i, std::string& value) {
    const std::size_t open = i++;
    bool closed = false;
    while (i < line.size()) {
        const char c = line[i];
        if (c == '"') {
            closed = true;
            ++i;
            break;
        }
        if (c == '\\') {
            if (i + 1 >= line.size() || (line[i + 1] != '"' && line[i + 1] != '\\'))
                return Error{"only \\\" and \\\\ may follow a backslash", 0, static_cast<int>(i + 1)};
            value += line[i + 1];
            i += 2;
            continue;
        }
        value += c;
        ++i;
    }
    if (!closed) return Error{"unterminated quoted value", 0, static_cast<int>(open + 1)};
    if (i < line.size() && line[i] != ' ')
        return Error{"expected a space after a quoted value", 0, static_cast<int>(i + 1)};
    return std::nullopt;
}

// Reads the bare or quoted value starting at line[i] into `value`, leaving i after it.
std::optional<Error> read_value(std::string_view line, std::size_t& i, std::string& value) {
    if (i < line.size() && line[i] == '"') return read_quoted_value(line, i, value);
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') {
        if (line[i] == '"' || line[i] == '\\')
            return Error{"a value with '\"' or '\\' must be quoted", 0, static_cast<int>(i + 1)};
        ++i;
    }
    value = std::string(line.substr(start, i - start));
    return std::nullopt;
}

// Splits a line into its message name and fields (the syntax at the top of protocol.hpp).
Expected<Parsed> split(std::string_view line) {
    if (line.size() + 1 > kMaxLineBytes) return Error{concat("line longer than ", kMaxLineBytes, " bytes")};
    if (auto bad = bad_line_text(line)) return *bad;
    Parsed out;
    std::size_t i = 0;
    while (i < line.size() && is_name_char(line[i])) ++i;
    if (i == 0) return Error{"a line starts with a message name (a-z, 0-9, '-')", 0, 1};
    if (i < line.size() && line[i] != ' ')
        return Error{"a line starts with a message name (a-z, 0-9, '-')", 0, static_cast<int>(i + 1)};
    out.name = std::string(line.substr(0, i));
    while (true) {
        while (i < line.size() && line[i] == ' ') ++i;
        if (i >= line.size()) break;
        const std::size_t key_start = i;
        while (i < line.size() && is_name_char(line[i])) ++i;
        if (i == key_start || i >= line.size() || line[i] != '=')
            return Error{"expected a field: key=value", 0, static_cast<int>(key_start + 1)};
        std::string key(line.substr(key_start, i - key_start));
        ++i;
        std::string value;
        if (auto bad = read_value(line, i, value)) return *bad;
        for (const auto& f : out.fields)
            if (f.first == key) return Error{concat("field ", key, " given twice"), 0, static_cast<int>(key_start + 1)};
        out.fields.emplace_back(std::move(key), std::move(value));
    }
    return out;
}

// Reads the fields of one message, remembering the first problem.
class Reader {
public:
    explicit Reader(const Parsed& p) : p_(p) {}

    const std::string* find(std::string_view key) const {
        for (const auto& f : p_.fields)
            if (f.first == key) return &f.second;
        return nullptr;
    }
    bool has(std::string_view key) const { return find(key) != nullptr; }

    void fail(std::string_view key, std::string why) {
        if (!error_) error_ = concat(p_.name, ": ", key, ": ", why);
    }
    void fail_missing(std::string_view key) {
        if (!error_) error_ = concat(p_.name, ": missing field ", key);
    }

    std::string text(std::string_view key, std::size_t max_bytes, bool required) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return "";
        }
        if (v->size() > max_bytes) fail(key, concat("longer than ", max_bytes, " bytes"));
        return *v;
    }

    std::size_t number(std::string_view key, std::size_t min, std::size_t max, bool required,
                       std::size_t otherwise = 0) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return otherwise;
        }
        std::size_t n = 0;
        const char* end = v->data() + v->size();
        const auto [ptr, ec] = std::from_chars(v->data(), end, n);
        const bool digits = !v->empty() &&
                            std::all_of(v->begin(), v->end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits || ec != std::errc{} || ptr != end) {
            fail(key, concat("not a number: ", shown(*v)));
            return otherwise;
        }
        if (n < min || n > max) {
            fail(key, concat("out of range (", min, " to ", max, "): ", shown(*v)));
            return otherwise;
        }
        return n;
    }

    bool yes_no(std::string_view key, bool required) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return false;
        }
        if (*v == "yes") return true;
        if (*v != "no") fail(key, concat("expected yes or no: ", shown(*v)));
        return false;
    }

    std::optional<Color> color(std::string_view key, bool required) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return std::nullopt;
        }
        if (*v == "white") return Color::White;
        if (*v == "black") return Color::Black;
        fail(key, concat("expected white or black: ", shown(*v)));
        return std::nullopt;
    }

    std::optional<Role> role(std::string_view key, bool required) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return std::nullopt;
        }
        if (auto r = parse_role(*v)) return r;
        fail(key, concat("unknown role ", shown(*v)));
        return std::nullopt;
    }

    Offer offer(std::string_view key) {
        const std::string* v = find(key);
        if (!v) {
            fail_missing(key);
            return Offer::Draw;
        }
        if (*v == "takeback") return Offer::Takeback;
        if (*v != "draw") fail(key, concat("expected takeback or draw: ", shown(*v)));
        return Offer::Draw;
    }

    // A move in notation: its characters only (the receiver checks it against its game).
    std::string move(std::string_view key) {
        std::string v = text(key, 64, true);
        if (!error_ && !valid_move_text(v)) fail(key, concat("not a move: ", shown(v)));
        return v;
    }

    static bool valid_move_text(std::string_view v) {
        return !v.empty() && std::all_of(v.begin(), v.end(), [](char c) {
            return (c >= 'a' && c <= 'e') || (c >= '1' && c <= '5') || c == 'x' || c == 'X' || c == '-';
        });
    }

    Outcome outcome(std::string_view key, bool required) {
        const std::string* v = find(key);
        if (!v) {
            if (required) fail_missing(key);
            return Outcome::Ongoing;
        }
        for (Outcome o : {Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw, Outcome::Ongoing})
            if (result_token(o) == *v) return o;
        fail(key, concat("expected 1-0, 0-1, 1/2-1/2 or *: ", shown(*v)));
        return Outcome::Ongoing;
    }

    // A declared result: outcome and reason fields, which must agree.
    GameResult declared(std::string_view outcome_key, bool required) {
        const bool has_outcome = has(outcome_key);
        if (!required && !has_outcome && !has("reason")) return {};
        GameResult r;
        r.outcome = outcome(outcome_key, true);
        const std::string* v = find("reason");
        if (!v) {
            fail_missing("reason");
            return {};
        }
        if (*v == "resignation") r.reason = Reason::Resignation;
        else if (*v == "agreed-draw") r.reason = Reason::AgreedDraw;
        else if (*v == "time-forfeit") r.reason = Reason::TimeForfeit;
        else {
            fail("reason", concat("expected resignation, agreed-draw or time-forfeit: ", shown(*v)));
            return {};
        }
        const bool fits = r.reason != Reason::AgreedDraw
                              ? (r.outcome == Outcome::WhiteWins || r.outcome == Outcome::BlackWins)
                              : r.outcome == Outcome::Draw;
        if (!fits && !error_) fail("reason", concat(*v, " does not give ", result_token(r.outcome)));
        return fits ? r : GameResult{};
    }

    // Both clocks: white-ms, black-ms and running, all three or none (an untimed game, an older host).
    std::optional<ClockReading> clock_reading() {
        if (!has("white-ms") && !has("black-ms") && !has("running")) return std::nullopt;
        ClockReading c;
        c.white = static_cast<Millis>(number("white-ms", 0, kMaxClockMillis, true));
        c.black = static_cast<Millis>(number("black-ms", 0, kMaxClockMillis, true));
        const std::string* v = find("running");
        if (!v) fail_missing("running");
        else if (*v == "white") c.running = Color::White;
        else if (*v == "black") c.running = Color::Black;
        else if (*v != "none") fail("running", concat("expected white, black or none: ", shown(*v)));
        return c;
    }

    // A time control in the TimeControl tag's form: 300, 300+3, 300d3, 300b3.
    std::optional<TimeControl> time_control(std::string_view key) {
        const std::string* v = find(key);
        if (!v) return std::nullopt;
        auto tc = parse_time_control_tag(*v);
        if (!tc) {
            fail(key, tc.error().message);
            return std::nullopt;
        }
        return *tc;
    }

    const std::optional<std::string>& error() const { return error_; }

private:
    const Parsed& p_;
    std::optional<std::string> error_;
};

constexpr std::size_t kMaxPly = 1000000;

template <class T>
Expected<Message> done(Reader& r, T value) {
    if (r.error()) return Error{*r.error()};
    return Message{std::move(value)};
}

std::string_view reason_word(Reason r) {
    return r == Reason::Resignation ? "resignation" : r == Reason::TimeForfeit ? "time-forfeit" : "agreed-draw";
}

// Builds a line field by field.
class Writer {
public:
    explicit Writer(std::string_view name) : line_(name) {}
    Writer& field(std::string_view key, std::string_view value) {
        line_ += ' ';
        line_ += key;
        line_ += '=';
        const bool quote = value.empty() || value.find_first_of(" \"\\") != std::string_view::npos;
        if (!quote) {
            line_ += value;
            return *this;
        }
        line_ += '"';
        for (char c : value) {
            if (c == '"' || c == '\\') line_ += '\\';
            line_ += c;
        }
        line_ += '"';
        return *this;
    }
    Writer& number(std::string_view key, std::size_t n) { return field(key, std::to_string(n)); }
    Writer& yes_no(std::string_view key, bool b) { return field(key, b ? "yes" : "no"); }
    Writer& color(std::string_view key, Color c) { return field(key, c == Color::White ? "white" : "black"); }
    Writer& clock(const std::optional<ClockReading>& c) {
        if (!c) return *this;
        number("white-ms", static_cast<std::size_t>(std::max<Millis>(0, c->white)));
        number("black-ms", static_cast<std::size_t>(std::max<Millis>(0, c->black)));
        return field("running", c->running ? (*c->running == Color::White ? "white" : "black") : "none");
    }
    std::string str() const { return line_; }

private:
    std::string line_;
};

std::string_view color_word(Color c) { return c == Color::White ? "white" : "black"; }

}  // namespace

std::optional<std::string> check_text(std::string_view text, std::size_t max_bytes) {
    if (text.size() > max_bytes) return concat("longer than ", max_bytes, " bytes");
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t n = utf8_sequence(text, i, cp);
        if (n == 0) return std::string("not valid UTF-8");
        if (is_control(cp)) return std::string("holds a control character");
        i += n;
    }
    return std::nullopt;
}

namespace {

Expected<Message> read_hello(Reader& r) {
    Hello m;
    m.version = static_cast<int>(r.number("version", 0, 999999, true));
    m.role = r.role("role", true).value_or(Role::Seat);
    m.name = r.text("name", kMaxNameBytes, false);
    m.code = r.text("code", kMaxCodeBytes, false);
    m.token = r.text("token", kMaxCodeBytes, false);
    return done(r, std::move(m));
}

Expected<Message> read_query(Reader& r) {
    Query m;
    m.version = static_cast<int>(r.number("version", 0, 999999, true));
    return done(r, m);
}

Expected<Message> read_move(Reader& r) {
    const std::size_t ply = r.number("ply", 1, kMaxPly, true);
    std::string move = r.move("move");
    return done(r, MoveMessage{ply, std::move(move)});
}

Expected<Message> read_moved(Reader& r) {
    const std::size_t ply = r.number("ply", 1, kMaxPly, true);
    std::string move = r.move("move");
    Moved m{ply, std::move(move), std::nullopt, std::nullopt};
    if (r.has("used-ms")) m.used = static_cast<Millis>(r.number("used-ms", 0, kMaxClockMillis, true));
    m.clock = r.clock_reading();
    return done(r, std::move(m));
}

Expected<Message> read_offer(Reader& r) {
    OfferMessage m;
    m.what = r.offer("what");
    m.by = r.color("by", false);
    return done(r, m);
}

Expected<Message> read_answer(Reader& r) {
    AnswerMessage m;
    m.what = r.offer("what");
    m.accept = r.yes_no("accept", true);
    m.by = r.color("by", false);
    return done(r, m);
}

Expected<Message> read_takeover(Reader& r) {
    Takeover m;
    m.version = static_cast<int>(r.number("version", 0, 999999, true));
    return done(r, m);
}

Expected<Message> read_chat(Reader& r) {
    Chat m;
    m.text = r.text("text", kMaxChatBytes, true);
    m.from = r.text("from", kMaxNameBytes, false);
    m.role = r.role("role", false);
    return done(r, std::move(m));
}

Expected<Message> read_welcome(Reader& r) {
    Welcome m;
    m.version = static_cast<int>(r.number("version", 0, 999999, true));
    const std::optional<Role> role = r.role("role", true);
    if (role == Role::Seat) r.fail("role", "a welcome gives white, black or watch");
    m.role = role.value_or(Role::Watch);
    m.game = r.text("game", 32, true);
    m.token = r.text("token", kMaxCodeBytes, false);
    return done(r, std::move(m));
}

Expected<Message> read_state(Reader& r) {
    State m;
    m.white = r.text("white", kMaxNameBytes, true);
    m.black = r.text("black", kMaxNameBytes, true);
    m.white_present = r.yes_no("white-present", true);
    m.black_present = r.yes_no("black-present", true);
    if (const std::string* fen = r.find("fen")) {
        auto pos = parse_fen(*fen);
        if (pos) m.start = *pos;
        else r.fail("fen", pos.error().describe());
    }
    for (const RuleSwitch& s : kRuleSwitches)
        if (const std::string* v = r.find(switch_key(s)))
            if (auto why = set_from_tag(s, m.rules, *v)) r.fail(switch_key(s), *why);
    m.plies = r.number("plies", 0, kMaxPly, true);
    m.declared = r.declared("result", false);
    if (r.has("offer")) {
        m.offer = r.offer("offer");
        m.offer_by = r.color("offer-by", true).value_or(Color::White);
    }
    m.white_clock = r.time_control("white-clock");
    m.black_clock = r.time_control("black-clock");
    if (!m.white_clock != !m.black_clock)
        r.fail(m.white_clock ? "black-clock" : "white-clock", "missing: both clocks or neither");
    m.clock = r.clock_reading();
    if (m.clock && !m.white_clock) r.fail("white-ms", "clocks without white-clock and black-clock");
    return done(r, std::move(m));
}

Expected<Message> read_history(Reader& r) {
    History m;
    m.from = r.number("from", 1, kMaxPly, true);
    const std::string list = r.text("moves", kMaxLineBytes, true);
    std::size_t start = 0;
    while (!r.error() && !list.empty()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string_view one = std::string_view(list).substr(start, comma - start);
        if (!Reader::valid_move_text(one)) r.fail("moves", concat("not a move: ", shown(one)));
        else m.moves.emplace_back(one);
        if (comma == list.size()) break;
        start = comma + 1;
    }
    return done(r, std::move(m));
}

Expected<Message> read_joined(Reader& r) {
    const Color side = r.color("role", true).value_or(Color::White);
    std::string who = r.text("name", kMaxNameBytes, true);
    return done(r, Joined{side, std::move(who)});
}

Expected<Message> read_left(Reader& r) {
    const Color side = r.color("role", true).value_or(Color::White);
    std::string who = r.text("name", kMaxNameBytes, true);
    return done(r, Left{side, std::move(who)});
}

Expected<Message> read_game_info(Reader& r) {
    GameInfo m;
    m.name = r.text("name", 32, true);
    m.version = static_cast<int>(r.number("version", 0, 999999, true));
    m.white = r.text("white", kMaxNameBytes, true);
    m.black = r.text("black", kMaxNameBytes, true);
    const std::string free = r.text("free", 16, true);
    if (free == "white,black") m.white_free = m.black_free = true;
    else if (free == "white") m.white_free = true;
    else if (free == "black") m.black_free = true;
    else if (free != "none" && r.has("free"))
        r.fail("free", concat("expected white, black, white,black or none: ", shown(free)));
    m.ply = r.number("ply", 0, kMaxPly, true);
    m.turn = r.color("turn", true).value_or(Color::White);
    m.outcome = r.outcome("result", true);
    m.watchers = r.number("watchers", 0, 1000000, true);
    m.shared = r.yes_no("shared", true);
    if (r.has("away")) {
        const std::string away = r.text("away", 16, false);
        if (away == "white,black") m.white_away = m.black_away = true;
        else if (away == "white") m.white_away = true;
        else if (away == "black") m.black_away = true;
        else r.fail("away", concat("expected white, black or white,black: ", shown(away)));
    }
    return done(r, std::move(m));
}

// One row per message: its name on the line, and how its fields are read.
struct MessageReading {
    std::string_view name;
    Expected<Message> (*read)(Reader&);
};
constexpr MessageReading kMessageReadings[] = {
    {"hello", read_hello},
    {"query", read_query},
    {"move", read_move},
    {"moved", read_moved},
    {"offer", read_offer},
    {"answer", read_answer},
    {"resign", [](Reader& r) { return done(r, Resign{}); }},
    {"sync", [](Reader& r) { return done(r, SyncRequest{}); }},
    {"takeover", read_takeover},
    {"chat", read_chat},
    {"welcome", read_welcome},
    {"pending", [](Reader& r) { return done(r, Pending{r.text("text", kMaxTextBytes, true)}); }},
    {"state", read_state},
    {"history", read_history},
    {"result", [](Reader& r) { return done(r, ResultMessage{r.declared("outcome", true)}); }},
    {"joined", read_joined},
    {"left", read_left},
    {"game", read_game_info},
    {"error", [](Reader& r) { return done(r, ErrorMessage{r.text("text", kMaxTextBytes, true)}); }},
    {"bye", [](Reader& r) { return done(r, Bye{r.text("text", kMaxTextBytes, true)}); }},
};

}  // namespace

Expected<Message> parse(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto split_line = split(line);
    if (!split_line) return Error{split_line.error().describe()};
    const Parsed& p = *split_line;
    Reader r(p);
    for (const MessageReading& reading : kMessageReadings)
        if (reading.name == p.name) return reading.read(r);
    return Message{Unknown{p.name}};
}

namespace {

// One writer per message: its name and its fields on the line.
struct MessageWriting {
    std::string operator()(const Hello& m) const {
        Writer w("hello");
        w.number("version", static_cast<std::size_t>(m.version)).field("role", to_string(m.role));
        if (!m.name.empty()) w.field("name", m.name);
        if (!m.code.empty()) w.field("code", m.code);
        if (!m.token.empty()) w.field("token", m.token);
        return std::move(w).str();
    }
    std::string operator()(const Query& m) const {
        return Writer("query").number("version", static_cast<std::size_t>(m.version)).str();
    }
    std::string operator()(const MoveMessage& m) const {
        return Writer("move").number("ply", m.ply).field("move", m.move).str();
    }
    std::string operator()(const Moved& m) const {
        Writer w("moved");
        w.number("ply", m.ply).field("move", m.move);
        if (m.used) w.number("used-ms", static_cast<std::size_t>(std::max<Millis>(0, *m.used)));
        return w.clock(m.clock).str();
    }
    std::string operator()(const OfferMessage& m) const {
        Writer w("offer");
        w.field("what", to_string(m.what));
        if (m.by) w.color("by", *m.by);
        return std::move(w).str();
    }
    std::string operator()(const AnswerMessage& m) const {
        Writer w("answer");
        w.field("what", to_string(m.what)).yes_no("accept", m.accept);
        if (m.by) w.color("by", *m.by);
        return std::move(w).str();
    }
    std::string operator()(const Resign&) const { return "resign"; }
    std::string operator()(const SyncRequest&) const { return "sync"; }
    std::string operator()(const Takeover& m) const {
        return Writer("takeover").number("version", static_cast<std::size_t>(m.version)).str();
    }
    std::string operator()(const Chat& m) const {
        Writer w("chat");
        if (!m.from.empty()) w.field("from", m.from);
        if (m.role) w.field("role", to_string(*m.role));
        w.field("text", m.text);
        return std::move(w).str();
    }
    std::string operator()(const Welcome& m) const {
        Writer w("welcome");
        w.number("version", static_cast<std::size_t>(m.version)).field("role", to_string(m.role)).field("game", m.game);
        if (!m.token.empty()) w.field("token", m.token);
        return std::move(w).str();
    }
    std::string operator()(const Pending& m) const { return Writer("pending").field("text", m.text).str(); }
    std::string operator()(const State& m) const {
        Writer w("state");
        w.field("white", m.white)
            .field("black", m.black)
            .yes_no("white-present", m.white_present)
            .yes_no("black-present", m.black_present);
        w.field("fen", to_fen(m.start));
        for (const RuleSwitch& s : kRuleSwitches) w.field(switch_key(s), switch_value(s, m.rules));
        w.number("plies", m.plies);
        if (m.declared.outcome != Outcome::Ongoing)
            w.field("result", result_token(m.declared.outcome)).field("reason", reason_word(m.declared.reason));
        if (m.offer) w.field("offer", to_string(*m.offer)).color("offer-by", m.offer_by);
        if (m.white_clock && m.black_clock)
            w.field("white-clock", time_control_tag(*m.white_clock))
                .field("black-clock", time_control_tag(*m.black_clock))
                .clock(m.clock);
        return std::move(w).str();
    }
    std::string operator()(const History& m) const {
        std::string list;
        for (const std::string& mv : m.moves) {
            if (!list.empty()) list += ',';
            list += mv;
        }
        return Writer("history").number("from", m.from).field("moves", list).str();
    }
    std::string operator()(const ResultMessage& m) const {
        return Writer("result")
            .field("outcome", result_token(m.result.outcome))
            .field("reason", reason_word(m.result.reason))
            .str();
    }
    std::string operator()(const Joined& m) const {
        return Writer("joined").color("role", m.side).field("name", m.name).str();
    }
    std::string operator()(const Left& m) const {
        return Writer("left").color("role", m.side).field("name", m.name).str();
    }
    std::string operator()(const GameInfo& m) const {
        Writer w("game");
        w.field("name", m.name)
            .number("version", static_cast<std::size_t>(m.version))
            .field("white", m.white)
            .field("black", m.black);
        w.field("free", m.white_free && m.black_free ? "white,black"
                        : m.white_free               ? "white"
                        : m.black_free               ? "black"
                                                     : "none");
        w.number("ply", m.ply).field("turn", color_word(m.turn)).field("result", result_token(m.outcome));
        w.number("watchers", m.watchers).yes_no("shared", m.shared);
        if (m.white_away || m.black_away)
            w.field("away", m.white_away && m.black_away ? "white,black" : m.white_away ? "white" : "black");
        return std::move(w).str();
    }
    std::string operator()(const ErrorMessage& m) const { return Writer("error").field("text", m.text).str(); }
    std::string operator()(const Bye& m) const { return Writer("bye").field("text", m.text).str(); }
    std::string operator()(const Unknown& m) const { return m.name; }
};

}  // namespace

std::string format(const Message& message) { return std::visit(MessageWriting{}, message); }

std::vector<std::string> history_lines(std::size_t from, const std::vector<std::string>& moves) {
    // Room for "history from=N moves=" and the '\n', with a margin.
    constexpr std::size_t kBudget = kMaxLineBytes - 64;
    std::vector<std::string> lines;
    History chunk{from, {}};
    std::size_t size = 0;
    for (const std::string& m : moves) {
        if (!chunk.moves.empty() && size + m.size() + 1 > kBudget) {
            lines.push_back(format(chunk));
            chunk.from += chunk.moves.size();
            chunk.moves.clear();
            size = 0;
        }
        chunk.moves.push_back(m);
        size += m.size() + 1;
    }
    if (!chunk.moves.empty()) lines.push_back(format(chunk));
    return lines;
}

std::string error_line(std::string_view why) {
    // Cut at a character boundary so the line stays valid UTF-8 within the limit.
    std::size_t end = 0;
    while (end < why.size()) {
        char32_t cp = 0;
        const std::size_t n = utf8_sequence(why, end, cp);
        if (n == 0 || is_control(cp) || end + n > kMaxTextBytes) break;
        end += n;
    }
    return format(ErrorMessage{std::string(why.substr(0, end))});
}

}  // namespace fetaix::net
