#pragma once
// The keys of the game by action: one table of named actions, each with its default keys, where it acts
// and what it does. The key map (map_key), the help page, the key line, every message that names a key,
// `fetaix config` and the docs' key tables are all made from it; [keys] in the settings file remaps it.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input.hpp"

namespace fetaix::tui {

// Where a key acts, as a set of bits: two actions may share a key only where they never both act.
enum KeyContext : std::uint8_t {
    kOnBoard = 1,      // InputMode::Board
    kStepping = 2,     // Replay and Browse: the cursor-left/right keys step, cursor-up-left/down-left go to the ends
    kAtPrompt = 4,     // the prompts of :, s and o; printable keys type themselves there
    kAsked = 8,        // a yes/no question
    kReading = 16,     // while o reads a file
    kTooSmall = 32,    // the terminal is too small to show the game
    kEverywhere = 63,
};

// One row of the table.
struct KeyAction {
    std::string_view name;         // its key in [keys]: "undo"
    Action::Kind kind;
    ScreenDirection direction;     // for MoveCursor
    PromptEdit edit;               // for PromptEdit
    std::uint8_t contexts;         // KeyContext bits
    std::string_view defaults;     // key names, separated by spaces: "Left h"
    std::string_view description;  // for the help page and `fetaix config`: "move the cursor left"
};

// Every action of the game, in the order the help page and `fetaix config` list them.
std::span<const KeyAction> key_actions();
// The row of the action named `name`, if there is one.
std::optional<std::size_t> find_key_action(std::string_view name);

// A key by name: one printable ASCII character stands for itself ("u", "?", "R"); the named keys are
// Up Down Left Right Home End PgUp PgDn Enter Esc Backspace Delete Space Tab and Ctrl-A to Ctrl-Z
// (not Ctrl-C and Ctrl-Z, which the terminal turns into signals, Ctrl-S and Ctrl-Q, which it keeps to
// stop and restart the screen, nor Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M, which are Backspace, Tab and
// Enter); names are matched whatever their case.
std::optional<Key> parse_key_name(std::string_view name);
// Why a control key the terminal keeps for itself (Ctrl-C, Ctrl-S ...) cannot be one of the game's keys.
std::optional<std::string> reserved_control_key(std::string_view name);
// A key's name as parse_key_name reads it and the screen shows it: "u", "Left", "Space", "Ctrl-L".
std::string key_name(const Key& key);
// What parse_key_name takes, for `fetaix config`.
inline constexpr std::string_view kKeyNames =
    "a character, or Up, Down, Left, Right, Home, End, PgUp, PgDn, Enter, Esc, Backspace, Delete, Space, Tab, "
    "Ctrl-A to Ctrl-Z (not Ctrl-C, Ctrl-H, Ctrl-I, Ctrl-J, Ctrl-M, Ctrl-Q, Ctrl-S or Ctrl-Z)";

// The keys in force for each action.
class KeyMap {
public:
    // The defaults of the table.
    KeyMap();
    const std::vector<Key>& keys(std::size_t action) const { return keys_[action]; }
    // The action `key` stands for where `context` applies.
    std::optional<std::size_t> find(const Key& key, KeyContext context) const;
    // The first key of the action named `name`, as text names it ("u", "Esc"): what a message says to press.
    std::string first(std::string_view name) const;
    // All the keys of the action named `name`, separated by `between`: "Left h".
    std::string all(std::string_view name, std::string_view between = " ") const;
    // Whether any action has keys other than its defaults.
    bool remapped() const;
    void set(std::size_t action, std::vector<Key> keys) { keys_[action] = std::move(keys); }

private:
    std::vector<std::vector<Key>> keys_;  // by row of key_actions()
};

// The defaults, for callers that have no settings (tests, the replay).
const KeyMap& default_keys();

// One entry of [keys] as the settings file wrote it: an action and one or more key names.
struct KeyRebinding {
    std::string action;
    std::vector<std::string> keys;
};
// An entry left out, and why ("\"r\" is also redo's key"); `key` is which of its key names, when one is at fault.
struct KeyRefusal {
    std::size_t entry;
    std::optional<std::size_t> key;
    std::string reason;
};
struct KeyMapRead {
    KeyMap map;
    std::vector<KeyRefusal> refused;
};
// The defaults with these entries applied. An entry with an unknown action or key name, none, or a
// printable key for a prompt action is left out; so is any that gives a key to two actions acting in the
// same place (two entries, or an entry and a default not moved away), until no such conflict is left.
KeyMapRead rebind(const std::vector<KeyRebinding>& entries);

// The table of actions and their default keys for the docs, as Markdown (README.md) and as man page
// source (docs/fetaix.6): a test checks that each of them holds it.
std::string keys_markdown();
std::string keys_man();

}  // namespace fetaix::tui
