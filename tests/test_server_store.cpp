// The server's database: its schema made and migrated on open, players and their keys, names checked,
// bans, and writes that fail leaving nothing behind.

#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <sys/stat.h>

#include "server/store.hpp"
#include "temp_folder.hpp"

using namespace fetaix;
using namespace fetaix::server;

namespace {

int pragma(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
    const int value = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
    sqlite3_finalize(s);
    sqlite3_close(db);
    return value;
}

void run_sql(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    REQUIRE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

}  // namespace

TEST_CASE("server store: a new database is made at the current schema, in WAL mode, private to its owner") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    CHECK((*store)->schema_version() == kSchemaVersion);
    CHECK((*store)->path() == dir.path + "/fetaix.db");
    store->reset();
    CHECK(pragma(dir.path + "/fetaix.db", "PRAGMA user_version") == kSchemaVersion);
    struct stat st {};
    REQUIRE(::stat((dir.path + "/fetaix.db").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    sqlite3* db = nullptr;
    sqlite3_open((dir.path + "/fetaix.db").c_str(), &db);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, nullptr);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, 0))) == "wal");
    sqlite3_finalize(s);
    sqlite3_close(db);
}

TEST_CASE("server store: a database of a later schema is refused and not touched") {
    test::TempFolder dir;
    run_sql(dir.path + "/fetaix.db", "PRAGMA user_version = 99");
    auto store = Store::open(dir.path);
    REQUIRE_FALSE(store);
    CHECK(store.error().message.find("later fetaix (schema 99") != std::string::npos);
    CHECK(pragma(dir.path + "/fetaix.db", "PRAGMA user_version") == 99);
}

TEST_CASE("server store: a player is known by their key, and the same key finds them again after a restart") {
    test::TempFolder dir;
    {
        auto store = Store::open(dir.path);
        REQUIRE(store);
        auto none = (*store)->player_by_key("SHA256:aaa");
        REQUIRE(none);
        CHECK_FALSE(none->has_value());
        auto added = (*store)->add_player("Youssef", "SHA256:aaa");
        REQUIRE(added);
        CHECK(added->name == "Youssef");
    }
    auto store = Store::open(dir.path);
    REQUIRE(store);
    auto found = (*store)->player_by_key("SHA256:aaa");
    REQUIRE(found);
    REQUIRE(found->has_value());
    CHECK((*found)->name == "Youssef");
    CHECK_FALSE((*found)->banned);
}

TEST_CASE("server store: a name is taken once, whatever its letter case") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    REQUIRE((*store)->add_player("Amina", "SHA256:one"));
    auto again = (*store)->add_player("AMINA", "SHA256:two");
    REQUIRE_FALSE(again);
    CHECK(again.error().message == "the name AMINA is taken");
    auto second = (*store)->player_by_key("SHA256:two");
    REQUIRE(second);
    CHECK_FALSE(second->has_value());
}

TEST_CASE("server store: a player added with a key already someone's is not half-written") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    REQUIRE((*store)->add_player("Amina", "SHA256:one"));
    // The player row goes in first; the key's row then fails, and the player must go with it.
    auto twice = (*store)->add_player("Karim", "SHA256:one");
    REQUIRE_FALSE(twice);
    CHECK(twice.error().message.find("cannot add the player's key") == 0);
    auto karim = (*store)->player_by_name("Karim");
    REQUIRE(karim);
    CHECK_FALSE(karim->has_value());
    auto all = (*store)->players();
    REQUIRE(all);
    CHECK(all->size() == 1);
}

