#include "server.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <deque>
#include <fcntl.h>
#include <list>
#include <map>
#include <memory>
#include <netdb.h>
#include <poll.h>
#include <random>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>
#include <libssh/server.h>

#include "game_screen.hpp"
#include "line_lobby.hpp"
#include "lobby.hpp"
#include "net/transport.hpp"
#include "remote_terminal.hpp"
#include "store.hpp"
#include "terminfo.hpp"
#include "text/display.hpp"

namespace fetaix::server {

namespace {

using Steady = std::chrono::steady_clock;

volatile std::sig_atomic_t g_stop = 0;
int g_wake_write = -1;
void on_stop_signal(int) {
    g_stop = 1;
    if (g_wake_write >= 0) {
        const char byte = 1;
        [[maybe_unused]] const ssize_t n = ::write(g_wake_write, &byte, 1);
    }
}

void log_line(std::string_view text) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    const std::string line = concat(stamp, " fetaix serve: ", text, "\n");
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
}

std::string host_key_path(const std::string& data) { return data + "/ssh_host_ed25519_key"; }

std::string fingerprint_of(ssh_key key) {
    unsigned char* hash = nullptr;
    std::size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK) return {};
    char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    std::string out = text ? text : "";
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    return out;
}

// The host key, read from the data folder or, on first start, made there (mode 0600, written whole
// before it takes the key's name). The caller frees it.
Expected<ssh_key> load_host_key(const std::string& data) {
    if (::mkdir(data.c_str(), 0700) != 0 && errno != EEXIST)
        return Error{concat("cannot make the data folder ", data, ": ", std::strerror(errno))};
    const std::string path = host_key_path(data);
    struct stat st {};
    ssh_key key = nullptr;
    if (::lstat(path.c_str(), &st) == 0) {
        if (!S_ISREG(st.st_mode)) return Error{concat("the host key ", path, " is not a regular file")};
        if ((st.st_mode & 077) != 0)
            return Error{
                concat("the host key ", path, " can be read by others: chmod 600 it (or remove it for a new one)")};
        if (ssh_pki_import_privkey_file(path.c_str(), nullptr, nullptr, nullptr, &key) != SSH_OK)
            return Error{concat("cannot read the host key ", path)};
        if (ssh_key_type(key) != SSH_KEYTYPE_ED25519) {
            ssh_key_free(key);
            return Error{concat("the host key ", path, " is not an ed25519 key")};
        }
        return key;
    }
    if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &key) != SSH_OK) return Error{"cannot make a host key"};
    const std::string part = path + ".part";
    const mode_t before = ::umask(077);
    const int rc = ssh_pki_export_privkey_file(key, nullptr, nullptr, nullptr, part.c_str());
    ::umask(before);
    if (rc != SSH_OK || ::chmod(part.c_str(), 0600) != 0 || ::rename(part.c_str(), path.c_str()) != 0) {
        ::unlink(part.c_str());
        ssh_key_free(key);
        return Error{concat("cannot write the host key ", path)};
    }
    return key;
}

bool names_utf8(std::string_view locale) {
    std::string lower(locale);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return lower.find("utf-8") != std::string::npos || lower.find("utf8") != std::string::npos;
}

class Server;

// One connection, from the handshake to its close.
struct Visitor {
    Server* server = nullptr;
    ssh_session session = nullptr;
    ssh_channel channel = nullptr;
    std::string address;
    enum class Stage { Handshake, Authenticated, Screen } stage = Stage::Handshake;
    Steady::time_point started = Steady::now();
    Steady::time_point last_key = Steady::now();
    std::string fingerprint;
    std::optional<Player> player;
    TerminalRequest request;
    bool pty = false;
    // What the visitor asked for on ssh's command line (join CODE, watch CODE), done once they have
    // a name.
    std::optional<std::pair<std::string, std::string>> command;
    std::optional<RemoteTerminal> terminal;
    KeyReader keys;
    std::optional<VisitorScreen> screen;
    // The screen-reader mode (ssh HOST screen-reader): lines instead of a screen.
    bool line_mode = false;
    std::optional<LineEditor> editor;
    std::optional<LineLobby> lines;
    bool lobby_news = false;  // the lobby changed: new seeks to tell of
    // Shown the lobby or a game, in either mode.
    bool shown() const { return screen.has_value() || lines.has_value(); }
    // The end of a line said: a raw terminal (ssh -t) needs its carriage return.
    const char* newline() const { return pty ? "\r\n" : "\n"; }
    // In a game (playing or watching): its screen, and the game's id; none in the lobby.
    std::unique_ptr<GameScreen> game;
    int room = 0;
    std::string out;                              // bytes for the channel that it has not taken yet
    std::optional<Steady::time_point> stalled;    // since when `out` waits with the client's window shut
    bool dirty = false;                           // the screen is to be drawn again
    bool repaint = false;                         // every cell of it
    bool closing = false;                         // the last bytes are on their way; then the connection ends
    bool dead = false;                            // to be freed after this turn of the loop
    int exit_status = 0;                          // what the client's ssh ends with
    std::optional<Steady::time_point> closed_at;  // the channel's close sent
    ssh_server_callbacks_struct server_callbacks{};
    ssh_channel_callbacks_struct channel_callbacks{};
};

class Server {
public:
    Server(const ServerConfig& config, std::unique_ptr<Store> store, ssh_bind bind, int listener, int wake,
           std::string reach)
        : config_(config), store_(std::move(store)), bind_(bind), listener_(listener), wake_(wake),
          reach_(std::move(reach)) {}
    ~Server();
    // The games in play when the server last stopped, hosted again.
    void resume_games();
    int run();
    // A game descriptor was found ready (libssh's callback for the descriptors the games poll).
    void game_fd_ready(int fd, short revents) { revents_[fd] |= revents; }

