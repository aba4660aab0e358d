#pragma once
// The autosave: the game in play, written to the state folder after every change, so that a dropped
// connection or a crash loses nothing. One fetaix at a time owns it (a lock); a second one is told.
//
// What it never does: write over a game it was not shown. The game found in the autosave is either
// shown to the player under the lock (read_saved(): offered, or moved aside when broken), or checked
// before the first write (a lock taken later, after a failure): a broken file is moved aside to
// autosave-broken-YYYYMMDD-HHMMSS.pdn, an unfinished game that this process neither wrote nor
// continues is moved aside to autosave-kept-YYYYMMDD-HHMMSS.pdn. An owner whose lock file was deleted
// or replaced lets go of it before writing again.

#include <optional>
#include <string>
#include <sys/types.h>

#include <fetaix/fetaix.hpp>

namespace fetaix::store {

class Autosave {
public:
    enum class Ownership {
        Owned,      // this process holds the lock and writes the autosave
        Elsewhere,  // another fetaix holds it: this one must not write
        Unknown,    // the folder or the lock could not be used yet; tried again at the next save
    };

    // Opens (creating if need be) the folder and tries to take the lock.
    explicit Autosave(std::string folder);
    ~Autosave();
    Autosave(const Autosave&) = delete;
    Autosave& operator=(const Autosave&) = delete;

    Ownership ownership() const { return ownership_; }
    const std::string& path() const { return path_; }
    const std::string& folder() const { return folder_; }
    // Why the folder or the lock cannot be used, while ownership() is Unknown: the reason first, the
    // path last ("cannot open the lock: Permission denied: /home/ali/.local/state/fetaix/autosave.lock").
    const std::string& problem() const { return problem_; }

    // The game saved there, if a readable one is. Its notes say why not otherwise.
    Expected<GameRecord> load() const;

    // What the autosave holds, read at start to be shown to the player. A broken file (unreadable or
    // illegal) is moved aside when this process owns the autosave, and the news says why and where;
    // not owning it, the news says it is broken and it stays. Once the owner has read it, the player's
    // choice stands: the game in play may replace it.
    struct Saved {
        std::optional<GameRecord> record;
        std::string news;  // empty, or "the saved game was broken (line 2, column 4: ...), moved to: PATH"
    };
    Saved read_saved();

    // Writes the game (with its redo line and the tags given). Returns, while this game is not being
    // saved, the notice that says so and why ("autosave failing: ...", "autosave off: ..."); the next
    // call tries again. Before writing it checks that the lock file is still the one it locked, and,
    // with a lock newly taken, what the autosave holds (see the top of this file).
    std::optional<std::string> save(const Game& game, const std::vector<Tag>& tags,
                                    const std::vector<std::string>& comments = {});

    // Something the player should hear once (a saved game moved aside), then "".
    std::string take_news();

    // Names the game this process offers to other terminals (its socket's name), written into the lock
    // file beside this process's id, so that a second fetaix on this folder can find it (lock_holder).
    void set_reachable_as(std::string game);

private:
    void try_lock();
    bool still_locked() const;
    void release();
    void remove_stale_temporaries() const;
    // Moves anything at path_ that `game` may not replace out of the way; the error when it cannot.
    std::optional<std::string> make_way_for(const Game& game);
    // Renames path_ to autosave-KIND-YYYYMMDD-HHMMSS[-N].pdn, never over an existing file.
    Expected<std::string> move_aside(std::string_view kind);

    std::string folder_;
    std::string path_;
    std::string lock_path_;
    int lock_fd_ = -1;
    dev_t lock_device_ = 0;
    ino_t lock_inode_ = 0;
    Ownership ownership_ = Ownership::Unknown;
    std::string problem_;
    // Whether what path_ holds may be replaced: read_saved() showed it under the lock, or make_way_for()
    // cleared it. Taking the lock again resets it.
    bool cleared_ = false;
    std::string written_;  // the text this process last wrote: always its own to replace
    std::string news_;
    std::string reachable_as_;  // the game name recorded in the lock file (set_reachable_as)
    void record_holder() const;
};

// Who holds the autosave lock of `folder`, as its lock file says: "fetaix pid=4242 game=local-4242".
struct LockHolder {
    pid_t pid = 0;     // 0: not recorded (a lock file made read-only, an older fetaix)
    std::string game;  // the game's name to reach it by (net::find_game); empty: it takes no requests
};
// The holder while a process holds the lock, else nothing (no lock file, or free).
std::optional<LockHolder> lock_holder(const std::string& folder);

// Whether a saved game is worth offering to resume: it has moves (played or to redo) and has not ended.
bool unfinished(const GameRecord& record);

// Whether `game` goes on from `saved`: the same start and rules, and the saved line (moves and redo line)
// is the beginning of the game's line. Such a game may replace the saved one and nothing is lost.
bool continues(const Game& game, const GameRecord& saved);

// Whether the game in `folder`'s autosave goes on from `shown`: the same game, as far or further (a
// game resumed by another fetaix), not another one started since.
bool autosave_continues(const std::string& folder, const Game& shown);

// "cannot write /a/b: No space left on device" -> "cannot write: No space left on device: /a/b": the
// reason first and the path last, so that a notice cut at the screen's edge loses the path, not why.
std::string reason_first(const std::string& message);

}  // namespace fetaix::store
