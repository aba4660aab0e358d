#pragma once
// Where the engine's endgame tables and book come from, in one place for every front end and command:
// the curses game, the screen-reader mode and analyze all play with the same tables and book.

#include <functional>
#include <memory>

#include <fetaix/engine/tables.hpp>
#include <fetaix/solve/book.hpp>

namespace fetaix::engine {

// Both are made by whoever owns the search, when it first searches (a game between two people reads
// neither): the tables as read from their files, the book of proven positions for the game's rules
// (none where no book is shipped for them).
struct Sources {
    std::function<std::unique_ptr<Tables>()> make_tables;
    std::function<const book::Book*(const Rules&)> book;
};

// The tables built under $XDG_DATA_HOME/fetaix/tablebases/ (BuiltTables) and the books compiled in.
Sources from_files();

}  // namespace fetaix::engine
