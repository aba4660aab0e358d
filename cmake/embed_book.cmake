# Turns the book of proven positions (IN: data/proven.book) into C++ string literals, one a line (OUT),
# for src/cli/proven_book.cpp: a literal a line keeps each well under the length compilers must take.
file(READ "${IN}" text)
string(STRIP "${text}" text)
string(REPLACE "\n" "\",\n\"" text "${text}")
file(WRITE "${OUT}.tmp" "\"${text}\",\n")
file(RENAME "${OUT}.tmp" "${OUT}")
