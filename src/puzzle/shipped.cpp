#include "puzzle/play.hpp"

// data/puzzles.txt as it is, by the assembler (as the proven book, src/solve/proven_book.cpp): the
// program plays its puzzles from any folder, with nothing installed beside it. FETAIX_PUZZLES is the
// file's path as a string (CMakeLists.txt).
__asm__(
    ".section .rodata\n"
    "fetaix_shipped_puzzles_begin:\n"
    ".incbin \"" FETAIX_PUZZLES
    "\"\n"
    "fetaix_shipped_puzzles_end:\n"
    ".previous\n");
extern "C" const char fetaix_shipped_puzzles_begin[];
extern "C" const char fetaix_shipped_puzzles_end[];

namespace fetaix::puzzle {

std::string_view shipped_text() {
    return {fetaix_shipped_puzzles_begin,
            static_cast<std::size_t>(fetaix_shipped_puzzles_end - fetaix_shipped_puzzles_begin)};
}

}  // namespace fetaix::puzzle