    // Called from libssh's callbacks, with the visitor as their user data.
    int authenticate(Visitor& v, ssh_key key, char signature_state);
    // Keyboard-interactive with no prompt: a guest, when the server takes them (1: not handled here).
    int authenticate_guest(Visitor& v, ssh_message message);
    ssh_channel open_session(Visitor& v);
    int pty_request(Visitor& v, const char* term, int columns, int rows);
    int window_change(Visitor& v, int columns, int rows);
    int shell_request(Visitor& v);
    int exec_request(Visitor& v, const char* command);
    int subsystem_request(Visitor& v, const char* subsystem);
    int env_request(Visitor& v, const char* name, const char* value);
    int data(Visitor& v, const void* bytes, std::uint32_t length);
    void refused(Visitor& v, std::string_view what);

private:
    void accept_connections();
    void start_screen(Visitor& v);
    // The screen-reader mode's start, and a line typed there.
    void start_lines(Visitor& v);
    void line_entered(Visitor& v, const LineEditor::Typed& typed);
    // Lines said to a visitor in the screen-reader mode, each made printable.
    void say(Visitor& v, const std::vector<std::string>& lines);
    // Why a choice did not work: on the lobby's message line, or said.
    void tell(Visitor& v, std::string text);
    // The seat a returning player left (the newest game they are in), taken again.
    void return_to_seat(Visitor& v);
    // A new key's name taken: the player stored with the visitor's key.
    VisitorScreen::TakeName take_name(const Visitor& v);
    void draw(Visitor& v);
    void flush(Visitor& v);
    void end(Visitor& v, std::string_view why);
    void sweep(Steady::time_point now);
    int wait_ms(Steady::time_point now) const;
    void lobby_changed();
    // A game the lobby lists moved on: its screens show it within kLobbyGameRedraw (with hundreds in
    // the lobby, drawing every one of them for every move of every game cost the players a second).
    void game_moved() { games_moved_ = true; }
    static constexpr std::chrono::milliseconds kLobbyGameRedraw{1000};
    // The lobby as this visitor sees it, and what their choice there does.
    LobbyView lobby_view(const Visitor& v) const;
    // The leaderboards of the standard rules, each class of time control with rated games.
    std::vector<std::string> leaderboard_lines() const;
    // "in the lobby", "playing", "watching", "after a game"
    std::string doing(const Visitor& v) const;
    void choose(Visitor& v, const LobbyChoice& choice);
    void accept_seek(Visitor& v, int seek);
    // A private game's code, from the lobby (c) or ssh's command line: its seek accepted, or its game
    // entered (to watch, or at the visitor's seat). `watch`: asked to watch, not to play.
    void open_code(Visitor& v, std::string_view code, bool watch);
    // What the visitor asked for on ssh's command line, once they have a name.
    void run_command(Visitor& v);
    static RatingPool pool_of(const GameTerms& terms);
    // A rated game's end: both players' ratings after it (nothing when they cannot be read).
    std::optional<RatingUpdate> rating_update(int id, const GameTerms& terms, const RoomSeat& white,
                                              const RoomSeat& black, const std::string& result) const;
    // Hosts a game (a new one, or one resumed from its record) and stores it as it begins.
    Expected<Room*> open_room(int id, const GameTerms& terms, const RoomSeat& white, const RoomSeat& black,
                              const GameRecord* resumed);

    // Puts the visitor in the game `room`: at their seat if they have one there, else watching.
    void enter_room(Visitor& v, int room);
    void leave_room(Visitor& v);
    // The folder of a player's own seat tokens, made when missing.
    std::string player_folder(std::int64_t player) const;
    // The game descriptors (rooms' hosts, visitors' game screens) polled with libssh's: registered
    // with the event as they come and go; what each was ready for is kept for the handlers.
    void register_game_fds();
    void handle_games();
    std::vector<pollfd> ready(std::vector<pollfd> fds) const;

    struct Seek {
        int id;
        std::int64_t player;
        std::string name;
        GameTerms terms;
    };

    ServerConfig config_;
    std::unique_ptr<Store> store_;
    ssh_bind bind_;
    int listener_;
    int wake_;
    std::string reach_;  // "ssh -t -p 2222 NAME": how a private game's code is used
    ssh_event event_ = nullptr;
    std::list<Visitor> visitors_;
    std::map<std::string, int> per_address_;
    std::map<std::string, std::deque<Steady::time_point>> tries_;
    std::vector<Seek> seeks_;
    std::map<int, std::unique_ptr<Room>> rooms_;
    int next_seek_ = 1;
    std::mt19937_64 random_{std::random_device{}()};
    bool games_moved_ = false;
    // Who is online as the lobby lists them (the first kOnlineListed, and how many in all), until the
    // lobby next changes.
    static constexpr std::size_t kOnlineListed = 40;
    mutable std::optional<std::pair<std::vector<Online>, std::size_t>> online_;
    Steady::time_point lobby_drawn_{};  // the lobby's screens last drawn for the games' moves
    // Refusals of connections logged, for each address and reason: the first of each minute said, the
    // rest counted (a flood would otherwise write a line for each of its thousands of tries a second).
    struct RefusalLog {
        Steady::time_point said{};
        int more = 0;
    };
    std::map<std::pair<std::string, std::string>, RefusalLog> refusals_;
    void log_refusal(const std::string& address, std::string_view why, Steady::time_point now);
    std::map<int, short> registered_;  // game descriptors with the event, and what they are polled for
    std::map<int, short> revents_;     // what each was found ready for in this turn
    // Game screens and rooms done with: their descriptors are let go of before they are closed.
    std::vector<std::unique_ptr<GameScreen>> retired_screens_;
    std::vector<std::unique_ptr<Room>> retired_rooms_;
};

Visitor& visitor_of(void* userdata) { return *static_cast<Visitor*>(userdata); }

// libssh's callbacks, each handing on to the server with the visitor their user data names.
int on_auth_pubkey(ssh_session, const char*, ssh_key key, char state, void* u) {
    return visitor_of(u).server->authenticate(visitor_of(u), key, state);
}
int on_auth_none(ssh_session, const char*, void*) { return SSH_AUTH_DENIED; }
int on_auth_password(ssh_session, const char*, const char*, void* u) {
    visitor_of(u).server->refused(visitor_of(u), "a password (only keys are taken)");
    return SSH_AUTH_DENIED;
}
ssh_channel on_open_session(ssh_session, void* u) { return visitor_of(u).server->open_session(visitor_of(u)); }
int on_pty(ssh_session, ssh_channel, const char* term, int columns, int rows, int, int, void* u) {
    return visitor_of(u).server->pty_request(visitor_of(u), term, columns, rows);
}
int on_window(ssh_session, ssh_channel, int columns, int rows, int, int, void* u) {
    return visitor_of(u).server->window_change(visitor_of(u), columns, rows);
}
int on_shell(ssh_session, ssh_channel, void* u) { return visitor_of(u).server->shell_request(visitor_of(u)); }
int on_exec(ssh_session, ssh_channel, const char* command, void* u) {
    return visitor_of(u).server->exec_request(visitor_of(u), command);
}
int on_subsystem(ssh_session, ssh_channel, const char* subsystem, void* u) {
    return visitor_of(u).server->subsystem_request(visitor_of(u), subsystem);
}
int on_env(ssh_session, ssh_channel, const char* name, const char* value, void* u) {
    return visitor_of(u).server->env_request(visitor_of(u), name, value);
}
int on_data(ssh_session, ssh_channel, void* bytes, std::uint32_t length, int, void* u) {
    return visitor_of(u).server->data(visitor_of(u), bytes, length);
}
// Agent forwarding works only if the server opens agent channels back to the client, which it never
// does: asking is logged, and nothing follows.
void on_agent(ssh_session, ssh_channel, void* u) { visitor_of(u).server->refused(visitor_of(u), "agent forwarding"); }
void on_eof(ssh_session, ssh_channel, void* u) { visitor_of(u).closing = true; }
void on_close(ssh_session, ssh_channel, void* u) { visitor_of(u).dead = true; }
// Whatever no callback above takes (port forwarding, agent and X11 forwarding, other channel types,
// global requests) comes here: logged, then refused by libssh's default reply.
int on_message(ssh_session, ssh_message message, void* u) {
    const int type = ssh_message_type(message);
    const int subtype = ssh_message_subtype(message);
    std::string what = concat("a request (type ", type, ", subtype ", subtype, ")");
    if (type == SSH_REQUEST_CHANNEL_OPEN) {
        if (subtype == SSH_CHANNEL_DIRECT_TCPIP) what = "port forwarding (a direct-tcpip channel)";
        else if (subtype == SSH_CHANNEL_X11) what = "an X11 channel";
        else if (subtype == SSH_CHANNEL_FORWARDED_TCPIP) what = "a forwarded-tcpip channel";
        else if (subtype == SSH_CHANNEL_SESSION) what = "a second session channel";
        else what = "a channel of another type";
    } else if (type == SSH_REQUEST_GLOBAL) {
        what = subtype == SSH_GLOBAL_REQUEST_TCPIP_FORWARD ? "remote port forwarding (tcpip-forward)"
                                                           : "a global request";
    } else if (type == SSH_REQUEST_CHANNEL) {
        what = subtype == SSH_CHANNEL_REQUEST_X11 ? "X11 forwarding" : concat("a channel request (", subtype, ")");
    } else if (type == SSH_REQUEST_AUTH && subtype == SSH_AUTH_METHOD_INTERACTIVE) {
        return visitor_of(u).server->authenticate_guest(visitor_of(u), message);
    } else if (type == SSH_REQUEST_AUTH || type == SSH_REQUEST_SERVICE) {
        return 1;  // the user-auth service, or a method not offered: libssh's own answer
    }
    visitor_of(u).server->refused(visitor_of(u), what);
    return 1;
}
int on_listener(socket_t, int, void*);
int on_wake(socket_t, int, void*);

