// libFuzzer target: the network message parser (src/net/protocol.hpp). Each line of the input is parsed;
// every message it accepts must format to a line within the limit that parses back to the same message,
// and every error must make a valid error line.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "net/protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace fetaix::net;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    while (!rest.empty()) {
        const std::size_t nl = rest.find('\n');
        const std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        auto message = parse(line);
        if (!message) {
            const std::string answer = error_line(message.error().describe());
            auto back = parse(answer);
            if (!back || answer.size() + 1 > kMaxLineBytes || !std::holds_alternative<ErrorMessage>(*back))
                std::abort();
            continue;
        }
        const std::string again = format(*message);
        auto back = parse(again);
        if (!back || !(*back == *message) || format(*back) != again) std::abort();
    }
    return 0;
}
