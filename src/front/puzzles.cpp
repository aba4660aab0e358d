#include "front/puzzles.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

#include "store/files.hpp"

namespace fetaix::front {

namespace tb = tablebase;

namespace {

// Thrown from the solver's progress callback to stop it when the puzzles close.
struct Stopped {};

// Every stored material a position of m may come to, m's own included, in the order they are solved.
std::vector<tb::Material> closure(const tb::Material& from) {
    const tb::Material m = tb::is_stored(from) ? from : tb::mirror(from);
    std::set<int> seen;
    const auto key = [](const tb::Material& x) {
        return x.white_men | x.white_mullahs << 4 | x.black_men << 8 | x.black_mullahs << 12;
    };
    std::vector<tb::Material> todo = {m}, found;
    while (!todo.empty()) {
        const tb::Material x = todo.back();
        todo.pop_back();
        if (!seen.insert(key(x)).second) continue;
        found.push_back(x);
        for (const tb::Material& s : tb::successor_materials(x)) todo.push_back(s);
    }
    std::vector<tb::Material> ordered;
    for (const tb::Material& x : tb::stored_materials_up_to(m.pieces()))
        if (seen.count(key(x))) ordered.push_back(x);
    return ordered;
}

}  // namespace

// Tables solved in memory for one set of rules, as many materials as the puzzles have needed.
struct PuzzleTables::Solved final : engine::Tables {
    tb::Set set;
    int most = 0;
    const tb::Set* with(const Rules&, const tb::Material& m) override {
        return set.find(m) || set.find(tb::mirror(m)) ? &set : nullptr;
    }
    int pieces(const Rules&) override { return most; }
};

PuzzleTables::PuzzleTables(std::function<std::unique_ptr<engine::Tables>()> built)
    : make_built_(std::move(built)), thread_([this] { work(); }) {}

PuzzleTables::~PuzzleTables() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_worker_.notify_all();
    thread_.join();
}

void PuzzleTables::prepare(const Position& p, const Rules& rules) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(Job{false, p, rules, Move{}, 0});
    }
    wake_worker_.notify_all();
}

void PuzzleTables::explain(const Position& p, const Rules& rules, const Move& wrong, std::uint64_t tag) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(Job{true, p, rules, wrong, tag});
    }
    wake_worker_.notify_all();
}

std::optional<PuzzleTables::Explained> PuzzleTables::take() {
    std::lock_guard lock(mutex_);
    wakeup_.clear();
    if (answers_.empty()) return std::nullopt;
    Explained e = std::move(answers_.front());
    answers_.pop_front();
    if (!answers_.empty()) wakeup_.notify();
    return e;
}

PuzzleTables::Explained PuzzleTables::wait() {
    std::unique_lock lock(mutex_);
    answered_.wait(lock, [this] { return !answers_.empty(); });
    Explained e = std::move(answers_.front());
    answers_.pop_front();
    return e;
}

std::string PuzzleTables::take_problem() {
    std::lock_guard lock(mutex_);
    return std::exchange(problem_, "");
}

std::string PuzzleTables::source() const {
    std::lock_guard lock(mutex_);
    return source_;
}