int Server::authenticate(Visitor& v, ssh_key key, char signature_state) {
    const std::string fingerprint = fingerprint_of(key);
    if (fingerprint.empty()) return SSH_AUTH_DENIED;
    auto known = store_->player_by_key(fingerprint);
    if (!known) {
        log_line(concat(v.address, ": ", known.error().message));
        return SSH_AUTH_DENIED;
    }
    if (*known && (*known)->banned) {
        log_line(concat(v.address, ": refused the banned key of ", (*known)->name, " (", fingerprint, ")"));
        return SSH_AUTH_DENIED;
    }
    // A key offered without its signature yet is acceptable; the signed one lets the visitor in.
    if (signature_state == SSH_PUBLICKEY_STATE_NONE) return SSH_AUTH_SUCCESS;
    if (signature_state != SSH_PUBLICKEY_STATE_VALID) return SSH_AUTH_DENIED;
    v.fingerprint = fingerprint;
    v.player = *known;
    v.stage = Visitor::Stage::Authenticated;
    log_line(concat(v.address, ": in as ", v.player ? v.player->name : std::string("a new key"), " (", fingerprint,
                    ")"));
    return SSH_AUTH_SUCCESS;
}

int Server::authenticate_guest(Visitor& v, ssh_message message) {
    if (!config_.guests || v.stage != Visitor::Stage::Handshake) return 1;
    // First the (empty) questions, then the client's (empty) answers: then the guest is in.
    if (!ssh_message_auth_kbdint_is_response(message)) {
        if (ssh_message_auth_interactive_request(message, "", "", 0, nullptr, nullptr) != SSH_OK) return 1;
        return 0;
    }
    auto guest = store_->add_guest();
    if (!guest) {
        log_line(concat(v.address, ": no guest let in: ", guest.error().message));
        return 1;
    }
    v.player = *guest;
    v.stage = Visitor::Stage::Authenticated;
    log_line(concat(v.address, ": in as ", guest->name, " (a guest, without a key)"));
    ssh_message_auth_reply_success(message, 0);
    return 0;
}

ssh_channel Server::open_session(Visitor& v) {
    if (v.channel != nullptr) {
        refused(v, "a second session channel");
        return nullptr;
    }
    v.channel = ssh_channel_new(v.session);
    if (v.channel == nullptr) return nullptr;
    ssh_callbacks_init(&v.channel_callbacks);
    v.channel_callbacks.userdata = &v;
    v.channel_callbacks.channel_pty_request_function = on_pty;
    v.channel_callbacks.channel_pty_window_change_function = on_window;
    v.channel_callbacks.channel_shell_request_function = on_shell;
    v.channel_callbacks.channel_exec_request_function = on_exec;
    v.channel_callbacks.channel_subsystem_request_function = on_subsystem;
    v.channel_callbacks.channel_env_request_function = on_env;
    v.channel_callbacks.channel_data_function = on_data;
    v.channel_callbacks.channel_auth_agent_req_function = on_agent;
    v.channel_callbacks.channel_eof_function = on_eof;
    v.channel_callbacks.channel_close_function = on_close;
    ssh_set_channel_callbacks(v.channel, &v.channel_callbacks);
    return v.channel;
}

int Server::pty_request(Visitor& v, const char* term, int columns, int rows) {
    if (v.pty || v.shown()) return SSH_ERROR;
    v.pty = true;
    v.request.term = term ? term : "";
    v.request.rows = rows;
    v.request.columns = columns;
    return SSH_OK;
}

int Server::window_change(Visitor& v, int columns, int rows) {
    v.request.rows = rows;
    v.request.columns = columns;
    if (v.terminal) {
        v.terminal->resize(rows, columns);
        v.dirty = true;
    }
    return SSH_OK;
}

int Server::env_request(Visitor& v, const char* name, const char* value) {
    const std::string_view n = name ? name : "", text = value ? value : "";
    if (n == "LANG" || n == "LC_ALL" || n == "LC_CTYPE") v.request.utf8 = names_utf8(text);
    else if (n == "COLORTERM") v.request.colorterm = std::string(text.substr(0, 32));
    else if (n == "NO_COLOR") v.request.no_color = !text.empty();
    else return SSH_ERROR;
    return SSH_OK;
}

int Server::shell_request(Visitor& v) {
    if (v.shown()) return SSH_ERROR;
    if (!v.pty) {
        // No terminal to draw on (ssh -T, or a command's pipe): said, and the connection ends.
        refused(v, "a session without a terminal (ssh -T)");
        v.out += "fetaix: this server is played in a terminal: connect with ssh -t (or without -T).\r\n";
        v.exit_status = 1;
        v.closing = true;
        return SSH_OK;
    }
    start_screen(v);
    return SSH_OK;
}

int Server::exec_request(Visitor& v, const char* command) {
    // The commands a visitor may give (ssh -t HOST join CODE): the lobby's own, at once.
    std::string_view line = command ? command : "";
    if (line == "screen-reader" || line.starts_with("screen-reader ")) {
        if (v.shown()) return SSH_ERROR;
        v.line_mode = true;
        line.remove_prefix(std::min(line.size(), std::string_view("screen-reader ").size()));
        if (line.empty()) {
            start_lines(v);
            return SSH_OK;
        }
    }
    const std::size_t space = line.find(' ');
    const std::string_view verb = line.substr(0, space);
    const std::string_view code = space == std::string_view::npos ? "" : line.substr(space + 1);
    if ((verb == "join" || verb == "watch") && !code.empty() && code.size() <= 64 && !v.shown()) {
        v.command.emplace(std::string(verb), std::string(code));
        if (v.line_mode) {
            start_lines(v);
            return SSH_OK;
        }
        return shell_request(v);
    }
    refused(v, concat("the command '", text::printable(line.substr(0, 80)), "'"));
    return SSH_ERROR;
}

int Server::subsystem_request(Visitor& v, const char* subsystem) {
    refused(v, concat("the subsystem '", text::printable(std::string_view(subsystem ? subsystem : "").substr(0, 40)),
                      "'"));
    return SSH_ERROR;
}

