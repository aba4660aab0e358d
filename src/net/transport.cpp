#include "net/transport.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <poll.h>
#include <pwd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>

namespace fetaix::net {

namespace {

std::string errno_text(int e) { return std::strerror(e); }

std::string mode_text(mode_t mode) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
    return buf;
}

bool fill_address(const std::string& path, sockaddr_un& addr) {
    std::memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof addr.sun_path) return false;
    std::memcpy(addr.sun_path, path.data(), path.size());
    return true;
}

bool is_socket_file(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode);
}

// Connects a new non-blocking socket to path: the fd, or -1 with errno set.
int raw_connect(const std::string& path) {
    sockaddr_un addr{};
    if (!fill_address(path, addr)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0 || errno == EINPROGRESS) return fd;
    const int e = errno;
    ::close(fd);
    errno = e;
    return -1;
}

}  // namespace

std::optional<std::string> check_game_name(std::string_view name) {
    const bool ok = !name.empty() && name.size() <= 32 && name.front() != '.' && name.front() != '-' &&
                    std::all_of(name.begin(), name.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                               c == '_' || c == '.';
                    });
    if (ok) return std::nullopt;
    return std::string("a game name is 1 to 32 letters, digits, '-', '_' or '.', not starting with '.' or '-'");
}

std::string private_folder_path() {
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    // As the XDG specification says, a relative path is ignored.
    if (runtime != nullptr && runtime[0] == '/') return concat(runtime, "/fetaix");
    return concat("/tmp/fetaix-", std::to_string(::geteuid()));
}

std::string shared_folder_path() { return "/tmp/fetaix-shared"; }

Expected<std::string> prepare_folder(const std::string& path, bool shared) {
    if (::mkdir(path.c_str(), shared ? 01777 : 0700) == 0) {
        // The umask may have taken bits away from a folder this process just made.
        if (::chmod(path.c_str(), shared ? 01777 : 0700) != 0)
            return Error{concat("cannot set the mode of ", path, ": ", errno_text(errno))};
    } else if (errno != EEXIST) {
        return Error{concat("cannot create ", path, ": ", errno_text(errno))};
    }
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return Error{concat("cannot use ", path, ": ", errno_text(errno))};
    if (!S_ISDIR(st.st_mode)) return Error{concat(path, " is not a folder: refusing to use it")};
    if (shared) {
        if ((st.st_mode & 01777) != 01777)
            return Error{concat(path, " is mode ", mode_text(st.st_mode), ", not 1777: refusing to use it")};
        return path;
    }
    if (st.st_uid != ::geteuid()) return Error{concat(path, " belongs to another user: refusing to use it")};
    if ((st.st_mode & 07777) != 0700)
        return Error{concat(path, " is mode ", mode_text(st.st_mode), ", not 0700: refusing to use it")};
    return path;
}

Expected<std::string> socket_path(const std::string& folder, std::string_view name) {
    if (auto why = check_game_name(name)) return Error{*why};
    std::string path = concat(folder, "/", name, ".sock");
    if (path.size() >= sizeof(sockaddr_un{}.sun_path))
        return Error{concat("the socket path is too long (", path.size(), " bytes, at most ",
                            sizeof(sockaddr_un{}.sun_path) - 1, "): ", path)};
    return path;
}

Expected<GameSocket> find_game(std::string_view name) {
    if (auto why = check_game_name(name)) return Error{*why};
    const std::string mine = private_folder_path();
    auto folder = prepare_folder(mine, false);
    struct stat st {};
    // A private folder that cannot be made (no XDG_RUNTIME_DIR folder) holds no game; one that is there
    // but not ours alone is refused.
    if (!folder && ::lstat(mine.c_str(), &st) == 0) return folder.error();
    if (folder) {
        auto path = socket_path(*folder, name);
        if (path && is_socket_file(*path)) return GameSocket{*path, false};
    }
    auto path = socket_path(shared_folder_path(), name);
    if (path && is_socket_file(*path)) return GameSocket{*path, true};
    return Error{concat("no game named ", name, " is hosted here (fetaix hosts lists the games)")};
}

