#include "files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace fetaix::store {

namespace {

std::string system_error(std::string_view what, const std::string& path) {
    return concat(what, " ", path, ": ", std::strerror(errno));
}

std::string parent_of(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

// "nobody", or the number when the user (or group) has no name.
std::string owner_name(uid_t uid) {
    if (const passwd* p = ::getpwuid(uid)) return p->pw_name;
    return std::to_string(uid);
}

std::string group_name(gid_t gid) {
    if (const group* g = ::getgrgid(gid)) return g->gr_name;
    return std::to_string(gid);
}

// The temporary file of an atomic write: mkstemp's "PATH.XXXXXX" beside the file it will become, so
// the rename stays within one folder. Removed when it goes out of scope unless it was put in place.
class Temporary {
public:
    explicit Temporary(const std::string& path)
        : name_(path + ".XXXXXX"), fd_(::mkstemp(name_.data())), made_(fd_ >= 0) {}
    ~Temporary() {
        if (fd_ >= 0) ::close(fd_);
        if (made_ && !placed_) ::unlink(name_.c_str());
    }
    Temporary(const Temporary&) = delete;
    Temporary& operator=(const Temporary&) = delete;

    int fd() const { return fd_; }
    const std::string& name() const { return name_; }
    // Writes all of text; false, with errno set, on failure.
    bool write_all(std::string_view text) const {
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return false;
            done += static_cast<std::size_t>(n);
        }
        return true;
    }
    // Flushes the contents to the disk and closes the file; false, with errno set, on failure.
    bool flush_and_close() {
        if (::fsync(fd_) != 0) return false;
        const int fd = std::exchange(fd_, -1);
        return ::close(fd) == 0;
    }
    // The file now stands under its final name: nothing to remove.
    void placed() { placed_ = true; }

private:
    std::string name_;
    int fd_;
    bool made_;
    bool placed_ = false;
};

// A rename (or a new name) reaches the disk only when its folder is flushed too.
void flush_folder_of(const std::string& path) {
    const int folder = ::open(parent_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
}

}  // namespace

bool valid_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t n = 0;
        std::uint32_t code = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c >> 5) == 0x6) {
            n = 1, code = c & 0x1fu;
        } else if ((c >> 4) == 0xe) {
            n = 2, code = c & 0x0fu;
        } else if ((c >> 3) == 0x1e) {
            n = 3, code = c & 0x07u;
        } else {
            return false;
        }
        if (i + n >= text.size()) return false;  // cut off at the end
        for (std::size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(text[i + k]);
            if ((d >> 6) != 0x2) return false;
            code = (code << 6) | (d & 0x3fu);
        }
        // No overlong forms, no surrogates, nothing past U+10FFFF.
        const std::uint32_t least[] = {0, 0x80, 0x800, 0x10000};
        if (code < least[n] || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return false;
        i += n + 1;
    }
    return true;
}

namespace {

// A regular file opened for reading without blocking, with its size when opened.
struct RegularFile {
    int fd;
    std::uint64_t size;
};

Expected<RegularFile> open_regular(const std::string& path, std::string_view what) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return Error{system_error("cannot open", path)};
    struct stat info {};
    if (fstat(fd, &info) != 0) {
        const Error e{system_error("cannot read", path)};
        ::close(fd);
        return e;
    }
    if (S_ISDIR(info.st_mode)) {
        ::close(fd);
        return Error{concat(path, " is a folder, not ", what)};
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return Error{concat(path, " is not a regular file")};
    }
    return RegularFile{fd, static_cast<std::uint64_t>(info.st_size)};
}

}  // namespace

int open_in_place(const std::string& path, int flags, mode_t mode) {
    return ::open(path.c_str(), flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode);
}

