#pragma once
// The endgame tables (include/fetaix/solve/tablebase.hpp) in files under
// $XDG_DATA_HOME/fetaix/tablebases/<rules>/, one per material, with a manifest of their checksums: where
// they are, how they are read and checked, and how the manifest is written.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fetaix/fetaix.hpp>
#include <fetaix/solve/tablebase.hpp>

namespace fetaix::solving {

struct ManifestEntry {
    std::uint64_t entries = 0;
    std::string sum;
};
using Manifest = std::map<std::string, ManifestEntry>;

// The folder of the tables for these rules (the no-progress count does not change them).
std::string tablebase_directory(const Rules& rules);
std::string manifest_path(const Rules& rules);
std::string table_path(const Rules& rules, const tablebase::Material& m);

// FNV-1a over the file's bytes, and as the manifest writes it (16 hex digits).
std::uint64_t checksum(std::string_view bytes);
std::string hex(std::uint64_t v);
std::string to_bytes(const std::vector<tablebase::Entry>& entries);

// The rules the tables depend on, as a folder name: "backward-captures=no,promotion=end,majority=no".
std::string rules_key(const Rules& rules);
// The command that builds the tables for these rules: "fetaix tablebase build --pieces 2 --majority", so
// that a suggestion run as printed builds the set that was asked for, not the default rules' set.
std::string build_command(const Rules& rules, std::optional<int> pieces = std::nullopt);

// The manifest, empty when there is none; an error when it is not one (or not a file that can be read).
Expected<Manifest> read_manifest(const Rules& rules);
std::optional<std::string> write_manifest(const Rules& rules, const Manifest& manifest);
// The table of m as the manifest lists it, its size and checksum checked.
Expected<tablebase::Table> load_table(const Rules& rules, const tablebase::Material& m, const Manifest& manifest);
// The most pieces of every material the manifest holds completely.
int pieces_built(const Manifest& manifest);

// The built tables a position and its moves need, or nothing when one of them is not built.
std::optional<tablebase::Set> tables_for(const Position& pos, const Rules& rules);
// Every table built for these rules (none when none is), each checked against the manifest.
Expected<tablebase::Set> built_tables(const Rules& rules);

}  // namespace fetaix::solving
