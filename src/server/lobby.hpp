#pragma once
// What a visitor sees after the SSH handshake, as Frames: the first visit's question (the name this
// key goes by from now on), then the lobby. The screen only keeps what the visitor typed and which
// screen is up; who is online and taking a name are the server's, handed in.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fetaix/error.hpp>

#include "remote_terminal.hpp"
#include "store.hpp"

namespace fetaix::server {

// Someone on the server now, as the lobby lists them.
struct Online {
    std::string name;
    std::string doing;  // "in the lobby"
};

class VisitorScreen {
public:
    // Takes a name for this visitor's key: the player, or why not (taken, badly formed, a failed write).
    using TakeName = std::function<Expected<Player>(std::string_view name)>;

    // `known`: the player this key belongs to (the lobby at once); nothing asks for a name first.
    VisitorScreen(std::optional<Player> known, std::string server_name, TakeName take_name);

    // One key: the name typed and taken, or the lobby's keys. True when the screen changed.
    bool key(const KeyReader::Read& read);
    bool leaving() const { return leaving_; }
    const std::optional<Player>& player() const { return player_; }

    tui::Frame compose(int rows, int columns, const std::vector<Online>& online) const;

private:
    void take_typed_name();

    std::optional<Player> player_;
    std::string server_name_;
    TakeName take_name_;
    std::string typed_;    // the name as typed so far
    std::string problem_;  // why the name last entered was not taken
    bool leaving_ = false;
};

}  // namespace fetaix::server
