#pragma once
// Files: game records read with every check a hostile file needs, written atomically, and the
// XDG state folder. Errors come back as values with a message fit to show the player.

#include <atomic>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::store {

using fetaix::kMaxRecordBytes;  // pdn.hpp: what is read is what may be written

// What a text file is to hold, for read_text_file's checks and messages.
struct TextFileKind {
    std::size_t max_bytes;
    std::string_view what;        // "a game record"
    std::string_view size_words;  // "1 MiB"
    bool may_be_empty;
    bool text = true;  // false: any bytes (a binary file); the other checks stay
};

// Opens a regular file to read, without blocking on a FIFO or device: refused if the path is missing,
// unreadable, a folder ("X is a folder, not `what`") or not a regular file. The caller closes it.
Expected<int> open_regular_file(const std::string& path, std::string_view what);

// A text file's text, read without blocking on a FIFO or device: refused if the path is missing,
// unreadable, a directory, not a regular file, over kind.max_bytes, empty (unless it may be), compressed
// (gzip: said so), binary (a NUL byte) or not valid UTF-8.
Expected<std::string> read_text_file(const std::string& path, const TextFileKind& kind);

// A binary file of exactly `size` bytes (an endgame table), read without blocking on a FIFO or device:
// refused, before a byte is read, if the path is missing, unreadable, a folder ("X is a folder, not
// `what`"), not a regular file or of another size; and if it grows while being read.
Expected<std::vector<std::uint8_t>> read_sized_file(const std::string& path, std::string_view what, std::uint64_t size);

// A game record's text: refused if the path is missing, unreadable, a directory, empty, over 1 MiB,
// binary (a NUL byte) or not valid UTF-8.
Expected<std::string> read_record_file(const std::string& path);

// The first game of a record file, every move checked; notes (unknown tags, more games in the file)
// are added to the record's notes. Setting `stop` from another thread ends the reading early.
Expected<GameRecord> load_game_file(const std::string& path, const std::atomic<bool>* stop = nullptr);

// A file fetaix writes in place in its own folders (the autosave's lock, a seat token) is opened with
// this: never through a symbolic link (O_NOFOLLOW), never waiting on a FIFO (O_NONBLOCK), close-on-exec.
// A user who owns the folder could plant a link there to a file a root's fetaix would overwrite.
// `flags`: O_RDONLY, O_WRONLY or O_RDWR, and O_CREAT if wanted; never O_TRUNC (in_place_refusal must
// look at the file first). The fd, or -1 with errno set (ELOOP for a symbolic link).
int open_in_place(const std::string& path, int flags, mode_t mode);
// Why a file opened by open_in_place may not be used: not a regular file ("the lock is not a regular
// file: PATH"), or with other names (a hard link to another file); nothing when it may.
std::optional<std::string> in_place_refusal(int fd, const std::string& path, std::string_view what);
// Why open_in_place failed, from errno: "the lock is a symbolic link (not followed): PATH", or
// "cannot open the lock: Permission denied: PATH".
std::string in_place_failure(std::string_view what, const std::string& path);

// A file fetaix keeps for the player (the lessons' progress, the puzzles'): its text; none when there is
// none yet (a fresh start); or why it cannot be read (read_text_file's refusals).
Expected<std::optional<std::string>> read_kept_file(const std::string& path, const TextFileKind& kind);
// Writes such a file atomically, making its folder first. Returns an error message.
std::optional<std::string> write_kept_file(const std::string& folder, const std::string& path, std::string_view text);

// Writes text to path so that a crash at any instant leaves the old file or the new one: a temporary
// file in the same folder, fsync, rename over the old one, fsync the folder. Returns an error message.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text);

// The same for a file too large to build in memory first: `produce` hands its pieces, in order, to the
// sink, which returns false when a write failed (then `produce` should stop and return false too).
using PieceSink = std::function<bool(std::string_view)>;
std::optional<std::string> write_file_atomically(const std::string& path,
                                                 const std::function<bool(const PieceSink&)>& produce);

// Creates a folder and its parents. Returns an error message.
std::optional<std::string> make_directories(const std::string& path);

// $XDG_STATE_HOME/fetaix, or ~/.local/state/fetaix.
std::string state_directory();
// $XDG_DATA_HOME/fetaix, or ~/.local/share/fetaix.
std::string data_directory();

// "fetaix-20261130-0415.pdn": a save name for the current folder, from the local time.
std::string default_save_name(std::time_t now);

// The save name for `now` that names nothing yet in `folder`: fetaix-20261130-0415.pdn, else
// fetaix-20261130-0415-2.pdn, -3, ... (a dangling symlink counts as taken).
std::string unused_save_name(std::time_t now, const std::string& folder = ".");

// What a path names, the last component not followed (a symlink is reported as one).
enum class EntryKind { Missing, File, Symlink, Folder, Fifo, Socket, Device, Unknown };
struct PathEntry {
    EntryKind kind = EntryKind::Missing;
    std::string problem;      // for Unknown: why the path could not be examined
    std::string link_target;  // for Symlink: where it points
};
PathEntry inspect_path(const std::string& path);

// Why a game may not be saved to what is at the path: anything but nothing or a regular file (a
// folder, FIFO, socket, device, symlink) is refused, and nothing there is touched. Nothing if allowed.
std::optional<std::string> save_refusal(const std::string& path, const PathEntry& entry);

// Saves a record, atomically. With replace false the path must still name nothing when the new file
// is put in place (it is never replaced); with replace true it must name a regular file, which keeps
// its mode, owner and group, or is left alone with the reason when they cannot be kept.
std::optional<std::string> save_record_file(const std::string& path, std::string_view text, bool replace);

bool valid_utf8(std::string_view text);

}  // namespace fetaix::store
