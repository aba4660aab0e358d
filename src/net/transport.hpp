#pragma once
// Unix domain sockets for fetaix games: where they live, listening, connecting, and one connection's
// buffered, non-blocking line I/O with its limits (docs/protocol.md, "Limits"). POSIX only, no curses.
//
// Where: a private folder for two logins of the same user, a shared folder for other users (with codes).
//   private: $XDG_RUNTIME_DIR/fetaix (mode 0700). Without XDG_RUNTIME_DIR (or with a relative one):
//            /tmp/fetaix-UID (mode 0700), as tmux does. Either must be a real folder (not a symbolic
//            link) owned by this user with no access for others, or it is refused with the reason.
//   shared:  /tmp/fetaix-shared (mode 1777, like /tmp: anyone may add a socket, only its owner may
//            remove it); sockets there are mode 0666 and the join and watch codes guard them.
// A game named NAME listens on FOLDER/NAME.sock; `fetaix hosts` lists the sockets of both folders.
//
// Threads: none. Every call returns at once (list_hosts waits, up to its deadline); everything is driven
// from the caller's poll loop.

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "protocol.hpp"

namespace fetaix::net {

using Clock = std::chrono::steady_clock;
using TimePoint = Clock::time_point;

// The limits a host enforces on every connection (docs/protocol.md lists them with their reasons).
struct Limits {
    std::size_t max_connections = 100;  // open connections of every kind; more are refused
    // Open connections of one user other than the host's own (a shared game): one user cannot take
    // every slot from the others.
    std::size_t max_connections_per_user = 20;
    std::size_t max_output_bytes = 256 * 1024;              // queued for a peer that does not read: then it is dropped
    std::chrono::milliseconds handshake_timeout{5000};      // from connect to a complete `hello` or `query`
    std::chrono::milliseconds partial_line_timeout{10000};  // an unfinished line left this long: closed
    double messages_per_second = 20;                        // sustained rate of lines from one peer...
    double message_burst = 40;  // ...with this many at once; beyond: an error and the connection closed
    // After a wrong join or watch code, that user's next code waits this long before it is looked at,
    // doubling with each wrong one in a row up to the max: codes cannot be guessed fast. The try is
    // held, never the host's loop.
    std::chrono::milliseconds wrong_code_wait{250};
    std::chrono::milliseconds wrong_code_wait_max{4000};
};

// --- Where ---

// Whether `name` may name a game: 1 to 32 of a-z A-Z 0-9 '-' '_' '.', not starting with '.' or '-'.
// Returns why not ("a game name is 1 to 32 letters, digits, '-', '_' or '.'").
std::optional<std::string> check_game_name(std::string_view name);

// The private folder's path (see the top of this file), not yet created.
std::string private_folder_path();
// "/tmp/fetaix-shared".
std::string shared_folder_path();

// Creates the folder if it is missing (0700, or 1777 when `shared`) and checks it: a folder, not a
// symbolic link; private: owned by this user and mode 0700 exactly; shared: mode 1777 (world-writable and
// sticky, like /tmp), whoever made it. Returns the path, or what is wrong ("/run/user/1000/fetaix is mode 0755, not
// 0700: refusing to use it").
Expected<std::string> prepare_folder(const std::string& path, bool shared);

// FOLDER/NAME.sock, or why not (a bad name, a path too long for a socket address).
Expected<std::string> socket_path(const std::string& folder, std::string_view name);

// A game's socket and which folder it is in: a private game's host must be this user.
struct GameSocket {
    std::string path;
    bool shared = false;
};

// The socket of the game `name`: in the private folder if it is there, else in the shared one; or why
// not ("no game named kitchen is hosted here (fetaix hosts lists the games)"). The private folder is
// made (prepare_folder) and checked first: one that another user made for us, or left open to others,
// is refused with the reason, as a host refuses it (another user could listen there as our game).
Expected<GameSocket> find_game(std::string_view name);

// --- Listening and connecting ---

// A listening socket bound at a path, non-blocking. A socket file already there whose host is gone
// (connect refused) is removed and replaced; one with a live host makes open() fail ("a game named
// kitchen is already hosted"). The destructor removes the socket file if it is still this one.
class Listener {
public:
    static Expected<Listener> open(const std::string& path, bool shared);
    Listener(Listener&& other) noexcept;
    Listener& operator=(Listener&& other) noexcept;
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    ~Listener();

