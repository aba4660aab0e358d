#include "store.hpp"

#include <array>
#include <chrono>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "text/display.hpp"

namespace fetaix::server {

namespace {

// Each step takes the schema from the version before it to its own (index + 1), in one transaction.
constexpr std::array<std::string_view, kSchemaVersion> kMigrations = {
    // 1: players and the keys they are known by.
    "CREATE TABLE players ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
    "  created INTEGER NOT NULL,"
    "  banned INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE player_keys ("
    "  fingerprint TEXT PRIMARY KEY,"
    "  player INTEGER NOT NULL REFERENCES players(id),"
    "  added INTEGER NOT NULL);",
    // 2: the games, each with its record as it stands.
    "CREATE TABLE games ("
    "  id INTEGER PRIMARY KEY,"
    "  white INTEGER NOT NULL REFERENCES players(id),"
    "  black INTEGER NOT NULL REFERENCES players(id),"
    "  white_token TEXT NOT NULL,"
    "  black_token TEXT NOT NULL,"
    "  rated INTEGER NOT NULL DEFAULT 0,"
    "  started INTEGER NOT NULL,"
    "  ended INTEGER,"
    "  result TEXT,"
    "  record TEXT NOT NULL);"
    "CREATE INDEX games_by_end ON games(ended);",
    // 3: ratings, one for each player, class of time control and set of rules.
    "CREATE TABLE ratings ("
    "  player INTEGER NOT NULL REFERENCES players(id),"
    "  class TEXT NOT NULL,"
    "  rules TEXT NOT NULL,"
    "  rating REAL NOT NULL,"
    "  deviation REAL NOT NULL,"
    "  volatility REAL NOT NULL,"
    "  games INTEGER NOT NULL,"
    "  PRIMARY KEY (player, class, rules));",
    // 4: guests (players without a key), and private games' codes.
    "ALTER TABLE players ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE games ADD COLUMN code TEXT;",
};

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

Error sql_error(sqlite3* db, std::string_view what) { return Error{concat(what, ": ", sqlite3_errmsg(db))}; }

// One prepared statement, finalized however the function that made it ends.
class Statement {
public:
    Statement(sqlite3* db, std::string_view sql) {
        if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
            stmt_ = nullptr;
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    bool ok() const { return stmt_ != nullptr; }
    Statement& bind(int index, std::string_view text) {
        if (stmt_) sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind_null(int index) {
        if (stmt_) sqlite3_bind_null(stmt_, index);
        return *this;
    }
    Statement& bind_real(int index, double value) {
        if (stmt_) sqlite3_bind_double(stmt_, index, value);
        return *this;
    }
    double real(int column) const { return sqlite3_column_double(stmt_, column); }
    Statement& bind(int index, std::int64_t value) {
        if (stmt_) sqlite3_bind_int64(stmt_, index, value);
        return *this;
    }
    // SQLITE_ROW, SQLITE_DONE or an error code.
    int step() { return stmt_ ? sqlite3_step(stmt_) : SQLITE_ERROR; }
    std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
    std::string text(int column) const {
        const unsigned char* t = sqlite3_column_text(stmt_, column);
        return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
    }

private:
    sqlite3_stmt* stmt_ = nullptr;
};

bool exec(sqlite3* db, std::string_view sql) {
    return sqlite3_exec(db, std::string(sql).c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
}

// Runs `body` in one write transaction: all of it, or (an Error, a failed commit) none of it.
template <class Body>
auto in_transaction(sqlite3* db, Body body) -> decltype(body()) {
    if (!exec(db, "BEGIN IMMEDIATE")) return sql_error(db, "cannot write the server's database");
    auto result = body();
    if (!result.ok()) {
        exec(db, "ROLLBACK");
        return result;
    }
    if (!exec(db, "COMMIT")) {
        Error e = sql_error(db, "cannot write the server's database");
        exec(db, "ROLLBACK");
        return e;
    }
    return result;
}

Player player_from(const Statement& s, int first = 0) {
    return Player{s.integer(first), s.text(first + 1), s.integer(first + 2) != 0, s.integer(first + 3) != 0};
}

constexpr std::string_view kPlayerColumns = "SELECT id, name, banned, guest FROM players ";

}  // namespace

namespace {

// Characters that show as nothing (or as another's blank) and would let a name pass for another one:
// zero-width spaces and joiners, the soft hyphen, fillers, variation selectors, tags.
bool invisible(char32_t c) {
    return c == 0x00AD || c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 ||
           (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
           (c >= 0xE0000 && c <= 0xE0FFF);
}

// The code points of text already known to be well-formed UTF-8 (text::printable left it as it was).
std::vector<char32_t> code_points(std::string_view text) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        const std::size_t length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t c = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        out.push_back(c);
        i += length;
    }
    return out;
}

}  // namespace

std::optional<std::string> name_problem(std::string_view name) {
    if (text::printable(name) != name) return "a name cannot hold control, invisible or direction characters";
    for (char32_t c : code_points(name))
        if (invisible(c)) return "a name cannot hold control, invisible or direction characters";
    // A name is typed after the operator's commands (serve ban NAME), where a leading dash is an option.
    if (name.starts_with("-")) return "a name cannot start with -";
    for (char c : name)
        if (c == ' ' || c == '\t') return "a name cannot hold spaces";
    const int width = text::display_width(name);
    if (width < 2 || width > 20) return "a name is 2 to 20 columns long";
    std::string lower(name);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower.starts_with("guest-")) return "names starting with guest- are the guests'";
    return std::nullopt;
}

Expected<std::unique_ptr<Store>> Store::open(const std::string& folder) {
    ::mkdir(folder.c_str(), 0700);
    const std::string path = folder + "/fetaix.db";
    // Players' keys and names are nobody else's business: the file (and SQLite's -wal and -shm beside
    // it, which take its mode) is the owner's alone.
    if (const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600); fd >= 0) ::close(fd);
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        Error e{concat("cannot open the server's database ", path, ": ", db ? sqlite3_errmsg(db) : "out of memory")};
        sqlite3_close(db);
        return e;
    }
    std::unique_ptr<Store> store(new Store(db, path));
    // Another process (fetaix serve ban) may write while the server runs: wait for it, briefly.
    sqlite3_busy_timeout(db, 2000);
    if (!exec(db, "PRAGMA foreign_keys = ON")) return sql_error(db, concat("cannot use the server's database ", path));
    {
        Statement mode(db, "PRAGMA journal_mode = WAL");
        if (mode.step() != SQLITE_ROW || mode.text(0) != "wal")
            return sql_error(db, concat("cannot use the server's database ", path, " in WAL mode"));
    }
    const int version = store->schema_version();
    if (version > kSchemaVersion)
        return Error{concat("the server's database ", path, " is of a later fetaix (schema ", version,
                            "; this one knows up to ", kSchemaVersion, "): not touched")};
    for (int v = version; v < kSchemaVersion; ++v) {
        struct Done {};
        auto step = in_transaction(db, [&]() -> Expected<Done> {
            if (!exec(db, kMigrations[static_cast<std::size_t>(v)]) ||
                !exec(db, concat("PRAGMA user_version = ", v + 1)))
                return sql_error(db, concat("cannot bring the server's database ", path, " to schema ", v + 1));
            return Done{};
        });
        if (!step) return step.error();
    }
    return store;
}

