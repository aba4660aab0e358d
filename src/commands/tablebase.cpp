#include "commands/tablebase.hpp"

#include <charconv>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <sstream>
#include <thread>

#include <fetaix/solve/tablebase.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "solve/tablebase_files.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

// The command line's readers and printers (src/cli), which every runner here uses.
using namespace cli;

namespace tb = tablebase;
using namespace solving;

namespace {

// "3 min 20 s", "45 s".
std::string duration(double seconds) {
    const long s = std::lround(seconds);
    return s >= 60 ? format("%ld min %ld s", s / 60, s % 60) : format("%ld s", s);
}

// Leaves in `set` the tables of exactly `wanted`, reading from their files those it lacks.
std::optional<std::string> keep_only(tb::Set& set, const std::vector<tb::Material>& wanted, const Rules& rules,
                                     const Manifest& manifest) {
    std::vector<tb::Material> unwanted;
    for (const tb::Table& t : set.tables())
        if (std::find(wanted.begin(), wanted.end(), t.material) == wanted.end()) unwanted.push_back(t.material);
    for (const tb::Material& m : unwanted) set.remove(m);
    for (const tb::Material& m : wanted) {
        if (set.find(m)) continue;
        auto table = load_table(rules, m, manifest);
        if (!table) return table.error().describe();
        set.add(std::move(*table));
    }
    return std::nullopt;
}

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The manifest of the tables built for these rules, or nothing after saying why there are none: what
// the commands that read every built table (verify, stats, quiet) start with.
std::optional<Manifest> built_manifest(std::string_view command, const Rules& rules) {
    auto manifest = read_manifest(rules);
    if (!manifest) {
        err(concat("fetaix: tablebase ", command, ": ", manifest.error().describe()));
        return std::nullopt;
    }
    if (manifest->empty()) {
        err(concat("fetaix: tablebase ", command, ": no tables in ", tablebase_directory(rules), " (",
                   build_command(rules), ")"));
        return std::nullopt;
    }
    return std::move(*manifest);
}

// One run of a build: the work done and its speed (for the estimate of the time left), and the tables
// the material being solved leads to, and no others.
class TableBuild {
public:
    TableBuild(const Rules& rules, Manifest& manifest, std::uint64_t total)
        : rules_(rules), manifest_(manifest), total_(total) {}

    // Solves one material, writes its file and its manifest line, or keeps it when done before; what
    // went wrong otherwise.
    std::optional<std::string> build(const tb::Material& m) {
        const std::string name = tb::name_of(m);
        const std::uint64_t size = tb::Index(m).size();
        if (manifest_.count(name)) {
            // A finished material is never redone; its file is read (and its checksum checked) when a later one needs
            // it.
            done_ += size;
            out(concat(name, " kept"));
            std::fflush(stdout);
            return std::nullopt;
        }
        if (const auto error = keep_only(set_, tb::successor_materials(m), rules_, manifest_))
            return concat(*error, " (remove the file and its manifest line to rebuild it)");
        const auto material_start = std::chrono::steady_clock::now();
        auto table = solve(m, name, size, material_start);
        if (!table) return table.error().message;
        const double seconds = since(material_start);
        const std::string bytes = to_bytes(table->entries);
        if (const auto error = store::write_file_atomically(table_path(rules_, m), bytes)) return *error;
        manifest_[name] = {size, hex(checksum(bytes))};
        if (const auto error = write_manifest(rules_, manifest_)) return *error;
        solving_ += seconds;
        solved_ += size;
        done_ += size;
        out(format("%s entries=%llu bytes=%zu time=%.2f", name.c_str(), static_cast<unsigned long long>(size),
                   bytes.size(), seconds));
        std::fflush(stdout);          // a line per material as it is done, also into a file
        set_.add(std::move(*table));  // the next material may promote into it
        return std::nullopt;
    }

private:
    // The material solved, with the progress bar on a terminal; out of memory is an error.
    Expected<tb::Table> solve(const tb::Material& m, const std::string& name, std::uint64_t size,
                              std::chrono::steady_clock::time_point material_start) {
        const auto progress = [&](int level) { show_progress(name, level, material_start); };
        std::optional<Expected<tb::Table>> table;
        try {
            table.emplace(tb::solve(m, rules_, set_, progress, threads_));
        } catch (const std::bad_alloc&) {
            // The materials finished so far are kept; a later build goes on from here.
            if (terminal_) std::fputs("\r\033[K", stderr);
            return Error{concat("out of memory solving ", name, " (", size,
                                " entries); the finished materials before it are kept")};
        }
        if (terminal_) std::fputs("\r\033[K", stderr);
        if (!*table) return Error{table->error().describe()};
        return std::move(*table);
    }