engine::Tables* PuzzleTables::ready(const Position& p, const Rules& rules) {
    const int pieces = popcount(p.occupied());
    if (make_built_ && !built_) built_ = make_built_();
    // The player's tables, when they hold every material the position leads to.
    if (built_ && built_->pieces(rules) >= pieces) {
        bool all = true;
        for (const tb::Material& m : closure(tb::material_of(p))) all = all && built_->with(rules, m) != nullptr;
        if (std::string problem = built_->take_problem(); !problem.empty()) {
            std::lock_guard lock(mutex_);
            problem_ += concat(problem_.empty() ? "" : "; ", problem);
        }
        if (all) {
            std::lock_guard lock(mutex_);
            source_ = "built";
            return built_.get();
        }
    }
    std::unique_ptr<Solved>& solved = solved_[puzzle::rules_text(rules)];
    if (!solved) solved = std::make_unique<Solved>();
    const auto began = std::chrono::steady_clock::now();
    bool any = false;
    for (const tb::Material& m : closure(tb::material_of(p))) {
        if (solved->set.find(m)) continue;
        any = true;
        auto table = tb::solve(m, rules, solved->set, [this](int) {
            std::lock_guard lock(mutex_);
            if (stop_) throw Stopped{};
        });
        if (!table) return nullptr;
        solved->set.add(std::move(*table));
        solved->most = std::max(solved->most, m.pieces());
    }
    std::lock_guard lock(mutex_);
    if (any) {
        char took[32];
        std::snprintf(took, sizeof took, "%.2f",
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
        source_ = concat("solved in ", took, " s");
    } else if (source_ == "built" || source_.empty()) {
        source_ = "solved";
    }
    return solved.get();
}

void PuzzleTables::work() {
    while (true) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_worker_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
            if (stop_) return;
            job = jobs_.front();
            jobs_.pop_front();
        }
        std::string text;
        try {
            engine::Tables* tables = ready(job.position, job.rules);
            if (!job.explain) continue;
            std::optional<std::string> why = tables ? puzzle::why_not(job.position, job.rules, job.wrong, *tables)
                                                    : std::nullopt;
            text = why ? *why
                       : concat(to_string(job.wrong),
                                " does not win (the endgame tables could not say more: they do not hold this "
                                "position).");
        } catch (const Stopped&) {
            return;
        } catch (const std::exception& e) {
            if (!job.explain) continue;
            text = concat(to_string(job.wrong), " does not win (the endgame tables could not say more: ", e.what(),
                          ").");
        }
        {
            std::lock_guard lock(mutex_);
            answers_.push_back(Explained{job.tag, std::move(text)});
        }
        wakeup_.notify();
        answered_.notify_all();
    }
}

PuzzleRun::PuzzleRun(std::vector<puzzle::Puzzle> puzzles, std::string data_folder,
                     std::function<std::unique_ptr<engine::Tables>()> built_tables)
    : puzzles_(std::move(puzzles)), folder_(std::move(data_folder)), tables_(std::move(built_tables)) {
    if (!folder_.empty()) {
        puzzle::ProgressRead read = puzzle::read_progress(folder_);
        progress_ = std::move(read.progress);
        if (!read.problem.empty()) {
            damaged_ = true;
            // Short enough for the screen's two message lines, the path shortened there.
            problem_ = concat("Puzzle progress not read (", read.problem,
                              "): starting afresh; kept as .damaged at your first result.");
        }
    }
    // Where the player left, unless it is solved since; else the next to offer.
    std::size_t first = puzzles_.size();
    for (std::size_t i = 0; i < puzzles_.size() && first == puzzles_.size(); ++i)
        if (puzzle::key_of(puzzles_[i]) == progress_.at) first = i;
    const puzzle::Progress::Entry* left = first < puzzles_.size() ? progress_.find(puzzles_[first]) : nullptr;
    if (first == puzzles_.size() || (left && left->result != puzzle::Result::Failed))
        first = puzzle::next_puzzle(puzzles_, progress_, puzzles_.size());
    index_ = std::min(first, puzzles_.size() - 1);
    // The puzzle the player is at is written with the first result (or the next puzzle opened).
    begin_attempt();
}

void PuzzleRun::begin_attempt() {
    attempt_ = puzzle::begin(puzzles_[index_]);
    hints_ = 0;
    owed_ = 0;
    progress_.at = puzzle::key_of(puzzle());
    // As the progress stood when this attempt began: a failure in this attempt is not "before".
    const puzzle::Progress::Entry* e = progress_.find(puzzle());
    before_ = !e ? "" : e->result == puzzle::Result::Failed ? "failed before" : "solved before";
    tables_.prepare(attempt_.start, puzzle().rules);
}

int PuzzleRun::puzzle_rating() const {
    return static_cast<int>(std::lround(puzzle::puzzle_rating(puzzle().difficulty).rating));
}

