#pragma once
// What a visitor sees outside a game, as Frames: the first visit's question (the name this key goes by
// from now on), then the lobby: their games to return to, the open seeks to accept, the games in
// progress to watch, and who is online. The screen keeps only what this visitor typed and chose; what
// the lobby lists is the server's, handed in as a LobbyView, and what a choice does is the server's too.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fetaix/error.hpp>

#include "remote_terminal.hpp"
#include "room.hpp"
#include "store.hpp"

namespace fetaix::server {

// Someone on the server now, as the lobby lists them.
struct Online {
    std::string name;
    std::string doing;  // "in the lobby", "playing", "watching"
};

struct SeekView {
    int id = 0;
    std::string by;
    std::string terms;  // "5+3, any colour"
    std::string rules;  // the rule switches that differ from the standard's, in words; empty: standard
    bool mine = false;
    std::string code;  // the visitor's own private seek: the code their opponent joins with
};

struct GameView {
    int id = 0;
    std::string white, black;
    std::string standing;  // "12 moves, White to move"
    std::size_t watchers = 0;
    bool mine = false;  // the visitor has a seat in it
    std::string code;   // a private game of the visitor's: the code others watch it with
};

struct LobbyView {
    // Who is online: the first few the server lists, and how many there are in all (more than listed
    // on a busy server: a list of hundreds of names would be read by nobody and composed for everyone).
    std::vector<Online> online;
    std::size_t online_count = 0;  // 0: just those listed
    std::vector<SeekView> seeks;
    std::vector<GameView> games;
    // The leaderboard's lines, when the visitor looks at it (showing_leaderboard).
    std::vector<std::string> leaderboard;
    // How this server is reached, for a private game's code: "ssh -t -p 2222 example.org".
    std::string reach;
};

// What the visitor chose in the lobby, for the server to do.
struct LobbyChoice {
    // Ratings: the leaderboards said (the screen-reader mode's; the screen shows them itself).
    enum class Kind { None, Leave, Seek, Withdraw, Accept, Watch, Return, Code, Ratings };
    Kind kind = Kind::None;
    int id = 0;          // the seek or game chosen
    GameTerms terms;     // Seek: what it offers
    std::string code;    // Code: a private game's code, as typed
    bool watch = false;  // Code: to watch it, not to play

    static LobbyChoice of(Kind kind, int id = 0) {
        LobbyChoice c;
        c.kind = kind;
        c.id = id;
        return c;
    }
};

// The new seek's form: each field's name and the words of its values, in order (the first value is
// the field's default): the clock, the side, rated, each rule switch, private.
struct SeekField {
    std::string label;  // "Clock", "Backward captures"
    std::vector<std::string> words;
};
std::vector<SeekField> seek_fields();
// The terms a filled-in form offers: `values`, one per field of seek_fields(). A guest's seek is
// unrated whatever the form says.
GameTerms seek_terms(const std::vector<int>& values, bool guest);

// The clocks a seek may offer.
std::vector<std::optional<TimeControl>> seek_clocks();
// "5+3, any colour, rated": a seek's clock, side and rating as the lobby lists them.
std::string terms_words(const GameTerms& terms);
// "backward captures yes, promotion immediate": the switches set otherwise than the standard rules.
std::string rules_words(const Rules& rules);

class VisitorScreen {
public:
    // Takes a name for this visitor's key: the player, or why not (taken, badly formed, a failed write).
    using TakeName = std::function<Expected<Player>(std::string_view name)>;

    // `known`: the player this key belongs to (the lobby at once); nothing asks for a name first.
    VisitorScreen(std::optional<Player> known, std::string server_name, TakeName take_name);

    // One key, with the lobby as it stands: what the visitor chose (None when the key only moved
    // something on this screen, or nothing).
    LobbyChoice key(const KeyReader::Read& read, const LobbyView& view);
    const std::optional<Player>& player() const { return player_; }
    // Whether the visitor looks at the leaderboard (l): the server then lists it in the LobbyView.
    bool showing_leaderboard() const { return leaderboard_; }
    // A message on the lobby's last line but one (why a choice did not work), until the next key.
    void tell(std::string text) { message_ = std::move(text); }

    tui::Frame compose(int rows, int columns, const LobbyView& view) const;

private:
    // A line typed at a prompt (the name, a code): Enter is left to the caller.
    static void type_into(std::string& typed, const KeyReader::Read& read);
    void type_name(const KeyReader::Read& read);
    LobbyChoice seek_form_key(const front::Key& k);
    // The lobby's list as the cursor walks it: the visitor's games, the seeks, the other games.
    struct Item {
        LobbyChoice::Kind kind;
        int id;
    };
    static std::vector<Item> items(const LobbyView& view);

    std::optional<Player> player_;
    std::string server_name_;
    TakeName take_name_;
    std::string typed_;    // the name as typed so far
    std::string problem_;  // why the name last entered was not taken
    std::string message_;
    std::size_t cursor_ = 0;  // in items()
    // The new seek being set up (n): which of its fields is chosen, and each field's value (in
    // seek_fields()), kept for the next seek.
    bool form_open_ = false;
    std::size_t form_field_ = 0;
    std::vector<int> form_values_;
    // A private game's code being typed (c).
    std::optional<std::string> code_typed_;
    bool leaderboard_ = false;
};

}  // namespace fetaix::server
