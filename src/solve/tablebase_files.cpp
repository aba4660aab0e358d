#include "solve/tablebase_files.hpp"

#include <charconv>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "store/files.hpp"

namespace fetaix::solving {

namespace tb = tablebase;

namespace {

// Version 2: one byte an entry, one material of each mirrored pair (version 1 had two bytes, every material).
constexpr std::string_view kManifestHead = "fetaix tablebase 2";
constexpr std::string_view kOldManifestHead = "fetaix tablebase 1";

// The most a manifest may hold: a line of some 40 bytes a material, a few hundred materials.
constexpr std::size_t kMaxManifestBytes = std::size_t{1} << 20;

// A count written in decimal digits and within 64 bits, into `value` (from_chars takes no sign for it).
bool all_digits(std::string_view text, std::uint64_t& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

// FNV-1a over the file's bytes.
std::uint64_t checksum(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
    return h;
}

std::string hex(std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, v);
    return text;
}

// The rules the tables depend on, as a folder name: "backward-captures=no,promotion=end,majority=no".
std::string rules_key(const Rules& rules) {
    std::string key;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.kind != SwitchKind::Count)
            key += concat(key.empty() ? "" : ",", switch_key(s), "=", switch_value(s, rules));
    return key;
}

// The command that builds the tables for these rules: "fetaix tablebase build --pieces 2 --majority", so
// that a suggestion run as printed builds the set that was asked for, not the default rules' set.
std::string build_command(const Rules& rules, std::optional<int> pieces) {
    std::string command = "fetaix tablebase build";
    if (pieces) command += concat(" --pieces ", *pieces);
    for (const RuleSwitch& s : kRuleSwitches) {
        if (s.kind == SwitchKind::Count || s.get(rules) == s.get(Rules{})) continue;
        command += s.kind == SwitchKind::Toggle ? concat(" ", s.flag)
                                                : concat(" ", s.flag, " ", switch_value(s, rules));
    }
    return command;
}

std::string manifest_path(const Rules& rules) { return tablebase_directory(rules) + "/manifest.txt"; }
std::string table_path(const Rules& rules, const tb::Material& m) {
    return concat(tablebase_directory(rules), "/", tb::name_of(m), ".tb");
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
        return Error{concat(path, ": tables of an older format (two bytes an entry); remove ",
                            tablebase_directory(rules), " and build again")};
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
        return Error{concat(manifest_path(rules), ": ", tb::name_of(m), " has ", listed->second.entries,
                            " entries, expected ", size)};
    // Its type and size checked before a byte is read: a folder, a FIFO or /dev/zero is refused.
    auto bytes = store::read_sized_file(path, "an endgame table", size);
    if (!bytes) return bytes.error();
    const std::string sum = hex(checksum({reinterpret_cast<const char*>(bytes->data()), bytes->size()}));
    if (sum != listed->second.sum)
        return Error{concat(path, ": checksum ", sum, " does not match the manifest's ", listed->second.sum)};
    return tb::Table{m, std::move(*bytes)};
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

std::string tablebase_directory(const Rules& rules) {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    const std::string data = xdg != nullptr && xdg[0] == '/'
                                 ? std::string(xdg)
                                 : concat(home != nullptr && home[0] != '\0' ? home : ".", "/.local/share");
    return concat(data, "/fetaix/tablebases/", rules_key(rules));
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

}  // namespace fetaix::solving
