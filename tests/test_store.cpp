// Files: hostile record files, atomic writes, the autosave's lock, an unwritable state folder.

#include <filesystem>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <set>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/built_tables.hpp"
#include "engine/sources.hpp"
#include "helpers.hpp"
#include "solve/proven_book.hpp"
#include "solve/tablebase_files.hpp"
#include "store/autosave.hpp"
#include "store/files.hpp"
#include "store/history.hpp"
#include "temp_folder.hpp"

using namespace fetaix;
using namespace fetaix::store;

namespace {

// A fresh folder under /tmp, removed at the end of the test, with what it holds listed and made.
struct TempFolder : test::TempFolder {
    std::set<std::string> names() const {
        std::set<std::string> found;
        DIR* dir = ::opendir(path.c_str());
        while (const dirent* e = ::readdir(dir))
            if (std::string_view(e->d_name) != "." && std::string_view(e->d_name) != "..") found.insert(e->d_name);
        ::closedir(dir);
        return found;
    }
    std::string file(const std::string& name, std::string_view content) const {
        const std::string p = path + "/" + name;
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
};

std::string error_of(const std::string& path) {
    auto r = read_record_file(path);
    REQUIRE_FALSE(r.ok());
    return r.error().message;
}

}  // namespace

TEST_CASE("files: a good record is read as it is", "[store]") {
    TempFolder t;
    const std::string text = "[White \"Ali\"]\n1. c2-c3 c4xc2 *\n";
    auto r = read_record_file(t.file("game.pdn", text));
    REQUIRE(r);
    CHECK(*r == text);
    auto g = load_game_file(t.path + "/game.pdn");
    REQUIRE(g);
    CHECK(g->moves.size() == 2);
}

TEST_CASE("files: every kind of bad file gets a clear message", "[store]") {
    TempFolder t;
    CHECK_THAT(error_of(t.path + "/missing.pdn"), Catch::Contains("cannot open") && Catch::Contains("No such file"));
    CHECK_THAT(error_of(t.path), Catch::Contains("is a folder"));
    CHECK_THAT(error_of(t.file("empty.pdn", "")), Catch::EndsWith("is empty"));
    CHECK_THAT(error_of(t.file("big.pdn", std::string(kMaxRecordBytes + 1, ' '))), Catch::Contains("over 1 MiB"));
    CHECK_THAT(error_of(t.file("binary.pdn", std::string("1. c2-c3\0\x01", 10))), Catch::Contains("binary data"));
    CHECK_THAT(error_of(t.file("latin1.pdn", "[White \"Jos\xe9\"]\n*")), Catch::Contains("not valid UTF-8"));
    CHECK_THAT(error_of("/dev/null"), Catch::Contains("not a regular file"));
    // Exactly 1 MiB is still allowed.
    CHECK(read_record_file(t.file("edge.pdn", std::string(kMaxRecordBytes - 1, ' ') + "*")).ok());
    // Unreadable: a path through a file.
    CHECK_THAT(error_of(t.file("plain", "x") + "/game.pdn"), Catch::Contains("Not a directory"));
}

TEST_CASE("files: an illegal record names the line, the column and the move", "[store]") {
    TempFolder t;
    auto g = load_game_file(t.file("bad.pdn", "[Event \"x\"]\n1. c2-c3 c4xc2\n2. c1-c2 *\n"));
    REQUIRE_FALSE(g);
    CHECK(g.error().message == t.path +
                                   "/bad.pdn: line 3, column 4: move 2 'c1-c2': the point c2 is "
                                   "taken: to capture it, land on c3");
}

TEST_CASE("files: unknown tags and extra games are kept, with notes", "[store]") {
    TempFolder t;
    auto g = load_game_file(t.file("two.pdn", "[Mood \"happy\"]\n1. c2-c3 *\n\n[Event \"b\"]\n*\n"));
    REQUIRE(g);
    REQUIRE(g->notes.size() == 2);
    CHECK(g->notes[0] == "line 1: unknown tag [Mood] kept as it is");
    CHECK_THAT(g->notes[1], Catch::Contains("holds 2 games; the first was opened"));
    CHECK(g->tag("Mood") == "happy");
}

TEST_CASE("files: UTF-8 validation", "[store]") {
    CHECK(valid_utf8("plain ascii"));
    CHECK(valid_utf8("Zineb ○ ● ◎ ─ ╱ \xf0\x9f\x98\x80"));
    CHECK_FALSE(valid_utf8("\xc3"));              // cut off
    CHECK_FALSE(valid_utf8("\xc0\xaf"));          // overlong
    CHECK_FALSE(valid_utf8("\xed\xa0\x80"));      // a surrogate
    CHECK_FALSE(valid_utf8("\xf4\x90\x80\x80"));  // past U+10FFFF
    CHECK_FALSE(valid_utf8("\x80"));
    CHECK_FALSE(valid_utf8("\xff"));
}

TEST_CASE("files: atomic writes replace the file whole and leave no temporary behind", "[store]") {
    TempFolder t;
    const std::string p = t.path + "/save.pdn";
    REQUIRE_FALSE(write_file_atomically(p, "first"));
    REQUIRE_FALSE(write_file_atomically(p, "second"));
    CHECK(*read_record_file(p) == "second");
    CHECK(std::system(("test $(ls -A '" + t.path + "' | wc -l) -eq 1").c_str()) == 0);
    auto problem = write_file_atomically(t.path + "/no/such/folder/save.pdn", "x");
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains("cannot write in the folder of"));
}

TEST_CASE("files: state folder from XDG_STATE_HOME, else ~/.local/state", "[store]") {
    {
        const test::ScopedEnv xdg("XDG_STATE_HOME", "/var/tmp/state");
        const test::ScopedEnv home("HOME");
        CHECK(state_directory() == "/var/tmp/state/fetaix");
        xdg.set("relative/ignored");  // the spec wants an absolute path
        home.set("/home/ali");
        CHECK(state_directory() == "/home/ali/.local/state/fetaix");
    }
    CHECK(default_save_name(0).size() == std::string("fetaix-19700101-0000.pdn").size());
}