void Server::refused(Visitor& v, std::string_view what) { log_line(concat(v.address, ": refused ", what)); }

void Server::start_screen(Visitor& v) {
    auto caps = read_terminfo(v.request.term);
    if (!caps) {
        refused(v, text::printable(caps.error().message));
        v.out += concat("fetaix: ", text::printable(caps.error().message),
                        "; set TERM to one this server knows (xterm-256color, say) and connect again.\r\n");
        v.exit_status = 1;
        v.closing = true;
        return;
    }
    v.terminal.emplace(std::move(*caps), v.request);
    v.screen.emplace(v.player, config_.name, take_name(v));
    v.stage = Visitor::Stage::Screen;
    v.last_key = Steady::now();
    v.out += v.terminal->start();
    v.dirty = true;
    return_to_seat(v);
    if (v.player) run_command(v);
    lobby_changed();
}

VisitorScreen::TakeName Server::take_name(const Visitor& v) {
    return [this, fingerprint = v.fingerprint](std::string_view name) {
        auto added = store_->add_player(name, fingerprint);
        if (added) {
            log_line(concat("new player ", added->name, " (", fingerprint, ")"));
            lobby_changed();
        }
        return added;
    };
}

void Server::return_to_seat(Visitor& v) {
    // A player whose connection dropped mid-game lands back at their seat (the newest game they are in).
    if (v.player && !v.command)
        for (auto it = rooms_.rbegin(); it != rooms_.rend(); ++it)
            if (!it->second->over() && it->second->side_of(v.player->id)) {
                enter_room(v, it->first);
                break;
            }
}

void Server::start_lines(Visitor& v) {
    v.editor.emplace(v.pty, static_cast<std::size_t>(config_.limits.line_length));
    v.lines.emplace(v.player, config_.name, take_name(v));
    v.stage = Visitor::Stage::Screen;
    v.last_key = Steady::now();
    // Back at their seat, the game's opening follows; else the lobby as it stands (with them in it).
    online_.reset();
    return_to_seat(v);
    say(v, v.lines->opening(lobby_view(v), !v.game));
    if (v.player) run_command(v);
    lobby_changed();
}

void Server::say(Visitor& v, const std::vector<std::string>& lines) {
    for (const std::string& l : lines) v.out += concat(text::printable(l), v.newline());
}

void Server::tell(Visitor& v, std::string text) {
    if (v.lines) say(v, {text});
    else if (v.screen) v.screen->tell(std::move(text));
}

void Server::line_entered(Visitor& v, const LineEditor::Typed& typed) {
    if (typed.too_long) {
        say(v, {concat("That line is too long (over ", config_.limits.line_length, " bytes).")});
        return;
    }
    if (v.game) {
        say(v, v.game->line_enter(typed.text));
        if (v.game->line_ended()) leave_room(v);
        return;
    }
    const bool named_before = v.lines->player().has_value();
    const LineLobby::Answer answer = v.lines->enter(typed.text, lobby_view(v));
    say(v, answer.lines);
    if (!named_before && v.lines->player()) {
        v.player = v.lines->player();
        run_command(v);
    }
    choose(v, answer.choice);
}

void Server::run_command(Visitor& v) {
    if (!v.command) return;
    const auto [verb, code] = *v.command;
    v.command.reset();
    open_code(v, code, verb == "watch");
}

int Server::data(Visitor& v, const void* bytes, std::uint32_t length) {
    if (!v.shown() || v.closing) return static_cast<int>(length);  // typed before the screen is up: dropped
    v.last_key = Steady::now();
    if (v.lines) {
        const LineEditor::Fed fed = v.editor->feed(std::string_view(static_cast<const char*>(bytes), length));
        v.out += fed.echo;
        for (const LineEditor::Typed& typed : fed.lines) {
            line_entered(v, typed);
            if (v.closing) break;
        }
        if (fed.leave && !v.closing) end(v, "left");
        return static_cast<int>(length);
    }
    for (const KeyReader::Read& read : v.keys.feed(std::string_view(static_cast<const char*>(bytes), length))) {
        v.dirty = true;
        if (read.key.name == front::Key::Name::Char && read.key.ch == 12) {  // Ctrl-L
            v.repaint = true;
            continue;
        }
        if (v.game) {
            if (!v.game->key(read, v.terminal->rows(), v.terminal->columns())) leave_room(v);
            continue;
        }
        const bool named_before = v.screen->player().has_value();
        const LobbyChoice choice = v.screen->key(read, lobby_view(v));
        if (!named_before && v.screen->player()) {
            v.player = v.screen->player();
            run_command(v);
        }
        choose(v, choice);
        if (v.closing) break;
    }
    return static_cast<int>(length);
}

std::string Server::doing(const Visitor& v) const {
    const auto room = rooms_.find(v.room);
    if (!v.game || room == rooms_.end()) return "in the lobby";
    if (!room->second->side_of(v.player->id)) return "watching";
    return room->second->over() ? "after a game" : "playing";
}

std::vector<std::string> Server::leaderboard_lines() const {
    std::vector<std::string> lines;
    for (const char* time_class : {"bullet", "blitz", "rapid", "classical", "untimed"}) {
        auto best = store_->leaderboard(RatingPool{time_class, "standard"}, 10);
        if (!best || best->empty()) continue;
        if (!lines.empty()) lines.emplace_back();
        std::string title = time_class;
        title[0] = static_cast<char>(title[0] - 'a' + 'A');
        lines.push_back(title);
        // The names in one column as wide as the longest, the ratings after them.
        int width = 0;
        for (const Standing& s : *best) width = std::max(width, text::display_width(text::printable(s.name)));
        int place = 0;
        for (const Standing& s : *best) {
            const std::string name = text::printable(s.name);
            ++place;
            lines.push_back(concat(place < 10 ? " " : "", std::to_string(place), ". ", name,
                                   std::string(static_cast<std::size_t>(width - text::display_width(name)) + 3, ' '),
                                   std::to_string(std::lround(s.rating.rating)), " (+/-",
                                   std::to_string(std::lround(2 * s.rating.deviation)), ")   ", std::to_string(s.games),
                                   s.games == 1 ? " game" : " games"));
        }
    }
    return lines;
}

LobbyView Server::lobby_view(const Visitor& v) const {
    LobbyView view;
    if (!online_) {
        // Made once for every lobby screen drawn until the lobby next changes.
        online_.emplace();
        for (const Visitor& o : visitors_)
            if (!o.dead && !o.closing && o.shown() && o.player) {
                if (online_->first.size() < kOnlineListed) online_->first.push_back({o.player->name, doing(o)});
                ++online_->second;
            }
    }
    view.online = online_->first;
    view.online_count = online_->second;
    const std::int64_t me = v.player ? v.player->id : 0;
    // A private seek or game is listed to its players only, with its code.
    for (const Seek& s : seeks_)
        if (s.terms.code.empty() || s.player == me)
            view.seeks.push_back({s.id, s.name, terms_words(s.terms), rules_words(s.terms.rules), s.player == me,
                                  s.terms.code});
    for (const auto& [id, room] : rooms_) {
        const bool mine = room->side_of(me).has_value() && !room->over();
        if (room->terms().code.empty() || mine)
            view.games.push_back({id, room->seat(Color::White).name, room->seat(Color::Black).name, room->standing(),
                                  room->watchers(), mine, room->terms().code});
    }
    if (v.screen && v.screen->showing_leaderboard()) view.leaderboard = leaderboard_lines();
    if (v.lines) view.leaderboard = {};
    view.reach = reach_;
    return view;
}

