// Self-play tuning of the evaluation weights: weight set A against set B at a fixed node budget, from
// random openings with colours alternating. Build: g++ -std=c++20 -O2 -Iinclude scripts/tune/tune.cpp
// Usage: tune GAMES NODES KEY=VALUE... (the changes for A; B keeps the defaults)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include <fetaix/fetaix.hpp>

using namespace fetaix;

int main(int argc, char** argv) {
    if (argc < 3) return 2;
    const int games = std::atoi(argv[1]);
    const std::uint64_t nodes = std::strtoull(argv[2], nullptr, 10);
    engine::Weights a, b;
    for (int i = 3; i < argc; ++i) {
        const std::string kv = argv[i];
        const std::string key = kv.substr(0, kv.find('='));
        const int v = std::atoi(kv.substr(kv.find('=') + 1).c_str());
        if (key == "mullah") a.mullah = v;
        else if (key == "mobility") a.mobility = v;
        else if (key == "edge") a.safe_edge = v;
        else if (key == "hanging") a.hanging = v;
        else if (key == "advance") a.advancement = {0, v / 5, v / 2, v};
        else return 2;
    }
    double sum = 0, sq = 0;
    int w = 0, d = 0, l = 0;
    engine::Search sa(1u << 16), sb(1u << 16);
    sa.set_weights(a);
    sb.set_weights(b);
    for (int g = 0; g < games; ++g) {
        std::mt19937_64 rng(12345 + g / 2);
        Game game;
        for (int i = 0; i < 6 && !game.over(); ++i) {
            const MoveList ms = game.legal_moves();
            game.play(ms[rng() % ms.size()]);
        }
        const bool a_white = g % 2 == 0;
        sa.clear();
        sb.clear();
        while (!game.over() && game.ply() < 300) {
            const bool a_moves = (game.position().side_to_move == Color::White) == a_white;
            engine::Search& s = a_moves ? sa : sb;
            s.set_noise(5, g * 31 + game.ply());
            engine::Limits lim;
            lim.nodes = nodes;
            const auto r = s.run(game.position(), game.rules(), engine::history_of(game), lim);
            game.play(r.best);
        }
        const auto res = game.result().outcome;
        double score = 0.5;
        if (res == Outcome::WhiteWins) score = a_white ? 1 : 0;
        if (res == Outcome::BlackWins) score = a_white ? 0 : 1;
        (score == 1 ? w : score == 0 ? l : d)++;
        sum += score;
        sq += score * score;
    }
    const double m = sum / games;
    std::printf("A(%s...) vs defaults: +%d =%d -%d  score %.1f%% +- %.1f%%\n", argc > 3 ? argv[3] : "", w, d, l, 100 * m,
                196 * std::sqrt(std::max(0.0, sq / games - m * m) / games));
}