int PuzzleRun::rating() const { return static_cast<int>(std::lround(progress_.rating.rating)); }

std::string PuzzleRun::before() const { return before_; }

void PuzzleRun::open(std::size_t i) {
    index_ = std::min(i, puzzles_.size() - 1);
    begin_attempt();
    // Moving on is not worth a write to a damaged file's place: it waits for a result.
    if (!damaged_) save();
}

void PuzzleRun::next() { open(puzzle::next_puzzle(puzzles_, progress_, index_)); }

void PuzzleRun::retry() { open(index_); }

std::string PuzzleRun::hint() {
    const int shown = hints_;
    hints_ = std::min(hints_ + 1, 2);
    const std::string text = puzzle::hint(attempt_, shown);
    if (shown >= 1 && !attempt_.solved) {
        attempt_.missed = true;
        rate(false, false);
    }
    return text;
}

void PuzzleRun::rate(bool won, bool solved) {
    const puzzle::Progress::Entry* e = progress_.find(puzzle());
    if (e) {
        // Rated before: a retry changes no rating, but a failed puzzle solved now counts as solved.
        if (solved && e->result == puzzle::Result::Failed) {
            progress_.results[puzzle::key_of(puzzle())].result = puzzle::Result::SolvedLater;
            save();
        }
        return;
    }
    const rating::Rating before = progress_.rating;
    progress_.rating = puzzle::rated_after(before, puzzle().difficulty, won);
    progress_.results[puzzle::key_of(puzzle())] = {won ? puzzle::Result::Solved : puzzle::Result::Failed, puzzle().id};
    const int now = static_cast<int>(std::lround(progress_.rating.rating));
    const int change = now - static_cast<int>(std::lround(before.rating));
    rating_change_ = concat("Your puzzle rating: ", now, " (", change >= 0 ? "+" : "", change, ").");
    save();
}

puzzle::Answer PuzzleRun::after(puzzle::Answer a) {
    switch (a.kind) {
        case puzzle::Answer::Kind::Refused:
        case puzzle::Answer::Kind::Right: break;
        case puzzle::Answer::Kind::Wrong:
            rate(false, false);
            owed_ = ++asked_;
            tables_.explain(attempt_.position(), puzzle().rules, *a.move, owed_);
            break;
        // Won when nothing went wrong; else lost already, and now solved, unless by the answer shown (hint()).
        case puzzle::Answer::Kind::Solved: rate(!attempt_.missed, hints_ < 2); break;
    }
    return a;
}

puzzle::Answer PuzzleRun::answer(const Move& m) { return after(puzzle::judge(attempt_, m)); }

puzzle::Answer PuzzleRun::answer_typed(std::string_view text) { return after(puzzle::judge_typed(attempt_, text)); }

std::optional<std::string> PuzzleRun::take_explanation() {
    while (auto e = tables_.take())
        if (e->tag == owed_ && owed_ != 0) {
            owed_ = 0;
            return e->text;
        }
    return std::nullopt;
}

std::optional<std::string> PuzzleRun::wait_explanation() {
    while (owed_ != 0) {
        const PuzzleTables::Explained e = tables_.wait();
        if (e.tag == owed_) {
            owed_ = 0;
            return e.text;
        }
    }
    return std::nullopt;
}

void PuzzleRun::save() {
    if (folder_.empty()) return;
    if (damaged_) {
        const std::string path = puzzle::progress_path(folder_);
        if (std::rename(path.c_str(), concat(path, ".damaged").c_str()) != 0 && errno != ENOENT) {
            problem_ = concat("The puzzles' progress was not kept: the damaged file ", path,
                              " could not be set aside: ", std::strerror(errno));
            return;
        }
        damaged_ = false;
    }
    if (auto problem = puzzle::write_progress(folder_, progress_))
        problem_ = concat("The puzzles' progress was not kept: ", *problem);
}

}  // namespace fetaix::front
