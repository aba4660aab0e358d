#pragma once
// The registry of the game's actions: one table of named actions, each with its default keys, where its
// keys act, what it does, the word that types it and where in the game it is allowed. The key map
// (map_key), the help page, the key line, every message that names a key or a word, `fetaix config`, the
// docs' key tables, the screen-reader mode's words and its help, and the refusals of an action where it is
// not allowed are all made from it; [keys] in the settings file remaps its keys.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "input.hpp"

namespace fetaix::front {

// Where a key acts, as a set of bits: two actions may share a key only where they never both act.
enum KeyContext : std::uint8_t {
    kOnBoard = 1,    // InputMode::Board
    kStepping = 2,   // Replay and Browse: the cursor-left/right keys step, cursor-up-left/down-left go to the ends
    kAtPrompt = 4,   // the prompts of :, s and o; printable keys type themselves there
    kAsked = 8,      // a yes/no question
    kReading = 16,   // while o reads a file
    kTooSmall = 32,  // the terminal is too small to show the game
    kEverywhere = 63,
};

// Where in the game an action is allowed, as a set of bits; outside them it is refused, saying why.
enum GameContext : std::uint8_t {
    kInLocalGame = 1,  // a game at this keyboard
    kAtSeat = 2,       // a seat of a game over the network
    kWatching = 4,     // watching a game over the network
    kLookingBack = 8,  // an earlier position browsed, or a game only looked at (a replay, read-only)
    kWhileAsked = 16,  // typed while a question waits for its answer (keys then only answer it)
    kPlaying = kInLocalGame | kAtSeat,
    kAnyGame = kInLocalGame | kAtSeat | kWatching,
    kAlways = kAnyGame | kLookingBack,
};

// One row of the table.
struct KeyAction {
    std::string_view name;           // its key in [keys]: "undo"; typed too, for an action that has words
    Action::Kind kind;               // None: an action only typed, which the screen-reader mode answers itself
    ScreenDirection direction;       // for MoveCursor
    PromptEdit edit;                 // for PromptEdit
    std::uint8_t contexts;           // KeyContext bits; 0: no key, only typed
    std::string_view defaults;       // key names, separated by spaces: "Left h"
    std::string_view description;    // for the help page and `fetaix config`: "move the cursor left"
    std::uint8_t allowed = kAlways;  // GameContext bits
    // Typed in the screen-reader mode: its words, separated by spaces, the first the one its help and
    // messages name ("yes y"); "" with `said` set: the line is not a word (a move); "" without: not typed.
    std::string_view words = "";
    std::string_view takes = "";  // what may follow the word: "FILE"
    std::string_view said = "";   // what it does, for the screen-reader mode's help: "take back the last move"
    std::uint8_t help_line = 0;   // where that help lists it, from 1; 0: not there
};

// Every action of the game: those with keys first, in the order the help page and `fetaix config` list
// them, then those only typed.
std::span<const KeyAction> actions();
// The actions with keys: the first rows of actions(), numbered alike.
std::span<const KeyAction> key_actions();
// The row of the action with keys named `name`, if there is one.
std::optional<std::size_t> find_key_action(std::string_view name);
// The row of the action that `action` is (its kind, and its direction or edit where they tell rows apart),
// if a row has it.
std::optional<std::size_t> row_of(const Action& action);
// Whether the action is allowed where `context` applies (an action no row has is not restricted).
bool allowed_in(const Action& action, GameContext context);

// The rows that are typed in the screen-reader mode, in the order its help lists them.
std::vector<std::size_t> typed_actions();
// The typed action `word` stands for, whatever its case: one of its words, or its name ("new-game").
std::optional<std::size_t> find_typed(std::string_view word);
// The word that types the action named `name`, as its help and messages name it: "help".
std::string_view word_of(std::string_view name);
// The screen-reader mode's help line of a typed row: "save FILE: save the game to a file ...", "resign".
std::string typed_help(const KeyAction& action);
// The words typed where `context` applies (answers left out), as a list: "board, moves, save and quit".
std::string words_allowed(GameContext context);

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

}  // namespace fetaix::front
