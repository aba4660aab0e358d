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

#include <fetaix/fen.hpp>
#include <fetaix/solve/tablebase.hpp>

#include "proof_check.hpp"
#include "solve/tablebase_files.hpp"

namespace {

// The tables built for these rules, loaded once, as a guide for the reference walk.
class Tables {
public:
    reference::TableGuide guide(const fetaix::Rules& rules) {
        const std::string key = fetaix::solving::rules_key(rules);
        auto& set = sets_[key];
        if (!set) {
            auto built = fetaix::solving::built_tables(rules);
            set = std::make_unique<fetaix::tablebase::Set>(built ? std::move(*built) : fetaix::tablebase::Set{});
        }
        if (set->tables().empty()) return {};
        const fetaix::tablebase::Set* tables = set.get();
        return [tables](const reference::Board& b) -> std::optional<reference::Guide> {
            const auto p = fetaix::parse_fen(reference::board_fen(b));
            if (!p) return std::nullopt;
            const auto v = tables->probe(*p);
            if (!v) return std::nullopt;
            using V = fetaix::tablebase::Verdict;
            const auto verdict = v->verdict == V::Win    ? reference::Guide::Verdict::Win
                                 : v->verdict == V::Loss ? reference::Guide::Verdict::Loss
                                                         : reference::Guide::Verdict::Draw;
            return reference::Guide{verdict, v->distance};
        };
    }

private:
    std::map<std::string, std::unique_ptr<fetaix::tablebase::Set>> sets_;
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
        // The rules line is read by the check itself; the tables are looked up for the rules it finds.
        const std::string content = text.str();
        fetaix::Rules rules;
        if (const auto at = content.find("\nrules "); at != std::string::npos) {
            const auto end = content.find('\n', at + 1);
            if (reference::detail::read_rules(content.substr(at + 7, end - at - 7), rules)) rules = {};
        }
        const reference::ProofCheck check = reference::check_proof(content, tables.guide(rules));
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