// --- Listener ---

Expected<Listener> Listener::open(const std::string& path, bool shared) {
    sockaddr_un addr{};
    if (!fill_address(path, addr)) return Error{concat("the socket path is too long: ", path)};
    Listener l;
    l.fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (l.fd_ < 0) return Error{concat("cannot make a socket: ", errno_text(errno))};
    if (::bind(l.fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
        if (errno != EADDRINUSE) return Error{concat("cannot listen at ", path, ": ", errno_text(errno))};
        if (!is_socket_file(path)) return Error{concat(path, " exists and is not a socket: refusing to replace it")};
        const int probe = raw_connect(path);
        if (probe >= 0) {
            ::close(probe);
            return Error{concat("a game with this name is already hosted at ", path)};
        }
        if (errno != ECONNREFUSED) return Error{concat("cannot listen at ", path, ": ", errno_text(errno))};
        // The socket of a host that is gone: replace it.
        if (::unlink(path.c_str()) != 0)
            return Error{concat("cannot remove the stale socket ", path, ": ", errno_text(errno))};
        if (::bind(l.fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0)
            return Error{concat("cannot listen at ", path, ": ", errno_text(errno))};
    }
    l.path_ = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        l.device_ = st.st_dev;
        l.inode_ = st.st_ino;
    }
    // Others may connect to a shared game's socket (its codes guard it); a private one is ours alone.
    if (::chmod(path.c_str(), shared ? 0666 : 0600) != 0)
        return Error{concat("cannot set the mode of ", path, ": ", errno_text(errno))};
    if (::listen(l.fd_, 128) != 0) return Error{concat("cannot listen at ", path, ": ", errno_text(errno))};
    l.spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    return l;
}

Listener::Listener(Listener&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), spare_fd_(std::exchange(other.spare_fd_, -1)), path_(std::move(other.path_)),
      device_(other.device_), inode_(other.inode_) {
    other.path_.clear();
}

Listener& Listener::operator=(Listener&& other) noexcept {
    if (this != &other) {
        close_all();
        fd_ = std::exchange(other.fd_, -1);
        spare_fd_ = std::exchange(other.spare_fd_, -1);
        path_ = std::move(other.path_);
        other.path_.clear();
        device_ = other.device_;
        inode_ = other.inode_;
    }
    return *this;
}

Listener::~Listener() { close_all(); }

void Listener::close_all() {
    if (fd_ >= 0) {
        struct stat st {};
        // Only our own socket file: another host may have replaced it since.
        if (!path_.empty() && ::lstat(path_.c_str(), &st) == 0 && st.st_dev == device_ && st.st_ino == inode_)
            ::unlink(path_.c_str());
        ::close(fd_);
    }
    if (spare_fd_ >= 0) ::close(spare_fd_);
    fd_ = spare_fd_ = -1;
}

int Listener::accept_one() {
    if (fd_ < 0) return -1;
    const int fd = ::accept4(fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) return fd;
    if ((errno == EMFILE || errno == ENFILE) && spare_fd_ >= 0) {
        // Out of descriptors: free the spare one to take the connection off the queue and close it.
        ::close(spare_fd_);
        const int dropped = ::accept(fd_, nullptr, nullptr);
        if (dropped >= 0) ::close(dropped);
        spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    }
    return -1;
}

namespace {
// Why a private socket's listener is refused: another user's, or one the kernel cannot name.
std::optional<std::string> not_ours(int fd, const std::string& path) {
    const auto cred = peer_credentials(fd);
    if (!cred) return concat("cannot tell who listens at ", path, " (no peer credentials): refusing to talk to it");
    if (cred->uid != ::geteuid())
        return concat("the game at ", path, " is run by another user (", cred->login, "): refusing to talk to it");
    return std::nullopt;
}
}  // namespace

Expected<int> connect_to(const std::string& path, bool shared) {
    const int fd = raw_connect(path);
    if (fd >= 0) {
        if (shared) return fd;
        auto why = not_ours(fd, path);
        if (!why) return fd;
        ::close(fd);
        return Error{*why};
    }
    switch (errno) {
        case ENOENT: return Error{concat("no game is hosted at ", path)};
        case ECONNREFUSED: return Error{concat("the game at ", path, " is gone (connection refused)")};
        case EAGAIN: return Error{concat("the game at ", path, " is too busy to answer (try again)")};
        case ENAMETOOLONG: return Error{concat("the socket path is too long: ", path)};
        default: return Error{concat("cannot connect to ", path, ": ", errno_text(errno))};
    }
}

std::optional<PeerCredentials> peer_credentials(int fd) {
    ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return std::nullopt;
    PeerCredentials out{cred.uid, cred.pid, std::to_string(cred.uid)};
    passwd pw{};
    passwd* found = nullptr;
    char buf[4096];
    if (::getpwuid_r(cred.uid, &pw, buf, sizeof buf, &found) == 0 && found != nullptr && found->pw_name != nullptr)
        out.login = found->pw_name;
    return out;
}

// --- Connection ---

Connection::Connection(int fd, const Limits& limits, TimePoint now)
    : fd_(fd), limits_(limits), opened_(now), tokens_(limits.message_burst), refilled_(now) {}

Connection::Connection(Connection&& o) noexcept
    : fd_(std::exchange(o.fd_, -1)), limits_(o.limits_), in_(std::move(o.in_)), out_(std::move(o.out_)),
      out_sent_(o.out_sent_), closed_(o.closed_), failure_(std::move(o.failure_)), opened_(o.opened_),
      partial_since_(o.partial_since_), tokens_(o.tokens_), refilled_(o.refilled_) {}

Connection& Connection::operator=(Connection&& o) noexcept {
    if (this != &o) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(o.fd_, -1);
        limits_ = o.limits_;
        in_ = std::move(o.in_);
        out_ = std::move(o.out_);
        out_sent_ = o.out_sent_;
        closed_ = o.closed_;
        failure_ = std::move(o.failure_);
        opened_ = o.opened_;
        partial_since_ = o.partial_since_;
        tokens_ = o.tokens_;
        refilled_ = o.refilled_;
    }
    return *this;
}