    int fd() const { return fd_; }  // owned by the Listener; poll it for POLLIN
    const std::string& path() const { return path_; }
    // Accepts one pending connection: its fd (non-blocking, close-on-exec; the caller owns it), or -1
    // when none is waiting. Out of file descriptors, it takes the connection and closes it at once
    // (a spare descriptor kept for that), so the listener never stays readable with nothing done.
    int accept_one();

private:
    Listener() = default;
    void close_all();
    int fd_ = -1;
    int spare_fd_ = -1;
    std::string path_;
    dev_t device_ = 0;
    ino_t inode_ = 0;
};

// Connects to the socket at `path`, non-blocking: the fd (caller owns it), or why not ("no game is
// hosted at PATH", "the game at PATH is gone (connection refused)"). Unless `shared`, the listening
// process must be this user (SO_PEERCRED), as OpenSSH and tmux check theirs: another user's is refused
// before a word (a code, a seat token) is sent to it.
Expected<int> connect_to(const std::string& path, bool shared);

// Who is at the other end of a Unix socket (SO_PEERCRED).
struct PeerCredentials {
    uid_t uid = 0;
    pid_t pid = 0;
    std::string login;  // the login name of uid, or the number when it has none
};
std::optional<PeerCredentials> peer_credentials(int fd);

// --- One connection ---

// A connected socket with an input buffer cut into lines and an output queue, both capped. Owns its fd
// (closed by the destructor). Non-blocking throughout: read_lines() and flush() never wait.
class Connection {
public:
    Connection(int fd, const Limits& limits, TimePoint now);
    Connection(Connection&&) noexcept;
    Connection& operator=(Connection&&) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection();

    int fd() const { return fd_; }
    // The poll events to wait for: POLLIN, and POLLOUT while output is queued.
    short events() const;

    // Reads what the socket has and appends each complete line (without '\n' and a final '\r') to
    // `lines`. Sets closed() at end of file or on an error, and `failure()` when the peer broke a
    // limit: a line over kMaxLineBytes, lines faster than the rate limit.
    void read_lines(std::vector<std::string>& lines, TimePoint now);
    // Queues a line (the '\n' is added). Over the output cap the connection is marked closed with
    // failure "not reading" and nothing more is queued.
    void send(std::string_view line);
    // Writes what the socket takes now. Call when poll says POLLOUT (or after send()).
    void flush();
    // Best effort: queue `line`, try to write it once, then mark closed (used for refusals).
    void send_and_close(std::string_view line);
    // Marks the connection closed: nothing more is read or sent (the fd is closed by the destructor).
    void close() { closed_ = true; }

    bool closed() const { return closed_; }
    // Why the peer was dropped for breaking a limit ("line longer than 4096 bytes"), or "".
    const std::string& failure() const { return failure_; }
    std::size_t queued_bytes() const { return out_.size() - out_sent_; }
    // When an unfinished line began (a line's first bytes came and not its end), if one is pending.
    std::optional<TimePoint> partial_since() const { return partial_since_; }
    TimePoint opened_at() const { return opened_; }

private:
    void fail(std::string why);
    int fd_ = -1;
    Limits limits_;
    std::string in_;
    std::string out_;
    std::size_t out_sent_ = 0;
    bool closed_ = false;
    std::string failure_;
    TimePoint opened_;
    std::optional<TimePoint> partial_since_;
    double tokens_ = 0;  // the rate limit's bucket
    TimePoint refilled_;
};

// --- Listing games (`fetaix hosts`) ---

struct HostListing {
    std::string path;              // the socket
    std::string name;              // from the file name
    std::optional<GameInfo> info;  // the host's answer to `query`
    std::string problem;           // when info is empty: why ("no answer within 500 ms", "stale socket removed")
    bool removed = false;          // a dead host's socket file, removed
};

// Every NAME.sock in `folder`, each asked `query` (all at once, waiting up to `deadline` in all). A
// socket whose host is gone (connection refused) is removed when this user may remove it. In a private
// folder (not `shared`) a socket listened on by another user is not asked (connect_to). Sorted by
// name. Blocks up to `deadline`: meant for the `hosts` command, not for a game's loop.
std::vector<HostListing> list_hosts(const std::string& folder, bool shared,
                                    std::chrono::milliseconds deadline = std::chrono::milliseconds(500));

// --- Randomness ---

// `bytes` random bytes from getrandom(2), as lowercase hex; empty if the kernel gives none.
std::string random_hex(std::size_t bytes);
// A join or watch code: 60 random bits as 12 letters and digits in groups of four, "k7m2-q9x4-ab3d"
// (no 0, o, 1 or l, easy to misread). Empty if the kernel gives no randomness.
std::string random_code();
// Whether a typed code matches: case and '-' or ' ' between groups do not matter. Constant time.
bool code_matches(std::string_view expected, std::string_view typed);

}  // namespace fetaix::net
