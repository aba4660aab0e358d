#pragma once
// The book of proven positions compiled into the program: data/proven.book, made from checked proofs
// by `fetaix solve --book` (docs/solution.md). The engine plays from it at the levels that play their best.

#include <string_view>

#include <fetaix/solve/book.hpp>

namespace fetaix::solving {

// The book's bytes as compiled in.
std::string_view proven_book_bytes();
// The book, viewed in place at the first call; empty if its head does not read (the test of the
// shipped book says why, and checks every entry).
const book::Book& proven_book();

}  // namespace fetaix::solving