std::optional<std::string> in_place_refusal(int fd, const std::string& path, std::string_view what) {
    struct stat info {};
    if (::fstat(fd, &info) != 0) return concat("cannot use ", what, ": ", std::strerror(errno), ": ", path);
    if (!S_ISREG(info.st_mode)) return concat(what, " is not a regular file: ", path);
    // A hard link planted to another user's file is as bad as a symbolic one.
    if (info.st_nlink > 1) return concat(what, " has other names (hard links), not written: ", path);
    return std::nullopt;
}

std::string in_place_failure(std::string_view what, const std::string& path) {
    if (errno == ELOOP) return concat(what, " is a symbolic link (not followed): ", path);
    // A FIFO with no reader (opened to write without waiting), or a device with none behind it.
    if (errno == ENXIO) return concat(what, " is not a regular file: ", path);
    return concat("cannot open ", what, ": ", std::strerror(errno), ": ", path);
}

Expected<int> open_regular_file(const std::string& path, std::string_view what) {
    const auto opened = open_regular(path, what);
    if (!opened) return opened.error();
    return opened->fd;
}

Expected<std::string> read_text_file(const std::string& path, const TextFileKind& kind) {
    const auto opened = open_regular(path, kind.what);
    if (!opened) return opened.error();
    const int fd = opened->fd;
    const std::string too_large = concat(path, " is too large for ", kind.what, " (over ", kind.size_words, ")");
    if (opened->size > kind.max_bytes) {
        ::close(fd);
        return Error{too_large};
    }
    std::string text;
    char buffer[65536];
    while (true) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const Error e{system_error("cannot read", path)};
            ::close(fd);
            return e;
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > kind.max_bytes) {  // the file grew while being read
            ::close(fd);
            return Error{too_large};
        }
    }
    ::close(fd);
    if (text.empty() && !kind.may_be_empty) return Error{concat(path, " is empty")};
    if (!kind.text) return text;
    if (text.starts_with("\x1f\x8b"))
        return Error{concat(path, " is compressed (gzip): unpack it first (gunzip -k ", path, ")")};
    if (text.find('\0') != std::string::npos) return Error{concat(path, " holds binary data, not ", kind.what)};
    if (!valid_utf8(text)) return Error{concat(path, " is not valid UTF-8 text")};
    return text;
}

Expected<std::vector<std::uint8_t>> read_sized_file(const std::string& path, std::string_view what,
                                                    std::uint64_t size) {
    const auto opened = open_regular(path, what);
    if (!opened) return opened.error();
    const int fd = opened->fd;
    if (opened->size != size) {
        ::close(fd);
        return Error{concat(path, ": ", opened->size, " bytes, expected ", size)};
    }
    std::vector<std::uint8_t> bytes(size);
    std::uint64_t done = 0;
    // One byte more than the size is asked for at the end: a file that grew since is refused.
    std::uint8_t beyond = 0;
    while (true) {
        const bool full = done == size;
        const ssize_t n = full ? ::read(fd, &beyond, 1) : ::read(fd, bytes.data() + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const Error e{system_error("cannot read", path)};
            ::close(fd);
            return e;
        }
        if (n == 0 || full) {
            ::close(fd);
            if (full && n > 0) return Error{concat(path, ": changed while being read")};
            if (!full) return Error{concat(path, ": ", done, " bytes, expected ", size)};
            return bytes;
        }
        done += static_cast<std::uint64_t>(n);
    }
}

Expected<std::string> read_record_file(const std::string& path) {
    return read_text_file(path, {kMaxRecordBytes, "a game record", "1 MiB", false});
}

Expected<GameRecord> load_game_file(const std::string& path, const std::atomic<bool>* stop) {
    auto text = read_record_file(path);
    if (!text) return text.error();
    auto records = parse_pdn(*text, stop);
    if (!records) {
        Error e = records.error();
        e.message = concat(path, ": ", e.describe());
        e.line = e.column = 0;
        return e;
    }
    GameRecord first = std::move(records->front());
    if (records->size() > 1)
        first.notes.push_back(concat(path, " holds ", records->size(), " games; the first was opened"));
    return first;
}