TEST_CASE("autosave: the game, its names and its redo line survive a restart", "[store][autosave]") {
    TempFolder t;
    Game game;
    REQUIRE(game.play("c2-c3"));
    REQUIRE(game.play("c4xc2"));
    REQUIRE(game.play("c1xc3"));
    game.undo();
    {
        Autosave a(t.path + "/fetaix");
        REQUIRE(a.ownership() == Autosave::Ownership::Owned);
        REQUIRE_FALSE(a.save(game, {{"White", "Ali"}, {"Black", "Zineb"}}));
    }
    Autosave again(t.path + "/fetaix");
    auto record = again.load();
    REQUIRE(record);
    CHECK(record->tag("White") == "Ali");
    CHECK(record->moves.size() == 2);
    REQUIRE(record->redo.size() == 1);
    CHECK(to_string(record->redo[0]) == "c1xc3");
    const Game back = to_game(*record);
    CHECK(back.position() == game.position());
    CHECK(back.redo_line() == game.redo_line());
    CHECK(unfinished(*record));
}

TEST_CASE("autosave: a record opened just under 1 MiB is saved within it and read back after a move",
          "[store][autosave]") {
    TempFolder t;
    Game game;
    for (const char* m : {"c2-c3", "c4xc2", "c1xc3"}) REQUIRE(game.play(m));
    // The record of the report: 1,048,566 bytes, a long Event tag and 3 plies; it opens. Written with the
    // rule tags and a move more, it would be 1,048,733.
    const std::string moves = "\n1. c2-c3 c4xc2 2. c1xc3 *\n";
    const std::string event = std::string(1'048'566 - moves.size() - 10, 'e');
    const std::string file = t.file("long.pdn", concat("[Event \"", event, "\"]", moves));
    REQUIRE(std::filesystem::file_size(file) == 1'048'566);
    auto opened = load_game_file(file);
    REQUIRE(opened);
    Game played = to_game(*opened);
    REQUIRE(played.play(played.legal_moves()[0]));
    {
        Autosave a(t.path + "/fetaix");
        REQUIRE(a.ownership() == Autosave::Ownership::Owned);
        CHECK_FALSE(a.save(played, opened->tags));
        CHECK(a.take_news() == "the Event tag cut in the autosave, which holds at most 1 MiB");
    }
    CHECK(std::filesystem::file_size(t.path + "/fetaix/autosave.pdn") <= kMaxRecordBytes);
    // The next start offers it: nothing moved aside.
    Autosave again(t.path + "/fetaix");
    const Autosave::Saved saved = again.read_saved();
    CHECK(saved.news.empty());
    REQUIRE(saved.record);
    CHECK(saved.record->moves.size() == 4);
    CHECK(saved.record->tag("Event").ends_with("eee..."));
}

TEST_CASE("autosave: a finished game is not offered again", "[store][autosave]") {
    Game won({}, *parse_fen("W:Wb3:Bc3"));
    REQUIRE(won.play("b3xd3"));
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(won, {}, true))->begin()));
    Game resigned;
    REQUIRE(resigned.play("c2-c3"));
    resigned.resign(Color::Black);
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(resigned, {}, true))->begin()));
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(Game{}, {}, true))->begin()));  // nothing played
}

TEST_CASE("autosave: a second owner is refused and never writes", "[store][autosave]") {
    TempFolder t;
    Autosave first(t.path);
    REQUIRE(first.ownership() == Autosave::Ownership::Owned);
    Game game;
    REQUIRE(game.play("c2-c3"));
    REQUIRE_FALSE(first.save(game, {}));
    // flock locks belong to open files, so a second open in this process competes like another process.
    Autosave second(t.path);
    CHECK(second.ownership() == Autosave::Ownership::Elsewhere);
    Game other;
    REQUIRE(other.play("d2-c3"));
    // It says so each time: this game is not saved.
    CHECK(second.save(other, {}) == "autosave off: another fetaix holds the lock: " + t.path + "/autosave.lock");
    CHECK(second.load()->moves.size() == 1);
    CHECK(to_string(second.load()->moves[0]) == "c2-c3");
}

TEST_CASE("autosave: the lock file says who holds it and how to reach its game", "[store][autosave]") {
    TempFolder t;
    CHECK_FALSE(lock_holder(t.path));  // no lock file
    {
        Autosave first(t.path);
        REQUIRE(first.ownership() == Autosave::Ownership::Owned);
        auto holder = lock_holder(t.path);
        REQUIRE(holder);
        CHECK(holder->pid == ::getpid());
        CHECK(holder->game.empty());
        first.set_reachable_as("local-42");
        holder = lock_holder(t.path);
        REQUIRE(holder);
        CHECK(holder->pid == ::getpid());
        CHECK(holder->game == "local-42");
        // A second one finds it held, and leaves the record as it was.
        Autosave second(t.path);
        CHECK(second.ownership() == Autosave::Ownership::Elsewhere);
        CHECK(lock_holder(t.path)->game == "local-42");
    }
    // Let go (the process ended): nobody holds it, whatever the file still says.
    CHECK_FALSE(lock_holder(t.path));
    // Held by one that says nothing known (an older fetaix, a lock file it cannot write): held, by nobody named.
    std::ofstream(t.path + "/autosave.lock") << "something else\n";
    const int fd = ::open((t.path + "/autosave.lock").c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX) == 0);
    const auto unnamed = lock_holder(t.path);
    ::close(fd);
    REQUIRE(unnamed);
    CHECK(unnamed->pid == 0);
    CHECK(unnamed->game.empty());
}

TEST_CASE("autosave: a lock planted as a link to another file is refused, that file untouched", "[store][autosave]") {
    // A user who owns the state folder plants autosave.lock -> a file of root's.
    TempFolder t;
    const std::string victim = t.file("victim", "precious\n");
    const std::string lock = t.path + "/autosave.lock";
    REQUIRE(::symlink(victim.c_str(), lock.c_str()) == 0);
    {
        Autosave a(t.path);
        CHECK(a.ownership() == Autosave::Ownership::Unknown);
        CHECK(a.problem() == "the lock is a symbolic link (not followed): " + lock);
        Game game;
        REQUIRE(game.play("c2-c3"));
        CHECK(a.save(game, {}) == "autosave failing: the lock is a symbolic link (not followed): " + lock);
        CHECK_FALSE(lock_holder(t.path));
    }
    // A link to nowhere is not made to point at a new file either.
    const std::string nowhere = t.path + "/nowhere";
    REQUIRE(::unlink(lock.c_str()) == 0);
    REQUIRE(::symlink(nowhere.c_str(), lock.c_str()) == 0);
    {
        Autosave a(t.path);
        CHECK(a.problem() == "the lock is a symbolic link (not followed): " + lock);
    }
    CHECK(::access(nowhere.c_str(), F_OK) != 0);
    // A hard link to the file: not written either.
    REQUIRE(::unlink(lock.c_str()) == 0);
    REQUIRE(::link(victim.c_str(), lock.c_str()) == 0);
    {
        Autosave a(t.path);
        CHECK(a.problem() == "the lock has other names (hard links), not written: " + lock);
    }
    std::ifstream in(victim);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "precious\n");
}

