// Replays a fuzz target's seed corpus without libFuzzer, so every ctest run (with any compiler, and under
// the sanitizers in CI) checks the target's properties on each seed. Usage: fuzz_replay_X FOLDER...
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
    int replayed = 0;
    for (int i = 1; i < argc; ++i) {
        std::error_code error;
        for (const auto& entry : std::filesystem::directory_iterator(argv[i], error)) {
            if (!entry.is_regular_file()) continue;
            std::ifstream in(entry.path(), std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            // A failed property aborts inside the target: ctest then reports the crash.
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++replayed;
        }
        if (error) {
            std::fprintf(stderr, "fuzz replay: cannot read %s: %s\n", argv[i], error.message().c_str());
            return 1;
        }
    }
    // An empty corpus would make this test pass while checking nothing.
    if (replayed == 0) {
        std::fprintf(stderr, "fuzz replay: no seed found\n");
        return 1;
    }
    std::printf("fuzz replay: %d seeds, no failure\n", replayed);
    return 0;
}
