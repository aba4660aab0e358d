#include "autosave.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "files.hpp"

namespace fetaix::store {

namespace {

std::string system_error(std::string_view what, const std::string& path) {
    return concat(what, ": ", std::strerror(errno), ": ", path);
}

// The name write_file_atomically() gives its temporary files: mkstemp's "autosave.pdn.XXXXXX".
bool is_temporary_name(std::string_view name) {
    constexpr std::string_view stem = "autosave.pdn.";
    if (name.size() != stem.size() + 6 || name.substr(0, stem.size()) != stem) return false;
    for (char c : name.substr(stem.size()))
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

// Why a saved file is broken, without its path (the notice names where it went instead).
std::string broken_reason(const std::string& path, std::string message) {
    if (message.rfind(path + ": ", 0) == 0) message.erase(0, path.size() + 2);
    const std::size_t at = message.find(path);
    if (at != std::string::npos) message.replace(at, path.size(), "autosave.pdn");
    return message;
}

}  // namespace

std::string reason_first(const std::string& message) {
    // "<what> /<path>: <reason>", where the reason (strerror's) holds no ": ".
    const std::size_t start = message.find(" /");
    const std::size_t end = message.rfind(": ");
    if (start == std::string::npos || end == std::string::npos || end < start) return message;
    return concat(message.substr(0, start), ": ", message.substr(end + 2), ": ",
                  message.substr(start + 1, end - start - 1));
}

Autosave::Autosave(std::string folder)
    : folder_(std::move(folder)), path_(folder_ + "/autosave.pdn"), lock_path_(folder_ + "/autosave.lock") {
    try_lock();
}

Autosave::~Autosave() { release(); }

void Autosave::release() {
    if (lock_fd_ >= 0) ::close(lock_fd_);  // closing releases the lock
    lock_fd_ = -1;
    ownership_ = Ownership::Unknown;
}

void Autosave::try_lock() {
    if (ownership_ == Ownership::Owned) return;
    ownership_ = Ownership::Unknown;
    if (auto problem = make_directories(folder_)) {
        problem_ = reason_first(*problem);
        return;
    }
    // Never through a symbolic link nor waiting on a FIFO put in its place (open_in_place).
    int fd = open_in_place(lock_path_, O_RDWR | O_CREAT, 0644);
    // flock needs no write access: a lock file made read-only (mode 444, a read-only folder) still locks.
    if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        const int first = errno;
        fd = open_in_place(lock_path_, O_RDONLY, 0);
        if (fd < 0 && errno != ELOOP)
            errno = first;  // why it could not be made or written is the news, not that it is missing
    }
    if (fd < 0) {
        problem_ = in_place_failure("the lock", lock_path_);
        return;
    }
    if (auto refusal = in_place_refusal(fd, lock_path_, "the lock")) {
        problem_ = *refusal;
        ::close(fd);
        return;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        problem_ = system_error("cannot use the lock", lock_path_);
        ::close(fd);
        return;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK) {
            ownership_ = Ownership::Elsewhere;
            problem_ = concat("another fetaix holds the lock: ", lock_path_);
        } else {
            problem_ = system_error("cannot lock", lock_path_);
        }
        ::close(fd);
        return;
    }
    lock_fd_ = fd;
    lock_device_ = info.st_dev;
    lock_inode_ = info.st_ino;
    // The file could have been deleted or replaced between open and flock: then it guards nothing.
    if (!still_locked()) {
        release();
        problem_ = concat("the lock file was replaced while being locked: ", lock_path_);
        return;
    }
    ownership_ = Ownership::Owned;
    problem_.clear();
    cleared_ = false;
    remove_stale_temporaries();
    record_holder();
}

void Autosave::record_holder() const {
    if (lock_fd_ < 0) return;
    // Best effort: a lock file opened read-only still locks, it just cannot say who holds it.
    std::string line = concat("fetaix pid=", ::getpid());
    if (!reachable_as_.empty()) line += concat(" game=", reachable_as_);
    line += "\n";
    if (::ftruncate(lock_fd_, 0) == 0) (void)!::pwrite(lock_fd_, line.data(), line.size(), 0);
}