TEST_CASE("autosave: an unusable state folder is reported and retried", "[store][autosave]") {
    TempFolder t;
    // A folder below a plain file cannot be made, even by root.
    const std::string blocker = t.file("blocker", "x");
    Autosave a(blocker + "/fetaix");
    CHECK(a.ownership() == Autosave::Ownership::Unknown);
    CHECK_THAT(a.problem(), Catch::Contains("Not a directory"));
    Game game;
    REQUIRE(game.play("c2-c3"));
    auto problem = a.save(game, {});
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains("Not a directory"));
    // Once the obstacle goes, the next save succeeds.
    ::unlink(blocker.c_str());
    CHECK_FALSE(a.save(game, {}));
    CHECK(a.ownership() == Autosave::Ownership::Owned);
    CHECK(a.load()->moves.size() == 1);
}

TEST_CASE("files: the suggested save name never names something that exists", "[store][save]") {
    TempFolder t;
    const std::string first = default_save_name(0);
    const std::string stem = first.substr(0, first.size() - 4);
    CHECK(unused_save_name(0, t.path) == first);
    t.file(first, "x");
    CHECK(unused_save_name(0, t.path) == stem + "-2.pdn");
    // A dangling symlink is taken too: saving there would write somewhere else.
    REQUIRE(::symlink("/nonexistent/target", (t.path + "/" + stem + "-2.pdn").c_str()) == 0);
    CHECK(unused_save_name(0, t.path) == stem + "-3.pdn");
}

TEST_CASE("files: what is at a path, and which kinds a save refuses", "[store][save]") {
    TempFolder t;
    const std::string fifo = t.path + "/fifo", link = t.path + "/link", missing = t.path + "/missing";
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    REQUIRE(::symlink("game.pdn", link.c_str()) == 0);
    const std::string file = t.file("game.pdn", "1. c2-c3 *");
    CHECK(inspect_path(missing).kind == EntryKind::Missing);
    CHECK(inspect_path(file).kind == EntryKind::File);
    CHECK(inspect_path(t.path).kind == EntryKind::Folder);
    CHECK(inspect_path(fifo).kind == EntryKind::Fifo);
    CHECK(inspect_path("/dev/null").kind == EntryKind::Device);
    CHECK(inspect_path(link).kind == EntryKind::Symlink);
    CHECK(inspect_path(link).link_target == "game.pdn");
    CHECK_FALSE(save_refusal(missing, inspect_path(missing)));
    CHECK_FALSE(save_refusal(file, inspect_path(file)));
    CHECK(save_refusal(t.path, inspect_path(t.path)) == t.path + " is a folder, not a file");
    CHECK(save_refusal(fifo, inspect_path(fifo)) == fifo + " is a FIFO (named pipe), not a file");
    CHECK(save_refusal("/dev/null", inspect_path("/dev/null")) == std::string("/dev/null is a device, not a file"));
    CHECK(save_refusal(link, inspect_path(link)) == link + " is a symbolic link (to game.pdn), not a file");
    const std::string through = file + "/x.pdn";
    CHECK(save_refusal(through, inspect_path(through)) == "cannot examine " + through + ": Not a directory");
}

TEST_CASE("files: a save never replaces a file unasked, nor anything that is not a regular file", "[store][save]") {
    TempFolder t;
    const std::string p = t.path + "/game.pdn";
    REQUIRE_FALSE(save_record_file(p, "first", false));
    CHECK(*read_record_file(p) == "first");
    CHECK(save_record_file(p, "second", false) == p + " exists; it was not replaced");
    CHECK(*read_record_file(p) == "first");
    REQUIRE_FALSE(save_record_file(p, "second", true));
    CHECK(*read_record_file(p) == "second");
    // Removed after the question: saved as a new file.
    const std::string gone = t.path + "/gone.pdn";
    REQUIRE_FALSE(save_record_file(gone, "new", true));
    CHECK(*read_record_file(gone) == "new");
    ::unlink(gone.c_str());
    const std::string fifo = t.path + "/fifo";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(save_record_file(fifo, "x", true) == fifo + " is a FIFO (named pipe), not a file");
    CHECK(save_record_file(fifo, "x", false) == fifo + " is a FIFO (named pipe), not a file");
    CHECK(inspect_path(fifo).kind == EntryKind::Fifo);
    const std::string link = t.path + "/link.pdn";
    REQUIRE(::symlink("game.pdn", link.c_str()) == 0);
    CHECK(save_record_file(link, "x", true) == link + " is a symbolic link (to game.pdn), not a file");
    CHECK(inspect_path(link).kind == EntryKind::Symlink);
    CHECK(*read_record_file(p) == "second");
    // Nothing but the files made here: no temporary left behind.
    CHECK(std::system(("test $(ls -A '" + t.path + "' | wc -l) -eq 3").c_str()) == 0);
}

TEST_CASE("files: a replaced file keeps its mode, owner and group", "[store][save]") {
    TempFolder t;
    const std::string p = t.file("game.pdn", "old");
    REQUIRE(::chmod(p.c_str(), 0600) == 0);
    const bool root = ::geteuid() == 0;
    if (root) REQUIRE(::chown(p.c_str(), 65534, 65534) == 0);
    REQUIRE_FALSE(save_record_file(p, "new", true));
    struct stat info {};
    REQUIRE(::stat(p.c_str(), &info) == 0);
    CHECK((info.st_mode & 07777) == 0600);
    CHECK(info.st_uid == (root ? 65534u : ::geteuid()));
    CHECK(info.st_gid == (root ? 65534u : ::getegid()));
    CHECK(*read_record_file(p) == "new");
    // A new file follows the umask.
    const mode_t old_mask = ::umask(027);
    REQUIRE_FALSE(save_record_file(t.path + "/new.pdn", "x", false));
    ::umask(old_mask);
    REQUIRE(::stat((t.path + "/new.pdn").c_str(), &info) == 0);
    CHECK((info.st_mode & 07777) == 0640);
}

