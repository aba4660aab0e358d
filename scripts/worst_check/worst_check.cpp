// The search for the slowest majority check of one written move (docs/performance.md, "Checking heavy
// records"): random positions, then hill climbing from the slowest. Each position is scored by the work
// of checking its first legal move written in full and as its shortest unique beginning, as match_path
// does it under majority: states entered plus landing points tried by the longest-capture walks (a
// count that does not depend on the host's load).
// Build: g++ -std=c++20 -O2 -Iinclude -Ibuild/generated/include scripts/worst_check/worst_check.cpp -o worst_check
// Usage: worst_check RANDOM CLIMBS STEPS SEED [FEN...] (FENs given are scored and climbed from as well)
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>

using namespace fetaix;

namespace {

std::uint64_t g_work = 0;

// The longest-capture walk of match_path, counting states entered and the landing points of the
// jumps a state it walks tries.
struct Counting : detail::LongestCapture {
    Bitboard own = 0;  // the pieces of the side to move, the capturing one included
    bool enter(const detail::WalkState& s) {
        ++g_work;
        if (!LongestCapture::enter(s)) return false;
        const Bitboard occupied = (own & ~bit(s.from)) | s.enemy;
        if (s.mullah) {
            const detail::Sights sights = detail::sights_from(s.at, occupied);
            const unsigned dirs = detail::jump_directions(sights, s.enemy);
            for (Direction d : kDirections)
                if (dirs >> static_cast<int>(d) & 1u)
                    g_work += static_cast<std::uint64_t>(
                        popcount(sights[axis_of(d)]->landings[is_increasing(d) ? 0 : 1]));
        } else {
            ++g_work;  // a man's short leaps: one set of shifts
        }
        return true;
    }
};

// detail::captures_more_than with the counting walk.
bool more_than(const Position& pos, const Rules& rules, int count, Point from, Counting* walked) {
    if (count >= capture_bound(pos, rules)) return false;
    return detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard men = pos.men(Us);
        for (Point p : points(detail::capturers<Us, Backward>(pos))) {
            if (capture_bound(pos, p) <= count) continue;
            std::optional<Counting> own;
            Counting& longest = walked && p == from ? *walked : own.emplace();
            longest.own = pos.us();
            longest.path = nullptr;
            longest.given = 0;
            longest.enough = count + 1;
            detail::CaptureWalker<Counting, Us, Backward>(rules.promotion, longest)
                .walk(pos, men & bit(p), pos.mullahs_of(Us) & bit(p));
            if (longest.most > count) return true;
        }
        return false;
    });
}

// The work of match_path's majority check of the capture from `m.from` along the first `count` landings of m.
std::uint64_t check_work(const Position& pos, const Rules& rules, const Move& m, int count) {
    g_work = 0;
    Rules any = rules;
    any.majority = false;
    const PathMatch plain = match_path(pos, any, m.from, m.path.data(), count, true, 1);
    if (plain.exact) {
        if (plain.exact->capture_count() >= capture_bound(pos, rules)) return 0;
        more_than(pos, rules, plain.exact->capture_count(), kNoPoint, nullptr);
        return g_work;
    }
    detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
        const Bitboard men = detail::capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty());
        Counting longest;
        longest.own = pos.us();
        longest.path = m.path.data();
        longest.given = count;
        detail::CaptureWalker<Counting, Us, Backward>(rules.promotion, longest)
            .walk(pos, men & bit(m.from), pos.mullahs_of(Us) & bit(m.from));
        if (longest.best[0] <= count) return;
        more_than(pos, rules, longest.best[0], m.from, &longest);
    });
    return g_work;
}

struct Scored {
    std::uint64_t work = 0;
    std::string what;  // the move as checked
};

// The first legal move in full, and its shortest beginning that names it alone.
Scored score(const Position& pos, const Rules& rules) {
    Scored best;
    if (!has_capture(pos, rules)) return best;
    const auto first = first_legal_move(pos, rules);
    if (!first) return best;
    best = {check_work(pos, rules, *first, first->landings), to_string(*first)};
    for (int j = 1; j < first->landings; ++j) {
        std::string written = to_string(first->from);
        for (int i = 0; i < j; ++i) written += "x" + to_string(first->path[i]);
        const auto named = parse_move(written, pos, rules);
        if (!named.ok()) continue;
        if (!(*named == *first)) break;
        const std::uint64_t w = check_work(pos, rules, *first, j);
        if (w > best.work) best = {w, written};
        break;
    }
    return best;
}

