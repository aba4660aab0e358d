#pragma once
// The autosave: the game in play, written to the state folder after every change, so that a dropped
// connection or a crash loses nothing. One fetaix at a time owns it (a lock); a second one is told.

#include <optional>
#include <string>

#include <fetaix/fetaix.hpp>

namespace fetaix::store {

class Autosave {
public:
    enum class Ownership {
        Owned,      // this process holds the lock and writes the autosave
        Elsewhere,  // another fetaix holds it: this one must not write
        Unknown,    // the folder could not be used yet; tried again at the next save
    };

    // Opens (creating if need be) the folder and tries to take the lock.
    explicit Autosave(std::string folder);
    ~Autosave();
    Autosave(const Autosave&) = delete;
    Autosave& operator=(const Autosave&) = delete;

    Ownership ownership() const { return ownership_; }
    const std::string& path() const { return path_; }
    const std::string& folder() const { return folder_; }
    // Why the folder cannot be used, while ownership() is Unknown.
    const std::string& problem() const { return problem_; }

    // The game saved there, if a readable one is. Its notes say why not otherwise.
    Expected<GameRecord> load() const;

    // Writes the game (with its redo line and the tags given). Returns an error message, and the
    // next call tries again. Does nothing when another fetaix owns the autosave.
    std::optional<std::string> save(const Game& game, const std::vector<Tag>& tags);

private:
    void try_lock();

    std::string folder_;
    std::string path_;
    int lock_fd_ = -1;
    Ownership ownership_ = Ownership::Unknown;
    std::string problem_;
};

// Whether a saved game is worth offering to resume: it has moves (played or to redo) and has not ended.
bool unfinished(const GameRecord& record);

}  // namespace fetaix::store