std::optional<std::string> make_directories(const std::string& path) {
    if (path.empty()) return std::string("no folder given");
    std::string partial;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t slash = path.find('/', start);
        partial = path.substr(0, slash == std::string::npos ? path.size() : slash);
        if (!partial.empty() && ::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
            return system_error("cannot create", partial);
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return system_error("cannot use", path);
    if (!S_ISDIR(info.st_mode)) return concat(path, " is not a folder");
    return std::nullopt;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text) {
    return write_file_atomically(path, [text](const PieceSink& sink) { return sink(text); });
}

Expected<std::optional<std::string>> read_kept_file(const std::string& path, const TextFileKind& kind) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 && errno == ENOENT) return std::optional<std::string>{};
    auto text = read_text_file(path, kind);
    if (!text) return text.error();
    return std::optional<std::string>(std::move(*text));
}

std::optional<std::string> write_kept_file(const std::string& folder, const std::string& path, std::string_view text) {
    if (auto problem = make_directories(folder)) return problem;
    return write_file_atomically(path, text);
}

std::optional<std::string> write_file_atomically(const std::string& path,
                                                 const std::function<bool(const PieceSink&)>& produce) {
    // mkstemp makes a new file of a name no one could have planted a link at, unlike PATH.tmp.
    Temporary temporary(path);
    if (temporary.fd() < 0) return system_error("cannot write in the folder of", path);
    if (!produce([&temporary](std::string_view piece) { return temporary.write_all(piece); }))
        return system_error("cannot write", path);
    if (::fchmod(temporary.fd(), 0644) != 0) return system_error("cannot set the permissions of", path);
    if (!temporary.flush_and_close()) return system_error("cannot flush", path);
    if (::rename(temporary.name().c_str(), path.c_str()) != 0) return system_error("cannot replace", path);
    temporary.placed();
    flush_folder_of(path);
    return std::nullopt;
}

std::string state_directory() {
    const char* xdg = std::getenv("XDG_STATE_HOME");
    if (xdg != nullptr && xdg[0] == '/') return concat(xdg, "/fetaix");
    const char* home = std::getenv("HOME");
    return concat(home != nullptr && home[0] != '\0' ? home : ".", "/.local/state/fetaix");
}

std::string data_directory() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg != nullptr && xdg[0] == '/') return concat(xdg, "/fetaix");
    const char* home = std::getenv("HOME");
    return concat(home != nullptr && home[0] != '\0' ? home : ".", "/.local/share/fetaix");
}

std::string default_save_name(std::time_t now) {
    std::tm local{};
    localtime_r(&now, &local);
    char name[64];
    std::strftime(name, sizeof name, "fetaix-%Y%m%d-%H%M.pdn", &local);
    return name;
}

}  // namespace fetaix::store

namespace fetaix::store {

std::string unused_save_name(std::time_t now, const std::string& folder) {
    const std::string base = default_save_name(now);
    const std::string stem = base.substr(0, base.size() - 4);  // without ".pdn"
    std::string name = base;
    for (int n = 2; inspect_path(folder + "/" + name).kind != EntryKind::Missing; ++n)
        name = concat(stem, "-", n, ".pdn");
    return name;
}

PathEntry inspect_path(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno == ENOENT) return {EntryKind::Missing, "", ""};
        return {EntryKind::Unknown, std::strerror(errno), ""};
    }
    if (S_ISREG(info.st_mode)) return {EntryKind::File, "", ""};
    if (S_ISDIR(info.st_mode)) return {EntryKind::Folder, "", ""};
    if (S_ISFIFO(info.st_mode)) return {EntryKind::Fifo, "", ""};
    if (S_ISSOCK(info.st_mode)) return {EntryKind::Socket, "", ""};
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode)) return {EntryKind::Device, "", ""};
    if (S_ISLNK(info.st_mode)) {
        char target[4096];
        const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
        return {EntryKind::Symlink, "", n > 0 ? std::string(target, static_cast<std::size_t>(n)) : std::string("?")};
    }
    return {EntryKind::Unknown, "not a file, folder, link, FIFO, socket or device", ""};
}