void Server::choose(Visitor& v, const LobbyChoice& choice) {
    using K = LobbyChoice::Kind;
    switch (choice.kind) {
        case K::None: return;
        case K::Leave: end(v, "left"); return;
        case K::Seek: {
            // One seek a player: a new one replaces theirs.
            std::erase_if(seeks_, [&](const Seek& s) { return s.player == v.player->id; });
            GameTerms terms = choice.terms;
            if (!terms.code.empty()) {
                terms.code = net::random_code();
                if (terms.code.empty()) {
                    tell(v, "No private game now: the server cannot make a code (no randomness).");
                    return;
                }
            }
            seeks_.push_back({next_seek_++, v.player->id, v.player->name, terms});
            if (v.lines) {
                // Said back, as the screen shows it in the list: what was offered, and a private one's code.
                const std::string rules = rules_words(terms.rules);
                say(v, {concat("Seek ", seeks_.back().id, " offered: ", terms_words(terms),
                               rules.empty() ? "" : concat(", ", rules), ". withdraw takes it back.")});
                if (!terms.code.empty())
                    say(v, {concat("Private: your opponent types ", reach_, " join ", terms.code)});
            }
            const std::string rules = rules_words(terms.rules);
            log_line(concat(v.player->name, " seeks a game: ", terms_words(terms), rules.empty() ? "" : ", ", rules,
                            terms.code.empty() ? "" : ", private"));
            lobby_changed();
            return;
        }
        case K::Withdraw:
            std::erase_if(seeks_, [&](const Seek& s) { return s.id == choice.id && s.player == v.player->id; });
            lobby_changed();
            return;
        case K::Accept: accept_seek(v, choice.id); return;
        case K::Watch:
        case K::Return: enter_room(v, choice.id); return;
        case K::Code: open_code(v, choice.code, choice.watch); return;
        case K::Ratings: {
            std::vector<std::string> lines = leaderboard_lines();
            if (lines.empty()) lines.push_back("No rated game of the standard rules has ended yet.");
            std::erase(lines, std::string());
            say(v, lines);
            return;
        }
    }
}

void Server::open_code(Visitor& v, std::string_view code, bool watch) {
    for (const Seek& s : seeks_)
        if (!s.terms.code.empty() && net::code_matches(s.terms.code, code)) {
            if (s.player == v.player->id) tell(v, "That is your own game's code: give it to your opponent.");
            else if (watch) tell(v, concat("That game has not begun: ", s.name, " waits for an opponent."));
            else accept_seek(v, s.id);
            return;
        }
    for (const auto& [id, room] : rooms_)
        if (!room->terms().code.empty() && net::code_matches(room->terms().code, code)) {
            enter_room(v, id);
            return;
        }
    tell(v, concat("No game here has the code ", text::printable(code.substr(0, 20)), "."));
}

void Server::accept_seek(Visitor& v, int id) {
    const auto it = std::find_if(seeks_.begin(), seeks_.end(), [&](const Seek& s) { return s.id == id; });
    if (it == seeks_.end()) {
        tell(v, "That seek is gone.");
        return;
    }
    const Seek seek = *it;
    if (seek.terms.rated && v.player->guest) {
        tell(v, v.lines ? "Guests play unrated games only: choose an unrated seek, or offer one (seek)."
                        : "Guests play unrated games only: choose an unrated seek, or offer one (n).");
        return;
    }
    const Color creator = seek.terms.creator_side.value_or(random_() % 2 == 0 ? Color::White : Color::Black);
    // The seat tokens are the server's: kept with the game, they give each player their seat back
    // after a dropped connection or a restart.
    RoomSeat mine{v.player->id, v.player->name, net::random_hex(16), std::nullopt},
        theirs{seek.player, seek.name, net::random_hex(16), std::nullopt};
    if (seek.terms.rated) {
        // The record says what each player's rating was as the game began.
        const RatingPool pool = pool_of(seek.terms);
        for (RoomSeat* seat : {&mine, &theirs})
            if (auto r = store_->rating_of(seat->player, pool)) seat->rating = static_cast<int>(std::lround(r->rating));
    }
    const RoomSeat& white = creator == Color::White ? theirs : mine;
    const RoomSeat& black = creator == Color::White ? mine : theirs;
    StoredGame stored;
    stored.white = Player{white.player, white.name, false};
    stored.black = Player{black.player, black.name, false};
    stored.white_token = white.token;
    stored.black_token = black.token;
    stored.rated = seek.terms.rated;
    stored.code = seek.terms.code;
    auto added = store_->add_game(stored);
    if (!added) {
        log_line(added.error().message);
        tell(v, concat("The game could not start: ", added.error().message));
        return;
    }
    const int room_id = static_cast<int>(*added);
    auto room = open_room(room_id, seek.terms, white, black, nullptr);
    if (!room) {
        tell(v, concat("The game could not start: ", room.error().message));
        return;
    }
    seeks_.erase(it);
    log_line(concat("game ", room_id, ": ", white.name, " - ", black.name, ", ", clock_words(seek.terms.clock)));
    enter_room(v, room_id);
    // The seek's player, waiting in the lobby, is taken to the game they asked for.
    for (Visitor& o : visitors_)
        if (!o.dead && !o.closing && o.player && o.player->id == seek.player && o.shown() && !o.game)
            enter_room(o, room_id);
    lobby_changed();
}

RatingPool Server::pool_of(const GameTerms& terms) {
    return RatingPool{time_class(terms.clock), rules_key(terms.rules)};
}

std::optional<RatingUpdate> Server::rating_update(int id, const GameTerms& terms, const RoomSeat& white_seat,
                                                  const RoomSeat& black_seat, const std::string& result) const {
    const std::int64_t white = white_seat.player, black = black_seat.player;
    const std::pair<std::string, std::string> names{white_seat.name, black_seat.name};
    const RatingPool pool = pool_of(terms);
    auto w = store_->rating_of(white, pool);
    auto b = store_->rating_of(black, pool);
    if (!w || !b) return std::nullopt;
    const double score = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
    const rating::Outcome for_white[] = {{*b, score}};
    const rating::Outcome for_black[] = {{*w, 1.0 - score}};
    const auto new_white = rating::rated(*w, for_white);
    const auto new_black = rating::rated(*b, for_black);
    if (!new_white || !new_black) return std::nullopt;
    log_line(concat("game ", std::to_string(id), " rated (", pool.time_class, ", ", pool.rules, "): ", names.first, " ",
                    std::to_string(std::lround(w->rating)), " -> ", std::to_string(std::lround(new_white->rating)),
                    ", ", names.second, " ", std::to_string(std::lround(b->rating)), " -> ",
                    std::to_string(std::lround(new_black->rating))));
    return RatingUpdate{pool, *new_white, *new_black};
}