// 0 empty, 1 white man, 2 white mullah, 3 black man, 4 black mullah; White to move.
using Board = std::array<int, 25>;

std::optional<Position> position_of(const Board& b) {
    std::string white, black;
    for (int p = 0; p < 25; ++p) {
        if (!b[p]) continue;
        const std::string name = to_string(Point{static_cast<std::uint8_t>(p)});
        std::string& side = b[p] <= 2 ? white : black;
        side += (side.empty() ? "" : ",") + std::string(b[p] == 2 || b[p] == 4 ? "K" : "") + name;
    }
    if (white.empty() || black.empty()) return std::nullopt;
    auto pos = parse_fen("W:W" + white + ":B" + black);
    if (!pos) return std::nullopt;
    return *pos;
}

struct Candidate {
    Board board{};
    Rules rules;
    Scored scored;
};

Candidate evaluate(const Board& b, const Rules& rules) {
    Candidate c{b, rules, {}};
    if (auto pos = position_of(b)) c.scored = score(*pos, rules);
    return c;
}

Board random_board(std::mt19937& rng) {
    Board b{};
    std::vector<int> order(25);
    for (int i = 0; i < 25; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    const int whites = 1 + static_cast<int>(rng() % 3);
    const int blacks = 10 + static_cast<int>(rng() % 6);
    for (int i = 0; i < whites; ++i) b[order[i]] = rng() % 4 ? 2 : 1;
    for (int i = whites; i < whites + blacks; ++i) b[order[i]] = rng() % 2 ? 4 : 3;
    return b;
}

Board mutate(Board b, std::mt19937& rng) {
    const int p = static_cast<int>(rng() % 25);
    const int q = static_cast<int>(rng() % 25);
    switch (rng() % 4) {
        case 0: std::swap(b[p], b[q]); break;  // move a piece
        case 1: b[p] = 0; break;               // remove one
        case 2:
            if (!b[p]) b[p] = rng() % 2 ? 3 : 4;
            break;  // add one
        default:
            if (b[p] == 1 || b[p] == 3) ++b[p];
            else if (b[p] == 2 || b[p] == 4) --b[p];
            break;  // man <-> mullah
    }
    return b;
}

void print(const Candidate& c) {
    const auto pos = position_of(c.board);
    if (!pos) return;
    std::printf("%8llu %s%s %s\n", static_cast<unsigned long long>(c.scored.work), to_fen(*pos).c_str(),
                c.rules.backward_captures ? " backward" : "", c.scored.what.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: worst_check RANDOM CLIMBS STEPS SEED [FEN...]\n");
        return 2;
    }
    const long random = std::atol(argv[1]);
    const int climbs = std::atoi(argv[2]);
    const int steps = std::atoi(argv[3]);
    std::mt19937 rng(static_cast<unsigned>(std::atol(argv[4])));
    std::vector<Candidate> all;
    for (int i = 5; i < argc; ++i) {
        auto pos = parse_fen(argv[i]);
        if (!pos) continue;
        Board b{};
        for (int p = 0; p < 25; ++p) {
            const Bitboard m = bit(Point{static_cast<std::uint8_t>(p)});
            if (pos->of(Color::White) & m) b[p] = pos->mullahs & m ? 2 : 1;
            if (pos->of(Color::Black) & m) b[p] = pos->mullahs & m ? 4 : 3;
        }
        Rules rules;
        rules.majority = true;
        all.push_back(evaluate(b, rules));
        print(all.back());
    }
    for (long i = 0; i < random; ++i) {
        Rules rules;
        rules.majority = true;
        rules.backward_captures = rng() % 4 == 0;
        all.push_back(evaluate(random_board(rng), rules));
    }
    std::sort(all.begin(), all.end(),
              [](const Candidate& a, const Candidate& b) { return a.scored.work > b.scored.work; });
    if (all.size() > static_cast<std::size_t>(climbs)) all.resize(static_cast<std::size_t>(climbs));
    std::printf("random:\n");
    for (const Candidate& c : all) print(c);
    std::printf("climbed:\n");
    for (Candidate& c : all) {
        for (int s = 0; s < steps; ++s) {
            Candidate next = evaluate(mutate(c.board, rng), c.rules);
            if (next.scored.work >= c.scored.work) c = next;
        }
        print(c);
        std::fflush(stdout);
    }
    return 0;
}