std::optional<std::string> save_refusal(const std::string& path, const PathEntry& entry) {
    switch (entry.kind) {
        case EntryKind::Missing:
        case EntryKind::File: return std::nullopt;
        case EntryKind::Folder: return concat(path, " is a folder, not a file");
        case EntryKind::Fifo: return concat(path, " is a FIFO (named pipe), not a file");
        case EntryKind::Socket: return concat(path, " is a socket, not a file");
        case EntryKind::Device: return concat(path, " is a device, not a file");
        case EntryKind::Symlink:
            // Replacing a link by a file would cut it; writing through it would touch a file not named.
            return concat(path, " is a symbolic link (to ", entry.link_target, "), not a file");
        case EntryKind::Unknown: return concat("cannot examine ", path, ": ", entry.problem);
    }
    return std::nullopt;
}

std::optional<std::string> save_record_file(const std::string& path, std::string_view text, bool replace) {
    struct stat old {};
    // A file removed since the player agreed to replace it leaves nothing to replace.
    if (replace && ::lstat(path.c_str(), &old) != 0 && errno == ENOENT) replace = false;
    if (replace) {
        if (::lstat(path.c_str(), &old) != 0) return system_error("cannot examine", path);
        if (!S_ISREG(old.st_mode)) return save_refusal(path, inspect_path(path));
    } else if (const PathEntry entry = inspect_path(path); entry.kind != EntryKind::Missing) {
        if (auto refusal = save_refusal(path, entry)) return refusal;
        return concat(path, " exists; it was not replaced");
    }
    Temporary temporary(path);
    const int fd = temporary.fd();
    if (fd < 0) return system_error("cannot write in the folder of", path);
    if (!temporary.write_all(text)) return system_error("cannot write", path);
    mode_t mode = 0;
    if (replace) {
        struct stat mine {};
        if (::fstat(fd, &mine) != 0) return system_error("cannot write", path);
        // The owner first: a change of owner clears the set-user-ID and set-group-ID bits.
        if ((mine.st_uid != old.st_uid || mine.st_gid != old.st_gid) && ::fchown(fd, old.st_uid, old.st_gid) != 0) {
            // Read before the name look-ups, which may change errno.
            const std::string why = std::strerror(errno);
            return mine.st_uid != old.st_uid
                       ? concat("cannot keep the owner (", owner_name(old.st_uid), ") of ", path, ": ", why)
                       : concat("cannot keep the group (", group_name(old.st_gid), ") of ", path, ": ", why);
        }
        mode = old.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (::fchmod(fd, mode) != 0) return system_error("cannot set the permissions of", path);
    if (!temporary.flush_and_close()) return system_error("cannot flush", path);
    if (replace) {
        // What was examined must still be there: another file put there meanwhile is not replaced.
        struct stat now {};
        if (::lstat(path.c_str(), &now) != 0 || now.st_dev != old.st_dev || now.st_ino != old.st_ino)
            return concat(path, " changed while saving; it was not replaced");
        if (::rename(temporary.name().c_str(), path.c_str()) != 0) return system_error("cannot replace", path);
        temporary.placed();
    } else {
        // The file goes in place only if nothing is there, atomically (a hard link where the file
        // system cannot rename without replacing; the temporary name then goes with the Temporary).
        if (::renameat2(AT_FDCWD, temporary.name().c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0) {
            temporary.placed();
        } else {
            if (errno == EEXIST) return concat(path, " appeared while saving; it was not replaced");
            if (errno != EINVAL && errno != ENOSYS) return system_error("cannot create", path);
            if (::link(temporary.name().c_str(), path.c_str()) != 0) {
                if (errno == EEXIST) return concat(path, " appeared while saving; it was not replaced");
                return system_error("cannot create", path);
            }
        }
    }
    flush_folder_of(path);
    return std::nullopt;
}

}  // namespace fetaix::store
