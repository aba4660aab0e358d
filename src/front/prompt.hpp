#pragma once
// The line typed at a prompt (:, s, o), edited as a shell edits its line: the cursor moves within it,
// words and the start are cut, earlier entries come back with Up and Down, and Tab completes a move.

#include <cstddef>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::front {

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

// Tab on the move prompt: the text before the cursor is the beginning of a move in notation.
struct Completion {
    PromptLine line;                   // completed as far as every matching move agrees
    std::vector<std::string> choices;  // the matching moves, when more than one
};
Completion complete_move(const PromptLine& line, const MoveList& legal);

}  // namespace fetaix::front