TEST_CASE("server store: names are 2 to 20 columns with no spaces, controls, direction marks or guest- prefix") {
    CHECK_FALSE(name_problem("Youssef"));
    CHECK_FALSE(name_problem("يوسف"));
    CHECK_FALSE(name_problem("李明"));
    CHECK_FALSE(name_problem("ab"));
    CHECK_FALSE(name_problem("abcdefghijklmnopqrst"));
    CHECK(name_problem("a") == "a name is 2 to 20 columns long");
    CHECK(name_problem("abcdefghijklmnopqrstu") == "a name is 2 to 20 columns long");
    CHECK(name_problem("Youssef El") == "a name cannot hold spaces");
    CHECK(name_problem("you\x1b[2Jssef") == "a name cannot hold control, invisible or direction characters");
    CHECK(name_problem("admin\xE2\x80\xAE") == "a name cannot hold control, invisible or direction characters");
    CHECK(name_problem("bad\xFFname") == "a name cannot hold control, invisible or direction characters");
    CHECK(name_problem("Guest-0001") == "names starting with guest- are the guests'");
    // Invisible characters would let a name pass for another: a zero-width space (U+200B), a soft
    // hyphen (U+00AD), a byte-order mark (U+FEFF), a variation selector (U+FE0F), a tag (U+E0041).
    for (const char* twin : {"-lab\xE2\x80\x8B"
                             "cd",
                             "Ami\xC2\xAD"
                             "na",
                             "\xEF\xBB\xBF"
                             "Amina",
                             "Amina\xEF\xB8\x8F", "Amina\xF3\xA0\x81\x81"})
        CHECK(name_problem(twin) == "a name cannot hold control, invisible or direction characters");
    // Combining marks are letters' own in many scripts: kept.
    CHECK_FALSE(name_problem("\xD9\x8A\xD9\x8F\xD9\x88\xD8\xB3\xD9\x81"));  // يُوسف
    CHECK(name_problem("-labcd") == "a name cannot start with -");
    auto store_check = [](const char* name) {
        test::TempFolder dir;
        auto store = Store::open(dir.path);
        return store && !(*store)->add_player(name, "SHA256:x");
    };
    CHECK(store_check("a b"));
}

TEST_CASE("server store: a banned player's key still finds them, marked banned, until they are let back") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    REQUIRE((*store)->add_player("Karim", "SHA256:k"));
    auto banned = (*store)->set_banned("karim", true);
    REQUIRE(banned);
    CHECK(banned->name == "Karim");
    CHECK((*(*store)->player_by_key("SHA256:k"))->banned);
    REQUIRE((*store)->set_banned("Karim", false));
    CHECK_FALSE((*(*store)->player_by_key("SHA256:k"))->banned);
    auto nobody = (*store)->set_banned("Nobody", true);
    REQUIRE_FALSE(nobody);
    CHECK(nobody.error().message == "no player is named Nobody");
}

TEST_CASE("server store: a game is stored as it begins, again at each change, and found in play until it ends") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    auto youssef = (*store)->add_player("Youssef", "SHA256:y");
    auto amina = (*store)->add_player("Amina", "SHA256:a");
    REQUIRE(youssef);
    REQUIRE(amina);
    StoredGame g;
    g.white = *youssef;
    g.black = *amina;
    g.white_token = "wt";
    g.black_token = "bt";
    auto id = (*store)->add_game(g);
    REQUIRE(id);
    CHECK_FALSE((*store)->save_game(*id, "1. d3-c3 *", ""));
    auto playing = (*store)->games_in_play();
    REQUIRE(playing);
    REQUIRE(playing->size() == 1);
    CHECK(playing->front().id == *id);
    CHECK(playing->front().white.name == "Youssef");
    CHECK(playing->front().black.name == "Amina");
    CHECK(playing->front().white_token == "wt");
    CHECK(playing->front().black_token == "bt");
    CHECK(playing->front().record == "1. d3-c3 *");
    CHECK(playing->front().code.empty());
    // A private game keeps its code through a restart.
    g.code = "ab12-cd34-ef56";
    auto private_id = (*store)->add_game(g);
    REQUIRE(private_id);
    playing = (*store)->games_in_play();
    REQUIRE(playing);
    REQUIRE(playing->size() == 2);
    CHECK(playing->back().id == *private_id);
    CHECK(playing->back().code == "ab12-cd34-ef56");
    CHECK_FALSE((*store)->save_game(*private_id, "*", "1/2-1/2"));
    CHECK_FALSE((*store)->save_game(*id, "1. d3-c3 0-1", "0-1"));
    auto after = (*store)->games_in_play();
    REQUIRE(after);
    CHECK(after->empty());
    auto missing = (*store)->save_game(*id + 7, "*", "");
    REQUIRE(missing);
    CHECK(*missing == concat("no game ", std::to_string(*id + 7), " to store"));
}