    // The bar, the share done, the material and its level and the time left, over itself on a terminal.
    void show_progress(const std::string& name, int level, std::chrono::steady_clock::time_point material_start) const {
        if (!terminal_) return;
        const double rate = solving_ > 0 ? static_cast<double>(solved_) / solving_ : 0;
        const double left = std::max(0.0, static_cast<double>(total_ - done_) / rate - since(material_start));
        constexpr int kWidth = 24;
        const int filled = static_cast<int>(kWidth * static_cast<double>(done_) / static_cast<double>(total_));
        std::fputs(format("\r[%s%s] %3.0f%% %s level %d, about %s left   ",
                          std::string(static_cast<std::size_t>(filled), '#').c_str(),
                          std::string(static_cast<std::size_t>(kWidth - filled), '.').c_str(),
                          100.0 * static_cast<double>(done_) / static_cast<double>(total_), name.c_str(), level,
                          rate > 0 ? duration(left).c_str() : "? s")
                       .c_str(),
                   stderr);
    }

    const Rules& rules_;
    Manifest& manifest_;
    const std::uint64_t total_;  // the estimate weighs each material by its index size
    std::uint64_t done_ = 0;
    const bool terminal_ = ::isatty(STDERR_FILENO) != 0;
    const int threads_ = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
    double solving_ = 0;        // seconds spent solving in this run
    std::uint64_t solved_ = 0;  // positions solved in this run
    tb::Set set_;
};

}  // namespace

int run_tablebase_build(int pieces, const Rules& rules) {
    const std::string folder = tablebase_directory(rules);
    if (const auto error = store::make_directories(folder)) {
        err(concat("fetaix: tablebase build: ", *error));
        return 1;
    }
    auto manifest = read_manifest(rules);
    if (!manifest) {
        err(concat("fetaix: tablebase build: ", manifest.error().describe()));
        return 1;
    }
    const std::vector<tb::Material> materials = tb::stored_materials_up_to(pieces);
    std::uint64_t total = 0;
    for (const tb::Material& m : materials) total += tb::Index(m).size();
    const auto start = std::chrono::steady_clock::now();
    TableBuild build(rules, *manifest, total);
    for (const tb::Material& m : materials)
        if (const auto error = build.build(m)) {
            err(concat("fetaix: tablebase build: ", *error));
            return 1;
        }
    out(format("tables of up to %d pieces in %s (%.1f s)", pieces, folder.c_str(), since(start)));
    return 0;
}

int run_tablebase_probe(const std::string& fen, const Rules& rules) {
    const auto pos = parse_fen(fen);
    if (!pos) return usage_error(concat("tablebase probe: ", pos.error().describe()));
    const std::string shown = to_fen(*pos);
    if (!pos->us()) {
        out(concat(shown, " loss 0"));
        return 0;
    }
    if (!pos->them())
        return usage_error(concat("tablebase probe: ", shown, ": ", to_string(opponent(pos->side_to_move)),
                                  " has no pieces, yet the game did not end before ", to_string(pos->side_to_move),
                                  "'s move"));
    auto manifest = read_manifest(rules);
    if (!manifest) {
        err(concat("fetaix: tablebase probe: ", manifest.error().describe()));
        return 1;
    }
    const tb::Material m = tb::material_of(*pos);
    const tb::Material stored = tb::is_stored(m) ? m : tb::mirror(m);  // the other is probed through the mirror
    if (!manifest->count(tb::name_of(stored))) {
        const int built = manifest->empty() ? 0 : pieces_built(*manifest);
        err(concat("fetaix: tablebase probe: ", shown, " has ", m.pieces(), " pieces; the tables for ",
                   rules_key(rules), built == 0 ? " are not built" : concat(" hold up to ", built), " (",
                   build_command(rules, m.pieces()), ")"));
        return 1;
    }
    auto table = load_table(rules, stored, *manifest);
    if (!table) {
        err(concat("fetaix: tablebase probe: ", table.error().describe()));
        return 1;
    }
    tb::Set set;
    set.add(std::move(*table));
    out(concat(shown, " ", tb::describe(*set.probe(*pos))));
    return 0;
}

