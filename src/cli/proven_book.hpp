#pragma once
// The book of proven positions compiled into the program: data/proven.book, made from checked proofs
// by `fetaix solve --book` (docs/solution.md). The engine plays from it at the levels that play their best.

#include <string>

#include <fetaix/book.hpp>

namespace fetaix::cli {

// The book's text as compiled in.
std::string proven_book_text();
// The book, read once; empty if its text does not read (the test of the shipped book says why).
const book::Book& proven_book();

}  // namespace fetaix::cli
