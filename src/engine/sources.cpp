#include "engine/sources.hpp"

#include "engine/built_tables.hpp"
#include "solve/proven_book.hpp"

namespace fetaix::engine {

Sources from_files() {
    return {[] { return std::make_unique<BuiltTables>(); },
            [](const Rules& rules) { return solving::proven_book(rules); }};
}

}  // namespace fetaix::engine
