#include "keymap.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fetaix/error.hpp>

namespace fetaix::front {

namespace {

using K = Action::Kind;
using D = ScreenDirection;
using E = PromptEdit;

constexpr std::uint8_t kLooking = kOnBoard | kStepping;
// Where an action that plays or changes the game is allowed: not where an earlier position is shown.
constexpr std::uint8_t kPlay = kAnyGame;
// What only tells about the game: allowed everywhere, a question waiting too.
constexpr std::uint8_t kTell = kAlways | kWhileAsked;

// The table. A new action is one more row and its handler; its name is its key in [keys].
constexpr auto kActions = std::to_array<KeyAction>({
    {"cursor-up", K::MoveCursor, D::Up, E::End, kOnBoard, "Up k", "cursor up", kPlay},
    {"cursor-down", K::MoveCursor, D::Down, E::End, kOnBoard, "Down j", "cursor down", kPlay},
    {"cursor-left", K::MoveCursor, D::Left, E::End, kLooking, "Left h", "cursor left; looking back, a move back",
     kPlay},
    {"cursor-right", K::MoveCursor, D::Right, E::End, kLooking, "Right l", "cursor right; looking back, a move on",
     kPlay},
    {"cursor-up-left", K::MoveCursor, D::UpLeft, E::End, kLooking, "Home 7",
     "cursor up-left; looking back, to the start", kPlay},
    {"cursor-up-right", K::MoveCursor, D::UpRight, E::End, kOnBoard, "PgUp 9", "cursor up-right", kPlay},
    {"cursor-down-left", K::MoveCursor, D::DownLeft, E::End, kLooking, "End 1",
     "cursor down-left; looking back, to the game", kPlay},
    {"cursor-down-right", K::MoveCursor, D::DownRight, E::End, kOnBoard, "PgDn 3", "cursor down-right", kPlay},
    {"select", K::Select, D::Up, E::End, kOnBoard, "Enter Space", "select, land", kPlay},
    {"cancel", K::Cancel, D::Up, E::End, kLooking | kReading, "Esc Backspace",
     "cancel; looking back, to the game; stop reading a file"},
    // Its typed form is a move itself. A watcher may type one too: the line goes nowhere else (not into
    // chat a key at a time), and Enter says that watchers do not move.
    {"move", K::OpenPrompt, D::Up, E::End, kOnBoard, ":", "type a move", kAnyGame, "", "",
     "a move such as c2-c3 or a1xd4xd1 (a capture's unique beginning is enough)", 1},
    {"undo", K::Undo, D::Up, E::End, kOnBoard, "u", "undo", kPlaying, "undo", "", "take back the last move", 8},
    {"redo", K::Redo, D::Up, E::End, kOnBoard, "r", "redo", kInLocalGame, "redo", "", "play it again", 9},
    {"step-back", K::StepBack, D::Up, E::End, kLooking, "[", "look back"},
    {"step-forward", K::StepForward, D::Up, E::End, kLooking, "]", "look forward"},
    {"new-game", K::NewGame, D::Up, E::End, kOnBoard, "n", "new game", kInLocalGame, "new", "", "a new game", 12},
    {"flip", K::Flip, D::Up, E::End, kLooking, "f", "flip board"},
    {"auto-flip", K::AutoFlip, D::Up, E::End, kOnBoard, "a", "turn to the side to move"},
    {"save", K::Save, D::Up, E::End, kLooking, "s", "save to a file", kAlways, "save", "FILE",
     "save the game to a file (an existing one only replaced after asking)", 13},
    {"open", K::Open, D::Up, E::End, kOnBoard, "o", "open a file", kInLocalGame, "open", "FILE",
     "open a record, or #N from the game history", 14},
    {"hint", K::Hint, D::Up, E::End, kOnBoard, "H", "hint from the engine", kPlaying, "hint", "", "the engine's move",
     7},
    {"draw", K::OfferDraw, D::Up, E::End, kOnBoard, "d", "offer a draw", kPlaying, "draw", "", "offer a draw", 10},
    {"resign", K::Resign, D::Up, E::End, kOnBoard, "R", "resign", kPlaying, "resign", "", "", 11},
    // A game over, looked back at or opened: each move valued on a worker thread; again, it stops.
    {"review", K::Review, D::Up, E::End, kLooking, "v", "review the game; again, stop it", kInLocalGame | kLookingBack,
     "review", "", "each move's value and the turning points (again: stop)", 16},
    {"help", K::Help, D::Up, E::End, kLooking, "?", "help", kTell, "help", "", "these lines", 17},
    {"chat", K::Chat, D::Up, E::End, kLooking, "c", "chat (two terminals)", kAtSeat | kWatching | kLookingBack,
     "chat say", "TEXT", "send a chat line (a game over the network)", 15},
    // Over the network the host's clocks run for both players: nobody pauses them.
    {"pause", K::Pause, D::Up, E::End, kOnBoard, "p", "pause the clocks (a timed game)", kInLocalGame | kLookingBack},
    // The puzzles open over the game, which waits as it is: not over the network, where it goes on.
    {"puzzles", K::Puzzles, D::Up, E::End, kOnBoard, "P", "puzzles", kInLocalGame | kLookingBack},
    {"quit", K::Quit, D::Up, E::End, kLooking | kReading | kTooSmall, "q", "quit", kAlways, "quit", "", "", 18},
    {"redraw", K::Redraw, D::Up, E::End, kEverywhere, "Ctrl-L", "redraw"},
    {"yes", K::Yes, D::Up, E::End, kAsked, "y Y", "answer yes", kTell, "yes y"},
    {"no", K::No, D::Up, E::End, kAsked, "n N Esc", "answer no", kTell, "no n"},
    {"prompt-enter", K::PromptSubmit, D::Up, E::End, kAtPrompt, "Enter", "prompt: enter the line"},
    {"prompt-close", K::PromptClose, D::Up, E::End, kAtPrompt, "Esc", "prompt: close it"},
    {"prompt-erase", K::PromptErase, D::Up, E::End, kAtPrompt, "Backspace",
     "prompt: erase the character before the cursor"},
    {"prompt-delete", K::PromptEdit, D::Up, E::Delete, kAtPrompt, "Delete",
     "prompt: delete the character under the cursor"},
    {"prompt-left", K::PromptEdit, D::Up, E::Left, kAtPrompt, "Left", "prompt: cursor left"},
    {"prompt-right", K::PromptEdit, D::Up, E::Right, kAtPrompt, "Right", "prompt: cursor right"},
    {"prompt-start", K::PromptEdit, D::Up, E::Home, kAtPrompt, "Home Ctrl-A", "prompt: to the start of the line"},
    {"prompt-end", K::PromptEdit, D::Up, E::End, kAtPrompt, "End Ctrl-E", "prompt: to the end of the line"},
    {"prompt-cut-start", K::PromptEdit, D::Up, E::CutToStart, kAtPrompt, "Ctrl-U",
     "prompt: cut everything before the cursor"},
    {"prompt-cut-word", K::PromptEdit, D::Up, E::CutWord, kAtPrompt, "Ctrl-W",
     "prompt: cut the word before the cursor"},
    {"prompt-older", K::PromptEdit, D::Up, E::Older, kAtPrompt, "Up", "prompt: the entry before"},
    {"prompt-newer", K::PromptEdit, D::Up, E::Newer, kAtPrompt, "Down", "prompt: the entry after"},
    {"complete", K::PromptEdit, D::Up, E::Complete, kAtPrompt, "Tab", "complete a move"},
    // Only typed: what the screen shows, the screen-reader mode says when asked.
    {"board", K::None, D::Up, E::End, 0, "", "the pieces rank by rank", kTell, "board", "", "the pieces rank by rank",
     2},
    {"moves", K::None, D::Up, E::End, 0, "", "the legal moves", kTell, "moves", "", "the legal moves", 3},
    {"last", K::None, D::Up, E::End, 0, "", "the last move", kTell, "last", "", "the last move", 4},
    {"list", K::None, D::Up, E::End, 0, "", "the moves played, numbered", kTell, "list", "",
     "the moves played, numbered", 5},
    {"clock", K::None, D::Up, E::End, 0, "", "both clocks", kTell, "clock", "", "both clocks", 6},
});

// The rows with keys, which come before those only typed.
constexpr std::size_t count_keyed() {
    std::size_t n = 0;
    while (n < kActions.size() && kActions[n].contexts != 0) ++n;
    return n;
}
constexpr std::size_t kKeyed = count_keyed();
static_assert(std::all_of(kActions.begin() + kKeyed, kActions.end(),
                          [](const KeyAction& a) { return a.contexts == 0; }),
              "the actions only typed come after those with keys");

struct NamedKey {
    std::string_view name;
    Key::Name key;
    char ch;
};
// The named keys; Home, PgUp, End and PgDn are the diagonals' keys (Key::Name says so).
constexpr auto kNamedKeys = std::to_array<NamedKey>({
    {"Up", Key::Name::Up, 0},
    {"Down", Key::Name::Down, 0},
    {"Left", Key::Name::Left, 0},
    {"Right", Key::Name::Right, 0},
    {"Home", Key::Name::UpLeft, 0},
    {"PgUp", Key::Name::UpRight, 0},
    {"End", Key::Name::DownLeft, 0},
    {"PgDn", Key::Name::DownRight, 0},
    {"Enter", Key::Name::Enter, 0},
    {"Esc", Key::Name::Escape, 0},
    {"Backspace", Key::Name::Backspace, 0},
    {"Delete", Key::Name::Delete, 0},
    {"Space", Key::Name::Char, ' '},
    {"Tab", Key::Name::Char, '\t'},
});

bool same_key(const Key& a, const Key& b) { return a.name == b.name && (a.name != Key::Name::Char || a.ch == b.ch); }

bool same_letters(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::vector<Key> default_keys_of(const KeyAction& action) {
    std::vector<Key> keys;
    std::string_view rest = action.defaults;
    while (!rest.empty()) {
        const std::size_t space = std::min(rest.find(' '), rest.size());
        if (auto key = parse_key_name(rest.substr(0, space))) keys.push_back(*key);
        rest.remove_prefix(std::min(space + 1, rest.size()));
    }
    return keys;
}

// A key's name as the docs show it: in backquotes when it is a character.
std::string quoted_key(const Key& key, std::string_view open, std::string_view close) {
    const std::string name = key_name(key);
    return key.name == Key::Name::Char && name.size() == 1 ? concat(open, name, close) : name;
}

}  // namespace

std::span<const KeyAction> actions() { return kActions; }

std::span<const KeyAction> key_actions() { return std::span<const KeyAction>(kActions).first(kKeyed); }

std::optional<std::size_t> find_key_action(std::string_view name) {
    for (std::size_t i = 0; i < kKeyed; ++i)
        if (kActions[i].name == name) return i;
    return std::nullopt;
}

std::optional<std::size_t> row_of(const Action& action) {
    if (action.kind == K::None) return std::nullopt;
    for (std::size_t i = 0; i < kActions.size(); ++i) {
        const KeyAction& row = kActions[i];
        if (row.kind != action.kind) continue;
        if (row.kind == K::MoveCursor && row.direction != action.direction) continue;
        if (row.kind == K::PromptEdit && row.edit != action.edit) continue;
        return i;
    }
    return std::nullopt;
}

bool allowed_in(const Action& action, GameContext context) {
    const auto row = row_of(action);
    return !row || (kActions[*row].allowed & context) != 0;
}

std::vector<std::size_t> typed_actions() {
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < kActions.size(); ++i)
        if (!kActions[i].words.empty() || !kActions[i].said.empty()) rows.push_back(i);
    // Those the help lists in its order, then the others (the answers) in the table's.
    std::stable_sort(rows.begin(), rows.end(), [](std::size_t a, std::size_t b) {
        const auto order = [](std::size_t r) { return kActions[r].help_line == 0 ? 256 : kActions[r].help_line; };
        return order(a) < order(b);
    });
    return rows;
}

std::optional<std::size_t> find_typed(std::string_view word) {
    if (word.empty()) return std::nullopt;
    for (std::size_t i = 0; i < kActions.size(); ++i) {
        const KeyAction& row = kActions[i];
        if (row.words.empty()) continue;
        if (same_letters(word, row.name)) return i;
        for (std::string_view rest = row.words; !rest.empty();) {
            const std::size_t space = std::min(rest.find(' '), rest.size());
            if (same_letters(word, rest.substr(0, space))) return i;
            rest.remove_prefix(std::min(space + 1, rest.size()));
        }
    }
    return std::nullopt;
}

std::string_view word_of(std::string_view name) {
    for (const KeyAction& row : kActions)
        if (row.name == name && !row.words.empty()) return row.words.substr(0, row.words.find(' '));
    // A misspelt name shows as itself: the tests of the texts catch it.
    return name;
}

std::string typed_help(const KeyAction& action) {
    const std::string_view word = action.words.substr(0, action.words.find(' '));
    if (word.empty()) return std::string(action.said);
    return concat(word, action.takes.empty() ? "" : " ", action.takes, action.said.empty() ? "" : ": ", action.said);
}

std::string words_allowed(GameContext context) {
    std::vector<std::string_view> words;
    for (const std::size_t r : typed_actions()) {
        const KeyAction& row = kActions[r];
        // The answers are for a question, which says them.
        if (row.words.empty() || row.help_line == 0 || (row.allowed & context) == 0) continue;
        words.push_back(word_of(row.name));
    }
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += concat(i == 0 ? "" : i + 1 == words.size() ? " and " : ", ", words[i]);
    return out;
}

std::optional<std::string> reserved_control_key(std::string_view name) {
    if (name.size() != 6 || !same_letters(name.substr(0, 5), "Ctrl-")) return std::nullopt;
    switch (std::toupper(static_cast<unsigned char>(name[5]))) {
        case 'C': return "the terminal turns Ctrl-C into a signal that ends the game";
        case 'Z': return "the terminal turns Ctrl-Z into a signal that suspends the game";
        case 'S':
        case 'Q': return "the terminal keeps Ctrl-S and Ctrl-Q to stop and restart the screen";
        case 'H': return "Ctrl-H arrives as Backspace";
        case 'I': return "Ctrl-I arrives as Tab";
        case 'J':
        case 'M': return "Ctrl-J and Ctrl-M arrive as Enter";
        default: return std::nullopt;
    }
}

std::optional<Key> parse_key_name(std::string_view name) {
    if (name.size() == 1) {
        const char c = name[0];
        if (c > ' ' && c < 127) return Key::character(c);
        return std::nullopt;
    }
    for (const NamedKey& k : kNamedKeys)
        if (same_letters(name, k.name)) return k.key == Key::Name::Char ? Key::character(k.ch) : Key::named(k.key);
    if (name.size() == 6 && same_letters(name.substr(0, 5), "Ctrl-")) {
        const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(name[5])));
        if (letter < 'A' || letter > 'Z' || reserved_control_key(name)) return std::nullopt;
        return Key::character(static_cast<char>(letter - 'A' + 1));
    }
    return std::nullopt;
}

