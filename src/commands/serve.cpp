// `fetaix serve`: the SSH server (src/server), and the operator's commands on its data: its host key's
// fingerprint, the players, bans.

#include <cstdio>
#include <memory>
#include <string>
#include <unistd.h>

#include <fetaix/fetaix.hpp>

#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "server/server.hpp"
#include "server/store.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

namespace {

struct ServeOptions {
    server::ServerConfig config;
    bool fingerprint = false;
    std::string player;  // ban, unban
};

// The data folder, made when missing: the one given, or the default.
std::optional<std::string> prepare_data(server::ServerConfig& config) {
    if (config.data.empty()) config.data = store::data_directory() + "/server";
    if (auto problem = store::make_directories(config.data)) {
        cli::err(concat("fetaix serve: ", *problem));
        return std::nullopt;
    }
    return config.data;
}

// The operator's commands' database: opened (made, migrated), or nothing once it has said why not.
std::unique_ptr<server::Store> open_store(server::ServerConfig& config) {
    if (!prepare_data(config)) return nullptr;
    auto store = server::Store::open(config.data);
    if (!store) {
        cli::err(concat("fetaix serve: ", store.error().message));
        return nullptr;
    }
    return std::move(*store);
}

int run_serve(ServeOptions& o) {
    if (!prepare_data(o.config)) return 1;
    if (o.fingerprint) {
        auto fingerprint = server::host_key_fingerprint(o.config.data);
        if (!fingerprint) {
            cli::err(concat("fetaix serve: ", fingerprint.error().message));
            return 1;
        }
        cli::out(*fingerprint);
        return 0;
    }
    if (o.config.name.empty()) {
        char host[256] = "";
        ::gethostname(host, sizeof host - 1);
        o.config.name = host;
    }
    return server::serve(o.config);
}

// ban and unban: the player's keys refused at authentication, or let in again.
int run_ban(ServeOptions& o, bool banned) {
    const std::unique_ptr<server::Store> store = open_store(o.config);
    if (!store) return 1;
    if (auto before = store->player_by_name(o.player); before && *before && (*before)->banned == banned) {
        cli::out(concat((*before)->name, banned ? " is banned already." : " is not banned."));
        return 0;
    }
    auto player = store->set_banned(o.player, banned);
    if (!player) {
        cli::err(concat("fetaix serve: ", player.error().message));
        return 1;
    }
    cli::out(concat(player->name, banned ? " is banned: their keys are refused." : " may play again."));
    return 0;
}

// export: every finished game (or one player's) as one PDN file on standard output.
int run_export(ServeOptions& o) {
    const std::unique_ptr<server::Store> store = open_store(o.config);
    if (!store) return 1;
    std::optional<std::int64_t> player;
    if (!o.player.empty()) {
        auto found = store->player_by_name(o.player);
        if (!found) {
            cli::err(concat("fetaix serve: ", found.error().message));
            return 1;
        }
        if (!*found) {
            cli::err(concat("fetaix serve: no player is named ", o.player));
            return 1;
        }
        player = (*found)->id;
    }
    auto records = store->finished_records(player);
    if (!records) {
        cli::err(concat("fetaix serve: ", records.error().message));
        return 1;
    }
    // The records as the server wrote them (PDN it made itself): printed as they are, a blank line between.
    bool first = true;
    for (const std::string& r : *records) {
        if (!first) std::fputc('\n', stdout);
        first = false;
        std::fwrite(r.data(), 1, r.size(), stdout);
        if (!r.empty() && r.back() != '\n') std::fputc('\n', stdout);
    }
    if (std::fflush(stdout) != 0) {
        cli::err("fetaix serve: cannot write the games");
        return 1;
    }
    return 0;
}

int run_players(ServeOptions& o) {
    const std::unique_ptr<server::Store> store = open_store(o.config);
    if (!store) return 1;
    auto players = store->players();
    if (!players) {
        cli::err(concat("fetaix serve: ", players.error().message));
        return 1;
    }
    if (players->empty()) cli::out("No players yet.");
    for (const server::Player& p : *players)
        cli::out(concat(p.name, p.guest ? "   guest" : "", p.banned ? "   banned" : ""));
    return 0;
}

}  // namespace

Runner add_serve(CLI::App& command) {
    auto o = std::make_shared<ServeOptions>();
    server::ServerConfig& c = o->config;
    command.add_option("--listen", c.listen, "the address to listen on (default 0.0.0.0)")->type_name("ADDR");
    command.add_option("--port", c.port, "the port (default 2222; 0: any free one, printed)")
        ->type_name("PORT")
        ->check(CLI::Range(0, 65535));
    command.add_option("--data", c.data, "the data folder: host key, database\n(default $XDG_DATA_HOME/fetaix/server)")
        ->type_name("DIR");
    command.add_option("--name", c.name, "the server's name in the lobby (default the host name)")->type_name("NAME");
    command.add_flag("--fingerprint", o->fingerprint, "print the host key's fingerprint and end");
    command.add_flag("--guests", c.guests, "let visitors without a key in, as guest-NNNN\n(unrated games only)");
    // The limits: each a whole number in a range.
    const auto limit = [&command](const char* flag, int& value, const char* help, const char* type, int low, int high) {
        command.add_option(flag, value, help)->type_name(type)->check(CLI::Range(low, high));
    };
    limit("--max-connections", c.limits.connections, "open connections in all (default 1000)", "N", 1, 100000);
    limit("--max-per-address", c.limits.per_address, "open connections from one address (default 20)", "N", 1, 100000);
    limit("--auth-per-minute", c.limits.auth_per_minute, "connections a minute from one address (default 30)", "N", 1,
          100000);
    limit("--lobby-idle", c.limits.lobby_idle_minutes,
          "minutes without a key before the lobby\nlets a visitor go (default 30)", "MINUTES", 1, 10000);
    limit("--handshake-timeout", c.limits.handshake_seconds,
          "seconds to authenticate and ask for a terminal\n(default 20)", "SECONDS", 1, 600);
    limit("--line-length", c.limits.line_length,
          "bytes of one typed line: a chat line (at most\n400), a screen-reader command (default 400)", "BYTES", 40,
          4096);
    limit("--chat-per-minute", c.limits.chat_per_minute, "chat lines a minute from one visitor (default 30)", "N", 1,
          1000);
    CLI::App* ban = command.add_subcommand("ban", "refuse a player's keys");
    ban->add_option("NAME", o->player, "the player")->required()->type_name("");
    CLI::App* unban = command.add_subcommand("unban", "let a banned player in again");
    unban->add_option("NAME", o->player, "the player")->required()->type_name("");
    CLI::App* players = command.add_subcommand("players", "list the players");
    CLI::App* exported = command.add_subcommand("export", "write every finished game as one PDN file");
    exported->add_option("--player", o->player, "only this player's games")->type_name("NAME");
    // The data folder is the operator's commands' too, given before or after their name.
    for (CLI::App* sub : {ban, unban, players, exported})
        sub->add_option("--data", c.data, "the server's data folder")->type_name("DIR");
    command.require_subcommand(0, 1);
    return [o, ban, unban, players, exported](const Invocation&) {
        if (exported->parsed()) return run_export(*o);
        if (ban->parsed()) return run_ban(*o, true);
        if (unban->parsed()) return run_ban(*o, false);
        if (players->parsed()) return run_players(*o);
        return run_serve(*o);
    };
}

}  // namespace fetaix::commands
