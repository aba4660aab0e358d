#include "autosave.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "files.hpp"

namespace fetaix::store {

Autosave::Autosave(std::string folder) : folder_(std::move(folder)), path_(folder_ + "/autosave.pdn") { try_lock(); }

Autosave::~Autosave() {
    if (lock_fd_ >= 0) ::close(lock_fd_);  // closing releases the lock
}

void Autosave::try_lock() {
    if (ownership_ != Ownership::Unknown) return;
    if (auto problem = make_directories(folder_)) {
        problem_ = *problem;
        return;
    }
    const std::string lock_path = folder_ + "/autosave.lock";
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        problem_ = concat("cannot open ", lock_path, ": ", std::strerror(errno));
        return;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        if (errno == EWOULDBLOCK) ownership_ = Ownership::Elsewhere;
        else problem_ = concat("cannot lock ", lock_path, ": ", std::strerror(errno));
        return;
    }
    lock_fd_ = fd;
    ownership_ = Ownership::Owned;
}

Expected<GameRecord> Autosave::load() const { return load_game_file(path_); }

std::optional<std::string> Autosave::save(const Game& game, const std::vector<Tag>& tags) {
    try_lock();
    if (ownership_ == Ownership::Elsewhere) return std::nullopt;
    if (ownership_ == Ownership::Unknown) return problem_;
    return write_file_atomically(path_, format_pdn(game, tags, true));
}

bool unfinished(const GameRecord& record) {
    return (!record.moves.empty() || !record.redo.empty()) && !to_game(record).over();
}

}  // namespace fetaix::store