Store::~Store() { sqlite3_close(db_); }

int Store::schema_version() const {
    Statement s(db_, "PRAGMA user_version");
    return s.step() == SQLITE_ROW ? static_cast<int>(s.integer(0)) : -1;
}

Expected<std::optional<Player>> Store::player_by_key(std::string_view fingerprint) const {
    Statement s(db_, concat(kPlayerColumns, "WHERE id = (SELECT player FROM player_keys WHERE fingerprint = ?1)"));
    const int rc = s.bind(1, fingerprint).step();
    if (rc == SQLITE_ROW) return std::optional<Player>(player_from(s));
    if (rc == SQLITE_DONE) return std::optional<Player>();
    return sql_error(db_, "cannot read the server's database");
}

Expected<std::optional<Player>> Store::player_by_name(std::string_view name) const {
    Statement s(db_, concat(kPlayerColumns, "WHERE name = ?1"));
    const int rc = s.bind(1, name).step();
    if (rc == SQLITE_ROW) return std::optional<Player>(player_from(s));
    if (rc == SQLITE_DONE) return std::optional<Player>();
    return sql_error(db_, "cannot read the server's database");
}

Expected<Player> Store::add_player(std::string_view name, std::string_view fingerprint) {
    if (auto problem = name_problem(name)) return Error{*problem};
    return in_transaction(db_, [&]() -> Expected<Player> {
        Statement taken(db_, concat(kPlayerColumns, "WHERE name = ?1"));
        const int rc = taken.bind(1, name).step();
        if (rc == SQLITE_ROW) return Error{concat("the name ", name, " is taken")};
        if (rc != SQLITE_DONE) return sql_error(db_, "cannot read the server's database");
        Statement add(db_, "INSERT INTO players (name, created) VALUES (?1, ?2)");
        if (add.bind(1, name).bind(2, unix_now()).step() != SQLITE_DONE) return sql_error(db_, "cannot add the player");
        const std::int64_t id = sqlite3_last_insert_rowid(db_);
        Statement key(db_, "INSERT INTO player_keys (fingerprint, player, added) VALUES (?1, ?2, ?3)");
        if (key.bind(1, fingerprint).bind(2, id).bind(3, unix_now()).step() != SQLITE_DONE)
            return sql_error(db_, "cannot add the player's key");
        return Player{id, std::string(name), false};
    });
}