TEST_CASE("history: games are archived under new names, listed newest first, the oldest dropped", "[store][history]") {
    TempFolder t;
    const std::string folder = t.path + "/state/games";
    std::vector<std::string> paths;
    for (int i = 0; i < 4; ++i) {
        auto p = archive_record(folder, concat("[Round \"", i, "\"]\n1. c2-c3 *\n"), 86400 * 400, "", 3);
        REQUIRE(p);
        paths.push_back(*p);
    }
    std::tm local{};
    const std::time_t when = 86400 * 400;
    localtime_r(&when, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    CHECK(paths[0] == folder + "/" + stamp + "-001.pdn");
    CHECK(paths[3] == folder + "/" + stamp + "-004.pdn");
    t.file("state/games/notes.txt", "not a record");
    const std::vector<std::string> listed = history_files(folder);
    CHECK(listed == std::vector<std::string>{paths[3], paths[2], paths[1]});  // the first one dropped
    std::string unreadable;
    CHECK(history_files(t.path + "/none", &unreadable).empty());
    CHECK(unreadable.empty());  // no history yet is no error
    CHECK(history_files(t.file("plain", "x"), &unreadable).empty());
    CHECK(unreadable == "cannot read " + t.path + "/plain: Not a directory");
    auto problem = archive_record(t.file("blocker", "x") + "/games", "*", 0);
    REQUIRE_FALSE(problem);
    CHECK_THAT(problem.error().message, Catch::Contains("Not a directory"));
}

TEST_CASE("history: a game kept already is not kept again", "[store][history]") {
    // A saved game declined at every start would otherwise fill the history with copies.
    TempFolder t;
    const std::string folder = t.path + "/games";
    auto first = archive_record(folder, "1. c2-c3 c4xc2 *\n", 86400 * 400);
    REQUIRE(first);
    auto again = archive_record(folder, "1. c2-c3 c4xc2 *\n", 86400 * 401);
    REQUIRE(again);
    CHECK(*again == *first);
    auto other = archive_record(folder, "1. d2-c3 b4xd2 *\n", 86400 * 402);
    REQUIRE(other);
    CHECK(history_files(folder) == std::vector<std::string>{*other, *first});
}

TEST_CASE("history: a game ended again replaces its earlier record, and nothing outside the history",
          "[store][history]") {
    // Found by a newcomer: a resignation taken back stayed in the history beside the same game's later end.
    TempFolder t;
    const std::string folder = t.path + "/games";
    auto other = archive_record(folder, "1. d2-c3 b4xd2 *\n", 86400 * 400);
    auto resigned = archive_record(folder, "1. c2-c3 1-0\n", 86400 * 401);
    REQUIRE(other);
    REQUIRE(resigned);
    auto ended = archive_record(folder, "1. c2-c3 c4xc2 0-1\n", 86400 * 402, *resigned);
    REQUIRE(ended);
    CHECK(history_files(folder) == std::vector<std::string>{*ended, *other});
    // Ended again as it was kept before: the record kept already stands, the one replaced goes.
    auto again = archive_record(folder, "1. c2-c3 1-0\n", 86400 * 403);
    REQUIRE(again);
    auto same = archive_record(folder, "1. d2-c3 b4xd2 *\n", 86400 * 404, *again);
    REQUIRE(same);
    CHECK(*same == *other);
    CHECK(history_files(folder) == std::vector<std::string>{*ended, *other});
    // Only a record of the history is ever removed: not another file, not a record of another folder.
    const std::string outside = t.file("20261130-141502-001.pdn", "1. c2-c3 *\n");
    const std::string notes = t.file("games/notes.pdn", "1. c2-c3 *\n");
    REQUIRE(archive_record(folder, "1. b2-c3 *\n", 86400 * 405, outside));
    REQUIRE(archive_record(folder, "1. d3-c3 *\n", 86400 * 406, notes));
    CHECK(read_record_file(outside));
    CHECK(read_record_file(notes));
    CHECK(history_files(folder).size() == 4);
}

TEST_CASE("history: #N names the history's game N, newest first; any other name is a file", "[store][history]") {
    const std::vector<std::string> past{"/h/new.pdn", "/h/mid.pdn", "/h/old.pdn"};
    CHECK(*store::record_path("#1", past) == "/h/new.pdn");
    CHECK(*store::record_path("#3", past) == "/h/old.pdn");
    CHECK(*store::record_path("game.pdn", past) == "game.pdn");
    CHECK(*store::record_path("./#1", past) == "./#1");
    CHECK(store::record_path("#4", past).error().message == "the game history has #1 to #3");
    CHECK(store::record_path("#0", past).error().message == "the game history has #1 to #3");
    CHECK(store::record_path("#x", past).error().message == "a game of the history is # and its number, #1 to #3");
    CHECK(store::record_path("#", past).error().message == "a game of the history is # and its number, #1 to #3");
    CHECK(store::record_path("#99999999999999999999", past).error().message ==
          "a game of the history is # and its number, #1 to #3");
    CHECK(store::record_path("#1", {}).error().message == "the game history is empty");
}

TEST_CASE("history: moves are counted as the move list numbers them", "[store][history]") {
    const auto moves_of = [](const char* text) { return full_moves(parse_pdn(text)->front()); };
    CHECK(moves_of("*") == 0);
    CHECK(moves_of("1. c2-c3 *") == 1);
    CHECK(moves_of("1. c2-c3 c4xc2 *") == 1);
    CHECK(moves_of("1. c2-c3 c4xc2 2. c1xc3 *") == 2);
    // Black starts: "1... b4-b3 2. ..." makes Black's first turn a move of its own.
    CHECK(moves_of("[FEN \"B:Wa1:Ba5,b4\"]\n1... b4-b3 *") == 1);
    CHECK(moves_of("[FEN \"B:Wa1:Ba5,b4\"]\n1... b4-b3 2. a1-a2 *") == 2);
}

TEST_CASE("history: a past game described for fetaix games, and files described before replacing", "[store][history]") {
    TempFolder t;
    const std::string folder = t.path + "/games";
    REQUIRE(make_directories(folder) == std::nullopt);
    const std::string won = folder + "/20261130-141502-001.pdn";
    std::ofstream(won)
        << "[White \"Ali\"]\n[Black \"Zineb\"]\n1. d3-c3 b3xd3 2. e3xc3 d4-d3 3. c3xe3 c5-d4 4. e3xc5 e5-d4\n"
           "5. c5xc3xe5xe3 a3-b3 6. e3xa3xc5xe5 a5-b4 7. e5xa5xa3xc5 1-0\n";
    CHECK(format_past_game(1, read_past_game(won)) ==
          "#1  2026-11-30 14:15  Ali - Zineb  1-0 (all pieces captured)  7 moves  " + won);
    const std::string open = folder + "/20261201-090000-002.pdn";
    std::ofstream(open) << "1. c2-c3 *\n";
    CHECK(format_past_game(2, read_past_game(open)) ==
          "#2  2026-12-01 09:00  White - Black  unfinished  1 move  " + open);
    // A game taken back to its start is kept with the moves it can redo, and listed so.
    const std::string undone = folder + "/20261201-090000-005.pdn";
    std::ofstream(undone) << "[Redo \"c2-c3 c4xc2 c1xc3\"]\n*\n";
    CHECK(format_past_game(6, read_past_game(undone)) ==
          "#6  2026-12-01 09:00  White - Black  unfinished  0 moves, 3 plies taken back  " + undone);
    std::ofstream(undone) << "[Redo \"c4xc2\"]\n1. c2-c3 *\n";
    CHECK(format_past_game(6, read_past_game(undone)) ==
          "#6  2026-12-01 09:00  White - Black  unfinished  1 move, 1 ply taken back  " + undone);
    // The computer is named as the game's screen names it.
    const std::string computer = folder + "/20261201-090000-004.pdn";
    std::ofstream(computer) << "[White \"Amina\"]\n[WhiteType \"human\"]\n[Black \"fetaix level 5\"]\n"
                               "[BlackType \"program\"]\n[BlackLevel \"5\"]\n1. c2-c3 *\n";
    CHECK(format_past_game(5, read_past_game(computer)) ==
          "#5  2026-12-01 09:00  Amina - computer, level 5  unfinished  1 move  " + computer);
    // In a list that reaches #10 the numbers take two columns, so the dates stay in line.
    CHECK(format_past_game(5, read_past_game(computer), 2) ==
          "#5   2026-12-01 09:00  Amina - computer, level 5  unfinished  1 move  " + computer);
    CHECK(format_past_game(12, read_past_game(computer), 2) ==
          "#12  2026-12-01 09:00  Amina - computer, level 5  unfinished  1 move  " + computer);
    // Rules other than the default are named, the switches that differ only.
    const std::string variant = folder + "/20261201-090000-006.pdn";
    std::ofstream(variant) << "[Promotion \"stop\"]\n[Majority \"yes\"]\n[NoProgress \"50\"]\n1. c2-c3 *\n";
    CHECK(read_past_game(variant).rules == "promotion stop, majority yes");
    CHECK(format_past_game(7, read_past_game(variant)) ==
          "#7  2026-12-01 09:00  White - Black  unfinished  1 move  rules: promotion stop, majority yes  " + variant);
    CHECK(read_past_game(open).rules.empty());
    CHECK(read_past_game(open).ongoing);
    CHECK_FALSE(read_past_game(won).ongoing);
    const std::string broken = folder + "/20261201-090000-003.pdn";
    std::ofstream(broken) << "1. c2-c4 *\n";
    CHECK_THAT(format_past_game(3, read_past_game(broken)), Catch::StartsWith("#3  2026-12-01 09:00  unreadable: "));
    CHECK(describe_record_file(won) == "a fetaix game, 7 moves");
    // A name from a hostile record cannot drive the terminal that lists it.
    const std::string hostile = folder + "/20261201-100000-001.pdn";
    std::ofstream(hostile) << "[White \"\x1b]0;PWNED\x07\"]\n[Black \"x\xc2\x9by\"]\n*\n";
    CHECK(format_past_game(4, read_past_game(hostile)) ==
          "#4  2026-12-01 10:00  ^[]0;PWNED^G - x~[y  unfinished  0 moves  " + hostile);
    CHECK(describe_record_file(t.file("two.pdn", "1. c2-c3 *\n\n*\n")) == "a record of 2 games");
    CHECK(describe_record_file(t.file("notes.txt", "bread, olives")) == "not a game record");
    CHECK(describe_record_file(t.file("empty", "")) == "not a game record");
}

namespace {

std::string text_of(const std::string& path) {
    auto text = read_record_file(path);
    return text ? *text : "(" + text.error().message + ")";
}

// The one name in the folder that starts with the prefix, or "".
std::string named(const TempFolder& t, std::string_view prefix) {
    std::string found;
    for (const std::string& n : t.names())
        if (n.rfind(prefix, 0) == 0) found = found.empty() ? n : "(several)";
    return found;
}

Game played(std::initializer_list<const char*> moves) {
    Game g;
    for (const char* m : moves) REQUIRE(g.play(m));
    return g;
}

}  // namespace

TEST_CASE("autosave: notices name the reason first and the path last", "[store][autosave]") {
    CHECK(reason_first("cannot write /a/b c/autosave.pdn: No space left on device") ==
          "cannot write: No space left on device: /a/b c/autosave.pdn");
    CHECK(reason_first("cannot create /x/file/fetaix: Not a directory") ==
          "cannot create: Not a directory: /x/file/fetaix");
    CHECK(reason_first("no path here") == "no path here");
    TempFolder t;
    const std::string blocker = t.file("blocker", "x");
    Autosave a(blocker + "/fetaix");
    CHECK(a.problem() == "cannot create: Not a directory: " + blocker + "/fetaix");
}

TEST_CASE("autosave: a failing autosave that then finds another owner says this game is not saved",
          "[store][autosave]") {
    TempFolder t;
    const std::string blocker = t.file("blocker", "x");
    Autosave first(blocker + "/fetaix");
    const Game game = played({"c2-c3"});
    CHECK(first.save(game, {}) == "autosave failing: cannot create: Not a directory: " + blocker + "/fetaix");
    ::unlink(blocker.c_str());
    Autosave second(blocker + "/fetaix");
    REQUIRE(second.ownership() == Autosave::Ownership::Owned);
    // Every later save says so again, until the other one lets go.
    for (int i = 0; i < 2; ++i)
        CHECK(first.save(game, {}) ==
              "autosave off: another fetaix holds the lock: " + blocker + "/fetaix/autosave.lock");
    CHECK_FALSE(second.load().ok());  // nothing was written by the first
}

TEST_CASE("autosave: an owner whose lock file was deleted stops before overwriting a second owner",
          "[store][autosave]") {
    TempFolder t;
    Autosave first(t.path);
    REQUIRE_FALSE(first.save(played({"c2-c3"}), {}));
    ::unlink((t.path + "/autosave.lock").c_str());
    Autosave second(t.path);
    REQUIRE(second.ownership() == Autosave::Ownership::Owned);
    REQUIRE_FALSE(second.save(played({"d2-c3"}), {}));
    CHECK(first.save(played({"c2-c3", "c4xc2"}), {}) ==
          "autosave off: another fetaix holds the lock: " + t.path + "/autosave.lock");
    CHECK(first.ownership() == Autosave::Ownership::Elsewhere);
    CHECK_THAT(text_of(t.path + "/autosave.pdn"), Catch::Contains("1. d2-c3 *"));
}

TEST_CASE("autosave: an owner whose whole folder was deleted stops before overwriting a second owner",
          "[store][autosave]") {
    TempFolder t;
    const std::string folder = t.path + "/fetaix";
    Autosave first(folder);
    REQUIRE_FALSE(first.save(played({"c2-c3"}), {}));
    std::system(("rm -rf '" + folder + "'").c_str());
    Autosave second(folder);
    REQUIRE(second.ownership() == Autosave::Ownership::Owned);
    REQUIRE_FALSE(second.save(played({"d2-c3"}), {}));
    CHECK(first.save(played({"c2-c3", "c4xc2"}), {}) ==
          "autosave off: another fetaix holds the lock: " + folder + "/autosave.lock");
    CHECK_THAT(text_of(folder + "/autosave.pdn"), Catch::Contains("1. d2-c3 *"));
}

TEST_CASE("autosave: with the lock file deleted and nobody else, the owner locks anew and goes on",
          "[store][autosave]") {
    TempFolder t;
    const std::string folder = t.path + "/fetaix";
    Autosave a(folder);
    REQUIRE_FALSE(a.save(played({"c2-c3"}), {}));
    ::unlink((folder + "/autosave.lock").c_str());
    REQUIRE_FALSE(a.save(played({"c2-c3", "c4xc2"}), {}));
    CHECK(a.take_news().empty());
    CHECK_THAT(text_of(folder + "/autosave.pdn"), Catch::Contains("1. c2-c3 c4xc2 *"));
    // A second one now finds the new lock held.
    CHECK(Autosave(folder).ownership() == Autosave::Ownership::Elsewhere);
    // The folder gone: made again, and saving goes on (nothing there to overwrite).
    std::system(("rm -rf '" + folder + "'").c_str());
    REQUIRE_FALSE(a.save(played({"c2-c3"}), {}));
    CHECK_THAT(text_of(folder + "/autosave.pdn"), Catch::Contains("1. c2-c3 *"));
}

TEST_CASE("autosave: a broken autosave is moved aside, with why and where", "[store][autosave]") {
    TempFolder t;
    const std::string broken = "[Event \"x\"]\n1. c2-c3 c4xc2\n2. c1-c2 *\n";
    t.file("autosave.pdn", broken);
    Autosave a(t.path);
    const auto saved = a.read_saved();
    CHECK_FALSE(saved.record);
    const std::string aside = named(t, "autosave-broken-");
    REQUIRE(aside.size() == std::string("autosave-broken-20261130-143000.pdn").size());
    CHECK(saved.news ==
          "the saved game was broken (line 3, column 4: move 2 'c1-c2': the point c2 "
          "is taken: to capture it, land on c3), moved to: " +
              t.path + "/" + aside);
    CHECK(text_of(t.path + "/" + aside) == broken);
    CHECK(t.names().count("autosave.pdn") == 0);
    // Broken again within the same second: a name of its own, never over the first.
    t.file("autosave.pdn", std::string("binary\0", 7));
    Autosave b(t.path + "/");  // another path to the same folder, so this one owns nothing...
    CHECK(b.ownership() == Autosave::Ownership::Elsewhere);
    CHECK_THAT(b.read_saved().news,
               Catch::StartsWith("the saved game is broken (autosave.pdn holds binary data, not a game "
                                 "record), left as it is: "));
    CHECK(t.names().count("autosave.pdn") == 1);
}

TEST_CASE("autosave: broken twice in one second, two names", "[store][autosave]") {
    TempFolder t;
    for (int i = 0; i < 2; ++i) {
        t.file("autosave.pdn", concat("1. e5-e4 ", i, " *\n"));
        Autosave a(t.path);
        CHECK_THAT(a.read_saved().news,
                   Catch::StartsWith("the saved game was broken (line 1, column 4: move 1 'e5-e4'"));
    }
    std::set<std::string> asides;
    for (const std::string& n : t.names())
        if (n.rfind("autosave-broken-", 0) == 0) asides.insert(n);
    CHECK(asides.size() == 2);
    std::set<std::string> texts;
    for (const std::string& n : asides) texts.insert(text_of(t.path + "/" + n));
    CHECK(texts == std::set<std::string>{"1. e5-e4 0 *\n", "1. e5-e4 1 *\n"});
}

TEST_CASE("autosave: a lock taken late never writes over a saved game this one does not continue",
          "[store][autosave]") {
    TempFolder t;
    const std::string saved_text = "[White \"Ali\"]\n1. c2-c3 c4xc2 *\n";
    t.file("autosave.pdn", saved_text);
    // The lock cannot be opened (here: a folder in its place), yet the saved game is read and offered.
    ::mkdir((t.path + "/autosave.lock").c_str(), 0755);
    Autosave a(t.path);
    REQUIRE(a.ownership() == Autosave::Ownership::Unknown);
    CHECK(a.problem() == "cannot open the lock: Is a directory: " + t.path + "/autosave.lock");
    const auto saved = a.read_saved();
    REQUIRE(saved.record);
    CHECK(saved.record->moves.size() == 2);
    const Game other = played({"d2-c3"});
    CHECK(a.save(other, {}) == "autosave failing: cannot open the lock: Is a directory: " + t.path + "/autosave.lock");
    // The lock becomes usable: the saved game goes aside whole before this other game is written.
    ::rmdir((t.path + "/autosave.lock").c_str());
    REQUIRE_FALSE(a.save(other, {}));
    const std::string aside = named(t, "autosave-kept-");
    REQUIRE_FALSE(aside.empty());
    CHECK(a.take_news() == "the autosave held another unfinished game (1 move), moved to: " + t.path + "/" + aside);
    CHECK(a.take_news().empty());
    CHECK(text_of(t.path + "/" + aside) == saved_text);
    CHECK_THAT(text_of(t.path + "/autosave.pdn"), Catch::Contains("1. d2-c3 *"));
    // From then on it is this game's own autosave.
    REQUIRE_FALSE(a.save(played({"d2-c3", "b4xd2"}), {}));
    CHECK(a.take_news().empty());
    CHECK(named(t, "autosave-kept-") == aside);
}

TEST_CASE("autosave: a lock taken late writes over the saved game when this game continues it", "[store][autosave]") {
    TempFolder t;
    t.file("autosave.pdn", "1. c2-c3 c4xc2 *\n");
    ::mkdir((t.path + "/autosave.lock").c_str(), 0755);
    Autosave a(t.path);
    auto saved = a.read_saved();
    REQUIRE(saved.record);
    Game resumed = to_game(*saved.record);
    REQUIRE(resumed.play("c1xc3"));
    ::rmdir((t.path + "/autosave.lock").c_str());
    REQUIRE_FALSE(a.save(resumed, {}));
    CHECK(a.take_news().empty());
    CHECK(named(t, "autosave-kept-").empty());
    CHECK_THAT(text_of(t.path + "/autosave.pdn"), Catch::Contains("1. c2-c3 c4xc2 2. c1xc3 *"));
}

TEST_CASE("autosave: a lock taken late moves a broken autosave aside too", "[store][autosave]") {
    TempFolder t;
    t.file("autosave.pdn", "1. c2-c3 c4xc2 2. c1-c2 *\n");
    ::mkdir((t.path + "/autosave.lock").c_str(), 0755);
    Autosave a(t.path);
    CHECK_THAT(a.read_saved().news, Catch::StartsWith("the saved game is broken (line 1, column 19: move 2 'c1-c2'"));
    ::rmdir((t.path + "/autosave.lock").c_str());
    REQUIRE_FALSE(a.save(played({"d2-c3"}), {}));
    const std::string aside = named(t, "autosave-broken-");
    REQUIRE_FALSE(aside.empty());
    CHECK_THAT(a.take_news(), Catch::StartsWith("the autosave held a broken game (line 1, column 19: move 2 'c1-c2'") &&
                                  Catch::EndsWith("), moved to: " + t.path + "/" + aside));
}

TEST_CASE("autosave: continues() compares the start, the rules and the whole line", "[store][autosave]") {
    const GameRecord saved = parse_pdn("1. c2-c3 c4xc2 *\n")->front();
    CHECK(continues(played({"c2-c3", "c4xc2"}), saved));
    CHECK(continues(played({"c2-c3", "c4xc2", "c1xc3"}), saved));
    Game undone = played({"c2-c3", "c4xc2"});
    undone.undo();  // the undone move is still on the redo line
    CHECK(continues(undone, saved));
    CHECK_FALSE(continues(played({"c2-c3"}), saved));
    CHECK_FALSE(continues(played({"d2-c3"}), saved));
    CHECK_FALSE(continues(Game{}, saved));
    Rules majority;
    majority.majority = true;
    Game other_rules(majority);
    REQUIRE(other_rules.play("c2-c3"));
    REQUIRE(other_rules.play("c4xc2"));
    CHECK_FALSE(continues(other_rules, saved));
}

TEST_CASE("autosave: autosave_continues() tells the game shown resumed elsewhere from another one",
          "[store][autosave]") {
    TempFolder t;
    // Nothing saved, or a broken file: not this game.
    CHECK_FALSE(autosave_continues(t.path, played({"c2-c3"})));
    t.file("autosave.pdn", "1. c2-c3 c4xc2 2. c1-c2 *\n");
    CHECK_FALSE(autosave_continues(t.path, played({"c2-c3"})));
    // Resumed and played on: the game shown is its beginning.
    t.file("autosave.pdn", "1. c2-c3 c4xc2 *\n");
    CHECK(autosave_continues(t.path, played({"c2-c3"})));
    CHECK(autosave_continues(t.path, played({"c2-c3", "c4xc2"})));
    // Another game started since, or one that has not come as far as the screen.
    t.file("autosave.pdn", "*\n");
    CHECK_FALSE(autosave_continues(t.path, played({"c2-c3"})));
    t.file("autosave.pdn", "1. d2-c3 *\n");
    CHECK_FALSE(autosave_continues(t.path, played({"c2-c3"})));
    t.file("autosave.pdn", "1. c2-c3 *\n");
    CHECK_FALSE(autosave_continues(t.path, played({"c2-c3", "c4xc2"})));
}

TEST_CASE("autosave: the owner removes stale temporary files of its own pattern, and only those", "[store][autosave]") {
    TempFolder t;
    for (const char* n : {"autosave.pdn.a1B2c3", "autosave.pdn.ZZZZZZ"}) t.file(n, "1. c2-c3");
    for (const char* n : {"autosave.pdn.abcde", "autosave.pdn.abcdefg", "autosave.pdn.ab-cde", "xautosave.pdn.abcdef",
                          "autosave.pdn", "autosave.pgn.abcdef", "mine.pdn"})
        t.file(n, "1. c2-c3 *\n");
    ::mkdir((t.path + "/autosave.pdn.Folder").c_str(), 0755);
    {
        // Not the owner: touches nothing.
        ::mkdir((t.path + "/autosave.lock").c_str(), 0755);
        Autosave unowned(t.path);
        REQUIRE(unowned.ownership() == Autosave::Ownership::Unknown);
        CHECK(t.names().count("autosave.pdn.a1B2c3") == 1);
        ::rmdir((t.path + "/autosave.lock").c_str());
    }
    Autosave a(t.path);
    REQUIRE(a.ownership() == Autosave::Ownership::Owned);
    CHECK(t.names() == std::set<std::string>{"autosave.pdn.abcde", "autosave.pdn.abcdefg", "autosave.pdn.ab-cde",
                                             "xautosave.pdn.abcdef", "autosave.pdn", "autosave.pgn.abcdef", "mine.pdn",
                                             "autosave.pdn.Folder", "autosave.lock"});
}

TEST_CASE("autosave: a lock path that is not a regular file is refused, and nothing hangs", "[store][autosave]") {
    TempFolder t;
    REQUIRE(::mkfifo((t.path + "/autosave.lock").c_str(), 0444) == 0);
    Autosave a(t.path);
    CHECK(a.ownership() == Autosave::Ownership::Unknown);
    CHECK(a.problem() == "the lock is not a regular file: " + t.path + "/autosave.lock");
    CHECK(a.save(played({"c2-c3"}), {}) ==
          "autosave failing: the lock is not a regular file: " + t.path + "/autosave.lock");
    CHECK(t.names() == std::set<std::string>{"autosave.lock"});
}

TEST_CASE("files: a record with a byte-order mark and CR line ends opens", "[store]") {
    TempFolder folder;
    auto record = load_game_file(folder.file("bom.pdn",
                                             "\xEF\xBB\xBF[White \"Ana\"]\r[Black \"Ben\"]\r\r1. c2-c3 *\r"));
    REQUIRE(record);
    CHECK(record->tag("White") == "Ana");
    CHECK(record->moves.size() == 1);
    const std::string path = folder.file("bad.pdn", "\xEF\xBB\xBF[White \"Ana\"]\r\r1. c2-c5 *\r");
    auto bad = load_game_file(path);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message ==
          path + ": line 3, column 4: move 1 'c2-c5': a man steps one point, and c5 is not next to c2");
}