Connection::~Connection() {
    if (fd_ >= 0) ::close(fd_);
}

short Connection::events() const {
    if (closed_) return 0;
    return static_cast<short>(POLLIN | (queued_bytes() > 0 ? POLLOUT : 0));
}

void Connection::fail(std::string why) {
    if (closed_) return;
    failure_ = std::move(why);
    // Tell the peer why, unless its not reading is the reason (nothing more can be queued then).
    if (queued_bytes() + kMaxLineBytes <= limits_.max_output_bytes) {
        out_ += error_line(failure_);
        out_ += '\n';
        flush();
    }
    closed_ = true;
}

void Connection::read_lines(std::vector<std::string>& lines, TimePoint now) {
    // A fair share per call: one peer's flood cannot keep the loop from the others.
    constexpr std::size_t kReadPerCall = 64 * 1024;
    std::size_t taken = 0;
    char buf[4096];
    while (!closed_ && taken < kReadPerCall) {
        const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) closed_ = true;
            break;
        }
        if (n == 0) {
            closed_ = true;
            break;
        }
        taken += static_cast<std::size_t>(n);
        std::size_t start = 0;
        const std::string_view chunk(buf, static_cast<std::size_t>(n));
        while (start < chunk.size()) {
            const std::size_t nl = chunk.find('\n', start);
            const std::string_view part = chunk.substr(start, nl == std::string_view::npos ? chunk.size() - start
                                                                                           : nl - start);
            if (in_.size() + part.size() + 1 > kMaxLineBytes) {
                fail(concat("line longer than ", kMaxLineBytes, " bytes"));
                return;
            }
            in_.append(part);
            if (nl == std::string_view::npos) break;
            // One token per line, refilled at the sustained rate.
            const double seconds = std::chrono::duration<double>(now - refilled_).count();
            tokens_ = std::min(limits_.message_burst, tokens_ + seconds * limits_.messages_per_second);
            refilled_ = now;
            if (tokens_ < 1) {
                fail(concat("more than ", static_cast<int>(limits_.messages_per_second), " messages a second"));
                return;
            }
            tokens_ -= 1;
            if (!in_.empty() && in_.back() == '\r') in_.pop_back();
            lines.push_back(std::move(in_));
            in_.clear();
            partial_since_.reset();
            start = nl + 1;
        }
        if (!in_.empty() && !partial_since_) partial_since_ = now;
    }
}

