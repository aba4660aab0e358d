#include "game_screen.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "tui/frame.hpp"

namespace fetaix::server {

GameScreen::GameScreen(const Rules& rules) : table_(rules), controller_(table_, front::Players{}) {}

Expected<std::unique_ptr<GameScreen>> GameScreen::join(const GameScreenOptions& options) {
    std::unique_ptr<GameScreen> screen(new GameScreen(options.rules));
    front::NetOptions net;
    net.mode = options.seat ? front::NetOptions::Mode::Join : front::NetOptions::Mode::Watch;
    net.name = options.game_name;
    net.socket = options.socket;
    net.seat = options.seat;
    net.token = options.token;
    net.player = options.player;
    net.note = options.watch_line;
    net.from_lobby = true;
    net.chat_bytes = options.chat_bytes;
    net.chat_per_minute = options.chat_per_minute;
    auto network = front::Network::start(net, screen->table_, screen->controller_.players(), options.state_folder);
    if (!network) return network.error();
    screen->network_ = std::move(*network);
    screen->network_->prepare(screen->controller_);
    // What a visitor's screen does not do: files are the server's (it keeps every game: its operator's
    // export), an engine's help in a game between people is not offered, and a new game is the lobby's.
    using K = front::Action::Kind;
    front::Controller& c = screen->controller_;
    c.withhold(K::Save, "No saving here: the server keeps every game (its operator can export them).");
    c.withhold(K::Open, "No files here: a game on the server is played from the lobby.");
    c.withhold(K::Hint, "No hints in a game on the server: it is between people.");
    c.withhold(K::NewGame, concat("A new game is found in the lobby: ", c.keys().first("quit"), " goes back there."));
    return screen;
}

int GameScreen::timeout_ms() const {
    int wait = network_->timeout_ms();
    if (const auto clock = controller_.clock_wait()) {
        const int ms = static_cast<int>(std::clamp<Millis>(*clock, 1, 60'000));
        if (wait < 0 || ms < wait) wait = ms;
    }
    return wait;
}

bool GameScreen::handle(std::span<const pollfd> fds) {
    const bool changed = network_->handle(fds, controller_);
    if (changed && std::getenv("FETAIX_SERVE_DEBUG"))
        std::fprintf(stderr, "screen: network '%s' message '%s' refusal '%s'\n", controller_.ui().network.c_str(),
                     controller_.ui().message.c_str(), network_->refusal() ? network_->refusal()->c_str() : "");
    return changed;
}

bool GameScreen::key(const KeyReader::Read& read, int rows, int columns) {
    front::Key key = read.key;
    if (key.name == front::Key::Name::Click)
        key.point = tui::point_at(read.row, read.column, controller_.ui().flipped, tui::board_geometry(rows, columns));
    controller_.set_too_small(!tui::screen_fits(rows, columns));
    if (controller_.ui().help_open) controller_.set_help_pages(tui::help_page_count(controller_, rows, columns));
    const front::Action action = front::map_key(key, controller_.mode(), controller_.keys());
    const bool go_on = controller_.handle(action);
    network_->take_events(controller_);
    return go_on;
}

std::vector<std::string> GameScreen::line_enter(std::string_view text) {
    std::vector<std::string> lines = line_news();
    if (!line_) return {"The game has not arrived yet: type again in a moment."};
    for (std::string& l : line_->enter(text)) lines.push_back(std::move(l));
    network_->take_events(controller_);
    for (std::string& l : line_->news()) lines.push_back(std::move(l));
    return lines;
}

std::vector<std::string> GameScreen::line_news() {
    if (line_) return line_->news();
    if (!line_due_ || !network_->synced()) return {};
    line_due_ = false;
    line_ = std::make_unique<line::LineGame>(controller_);
    return line_->opening();
}

tui::Frame GameScreen::compose(int rows, int columns, const tui::Glyphs& glyphs) {
    controller_.set_too_small(!tui::screen_fits(rows, columns));
    return tui::compose(controller_, rows, columns, glyphs);
}

}  // namespace fetaix::server