TEST_CASE("server store: guests are numbered in order from guest-0001, kept apart from the players with keys") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    REQUIRE((*store)->add_player("Youssef", "SHA256:y"));
    auto first = (*store)->add_guest();
    auto second = (*store)->add_guest();
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->name == "guest-0001");
    CHECK(first->guest);
    CHECK(second->name == "guest-0002");
    // A player's name cannot pass for a guest's.
    CHECK((*store)->add_player("Guest-0003", "SHA256:g").error().message ==
          "names starting with guest- are the guests'");
    auto all = (*store)->players();
    REQUIRE(all);
    REQUIRE(all->size() == 3);
    CHECK(all->at(0).name == "guest-0001");
    CHECK(all->at(0).guest);
    CHECK(all->at(2).name == "Youssef");
    CHECK_FALSE(all->at(2).guest);
    // Numbered on after a restart.
    store->reset();
    auto again = Store::open(dir.path);
    REQUIRE(again);
    CHECK((*again)->add_guest()->name == "guest-0003");
}

TEST_CASE("server store: a database of schema 1 is brought to the current schema, its players kept") {
    test::TempFolder dir;
    const std::string path = dir.path + "/fetaix.db";
    run_sql(path,
            "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, created INTEGER "
            "NOT NULL, banned INTEGER NOT NULL DEFAULT 0);"
            "CREATE TABLE player_keys (fingerprint TEXT PRIMARY KEY, player INTEGER NOT NULL REFERENCES players(id), "
            "added INTEGER NOT NULL);"
            "INSERT INTO players (name, created) VALUES ('Karim', 0);"
            "INSERT INTO player_keys VALUES ('SHA256:k', 1, 0);"
            "PRAGMA user_version = 1;");
    auto store = Store::open(dir.path);
    REQUIRE(store);
    CHECK((*store)->schema_version() == kSchemaVersion);
    auto karim = (*store)->player_by_key("SHA256:k");
    REQUIRE(karim);
    REQUIRE(karim->has_value());
    CHECK((*karim)->name == "Karim");
    CHECK_FALSE((*karim)->guest);
    auto games = (*store)->games_in_play();
    REQUIRE(games);
    CHECK(games->empty());
}

TEST_CASE("server store: a rated game's end stores both ratings once; the leaderboard and the export read them") {
    test::TempFolder dir;
    auto store = Store::open(dir.path);
    REQUIRE(store);
    auto youssef = (*store)->add_player("Youssef", "SHA256:y");
    auto amina = (*store)->add_player("Amina", "SHA256:a");
    REQUIRE(youssef);
    REQUIRE(amina);
    const RatingPool rapid{"rapid", "standard"};
    auto fresh = (*store)->rating_of(youssef->id, rapid);
    REQUIRE(fresh);
    CHECK(fresh->rating == 1500);
    CHECK(fresh->deviation == 350);
    // Tokens of more than one character: GCC 12 warns falsely (-Wrestrict) of a one-character assignment.
    StoredGame g{0, *youssef, *amina, std::string("white-token"), std::string("black-token"), true, "", "", ""};
    auto id = (*store)->add_game(g);
    REQUIRE(id);
    const RatingUpdate update{rapid, {1662.31, 290.32, 0.06}, {1337.69, 290.32, 0.06}};
    CHECK_FALSE((*store)->save_game(*id, "1-0 record", "1-0", update));
    // Stored again (the record once more): not rated a second time.
    CHECK_FALSE((*store)->save_game(*id, "1-0 record", "1-0", update));
    auto board = (*store)->leaderboard(rapid, 10);
    REQUIRE(board);
    REQUIRE(board->size() == 2);
    CHECK(board->at(0).name == "Youssef");
    CHECK(board->at(0).rating.rating == Approx(1662.31));
    CHECK(board->at(0).games == 1);
    CHECK(board->at(1).name == "Amina");
    CHECK(board->at(1).rating.deviation == Approx(290.32));
    auto blitz = (*store)->leaderboard(RatingPool{"blitz", "standard"}, 10);
    REQUIRE(blitz);
    CHECK(blitz->empty());
    // A banned player leaves the leaderboard.
    REQUIRE((*store)->set_banned("Amina", true));
    CHECK((*store)->leaderboard(rapid, 10)->size() == 1);
    // The export: finished games only, of everyone or of one player.
    auto karim = (*store)->add_player("Karim", "SHA256:k");
    REQUIRE(karim);
    g.black = *karim;
    auto playing = (*store)->add_game(g);
    REQUIRE(playing);
    CHECK_FALSE((*store)->save_game(*playing, "in play", ""));
    CHECK(*(*store)->finished_records() == std::vector<std::string>{"1-0 record"});
    CHECK((*store)->finished_records(karim->id)->empty());
    CHECK(*(*store)->finished_records(amina->id) == std::vector<std::string>{"1-0 record"});
}
