#include "solve/proven_book.hpp"

#include <array>
#include <vector>

// The files' bytes as they are, by the assembler: no conversion to source, no copy at start.
// FETAIX_DATA_DIR is the data folder's path as a string (CMakeLists.txt). The books sit together between
// 2 MB boundaries: the kernel may map a file's pages in folios of up to 2 MB at a fault, and a folio
// shared with the program's other constants would bring half a megabyte of a book into every game.
#define FETAIX_BOOK(n, file) \
    "fetaix_book_" #n "_begin:\n.incbin \"" FETAIX_DATA_DIR "/" file "\"\nfetaix_book_" #n "_end:\n"
#define FETAIX_BOOK_FILES(X)                                                  \
    X(0, "proven.book")                                                       \
    X(1, "books/backward-captures=no,promotion=end,majority=yes.book")        \
    X(2, "books/backward-captures=no,promotion=immediate,majority=no.book")   \
    X(3, "books/backward-captures=no,promotion=immediate,majority=yes.book")  \
    X(4, "books/backward-captures=no,promotion=stop,majority=no.book")        \
    X(5, "books/backward-captures=no,promotion=stop,majority=yes.book")       \
    X(6, "books/backward-captures=yes,promotion=end,majority=no.book")        \
    X(7, "books/backward-captures=yes,promotion=end,majority=yes.book")       \
    X(8, "books/backward-captures=yes,promotion=immediate,majority=no.book")  \
    X(9, "books/backward-captures=yes,promotion=immediate,majority=yes.book") \
    X(10, "books/backward-captures=yes,promotion=stop,majority=no.book")      \
    X(11, "books/backward-captures=yes,promotion=stop,majority=yes.book")
// fetaix_books_begin and _end mark them all (tests/e2e/lib.sh counts their pages in memory).
__asm__(".section .rodata\n.balign 0x200000\nfetaix_books_begin:\n" FETAIX_BOOK_FILES(
    FETAIX_BOOK) "fetaix_books_end:\n.balign 0x200000\n.previous\n");
#define FETAIX_BOOK_LABELS(n, file)                  \
    extern "C" const char fetaix_book_##n##_begin[]; \
    extern "C" const char fetaix_book_##n##_end[];
FETAIX_BOOK_FILES(FETAIX_BOOK_LABELS)

namespace fetaix::solving {

std::span<const ShippedBook> shipped_books() {
#define FETAIX_BOOK_ENTRY(n, file) \
    ShippedBook{file,              \
                {fetaix_book_##n##_begin, static_cast<std::size_t>(fetaix_book_##n##_end - fetaix_book_##n##_begin)}},
    static const std::array books{FETAIX_BOOK_FILES(FETAIX_BOOK_ENTRY)};
    return books;
}

// Viewed, not checked: checking reads every page, and the shipped books are checked by their test instead
// (tests/test_book.cpp); a lookup reads only the pages its binary search visits.
const book::Book* proven_book(const Rules& rules) {
    static const std::vector<book::Book> books = [] {
        std::vector<book::Book> viewed;
        for (const ShippedBook& b : shipped_books())
            if (auto v = book::Book::view(b.bytes)) viewed.push_back(std::move(*v));
        return viewed;
    }();
    for (const book::Book& b : books)
        if (b.applies(rules)) return &b;
    return nullptr;
}

const book::Book& proven_book() {
    static const book::Book empty;
    const book::Book* b = proven_book(Rules{});
    return b ? *b : empty;
}

}  // namespace fetaix::solving
