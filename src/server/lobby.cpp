#include "lobby.hpp"

#include <algorithm>

#include "text/display.hpp"

namespace fetaix::server {

using front::Key;
using tui::Frame;
using tui::Role;

namespace {

// The longest name the prompt holds, in bytes: a 20-column name of 4-byte characters.
constexpr std::size_t kMaxTyped = 80;

// The fields of seek_fields() before the rule switches, and the one after them.
enum FixedField : std::size_t { kClock, kSide, kRated, kFirstSwitch };

// A count switch's values in the form: its standard value, twice that, and off.
std::vector<int> count_choices(const RuleSwitch& s) {
    const int standard = s.get(Rules{});
    return {standard, std::min(2 * standard, s.max), 0};
}

std::string capitalized(std::string_view text) {
    std::string out(text);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) out += static_cast<char>(c);
    else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

void drop_last_character(std::string& s) {
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty()) s.pop_back();
}

bool is_char(const Key& k, char c) { return k.name == Key::Name::Char && k.ch == c; }

// "the name Amina is taken" as a sentence: "The name Amina is taken."
std::string sentence(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text + ".";
}

TimeControl minutes_plus(int minutes, int bonus) {
    return TimeControl{minutes * 60'000LL, bonus > 0 ? Bonus::Fischer : Bonus::None, bonus * 1000LL};
}

// One line of the lobby's list, and the item of it the cursor can stand on (-1: a heading or a note).
struct Line {
    std::string text;
    Role role = Role::Text;
    int item = -1;
};

}  // namespace

std::vector<std::optional<TimeControl>> seek_clocks() {
    return {std::nullopt,        minutes_plus(1, 0),   minutes_plus(3, 2), minutes_plus(5, 3),
            minutes_plus(10, 5), minutes_plus(15, 10), minutes_plus(30, 0)};
}

std::vector<SeekField> seek_fields() {
    std::vector<SeekField> fields;
    SeekField clock{"Clock", {}};
    for (const auto& c : seek_clocks()) clock.words.push_back(clock_words(c));
    fields.push_back(std::move(clock));
    fields.push_back({"Side", {"any colour", "White", "Black"}});
    fields.push_back({"Rated", {"yes", "no"}});
    for (const RuleSwitch& s : kRuleSwitches) {
        SeekField f{capitalized(s.label), {}};
        if (s.kind == SwitchKind::Count)
            for (int n : count_choices(s)) f.words.push_back(n == 0 ? std::string("off") : concat(n, " ", s.unit));
        else
            for (std::string_view w : s.words) f.words.emplace_back(w);
        fields.push_back(std::move(f));
    }
    fields.push_back({"Private", {"no", "yes: found by its code, not listed"}});
    return fields;
}

GameTerms seek_terms(const std::vector<int>& values, bool guest) {
    const auto value = [&](std::size_t field) {
        return field < values.size() ? static_cast<std::size_t>(values[field]) : std::size_t{0};
    };
    GameTerms terms;
    const auto clocks = seek_clocks();
    terms.clock = clocks[std::min(value(kClock), clocks.size() - 1)];
    if (value(kSide) == 1) terms.creator_side = Color::White;
    if (value(kSide) == 2) terms.creator_side = Color::Black;
    terms.rated = value(kRated) == 0 && !guest;
    for (std::size_t i = 0; i < kRuleSwitches.size(); ++i) {
        const RuleSwitch& s = kRuleSwitches[i];
        const std::size_t v = value(kFirstSwitch + i);
        if (s.kind == SwitchKind::Count) {
            const auto choices = count_choices(s);
            s.set(terms.rules, choices[std::min(v, choices.size() - 1)]);
        } else {
            s.set(terms.rules, static_cast<int>(std::min(v, s.words.size() - 1)));
        }
    }
    // The code itself is the server's to make: here only that the game is private.
    if (value(kFirstSwitch + kRuleSwitches.size()) == 1) terms.code = "private";
    return terms;
}

std::string terms_words(const GameTerms& terms) {
    const std::string side = terms.creator_side ? concat("plays ", to_string(*terms.creator_side)) : "any colour";
    return concat(clock_words(terms.clock), ", ", side, terms.rated ? ", rated" : ", unrated");
}

std::string rules_words(const Rules& rules) {
    std::string words;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.get(rules) != s.get(Rules{})) words += concat(words.empty() ? "" : ", ", switch_phrase(s, rules));
    return words;
}

