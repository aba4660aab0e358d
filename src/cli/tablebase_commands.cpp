#include "cli/tablebase_commands.hpp"

#include <charconv>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <new>
#include <sstream>
#include <thread>

#include <fetaix/tablebase.hpp>

#include "cli/options.hpp"
#include "cli/output.hpp"
#include "store/files.hpp"

namespace fetaix::cli {

namespace tb = tablebase;

namespace {

// Version 2: one byte an entry, one material of each mirrored pair (version 1 had two bytes, every material).
constexpr std::string_view kManifestHead = "fetaix tablebase 2";
constexpr std::string_view kOldManifestHead = "fetaix tablebase 1";

// FNV-1a over the file's bytes.
std::uint64_t checksum(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
    return h;
}

std::string hex(std::uint64_t v) { return format("%016llx", static_cast<unsigned long long>(v)); }

// The rules the tables depend on, as a folder name: "backward-captures=no,promotion=end,majority=no".
std::string rules_key(const Rules& rules) {
    std::string key;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.kind != SwitchKind::Count) key += concat(key.empty() ? "" : ",", switch_key(s), "=", switch_value(s, rules));
    return key;
}

// The command that builds the tables for these rules: "fetaix tablebase build --pieces 2 --majority", so
// that a suggestion run as printed builds the set that was asked for, not the default rules' set.
std::string build_command(const Rules& rules, std::optional<int> pieces = std::nullopt) {
    std::string command = "fetaix tablebase build";
    if (pieces) command += concat(" --pieces ", *pieces);
    for (const RuleSwitch& s : kRuleSwitches) {
        if (s.kind == SwitchKind::Count || s.get(rules) == s.get(Rules{})) continue;
        command += s.kind == SwitchKind::Toggle ? concat(" ", s.flag) : concat(" ", s.flag, " ", switch_value(s, rules));
    }
    return command;
}

struct ManifestEntry {
    std::uint64_t entries = 0;
    std::string sum;
};
using Manifest = std::map<std::string, ManifestEntry>;

std::string manifest_path(const Rules& rules) { return tablebase_directory(rules) + "/manifest.txt"; }
std::string table_path(const Rules& rules, const tb::Material& m) { return concat(tablebase_directory(rules), "/", tb::name_of(m), ".tb"); }

// The most a manifest may hold: a line of some 40 bytes a material, a few hundred materials.
constexpr std::size_t kMaxManifestBytes = std::size_t{1} << 20;

// A count written in decimal digits and within 64 bits, into `value` (from_chars takes no sign for it).
bool all_digits(std::string_view text, std::uint64_t& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

// The manifest, empty when there is none; an error when it is not one (or not a file that can be read).
Expected<Manifest> read_manifest(const Rules& rules) {
    Manifest manifest;
    const std::string path = manifest_path(rules);
    if (store::inspect_path(path).kind == store::EntryKind::Missing) return manifest;
    const auto text = store::read_text_file(path, {kMaxManifestBytes, "a tablebase manifest", "1 MiB", true});
    if (!text) return text.error();
    std::istringstream in(*text);
    std::string line;
    if (std::getline(in, line) && line.rfind(kOldManifestHead, 0) == 0)
        return Error{concat(path, ": tables of an older format (two bytes an entry); remove ", tablebase_directory(rules),
                            " and build again")};
    if (in.fail() || line.rfind(kManifestHead, 0) != 0) return Error{concat(path, ": not a fetaix tablebase manifest")};
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string name, entries;
        ManifestEntry e;
        // Digits only: a stream reads "-1" as 18446744073709551615.
        if (!(words >> name >> entries >> e.sum) || e.sum.size() != 16 || !all_digits(entries, e.entries))
            return Error{concat(path, ": unreadable line '", line, "'")};
        manifest[name] = e;
    }
    return manifest;
}

std::optional<std::string> write_manifest(const Rules& rules, const Manifest& manifest) {
    std::string text = concat(kManifestHead, " ", rules_key(rules), "\n");
    for (const auto& [name, e] : manifest) text += concat(name, " ", e.entries, " ", e.sum, "\n");
    return store::write_file_atomically(manifest_path(rules), text);
}

std::string to_bytes(const std::vector<tb::Entry>& entries) { return std::string(entries.begin(), entries.end()); }

// The table of m as the manifest lists it, its size and checksum checked.
Expected<tb::Table> load_table(const Rules& rules, const tb::Material& m, const Manifest& manifest) {
    const std::string path = table_path(rules, m);
    const auto listed = manifest.find(tb::name_of(m));
    if (listed == manifest.end()) return Error{concat(tb::name_of(m), " is not in the manifest")};
    const std::uint64_t size = tb::Index(m).size();
    if (listed->second.entries != size)
        return Error{concat(manifest_path(rules), ": ", tb::name_of(m), " has ", listed->second.entries, " entries, expected ", size)};
    // Its type and size checked before a byte is read: a folder, a FIFO or /dev/zero is refused.
    auto bytes = store::read_sized_file(path, "an endgame table", size);
    if (!bytes) return bytes.error();
    const std::string sum = hex(checksum({reinterpret_cast<const char*>(bytes->data()), bytes->size()}));
    if (sum != listed->second.sum) return Error{concat(path, ": checksum ", sum, " does not match the manifest's ", listed->second.sum)};
    return tb::Table{m, std::move(*bytes)};
}

// "3 min 20 s", "45 s".
std::string duration(double seconds) {
    const long s = std::lround(seconds);
    return s >= 60 ? format("%ld min %ld s", s / 60, s % 60) : format("%ld s", s);
}

// Leaves in `set` the tables of exactly `wanted`, reading from their files those it lacks.
std::optional<std::string> keep_only(tb::Set& set, const std::vector<tb::Material>& wanted, const Rules& rules, const Manifest& manifest) {
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

// The most pieces of every material the manifest holds completely.
int pieces_built(const Manifest& manifest) {
    int n = 1;
    while (n < 32) {
        bool all = true;
        for (const tb::Material& m : tb::stored_materials_up_to(n + 1))
            if (m.pieces() == n + 1 && !manifest.count(tb::name_of(m))) all = false;
        if (!all) break;
        ++n;
    }
    return n;
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

}  // namespace

std::string tablebase_directory(const Rules& rules) {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    const std::string data = xdg != nullptr && xdg[0] == '/' ? std::string(xdg)
                             : concat(home != nullptr && home[0] != '\0' ? home : ".", "/.local/share");
    return concat(data, "/fetaix/tablebases/", rules_key(rules));
}

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
    // The estimate of the time left weighs each material by its index size.
    std::uint64_t total = 0, done = 0;
    for (const tb::Material& m : materials) total += tb::Index(m).size();
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    const int threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 64u));
    const auto start = std::chrono::steady_clock::now();
    double solving = 0;        // seconds spent solving in this run
    std::uint64_t solved = 0;  // positions solved in this run
    tb::Set set;               // the tables the material being solved leads to, and no others
    for (const tb::Material& m : materials) {
        const std::string name = tb::name_of(m);
        const std::uint64_t size = tb::Index(m).size();
        if (manifest->count(name)) {
            // A finished material is never redone; its file is read (and its checksum checked) when a later one needs it.
            done += size;
            out(concat(name, " kept"));
            std::fflush(stdout);
            continue;
        }
        if (const auto error = keep_only(set, tb::successor_materials(m), rules, *manifest)) {
            err(concat("fetaix: tablebase build: ", *error, " (remove the file and its manifest line to rebuild it)"));
            return 1;
        }
        const auto material_start = std::chrono::steady_clock::now();
        const auto progress = [&](int level) {
            if (!terminal) return;
            const double rate = solving > 0 ? static_cast<double>(solved) / solving : 0;
            const double left = std::max(0.0, static_cast<double>(total - done) / rate - since(material_start));
            constexpr int kWidth = 24;
            const int filled = static_cast<int>(kWidth * static_cast<double>(done) / static_cast<double>(total));
            std::fputs(format("\r[%s%s] %3.0f%% %s level %d, about %s left   ", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                              std::string(static_cast<std::size_t>(kWidth - filled), '.').c_str(),
                              100.0 * static_cast<double>(done) / static_cast<double>(total), name.c_str(), level,
                              rate > 0 ? duration(left).c_str() : "? s")
                           .c_str(),
                       stderr);
        };
        std::optional<Expected<tb::Table>> table;
        try {
            table.emplace(tb::solve(m, rules, set, progress, threads));
        } catch (const std::bad_alloc&) {
            // The materials finished so far are kept; a later build goes on from here.
            if (terminal) std::fputs("\r\033[K", stderr);
            err(concat("fetaix: tablebase build: out of memory solving ", name, " (", size, " entries); the finished materials before it are kept"));
            return 1;
        }
        if (terminal) std::fputs("\r\033[K", stderr);
        if (!*table) {
            err(concat("fetaix: tablebase build: ", table->error().describe()));
            return 1;
        }
        const double seconds = since(material_start);
        const std::string bytes = to_bytes((*table)->entries);
        if (const auto error = store::write_file_atomically(table_path(rules, m), bytes)) {
            err(concat("fetaix: tablebase build: ", *error));
            return 1;
        }
        (*manifest)[name] = {size, hex(checksum(bytes))};
        if (const auto error = write_manifest(rules, *manifest)) {
            err(concat("fetaix: tablebase build: ", *error));
            return 1;
        }
        solving += seconds;
        solved += size;
        done += size;
        out(format("%s entries=%llu bytes=%zu time=%.2f", name.c_str(), static_cast<unsigned long long>(size), bytes.size(), seconds));
        std::fflush(stdout);  // a line per material as it is done, also into a file
        set.add(std::move(**table));  // the next material may promote into it
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
                                  " has no pieces, yet the game did not end before ", to_string(pos->side_to_move), "'s move"));
    auto manifest = read_manifest(rules);
    if (!manifest) {
        err(concat("fetaix: tablebase probe: ", manifest.error().describe()));
        return 1;
    }
    const tb::Material m = tb::material_of(*pos);
    const tb::Material stored = tb::is_stored(m) ? m : tb::mirror(m);  // the other is probed through the mirror
    if (!manifest->count(tb::name_of(stored))) {
        const int built = manifest->empty() ? 0 : pieces_built(*manifest);
        err(concat("fetaix: tablebase probe: ", shown, " has ", m.pieces(), " pieces; the tables for ", rules_key(rules),
                   built == 0 ? " are not built" : concat(" hold up to ", built), " (", build_command(rules, m.pieces()),
                   ")"));
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
            const auto share = [all](std::uint64_t n) { return format("%.1f%%", 100.0 * static_cast<double>(n) / static_cast<double>(all)); };
            out(concat(tb::name_of(m), " ", side == Color::White ? "W" : "B", " to move: ", all, " positions, won ", share(won),
                       " drawn ", share(drawn), " lost ", share(lost),
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
    tb::Set set;  // the material and those its moves lead to
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
        const auto shown = [&](int k) { return most[k] < 0 ? std::string("-") : concat(most[k], " ", to_fen(*index.position(at[k]))); };
        const int most_here = std::max(most[0], most[1]);
        out(concat(tb::name_of(m), " won ", shown(0), ", lost ", shown(1),
                   limit == 0 ? std::string() : over_here == 0 ? concat("; within ", limit) : concat("; over ", limit, " in ", over_here, " positions")));
        std::fflush(stdout);
        if (most_here > longest) longest = most_here, longest_in = tb::name_of(m);
        over += over_here;
    }
    const std::string head = concat("the longest quiet stretch of up to ", pieces, " pieces is ", longest, " plies (", longest_in, ")");
    if (limit == 0) out(concat(head, "; no-progress is off"));
    else if (over == 0) out(concat(head, ": no-progress ", limit, " changes no value or distance (the count at 0)"));
    else out(concat(head, ": in ", over, " positions the shortest win reaches the no-progress count of ", limit));
    return 0;
}

std::optional<tablebase::Set> tables_for(const Position& pos, const Rules& rules) {
    const auto manifest = read_manifest(rules);
    if (!manifest || !pos.us() || !pos.them()) return std::nullopt;
    // The position's own material and those its moves lead to.
    const auto stored = [](const tb::Material& m) { return tb::is_stored(m) ? m : tb::mirror(m); };
    std::vector<tb::Material> needed{stored(tb::material_of(pos))};
    for (const Move& m : legal_moves(pos, rules)) {
        const Position q = pos.after(m);
        if (!q.us()) continue;
        const tb::Material mq = stored(tb::material_of(q));
        if (std::find(needed.begin(), needed.end(), mq) == needed.end()) needed.push_back(mq);
    }
    tb::Set set;
    for (const tb::Material& m : needed) {
        auto table = load_table(rules, m, *manifest);
        if (!table) return std::nullopt;
        set.add(std::move(*table));
    }
    return set;
}

void BuiltTables::use(const Rules& rules) {
    // The search asks at every node it probes: no folder name is built while the rules stay the same.
    if (rules_ == rules) return;
    rules_ = rules;
    const std::string folder = tablebase_directory(rules);
    if (folder_ == folder) return;
    folder_ = folder;
    set_ = {};
    missing_.clear();
    const auto manifest = read_manifest(rules);
    if (!manifest) refused(manifest.error());
    // Only materials of complete levels are probed: a build stopped halfway leaves the rest to the search.
    pieces_ = manifest ? pieces_built(*manifest) : 0;
}

void BuiltTables::refused(const Error& e) {
    const std::string reason = e.describe();
    if (std::find(told_.begin(), told_.end(), reason) != told_.end()) return;
    told_.push_back(reason);
    problem_ += concat(problem_.empty() ? "" : "; ", reason);
}

int BuiltTables::pieces(const Rules& rules) {
    use(rules);
    return pieces_;
}

const tablebase::Set* BuiltTables::with(const Rules& rules, const tablebase::Material& wanted) {
    use(rules);
    // Of two mirrored materials only one is stored; the set probes the other through it.
    const tb::Material m = tb::is_stored(wanted) ? wanted : tb::mirror(wanted);
    if (set_.find(m)) return &set_;
    if (m.pieces() > pieces_ || std::find(missing_.begin(), missing_.end(), m) != missing_.end()) return nullptr;
    const auto manifest = read_manifest(rules);
    auto table = manifest ? load_table(rules, m, *manifest) : Expected<tb::Table>{manifest.error()};
    if (!table) {
        missing_.push_back(m);
        refused(table.error());
        return nullptr;
    }
    set_.add(std::move(*table));
    return &set_;
}

}  // namespace fetaix::cli

namespace fetaix::cli {

Expected<tablebase::Set> built_tables(const Rules& rules) {
    const auto manifest = read_manifest(rules);
    if (!manifest) return manifest.error();
    tb::Set set;
    for (const tb::Material& m : tb::stored_materials_up_to(10)) {
        if (!manifest->count(tb::name_of(m))) continue;
        auto table = load_table(rules, m, *manifest);
        if (!table) return table.error();
        set.add(std::move(*table));
    }
    return set;
}

}  // namespace fetaix::cli