void Connection::send(std::string_view line) {
    if (closed_) return;
    if (queued_bytes() + line.size() + 1 > limits_.max_output_bytes) {
        failure_ = concat("not reading: over ", limits_.max_output_bytes / 1024, " KiB waiting to be sent");
        closed_ = true;
        return;
    }
    if (out_sent_ > 0 && out_sent_ >= out_.size() / 2) {
        out_.erase(0, out_sent_);
        out_sent_ = 0;
    }
    out_.append(line);
    out_ += '\n';
}

void Connection::flush() {
    while (fd_ >= 0 && out_sent_ < out_.size()) {
        const ssize_t n = ::send(fd_, out_.data() + out_sent_, out_.size() - out_sent_, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) closed_ = true;
            return;
        }
        out_sent_ += static_cast<std::size_t>(n);
    }
    if (out_sent_ == out_.size()) {
        out_.clear();
        out_sent_ = 0;
    }
}

void Connection::send_and_close(std::string_view line) {
    send(line);
    flush();
    closed_ = true;
}

// --- Listing ---

namespace {

// The hosts of a folder being asked what game they hold: a listing for each socket, and the
// connections still waiting for an answer.
struct HostsAsked {
    std::vector<HostListing> out;
    std::vector<std::unique_ptr<Connection>> conns;
    std::vector<std::size_t> index;  // conns[i] asks for out[index[i]]
};

// Why a socket could not be connected to; the socket of a host that is gone is removed.
void note_unreachable(HostListing& l) {
    if (errno != ECONNREFUSED) {
        l.problem = concat("cannot connect: ", errno_text(errno));
        return;
    }
    if (::unlink(l.path.c_str()) == 0) {
        l.removed = true;
        l.problem = "stale socket of a host that is gone: removed";
    } else {
        l.problem = concat("stale socket of a host that is gone (cannot remove it: ", errno_text(errno), ")");
    }
}

// Connects to each game's socket in the folder and sends it a query.
HostsAsked ask_hosts(const std::string& folder, bool shared, std::chrono::milliseconds deadline, TimePoint start) {
    HostsAsked asked;
    Limits limits;
    DIR* dir = ::opendir(folder.c_str());
    if (dir == nullptr) return asked;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string_view file = entry->d_name;
        if (!file.ends_with(".sock")) continue;
        const std::string_view name = file.substr(0, file.size() - 5);
        if (check_game_name(name)) continue;
        HostListing l;
        l.name = std::string(name);
        l.path = concat(folder, "/", file);
        if (!is_socket_file(l.path)) continue;
        const int fd = raw_connect(l.path);
        if (fd < 0) {
            note_unreachable(l);
            asked.out.push_back(std::move(l));
            continue;
        }
        if (!shared)
            if (auto why = not_ours(fd, l.path)) {
                ::close(fd);
                l.problem = *why;
                asked.out.push_back(std::move(l));
                continue;
            }
        auto c = std::make_unique<Connection>(fd, limits, start);
        c->send(format(Query{}));
        c->flush();
        asked.index.push_back(asked.out.size());
        asked.conns.push_back(std::move(c));
        l.problem = concat("no answer within ", static_cast<int>(deadline.count()), " ms");
        asked.out.push_back(std::move(l));
    }
    ::closedir(dir);
    return asked;
}