Expected<Room*> Server::open_room(int id, const GameTerms& terms, const RoomSeat& white, const RoomSeat& black,
                                  const GameRecord* resumed) {
    auto room = Room::open(
        id, terms, white, black, config_.data + "/run",
        [this, id, terms, white, black](const std::string& record, const std::string& result) {
            auto problem = store_->save_game(
                id, record, result,
                terms.rated && !result.empty() ? rating_update(id, terms, white, black, result) : std::nullopt);
            if (problem) log_line(concat("game ", id, ": ", *problem));
            return problem;
        },
        resumed);
    if (!room) {
        log_line(concat("cannot host game ", id, ": ", room.error().message));
        return room.error();
    }
    // Stored as it begins (a resumed game: as it stands), before anyone is let in.
    if (auto problem = store_->save_game(id, (*room)->record(), "")) return Error{*problem};
    Room* opened = room->get();
    rooms_[id] = std::move(*room);
    return opened;
}

void Server::resume_games() {
    auto games = store_->games_in_play();
    if (!games) {
        log_line(games.error().message);
        return;
    }
    for (const StoredGame& g : *games) {
        auto records = parse_pdn(g.record);
        if (!records || records->size() != 1) {
            log_line(concat("game ", std::to_string(g.id), " cannot be resumed: its record does not read back",
                            records ? "" : concat(" (", records.error().describe(), ")")));
            continue;
        }
        const GameRecord& record = records->front();
        const int id = static_cast<int>(g.id);
        GameTerms terms = Room::terms_of(record);
        terms.code = g.code;
        if (open_room(id, terms, RoomSeat{g.white.id, g.white.name, g.white_token, std::nullopt},
                      RoomSeat{g.black.id, g.black.name, g.black_token, std::nullopt}, &record))
            log_line(concat("game ", id, ": ", g.white.name, " - ", g.black.name, " goes on (", record.moves.size(),
                            " plies)"));
    }
}

std::string Server::player_folder(std::int64_t player) const {
    const std::string folder = concat(config_.data, "/players/", std::to_string(player));
    ::mkdir((config_.data + "/players").c_str(), 0700);
    ::mkdir(folder.c_str(), 0700);
    return folder;
}

void Server::enter_room(Visitor& v, int id) {
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) {
        tell(v, "That game is over and gone.");
        return;
    }
    const Room& room = *it->second;
    GameScreenOptions options;
    options.socket = room.socket();
    options.game_name = concat("game-", id);
    options.seat = room.over() ? std::nullopt : room.side_of(v.player->id);
    if (options.seat) options.token = room.seat(*options.seat).token;
    options.player = v.player->name;
    options.state_folder = player_folder(v.player->id);
    options.rules = room.terms().rules;
    options.chat_bytes = static_cast<std::size_t>(config_.limits.line_length);
    options.chat_per_minute = config_.limits.chat_per_minute;
    options.watch_line = concat("Watching ", room.seat(Color::White).name, " - ", room.seat(Color::Black).name,
                                ": [ ] browse the moves, c chats with the watchers.");
    auto screen = GameScreen::join(options);
    if (!screen) {
        tell(v, concat("Cannot open that game: ", screen.error().message));
        return;
    }
    v.game = std::move(*screen);
    v.room = id;
    v.dirty = true;
    if (v.lines) v.game->line_begin();
    lobby_changed();
}

void Server::leave_room(Visitor& v) {
    if (v.game) retired_screens_.push_back(std::move(v.game));
    v.room = 0;
    v.dirty = true;
    if (v.lines) {
        say(v, {"Back in the lobby."});
        say(v, v.lines->look(lobby_view(v)));
    }
    lobby_changed();
}

namespace {
int on_game_fd(socket_t fd, int revents, void* u);
}

void Server::register_game_fds() {
    std::vector<pollfd> wanted;
    for (const auto& [id, room] : rooms_) room->poll_fds(wanted);
    for (const Visitor& v : visitors_)
        if (v.game) v.game->poll_fds(wanted);
    std::map<int, short> next;
    for (const pollfd& p : wanted) next[p.fd] |= p.events;
    for (auto it = registered_.begin(); it != registered_.end();) {
        const auto found = next.find(it->first);
        if (found == next.end() || found->second != it->second) {
            const int rc = ssh_event_remove_fd(event_, it->first);
            if (std::getenv("FETAIX_SERVE_DEBUG")) log_line(concat("fd ", it->first, " removed: ", rc));
            it = registered_.erase(it);
        } else {
            ++it;
        }
    }
    // Let go of by the event first, then closed: a number freed here cannot still be polled.
    retired_screens_.clear();
    retired_rooms_.clear();
    for (const auto& [fd, events] : next)
        if (!registered_.count(fd)) {
            const int rc = ssh_event_add_fd(event_, fd, events, on_game_fd, this);
            if (std::getenv("FETAIX_SERVE_DEBUG")) log_line(concat("fd ", fd, " added ", events, ": ", rc));
            registered_[fd] = events;
        }
}

std::vector<pollfd> Server::ready(std::vector<pollfd> fds) const {
    for (pollfd& p : fds) {
        const auto found = revents_.find(p.fd);
        p.revents = found == revents_.end() ? 0 : found->second;
    }
    return fds;
}

void Server::handle_games() {
    const auto now = net::Clock::now();
    for (auto it = rooms_.begin(); it != rooms_.end();) {
        Room& room = *it->second;
        std::vector<pollfd> fds;
        room.poll_fds(fds);
        if (room.handle_ready(ready(fds), now)) game_moved();
        // A finished game nobody looks at any more is let go of.
        const bool shown = std::any_of(visitors_.begin(), visitors_.end(),
                                       [&](const Visitor& v) { return v.room == it->first; });
        if (room.over() && !shown) {
            retired_rooms_.push_back(std::move(it->second));
            it = rooms_.erase(it);
            lobby_changed();
            continue;
        }
        ++it;
    }
    for (Visitor& v : visitors_) {
        if (!v.game || v.closing) continue;
        std::vector<pollfd> fds;
        v.game->poll_fds(fds);
        if (v.game->handle(ready(fds))) v.dirty = true;
        if (v.game->tick()) v.dirty = true;
        if (v.game->take_bell() && v.terminal) v.out += v.terminal->bell();
        if (v.lines && v.dirty) {
            say(v, v.game->line_news());
            v.dirty = false;
        }
    }
    revents_.clear();
}

namespace {
int on_game_fd(socket_t fd, int revents, void* u) {
    static_cast<Server*>(u)->game_fd_ready(fd, static_cast<short>(revents));
    return 0;
}
}  // namespace

// What the lobby lists changed: the visitors there draw it again (those in a game hear of their game
// from it; redrawing every screen for every move of every game would cost the players' latency).
void Server::lobby_changed() {
    online_.reset();
    for (Visitor& v : visitors_)
        if (v.shown() && !v.game) {
            v.dirty = true;
            v.lobby_news = v.lines.has_value();
        }
    games_moved_ = false;
    lobby_drawn_ = Steady::now();
}

