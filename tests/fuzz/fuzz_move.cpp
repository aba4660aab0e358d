// libFuzzer target: move notation. The first byte picks a position and rules; the rest is the move.
// Whatever parses must be a legal move whose notation parses back to the same move.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <fetaix/fetaix.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const char* const kPositions[] = {
        "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5",
        "W:WKa1:Bc3,d2,a3",
        "W:Wc1:Bc2,d3,b3,a5",
        "W:Wc3:Bc4,d5,c2",
        "B:Wb2,c2,Kd4:Bc4,b5,Ke5",
        "W:WKa1,a3:Bb2,c3,Kc1,Kd1",
    };
    const std::uint8_t pick = data[0];
    const fetaix::Position position = *fetaix::parse_fen(kPositions[pick % 6]);
    static const std::vector<fetaix::Rules> kCombinations = fetaix::every_rule_combination();
    const fetaix::Rules rules = kCombinations[(pick >> 3) % kCombinations.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto move = fetaix::parse_move(text, position, rules);
    if (!move) return 0;
    bool legal = false;
    for (const fetaix::Move& m : fetaix::legal_moves(position, rules)) legal = legal || m == *move;
    auto again = fetaix::parse_move(fetaix::to_string(*move), position, rules);
    if (!legal || !again || !(*again == *move)) std::abort();
    return 0;
}
