// The game history as the game in play uses it (src/front/archive.hpp): a game kept once, in place of
// the record kept of it before, and that record found again only when it holds the same game.

#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "front/archive.hpp"

using namespace fetaix;
using front::Archive;
using front::FileAccess;

namespace {

// A game history in memory: records numbered as they are kept, the one replaced removed.
struct Shelf {
    std::map<std::string, std::string> files;
    int kept = 0;
    FileAccess access() {
        FileAccess a;
        a.archive = [this](const std::string& record, const std::string& replacing) -> Expected<std::string> {
            const std::string path = concat("/games/", ++kept, ".pdn");
            files[path] = record;
            files.erase(replacing);
            return path;
        };
        a.history = [this] {
            std::vector<std::string> paths;
            for (const auto& [path, record] : files) paths.push_back(path);
            return paths;
        };
        a.read = [this](const std::string& path, const std::atomic<bool>*) -> Expected<GameRecord> {
            auto r = parse_pdn(files.at(path));
            if (!r) return r.error();
            return r->front();
        };
        return a;
    }
};

GameRecord record_of(const std::string& pdn) { return parse_pdn(pdn)->front(); }

}  // namespace

TEST_CASE("archive: a game without moves has no record to keep", "[front][history]") {
    Shelf shelf;
    const FileAccess files = shelf.access();
    play::Table table{Rules{}};
    Archive archive(table, files);
    CHECK(archive.record_of(table.game(), table.tags()).empty());
    CHECK(archive.keep_game_in_play() == std::nullopt);
    CHECK(shelf.files.empty());
}

TEST_CASE("archive: the game in play is kept once, each time in place of its record before", "[front][history]") {
    Shelf shelf;
    const FileAccess files = shelf.access();
    play::Table table{Rules{}};
    Archive archive(table, files);
    REQUIRE(table.play(*parse_move("c2-c3", table.game().position(), table.game().rules())));
    CHECK(archive.keep_game_in_play() == std::nullopt);
    CHECK(table.history().path == "/games/1.pdn");
    CHECK_THAT(shelf.files.at("/games/1.pdn"), Catch::Contains("1. c2-c3"));
    // Unchanged: the history holds it already, nothing is written again.
    CHECK(archive.record_of(table.game(), table.tags()).empty());
    CHECK(archive.keep_game_in_play() == std::nullopt);
    CHECK(shelf.kept == 1);
    // One move more: kept again, in place of the first record.
    REQUIRE(table.play(*parse_move("c4xc2", table.game().position(), table.game().rules())));
    CHECK(archive.keep_game_in_play() == std::nullopt);
    CHECK(table.history().path == "/games/2.pdn");
    REQUIRE(shelf.files.size() == 1);
    CHECK_THAT(shelf.files.at("/games/2.pdn"), Catch::Contains("1. c2-c3 c4xc2"));
}

TEST_CASE("archive: a game the host keeps is never kept by a copy", "[front][history]") {
    Shelf shelf;
    const FileAccess files = shelf.access();
    play::Table table{Rules{}};
    Archive archive(table, files);
    archive.set_kept_by_host(true);
    REQUIRE(table.play(*parse_move("c2-c3", table.game().position(), table.game().rules())));
    CHECK(archive.record_of(table.game(), table.tags()).empty());
    CHECK(archive.keep_game_in_play() == std::nullopt);
    CHECK(shelf.files.empty());
}

TEST_CASE("archive: a Kept tag finds its record only when it holds the same game at another stage",
          "[front][history]") {
    Shelf shelf;
    shelf.files["/games/7.pdn"] = "1. c2-c3 c4xc2 *\n";
    const FileAccess files = shelf.access();
    play::Table table{Rules{}};
    const Archive archive(table, files);
    // The same game, one move on; and the same game, one move back.
    CHECK(archive.kept_record(record_of("[Kept \"7.pdn\"]\n1. c2-c3 c4xc2 2. c1xc3 *\n")) == "/games/7.pdn");
    CHECK(archive.kept_record(record_of("[Kept \"7.pdn\"]\n1. c2-c3 *\n")) == "/games/7.pdn");
    // Another game under that name, another start, a name that is a path, a name not there.
    CHECK(archive.kept_record(record_of("[Kept \"7.pdn\"]\n1. b2-c3 *\n")).empty());
    CHECK(archive.kept_record(record_of("[FEN \"W:Wa1,e1:Bc5,a5\"]\n[Kept \"7.pdn\"]\n1. a1-b1 *\n")).empty());
    CHECK(archive.kept_record(record_of("[Kept \"../7.pdn\"]\n1. c2-c3 *\n")).empty());
    CHECK(archive.kept_record(record_of("[Kept \"8.pdn\"]\n1. c2-c3 *\n")).empty());
}