TEST_CASE("files: a sized binary file (an endgame table) is checked for its kind and size before a byte is read",
          "[store][tablebase]") {
    TempFolder t;
    const auto error_of_sized = [](const std::string& path, std::uint64_t size) {
        auto r = read_sized_file(path, "an endgame table", size);
        REQUIRE_FALSE(r.ok());
        return r.error().message;
    };
    const std::string good = t.file("good.tb", std::string("\x01\x00\x02", 3));
    const auto read = read_sized_file(good, "an endgame table", 3);
    REQUIRE(read);
    CHECK(*read == std::vector<std::uint8_t>{1, 0, 2});
    CHECK(error_of_sized(good, 4) == good + ": 3 bytes, expected 4");
    CHECK(error_of_sized(good, 2) == good + ": 3 bytes, expected 2");
    CHECK(error_of_sized(t.path, 3) == t.path + " is a folder, not an endgame table");
    CHECK(error_of_sized(t.path + "/missing.tb", 3) ==
          "cannot open " + t.path + "/missing.tb: No such file or directory");
    // A FIFO nobody writes to is refused at once, not waited on.
    const std::string fifo = t.path + "/fifo.tb";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(error_of_sized(fifo, 3) == fifo + " is not a regular file");
    // A link to /dev/zero would never end: refused, not read.
    const std::string zero = t.path + "/zero.tb";
    REQUIRE(::symlink("/dev/zero", zero.c_str()) == 0);
    CHECK(error_of_sized(zero, 3) == zero + " is not a regular file");
    // A link to a regular file is read through.
    const std::string link = t.path + "/link.tb";
    REQUIRE(::symlink(good.c_str(), link.c_str()) == 0);
    CHECK(read_sized_file(link, "an endgame table", 3).ok());
}