std::string key_name(const Key& key) {
    for (const NamedKey& k : kNamedKeys)
        if (same_key(key, k.key == Key::Name::Char ? Key::character(k.ch) : Key::named(k.key)))
            return std::string(k.name);
    if (key.name == Key::Name::Char && key.ch >= 1 && key.ch <= 26)
        return concat("Ctrl-", static_cast<char>('A' + key.ch - 1));
    if (key.name == Key::Name::Char) return std::string(1, key.ch);
    return "?";
}

KeyMap::KeyMap() {
    for (const KeyAction& action : key_actions()) keys_.push_back(default_keys_of(action));
}

std::optional<std::size_t> KeyMap::find(const Key& key, KeyContext context) const {
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        if ((kActions[i].contexts & context) == 0) continue;
        for (const Key& k : keys_[i])
            if (same_key(k, key)) return i;
    }
    return std::nullopt;
}

std::string KeyMap::first(std::string_view name) const {
    const auto row = find_key_action(name);
    // A misspelt name shows as itself, in angle brackets: the tests of the texts catch it.
    if (!row || keys_[*row].empty()) return concat("<", name, ">");
    return key_name(keys_[*row].front());
}

std::string KeyMap::all(std::string_view name, std::string_view between) const {
    const auto row = find_key_action(name);
    if (!row) return concat("<", name, ">");
    std::string out;
    for (const Key& k : keys_[*row]) out += concat(out.empty() ? "" : between, key_name(k));
    return out;
}

