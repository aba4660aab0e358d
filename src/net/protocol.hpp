#pragma once
// The fetaix network protocol (docs/protocol.md): versioned, line-based text, one message per line of at
// most 4 KiB. A line is a message name, then fields `key=value` separated by single spaces:
//
//     move ply=7 move=c3xc1xe1
//     chat from=Youssef role=black text="good move"
//
// A value is written bare when it is not empty and holds no space, '"' or '\\'; otherwise in double
// quotes, with '"' and '\\' escaped by a backslash. No value holds a control character (a line never
// holds one at all, '\r' before the '\n' aside, which is dropped) and every line is valid UTF-8.
// Unknown fields are ignored; an unknown message name parses as Unknown, which receivers ignore, so a
// newer peer may add messages and fields. A line that breaks these rules, or a known message with a
// missing or bad field, is malformed: parse() says why, and the receiver answers with an `error` line.
//
// Pure: no I/O, no sockets, no curses. Fuzzed by tests/fuzz/fuzz_net.cpp.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fetaix/fetaix.hpp>

namespace fetaix::net {

// The version this fetaix speaks; `hello` carries the client's, and the host refuses another one.
inline constexpr int kProtocolVersion = 1;
// The longest line, its '\n' included. A longer one is an error and the connection is closed.
inline constexpr std::size_t kMaxLineBytes = 4096;
// The most a clock field (`white-ms`, `black-ms`, `used-ms`) may say: a thousand hours.
inline constexpr Millis kMaxClockMillis = 1000LL * 3600 * 1000;
// Field limits (bytes), checked by parse() and by the sending side before anything is sent.
inline constexpr std::size_t kMaxNameBytes = 40;   // a player's name
inline constexpr std::size_t kMaxChatBytes = 400;  // one chat line
inline constexpr std::size_t kMaxTextBytes = 400;  // an error or refusal text
inline constexpr std::size_t kMaxCodeBytes = 64;   // a join or watch code, a seat token

// What a client asks to be, in `hello`.
enum class Role : std::uint8_t {
    White,  // the white seat
    Black,  // the black seat
    Seat,   // whichever seat is free (`fetaix join`)
    Watch,  // a watcher: reads the game, plays nothing, chats with the other watchers
};
std::string_view to_string(Role r);  // "white", "black", "seat", "watch"
std::optional<Role> parse_role(std::string_view word);
// The role of a seat of this colour.
inline Role role_of(Color c) { return c == Color::White ? Role::White : Role::Black; }

// The two offers a player may make, which the other player accepts or declines.
enum class Offer : std::uint8_t { Takeback, Draw };
std::string_view to_string(Offer o);  // "takeback", "draw"

// --- Client to host ---

// First line of every connection (the only one before `welcome`).
//   hello version=1 role=seat name=Youssef code=k7m2-q9x4-ab3d token=0f3a...
struct Hello {
    int version = kProtocolVersion;
    Role role = Role::Seat;
    std::string name;   // the player's name (may be empty: the host then uses the login name)
    std::string code;   // the join code (seat) or watch code (watch) of a shared game; empty otherwise
    std::string token;  // the seat token from an earlier `welcome`, to get the seat back; empty otherwise
    friend bool operator==(const Hello&, const Hello&) = default;
};

// Instead of `hello`: asks what game this is (for `fetaix hosts`); the host answers `game` and closes.
//   query version=1
struct Query {
    int version = kProtocolVersion;
    friend bool operator==(const Query&, const Query&) = default;
};

// A move, in notation, and the ply it makes (1 for the first move of the game). Sent by a seated player;
// relayed by the host as `moved`. A ply that is not the next one (a move sent twice, a stale copy) is
// never played: the host answers with the whole state instead.
//   move ply=7 move=c3xc1xe1
struct MoveMessage {
    std::size_t ply = 0;
    std::string move;
    friend bool operator==(const MoveMessage&, const MoveMessage&) = default;
};

// Client: "I offer a take-back (or a draw)". Host to clients: `by` made the offer.
//   offer what=draw            offer what=draw by=white
struct OfferMessage {
    Offer what = Offer::Draw;
    std::optional<Color> by;  // set by the host; ignored from a client (the host knows who sent it)
    friend bool operator==(const OfferMessage&, const OfferMessage&) = default;
};

// Client: the answer to the other player's open offer. Host to clients: `by` answered.
//   answer what=takeback accept=no        answer what=takeback accept=no by=black
struct AnswerMessage {
    Offer what = Offer::Draw;
    bool accept = false;
    std::optional<Color> by;
    friend bool operator==(const AnswerMessage&, const AnswerMessage&) = default;
};

//   resign
struct Resign {
    friend bool operator==(const Resign&, const Resign&) = default;
};

// Client: a chat line. Host to clients: with who said it. A watcher's line goes to the watchers only.
//   chat text="hello there"      chat from=Youssef role=black text="hello there"
struct Chat {
    std::string text;
    std::string from;          // set by the host
    std::optional<Role> role;  // set by the host: white, black or watch
    friend bool operator==(const Chat&, const Chat&) = default;
};

// A client whose copy went out of step asks for the whole state (answered with `state` and `history`).
//   sync
struct SyncRequest {
    friend bool operator==(const SyncRequest&, const SyncRequest&) = default;
};

// Instead of `hello`, from a second plain fetaix of the same user on the same state folder: asks the
// game's holder to let go of the game (it saves, frees the autosave, and watches the new holder). The
// answer is the autosave's lock coming free; a host refuses it from another user and closes.
//   takeover version=1
struct Takeover {
    int version = kProtocolVersion;
    friend bool operator==(const Takeover&, const Takeover&) = default;
};

// --- Host to client ---

// The answer to an accepted `hello`: the role given and, for a seat, its token (keep it to rejoin).
// The whole state follows.
//   welcome version=1 role=black game=kitchen token=0f3a...
struct Welcome {
    int version = kProtocolVersion;
    Role role = Role::Watch;  // White, Black or Watch
    std::string game;         // the game's name
    std::string token;        // empty for a watcher
    friend bool operator==(const Welcome&, const Welcome&) = default;
};

// The host is asking its player whether to let this login in (shared games): wait.
//   pending text="waiting for Amina to accept"
struct Pending {
    std::string text;
    friend bool operator==(const Pending&, const Pending&) = default;
};

// The whole state, sent on (re)join, after a take-back and in answer to a stale move. The moves
// follow in `history` lines (as many as fit in a line each), `plies` of them in all; the state is
// complete when the last has come.
//   state white=Amina black=Youssef white-present=yes black-present=no fen=W:Wa1,... backward-captures=no
//         promotion=end majority=no no-progress=50 plies=12 result=0-1 reason=resignation offer=draw offer-by=white
struct State {
    std::string white;  // the players' names
    std::string black;
    bool white_present = false;  // whether the seat's player is connected now (the host's own: always)
    bool black_present = false;
    Position start = start_position();
    Rules rules;
    std::size_t plies = 0;  // moves in the game (the redo line is not sent)
    // A resignation or an agreed draw (results by the rules follow from the moves): Ongoing otherwise.
    GameResult declared;
    // The offer open now, if any, and who made it.
    std::optional<Offer> offer;
    Color offer_by = Color::White;
    // A timed game: each side's time control (`white-clock=300+3`, the TimeControl tag's
    // form) and both clocks as the host reads them when sending (`white-ms`, `black-ms`, `running`).
    // Absent in an untimed game, and from a host that predates clocks.
    std::optional<TimeControl> white_clock = std::nullopt;
    std::optional<TimeControl> black_clock = std::nullopt;
    std::optional<ClockReading> clock = std::nullopt;
    friend bool operator==(const State&, const State&) = default;
};

// Moves of the game in notation from ply `from` (1-based) on, following a `state`.
//   history from=1 moves=c2-c3,c4xc2,b2xb3
struct History {
    std::size_t from = 1;
    std::vector<std::string> moves;
    friend bool operator==(const History&, const History&) = default;
};

// The host relays a move played by a seat (its own player's included).
//   moved ply=7 move=c3xc1xe1
// In a timed game the host adds the time the move took on the mover's clock and both clocks just
// after it, the running one named (the host's clock is the authority):
//   moved ply=7 move=c3xc1xe1 used-ms=4210 white-ms=287310 black-ms=291004 running=black
struct Moved {
    std::size_t ply = 0;
    std::string move;
    std::optional<Millis> used = std::nullopt;         // used-ms
    std::optional<ClockReading> clock = std::nullopt;  // white-ms, black-ms, running (white, black or none)
    friend bool operator==(const Moved&, const Moved&) = default;
};

// A declared result (resignation, agreed draw, time forfeit: the host's clock decides a fall). Results
// by the rules follow from the moves.
//   result outcome=0-1 reason=resignation        result outcome=1-0 reason=time-forfeit
struct ResultMessage {
    GameResult result;
    friend bool operator==(const ResultMessage&, const ResultMessage&) = default;
};

// A seat's player connected (joined) or lost their connection (left; the seat stays theirs).
//   joined role=black name=Youssef        left role=black name=Youssef
struct Joined {
    Color side = Color::White;
    std::string name;
    friend bool operator==(const Joined&, const Joined&) = default;
};
struct Left {
    Color side = Color::White;
    std::string name;
    friend bool operator==(const Left&, const Left&) = default;
};

// The answer to `query`.
//   game name=kitchen version=1 white=Amina black=Youssef free=black ply=12 turn=white result=* watchers=2 shared=no
struct GameInfo {
    std::string name;
    int version = kProtocolVersion;
    std::string white;
    std::string black;
    bool white_free = false;  // no player holds the seat yet: `fetaix join` can take it
    bool black_free = false;
    std::size_t ply = 0;
    Color turn = Color::White;
    Outcome outcome = Outcome::Ongoing;
    std::size_t watchers = 0;
    bool shared = false;  // a join or watch code is needed
    // The seat's player left and may come back with its token (`away`, written only when one is): a seat
    // whose player is still connected is neither free nor away, and is not to be taken back.
    bool white_away = false;
    bool black_away = false;
    friend bool operator==(const GameInfo&, const GameInfo&) = default;
};

// Something was wrong with what this side sent (or a refusal: the host then closes the connection).
//   error text="line 1: unknown role \"king\""
struct ErrorMessage {
    std::string text;
    friend bool operator==(const ErrorMessage&, const ErrorMessage&) = default;
};

// The host is ending (its player quit, or a signal): why, and where the game is kept; the host then
// closes. An older client ignores it and sees the connection lost.
//   bye text="Amina ended the game: it is kept in /home/amina/.local/state/fetaix/autosave.pdn"
struct Bye {
    std::string text;
    friend bool operator==(const Bye&, const Bye&) = default;
};

// A message name this fetaix does not know (from a newer peer): ignored by the receiver.
struct Unknown {
    std::string name;
    friend bool operator==(const Unknown&, const Unknown&) = default;
};

using Message =
    std::variant<Hello, Query, MoveMessage, OfferMessage, AnswerMessage, Resign, Chat, Welcome, Pending, State, History,
                 Moved, ResultMessage, Joined, Left, GameInfo, ErrorMessage, SyncRequest, Unknown, Takeover, Bye>;

// Reads one line, without its '\n' (a '\r' at its end is dropped). A malformed line gives an error whose
// message is the text to send back in `error` ("move: ply: not a number: \"x\"").
Expected<Message> parse(std::string_view line);

// The line for a message, without the '\n'. The fields must be within the limits above (the senders
// check them); `history` callers split moves with history_lines(). parse(format(m)) == m for every
// message within the limits (fields a receiver ignores aside: version of Unknown).
std::string format(const Message& message);

// The history lines for these moves (notation) from ply `from` on, each within kMaxLineBytes.
std::vector<std::string> history_lines(std::size_t from, const std::vector<std::string>& moves);

// The error line sent back for a malformed line: format(ErrorMessage{why}).
std::string error_line(std::string_view why);

// Whether text may be a name, a chat line or an error text: valid UTF-8, no control character, at most
// `max_bytes` bytes. Returns why not.
std::optional<std::string> check_text(std::string_view text, std::size_t max_bytes);

}  // namespace fetaix::net
