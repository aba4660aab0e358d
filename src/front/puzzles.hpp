#pragma once
// fetaix puzzle as both front ends play it: the puzzles of a file, the one open and the attempt at it,
// the player's rating and progress (written to the data folder whenever they change), and the endgame
// tables that say why a wrong move fails, made ready on a thread of their own so that nothing waits for
// them but that explanation: the player's built tables when they hold the puzzle, else the puzzle's
// materials solved in memory.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fetaix/engine/tables.hpp>

#include "play/wakeup.hpp"
#include "puzzle/play.hpp"

namespace fetaix::front {

// The endgame tables on a thread of their own: `prepare` makes ready what a position needs, `explain`
// asks why a wrong move fails; the answers come back through take() (wait() blocks), and wake_fd() is
// readable while one waits to be taken.
class PuzzleTables {
public:
    // `built`: the player's built tables (engine::from_files().make_tables), made on the worker thread
    // when first needed; none: every table is solved in memory.
    explicit PuzzleTables(std::function<std::unique_ptr<engine::Tables>()> built);
    ~PuzzleTables();
    PuzzleTables(const PuzzleTables&) = delete;
    PuzzleTables& operator=(const PuzzleTables&) = delete;

    // Makes ready the tables of p's material and of every material its moves lead to.
    void prepare(const Position& p, const Rules& rules);
    // Works out puzzle::why_not for `wrong` at p; the answer carries `tag`.
    void explain(const Position& p, const Rules& rules, const Move& wrong, std::uint64_t tag);
    struct Explained {
        std::uint64_t tag = 0;
        std::string text;
    };
    std::optional<Explained> take();
    Explained wait();
    int wake_fd() const { return wakeup_.fd(); }
    // Why built tables there could not be used ("" when nothing), taken once.
    std::string take_problem();
    // Which tables answered last: "built" (the player's) or "solved" (in memory), and how long the last
    // solving took, in seconds.
    std::string source() const;

private:
    struct Job {
        bool explain = false;
        Position position;
        Rules rules;
        Move wrong;
        std::uint64_t tag = 0;
    };
    void work();
    // The tables of p's material and its successors under `rules`: the built ones when they hold them,
    // else those solved in memory (solved now if need be). Null when stopped.
    engine::Tables* ready(const Position& p, const Rules& rules);

    std::function<std::unique_ptr<engine::Tables>()> make_built_;
    std::unique_ptr<engine::Tables> built_;  // the worker's
    struct Solved;
    std::map<std::string, std::unique_ptr<Solved>> solved_;  // by rules_text: the worker's
    mutable std::mutex mutex_;
    std::condition_variable wake_worker_, answered_;
    std::deque<Job> jobs_;
    std::deque<Explained> answers_;
    std::string problem_;
    std::string source_;
    bool stop_ = false;
    play::Wakeup wakeup_;
    std::thread thread_;
};

// The player's way through the puzzles, shared by both front ends (as learn::Course is the lessons').
class PuzzleRun {
public:
    // `data_folder` empty: the progress is kept in memory only.
    PuzzleRun(std::vector<puzzle::Puzzle> puzzles, std::string data_folder,
              std::function<std::unique_ptr<engine::Tables>()> built_tables);
    const puzzle::Puzzle& puzzle() const { return puzzles_[index_]; }
    const std::vector<puzzle::Puzzle>& puzzles() const { return puzzles_; }
    std::size_t index() const { return index_; }
    const puzzle::Attempt& attempt() const { return attempt_; }
    const puzzle::Progress& progress() const { return progress_; }
    // The puzzle's rating as an opponent (from its difficulty).
    int puzzle_rating() const;
    // The player's rating, rounded: "1500".
    int rating() const;
    // What the progress held of the open puzzle when this attempt began: "solved before", "failed before", "".
    std::string before() const;

    // Opens puzzle i afresh; the next one offered (puzzle::next_puzzle); the open one from its start.
    void open(std::size_t i);
    void next();
    void retry();
    // The next hint: the piece, then the move (the move counts the attempt as failed, as a wrong move).
    std::string hint();
    // Judges the player's move (a legal move, or typed). A wrong one's text says so at once and the
    // tables' reason follows (take_explanation); the rating changes at the attempt's first wrong move and
    // at its end, once a puzzle.
    puzzle::Answer answer(const Move& m);
    puzzle::Answer answer_typed(std::string_view text);
    // The tables' reason for the last wrong move, once it is there (taken once); wait_explanation blocks
    // for it (the screen-reader mode).
    std::optional<std::string> take_explanation();
    std::optional<std::string> wait_explanation();
    bool explaining() const { return owed_ != 0; }
    int wake_fd() const { return tables_.wake_fd(); }
    // What changed the rating last ("Your puzzle rating: 1623 (+123)."), taken once.
    std::string take_rating_change() { return std::exchange(rating_change_, ""); }
    // What went wrong with the progress file (reading it at start, or the last write): "" when nothing.
    std::string take_problem() { return std::exchange(problem_, ""); }
    PuzzleTables& tables() { return tables_; }

private:
    puzzle::Answer after(puzzle::Answer a);
    // Rates the open puzzle once (`won`: solved with no wrong move and no answer shown); a puzzle rated
    // failed and now `solved` is kept as solved later, its rating as it was.
    void rate(bool won, bool solved);
    void save();
    // A fresh attempt at the puzzle at index_.
    void begin_attempt();

    std::vector<puzzle::Puzzle> puzzles_;
    std::string folder_;
    puzzle::Progress progress_;
    std::size_t index_ = 0;
    puzzle::Attempt attempt_;
    int hints_ = 0;
    std::string before_;  // before(), as it stood when the attempt began
    std::string problem_;
    std::string rating_change_;
    bool damaged_ = false;  // the file there could not be read: set aside before the first write
    std::uint64_t asked_ = 0;
    std::uint64_t owed_ = 0;  // the tag of the explanation awaited, 0 none
    PuzzleTables tables_;
};

}  // namespace fetaix::front
