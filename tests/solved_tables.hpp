#pragma once
// The endgame tables of up to n pieces under the default rules, solved once per test process (3 pieces
// take a few milliseconds, 4 about a second in the Release build): the values the tests expect come
// from them, never from the code under test.

#include <fetaix/fetaix.hpp>
#include <fetaix/solve/tablebase.hpp>

namespace fetaix::test {

inline const tablebase::Set& solved_tables(int pieces) {
    auto solve_up_to = [](int n) {
        tablebase::Set s;
        for (const tablebase::Material& m : tablebase::stored_materials_up_to(n))
            s.add(tablebase::solve(m, Rules{}, s).value());
        return s;
    };
    // One set per size, each solved when first asked for.
    if (pieces <= 3) {
        static const tablebase::Set three = solve_up_to(3);
        return three;
    }
    static const tablebase::Set four = solve_up_to(4);
    return four;
}

}  // namespace fetaix::test