void Server::draw(Visitor& v) {
    if (v.lines && v.lobby_news && !v.game && !v.closing) say(v, v.lines->news(lobby_view(v)));
    v.lobby_news = false;
    if (!v.dirty || !v.terminal || !v.screen || v.closing) return;
    // A visitor who does not read gets no more frames until they catch up: the newest is drawn then.
    if (v.out.size() > 64 * 1024) return;
    const int rows = v.terminal->rows(), columns = v.terminal->columns();
    v.out += v.terminal->draw(v.game ? v.game->compose(rows, columns, v.terminal->glyphs())
                                     : v.screen->compose(rows, columns, lobby_view(v)),
                              v.repaint);
    v.dirty = v.repaint = false;
}

void Server::flush(Visitor& v) {
    if (v.channel == nullptr || v.out.empty()) return;
    const std::uint32_t window = ssh_channel_window_size(v.channel);
    const std::size_t n = std::min<std::size_t>(v.out.size(), std::min<std::uint32_t>(window, 32768));
    if (n == 0) {
        // The client has all it may be sent and has read none of it (a reader opens its window again).
        if (!v.stalled) v.stalled = Steady::now();
        return;
    }
    v.stalled.reset();
    const int written = ssh_channel_write(v.channel, v.out.data(), static_cast<std::uint32_t>(n));
    if (written < 0) {
        v.dead = true;
        return;
    }
    v.out.erase(0, static_cast<std::size_t>(written));
}

void Server::end(Visitor& v, std::string_view why) {
    if (v.closing) return;
    if (v.terminal) v.out += v.terminal->finish();
    v.closing = true;
    log_line(concat(v.address, ": ", v.player ? v.player->name : std::string("a visitor"), " ", why));
    lobby_changed();
}

Server::~Server() {
    for (Visitor& v : visitors_) {
        if (event_) ssh_event_remove_session(event_, v.session);
        ssh_disconnect(v.session);
        ssh_free(v.session);
    }
    if (event_) ssh_event_free(event_);
    ssh_bind_free(bind_);
    ::close(listener_);
}

void Server::accept_connections() {
    for (;;) {
        sockaddr_storage from{};
        socklen_t length = sizeof from;
        const int fd = ::accept4(listener_, reinterpret_cast<sockaddr*>(&from), &length, SOCK_CLOEXEC);
        if (fd < 0) return;
        char host[NI_MAXHOST] = "?";
        ::getnameinfo(reinterpret_cast<sockaddr*>(&from), length, host, sizeof host, nullptr, 0, NI_NUMERICHOST);
        const std::string address = host;
        const auto now = Steady::now();
        auto& tries = tries_[address];
        while (!tries.empty() && now - tries.front() > std::chrono::minutes(1)) tries.pop_front();
        std::string refusal;
        if (static_cast<int>(visitors_.size()) >= config_.limits.connections) refusal = "the server is full";
        else if (per_address_[address] >= config_.limits.per_address) refusal = "too many connections from there";
        else if (static_cast<int>(tries.size()) >= config_.limits.auth_per_minute)
            refusal = "too many tries a minute from there";
        if (!refusal.empty()) {
            log_refusal(address, refusal, now);
            ::close(fd);
            continue;
        }
        tries.push_back(now);
        ssh_session session = ssh_new();
        if (session == nullptr || ssh_bind_accept_fd(bind_, session, fd) != SSH_OK) {
            log_line(concat(address, ": ", session ? ssh_get_error(bind_) : "out of memory"));
            if (session) ssh_free(session);
            ::close(fd);
            continue;
        }
        Visitor& v = visitors_.emplace_back();
        v.server = this;
        v.session = session;
        v.address = address;
        ++per_address_[address];
        ssh_callbacks_init(&v.server_callbacks);
        v.server_callbacks.userdata = &v;
        v.server_callbacks.auth_pubkey_function = on_auth_pubkey;
        v.server_callbacks.auth_none_function = on_auth_none;
        v.server_callbacks.auth_password_function = on_auth_password;
        v.server_callbacks.channel_open_request_session_function = on_open_session;
        ssh_set_server_callbacks(session, &v.server_callbacks);
        ssh_set_auth_methods(session, SSH_AUTH_METHOD_PUBLICKEY | (config_.guests ? SSH_AUTH_METHOD_INTERACTIVE : 0));
        ssh_set_message_callback(session, on_message, &v);
        ssh_set_blocking(session, 0);
        if (ssh_handle_key_exchange(session) == SSH_ERROR) v.dead = true;
        ssh_event_add_session(event_, session);
    }
}

void Server::log_refusal(const std::string& address, std::string_view why, Steady::time_point now) {
    RefusalLog& log = refusals_[{address, std::string(why)}];
    if (log.said != Steady::time_point{} && now - log.said < std::chrono::minutes(1)) {
        ++log.more;
        return;
    }
    log_line(concat(address, ": refused a connection: ", why,
                    log.more > 0 ? concat(" (and ", log.more, " more in the minute before)") : ""));
    log.said = now;
    log.more = 0;
}

void Server::sweep(Steady::time_point now) {
    // What is kept of each address (its tries, its refusals) goes when a minute old: the maps stay as
    // small as the addresses of the last minute.
    std::erase_if(tries_, [&](const auto& entry) {
        return entry.second.empty() || now - entry.second.back() > std::chrono::minutes(1);
    });
    std::erase_if(refusals_, [&](const auto& entry) {
        if (now - entry.second.said <= std::chrono::minutes(1)) return false;
        if (entry.second.more > 0)
            log_line(concat(entry.first.first, ": refused ", entry.second.more,
                            " more connections: ", entry.first.second));
        return true;
    });
    for (auto it = visitors_.begin(); it != visitors_.end();) {
        Visitor& v = *it;
        // The key exchange, begun as the connection was accepted, goes on in the event's callbacks: here
        // only its deadline (asking libssh again for each handshake each turn cost the players dearly).
        if (!v.dead && v.stage == Visitor::Stage::Handshake) {
            if (now - v.started > std::chrono::seconds(config_.limits.handshake_seconds)) {
                log_line(concat(v.address, ": dropped: no authentication in ", config_.limits.handshake_seconds, " s"));
                v.dead = true;
            }
        }
        // In, but no terminal session asked for in time (a channel never opened, or never a shell).
        if (!v.dead && v.stage == Visitor::Stage::Authenticated && !v.closing &&
            now - v.started > std::chrono::seconds(config_.limits.handshake_seconds)) {
            log_line(concat(v.address, ": dropped: no terminal session in ", config_.limits.handshake_seconds, " s"));
            v.dead = true;
        }
        if (!v.dead && v.shown() && !v.game && !v.closing &&
            now - v.last_key > std::chrono::minutes(config_.limits.lobby_idle_minutes)) {
            v.out += "\r\n";
            end(v, concat("was idle for ", config_.limits.lobby_idle_minutes, " minutes"));
        }
        // What a visitor who does not read holds is bounded: the window they were given (in libssh's
        // buffers) and `out`, kept from growing by draw(); after a while shut, they are let go.
        const bool stalled = v.stalled && now - *v.stalled > std::chrono::seconds(config_.limits.stalled_seconds);
        if (!v.dead && (v.out.size() > config_.limits.output_backlog || stalled)) {
            log_line(concat(v.address, ": dropped: does not read what is sent"));
            v.dead = true;
        }
        if (!v.dead && !ssh_is_connected(v.session)) v.dead = true;
        if (!v.dead) {
            draw(v);
            flush(v);
        }
        if (!v.dead && v.closing && v.out.empty() && v.channel && !v.closed_at) {
            // Said and sent: the exit status and the channel's close, then the client hangs up (or, a
            // few seconds on, is hung up on).
            ssh_channel_request_send_exit_status(v.channel, v.exit_status);
            ssh_channel_send_eof(v.channel);
            ssh_channel_close(v.channel);
            v.closed_at = now;
        }
        if (!v.dead && v.closing &&
            (v.channel == nullptr || (v.closed_at && now - *v.closed_at > std::chrono::seconds(5))))
            v.dead = true;
        if (v.dead) {
            if (!v.closing && v.shown())
                log_line(concat(v.address, ": ", v.player ? v.player->name : std::string("a visitor"),
                                " disconnected"));
            if (v.game) retired_screens_.push_back(std::move(v.game));
            if (v.player) {
                const std::int64_t gone = v.player->id;
                const bool elsewhere = std::any_of(visitors_.begin(), visitors_.end(), [&](const Visitor& o) {
                    return &o != &v && !o.dead && o.player && o.player->id == gone;
                });
                if (!elsewhere) std::erase_if(seeks_, [&](const Seek& s) { return s.player == gone; });
            }
            ssh_event_remove_session(event_, v.session);
            ssh_disconnect(v.session);
            ssh_free(v.session);
            if (--per_address_[v.address] <= 0) per_address_.erase(v.address);
            const bool had_screen = v.shown();
            it = visitors_.erase(it);
            if (had_screen) lobby_changed();
            continue;
        }
        ++it;
    }
}

