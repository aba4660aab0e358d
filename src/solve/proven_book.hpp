#pragma once
// The books of proven positions compiled into the program, one per rule set with a proof: data/proven.book
// (the default rules) and data/books/<rules>.book, each made from checked proofs by `fetaix solve --book`
// (docs/solution.md, docs/variants.md). The engine plays from the one for the game's rules at the levels
// that play their best.

#include <span>
#include <string_view>

#include <fetaix/rules.hpp>
#include <fetaix/solve/book.hpp>

namespace fetaix::solving {

// A book as compiled in: its file under data/ and its bytes.
struct ShippedBook {
    std::string_view file;
    std::string_view bytes;
};
std::span<const ShippedBook> shipped_books();

// The book for these rules (the count of no-progress plies aside), viewed in place at the first call;
// none if no book is shipped for them, or if its head does not read (the test of the shipped books says
// why, and checks every entry).
const book::Book* proven_book(const Rules& rules);
// The default rules' book (data/proven.book); empty if its head does not read.
const book::Book& proven_book();

}  // namespace fetaix::solving
