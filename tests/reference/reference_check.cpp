// reference_check PROOF...: re-checks proof files of `fetaix solve --proof` with the tests' reference
// generator (proof_check.hpp), not with the rules core that made them. The endgame tables built for the
// proof's rules (`fetaix tablebase build`, read from $XDG_DATA_HOME like fetaix) only guide the walk below
// the proof's table positions; their values are re-derived down to the ends of the game.
//
// Exit status: 0 when every proof checks, 1 when one does not, 2 on bad use.

#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "proof_check.hpp"
#include "solve/tablebase_files.hpp"
#include "table_guide.hpp"

namespace {

// The tables built for each rules, loaded once, as a guide for the reference walk; or why they cannot be
// read (a damaged table or manifest), which leaves a proof that rests on them unchecked, not refused.
class Tables {
public:
    struct Loaded {
        fetaix::tablebase::Set set;
        std::string problem;
    };
    const Loaded& of(const fetaix::Rules& rules) {
        auto& loaded = sets_[fetaix::solving::rules_key(rules)];
        if (!loaded) {
            loaded = std::make_unique<Loaded>();
            if (auto built = fetaix::solving::built_tables(rules)) loaded->set = std::move(*built);
            else loaded->problem = built.error().describe();
        }
        return *loaded;
    }

private:
    std::map<std::string, std::unique_ptr<Loaded>> sets_;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::cerr << "usage: reference_check PROOF...\n"
                     "Re-checks each proof file of fetaix solve --proof with the tests' reference generator;\n"
                     "the tables built for its rules only guide the walk below its table positions.\n";
        return 2;
    }
    Tables tables;
    int status = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string path = argv[i];
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::cout << path << ": cannot be read\n";
            status = 1;
            continue;
        }
        std::ostringstream text;
        text << in.rdbuf();
        // The tables are those of the proof's rules; a file whose rules do not read is refused by the check.
        const std::string content = text.str();
        const Tables::Loaded& loaded = tables.of(reference::rules_of(content).value_or(fetaix::Rules{}));
        if (!loaded.problem.empty()) {
            std::cout << path << ": not checked: endgame tables: " << loaded.problem << "\n";
            status = 1;
            continue;
        }
        const reference::ProofCheck check = reference::check_proof(
            content, loaded.set.tables().empty() ? reference::TableGuide{} : reference::guide_of(loaded.set));
        if (check.failure) {
            std::cout << path << ": refused: " << *check.failure << "\n";
            status = 1;
            continue;
        }
        const char* side = check.position[0] == 'W' ? "White" : "Black";
        std::cout << path << ": reference check OK: " << check.position << " is a " << check.value << " for " << side
                  << " (";
        for (std::size_t k = 0; k < check.strategies.size(); ++k) {
            const auto& s = check.strategies[k];
            std::cout << (k ? "; " : "") << s.name << ": " << s.listed << " proof nodes, " << s.from_tables
                      << " below its table positions";
        }
        std::cout << ")\n";
    }
    return status;
}
