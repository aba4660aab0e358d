#pragma once
// The screen-reader mode of the server (ssh -t HOST screen-reader): the visitor's terminal is a line of
// text typed and lines said back, one event a line, as the local screen-reader mode. LineEditor turns
// the bytes typed into lines (echoing them when the client's terminal is raw, ssh -t); LineLobby is the
// lobby in words: the first visit's name, then the seeks, games and players, and commands that ask the
// server for what the lobby's keys ask it (a LobbyChoice). In a game, the game's lines are
// line::LineGame's (game_screen.hpp). Pure: no input or output of its own.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lobby.hpp"

namespace fetaix::server {

class LineEditor {
public:
    // `echo`: the client's terminal is raw (a pty was asked for), so what is typed is shown from here.
    LineEditor(bool echo, std::size_t max_bytes) : echo_(echo), max_bytes_(max_bytes) {}

    struct Typed {
        std::string text;
        bool too_long = false;  // over max_bytes: refused whole, not cut
    };
    struct Fed {
        std::string echo;  // what the terminal shows of the keys (nothing without echo)
        std::vector<Typed> lines;
        bool leave = false;  // Ctrl-C or Ctrl-D at the start of a line
    };
    Fed feed(std::string_view bytes);

private:
    bool echo_;
    std::size_t max_bytes_;
    std::string line_;
    bool too_long_ = false;
    bool after_cr_ = false;  // a CR ended the last line: an LF straight after it is the same end
    int escape_ = 0;         // inside an escape sequence (arrows and the like, ignored): 1 ESC, 2 its CSI
};

class LineLobby {
public:
    LineLobby(std::optional<Player> known, std::string server_name, VisitorScreen::TakeName take_name)
        : player_(std::move(known)), server_name_(std::move(server_name)), take_name_(std::move(take_name)) {}

    // The greeting: the mode, and the name question or the lobby (`look`: the lobby listed too).
    std::vector<std::string> opening(const LobbyView& view, bool look = true);
    struct Answer {
        std::vector<std::string> lines;
        LobbyChoice choice;
    };
    // One line typed in the lobby.
    Answer enter(std::string_view line, const LobbyView& view);
    // The seeks new since the visitor was last told of the lobby.
    std::vector<std::string> news(const LobbyView& view);
    // The lobby as it stands, line by line (look).
    std::vector<std::string> look(const LobbyView& view);
    const std::optional<Player>& player() const { return player_; }

private:
    std::vector<std::string> help() const;
    void remember(const LobbyView& view);

    std::optional<Player> player_;
    std::string server_name_;
    VisitorScreen::TakeName take_name_;
    std::set<int> seeks_told_;
};

// The words of `seek ...` as terms (a guest's unrated whatever they say), or what word is not understood.
Expected<GameTerms> seek_from_words(std::string_view words, bool guest);

}  // namespace fetaix::server