TEST_CASE("tables: a table or manifest that is a folder or a FIFO is told once, and the engine goes on without it",
          "[store][tablebase]") {
    TempFolder t;
    const test::ScopedEnv data("XDG_DATA_HOME", t.path);
    const Rules rules;
    const std::string folder = solving::tablebase_directory(rules);
    REQUIRE_FALSE(make_directories(folder));
    // Every material of 2 pieces listed (so they are probed); their files are what the test makes.
    std::string manifest = "fetaix tablebase 2 backward-captures=no,promotion=end,majority=no\n";
    for (const tablebase::Material& m : tablebase::stored_materials_up_to(2))
        manifest += concat(tablebase::name_of(m), " ", tablebase::Index(m).size(), " 0123456789abcdef\n");
    t.file(concat(folder.substr(t.path.size() + 1), "/manifest.txt"), manifest);
    const tablebase::Material mullahs{0, 1, 0, 1}, men{1, 0, 1, 0};
    const std::string as_folder = concat(folder, "/", tablebase::name_of(mullahs), ".tb");
    const std::string as_fifo = concat(folder, "/", tablebase::name_of(men), ".tb");
    REQUIRE(::mkdir(as_folder.c_str(), 0700) == 0);
    REQUIRE(::mkfifo(as_fifo.c_str(), 0600) == 0);
    {
        engine::BuiltTables tables;
        CHECK(tables.pieces(rules) == 2);
        CHECK(tables.take_problem().empty());
        CHECK(tables.with(rules, mullahs) == nullptr);
        CHECK(tables.take_problem() == as_folder + " is a folder, not an endgame table");
        // Not asked for again, nor told again.
        CHECK(tables.with(rules, mullahs) == nullptr);
        CHECK(tables.take_problem().empty());
        // A FIFO nobody writes to: refused at once.
        CHECK(tables.with(rules, men) == nullptr);
        CHECK(tables.take_problem() == as_fifo + " is not a regular file");
    }
    // The manifest a FIFO: no tables, and why.
    const std::string manifest_path = folder + "/manifest.txt";
    REQUIRE(::unlink(manifest_path.c_str()) == 0);
    REQUIRE(::mkfifo(manifest_path.c_str(), 0600) == 0);
    {
        engine::BuiltTables tables;
        CHECK(tables.pieces(rules) == 0);
        CHECK(tables.take_problem() == manifest_path + " is not a regular file");
    }
}