int run_tablebase_verify(const Rules& rules) {
    const auto manifest = built_manifest("verify", rules);
    if (!manifest) return 1;
    const int pieces = pieces_built(*manifest);
    tb::Set set;  // the material checked and those its moves lead to
    for (const tb::Material& m : tb::stored_materials_up_to(pieces)) {
        std::vector<tb::Material> wanted = tb::successor_materials(m);
        wanted.push_back(m);
        if (const auto error = keep_only(set, wanted, rules, *manifest)) {
            err(concat("fetaix: tablebase verify: ", *error));
            return 1;
        }
        if (const auto wrong = tb::check(*set.find(m), rules, set)) {
            err(concat("fetaix: tablebase verify: ", *wrong));
            return 1;
        }
        out(concat(tb::name_of(m), " ok"));
        std::fflush(stdout);
    }
    out(concat("every table of up to ", pieces, " pieces is consistent and matches its checksum"));
    return 0;
}

int run_tablebase_stats(const Rules& rules) {
    const auto manifest = built_manifest("stats", rules);
    if (!manifest) return 1;
    // Also the materials built so far of a piece count not finished (a stopped 7-piece build).
    for (const tb::Material& m : tb::stored_materials_up_to(pieces_built(*manifest) + 1)) {
        if (m.pieces() > pieces_built(*manifest) && !manifest->count(tb::name_of(m))) continue;
        auto table = load_table(rules, m, *manifest);
        if (!table) {
            err(concat("fetaix: tablebase stats: ", table.error().describe()));
            return 1;
        }
        const tb::Index index(m);
        for (Color side : {Color::White, Color::Black}) {
            std::uint64_t won = 0, drawn = 0, lost = 0, longest_at = 0;
            std::optional<std::uint64_t> draw_at;
            int longest = -1;
            const std::uint64_t half = index.size() / 2, begin = side == Color::White ? 0 : half;
            for (std::uint64_t i = begin; i < begin + half; ++i) {
                const auto p = index.position(i);
                if (!p) continue;
                const tb::Value v = tb::decode(table->entries[i]);
                if (v.verdict == tb::Verdict::Win) {
                    ++won;
                    if (v.distance > longest) longest = v.distance, longest_at = i;
                } else if (v.verdict == tb::Verdict::Loss) {
                    ++lost;
                } else {
                    ++drawn;
                    if (!draw_at) draw_at = i;
                }
            }
            const std::uint64_t all = won + drawn + lost;
            const auto share = [all](std::uint64_t n) {
                return format("%.1f%%", 100.0 * static_cast<double>(n) / static_cast<double>(all));
            };
            out(concat(tb::name_of(m), " ", side == Color::White ? "W" : "B", " to move: ", all, " positions, won ",
                       share(won), " drawn ", share(drawn), " lost ", share(lost),
                       longest >= 0 ? concat("; longest win ", longest, " ", to_fen(*index.position(longest_at))) : "",
                       draw_at ? concat("; a draw ", to_fen(*index.position(*draw_at))) : ""));
        }
    }
    return 0;
}

