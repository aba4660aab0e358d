#include <cstdio>

#include <fetaix/fetaix.hpp>
#include <fetaix/perft.hpp>

int main() {
    const auto moves = fetaix::legal_moves(fetaix::start_position(), {});
    std::printf("fetaix %s: %zu legal moves, perft(3) = %llu\n", fetaix::kVersion, moves.size(),
                static_cast<unsigned long long>(fetaix::perft(fetaix::start_position(), 3, {})));
    return moves.size() == 4 ? 0 : 1;
}
