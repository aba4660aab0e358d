#pragma once
// The server's data: one SQLite database, fetaix.db in WAL mode under the data folder, holding the
// players and the SSH keys they are known by (bans included). Its schema is versioned (PRAGMA
// user_version) and migrated forward on open, each step in one transaction; every write is one
// transaction too, so a write that fails (disk full, a read-only folder) leaves nothing half-written
// and comes back as an Error that says what failed.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/error.hpp>

#include "rating/glicko2.hpp"

struct sqlite3;

namespace fetaix::server {

// The schema this program writes; a database of a later version is refused, not touched.
inline constexpr int kSchemaVersion = 4;

struct Player {
    std::int64_t id = 0;
    std::string name;
    bool banned = false;
    bool guest = false;  // came in without a key (serve --guests): guest-NNNN, plays unrated games only
};

// A game the server hosts or hosted: its players, their seat tokens, and its record (PDN, with the
// clocks after every move), stored again at every change; `result` is empty while it is played.
struct StoredGame {
    std::int64_t id = 0;
    Player white, black;
    std::string white_token, black_token;
    bool rated = false;
    std::string code;  // a private game's code (net::random_code); empty: listed in the lobby
    std::string record;
    std::string result;
};

// Ratings are kept apart for each class of time control and each set of rules.
struct RatingPool {
    std::string time_class;  // "bullet", "blitz", "rapid", "classical", "untimed"
    std::string rules;       // "standard", or the rule switches that differ from it
};

// A rated game's end: both players' ratings after it, stored with its result in one transaction.
struct RatingUpdate {
    RatingPool pool;
    rating::Rating white, black;
};

// One line of a leaderboard.
struct Standing {
    std::string name;
    rating::Rating rating;
    int games = 0;
};

// Why `name` cannot be a player's name, or nothing: 2 to 20 columns, no spaces, no control, invisible
// or direction characters, and not guest-... (the guests' names). Whether it is taken is the store's.
std::optional<std::string> name_problem(std::string_view name);

class Store {
public:
    // Opens (creating it when missing) `folder`/fetaix.db and migrates it to kSchemaVersion.
    static Expected<std::unique_ptr<Store>> open(const std::string& folder);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    int schema_version() const;
    const std::string& path() const { return path_; }

    // The player a key (its SHA-256 fingerprint, "SHA256:...") belongs to, or nothing for a new key.
    Expected<std::optional<Player>> player_by_key(std::string_view fingerprint) const;
    Expected<std::optional<Player>> player_by_name(std::string_view name) const;
    // A new player with their first key; a taken name (any letter case) or a bad one is an Error.
    Expected<Player> add_player(std::string_view name, std::string_view fingerprint);
    // A guest, for one visit without a key: the next free guest-NNNN.
    Expected<Player> add_guest();
    // Bans or lets back a player: every key of theirs is refused at authentication while banned.
    Expected<Player> set_banned(std::string_view name, bool banned);
    Expected<std::vector<Player>> players() const;

    // A new game between two players: its id.
    Expected<std::int64_t> add_game(const StoredGame& game);
    // The game's record as it stands now, and its result once it has one ("1-0", "0-1", "1/2-1/2"). A
    // rated game's end stores both players' new ratings with it (once: a game already ended is not
    // rated again).
    std::optional<std::string> save_game(std::int64_t id, const std::string& record, const std::string& result,
                                         const std::optional<RatingUpdate>& update = std::nullopt);
    // A player's rating in a pool: a new player's (1500, 350, 0.06) until their first rated game there.
    Expected<rating::Rating> rating_of(std::int64_t player, const RatingPool& pool) const;
    // The pool's best rated players, at most `count`, highest rating first.
    Expected<std::vector<Standing>> leaderboard(const RatingPool& pool, int count) const;
    // Every finished game's record, oldest first; of one player's games only, when named.
    Expected<std::vector<std::string>> finished_records(std::optional<std::int64_t> player = std::nullopt) const;
    // The games still in play (a server restarted goes on with them), oldest first.
    Expected<std::vector<StoredGame>> games_in_play() const;

private:
    Store(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
    sqlite3* db_;
    std::string path_;
};

}  // namespace fetaix::server
