#include "line_lobby.hpp"

#include <algorithm>

#include "text/display.hpp"

namespace fetaix::server {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::vector<std::string> words_of(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r') {
            if (!word.empty()) words.push_back(std::move(word));
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

// A number typed after accept, watch or return, or nothing.
std::optional<int> number_of(std::string_view word) {
    if (word.empty() || word.size() > 9) return std::nullopt;
    int n = 0;
    for (char c : word) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// A clock as typed: its words without spaces ("5+3", "1min", "untimed").
std::string clock_typed(const std::optional<TimeControl>& clock) {
    std::string words = clock_words(clock);
    std::erase(words, ' ');
    return words;
}

std::string game_said(const GameView& g, std::string_view game = "Game ") {
    return concat(game, g.id, ": ", g.white, " against ", g.black, ", ", g.standing,
                  g.watchers > 0 ? concat(", ", g.watchers, " watching") : "", ".");
}

}  // namespace

LineEditor::Fed LineEditor::feed(std::string_view bytes) {
    Fed fed;
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (escape_ == 1) {
            escape_ = c == '[' || c == 'O' ? 2 : 0;
            continue;
        }
        if (escape_ == 2) {
            if (c >= 0x40 && c <= 0x7e) escape_ = 0;
            continue;
        }
        const bool lf_after_cr = c == '\n' && after_cr_;
        after_cr_ = c == '\r';
        if (lf_after_cr) continue;
        if (c == '\r' || c == '\n') {
            fed.lines.push_back({too_long_ ? std::string() : line_, too_long_});
            line_.clear();
            too_long_ = false;
            if (echo_) fed.echo += "\r\n";
        } else if (c == 3 || (c == 4 && line_.empty())) {
            fed.leave = true;
            return fed;
        } else if (c == 0x7f || c == 8) {
            if (line_.empty()) continue;
            while (!line_.empty() && (static_cast<unsigned char>(line_.back()) & 0xC0) == 0x80) line_.pop_back();
            line_.pop_back();
            if (echo_) fed.echo += "\b \b";
        } else if (c == 21) {  // Ctrl-U: the line typed so far is dropped
            line_.clear();
            too_long_ = false;
            if (echo_) fed.echo += "\r\n";
        } else if (c == 0x1b) {
            escape_ = 1;
        } else if (c >= 0x20) {
            if (line_.size() >= max_bytes_) {
                too_long_ = true;
                continue;
            }
            line_ += ch;
            if (echo_) fed.echo += ch;
        }
    }
    return fed;
}

Expected<GameTerms> seek_from_words(std::string_view text, bool guest) {
    GameTerms terms;
    terms.rated = !guest;
    for (const std::string& word : words_of(text)) {
        const std::string w = lowered(word);
        bool known = false;
        for (const auto& clock : seek_clocks())
            if (w == clock_typed(clock)) {
                terms.clock = clock;
                known = true;
            }
        if (known) continue;
        if (w == "white" || w == "black") terms.creator_side = w == "white" ? Color::White : Color::Black;
        else if (w == "any") terms.creator_side.reset();
        else if (w == "rated") terms.rated = !guest;
        else if (w == "unrated") terms.rated = false;
        else if (w == "private") terms.code = "private";
        else {
            // A rule switch: its name alone (a toggle: yes), or NAME=VALUE as its flag takes it.
            const std::size_t equals = w.find('=');
            const std::string key = w.substr(0, equals);
            const RuleSwitch* found = nullptr;
            for (const RuleSwitch& s : kRuleSwitches)
                if (switch_key(s) == key) found = &s;
            if (!found) return Error{concat("'", text::printable(word).substr(0, 40), "' is no clock, side or rule")};
            if (equals == std::string::npos) {
                if (found->kind != SwitchKind::Toggle)
                    return Error{concat(key, " takes a value: ", key, "=", switch_placeholder(*found))};
                found->set(terms.rules, 1);
            } else if (auto problem = set_from_tag(*found, terms.rules, w.substr(equals + 1))) {
                return Error{concat(key, ": ", *problem)};
            }
        }
    }
    return terms;
}

std::vector<std::string> LineLobby::help() const {
    std::vector<std::string> lines{"Commands:", "look: the seeks, the games, who is online"};
    std::string clocks;
    for (const auto& clock : seek_clocks()) clocks += concat(clocks.empty() ? "" : ", ", clock_typed(clock));
    lines.push_back("seek: offer a game; add any of these words:");
    lines.push_back(concat("  a clock: ", clocks));
    lines.push_back("  white or black: your side; unrated; private: found by its code only");
    std::string rules;
    for (const RuleSwitch& s : kRuleSwitches)
        rules += concat(rules.empty() ? "" : ", ", switch_key(s),
                        s.kind == SwitchKind::Toggle ? std::string() : concat("=", switch_placeholder(s)));
    // Short lines for a braille display, and never past a terminal's 80 columns.
    for (const std::string& l : text::wrap(concat("rules: ", rules), 74)) lines.push_back(concat("  ", l));
    lines.insert(lines.end(),
                 {"withdraw: take your seek back", "accept N: play seek N", "watch N: watch game N",
                  "return N: back to your seat in game N", "join CODE: play the private game of CODE",
                  "watch CODE: watch the private game of CODE", "ratings: the leaderboards", "quit: leave"});
    return lines;
}

void LineLobby::remember(const LobbyView& view) {
    seeks_told_.clear();
    for (const SeekView& s : view.seeks) seeks_told_.insert(s.id);
}

std::vector<std::string> LineLobby::look(const LobbyView& view) {
    std::vector<std::string> lines;
    for (const GameView& g : view.games)
        if (g.mine) lines.push_back(concat(game_said(g, "Your game "), " return ", g.id, " goes back to it."));
    lines.push_back(view.seeks.empty() ? std::string("No seeks: seek offers a game.")
                                       : concat(view.seeks.size(), view.seeks.size() == 1 ? " seek:" : " seeks:"));
    for (const SeekView& s : view.seeks) {
        lines.push_back(concat("Seek ", s.id, ": ", s.by, ", ", s.terms, s.mine ? ", yours." : "."));
        if (!s.rules.empty()) lines.push_back(concat("Rules: ", s.rules, "."));
        if (!s.code.empty()) lines.push_back(concat("Private: your opponent types ", view.reach, " join ", s.code));
    }
    const auto others = static_cast<std::size_t>(std::count_if(view.games.begin(), view.games.end(),
                                                               [](const GameView& g) { return !g.mine; }));
    lines.push_back(others == 0 ? std::string("No games to watch.")
                                : concat(others, others == 1 ? " game to watch:" : " games to watch:"));
    for (const GameView& g : view.games)
        if (!g.mine) lines.push_back(game_said(g));
    std::string online;
    for (const Online& o : view.online)
        online += concat(online.empty() ? "" : ", ", o.name,
                         o.doing == "in the lobby" ? "" : concat(" (", o.doing, ")"));
    const std::size_t count = std::max(view.online_count, view.online.size());
    if (count > view.online.size()) online += concat(", and ", count - view.online.size(), " more");
    lines.push_back(concat("Online (", count, "): ", online, "."));
    remember(view);
    return lines;
}

std::vector<std::string> LineLobby::opening(const LobbyView& view, bool with_look) {
    std::vector<std::string> lines{concat("fetaix server ", server_name_, ", screen-reader mode.")};
    if (!player_) {
        lines.push_back("This key is new here: type the name you will play under.");
        lines.push_back("2 to 20 characters, no spaces; the same key finds it again.");
        return lines;
    }
    lines.push_back(concat("You are ", player_->name, ". Type help for the commands."));
    if (with_look)
        for (std::string& l : look(view)) lines.push_back(std::move(l));
    return lines;
}

std::vector<std::string> LineLobby::news(const LobbyView& view) {
    if (!player_) return {};
    std::vector<std::string> lines;
    for (const SeekView& s : view.seeks)
        if (!seeks_told_.count(s.id) && !s.mine)
            lines.push_back(concat("New seek ", s.id, ": ", s.by, ", ", s.terms,
                                   s.rules.empty() ? "" : concat(", ", s.rules), ". accept ", s.id, " plays it."));
    remember(view);
    return lines;
}

LineLobby::Answer LineLobby::enter(std::string_view line, const LobbyView& view) {
    using K = LobbyChoice::Kind;
    if (!player_) {
        const std::vector<std::string> words = words_of(line);
        if (words.empty()) return {{"Type the name you will play under."}, {}};
        // The commands' words are not taken for a name: a newcomer's first word is likely help.
        const std::string first = lowered(words.front());
        if (first == "quit" || first == "exit") return {{}, LobbyChoice::of(LobbyChoice::Kind::Leave)};
        if (words.size() == 1 && (first == "help" || first == "look"))
            return {{"First the name you will play under: type it, 2 to 20 characters, no spaces.",
                     "Then help lists the commands. quit leaves."},
                    {}};
        Expected<Player> taken = take_name_(words.size() == 1 ? words.front() : std::string(line));
        if (!taken) {
            std::string why = taken.error().message;
            if (!why.empty() && why[0] >= 'a' && why[0] <= 'z') why[0] = static_cast<char>(why[0] - 'a' + 'A');
            return {{concat(why, ". Type another name.")}, {}};
        }
        player_ = *taken;
        return {opening(view), {}};
    }
    const std::vector<std::string> words = words_of(line);
    if (words.empty()) return {};
    const std::string verb = lowered(words.front());
    const std::string rest = words.size() > 1 ? words[1] : std::string();
    if (verb == "help") return {help(), {}};
    if (verb == "look" || verb == "lobby") return {look(view), {}};
    if (verb == "quit" || verb == "exit") return {{}, LobbyChoice::of(K::Leave)};
    if (verb == "ratings" || verb == "leaderboard") return {{}, LobbyChoice::of(K::Ratings)};
    if (verb == "seek") {
        const std::size_t at = line.find_first_not_of(
            " \t", line.find_first_of(" \t") == std::string_view::npos ? line.size() : line.find_first_of(" \t"));
        auto terms = seek_from_words(at == std::string_view::npos ? std::string_view{} : line.substr(at),
                                     player_->guest);
        if (!terms) return {{concat("No seek made: ", terms.error().message, ". help lists the words.")}, {}};
        LobbyChoice choice = LobbyChoice::of(K::Seek);
        choice.terms = *terms;
        return {{}, choice};
    }
    if (verb == "withdraw") {
        for (const SeekView& s : view.seeks)
            if (s.mine) return {{"Your seek is withdrawn."}, LobbyChoice::of(K::Withdraw, s.id)};
        return {{"You have no seek."}, {}};
    }
    const std::optional<int> n = number_of(rest);
    if (verb == "join" && rest.empty()) return {{"Type join and the private game's code."}, {}};
    if ((verb == "join" || verb == "watch") && !rest.empty() && !n) {
        LobbyChoice choice = LobbyChoice::of(K::Code);
        choice.code = rest;
        choice.watch = verb == "watch";
        return {{}, choice};
    }
    if (verb == "accept" || verb == "watch" || verb == "return") {
        if (!n) return {{concat("Type ", verb, " and a number: look lists them.")}, {}};
        if (verb == "accept") {
            for (const SeekView& s : view.seeks)
                if (s.id == *n) {
                    if (s.mine) return {{"That seek is yours: withdraw takes it back."}, {}};
                    return {{}, LobbyChoice::of(K::Accept, s.id)};
                }
            return {{concat("No seek ", *n, " is open: look lists them.")}, {}};
        }
        for (const GameView& g : view.games)
            if (g.id == *n && (verb == "watch" || g.mine))
                return {{}, LobbyChoice::of(g.mine ? K::Return : K::Watch, g.id)};
        return {{concat("No game ", *n, verb == "return" ? " of yours" : "", " is listed: look lists them.")}, {}};
    }
    return {{concat("Unknown command '", text::head_of_width(text::printable(words.front()), 40),
                    "': type help for the commands.")},
            {}};
}

}  // namespace fetaix::server