void Autosave::set_reachable_as(std::string game) {
    reachable_as_ = std::move(game);
    if (ownership_ == Ownership::Owned) record_holder();
}

std::optional<LockHolder> lock_holder(const std::string& folder) {
    const std::string path = folder + "/autosave.lock";
    const int fd = open_in_place(path, O_RDONLY, 0);
    if (fd < 0) return std::nullopt;
    // A shared lock is refused only while someone holds the exclusive one.
    if (in_place_refusal(fd, path, "the lock") || ::flock(fd, LOCK_SH | LOCK_NB) == 0 || errno != EWOULDBLOCK) {
        ::close(fd);
        return std::nullopt;
    }
    char buffer[256] = {};
    const ssize_t got = ::pread(fd, buffer, sizeof buffer - 1, 0);
    ::close(fd);
    LockHolder holder;
    const std::string text(buffer, got > 0 ? static_cast<std::size_t>(got) : 0);
    if (text.rfind("fetaix ", 0) != 0) return holder;
    std::size_t at = 7;
    while (at < text.size() && text[at] != '\n') {
        std::size_t end = at;
        while (end < text.size() && text[end] != ' ' && text[end] != '\n') ++end;
        const std::string_view field(text.data() + at, end - at);
        if (field.rfind("pid=", 0) == 0) {
            int pid = 0;
            const auto [end_of_number, error] = std::from_chars(field.data() + 4, field.data() + field.size(), pid);
            if (error == std::errc() && end_of_number == field.data() + field.size() && pid > 0) holder.pid = pid;
        } else if (field.rfind("game=", 0) == 0) {
            holder.game = std::string(field.substr(5));
        }
        at = end < text.size() && text[end] == ' ' ? end + 1 : end;
    }
    return holder;
}

bool Autosave::still_locked() const {
    struct stat now {};
    return lock_fd_ >= 0 && ::stat(lock_path_.c_str(), &now) == 0 && now.st_dev == lock_device_ &&
           now.st_ino == lock_inode_;
}

