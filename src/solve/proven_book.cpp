#include "solve/proven_book.hpp"

// The file's bytes as they are, by the assembler: no conversion to source, no copy at start.
// FETAIX_PROVEN_BOOK is its path as a string (CMakeLists.txt). The book sits alone between 2 MB
// boundaries: the kernel may map a file's pages in folios of up to 2 MB at a fault, and a folio shared
// with the program's other constants would bring half a megabyte of the book into every game.
__asm__(
    ".section .rodata\n"
    ".balign 0x200000\n"
    "fetaix_proven_book_begin:\n"
    ".incbin \"" FETAIX_PROVEN_BOOK
    "\"\n"
    "fetaix_proven_book_end:\n"
    ".balign 0x200000\n"
    ".previous\n");
extern "C" const char fetaix_proven_book_begin[];
extern "C" const char fetaix_proven_book_end[];

namespace fetaix::solving {

std::string_view proven_book_bytes() {
    return {fetaix_proven_book_begin, static_cast<std::size_t>(fetaix_proven_book_end - fetaix_proven_book_begin)};
}

// Viewed, not checked: checking reads every page, and the shipped book is checked by its test instead
// (tests/test_book.cpp); a lookup reads only the pages its binary search visits.
const book::Book& proven_book() {
    static const book::Book book = [] {
        auto viewed = book::Book::view(proven_book_bytes());
        return viewed ? std::move(*viewed) : book::Book{};
    }();
    return book;
}

}  // namespace fetaix::solving
