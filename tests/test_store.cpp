// Files: hostile record files, atomic writes, the autosave's lock, an unwritable state folder.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "store/autosave.hpp"
#include "store/files.hpp"

using namespace fetaix;
using namespace fetaix::store;

namespace {

// A fresh folder under /tmp, removed at the end of the test.
struct TempFolder {
    std::string path;
    TempFolder() {
        char name[] = "/tmp/fetaix-test-XXXXXX";
        path = ::mkdtemp(name);
    }
    ~TempFolder() { std::system(("rm -rf '" + path + "'").c_str()); }
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
    CHECK(g.error().message == t.path + "/bad.pdn: line 3, column 4: move 2 'c1-c2': 'c1-c2' is not legal: a capture is compulsory "
                                 "(for example c1xc3)");
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
    const char* old_xdg = std::getenv("XDG_STATE_HOME");
    const std::string saved_xdg = old_xdg ? old_xdg : "";
    const std::string saved_home = std::getenv("HOME") ? std::getenv("HOME") : "/";
    ::setenv("XDG_STATE_HOME", "/var/tmp/state", 1);
    CHECK(state_directory() == "/var/tmp/state/fetaix");
    ::setenv("XDG_STATE_HOME", "relative/ignored", 1);  // the spec wants an absolute path
    ::setenv("HOME", "/home/ali", 1);
    CHECK(state_directory() == "/home/ali/.local/state/fetaix");
    ::setenv("HOME", saved_home.c_str(), 1);
    if (old_xdg) ::setenv("XDG_STATE_HOME", saved_xdg.c_str(), 1);
    else ::unsetenv("XDG_STATE_HOME");
    CHECK(default_save_name(0).size() == std::string("fetaix-19700101-0000.pdn").size());
}

TEST_CASE("autosave: the game, its names and its redo line survive a restart", "[store][autosave]") {
    TempFolder t;
    Game game;
    game.play("c2-c3");
    game.play("c4xc2");
    game.play("c1xc3");
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

TEST_CASE("autosave: a finished game is not offered again", "[store][autosave]") {
    Game won({}, *parse_fen("W:Wb3:Bc3"));
    won.play("b3xd3");
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(won, {}, true))->begin()));
    Game resigned;
    resigned.play("c2-c3");
    resigned.resign(Color::Black);
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(resigned, {}, true))->begin()));
    CHECK_FALSE(unfinished(*parse_pdn(format_pdn(Game{}, {}, true))->begin()));  // nothing played
}

TEST_CASE("autosave: a second owner is refused and never writes", "[store][autosave]") {
    TempFolder t;
    Autosave first(t.path);
    REQUIRE(first.ownership() == Autosave::Ownership::Owned);
    Game game;
    game.play("c2-c3");
    REQUIRE_FALSE(first.save(game, {}));
    // flock locks belong to open files, so a second open in this process competes like another process.
    Autosave second(t.path);
    CHECK(second.ownership() == Autosave::Ownership::Elsewhere);
    Game other;
    other.play("d2-c3");
    CHECK_FALSE(second.save(other, {}));
    CHECK(second.load()->moves.size() == 1);
    CHECK(to_string(second.load()->moves[0]) == "c2-c3");
}

TEST_CASE("autosave: an unusable state folder is reported and retried", "[store][autosave]") {
    TempFolder t;
    // A folder below a plain file cannot be made, even by root.
    const std::string blocker = t.file("blocker", "x");
    Autosave a(blocker + "/fetaix");
    CHECK(a.ownership() == Autosave::Ownership::Unknown);
    CHECK_THAT(a.problem(), Catch::Contains("Not a directory"));
    Game game;
    game.play("c2-c3");
    auto problem = a.save(game, {});
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains("Not a directory"));
    // Once the obstacle goes, the next save succeeds.
    ::unlink(blocker.c_str());
    CHECK_FALSE(a.save(game, {}));
    CHECK(a.ownership() == Autosave::Ownership::Owned);
    CHECK(a.load()->moves.size() == 1);
}

TEST_CASE("files: a record with a byte-order mark and CR line ends opens", "[store]") {
    TempFolder folder;
    auto record = load_game_file(folder.file("bom.pdn", "\xEF\xBB\xBF[White \"Ana\"]\r[Black \"Ben\"]\r\r1. c2-c3 *\r"));
    REQUIRE(record);
    CHECK(record->tag("White") == "Ana");
    CHECK(record->moves.size() == 1);
    const std::string path = folder.file("bad.pdn", "\xEF\xBB\xBF[White \"Ana\"]\r\r1. c2-c5 *\r");
    auto bad = load_game_file(path);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message == path + ": line 3, column 4: move 1 'c2-c5': 'c2-c5' is not a legal move here");
}
