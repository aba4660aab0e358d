// Self-play tuning of the evaluation weights: weight set A against the defaults at a fixed node budget,
// from the balanced openings `fetaix match` uses, each played with both colours, on two threads.
// Build: g++ -std=c++20 -O2 -Iinclude scripts/tune/tune.cpp -o tune -pthread
// Usage: tune GAMES NODES KEY=VALUE... (the changes for A; keys: man mullah mobility edge hanging
// advance=A1,A2,A3,A4 and any further keys Weights has)
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fetaix/engine/engine.hpp>
#include <fetaix/fetaix.hpp>

using namespace fetaix;

namespace {

bool apply(engine::Weights& w, const std::string& key, const std::string& value) {
    std::vector<int> v;
    std::stringstream in(value);
    for (std::string item; std::getline(in, item, ',');) v.push_back(std::atoi(item.c_str()));
    if (v.empty()) return false;
    if (key == "man") w.man = v[0];
    else if (key == "mullah") w.mullah = v[0];
    else if (key == "mobility") w.mobility = v[0];
    else if (key == "edge") w.safe_edge = v[0];
    else if (key == "hanging") w.hanging = v[0];
    else if (key == "advance" && v.size() == 4) w.advancement = {v[0], v[1], v[2], v[3]};
    else return false;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    engine::MatchSettings settings;
    settings.games = std::atoll(argv[1]);
    const std::uint64_t nodes = std::strtoull(argv[2], nullptr, 10);
    engine::Weights a;
    std::string changes;
    for (int i = 3; i < argc; ++i) {
        const std::string kv = argv[i];
        if (kv.find('=') == std::string::npos || !apply(a, kv.substr(0, kv.find('=')), kv.substr(kv.find('=') + 1))) {
            std::fprintf(stderr, "tune: bad change '%s'\n", argv[i]);
            return 2;
        }
        changes += (changes.empty() ? "" : " ") + kv;
    }
    const std::vector<engine::Opening> openings = engine::choose_openings(settings);
    std::vector<engine::MatchGame> results(static_cast<std::size_t>(settings.games));
    std::atomic<long long> next{0};
    auto worker = [&] {
        engine::Search sa(1u << 16), sb(1u << 16);
        sa.set_weights(a);
        engine::Limits limits;
        limits.nodes = nodes;
        for (long long g; (g = next++) < settings.games;) {
            sa.clear();
            sb.clear();
            results[static_cast<std::size_t>(g)] = engine::play_from(
                openings[static_cast<std::size_t>(g / 2)], g, settings.max_plies, [&](const Game& game, bool a_moves) {
                    return (a_moves ? sa : sb).run(game.position(), game.rules(), engine::history_of(game), limits);
                });
        }
    };
    std::thread helper(worker);
    worker();
    helper.join();
    const engine::MatchSummary sum = engine::summarize(results);
    std::printf("A(%s) vs defaults, %lld games at %llu nodes: +%lld =%lld -%lld  score %.1f%% +- %.1f%%\n",
                changes.c_str(), settings.games, static_cast<unsigned long long>(nodes), sum.wins, sum.draws,
                sum.losses, 100 * sum.score, 100 * sum.margin);
}
