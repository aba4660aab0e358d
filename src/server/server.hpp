#pragma once
// `fetaix serve`: an SSH server that is the game. One process, one thread, one event loop (libssh's
// ssh_event) for every connection: the handshake, authentication by public key, one session channel
// with a pty, and the visitor's screens drawn over it. Everything else SSH offers (a shell, other
// commands, port forwarding, agent and X11 forwarding, subsystems such as sftp) is refused and logged.

#include <cstdint>
#include <optional>
#include <string>

#include <fetaix/error.hpp>

namespace fetaix::server {

struct Limits {
    int connections = 1000;                // open connections in all
    int per_address = 20;                  // open connections from one address
    int auth_per_minute = 30;              // connections (each a try at authenticating) from one address a minute
    int handshake_seconds = 20;            // to finish the handshake and authenticate
    int lobby_idle_minutes = 30;           // with no key pressed in the lobby
    int line_length = 400;                 // bytes of one typed line (a chat line, a screen-reader command)
    int chat_per_minute = 30;              // chat lines a minute from one visitor in one game
    std::size_t output_backlog = 1 << 20;  // bytes waiting for a visitor who does not read
    int stalled_seconds = 15;              // with output waiting and the client's window shut: dropped
};

struct ServerConfig {
    std::string listen = "0.0.0.0";
    int port = 2222;
    std::string data;     // the data folder: host key, fetaix.db
    std::string name;     // how the lobby names the server (its host name by default)
    bool guests = false;  // visitors without a key come in as guest-NNNN (keyboard-interactive, no prompt)
    Limits limits;
};

// The data folder's host key (ed25519, made on first use, mode 0600) and its SHA-256 fingerprint as
// ssh prints it ("SHA256:...").
Expected<std::string> host_key_fingerprint(const std::string& data);

// Runs the server until SIGINT or SIGTERM: the exit status. Prints where it listens and the host
// key's fingerprint on standard output, each refusal and connection on standard error.
int serve(const ServerConfig& config);

}  // namespace fetaix::server