bool KeyMap::remapped() const {
    const KeyMap defaults;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
        if (keys_[i].size() != defaults.keys_[i].size()) return true;
        for (std::size_t k = 0; k < keys_[i].size(); ++k)
            if (!same_key(keys_[i][k], defaults.keys_[i][k])) return true;
    }
    return false;
}

const KeyMap& default_keys() {
    static const KeyMap defaults;
    return defaults;
}

namespace {

// Why entry number e of [keys] names no action that has keys; `row` is the action it names, if any.
std::optional<KeyRefusal> action_refusal(const KeyRebinding& entry, std::size_t e, std::optional<std::size_t> row) {
    if (const auto typed = find_typed(entry.action); !row && typed && kActions[*typed].contexts == 0)
        return KeyRefusal{e, std::nullopt,
                          concat("'", entry.action, "' is only typed, in the screen-reader mode: it has no key")};
    if (!row)
        return KeyRefusal{e, std::nullopt, concat("unknown action '", entry.action, "'; fetaix config lists them")};
    if (entry.keys.empty()) return KeyRefusal{e, std::nullopt, "expected at least one key, found an empty list"};
    return std::nullopt;
}

// The keys entry number e gives the action on `row`, each once; the first key that cannot be one refuses it.
std::optional<KeyRefusal> entry_keys(const KeyRebinding& entry, std::size_t e, std::size_t row,
                                     std::vector<Key>& keys) {
    for (std::size_t k = 0; k < entry.keys.size(); ++k) {
        const auto key = parse_key_name(entry.keys[k]);
        if (const auto reserved = reserved_control_key(entry.keys[k]))
            return KeyRefusal{e, k, concat("\"", entry.keys[k], "\" cannot be a key: ", *reserved)};
        if (!key)
            return KeyRefusal{e, k, concat("\"", entry.keys[k], "\" is not a key name; fetaix config lists them")};
        // At a prompt a printable key types itself: only named and control keys can edit.
        if (kActions[row].contexts == kAtPrompt && key->name == Key::Name::Char && key->ch >= ' ')
            return KeyRefusal{e, k,
                              concat("\"", entry.keys[k],
                                     "\" types itself at the prompt; a prompt action takes a named key")};
        if (std::none_of(keys.begin(), keys.end(), [&](const Key& x) { return same_key(x, *key); }))
            keys.push_back(*key);
    }
    return std::nullopt;
}

// An action set by an entry whose key another action in the same places also has.
struct KeyConflict {
    std::size_t action;
    std::optional<std::size_t> key;  // which of the entry's key names it was, for the message's line and column
    std::string why;
};

// The actions set by entries that share a key with another action, each once.
std::vector<KeyConflict> key_conflicts(const KeyMap& map, const std::vector<std::optional<std::size_t>>& set_by,
                                       const std::vector<KeyRebinding>& entries) {
    std::vector<KeyConflict> found;
    for (std::size_t a = 0; a < kKeyed; ++a)
        for (std::size_t b = 0; b < kKeyed; ++b) {
            if (a == b || (kActions[a].contexts & kActions[b].contexts) == 0 || !set_by[a]) continue;
            for (const Key& key : map.keys(a)) {
                const auto& other = map.keys(b);
                if (std::none_of(other.begin(), other.end(), [&](const Key& x) { return same_key(x, key); })) continue;
                if (std::any_of(found.begin(), found.end(), [&](const KeyConflict& d) { return d.action == a; }))
                    continue;
                const std::vector<std::string>& names = entries[*set_by[a]].keys;
                std::optional<std::size_t> at;
                for (std::size_t k = 0; k < names.size() && !at; ++k)
                    if (const auto named = parse_key_name(names[k]); named && same_key(*named, key)) at = k;
                found.push_back({a, at, concat("\"", key_name(key), "\" is also ", kActions[b].name, "'s key")});
            }
        }
    return found;
}

}  // namespace