VisitorScreen::VisitorScreen(std::optional<Player> known, std::string server_name, TakeName take_name)
    : player_(std::move(known)), server_name_(std::move(server_name)), take_name_(std::move(take_name)) {}

void VisitorScreen::type_into(std::string& typed, const KeyReader::Read& read) {
    const Key& k = read.key;
    if (k.name == Key::Name::Backspace) {
        drop_last_character(typed);
    } else if (k.name == Key::Name::Char && k.ch == 21) {  // Ctrl-U
        typed.clear();
    } else if (k.name == Key::Name::Char && k.ch >= 0x20 && k.ch < 0x7f && typed.size() < kMaxTyped) {
        typed += k.ch;
    } else if (read.code_point != 0 && typed.size() < kMaxTyped) {
        append_utf8(typed, read.code_point);
    }
}

void VisitorScreen::type_name(const KeyReader::Read& read) {
    const Key& k = read.key;
    if (k.name == Key::Name::Enter) {
        Expected<Player> taken = take_name_(typed_);
        if (!taken) {
            problem_ = taken.error().message;
            return;
        }
        player_ = *taken;
        problem_.clear();
    } else if (k.name == Key::Name::Escape) {
        typed_.clear();
    } else {
        type_into(typed_, read);
    }
}

std::vector<VisitorScreen::Item> VisitorScreen::items(const LobbyView& view) {
    std::vector<Item> all;
    for (const GameView& g : view.games)
        if (g.mine) all.push_back({LobbyChoice::Kind::Return, g.id});
    for (const SeekView& s : view.seeks)
        all.push_back({s.mine ? LobbyChoice::Kind::Withdraw : LobbyChoice::Kind::Accept, s.id});
    for (const GameView& g : view.games)
        if (!g.mine) all.push_back({LobbyChoice::Kind::Watch, g.id});
    return all;
}

LobbyChoice VisitorScreen::seek_form_key(const Key& k) {
    using N = Key::Name;
    const std::vector<SeekField> fields = seek_fields();
    form_values_.resize(fields.size(), 0);
    const int count = static_cast<int>(fields[form_field_].words.size());
    int& value = form_values_[form_field_];
    if (k.name == N::Left || is_char(k, 'h')) value = (value + count - 1) % count;
    else if (k.name == N::Right || is_char(k, 'l') || is_char(k, ' ')) value = (value + 1) % count;
    else if (k.name == N::Down || is_char(k, 'j') || is_char(k, '\t')) form_field_ = (form_field_ + 1) % fields.size();
    else if (k.name == N::Up || is_char(k, 'k')) form_field_ = (form_field_ + fields.size() - 1) % fields.size();
    else if (k.name == N::Escape) form_open_ = false;
    else if (k.name == N::Enter) {
        form_open_ = false;
        LobbyChoice choice = LobbyChoice::of(LobbyChoice::Kind::Seek);
        choice.terms = seek_terms(form_values_, player_->guest);
        return choice;
    }
    return {};
}