Expected<Player> Store::add_guest() {
    return in_transaction(db_, [&]() -> Expected<Player> {
        // Numbered in order, never again: the next after the highest guest number so far.
        Statement last(db_, "SELECT COALESCE(MAX(CAST(SUBSTR(name, 7) AS INTEGER)), 0) FROM players WHERE guest = 1");
        if (last.step() != SQLITE_ROW) return sql_error(db_, "cannot read the server's database");
        const std::int64_t number = last.integer(0) + 1;
        std::string digits = std::to_string(number);
        if (digits.size() < 4) digits.insert(0, 4 - digits.size(), '0');
        const std::string name = concat("guest-", digits);
        Statement add(db_, "INSERT INTO players (name, created, guest) VALUES (?1, ?2, 1)");
        if (add.bind(1, name).bind(2, unix_now()).step() != SQLITE_DONE) return sql_error(db_, "cannot add a guest");
        return Player{sqlite3_last_insert_rowid(db_), name, false, true};
    });
}

Expected<Player> Store::set_banned(std::string_view name, bool banned) {
    return in_transaction(db_, [&]() -> Expected<Player> {
        Statement s(db_, "UPDATE players SET banned = ?1 WHERE name = ?2 RETURNING id, name, banned, guest");
        const int rc = s.bind(1, banned ? 1 : 0).bind(2, name).step();
        if (rc == SQLITE_DONE) return Error{concat("no player is named ", name)};
        if (rc != SQLITE_ROW) return sql_error(db_, "cannot write the server's database");
        Player p = player_from(s);
        if (s.step() != SQLITE_DONE) return sql_error(db_, "cannot write the server's database");
        return p;
    });
}

