#include "engine/built_tables.hpp"

#include <algorithm>

#include "solve/tablebase_files.hpp"

namespace fetaix::engine {

namespace tb = tablebase;
using namespace solving;

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

}  // namespace fetaix::engine