int run_tablebase_quiet(const Rules& rules) {
    const auto manifest = built_manifest("quiet", rules);
    if (!manifest) return 1;
    const int pieces = pieces_built(*manifest);
    const int limit = rules.no_progress;
    const int threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
    int longest = 0;
    std::string longest_in;
    std::uint64_t over = 0;  // positions whose shortest win takes more quiet plies than the limit allows
    tb::Set set;             // the material and those its moves lead to
    for (const tb::Material& m : tb::stored_materials_up_to(pieces)) {
        std::vector<tb::Material> wanted = tb::successor_materials(m);
        wanted.push_back(m);
        if (const auto error = keep_only(set, wanted, rules, *manifest)) {
            err(concat("fetaix: tablebase quiet: ", *error));
            return 1;
        }
        const tb::Table& table = *set.find(m);
        const auto q = tb::quiet_stretch(table, rules, set, threads);
        if (!q) {
            err(concat("fetaix: tablebase quiet: ", q.error().describe()));
            return 1;
        }
        const tb::Index index(m);
        int most[2] = {-1, -1};  // won, lost
        std::uint64_t at[2] = {0, 0}, over_here = 0;
        for (std::uint64_t i = 0; i < index.size(); ++i) {
            const tb::Verdict v = tb::decode(table.entries[i]).verdict;
            if (v == tb::Verdict::Draw) continue;
            const int k = v == tb::Verdict::Win ? 0 : 1, plies = (*q)[i];
            if (plies > most[k]) most[k] = plies, at[k] = i;
            if (limit > 0 && plies > limit) ++over_here;
        }
        const auto shown = [&](int k) {
            return most[k] < 0 ? std::string("-") : concat(most[k], " ", to_fen(*index.position(at[k])));
        };
        const int most_here = std::max(most[0], most[1]);
        out(concat(tb::name_of(m), " won ", shown(0), ", lost ", shown(1),
                   limit == 0       ? std::string()
                   : over_here == 0 ? concat("; within ", limit)
                                    : concat("; over ", limit, " in ", over_here, " positions")));
        std::fflush(stdout);
        if (most_here > longest) longest = most_here, longest_in = tb::name_of(m);
        over += over_here;
    }
    const std::string head = concat("the longest quiet stretch of up to ", pieces, " pieces is ", longest, " plies (",
                                    longest_in, ")");
    if (limit == 0) out(concat(head, "; no-progress is off"));
    else if (over == 0) out(concat(head, ": no-progress ", limit, " changes no value or distance (the count at 0)"));
    else out(concat(head, ": in ", over, " positions the shortest win reaches the no-progress count of ", limit));
    return 0;
}

}  // namespace fetaix::commands

namespace fetaix::commands {

namespace {

struct Tablebase {
    std::string action, fen;
    int pieces = 6;
    Rules rules;
    CLI::Option* pieces_option = nullptr;
};

int run_tablebase(const Tablebase& t) {
    const bool probe = t.action == "probe";
    if (t.action != "build" && !probe && t.action != "verify" && t.action != "stats" && t.action != "quiet")
        return cli::usage_error(concat("tablebase: expected build, probe, verify, stats or quiet, not '", t.action,
                                       "'"));
    if (probe && t.fen.empty()) return cli::usage_error("tablebase probe needs a position, such as W:WKc3:Bc4");
    if (!probe && !t.fen.empty())
        return cli::usage_error(concat("tablebase ", t.action, ": unexpected argument '", t.fen, "'"));
    if (t.action != "build" && t.pieces_option->count() > 0)
        return cli::usage_error(concat("tablebase ", t.action, ": --pieces goes with build"));
    if (t.action == "build") return run_tablebase_build(t.pieces, t.rules);
    if (probe) return run_tablebase_probe(t.fen, t.rules);
    if (t.action == "stats") return run_tablebase_stats(t.rules);
    if (t.action == "quiet") return run_tablebase_quiet(t.rules);
    return run_tablebase_verify(t.rules);
}

}  // namespace

Runner add_tablebase(CLI::App& command) {
    auto t = std::make_shared<Tablebase>();
    command.add_option("ACTION", t->action, "build, probe, verify, stats or quiet")->required()->type_name("");
    command.add_option("FEN", t->fen, "with probe: the position")->type_name("");
    t->pieces_option = cli::add_whole(
        command, "--pieces", "N", 2, 7, [&pieces = t->pieces](long long n) { pieces = static_cast<int>(n); },
        "a number of pieces", "with build: the most pieces, 2 to 7 (default 6)");
    cli::add_rule_switches(command, t->rules);
    return [t](const Invocation&) { return run_tablebase(*t); };
}

}  // namespace fetaix::commands