void Autosave::remove_stale_temporaries() const {
    // Only the owner writes them, so with the lock taken any left are from an interrupted write.
    DIR* dir = ::opendir(folder_.c_str());
    if (dir == nullptr) return;
    const int dir_fd = ::dirfd(dir);
    while (const dirent* entry = ::readdir(dir)) {
        if (!is_temporary_name(entry->d_name)) continue;
        struct stat info {};
        if (::fstatat(dir_fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(info.st_mode))
            ::unlinkat(dir_fd, entry->d_name, 0);
    }
    ::closedir(dir);
}

Expected<GameRecord> Autosave::load() const { return load_game_file(path_); }

Autosave::Saved Autosave::read_saved() {
    Saved saved;
    struct stat info {};
    if (::lstat(path_.c_str(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR)) {
        cleared_ = ownership_ == Ownership::Owned;
        return saved;
    }
    auto record = load();
    if (record) {
        saved.record = std::move(*record);
        cleared_ = ownership_ == Ownership::Owned;
        return saved;
    }
    const std::string why = broken_reason(path_, record.error().message);
    if (ownership_ != Ownership::Owned) {
        saved.news = concat("the saved game is broken (", why, "), left as it is: ", path_);
        return saved;
    }
    auto aside = move_aside("broken");
    if (!aside) {
        saved.news = concat("the saved game is broken (", why, "), kept until it can be moved aside: ", path_);
        return saved;
    }
    saved.news = concat("the saved game was broken (", why, "), moved to: ", *aside);
    cleared_ = true;
    return saved;
}

std::optional<std::string> Autosave::make_way_for(const Game& game) {
    struct stat info {};
    if (::lstat(path_.c_str(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR)) return std::nullopt;
    const auto text = read_record_file(path_);
    if (text && *text == written_) return std::nullopt;
    std::string kind = "broken";
    std::string why;
    if (text) {
        auto records = parse_pdn(*text);
        if (records) {
            const GameRecord& saved = records->front();
            if (!unfinished(saved) || continues(game, saved)) return std::nullopt;
            kind = "kept";
            const std::size_t moves = full_moves(saved.start.side_to_move, saved.moves.size());
            why = concat("another unfinished game (", moves, moves == 1 ? " move)" : " moves)");
        } else {
            why = concat("a broken game (", records.error().describe(), ")");
        }
    } else {
        why = concat("a broken game (", broken_reason(path_, text.error().message), ")");
    }
    auto aside = move_aside(kind);
    if (!aside) return concat("cannot move aside ", why, ": ", aside.error().message);
    news_ = concat("the autosave held ", why, ", moved to: ", *aside);
    return std::nullopt;
}

Expected<std::string> Autosave::move_aside(std::string_view kind) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    for (int n = 1; n < 1000; ++n) {
        const std::string target = n == 1 ? concat(folder_, "/autosave-", kind, "-", stamp, ".pdn")
                                          : concat(folder_, "/autosave-", kind, "-", stamp, "-", n, ".pdn");
        if (::renameat2(AT_FDCWD, path_.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) return target;
        if (errno == EEXIST) continue;
        if (errno != EINVAL && errno != ENOSYS) return Error{system_error("cannot rename", path_)};
        // A file system without RENAME_NOREPLACE: look first (only the owner of the lock gets here).
        struct stat info {};
        if (::lstat(target.c_str(), &info) == 0) continue;
        if (::rename(path_.c_str(), target.c_str()) == 0) return target;
        return Error{system_error("cannot rename", path_)};
    }
    return Error{concat("no free name beside: ", path_)};
}

std::optional<std::string> Autosave::save(const Game& game, const std::vector<Tag>& tags,
                                          const std::vector<std::string>& comments) {
    // Deleted or replaced, the lock file no longer keeps a second fetaix out: let go and take it anew.
    if (ownership_ == Ownership::Owned && !still_locked()) release();
    try_lock();
    if (ownership_ == Ownership::Elsewhere) return concat("autosave off: ", problem_);
    if (ownership_ == Ownership::Unknown) return concat("autosave failing: ", problem_);
    if (!cleared_) {
        if (auto problem = make_way_for(game)) return concat("autosave failing: ", *problem);
        cleared_ = true;
    }
    // Never more than the next start reads: a record over 1 MiB would be called broken and moved aside.
    auto fitted = format_pdn_within(game, tags, true, kMaxRecordBytes, comments);
    if (!fitted) return concat("autosave failing: ", fitted.error().message);
    if (!fitted->cut.empty())
        news_ = concat(cut_tags_text(fitted->cut), " cut in the autosave, which holds at most 1 MiB");
    std::string text = std::move(fitted->text);
    if (auto problem = write_file_atomically(path_, text)) return concat("autosave failing: ", reason_first(*problem));
    written_ = std::move(text);
    return std::nullopt;
}

std::string Autosave::take_news() { return std::exchange(news_, std::string()); }

bool unfinished(const GameRecord& record) {
    return (!record.moves.empty() || !record.redo.empty()) && !to_game(record).over();
}

bool continues(const Game& game, const GameRecord& saved) {
    if (!(game.start() == saved.start) || !(game.rules() == saved.rules)) return false;
    std::vector<Move> line = game.moves();
    for (const Move& m : game.redo_line()) line.push_back(m);
    std::vector<Move> saved_line = saved.moves;
    for (const Move& m : saved.redo) saved_line.push_back(m);
    if (saved_line.size() > line.size()) return false;
    for (std::size_t i = 0; i < saved_line.size(); ++i)
        if (!(saved_line[i] == line[i])) return false;
    return true;
}

bool autosave_continues(const std::string& folder, const Game& shown) {
    const auto saved = load_game_file(folder + "/autosave.pdn");
    if (!saved) return false;
    GameRecord line;
    line.rules = shown.rules();
    line.start = shown.start();
    line.moves = shown.moves();
    return continues(to_game(*saved), line);
}

}  // namespace fetaix::store
