#pragma once
// A visitor's screen of a game the server hosts (room.hpp): the same controller, frame and keys as the
// terminal game, joined to the game's Host as a player's seat or a watcher. Nothing here touches a file:
// saving, opening and the game history are the server's business, not a visitor's.

#include <memory>
#include <optional>
#include <poll.h>
#include <span>
#include <string>
#include <vector>

#include "front/controller.hpp"
#include "front/network.hpp"
#include "line/line_game.hpp"
#include "remote_terminal.hpp"

namespace fetaix::server {

struct GameScreenOptions {
    std::string socket;         // the game's Host
    std::string game_name;      // its name ("game-12": the seat token's file name)
    std::optional<Color> seat;  // the seat taken; none: watching
    std::string token;          // the seat's token
    std::string player;         // the visitor's name
    std::string state_folder;   // the visitor's own folder of seat tokens, under the data folder
    std::string watch_line;     // a watcher's standing line: what the game is, and the keys
    Rules rules;
    std::size_t chat_bytes = 0;  // the server's limits on chat (front::NetOptions)
    int chat_per_minute = 0;
};

class GameScreen {
public:
    static Expected<std::unique_ptr<GameScreen>> join(const GameScreenOptions& options);

    void poll_fds(std::vector<pollfd>& fds) const { network_->poll_fds(fds); }
    // How long the loop may wait before this screen needs it again (-1: no limit).
    int timeout_ms() const;
    // What arrived from the game; true when the screen changed.
    bool handle(std::span<const pollfd> fds);
    // A key; false when the visitor leaves the game for the lobby (q, and yes).
    bool key(const KeyReader::Read& read, int rows, int columns);
    // The clocks (a flag falls); true when the shown time changed.
    bool tick() { return controller_.tick(); }
    // The terminal's size, before each frame: too small a one shows only how large it must be.
    tui::Frame compose(int rows, int columns, const tui::Glyphs& glyphs);
    bool take_bell() { return controller_.take_bell(); }

    // The screen-reader mode: the game as lines (line::LineGame over this screen's controller). Its
    // opening is said with the first news from the game (the players' names, the clocks), or before
    // the first line typed.
    void line_begin() { line_due_ = true; }
    std::vector<std::string> line_enter(std::string_view text);
    // What came from the game (moves, chat, its end) since the visitor was last told.
    std::vector<std::string> line_news();
    // The visitor left the game (quit).
    bool line_ended() const { return line_ && line_->ended(); }
    const front::Controller& controller() const { return controller_; }

private:
    explicit GameScreen(const Rules& rules);

    play::Table table_;
    front::Controller controller_;
    std::unique_ptr<front::Network> network_;
    std::unique_ptr<line::LineGame> line_;
    bool line_due_ = false;
};

}  // namespace fetaix::server