int Server::wait_ms(Steady::time_point) const {
    // Handshakes and the output still to send are looked at again soon; otherwise the games' own
    // deadlines (clocks, reconnections) and the idle limits.
    int wait = 1000;
    const auto sooner = [&wait](int ms) {
        if (ms >= 0 && ms < wait) wait = ms;
    };
    const auto now = net::Clock::now();
    for (const auto& [id, room] : rooms_) sooner(room->timeout_ms(now));
    const auto steady = Steady::now();
    const auto until = [&](Steady::time_point deadline) {
        sooner(static_cast<int>(
            std::max<std::int64_t>(0,
                                   std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady).count()) +
            1));
    };
    for (const Visitor& v : visitors_) {
        // Output the client's window holds back is sent when its window opens: soon, not at once.
        if (!v.out.empty() || v.dirty) sooner(50);
        if (v.stage != Visitor::Stage::Screen)
            until(v.started + std::chrono::seconds(config_.limits.handshake_seconds));
        if (v.stalled) until(*v.stalled + std::chrono::seconds(config_.limits.stalled_seconds));
        if (v.game) sooner(v.game->timeout_ms());
    }
    if (games_moved_) until(lobby_drawn_ + kLobbyGameRedraw);
    return wait;
}

int Server::run() {
    event_ = ssh_event_new();
    if (event_ == nullptr) return 1;
    ssh_event_add_fd(event_, listener_, POLLIN, on_listener, this);
    ssh_event_add_fd(event_, wake_, POLLIN, on_wake, this);
    while (g_stop == 0) {
        register_game_fds();
        ssh_event_dopoll(event_, wait_ms(Steady::now()));
        accept_connections();
        handle_games();
        if (games_moved_ && Steady::now() - lobby_drawn_ >= kLobbyGameRedraw) lobby_changed();
        // The whole loop's work for this turn, the freeing of the connections that ended last.
        sweep(Steady::now());
        // Everything drawn and flushed; a second sweep frees what the first closed.
        sweep(Steady::now());
    }
    log_line("stopping");
    for (Visitor& v : visitors_) {
        if (v.shown() && !v.closing) {
            if (v.terminal) v.out += v.terminal->finish();
            v.out += concat("The fetaix server is stopping.", v.newline());
            flush(v);
        }
    }
    return 0;
}

// The listener is read after the poll (accept_connections); the wake-up pipe, of a signal, here.
int on_listener(socket_t, int, void*) { return 0; }
int on_wake(socket_t fd, int, void*) {
    char bytes[64];
    [[maybe_unused]] const ssize_t n = ::read(fd, bytes, sizeof bytes);
    return 0;
}

Expected<int> listen_on(const std::string& address, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int rc = ::getaddrinfo(address.c_str(), service.c_str(), &hints, &found); rc != 0)
        return Error{concat("cannot listen on ", address, ": ", gai_strerror(rc))};
    std::string problem = "no address";
    int fd = -1;
    for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        const int yes = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
            problem = std::strerror(errno);
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    if (fd < 0) return Error{concat("cannot listen on ", address, " port ", port, ": ", problem)};
    return fd;
}

// The port a listening socket has (the one the kernel chose for port 0).
int port_of(int fd) {
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length) != 0) return 0;
    if (bound.ss_family == AF_INET) return ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    if (bound.ss_family == AF_INET6) return ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port);
    return 0;
}

}  // namespace

Expected<std::string> host_key_fingerprint(const std::string& data) {
    auto key = load_host_key(data);
    if (!key) return key.error();
    std::string fingerprint = fingerprint_of(*key);
    ssh_key_free(*key);
    return fingerprint;
}

int serve(const ServerConfig& config) {
    auto store = Store::open(config.data);
    if (!store) {
        log_line(store.error().message);
        return 1;
    }
    // The games' sockets: the server's alone.
    const std::string run = config.data + "/run";
    if (::mkdir(run.c_str(), 0700) != 0 && errno != EEXIST) {
        log_line(concat("cannot make ", run, ": ", std::strerror(errno)));
        return 1;
    }
    auto key = load_host_key(config.data);
    if (!key) {
        log_line(key.error().message);
        return 1;
    }
    const std::string fingerprint = fingerprint_of(*key);
    auto listener = listen_on(config.listen, config.port);
    if (!listener) {
        ssh_key_free(*key);
        log_line(listener.error().message);
        return 1;
    }
    ssh_bind bind = ssh_bind_new();
    bool no_config = false;
    ssh_bind_options_set(bind, SSH_BIND_OPTIONS_PROCESS_CONFIG, &no_config);
    // The bind owns the key from here on.
    if (ssh_bind_options_set(bind, SSH_BIND_OPTIONS_IMPORT_KEY, *key) != SSH_OK) {
        log_line("cannot use the host key");
        ssh_bind_free(bind);
        ::close(*listener);
        return 1;
    }
    int wake[2];
    if (::pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) return 1;
    g_wake_write = wake[1];
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    for (int s : {SIGINT, SIGTERM}) sigaction(s, &action, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    const int port = port_of(*listener);
    std::printf("fetaix serve: listening on %s port %d (ssh -p %d %s)\nhost key %s\ndata %s\n", config.listen.c_str(),
                port, port, config.listen == "0.0.0.0" || config.listen == "::" ? "HOST" : config.listen.c_str(),
                fingerprint.c_str(), (*store)->path().c_str());
    std::fflush(stdout);
    const std::string reach = concat("ssh -t ", port == 22 ? std::string() : concat("-p ", port, " "), config.name);
    Server server(config, std::move(*store), bind, *listener, wake[0], reach);
    server.resume_games();
    const int status = server.run();
    g_wake_write = -1;
    ::close(wake[1]);
    ::close(wake[0]);
    return status;
}

}  // namespace fetaix::server
