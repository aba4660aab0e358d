#include "lobby.hpp"

#include "text/display.hpp"

namespace fetaix::server {

using front::Key;
using tui::Frame;
using tui::Role;

namespace {

// The longest name the prompt holds, in bytes: a 20-column name of 4-byte characters.
constexpr std::size_t kMaxTyped = 80;

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

}  // namespace

VisitorScreen::VisitorScreen(std::optional<Player> known, std::string server_name, TakeName take_name)
    : player_(std::move(known)), server_name_(std::move(server_name)), take_name_(std::move(take_name)) {}

void VisitorScreen::take_typed_name() {
    Expected<Player> taken = take_name_(typed_);
    if (!taken) {
        problem_ = taken.error().message;
        return;
    }
    player_ = *taken;
    problem_.clear();
}

bool VisitorScreen::key(const KeyReader::Read& read) {
    const Key& k = read.key;
    // Ctrl-C and Ctrl-D leave from anywhere: the terminal sends them as bytes here, not as signals.
    if (k.name == Key::Name::Char && (k.ch == 3 || k.ch == 4)) {
        leaving_ = true;
        return true;
    }
    if (!player_) {
        if (k.name == Key::Name::Enter) take_typed_name();
        else if (k.name == Key::Name::Backspace) drop_last_character(typed_);
        else if (k.name == Key::Name::Escape) typed_.clear();
        else if (k.name == Key::Name::Char && k.ch >= 0x20 && k.ch < 0x7f && typed_.size() < kMaxTyped) typed_ += k.ch;
        else if (read.code_point != 0 && typed_.size() < kMaxTyped) append_utf8(typed_, read.code_point);
        else return false;
        return true;
    }
    if (k.name == Key::Name::Char && k.ch == 'q') {
        leaving_ = true;
        return true;
    }
    return false;
}

Frame VisitorScreen::compose(int rows, int columns, const std::vector<Online>& online) const {
    Frame f(rows, columns);
    f.write(0, 2, concat("fetaix server ", server_name_), Role::Title);
    if (!player_) {
        f.write(2, 2, "Welcome. This key is new here: choose the name you will play under.");
        f.write(3, 2, "2 to 20 columns, no spaces; the same key finds it again next time.");
        f.write(5, 2, "Name: ", Role::Text);
        const std::string shown = text::printable(typed_);
        f.write(5, 8, shown, Role::Text);
        f.set(5, 8 + text::display_width(shown), " ", Role::PromptCursor);
        if (!problem_.empty()) f.write(7, 2, concat("Not taken: ", problem_, "."), Role::Message);
        f.write(rows - 1, 0, "Enter takes the name · Ctrl-C leaves", Role::Status);
        return f;
    }
    f.write(2, 2, concat("You are ", player_->name, "."));
    f.write(4, 2, concat("Players online (", online.size(), ")"), Role::Title);
    int row = 5;
    for (const Online& o : online) {
        if (row >= rows - 2) break;
        f.write(row++, 4, concat(o.name, "  ", o.doing));
    }
    f.write(rows - 1, 0, "q leaves", Role::Status);
    return f;
}

}  // namespace fetaix::server
