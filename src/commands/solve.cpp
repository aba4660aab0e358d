#include "commands/solve.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <variant>

#include <ext/stdio_filebuf.h>

#include <fetaix/solve/book.hpp>
#include <fetaix/solve/proof.hpp>
#include <fetaix/solve/solve.hpp>

#include "cli/command_line.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "solve/tablebase_files.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

// The command line's readers and printers (src/cli), which every runner here uses.
using namespace cli;

namespace {

constexpr std::string_view kCheckpointHead = "fetaix solve checkpoint 1";

volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int) { g_interrupted = 1; }

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Resident memory in MiB, from /proc/self/statm.
double resident_mib() {
    std::ifstream in("/proc/self/statm");
    long long size = 0, resident = 0;
    in >> size >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// What a checkpoint holds besides the table: the position, its rules, the phase and the work so far.
struct Checkpoint {
    Position position;
    Rules rules;
    int phase = 0;
    std::uint64_t nodes = 0, proven = 0, disproven = 0;
    double seconds = 0;
};

// Writes the header and every used table entry to a new file beside path, then renames it over path.
std::optional<std::string> write_checkpoint(const std::string& path, const Checkpoint& c, const solve::Table& table) {
    std::size_t used = 0;
    for (const solve::Entry& e : table.slots()) used += (e.flags & solve::kUsed) != 0;
    const std::string head = concat(kCheckpointHead, "\nposition ", to_fen(c.position), "\nrules ",
                                    proof::rules_line(c.rules), "\nphase ", c.phase, "\nnodes ", c.nodes, " ", c.proven,
                                    " ", c.disproven, "\nseconds ", format("%.3f", c.seconds), "\nentries ", used,
                                    "\n");
    return store::write_file_atomically(path, [&](const store::PieceSink& sink) {
        if (!sink(head)) return false;
        // The entries go out a megabyte at a time: the table may be larger than the memory left.
        std::string piece;
        piece.reserve(std::size_t{1} << 20);
        for (const solve::Entry& e : table.slots()) {
            if (!(e.flags & solve::kUsed)) continue;
            piece.append(reinterpret_cast<const char*>(&e), sizeof e);
            if (piece.size() + sizeof e > piece.capacity()) {
                if (!sink(piece)) return false;
                piece.clear();
            }
        }
        return sink(piece);
    });
}

// Reads a checkpoint's header; the entries follow in `in`.
Expected<Checkpoint> read_checkpoint_head(std::istream& in, std::size_t& entries, const std::string& path) {
    Checkpoint c;
    std::string line;
    const auto field = [&](std::string_view name) -> std::optional<std::string> {
        if (!std::getline(in, line) || line.rfind(name, 0) != 0) return std::nullopt;
        return line.substr(name.size());
    };
    if (!std::getline(in, line) || line != kCheckpointHead)
        return Error{concat(path, ": not a fetaix solve checkpoint")};
    const auto fen = field("position ");
    const auto pos = fen ? parse_fen(*fen) : Expected<Position>(Error{"no position"});
    if (!pos) return Error{concat(path, ": ", pos.error().describe())};
    c.position = *pos;
    const auto rules_text = field("rules ");
    const auto rules = rules_text ? proof::parse_rules_line(*rules_text) : Expected<Rules>(Error{"no rules"});
    if (!rules) return Error{concat(path, ": ", rules.error().message)};
    c.rules = *rules;
    const auto phase = field("phase ");
    const auto nodes = field("nodes ");
    const auto seconds = field("seconds ");
    const auto count = field("entries ");
    if (!phase || !nodes || !seconds || !count) return Error{concat(path, ": damaged header")};
    std::istringstream numbers(concat(*phase, " ", *nodes, " ", *seconds, " ", *count));
    if (!(numbers >> c.phase >> c.nodes >> c.proven >> c.disproven >> c.seconds >> entries) || c.phase < 0 ||
        c.phase > 1)
        return Error{concat(path, ": damaged header")};
    return c;
}

std::string thousands(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// "not a win for White" and the like, for a stopped search.
std::string bounds_text(const Position& root, const solve::Answer& a) {
    const Color mover = root.side_to_move;
    if (a.phase == 0)
        return concat("win, draw or loss (the search for a ", to_string(mover), " win stopped at pn ",
                      std::size_t{a.first.pn}, ", dn ", std::size_t{a.first.dn}, ")");
    return concat("draw or loss by the search, not re-checked (it found no win for ", to_string(mover),
                  "; the search for a ", to_string(opponent(mover)), " win stopped at pn ", std::size_t{a.second.pn},
                  ", dn ", std::size_t{a.second.dn}, ")");
}

}  // namespace

// Why a file the search will write cannot be written there: asked before the search, so that hours of
// work are not lost to a folder named by mistake. A symlink is refused, as `s` in the game refuses it.
std::optional<std::string> output_refusal(const std::string& path) {
    if (auto refused = store::save_refusal(path, store::inspect_path(path))) return refused;
    const auto slash = path.find_last_of('/');
    const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    if (access(folder.c_str(), W_OK) != 0)
        return concat("cannot write in the folder of ", path, ": ", std::strerror(errno));
    return std::nullopt;
}

namespace {

// Whether two paths name one file (the same name, or the same file through links or other names).
bool same_file(const std::string& a, const std::string& b) {
    if (a == b) return true;
    struct stat x {
    }, y{};
    return stat(a.c_str(), &x) == 0 && stat(b.c_str(), &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

// Why a file the command reads as it goes (a checkpoint) cannot be read: missing, unreadable, or not a
// regular file (a FIFO or a device would block or never end).

// The most a proof or book file may hold: a proof of millions of positions is hundreds of MB.
constexpr std::size_t kMaxSolveFileBytes = std::size_t{1} << 30;

}  // namespace

namespace {

// Why the files named cannot be used together: one file named twice would be overwritten by the other.
std::optional<std::string> solve_files_refusal(const SolveSettings& s) {
    for (const std::string* file : {&s.proof_file, &s.checkpoint_file})
        if (!file->empty())
            if (auto refused = output_refusal(*file)) return concat("fetaix: solve: ", *refused);
    if (!s.proof_file.empty() && !s.checkpoint_file.empty() && same_file(s.proof_file, s.checkpoint_file))
        return concat("fetaix: solve: --proof and --checkpoint name the same file, ", s.proof_file);
    if (!s.proof_file.empty() && !s.resume_file.empty() && same_file(s.proof_file, s.resume_file))
        return concat("fetaix: solve: --proof names the checkpoint to resume, ", s.proof_file);
    return std::nullopt;
}

// A checkpoint being resumed: the work of the runs before this one, and the stream its entries come from.
struct Resume {
    Checkpoint done;
    // Read through the descriptor whose type was checked: the name may point elsewhere by now.
    std::optional<__gnu_cxx::stdio_filebuf<char>> file;
    std::istream in{nullptr};
    std::size_t entries = 0;
};

// Opens the checkpoint to resume and reads its header; the search takes its position and rules.
std::optional<std::string> open_resume(SolveSettings& s, Resume& r) {
    const auto fd = store::open_regular_file(s.resume_file, "a checkpoint");
    if (!fd) return concat("fetaix: solve: ", fd.error().message);
    r.file.emplace(*fd, std::ios::in | std::ios::binary);
    r.in.rdbuf(&*r.file);
    auto head = read_checkpoint_head(r.in, r.entries, s.resume_file);
    if (!head) return concat("fetaix: solve: ", head.error().message);
    r.done = *head;
    s.position = r.done.position;
    s.rules = r.done.rules;
    if (s.checkpoint_file.empty()) s.checkpoint_file = s.resume_file;
    return std::nullopt;
}

// Puts the resumed checkpoint's entries and counts back into the solver's table.
std::optional<std::string> load_resumed_table(Resume& r, solve::Solver& solver, const std::string& path) {
    for (std::size_t i = 0; i < r.entries; ++i) {
        solve::Entry e;
        if (!r.in.read(reinterpret_cast<char*>(&e), sizeof e))
            return concat("fetaix: solve: ", path, ": ends after ", i, " of ", r.entries, " entries");
        solver.table().store(e);
    }
    solver.stats() = {r.done.nodes, r.done.proven, r.done.disproven};
    return std::nullopt;
}

// The header line(s): what is solved, under which rules, with which tables, from which checkpoint.
void announce_solve(const SolveSettings& s, const tablebase::Set& tables, const Checkpoint& done) {
    const int pieces = solve::most_pieces(&tables);
    out(concat("position ", to_fen(s.position), " (", to_string(s.position.side_to_move), " to move); ",
               proof::rules_line(s.rules), ", no-progress off; tables: ",
               pieces == 0 ? std::string("none")
                           : concat(tables.tables().size(), " materials of up to ", pieces, " pieces")));
    if (!s.resume_file.empty())
        out(concat("resumed from ", s.resume_file, ": ", thousands(done.nodes), " nodes in ",
                   format("%.1f", done.seconds), " s before, phase ", done.phase));
}

// One run of the search: its progress line, its checkpoints and its limits.
struct SolveRun {
    SolveRun(const SolveSettings& settings, solve::Solver& the_solver, const Checkpoint& before)
        : s(settings), solver(the_solver), done(before) {}

    const SolveSettings& s;
    solve::Solver& solver;
    Checkpoint done;  // the work of the runs before this one
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::uint64_t run_start_nodes = solver.stats().nodes;
    std::optional<std::string> checkpoint_problem;
    double seconds = 0;  // of this run, once the search is over

    void checkpoint(int at_phase) {
        Checkpoint c{s.position,
                     s.rules,
                     at_phase,
                     solver.stats().nodes,
                     solver.stats().proven,
                     solver.stats().disproven,
                     done.seconds + since(start)};
        checkpoint_problem = write_checkpoint(s.checkpoint_file, c, solver.table());
    }

    solve::Solution search() {
        std::fflush(stdout);  // the header is out before a long search
        struct sigaction action {};
        action.sa_handler = on_interrupt;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, nullptr);
        sigaction(SIGTERM, &action, nullptr);
        const bool terminal = isatty(STDERR_FILENO) == 1;
        double last_line = 0, last_checkpoint = 0;
        int phase = done.phase;
        solver.poll = [&](const solve::Stats& st) {
            const double t = since(start);
            if (terminal && t - last_line >= 1) {
                last_line = t;
                std::fprintf(stderr,
                             "\r%s nodes, %s proven, %s disproven, %.0f nodes/s, table %lld MiB, resident %.0f MiB  ",
                             thousands(st.nodes).c_str(), thousands(st.proven).c_str(), thousands(st.disproven).c_str(),
                             static_cast<double>(st.nodes - run_start_nodes) / std::max(t, 1e-9), s.tt_mib,
                             resident_mib());
                std::fflush(stderr);
            }
            if (!s.checkpoint_file.empty() && t - last_checkpoint >= static_cast<double>(s.every)) {
                last_checkpoint = t;
                checkpoint(phase);
                if (checkpoint_problem) return true;
            }
            return g_interrupted != 0 || (s.max_nodes > 0 && st.nodes - run_start_nodes >= s.max_nodes) ||
                   (s.max_seconds > 0 && t >= static_cast<double>(s.max_seconds));
        };
        // The phase a checkpoint names: known once the first search is disproven.
        solve::Answer first = solve::search(solver, s.position, phase);
        phase = first.phase;
        solve::Solution result;
        if (first.value != solve::Value::Unknown) {
            result = solve::solve(solver, s.position, phase);  // the table has the answer: this confirms it
        } else {
            result.answer = first;
        }
        seconds = since(start);
        if (terminal) std::fprintf(stderr, "\r\033[K");
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        solver.poll = nullptr;  // it refers to this function's locals
        return result;
    }

    // The value found and the work it took.
    void report(const solve::Solution& result) const {
        const solve::Stats& st = solver.stats();
        const Color mover = s.position.side_to_move;
        const solve::Value v = result.answer.value;
        if (v == solve::Value::Unknown) {
            out(concat("value: unknown: ",
                       result.problem.empty() ? bounds_text(s.position, result.answer) : result.problem));
        } else {
            if (v == solve::Value::Draw) out("value: draw");
            else
                out(concat("value: ", solve::to_string(v), ": ", to_string(mover), ", to move, ",
                           v == solve::Value::Win ? "wins" : "loses"));
        }
        const std::uint64_t run_nodes = st.nodes - run_start_nodes;
        out(concat("nodes: ", thousands(st.nodes), " (", thousands(st.proven), " proven, ", thousands(st.disproven),
                   " disproven); this run ", thousands(run_nodes), " in ", format("%.2f", seconds), " s, ",
                   thousands(static_cast<std::uint64_t>(static_cast<double>(run_nodes) / std::max(seconds, 1e-9))),
                   " nodes/s; table ", std::to_string(s.tt_mib), " MiB, resident ", format("%.0f", resident_mib()),
                   " MiB"));
    }

    // Writes the proof and the last checkpoint; the exit status.
    int finish(const solve::Solution& result) {
        const solve::Value v = result.answer.value;
        if (result.proof) {
            out(concat("proof: ", thousands(result.proof_nodes), " nodes, checked"));
            if (!s.proof_file.empty()) {
                if (auto bad = store::write_file_atomically(s.proof_file, proof::to_text(*result.proof))) {
                    err(concat("fetaix: solve: ", *bad));
                    return 1;
                }
                out(concat("proof written to ", s.proof_file));
            }
        }
        if (!s.checkpoint_file.empty() && (g_interrupted || v == solve::Value::Unknown) && !checkpoint_problem) {
            checkpoint(result.answer.phase);
            if (!checkpoint_problem)
                out(concat("checkpoint written to ", s.checkpoint_file, "; go on with fetaix solve --resume ",
                           s.checkpoint_file));
        }
        if (checkpoint_problem) {
            err(concat("fetaix: solve: ", *checkpoint_problem));
            return 1;
        }
        if (g_interrupted) {
            if (s.checkpoint_file.empty()) out("interrupted; without --checkpoint FILE nothing is kept");
            return 1;
        }
        if (solver.too_deep()) out(concat("stopped: a path of ", solve::kMaxDepth, " plies"));
        return v == solve::Value::Unknown ? 1 : 0;
    }
};

}  // namespace

int run_solve(SolveSettings s) {
    if (auto refused = solve_files_refusal(s)) {
        err(*refused);
        return 2;
    }
    Resume resume;
    if (!s.resume_file.empty())
        if (auto bad = open_resume(s, resume)) {
            err(*bad);
            return 1;
        }
    s.rules.no_progress = 0;  // the values are those with the rule off: docs/solution.md
    if (!s.position.us() || !s.position.them()) {
        err(concat("fetaix: solve: ", to_fen(s.position), ": a side has no pieces; the game is over"));
        return 1;
    }
    auto tables = solving::built_tables(s.rules);
    if (!tables) {
        err(concat("fetaix: solve: ", tables.error().describe()));
        return 1;
    }
    solve::Solver solver(s.rules, &*tables, static_cast<std::size_t>(s.tt_mib) << 20);
    if (!s.resume_file.empty())
        if (auto bad = load_resumed_table(resume, solver, s.resume_file)) {
            err(*bad);
            return 1;
        }
    announce_solve(s, *tables, resume.done);
    SolveRun run{s, solver, resume.done};
    const solve::Solution result = run.search();
    run.report(result);
    return run.finish(result);
}

namespace {

// A proof file read, parsed and re-checked with the tables built for its rules (the check is `solve
// --verify`'s and `solve --book`'s alike).
struct CheckedProof {
    proof::Proof proof;
    proof::Verified verified;
};
struct ProofProblem {
    std::string message;  // names the file where it is about the file
    bool bad = false;     // the proof was read but does not check
};

// The built tables of each rule set a proof was read for, loaded once (the 6-piece ones are 683 MB).
class TablesByRules {
public:
    Expected<const tablebase::Set*> of(const Rules& rules) {
        const std::string key = proof::rules_line(rules);
        if (const auto it = sets_.find(key); it != sets_.end()) return &it->second;
        auto tables = solving::built_tables(rules);
        if (!tables) return tables.error();
        return &sets_.emplace(key, std::move(*tables)).first->second;
    }

private:
    std::map<std::string, tablebase::Set> sets_;
};

std::variant<CheckedProof, ProofProblem> check_proof_file(const std::string& file, TablesByRules& tables_by_rules) {
    const auto text = store::read_text_file(file, {kMaxSolveFileBytes, "a proof file", "1 GiB", false});
    if (!text) return ProofProblem{text.error().message};
    auto parsed = proof::parse(*text);
    if (!parsed) return ProofProblem{concat(file, ": ", parsed.error().describe())};
    const auto tables = tables_by_rules.of(parsed->rules);
    if (!tables) return ProofProblem{tables.error().describe()};
    auto checked = proof::verify(*parsed, *tables);
    if (!checked) {
        std::string message = concat(file, ": bad proof: ", checked.error().message);
        // A proof made with larger tables than are built here stops at their positions: say so.
        if (message.ends_with("not in the proof and not an end of the game or a table position")) {
            // The rules named and the command given with their switches: run as printed, it builds the
            // tables this proof needs, not the default rules' ones.
            const int pieces = solve::most_pieces(*tables);
            const std::string rules = proof::rules_line(parsed->rules);
            const std::string build = solving::build_command(parsed->rules);
            message += pieces == 0
                           ? concat(" (no endgame tables are built for its rules, ", rules,
                                    ": if the proof was made with them, build them: ", build, ")")
                           : concat(" (the tables built for its rules, ", rules, ", go up to ", pieces,
                                    " pieces: if the proof was made with larger ones, build them: ", build, ")");
        }
        return ProofProblem{message, true};
    }
    return CheckedProof{std::move(*parsed), std::move(*checked)};
}

}  // namespace

int run_solve_verify(const std::string& file) {
    TablesByRules tables;
    const auto result = check_proof_file(file, tables);
    if (const auto* problem = std::get_if<ProofProblem>(&result)) {
        if (problem->bad) out(problem->message);
        else err(concat("fetaix: solve --verify: ", problem->message));
        return 1;
    }
    const CheckedProof& c = std::get<CheckedProof>(result);
    out(concat(file, ": proof OK: ", to_fen(c.proof.root), " is a ", c.proof.value, " for ",
               to_string(c.proof.root.side_to_move), " (", c.verified.summary, ")"));
    return 0;
}

namespace {

// The book file as it is now; the error names the file where the trouble is in it.
Expected<book::Book> read_book_file(const std::string& book_file) {
    auto bytes = store::read_text_file(book_file, {kMaxSolveFileBytes, "a book", "1 GiB", false, false});
    if (!bytes) return Error{bytes.error().message};
    auto read = book::Book::read(std::move(*bytes));
    if (!read) return Error{concat(book_file, ": ", read.error().describe())};
    return std::move(*read);
}

}  // namespace

int run_solve_book(const std::string& book_file, const std::vector<std::string>& proofs) {
    // A book to be written is refused as any output is (a folder, a symbolic link, a FIFO, a folder
    // that cannot be written), before any proof is checked.
    if (!proofs.empty())
        if (auto refused = output_refusal(book_file)) {
            err(concat("fetaix: solve --book: ", *refused));
            return 2;
        }
    std::optional<book::Book> existing;
    if (proofs.empty() || store::inspect_path(book_file).kind != store::EntryKind::Missing) {
        auto read = read_book_file(book_file);
        if (!read) {
            err(concat("fetaix: solve --book: ", read.error().message));
            return 1;
        }
        existing = std::move(*read);
    }
    // Alone, the book is listed: all of it, or nothing and why.
    if (proofs.empty()) {
        const auto text = book::to_text(*existing);
        if (!text) {
            err(concat("fetaix: solve --book: ", book_file, ": ", text.error().message));
            return 1;
        }
        std::fwrite(text->data(), 1, text->size(), stdout);
        return 0;
    }
    book::Builder builder;
    if (existing)
        if (auto bad = builder.add(*existing)) {
            err(concat("fetaix: solve --book: ", book_file, ": ", *bad));
            return 1;
        }
    const std::size_t before = builder.size();
    // Every proof is checked before any is added: the book is written whole or not at all.
    TablesByRules tables;
    for (const std::string& file : proofs) {
        const auto result = check_proof_file(file, tables);
        if (const auto* problem = std::get_if<ProofProblem>(&result)) {
            err(concat("fetaix: solve --book: ", problem->message));
            return 1;
        }
        const CheckedProof& c = std::get<CheckedProof>(result);
        if (auto bad = builder.add(c.proof, *tables.of(c.proof.rules))) {
            err(concat("fetaix: solve --book: ", file, ": ", *bad));
            return 1;
        }
        out(concat(file, ": proof OK (", c.verified.summary, ")"));
    }
    if (auto bad = store::write_file_atomically(book_file, builder.bytes())) {
        err(concat("fetaix: solve --book: ", *bad));
        return 1;
    }
    out(concat(book_file, ": ", thousands(builder.size()), " positions (", thousands(builder.size() - before),
               " new)"));
    return 0;
}

int run_solve_combine(const std::string& file, const Position& root, const std::vector<std::string>& proofs,
                      int plies) {
    if (auto refused = output_refusal(file)) {
        err(concat("fetaix: solve --combine: ", *refused));
        return 2;
    }
    for (const std::string& part : proofs)
        if (same_file(file, part)) {
            err(concat("fetaix: solve --combine: ", file,
                       " is one of the proofs to join: write the joined proof to another file"));
            return 2;
        }
    std::vector<proof::Proof> parts;
    TablesByRules tables_by_rules;
    for (const std::string& part : proofs) {
        auto result = check_proof_file(part, tables_by_rules);
        if (const auto* problem = std::get_if<ProofProblem>(&result)) {
            err(concat("fetaix: solve --combine: ", problem->message));
            return 1;
        }
        CheckedProof& c = std::get<CheckedProof>(result);
        out(concat(part, ": proof OK (", c.verified.summary, ")"));
        parts.push_back(std::move(c.proof));
    }
    const tablebase::Set* tables = *tables_by_rules.of(parts.front().rules);  // loaded by the first check
    const auto joined = proof::combine(root, parts, tables, plies);
    if (!joined) {
        err(concat("fetaix: solve --combine: ", joined.error().message));
        return 1;
    }
    // Checked as a whole, as --verify would: the join is not trusted either.
    const auto checked = proof::verify(*joined, tables);
    if (!checked) {
        err(concat("fetaix: solve --combine: the joined proof does not check: ", checked.error().message));
        return 1;
    }
    if (auto bad = store::write_file_atomically(file, proof::to_text(*joined))) {
        err(concat("fetaix: solve --combine: ", *bad));
        return 1;
    }
    out(concat(file, ": proof OK: ", to_fen(root), " is a ", joined->value, " for ", to_string(root.side_to_move), " (",
               checked->summary, ")"));
    return 0;
}

}  // namespace fetaix::commands

namespace fetaix::commands {

namespace {

// What `fetaix solve` reads: the search's settings, and --verify, --book and --combine, each of
// which goes with only some of the options.
struct Solve {
    SolveSettings settings;
    std::string verify_file, book_file, combine_file;
    std::vector<std::string> proofs;
    int combine_plies = 6;
    const CLI::App* command = nullptr;
    std::vector<CLI::Option*> rules;
    CLI::Option *fen = nullptr, *checkpoint = nullptr, *every = nullptr, *resume = nullptr, *verify = nullptr;
    CLI::Option *book = nullptr, *combine = nullptr, *plies = nullptr, *proof_files = nullptr;
};

// The first option given that is not among `allowed`, or nothing.
const CLI::Option* given_besides(const Solve& s, std::initializer_list<const CLI::Option*> allowed) {
    for (const CLI::Option* o : s.command->get_options())
        if (o != s.command->get_help_ptr() && o->count() > 0 &&
            std::find(allowed.begin(), allowed.end(), o) == allowed.end())
            return o;
    return nullptr;
}

// The search's options, after --verify, --book and --combine are ruled out.
int run_search(const Solve& s) {
    if (s.plies->count() > 0) return cli::usage_error("solve: --plies goes with --combine");
    if (s.proof_files->count() > 0)
        return cli::usage_error(concat("solve: '", s.proofs.front(), "': a proof file goes with --book or --combine"));
    if (s.resume->count() > 0) {
        if (s.fen->count() > 0)
            return cli::usage_error("solve --resume takes the position from the checkpoint, not --fen");
        for (const CLI::Option* o : s.rules)
            if (o->count() > 0)
                return cli::usage_error(concat("solve --resume takes the rules from the checkpoint, not ",
                                               o->get_name()));
    }
    if (s.every->count() > 0 && s.checkpoint->count() == 0 && s.resume->count() == 0)
        return cli::usage_error("solve: --every goes with --checkpoint");
    return run_solve(s.settings);
}

int run_solve_command(const Solve& s) {
    if (s.verify->count() > 0) {
        if (const CLI::Option* o = given_besides(s, {s.verify}))
            return cli::usage_error(concat("solve --verify goes alone, not with ", o->get_name()));
        return run_solve_verify(s.verify_file);
    }
    if (s.book->count() > 0) {
        if (const CLI::Option* o = given_besides(s, {s.book, s.proof_files}))
            return cli::usage_error(concat("solve --book goes alone with proof files, not with ", o->get_name()));
        return run_solve_book(s.book_file, s.proofs);
    }
    if (s.combine->count() > 0) {
        if (const CLI::Option* o = given_besides(s, {s.combine, s.proof_files, s.plies, s.fen}))
            return cli::usage_error(concat("solve --combine goes with --fen, --plies and proof files only, not with ",
                                           o->get_name()));
        if (s.proofs.empty()) return cli::usage_error("solve --combine FILE needs the proof files to join");
        return run_solve_combine(s.combine_file, s.settings.position, s.proofs, s.combine_plies);
    }
    return run_search(s);
}

// The search's own options: the position, the rules, the limits and where the proof and checkpoints go.
void add_search(CLI::App& command, Solve& s) {
    SolveSettings& settings = s.settings;
    s.fen = cli::add_fen(command, settings.position, "prove this position (default: the start)");
    s.rules = cli::add_rule_switches(command, settings.rules);
    cli::add_whole(
        command, "--nodes", "N", 1, 1'000'000'000'000'000LL,
        [&settings](long long n) { settings.max_nodes = static_cast<std::uint64_t>(n); }, "a number of nodes",
        "stop after N nodes");
    cli::add_whole(
        command, "--time", "SECONDS", 1, 100'000'000, [&settings](long long n) { settings.max_seconds = n; },
        "a whole number of seconds", "stop after SECONDS");
    cli::add_whole(
        command, "--tt", "MIB", 1, 1'048'576, [&settings](long long n) { settings.tt_mib = n; }, "a size in MiB",
        "the transposition table's size (default 256)");
    cli::add_file(command, "--proof", settings.proof_file, "write the proof to FILE");
    s.checkpoint = cli::add_file(command, "--checkpoint", settings.checkpoint_file, "keep the search in FILE");
    s.every = cli::add_whole(
        command, "--every", "SECONDS", 1, 100'000'000, [&settings](long long n) { settings.every = n; },
        "a whole number of seconds", "with --checkpoint: how often (default 600)");
    s.resume = cli::add_file(command, "--resume", settings.resume_file, "go on from the checkpoint FILE (kept there)");
}

}  // namespace

Runner add_solve(CLI::App& command) {
    auto s = std::make_shared<Solve>();
    s->command = &command;
    add_search(command, *s);
    s->verify = cli::add_file(command, "--verify", s->verify_file, "re-check the proof in FILE");
    s->book = cli::add_file(command, "--book", s->book_file, "add the PROOFs' positions to the book FILE,\nor list it");
    s->combine = cli::add_file(command, "--combine", s->combine_file,
                               "join the PROOFs into a proof of the position,\nwritten to FILE");
    s->plies = cli::add_whole(
        command, "--plies", "N", 0, 8, [&plies = s->combine_plies](long long n) { plies = static_cast<int>(n); },
        "a number of plies", "with --combine: the plies searched above the\nproofs (default 6)");
    s->proof_files = command.add_option("PROOF", s->proofs, "with --book or --combine: proof files")->type_name("");
    return [s](const Invocation&) { return run_solve_command(*s); };
}

}  // namespace fetaix::commands