LobbyChoice VisitorScreen::key(const KeyReader::Read& read, const LobbyView& view) {
    const Key& k = read.key;
    using N = Key::Name;
    message_.clear();
    // Ctrl-C and Ctrl-D leave from anywhere: the terminal sends them as bytes here, not as signals.
    if (is_char(k, 3) || is_char(k, 4)) return LobbyChoice::of(LobbyChoice::Kind::Leave);
    if (!player_) {
        type_name(read);
        return {};
    }
    if (form_open_) return seek_form_key(k);
    if (code_typed_) {
        if (k.name == N::Enter) {
            LobbyChoice choice = LobbyChoice::of(LobbyChoice::Kind::Code);
            choice.code = *code_typed_;
            code_typed_.reset();
            return choice;
        }
        if (k.name == N::Escape) code_typed_.reset();
        else type_into(*code_typed_, read);
        return {};
    }
    const std::vector<Item> all = items(view);
    cursor_ = all.empty() ? 0 : std::min(cursor_, all.size() - 1);
    if (is_char(k, 'q')) return LobbyChoice::of(LobbyChoice::Kind::Leave);
    if (is_char(k, '?')) {
        message_ = "Enter takes a line, n offers a game, c types a code, l ratings, q leaves.";
    } else if (is_char(k, 'l')) {
        leaderboard_ = !leaderboard_;
    } else if (leaderboard_) {
        if (k.name == N::Escape) leaderboard_ = false;
    } else if (is_char(k, 'n')) {
        form_open_ = true;
        form_field_ = 0;
    } else if (is_char(k, 'c')) {
        code_typed_.emplace();
    } else if ((k.name == N::Down || is_char(k, 'j')) && cursor_ + 1 < all.size()) {
        ++cursor_;
    } else if ((k.name == N::Up || is_char(k, 'k')) && cursor_ > 0) {
        --cursor_;
    } else if (k.name == N::Enter && !all.empty()) {
        return LobbyChoice::of(all[cursor_].kind, all[cursor_].id);
    }
    return {};
}