Expected<std::int64_t> Store::add_game(const StoredGame& game) {
    return in_transaction(db_, [&]() -> Expected<std::int64_t> {
        Statement s(db_,
                    "INSERT INTO games (white, black, white_token, black_token, rated, started, record, code) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        s.bind(1, game.white.id).bind(2, game.black.id).bind(3, game.white_token).bind(4, game.black_token);
        s.bind(5, game.rated ? 1 : 0).bind(6, unix_now()).bind(7, game.record);
        if (game.code.empty()) s.bind_null(8);
        else s.bind(8, game.code);
        if (s.step() != SQLITE_DONE) return sql_error(db_, "cannot store the new game");
        return static_cast<std::int64_t>(sqlite3_last_insert_rowid(db_));
    });
}

namespace {

// Stores a player's rating in a pool after one more game.
bool store_rating(sqlite3* db, std::int64_t player, const RatingPool& pool, const rating::Rating& r) {
    Statement s(db,
                "INSERT INTO ratings (player, class, rules, rating, deviation, volatility, games) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1) ON CONFLICT (player, class, rules) DO UPDATE SET "
                "rating = ?4, deviation = ?5, volatility = ?6, games = games + 1");
    s.bind(1, player).bind(2, pool.time_class).bind(3, pool.rules);
    s.bind_real(4, r.rating).bind_real(5, r.deviation).bind_real(6, r.volatility);
    return s.step() == SQLITE_DONE;
}

}  // namespace

std::optional<std::string> Store::save_game(std::int64_t id, const std::string& record, const std::string& result,
                                            const std::optional<RatingUpdate>& update) {
    struct Done {};
    auto saved = in_transaction(db_, [&]() -> Expected<Done> {
        if (update && !result.empty()) {
            // Rated once: when the game ends here, not again if its end is stored a second time.
            Statement open(db_, "SELECT white, black FROM games WHERE id = ?1 AND ended IS NULL");
            if (open.bind(1, id).step() == SQLITE_ROW) {
                const std::int64_t white = open.integer(0), black = open.integer(1);
                if (!store_rating(db_, white, update->pool, update->white) ||
                    !store_rating(db_, black, update->pool, update->black))
                    return sql_error(db_, "cannot store the ratings");
            }
        }
        Statement s(db_,
                    "UPDATE games SET record = ?1, result = ?2, ended = CASE WHEN ?2 IS NULL THEN NULL "
                    "ELSE COALESCE(ended, ?3) END WHERE id = ?4");
        s.bind(1, record);
        if (result.empty()) s.bind_null(2);
        else s.bind(2, result);
        if (s.bind(3, unix_now()).bind(4, id).step() != SQLITE_DONE) return sql_error(db_, "cannot store the game");
        if (sqlite3_changes(db_) != 1) return Error{concat("no game ", std::to_string(id), " to store")};
        return Done{};
    });
    if (!saved) return saved.error().message;
    return std::nullopt;
}

Expected<std::vector<StoredGame>> Store::games_in_play() const {
    Statement s(
        db_,
        "SELECT g.id, w.id, w.name, w.banned, w.guest, b.id, b.name, b.banned, b.guest, g.white_token, "
        "g.black_token, g.rated, g.record, COALESCE(g.code, '') FROM games g JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black "
        "WHERE g.ended IS NULL ORDER BY g.id");
    std::vector<StoredGame> all;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) {
        StoredGame g;
        g.id = s.integer(0);
        g.white = player_from(s, 1);
        g.black = player_from(s, 5);
        g.white_token = s.text(9);
        g.black_token = s.text(10);
        g.rated = s.integer(11) != 0;
        g.record = s.text(12);
        g.code = s.text(13);
        all.push_back(std::move(g));
    }
    if (rc != SQLITE_DONE) return sql_error(db_, "cannot read the server's database");
    return all;
}

Expected<rating::Rating> Store::rating_of(std::int64_t player, const RatingPool& pool) const {
    Statement s(db_,
                "SELECT rating, deviation, volatility FROM ratings WHERE player = ?1 AND class = ?2 AND rules = ?3");
    const int rc = s.bind(1, player).bind(2, pool.time_class).bind(3, pool.rules).step();
    if (rc == SQLITE_ROW) return rating::Rating{s.real(0), s.real(1), s.real(2)};
    if (rc == SQLITE_DONE) return rating::Rating{};
    return sql_error(db_, "cannot read the server's database");
}

Expected<std::vector<Standing>> Store::leaderboard(const RatingPool& pool, int count) const {
    Statement s(
        db_,
        "SELECT p.name, r.rating, r.deviation, r.volatility, r.games FROM ratings r JOIN players p ON p.id = "
        "r.player WHERE r.class = ?1 AND r.rules = ?2 AND p.banned = 0 ORDER BY r.rating DESC, p.name LIMIT ?3");
    s.bind(1, pool.time_class).bind(2, pool.rules).bind(3, static_cast<std::int64_t>(count));
    std::vector<Standing> all;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW)
        all.push_back({s.text(0), rating::Rating{s.real(1), s.real(2), s.real(3)}, static_cast<int>(s.integer(4))});
    if (rc != SQLITE_DONE) return sql_error(db_, "cannot read the server's database");
    return all;
}

Expected<std::vector<std::string>> Store::finished_records(std::optional<std::int64_t> player) const {
    Statement s(db_,
                "SELECT record FROM games WHERE ended IS NOT NULL AND (?1 IS NULL OR white = ?1 OR black = ?1) "
                "ORDER BY ended, id");
    if (player) s.bind(1, *player);
    else s.bind_null(1);
    std::vector<std::string> all;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) all.push_back(s.text(0));
    if (rc != SQLITE_DONE) return sql_error(db_, "cannot read the server's database");
    return all;
}

Expected<std::vector<Player>> Store::players() const {
    Statement s(db_, concat(kPlayerColumns, "ORDER BY name"));
    std::vector<Player> all;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) all.push_back(player_from(s));
    if (rc != SQLITE_DONE) return sql_error(db_, "cannot read the server's database");
    return all;
}

}  // namespace fetaix::server
