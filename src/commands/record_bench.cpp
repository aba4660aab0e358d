#include "commands/record_bench.hpp"

#include <fetaix/fetaix.hpp>

#include <chrono>
#include <cstdio>
#include <random>
#include <unordered_map>

#include "cli/output.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

// The command line's readers and printers (src/cli), which every runner here uses.
using namespace cli;

namespace {

// A lone mullah among twelve scattered pieces: 45,047 legal capture sequences.
constexpr std::string_view kManySequences = "W:WKc3:BKd1,Kb2,d2,b3,d3,a4,b4,Kc4,Kd4,Ke4,b5,Kd5";
// The same with one piece in a corner, where it cannot be jumped: no sequence takes every piece, so
// under majority every check must search for the longest (8,276 sequences, 11 captures at most).
constexpr std::string_view kCornered = "W:WKc3:BKa1,Kb2,d2,b3,d3,a4,b4,Kc4,Kd4,Ke4,b5,Kd5";
// The slowest majority check found by random search before the bound of each piece (400,000 positions
// of one to three white mullahs among 11 to 14 black pieces): the longest sequence takes 11 while
// capture_bound allows all 12. The bound of each mullah, the other one standing still, is 10 and 11,
// so no search is needed any more.
constexpr std::string_view kCrafted = "W:WKb1,Ka3:BKc1,a2,Kb2,d2,e2,Kd3,a4,Kb4,c4,d4,b5,Kd5";
// The slowest majority check found with the bound that counted every piece not walled in (a random
// search of 200,000 positions, then hill climbing from the slowest by moving, adding and removing pieces):
// a lone mullah whose bound was 12 while the longest sequence takes 10. Since the bound leaves out pieces
// that wait for each other (e2 and e3 on the e-file), it is 10: no search is needed any more.
constexpr std::string_view kEdgePair = "W:WKc3:BKb1,Ka2,Kb2,c2,e2,b3,e3,a4,b4,c4,d4,b5";
// The slowest found since (scripts/worst_check: 400,000 random positions, then hill climbing): the
// mullah on c3 takes 11 of the 12 pieces, and both mullahs' bounds allow 12, so each walk must show
// that none takes all 12 (the one on c1 takes 8 at most).
constexpr std::string_view kSearched = "W:WKc1,a2,Kc3:Bb2,c2,e2,b3,d3,Ka4,b4,Kc4,d4,Ke4,b5,d5";

struct Workload {
    std::string name;
    std::string text;
};

// Only the tags that differ from the defaults, so that as many games as possible fit in 1 MiB.
std::string tags(const Rules& rules, std::string_view fen) {
    std::string text = concat("[FEN \"", fen, "\"]\n");
    if (rules.majority) text += "[Majority \"yes\"]\n";
    if (rules.no_progress != Rules{}.no_progress) text += concat("[NoProgress \"", rules.no_progress, "\"]\n");
    return text + "\n";
}

// Copies of one game until the next would pass 1 MiB.
std::string repeated(const std::string& game) {
    std::string text;
    while (text.size() + game.size() + 1 <= store::kMaxRecordBytes) text += game + "\n";
    return text;
}

// Games of one move from the position with the most sequences: the longest sequence, written out.
Workload longest_move(const Rules& rules, std::string name, std::string_view fen = kManySequences) {
    const Position pos = *parse_fen(fen);
    Move chosen{};
    for (const Move& m : legal_moves(pos, rules))
        if (m.landings >= chosen.landings) chosen = m;
    return {std::move(name), repeated(concat(tags(rules, fen), "1. ", to_string(chosen), " *\n"))};
}

// Games of one move written as the shortest prefix that names it: the check must find that the
// prefix has exactly one legal way to go on.
Workload shortest_prefix(const Rules& rules, std::string name, std::string_view fen = kManySequences) {
    const Position pos = *parse_fen(fen);
    std::string best;
    int best_points = 100;
    for (const Move& m : legal_moves(pos, rules)) {
        std::string written = to_string(m.from);
        for (int j = 0; j < m.landings && j + 1 < best_points; ++j) {
            written += concat("x", to_string(m.path[j]));
            if (j + 1 < m.landings && parse_move(written, pos, rules).ok()) {
                best = written;
                best_points = j + 1;
                break;
            }
        }
    }
    if (best.empty()) best = to_string(legal_moves(pos, rules)[0]);
    return {std::move(name), repeated(concat(tags(rules, fen), "1. ", best, " *\n"))};
}

// Long games, copied until 1 MiB is full: a mullah a side moves about without a capture, never standing
// three times in the same position, with the no-progress rule off, until the game must end. (With more
// pieces this random walk soon runs into a capture; the longest game found had about 1,200 plies.)
Workload longest_game(std::string_view start) {
    Rules rules;
    rules.no_progress = 0;
    Position pos = *parse_fen(start);
    std::unordered_map<std::uint64_t, int> seen{{hash(pos), 1}};
    std::mt19937 rng(2026);
    std::string text = tags(rules, start);
    std::string line;
    int number = 1;
    while (true) {
        // A move after which the other side cannot capture and the position has stood at most once.
        const MoveList moves = legal_moves(pos, rules);
        // Positions not seen yet first, so the walk wanders as far as it can before it must repeat.
        std::vector<Move> fine;
        for (int times = 0; times < 2 && fine.empty(); ++times)
            for (const Move& m : moves) {
                const Position next = pos.after(m);
                if (!m.is_capture() && !has_capture(next, rules) && has_legal_move(next, rules) &&
                    seen[hash(next)] == times)
                    fine.push_back(m);
            }
        std::string word = pos.side_to_move == Color::White ? concat(number, ". ") : "";
        if (fine.empty()) break;
        const Move m = fine[std::uniform_int_distribution<std::size_t>(0, fine.size() - 1)(rng)];
        word += to_string(m);
        if (line.size() + word.size() + 1 > 79) {
            text += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        if (pos.side_to_move == Color::Black) ++number;
        pos = pos.after(m);
        ++seen[hash(pos)];
    }
    return {"long-games", repeated(text + line + " *\n")};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int run_record_bench(const std::string& folder) {
    Rules majority;
    majority.majority = true;
    std::vector<Workload> workloads;
    workloads.push_back(longest_move({}, "longest-move"));
    workloads.push_back(longest_move(majority, "longest-move-majority"));
    workloads.push_back(shortest_prefix({}, "prefix"));
    workloads.push_back(shortest_prefix(majority, "prefix-majority"));
    workloads.push_back(longest_move(majority, "cornered-majority", kCornered));
    workloads.push_back(shortest_prefix(majority, "cornered-prefix-majority", kCornered));
    workloads.push_back(longest_move(majority, "crafted-majority", kCrafted));
    workloads.push_back(longest_move(majority, "paired-majority", kEdgePair));
    workloads.push_back(shortest_prefix(majority, "paired-prefix-majority", kEdgePair));
    workloads.push_back(longest_move(majority, "searched-majority", kSearched));
    workloads.push_back(shortest_prefix(majority, "searched-prefix-majority", kSearched));
    workloads.push_back(longest_game("W:WKa1:BKe5"));
    for (const Workload& w : workloads) {
        if (!folder.empty()) {
            const std::string path = concat(folder, "/", w.name, ".pdn");
            if (auto problem = store::write_file_atomically(path, w.text)) {
                err(concat("fetaix: ", *problem));
                return 1;
            }
        }
        // What `fetaix check` does: read every game, every move checked, then each game's result.
        const auto start = std::chrono::steady_clock::now();
        auto records = parse_pdn(w.text);
        if (!records) {
            err(concat("fetaix: ", w.name, ": ", records.error().describe()));
            return 1;
        }
        std::size_t plies = 0;
        for (const GameRecord& record : *records) {
            const Game game = to_game(record);
            plies += game.ply();
            (void)game.result();
        }
        out(format("%-24s bytes=%zu games=%zu plies=%zu time=%.3f", w.name.c_str(), w.text.size(), records->size(),
                   plies, seconds_since(start)));
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace fetaix::commands
