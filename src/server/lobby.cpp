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

constexpr const char* kSides[] = {"any colour", "White", "Black"};

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

std::string terms_words(const GameTerms& terms) {
    const std::string side = terms.creator_side ? concat("plays ", to_string(*terms.creator_side)) : "any colour";
    return concat(clock_words(terms.clock), ", ", side, terms.rated ? ", rated" : ", unrated");
}

VisitorScreen::VisitorScreen(std::optional<Player> known, std::string server_name, TakeName take_name)
    : player_(std::move(known)), server_name_(std::move(server_name)), take_name_(std::move(take_name)) {}

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
    } else if (k.name == Key::Name::Backspace) {
        drop_last_character(typed_);
    } else if (k.name == Key::Name::Escape || (k.name == Key::Name::Char && k.ch == 21)) {  // Ctrl-U
        typed_.clear();
    } else if (k.name == Key::Name::Char && k.ch >= 0x20 && k.ch < 0x7f && typed_.size() < kMaxTyped) {
        typed_ += k.ch;
    } else if (read.code_point != 0 && typed_.size() < kMaxTyped) {
        append_utf8(typed_, read.code_point);
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
    const int clocks = static_cast<int>(seek_clocks().size());
    int& value = form_field_ == 0 ? form_clock_ : form_field_ == 1 ? form_side_ : form_rated_;
    const int count = form_field_ == 0 ? clocks : form_field_ == 1 ? 3 : 2;
    if (k.name == N::Left || is_char(k, 'h')) value = (value + count - 1) % count;
    else if (k.name == N::Right || is_char(k, 'l') || is_char(k, ' ')) value = (value + 1) % count;
    else if (k.name == N::Down || is_char(k, 'j') || is_char(k, '\t')) form_field_ = (form_field_ + 1) % 3;
    else if (k.name == N::Up || is_char(k, 'k')) form_field_ = (form_field_ + 2) % 3;
    else if (k.name == N::Escape) form_open_ = false;
    else if (k.name == N::Enter) {
        form_open_ = false;
        LobbyChoice choice{LobbyChoice::Kind::Seek, 0, {}};
        choice.terms.clock = seek_clocks()[static_cast<std::size_t>(form_clock_)];
        if (form_side_ > 0) choice.terms.creator_side = form_side_ == 1 ? Color::White : Color::Black;
        choice.terms.rated = form_rated_ == 0;
        return choice;
    }
    return {};
}

LobbyChoice VisitorScreen::key(const KeyReader::Read& read, const LobbyView& view) {
    const Key& k = read.key;
    using N = Key::Name;
    message_.clear();
    // Ctrl-C and Ctrl-D leave from anywhere: the terminal sends them as bytes here, not as signals.
    if (is_char(k, 3) || is_char(k, 4)) return {LobbyChoice::Kind::Leave, 0, {}};
    if (!player_) {
        type_name(read);
        return {};
    }
    if (form_open_) return seek_form_key(k);
    const std::vector<Item> all = items(view);
    cursor_ = all.empty() ? 0 : std::min(cursor_, all.size() - 1);
    if (is_char(k, 'q')) return {LobbyChoice::Kind::Leave, 0, {}};
    if (is_char(k, '?')) {
        message_ = "Up/Down choose, Enter takes it, n offers a game, l leaderboard, q leaves.";
    } else if (is_char(k, 'l')) {
        leaderboard_ = !leaderboard_;
    } else if (leaderboard_) {
        if (k.name == N::Escape) leaderboard_ = false;
    } else if (is_char(k, 'n')) {
        form_open_ = true;
        form_field_ = 0;
    } else if ((k.name == N::Down || is_char(k, 'j')) && cursor_ + 1 < all.size()) {
        ++cursor_;
    } else if ((k.name == N::Up || is_char(k, 'k')) && cursor_ > 0) {
        --cursor_;
    } else if (k.name == N::Enter && !all.empty()) {
        return {all[cursor_].kind, all[cursor_].id, {}};
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
        if (view.leaderboard.empty()) f.write(row++, 4, "No rated game has ended yet.");
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
            if (g.mine) lines.push_back({game_line(g), Role::Text, item++});
        lines.push_back({});
    }
    lines.push_back({"Open seeks (Enter accepts)", Role::Title});
    if (view.seeks.empty()) lines.push_back({"none yet: n offers a game"});
    for (const SeekView& s : view.seeks)
        lines.push_back({concat(s.by, "   ", s.terms, s.mine ? "   yours: Enter withdraws it" : ""), Role::Text,
                         item++});
    lines.push_back({});
    lines.push_back({"Games (Enter watches)", Role::Title});
    const bool others = std::any_of(view.games.begin(), view.games.end(), [](const GameView& g) { return !g.mine; });
    if (!others) lines.push_back({"none"});
    for (const GameView& g : view.games)
        if (!g.mine) lines.push_back({game_line(g), Role::Text, item++});
    lines.push_back({});
    lines.push_back({concat("Online (", view.online.size(), ")"), Role::Title});
    std::string online;
    for (const Online& o : view.online) online += concat(online.empty() ? "" : ", ", o.name, " (", o.doing, ")");
    for (const std::string& l : text::wrap(text::printable(online), std::max(10, columns - 6))) lines.push_back({l});

    int top = 2;
    if (form_open_) {
        const auto clocks = seek_clocks();
        const std::string clock = clock_words(clocks[static_cast<std::size_t>(form_clock_)]);
        f.write(top, 2, "New seek", Role::Title);
        f.write(top + 1, 4, concat(form_field_ == 0 ? "> " : "  ", "Clock: < ", clock, " >"),
                form_field_ == 0 ? Role::Question : Role::Text);
        f.write(top + 2, 4, concat(form_field_ == 1 ? "> " : "  ", "Side:  < ", kSides[form_side_], " >"),
                form_field_ == 1 ? Role::Question : Role::Text);
        f.write(top + 3, 4, concat(form_field_ == 2 ? "> " : "  ", "Rated: < ", form_rated_ == 0 ? "yes" : "no", " >"),
                form_field_ == 2 ? Role::Question : Role::Text);
        top += 5;
    }
    // The list scrolls to keep the cursor's line in view.
    const int height = std::max(1, rows - 3 - top);
    int first = 0;
    for (int i = 0; i < static_cast<int>(lines.size()); ++i)
        if (lines[static_cast<std::size_t>(i)].item == static_cast<int>(cursor) && !all.empty() && i >= height)
            first = i - height + 1;
    for (int i = first, row = top; i < static_cast<int>(lines.size()) && row < top + height; ++i, ++row) {
        const Line& l = lines[static_cast<std::size_t>(i)];
        const bool chosen = !form_open_ && !all.empty() && l.item == static_cast<int>(cursor);
        if (l.role == Role::Title) f.write(row, 2, l.text, Role::Title);
        else f.write(row, 4, l.text, chosen ? Role::Question : Role::Text);
        if (chosen) f.write(row, 2, ">", Role::Question);
    }
    if (!message_.empty()) f.write(rows - 2, 2, message_, Role::Message);
    f.write(rows - 1, 0,
            form_open_ ? "Left/Right change  Up/Down next line  Enter offers  Esc cancels"
                       : "Up/Down, Enter  n new seek  l leaderboard  ? keys  q leaves",
            Role::Status);
    return f;
}

}  // namespace fetaix::server