// Reads what a host answered into its listing; whether it is done (answered or closed).
bool read_host_answer(Connection& c, HostListing& l) {
    std::vector<std::string> lines;
    c.read_lines(lines, Clock::now());
    for (const std::string& line : lines) {
        auto m = parse(line);
        if (!m) continue;
        if (auto* info = std::get_if<GameInfo>(&*m)) {
            l.info = *info;
            l.problem.clear();
        } else if (auto* err = std::get_if<ErrorMessage>(&*m)) {
            l.problem = concat("the host answered: ", err->text);
        }
    }
    if (!l.info && !c.closed()) return false;
    if (!l.info && l.problem.starts_with("no answer")) l.problem = "closed without answering";
    return true;
}

// Waits for the answers until every host has answered or closed, or the deadline.
void wait_for_answers(HostsAsked& asked, TimePoint start, std::chrono::milliseconds deadline) {
    std::vector<bool> done(asked.conns.size(), false);
    while (true) {
        std::vector<pollfd> fds;
        std::vector<std::size_t> which;
        for (std::size_t i = 0; i < asked.conns.size(); ++i)
            if (!done[i]) {
                fds.push_back({asked.conns[i]->fd(), asked.conns[i]->events(), 0});
                which.push_back(i);
            }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(start + deadline - Clock::now()).count();
        if (fds.empty() || left <= 0) break;
        if (::poll(fds.data(), fds.size(), static_cast<int>(left)) < 0 && errno != EINTR) break;
        for (std::size_t k = 0; k < fds.size(); ++k) {
            if (fds[k].revents == 0) continue;
            const std::size_t i = which[k];
            if (fds[k].revents & POLLOUT) asked.conns[i]->flush();
            if (read_host_answer(*asked.conns[i], asked.out[asked.index[i]])) done[i] = true;
        }
    }
}

}  // namespace

std::vector<HostListing> list_hosts(const std::string& folder, bool shared, std::chrono::milliseconds deadline) {
    const TimePoint start = Clock::now();
    HostsAsked asked = ask_hosts(folder, shared, deadline, start);
    wait_for_answers(asked, start, deadline);
    std::sort(asked.out.begin(), asked.out.end(),
              [](const HostListing& a, const HostListing& b) { return a.name < b.name; });
    return std::move(asked.out);
}

// --- Randomness ---

namespace {
bool random_bytes(unsigned char* out, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::getrandom(out + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        got += static_cast<std::size_t>(r);
    }
    return true;
}
// 32 symbols, without 0, o, 1 and l, which are easy to misread.
constexpr std::string_view kCodeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";
static_assert(kCodeAlphabet.size() == 32);

std::string normalized_code(std::string_view code) {
    std::string out;
    for (char c : code) {
        if (c == '-' || c == ' ') continue;
        out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return out;
}
}  // namespace

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> buf(bytes);
    if (!random_bytes(buf.data(), bytes)) return "";
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char b : buf) {
        out += kHex[b >> 4];
        out += kHex[b & 15];
    }
    return out;
}

std::string random_code() {
    unsigned char buf[12];
    if (!random_bytes(buf, sizeof buf)) return "";
    std::string out;
    for (std::size_t i = 0; i < sizeof buf; ++i) {
        if (i > 0 && i % 4 == 0) out += '-';
        out += kCodeAlphabet[buf[i] & 31];  // 5 random bits of each byte: 60 bits in all
    }
    return out;
}

bool code_matches(std::string_view expected, std::string_view typed) {
    const std::string a = normalized_code(expected);
    const std::string b = normalized_code(typed);
    if (a.empty() || a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

}  // namespace fetaix::net