Frame VisitorScreen::compose(int rows, int columns, const LobbyView& view) const {
    Frame f(rows, columns);
    f.write(0, 2, concat("fetaix server ", server_name_), Role::Title);
    if (!player_) {
        f.write(2, 2, "Welcome. This key is new here: choose the name you will play under.");
        f.write(3, 2, "2 to 20 columns, no spaces; the same key finds it again next time.");
        f.write(5, 2, "Name: ", Role::Text);
        const std::string shown = text::printable(typed_);
        f.write(5, 8, shown, Role::Text);
        f.set(5, 8 + text::display_width(shown), " ", Role::PromptCursor);
        if (!problem_.empty()) f.write(7, 2, sentence(problem_), Role::Message);
        f.write(rows - 1, 0, "Enter takes the name  Ctrl-U clears it  Ctrl-C leaves", Role::Status);
        return f;
    }
    const std::string you = concat("You are ", player_->name);
    f.write(0, std::max(0, columns - 2 - text::display_width(text::printable(you))), you);

    if (leaderboard_) {
        f.write(2, 2, "Leaderboard", Role::Title);
        int row = 3;
        if (view.leaderboard.empty()) f.write(row++, 4, "No rated game of the standard rules has ended yet.");
        for (const std::string& l : view.leaderboard) {
            if (row >= rows - 2) break;
            f.write(row++, 4, l);
        }
        f.write(rows - 1, 0, "l or Esc back to the lobby  q leaves", Role::Status);
        return f;
    }
    std::vector<Line> lines;
    const std::vector<Item> all = items(view);
    const std::size_t cursor = all.empty() ? 0 : std::min(cursor_, all.size() - 1);
    int item = 0;
    const auto game_line = [](const GameView& g) {
        return concat(g.white, " - ", g.black, "   ", g.standing,
                      g.watchers > 0 ? concat(", ", g.watchers, g.watchers == 1 ? " watching" : " watching") : "");
    };
    if (std::any_of(view.games.begin(), view.games.end(), [](const GameView& g) { return g.mine; })) {
        lines.push_back({"Your games (Enter returns to your seat)", Role::Title});
        for (const GameView& g : view.games)
            if (g.mine) {
                lines.push_back({game_line(g), Role::Text, item++});
                if (!g.code.empty())
                    lines.push_back({concat("  private: others watch with  ", view.reach, " watch ", g.code)});
            }
        lines.push_back({});
    }
    lines.push_back({"Open seeks (Enter accepts)", Role::Title});
    if (view.seeks.empty()) lines.push_back({"none yet: n offers a game"});
    for (const SeekView& s : view.seeks) {
        lines.push_back({concat(s.by, "   ", s.terms, s.mine ? "   yours: Enter withdraws it" : ""), Role::Text,
                         item++});
        if (!s.rules.empty()) lines.push_back({concat("  rules: ", s.rules)});
        if (!s.code.empty())
            lines.push_back({concat("  private: your opponent types  ", view.reach, " join ", s.code)});
    }
    lines.push_back({});
    lines.push_back({"Games (Enter watches)", Role::Title});
    const bool others = std::any_of(view.games.begin(), view.games.end(), [](const GameView& g) { return !g.mine; });
    if (!others) lines.push_back({"none"});
    for (const GameView& g : view.games)
        if (!g.mine) lines.push_back({game_line(g), Role::Text, item++});
    lines.push_back({});
    const std::size_t online_count = std::max(view.online_count, view.online.size());
    lines.push_back({concat("Online (", online_count, ")"), Role::Title});
    std::string online;
    for (const Online& o : view.online) online += concat(online.empty() ? "" : ", ", o.name, " (", o.doing, ")");
    if (online_count > view.online.size()) online += concat(", and ", online_count - view.online.size(), " more");
    for (const std::string& l : text::wrap(text::printable(online), std::max(10, columns - 6))) lines.push_back({l});

    int top = 2;
    if (form_open_) {
        const std::vector<SeekField> fields = seek_fields();
        std::size_t width = 0;
        for (const SeekField& field : fields) width = std::max(width, field.label.size());
        f.write(top, 2, "New seek", Role::Title);
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const std::size_t value = i < form_values_.size() ? static_cast<std::size_t>(form_values_[i]) : 0;
            std::string shown = fields[i].words[value];
            if (i == kRated && player_->guest) shown = "no (guests play unrated games)";
            const bool chosen = i == form_field_;
            f.write(top + 1 + static_cast<int>(i), 4,
                    concat(chosen ? "> " : "  ", fields[i].label, ":",
                           std::string(width - fields[i].label.size() + 1, ' '), "< ", shown, " >"),
                    chosen ? Role::Question : Role::Text);
        }
        top += static_cast<int>(fields.size()) + 2;
    } else if (code_typed_) {
        const std::string shown = text::printable(*code_typed_);
        f.write(top, 2, "Code: ", Role::Text);
        f.write(top, 8, shown, Role::Text);
        f.set(top, 8 + text::display_width(shown), " ", Role::PromptCursor);
        top += 2;
    }
    // The list scrolls to keep the cursor's line in view.
    const int height = std::max(1, rows - 3 - top);
    int first = 0;
    for (int i = 0; i < static_cast<int>(lines.size()); ++i)
        if (lines[static_cast<std::size_t>(i)].item == static_cast<int>(cursor) && !all.empty() && i >= height)
            first = i - height + 1;
    for (int i = first, row = top; i < static_cast<int>(lines.size()) && row < top + height; ++i, ++row) {
        const Line& l = lines[static_cast<std::size_t>(i)];
        const bool chosen = !form_open_ && !code_typed_ && !all.empty() && l.item == static_cast<int>(cursor);
        if (l.role == Role::Title) f.write(row, 2, l.text, Role::Title);
        else f.write(row, 4, l.text, chosen ? Role::Question : Role::Text);
        if (chosen) f.write(row, 2, ">", Role::Question);
    }
    if (!message_.empty()) f.write(rows - 2, 2, message_, Role::Message);
    f.write(rows - 1, 0,
            form_open_    ? "Left/Right change  Up/Down next line  Enter offers  Esc cancels"
            : code_typed_ ? "Enter joins or watches the game of this code  Esc cancels"
                          : "Up/Down Enter  n seek  c code  l ratings  ? keys  q leaves",
            Role::Status);
    return f;
}

}  // namespace fetaix::server