TEST_CASE(
    "engine sources: the tables every front end plays with are read from the data folder, the book is the one compiled in",
    "[store][tablebase]") {
    TempFolder t;
    const test::ScopedEnv data("XDG_DATA_HOME", t.path);
    const Rules rules;
    const engine::Sources sources = engine::from_files();
    // Nothing built: a lone piece needs no table, and there is nothing to tell.
    const std::unique_ptr<engine::Tables> none = sources.make_tables();
    REQUIRE(none != nullptr);
    CHECK(none->pieces(rules) == 1);
    CHECK(none->take_problem().empty());
    // Every material of 2 pieces listed in the folder's manifest: tables made now read it.
    const std::string folder = solving::tablebase_directory(rules);
    REQUIRE(folder == t.path + "/fetaix/tablebases/backward-captures=no,promotion=end,majority=no");
    REQUIRE_FALSE(make_directories(folder));
    std::string manifest = "fetaix tablebase 2 backward-captures=no,promotion=end,majority=no\n";
    for (const tablebase::Material& m : tablebase::stored_materials_up_to(2))
        manifest += concat(tablebase::name_of(m), " ", tablebase::Index(m).size(), " 0123456789abcdef\n");
    t.file(concat(folder.substr(t.path.size() + 1), "/manifest.txt"), manifest);
    CHECK(sources.make_tables()->pieces(rules) == 2);
    CHECK(sources.book(rules) == &solving::proven_book());
    Rules immediate;
    immediate.promotion = Promotion::Immediate;
    CHECK(sources.book(immediate) == solving::proven_book(immediate));
    CHECK(sources.book(immediate) != nullptr);
    Rules stop;
    stop.promotion = Promotion::Stop;
    CHECK(sources.book(stop) == solving::proven_book(stop));
    CHECK(sources.book(stop) != nullptr);
    CHECK(sources.book(stop) != sources.book(immediate));
}
