#include "files.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

Expected<std::string> read_record_file(const std::string& path) {
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
        return Error{concat(path, " is a folder, not a game record")};
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return Error{concat(path, " is not a regular file")};
    }
    if (static_cast<std::size_t>(info.st_size) > kMaxRecordBytes) {
        ::close(fd);
        return Error{concat(path, " is too large for a game record (over 1 MiB)")};
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
        if (text.size() > kMaxRecordBytes) {  // the file grew while being read
            ::close(fd);
            return Error{concat(path, " is too large for a game record (over 1 MiB)")};
        }
    }
    ::close(fd);
    if (text.empty()) return Error{concat(path, " is empty")};
    if (text.find('\0') != std::string::npos) return Error{concat(path, " holds binary data, not a game record")};
    if (!valid_utf8(text)) return Error{concat(path, " is not valid UTF-8 text")};
    return text;
}

Expected<GameRecord> load_game_file(const std::string& path) {
    auto text = read_record_file(path);
    if (!text) return text.error();
    auto records = parse_pdn(*text);
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
    std::string temporary = path + ".XXXXXX";
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0) return system_error("cannot write in the folder of", path);
    const auto fail = [&](std::string_view what) {
        std::string message = system_error(what, path);
        ::close(fd);
        ::unlink(temporary.c_str());
        return message;
    };
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("cannot write");
        done += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, 0644) != 0) return fail("cannot set the permissions of");
    if (::fsync(fd) != 0) return fail("cannot flush");
    if (::close(fd) != 0) {
        std::string message = system_error("cannot close", path);
        ::unlink(temporary.c_str());
        return message;
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        std::string message = system_error("cannot replace", path);
        ::unlink(temporary.c_str());
        return message;
    }
    // The rename itself must reach the disk too.
    const int folder = ::open(parent_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
    return std::nullopt;
}

std::string state_directory() {
    const char* xdg = std::getenv("XDG_STATE_HOME");
    if (xdg != nullptr && xdg[0] == '/') return concat(xdg, "/fetaix");
    const char* home = std::getenv("HOME");
    return concat(home != nullptr && home[0] != '\0' ? home : ".", "/.local/state/fetaix");
}

std::string default_save_name(std::time_t now) {
    std::tm local{};
    localtime_r(&now, &local);
    char name[64];
    std::strftime(name, sizeof name, "fetaix-%Y%m%d-%H%M.pdn", &local);
    return name;
}

}  // namespace fetaix::store
