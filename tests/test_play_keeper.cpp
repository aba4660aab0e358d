// The keeper: the table's game written to the autosave whenever it changed, and only then. Each case
// reads back what a real autosave in a fresh folder holds.

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "play/keeper.hpp"
#include "temp_folder.hpp"

using namespace fetaix;
using play::Keeper;
using play::Table;

namespace {

Move move_in(const Game& g, const char* text) { return *parse_move(text, g.position(), g.rules()); }

// A table on a time the test moves on, kept in a fresh folder's autosave.
struct Kept {
    test::TempFolder folder;
    Millis now = 0;
    Table table{Rules{}};
    std::unique_ptr<Keeper> keeper;
    explicit Kept(bool unsaved = false) {
        table.set_time_source([this] { return now; });
        auto autosave = std::make_unique<store::Autosave>(folder.path);
        REQUIRE(autosave->ownership() == store::Autosave::Ownership::Owned);
        keeper = std::make_unique<Keeper>(table, std::move(autosave), unsaved);
    }
    std::size_t saved_moves() const {
        const auto record = keeper->autosave().load();
        return record ? record->moves.size() : 999;
    }
};

}  // namespace

TEST_CASE("keeper: a change to the game is written once; a game unchanged is not written again", "[play][keeper]") {
    Kept k;
    CHECK_FALSE(k.keeper->save_if_changed());
    REQUIRE(k.table.play(move_in(k.table.game(), "c2-c3")));
    const auto written = k.keeper->save_if_changed();
    REQUIRE(written);
    CHECK_FALSE(written->problem);
    CHECK(k.saved_moves() == 1);
    CHECK_FALSE(k.keeper->save_if_changed());
    // Undo is a change too: the autosave holds no move then, the move in its redo line.
    REQUIRE(k.table.undo());
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.saved_moves() == 0);
    CHECK(k.keeper->autosave().load()->redo.size() == 1);
    // Asked always, it writes even unchanged (a takeover hands the game on as it is).
    CHECK(k.keeper->save_if_changed(false, true));
}

TEST_CASE("keeper: a game not yet in the autosave is written at the first save, unchanged", "[play][keeper]") {
    Kept k(true);
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.saved_moves() == 0);
    CHECK_FALSE(k.keeper->save_if_changed());
}

TEST_CASE("keeper: who plays is written when it changes, with no move", "[play][keeper]") {
    Kept k;
    play::Players players;
    players.black = "Zineb";
    k.table.set_players(players);
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.keeper->autosave().load()->tag("Black") == "Zineb");
}

TEST_CASE("keeper: while a clock runs its time is written each second, at a pause and at the end",
          "[play][keeper][clock]") {
    Kept k;
    k.table.set_controls(*parse_time_control("1"), *parse_time_control("1"));
    k.table.begin(Game(Rules{}), start_position());
    k.table.sync_clock(false);
    REQUIRE(k.table.play(move_in(k.table.game(), "c2-c3")));  // White's clock stops, Black's runs
    REQUIRE(k.keeper->save_if_changed());
    k.now += 999;
    CHECK_FALSE(k.keeper->save_if_changed());
    k.now += 1;
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.keeper->autosave().load()->tag("Clock") == "w0:01:00 B0:00:59");
    k.table.set_clock_paused(true);
    k.table.sync_clock(false);
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.keeper->autosave().load()->tag("Clock") == "w0:01:00 B0:00:59 paused");
    k.now += 5000;  // paused: nothing runs, nothing due
    CHECK_FALSE(k.keeper->save_if_changed());
    CHECK(k.keeper->save_if_changed(true));  // the end: written whenever there are clocks
}

TEST_CASE("keeper: the autosave names the history's record of its game", "[play][keeper][history]") {
    Kept k;
    REQUIRE(k.table.play(move_in(k.table.game(), "c2-c3")));
    k.table.history() = {play::history_key(k.table.game()), k.folder.path + "/history/2026-12-05-0930.pdn"};
    REQUIRE(k.keeper->save_if_changed());
    CHECK(k.keeper->autosave().load()->tag("Kept") == "2026-12-05-0930.pdn");
}