KeyMapRead rebind(const std::vector<KeyRebinding>& entries) {
    KeyMapRead read;
    // Which entry set each action's keys, once it is applied.
    std::vector<std::optional<std::size_t>> set_by(kKeyed);
    for (std::size_t e = 0; e < entries.size(); ++e) {
        const KeyRebinding& entry = entries[e];
        const auto row = find_key_action(entry.action);
        std::vector<Key> keys;
        std::optional<KeyRefusal> refusal = action_refusal(entry, e, row);
        if (!refusal) refusal = entry_keys(entry, e, *row, keys);
        if (refusal) {
            read.refused.push_back(*refusal);
            continue;
        }
        read.map.set(*row, std::move(keys));
        set_by[*row] = e;  // a later entry for the same action wins, as the last of two would
    }
    // Conflicts: each entry involved goes back to its defaults, which may make others; until none is left.
    // The defaults have none (a unit test checks), so each round drops at least one entry and it ends.
    const KeyMap defaults;
    for (bool again = true; again;) {
        again = false;
        for (const auto& [action, at, why] : key_conflicts(read.map, set_by, entries)) {
            read.refused.push_back({*set_by[action], at, why});
            read.map.set(action, defaults.keys(action));
            set_by[action].reset();
            again = true;
        }
    }
    std::stable_sort(read.refused.begin(), read.refused.end(),
                     [](const KeyRefusal& x, const KeyRefusal& y) { return x.entry < y.entry; });
    return read;
}

std::string keys_markdown() {
    std::string out = "| action | default keys | what it does |\n| --- | --- | --- |\n";
    for (const KeyAction& action : key_actions()) {
        std::string keys;
        for (const Key& k : default_keys_of(action)) {
            std::string shown = quoted_key(k, "`", "`");
            if (shown == "`|`") shown = "`\\|`";  // a bar would end the table's cell
            keys += concat(keys.empty() ? "" : " ", shown);
        }
        out += concat("| `", action.name, "` | ", keys, " | ", action.description, " |\n");
    }
    return out;
}

std::string keys_man() {
    std::string out;
    for (const KeyAction& action : key_actions()) {
        std::string keys;
        for (const Key& k : default_keys_of(action)) {
            std::string shown = key_name(k);
            // Backslashes and a leading dot or quote mean something to troff.
            if (shown == "\\") shown = "\\e";
            keys += concat(keys.empty() ? "" : " ", shown);
        }
        out += concat(".TP\n.B ", action.name, "\n", keys.front() == '.' || keys.front() == '\'' ? "\\&" : "", keys,
                      ": ", action.description, ".\n");
    }
    return out;
}

}  // namespace fetaix::front
