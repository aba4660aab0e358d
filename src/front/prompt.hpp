#pragma once
// The line typed at a prompt (:, s, o), edited as a shell edits its line: the cursor moves within it,
// words and the start are cut, earlier entries come back with Up and Down, and Tab completes a move.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::front {

// The longest text the prompt takes: a path of PATH_MAX bytes fits.
inline constexpr std::size_t kMaxPromptBytes = 4096;

// What the one-line prompt is for.
enum class PromptKind { Move, Save, Open, Chat };

// What an editing key does to the line.
enum class PromptEdit {
    Left,        // Left: one character back
    Right,       // Right: one character on
    Home,        // Home, Ctrl-A: to the start
    End,         // End, Ctrl-E: to the end
    Erase,       // Backspace: the character before the cursor
    Delete,      // Delete: the character under the cursor
    CutToStart,  // Ctrl-U: everything before the cursor
    CutWord,     // Ctrl-W: the word before the cursor, and the spaces after it
    Older,       // Up: the entry before in this prompt's history
    Newer,       // Down: the entry after, and past the last the line being typed
    Complete,    // Tab: complete a move
};

// The text and the cursor, a byte offset into it (the prompt takes printable ASCII only).
struct PromptLine {
    std::string text;
    std::size_t cursor = 0;
    friend bool operator==(const PromptLine&, const PromptLine&) = default;
};

// A line holding text with the cursor at its end.
inline PromptLine line_of(std::string text) {
    const std::size_t end = text.size();
    return {std::move(text), end};
}

// The line after typing c at the cursor; a line already `limit` bytes long is left as it is.
PromptLine type_char(PromptLine line, char c, std::size_t limit);

// The line after an editing key that needs nothing else (not Older, Newer or Complete).
PromptLine edit(PromptLine line, PromptEdit e);

// Earlier entries of one prompt, oldest first, and where Up and Down have got to in them.
class PromptHistory {
public:
    // Keeps an entry submitted (not a repeat of the last) and goes back to the line being typed.
    void add(const std::string& entry);
    // The entry before (Older) or after (Newer) the one shown; past the newest, the line that was being
    // typed when Up was first pressed. Nothing changes at either end.
    PromptLine step(const PromptLine& shown, PromptEdit direction);
    // A new prompt starts at the line being typed.
    void restart() { position_ = entries_.size(); }

private:
    static constexpr std::size_t kKept = 50;
    std::vector<std::string> entries_;
    std::size_t position_ = 0;  // entries_.size(): the line being typed
    std::string draft_;
};

// The one-line prompt: whether it is open, what it is for, the line typed (within kMaxPromptBytes) and
// each kind's history. What an entered line does (a move played, a file saved) is the controller's.
class Prompt {
public:
    bool is_open() const { return open_; }
    PromptKind kind() const { return kind_; }
    const std::string& text() const { return line_.text; }
    std::size_t cursor() const { return line_.cursor; }
    const PromptLine& line() const { return line_; }

    // Opens the prompt `kind` with `text`, the cursor at its end; Up starts again from the newest entry.
    // `offered`: the text is a suggestion (the save prompt's name), which the first character typed
    // replaces, as a selected field's text is; any editing key first keeps it to edit.
    void open(PromptKind kind, std::string text, bool offered = false);
    bool offered() const { return offered_; }
    // Closes it, the text dropped.
    void close();
    // Puts `line` in place of the line typed.
    void set_line(PromptLine line);
    // Types `c` at the cursor. A full line keeps its text: returns how many characters have been dropped
    // since the line last changed, this one included (0: typed).
    std::size_t type(char c);
    // An editing key: Up and Down step through this kind's history, the others edit the line (Complete
    // is the controller's: it needs the legal moves).
    void edit(PromptEdit e);
    // The line as entered: kept in this kind's history (whether it works or not: a refused move or name
    // is most often corrected, not retyped). The prompt stays open.
    std::string enter();

private:
    bool open_ = false;
    PromptKind kind_ = PromptKind::Move;
    PromptLine line_;
    std::array<PromptHistory, 4> history_;  // by PromptKind: what was entered before
    std::size_t dropped_ = 0;               // characters typed into the full line since it last changed
    bool offered_ = false;                  // the text is a suggestion not yet typed into or edited
};

// Tab on the move prompt: the text before the cursor is the beginning of a move in notation.
struct Completion {
    PromptLine line;                   // completed as far as every matching move agrees
    std::vector<std::string> choices;  // the matching moves, when more than one
};
Completion complete_move(const PromptLine& line, const MoveList& legal);

}  // namespace fetaix::front
