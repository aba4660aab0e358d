#include "cli/proven_book.hpp"

#include <iterator>

namespace fetaix::cli {

namespace {
constexpr const char* kLines[] = {
#include "proven_book.inc"
};
}  // namespace

std::string proven_book_text() {
    std::string text;
    for (const char* line : kLines) text += concat(line, "\n");
    return text;
}

const book::Book& proven_book() {
    static const book::Book book = [] {
        auto parsed = book::parse(proven_book_text());
        return parsed ? std::move(*parsed) : book::Book{};
    }();
    return book;
}

}  // namespace fetaix::cli
