// libFuzzer target: the FEN parser. Whatever it accepts must format and parse back to the same position.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <fetaix/fetaix.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto position = fetaix::parse_fen(text);
    if (!position) return 0;
    auto again = fetaix::parse_fen(fetaix::to_fen(*position));
    if (!again || !(*again == *position)) std::abort();
    return 0;
}
