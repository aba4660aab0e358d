// libFuzzer target: the PDN reader. Every record it accepts must format and read back to the same
// rules, start, moves and redo line.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <fetaix/fetaix.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto records = fetaix::parse_pdn(text);
    if (!records) return 0;
    for (const fetaix::GameRecord& record : *records) {
        const fetaix::Game game = fetaix::to_game(record);
        auto again = fetaix::parse_pdn(fetaix::format_pdn(game, record.tags, true));
        if (!again || again->size() != 1) std::abort();
        const fetaix::GameRecord& back = again->front();
        if (!(back.rules == record.rules) || !(back.start == record.start) || back.moves != record.moves ||
            back.redo != record.redo)
            std::abort();
    }
    return 0;
}
