#pragma once
// Game records in Portable Draughts Notation style (docs/rules.md section 7): tag pairs, numbered moves,
// comments and variations (skipped when read), a result token, several games per file.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clock.hpp"
#include "error.hpp"
#include "eval_note.hpp"
#include "fen.hpp"
#include "game.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "rules.hpp"
#include "switches.hpp"

namespace fetaix {

// Moves taken back with undo that redo would replay, in notation, so an autosave loses nothing.
inline constexpr std::string_view kTagRedo = "Redo";
// Who played (docs/notation.md): PGN's WhiteType/BlackType ("human" or "program"), and ours for the
// computer's level (1 to 8), time per move in seconds, and seed.
inline constexpr std::string_view kTagWhiteType = "WhiteType";
inline constexpr std::string_view kTagBlackType = "BlackType";
inline constexpr std::string_view kTagWhiteLevel = "WhiteLevel";
inline constexpr std::string_view kTagBlackLevel = "BlackLevel";
inline constexpr std::string_view kTagProgramTime = "ProgramTime";
inline constexpr std::string_view kTagProgramSeed = "ProgramSeed";
// Game clocks (clock.hpp): PGN's TimeControl ("300+3") for both sides, or one for each side when they
// differ; and the clocks as they stood when the record was written, for a game resumed ("w0:04:51.2
// B0:05:00", with " paused" when both were stopped by the players).
inline constexpr std::string_view kTagTimeControl = "TimeControl";
inline constexpr std::string_view kTagWhiteTimeControl = "WhiteTimeControl";
inline constexpr std::string_view kTagBlackTimeControl = "BlackTimeControl";
inline constexpr std::string_view kTagClock = "Clock";
// With Redo in a timed game: the clocks after each move of the redo line, ';' between them, so that
// redo restores them after a resume too.
inline constexpr std::string_view kTagRedoClocks = "RedoClocks";
// fetaix's autosave: the game history's record of this game, once one was kept ("20261204-102946-001.pdn",
// a name in the history folder), so that the game resumed and ended again is kept in its place.
inline constexpr std::string_view kTagKept = "Kept";

// Tags this reader knows besides the rule switches' (switches.hpp, so a record replays under the rules
// it was played with): the PDN standard's common ones and ours. Others are kept, with a note.
inline constexpr std::string_view kKnownTags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN",
                                                  "GameType", "Annotator", "Time", "PlyCount", "Termination", "Variant",
                                                  // The players' ratings as the game began (the SSH server's).
                                                  "WhiteRating", "BlackRating", kTagWhiteType, kTagBlackType,
                                                  kTagWhiteLevel, kTagBlackLevel, kTagProgramTime, kTagProgramSeed,
                                                  kTagRedo, kTagTimeControl, kTagWhiteTimeControl, kTagBlackTimeControl,
                                                  kTagClock, kTagRedoClocks, kTagKept};

struct Tag {
    std::string name;
    std::string value;
    friend bool operator==(const Tag&, const Tag&) = default;
};

// One game as read from a record: its tags in order, the rules and start they name, its moves
// (each checked against the rules), and the result token.
struct GameRecord {
    std::vector<Tag> tags;
    Rules rules;
    Position start = start_position();
    std::vector<Move> moves;
    std::vector<Move> redo;  // from the Redo tag: moves after `moves` that undo took back
    Outcome result = Outcome::Ongoing;
    // The time controls its tags give (both or neither), and the clocks when it was written (tag Clock).
    std::optional<TimeControl> white_clock, black_clock;
    std::optional<ClockReading> clock_now;
    bool clock_paused = false;
    std::vector<std::string> notes;  // harmless oddities worth telling, such as unknown tags
    // The values its [%eval] comments give, by ply (0: before the first move), when it has any
    // (fetaix review --annotate writes them); as long as `moves` plus one then.
    std::vector<std::optional<EvalNote>> evals;
    // Its comments, by ply (0: before the first move; several at one ply joined by a space), without
    // the [%clock] commands the game's clocks are written from; for saving the game again. Empty when
    // it has none, else as long as `moves` plus one.
    std::vector<std::string> comments;
    // The game as parse_pdn replayed it, redo line included: to_game starts from it rather than check
    // every move a second time, which under majority can cost a search each. Empty in a record made
    // otherwise (or whose moves were changed after reading: reset it then).
    std::optional<Game> replayed;

    // The value of a tag, or "" when it is absent.
    std::string tag(std::string_view name) const {
        for (const Tag& t : tags)
            if (t.name == name) return t.value;
        return "";
    }
};

namespace detail {

inline std::string quote_tag_value(std::string_view value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

}  // namespace detail

// The most a record file may hold: fetaix reads no larger one (a hostile file), so it writes none either
// (format_pdn_within).
inline constexpr std::size_t kMaxRecordBytes = 1u << 20;

namespace detail {

// Whether format_pdn writes this one of its `extra` tags: those it writes from the game itself are not.
inline bool extra_tag_written(const Game& game, const Tag& t) {
    const bool on_time = game.result().reason == Reason::TimeForfeit;
    return t.name != "Result" && t.name != "FEN" && !find_switch_by_tag(t.name) && t.name != kTagRedo &&
           t.name != kTagRedoClocks && !(on_time && t.name == "Termination");
}

}  // namespace detail

namespace detail {

// Appends one tag line: [Name "value"].
inline void add_pdn_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += quote_tag_value(value);
    out += "\"]\n";
}

// The Redo tag, and RedoClocks when every move of the redo line has its clocks. Written even after a
// resignation or agreed draw, which redo itself waits on.
inline void add_redo_tags(std::string& out, const Game& game) {
    std::string redo;
    for (const Move& m : game.redo_line()) {
        if (!redo.empty()) redo += ' ';
        redo += to_string(m);
    }
    add_pdn_tag(out, kTagRedo, redo);
    std::string clocks;
    bool timed = true;
    for (std::size_t i = game.ply() + 1; i <= game.ply() + game.redo_line().size(); ++i) {
        timed = timed && game.clock_at(i).has_value();
        if (timed) clocks += concat(clocks.empty() ? "" : ";", format_clock_reading(*game.clock_at(i)));
    }
    if (timed) add_pdn_tag(out, kTagRedoClocks, clocks);
}

// The movetext: numbered moves, each with its clocks and its comment (`comments[ply]`, 0 before the
// first move, when given and not empty), then the result, in lines of at most 79 bytes.
inline void add_movetext(std::string& out, const Game& game, const std::vector<std::string>& comments = {}) {
    std::string line;
    const auto word = [&](const std::string& w) {
        if (!line.empty() && line.size() + 1 + w.size() > 79) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    };
    // A comment's words, each its own word of the line but a [%command] kept whole; a '}' would end it early.
    const auto comment = [&](std::size_t ply) {
        if (ply >= comments.size() || comments[ply].empty()) return;
        std::string text = "{" + comments[ply] + "}";
        std::replace(text.begin() + 1, text.end() - 1, '}', ')');
        std::string piece;
        int depth = 0;
        for (const char c : text) {
            if (c == ' ' && depth == 0) {
                if (!piece.empty()) word(std::exchange(piece, {}));
                continue;
            }
            depth += c == '[' ? 1 : c == ']' && depth > 0 ? -1 : 0;
            piece += c;
        }
        if (!piece.empty()) word(piece);
    };
    comment(0);
    Color mover = game.start().side_to_move;
    int number = 1;
    const std::vector<Move> moves = game.moves();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (mover == Color::White) word(concat(number, ". ", to_string(moves[i])));
        else if (i == 0) word(concat(number, "... ", to_string(moves[i])));
        else word(to_string(moves[i]));
        // The clocks after the move, as the PDN extensions' %clock command writes them.
        if (const auto& clock = game.clock_at(i + 1)) word(concat("{[%clock ", format_clock_reading(*clock), "]}"));
        comment(i + 1);
        if (mover == Color::Black) ++number;
        mover = opponent(mover);
    }
    word(std::string(result_token(game.result().outcome)));
    out += line + '\n';
}

}  // namespace detail

// Writes a game as a record. `extra` tags (White, Black, Event, ...) come first; the rule tags, FEN
// (when the start is not the standard one) and Result are written from the game itself.
// `comments`: a comment by ply (0 before the first move), as detail::add_movetext writes them.
inline std::string format_pdn(const Game& game, const std::vector<Tag>& extra = {}, bool with_redo = false,
                              const std::vector<std::string>& comments = {}) {
    std::string out;
    for (const Tag& t : extra)
        if (detail::extra_tag_written(game, t)) detail::add_pdn_tag(out, t.name, t.value);
    detail::add_pdn_tag(out, "Result", result_token(game.result().outcome));
    // The result token cannot say a clock ran out: PGN's Termination tag does.
    if (game.result().reason == Reason::TimeForfeit)
        detail::add_pdn_tag(out, "Termination", describe(Reason::TimeForfeit));
    if (!(game.start() == start_position())) detail::add_pdn_tag(out, "FEN", to_fen(game.start()));
    for (const RuleSwitch& s : kRuleSwitches) detail::add_pdn_tag(out, s.tag, switch_value(s, game.rules()));
    if (with_redo && !game.redo_line().empty()) detail::add_redo_tags(out, game);
    out += '\n';
    detail::add_movetext(out, game, comments);
    return out;
}

// A record as format_pdn writes it, within `limit` bytes, so that fetaix can always read back what it
// wrote: while it is over, the longest value of the `extra` tags written is cut, ending in "..." (never
// inside a UTF-8 character). `cut` names the tags cut, in order. An error when cutting every one of
// them to nothing still leaves the record over (the moves alone are).
struct FittedRecord {
    std::string text;
    std::vector<std::string> cut;
};
inline Expected<FittedRecord> format_pdn_within(const Game& game, std::vector<Tag> extra, bool with_redo,
                                                std::size_t limit = kMaxRecordBytes,
                                                std::vector<std::string> comments = {}) {
    FittedRecord out{format_pdn(game, extra, with_redo, comments), {}};
    // The comments go first, whole: they are the record's own, not the game's.
    if (out.text.size() > limit && !comments.empty()) {
        comments.clear();
        out.cut.push_back("comments");
        out.text = format_pdn(game, extra, with_redo);
    }
    while (out.text.size() > limit) {
        Tag* longest = nullptr;
        for (Tag& t : extra)
            if (detail::extra_tag_written(game, t) && (!longest || t.value.size() > longest->value.size()))
                longest = &t;
        if (!longest || longest->value.empty())
            return Error{concat("the game's record would be over ", limit, " bytes, more than a record may hold")};
        // Each byte cut takes at least one off the record (a quoted one takes two); "..." adds three.
        const std::size_t over = out.text.size() - limit + 3;
        std::size_t keep = longest->value.size() > over ? longest->value.size() - over : 0;
        while (keep > 0 && (static_cast<unsigned char>(longest->value[keep]) & 0xC0) == 0x80) --keep;
        longest->value = keep > 0 ? concat(std::string_view(longest->value).substr(0, keep), "...") : std::string();
        if (std::find(out.cut.begin(), out.cut.end(), longest->name) == out.cut.end()) out.cut.push_back(longest->name);
        out.text = format_pdn(game, extra, with_redo);
    }
    return out;
}

// "the Event tag", "the Event and Site tags", "the comments and the Event tag": what format_pdn_within
// cut, for a note.
inline std::string cut_tags_text(const std::vector<std::string>& cut) {
    const bool comments = !cut.empty() && cut.front() == "comments";
    const std::size_t tags = cut.size() - (comments ? 1 : 0);
    std::string names;
    for (std::size_t i = comments ? 1 : 0; i < cut.size(); ++i)
        names += concat(names.empty() ? "" : i + 1 == cut.size() ? " and " : ", ", cut[i]);
    const std::string tag_text = tags == 0 ? "" : concat("the ", names, tags == 1 ? " tag" : " tags");
    if (!comments) return tag_text;
    return tags == 0 ? std::string("the comments") : concat("the comments and ", tag_text);
}

namespace detail {

// Reads records token by token, keeping line and column for every error.
class PdnReader {
public:
    PdnReader(std::string_view text, const std::atomic<bool>* stop) : text_(text), stop_(stop) {}

    Expected<std::vector<GameRecord>> read_all() {
        // A UTF-8 byte-order mark, as some editors write, is no part of the record.
        if (text_.starts_with(kByteOrderMark)) pos_ = kByteOrderMark.size();
        std::vector<GameRecord> games;
        while (true) {
            skip_space();
            if (at_end()) break;
            auto game = read_game(games.empty());
            if (!game) {
                // In a file of many games the line alone is hard to follow: say which game, from the second on.
                Error e = game.error();
                if (!games.empty()) e.message = concat("game ", games.size() + 1, ": ", e.message);
                return e;
            }
            games.push_back(std::move(*game));
        }
        if (games.empty()) return Error{"no game found: the record is empty", 1, 1};
        return games;
    }

private:
    struct Token {
        std::string text;
        int line;
        int column;
    };

    static constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }
    // CR, LF and CRLF each end a line (the LF of a CRLF adds nothing).
    static bool is_line_end(char c) { return c == '\n' || c == '\r'; }
    char get() {
        const char c = text_[pos_++];
        if (c == '\r' || (c == '\n' && !after_cr_)) {
            ++line_;
            column_ = 1;
        } else if (c != '\n') {
            ++column_;
        }
        after_cr_ = c == '\r';
        return c;
    }
    Error error_here(std::string message) const { return Error{std::move(message), line_, column_}; }

    static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

    void skip_space() {
        while (!at_end() && is_space(peek())) get();
    }

    // Skips white space, {comments}, (variations), ;line comments and %escape lines.
    std::optional<Error> skip_space_and_comments() {
        while (true) {
            skip_space();
            if (at_end()) return std::nullopt;
            const char c = peek();
            if (c == '{') {
                const int line = line_, column = column_;
                std::string text;
                get();
                while (!at_end() && peek() != '}') text += get();
                if (at_end()) return Error{"comment '{' is never closed", line, column};
                get();
                comments_.push_back(Token{std::move(text), line, column});
            } else if (c == '(') {
                const int line = line_, column = column_;
                int depth = 0;
                while (!at_end()) {
                    const char d = get();
                    if (d == '(') ++depth;
                    else if (d == ')' && --depth == 0) break;
                    else if (d == '{') {
                        while (!at_end() && peek() != '}') get();
                        if (!at_end()) get();
                    }
                }
                if (depth != 0) return Error{"variation '(' is never closed", line, column};
            } else if (c == ';' || (c == '%' && column_ == 1)) {
                while (!at_end() && !is_line_end(peek())) get();
            } else {
                return std::nullopt;
            }
        }
    }

    Expected<Tag> read_tag() {
        const int line = line_, column = column_;
        get();  // '['
        skip_space();
        std::string name;
        while (!at_end() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')) name += get();
        if (name.empty()) return error_here("expected a tag name after '['");
        skip_space();
        if (peek() != '"') return error_here(concat("expected '\"' to open the value of tag ", name));
        get();
        std::string value;
        while (true) {
            if (at_end() || is_line_end(peek()))
                return Error{concat("the value of tag ", name, " is never closed"), line, column};
            char c = get();
            if (c == '"') break;
            if (c == '\\') {
                if (at_end()) return Error{concat("the value of tag ", name, " is never closed"), line, column};
                c = get();
            }
            value += c;
        }
        skip_space();
        if (peek() != ']') return error_here(concat("expected ']' to close tag ", name));
        get();
        return Tag{name, value};
    }

    // A `[%clock w0:04:53 B0:05:00]` command in a comment after a move: the clocks at that ply.
    std::optional<Error> read_clock_comments(Game& replay, GameRecord& game) {
        for (const Token& comment : std::exchange(comments_, {})) {
            read_eval_comment(comment, replay.ply(), game);
            keep_comment(comment.text, replay.ply(), game);
            const std::size_t at = comment.text.find("[%clock");
            if (at == std::string::npos) continue;
            const std::size_t end = comment.text.find(']', at);
            const std::string command = comment.text.substr(at, end == std::string::npos ? end : end + 1 - at);
            const std::string_view body = std::string_view(command).substr(std::min<std::size_t>(8, command.size()));
            const auto reading = end == std::string::npos || command.size() < 9 || command[7] != ' '
                                     ? std::nullopt
                                     : parse_clock_reading(body.substr(0, body.size() - 1));
            const std::string where = replay.ply() == 0 ? std::string("before the first move")
                                                        : concat("after ", last_label_);
            if (!reading)
                return Error{concat("bad clock comment ", where, ": '", command,
                                    "' is not [%clock wH:MM:SS bH:MM:SS] (the running clock's letter in capitals)"),
                             comment.line, comment.column};
            if (replay.ply() == 0)
                return Error{concat("a clock comment comes before the first move: '", command, "'"), comment.line,
                             comment.column};
            replay.set_clock(*reading);
        }
        return std::nullopt;
    }

    // A comment's text, kept by ply: its words with white space made single spaces, [%clock] dropped.
    static void keep_comment(std::string_view text, std::size_t ply, GameRecord& game) {
        std::string kept;
        int depth = 0;
        std::string command;  // a [%...] being read
        const auto add = [&](std::string_view piece) {
            for (const char c : piece) {
                const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
                if (!space) kept += c;
                else if (!kept.empty() && kept.back() != ' ') kept += ' ';
            }
        };
        for (const char c : text) {
            if (depth > 0 || c == '[') {
                command += c;
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
                if (depth == 0) {
                    if (!command.starts_with("[%clock")) add(command);
                    command.clear();
                }
            } else {
                add(std::string_view(&c, 1));
            }
        }
        add(command);  // a '[' never closed is text
        while (!kept.empty() && kept.back() == ' ') kept.pop_back();
        if (kept.empty()) return;
        if (game.comments.size() <= ply) game.comments.resize(ply + 1);
        std::string& at = game.comments[ply];
        at += concat(at.empty() ? "" : " ", kept);
    }

    // A `[%eval +0.35]` or `[%eval #W17 tables]` command in a comment: the value of the position at that
    // ply (docs/notation.md).
    void read_eval_comment(const Token& comment, std::size_t ply, GameRecord& game) const {
        const std::size_t at = comment.text.find("[%eval");
        if (at == std::string::npos) return;
        const std::size_t end = comment.text.find(']', at);
        // A line break inside the command (a record wrapped by another program) reads as a space.
        std::string command;
        for (const char c : std::string_view(comment.text).substr(at, end == std::string::npos ? end : end + 1 - at)) {
            const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
            if (!space) command += c;
            else if (!command.empty() && command.back() != ' ') command += ' ';
        }
        const auto note = end == std::string::npos || command.size() < 8 || command[6] != ' '
                              ? std::nullopt
                              : parse_eval_note(std::string_view(command).substr(7, command.size() - 8));
        // Another program's way of writing a value is left out, and said: the moves are what matter.
        if (!note) {
            game.notes.push_back(concat("line ", comment.line, ": an eval comment fetaix does not read, left out: '",
                                        command, "' (docs/notation.md)"));
            return;
        }
        if (game.evals.size() <= ply) game.evals.resize(ply + 1);
        game.evals[ply] = *note;
    }

    static bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

    static Outcome outcome_of(std::string_view t) {
        if (t == "1-0") return Outcome::WhiteWins;
        if (t == "0-1") return Outcome::BlackWins;
        if (t == "1/2-1/2") return Outcome::Draw;
        return Outcome::Ongoing;
    }

    // Applies a tag that sets the rules or the start; other tags are kept as they are.
    std::optional<Error> apply_tag(const Tag& tag, int line, int column, GameRecord& game) {
        const auto bad = [&](std::string what) { return Error{concat("tag ", tag.name, ": ", what), line, column}; };
        if (const RuleSwitch* s = find_switch_by_tag(tag.name)) {
            if (auto problem = set_from_tag(*s, game.rules, tag.value)) return bad(std::move(*problem));
        } else if (tag.name == "FEN") {
            auto pos = parse_fen(tag.value);
            if (!pos) return bad(concat("bad position: ", pos.error().describe()));
            if (auto problem = unplayable_start(*pos)) return bad(std::move(*problem));
            game.start = *pos;
        } else if (tag.name == kTagTimeControl || tag.name == kTagWhiteTimeControl ||
                   tag.name == kTagBlackTimeControl) {
            auto tc = parse_time_control_tag(tag.value);
            if (!tc) return bad(tc.error().message);
            if (tag.name != kTagBlackTimeControl) game.white_clock = *tc;
            if (tag.name != kTagWhiteTimeControl) game.black_clock = *tc;
        } else if (tag.name == kTagClock) {
            std::string_view value = tag.value;
            game.clock_paused = value.ends_with(" paused");
            if (game.clock_paused) value.remove_suffix(7);
            game.clock_now = parse_clock_reading(value);
            if (!game.clock_now)
                return bad(concat("expected wH:MM:SS bH:MM:SS (the running clock's letter in capitals), not '",
                                  tag.value, "'"));
        } else if (tag.name == kTagRedoClocks) {
            redo_clocks_.clear();
            std::string_view rest = tag.value;
            while (true) {
                const std::size_t semicolon = rest.find(';');
                const auto reading = parse_clock_reading(rest.substr(0, semicolon));
                if (!reading)
                    return bad(concat("expected readings such as w0:04:53 B0:05:00, ';' between them, not '", tag.value,
                                      "'"));
                redo_clocks_.push_back(*reading);
                if (semicolon == std::string_view::npos) break;
                rest.remove_prefix(semicolon + 1);
            }
        } else if (tag.name == kTagRedo) {
            redo_text_ = tag.value;
            redo_line_ = line;
            redo_column_ = column;
        } else {
            bool known = false;
            for (std::string_view k : kKnownTags) known = known || k == tag.name;
            if (!known) game.notes.push_back(concat("line ", line, ": unknown tag [", tag.name, "] kept as it is"));
        }
        return std::nullopt;
    }

    // A word of movetext: a move, a move number, a result or an annotation.
    Token read_word() {
        Token t{"", line_, column_};
        while (!at_end()) {
            const char c = peek();
            if (is_space(c) || c == '{' || c == '(' || c == ')' || c == '[' || c == ';' || c == '}') break;
            t.text += get();
        }
        return t;
    }

    // Whether a word is written as a move is (a mistaken one too): a letter and a digit, then letters,
    // digits, "-" and ":" only.
    static bool move_shaped(std::string_view w) {
        const auto letter = [](char c) { return c >= 'a' && c <= 'z'; };
        const auto digit = [](char c) { return c >= '0' && c <= '9'; };
        if (w.size() < 2 || !letter(w[0]) || !digit(w[1])) return false;
        return std::all_of(w.begin(), w.end(), [&](char c) { return letter(c) || digit(c) || c == '-' || c == ':'; });
    }
    // At most 20 bytes of a word to quote, never cutting a UTF-8 character in two.
    static std::string beginning(std::string_view w) {
        if (w.size() <= 20) return std::string(w);
        std::size_t end = 20;
        while (end > 0 && (static_cast<unsigned char>(w[end]) & 0xC0) == 0x80) --end;
        return concat(w.substr(0, end), "...");
    }

    // The tag section: each tag read and applied to the game; a clock for one side only is refused.
    std::optional<Error> read_tags(GameRecord& game) {
        while (true) {
            if (auto e = skip_space_and_comments()) return *e;
            if (peek() != '[') break;
            const int line = line_, column = column_;
            auto tag = read_tag();
            if (!tag) return tag.error();
            if (auto e = apply_tag(*tag, line, column, game)) return *e;
            game.tags.push_back(std::move(*tag));
        }
        if (game.white_clock.has_value() != game.black_clock.has_value())
            return Error{concat("tag ", game.white_clock ? kTagBlackTimeControl : kTagWhiteTimeControl,
                                " is missing: a clock for one side only"),
                         line_, column_};
        return std::nullopt;
    }

    // How the movetext ended: with a result token or not, after a move number with no move or not.
    struct MovetextEnd {
        bool result_seen = false;
        std::optional<Token> dangling;  // a move number with no move after it (yet)
    };

    // Takes a move number "12." or "12..." off the front of w, which may stand alone or be glued to the
    // move; true when it stood alone.
    static bool strip_move_number(Token& word, std::string_view& w) {
        std::size_t digits = 0;
        while (digits < w.size() && w[digits] >= '0' && w[digits] <= '9') ++digits;
        if (digits == 0 || digits >= w.size() || w[digits] != '.') return false;
        std::size_t dots = digits;
        while (dots < w.size() && w[dots] == '.') ++dots;
        if (dots == w.size()) return true;
        w.remove_prefix(dots);
        word.column += static_cast<int>(dots);
        return false;
    }

    // Plays the move w of the movetext, checked against the position it is played in.
    std::optional<Error> play_movetext_move(bool first, GameRecord& game, Game& replay, const Token& word,
                                            std::string_view w, bool dangling) {
        // Checked before each move, the costliest step: a stop is seen within one move's check.
        if (stop_ && stop_->load(std::memory_order_relaxed)) return Error{"reading stopped", word.line, word.column};
        // A file that is no record (a text of another kind) is told as such, not as a bad point.
        if (first && game.tags.empty() && game.moves.empty() && !dangling && !move_shaped(w))
            return Error{concat("not a game record (it begins '", beginning(w), "', not with tags or moves)"),
                         word.line, word.column};
        const std::size_t ply = replay.ply();
        const std::string label = concat("move ", ply / 2 + 1, " '", w, "'");
        if (replay.over())
            return Error{concat(label, " comes after the game has ended (", describe(replay.result().reason), ")"),
                         word.line, word.column};
        auto played = replay.play(w);
        if (!played) return Error{concat(label, ": ", played.error().message), word.line, word.column};
        game.moves.push_back(*played);
        last_label_ = label;
        return std::nullopt;
    }

    // The movetext, up to its result token, the next game's tags or the end of the text.
    std::optional<Error> read_movetext(bool first, GameRecord& game, Game& replay, MovetextEnd& end) {
        while (true) {
            if (auto e = skip_space_and_comments()) return *e;
            if (auto e = read_clock_comments(replay, game)) return *e;
            if (at_end() || peek() == '[') break;  // a record without a result token ends here
            if (peek() == ')' || peek() == '}') return error_here(std::string("unexpected '") + peek() + "'");
            Token word = read_word();
            std::string_view w = word.text;
            if (is_result(w)) {
                game.result = outcome_of(w);
                end.result_seen = true;
                break;
            }
            if (w.front() == '$') continue;  // a numeric annotation glyph
            if (strip_move_number(word, w)) {
                end.dangling = word;
                continue;
            }
            // Annotations such as "!" or "?!" after a move.
            while (!w.empty() && (w.back() == '!' || w.back() == '?')) w.remove_suffix(1);
            if (w.empty()) continue;
            if (auto e = play_movetext_move(first, game, replay, word, w, end.dangling.has_value())) return *e;
            end.dangling.reset();
        }
        return std::nullopt;
    }

    // A record cut short (a copy or a write interrupted) ends without its result token, often after a
    // move number: said in a note, as a record made by hand without a result still opens.
    void note_movetext_end(GameRecord& game, const MovetextEnd& end) const {
        if (end.dangling && !end.result_seen)
            game.notes.push_back(
                concat("line ", end.dangling->line, ": the record ends at move number ", end.dangling->text,
                       " with no move and no result (1-0, 0-1, 1/2-1/2 or *): it looks cut off there"));
        else if (end.dangling)
            game.notes.push_back(concat("line ", end.dangling->line, ": move number ", end.dangling->text,
                                        " has no move after it"));
        else if (!end.result_seen)
            game.notes.push_back(concat("no result (1-0, 0-1, 1/2-1/2 or *) after ",
                                        game.moves.empty() ? std::string("the tags") : last_label_,
                                        ": the record may have been cut off there"));
    }

    // The redo line goes on from the last move, under the same rules.
    std::optional<Error> play_redo_line(GameRecord& game, Game& replay) const {
        std::string_view rest = redo_text_;
        while (!rest.empty()) {
            const std::size_t space = rest.find(' ');
            const std::string_view word = rest.substr(0, space);
            rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
            if (word.empty()) continue;
            auto played = replay.play(word);
            if (!played)
                return Error{concat("tag Redo: move '", word, "': ", played.error().message), redo_line_, redo_column_};
            if (game.redo.size() < redo_clocks_.size()) replay.set_clock(redo_clocks_[game.redo.size()]);
            game.redo.push_back(*played);
        }
        return std::nullopt;
    }

    // `first`: the record's first game, before which nothing has shown the text to be a record.
    Expected<GameRecord> read_game(bool first) {
        GameRecord game;
        redo_text_.clear();
        redo_clocks_.clear();
        comments_.clear();  // after the last game's result: none of this one's
        if (auto e = read_tags(game)) return *e;
        Game replay(game.rules, game.start);
        if (game.white_clock)
            replay.set_clock(ClockReading{game.white_clock->base, game.black_clock->base, std::nullopt});
        MovetextEnd end;
        if (auto e = read_movetext(first, game, replay, end)) return *e;
        note_movetext_end(game, end);
        if (!game.evals.empty()) game.evals.resize(game.moves.size() + 1);
        if (auto e = play_redo_line(game, replay)) return *e;
        game.replayed = std::move(replay);
        return game;
    }

    std::string_view text_;
    const std::atomic<bool>* stop_;
    std::string redo_text_;
    std::vector<ClockReading> redo_clocks_;  // from the RedoClocks tag
    std::vector<Token> comments_;            // read since the last word, for their %clock commands
    std::string last_label_;                 // "move 3 'b2-b3'": the move a clock comment follows
    int redo_line_ = 0;
    int redo_column_ = 0;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;
    bool after_cr_ = false;
};

}  // namespace detail

// Reads every game of a record; the first problem found is returned with its line and column. Setting
// `stop` (from another thread) ends the reading early with an error.
inline Expected<std::vector<GameRecord>> parse_pdn(std::string_view text, const std::atomic<bool>* stop = nullptr) {
    return detail::PdnReader(text, stop).read_all();
}

// The game a record describes: its moves replayed, and a decisive or drawn result token that the
// rules alone do not explain taken as a resignation or an agreed draw. parse_pdn checked every move as
// it read it and keeps the game it replayed; a record made otherwise is replayed here, stopping at the
// first move that is not legal, since every later move depends on it, and the redo line is then dropped.
inline Game to_game(const GameRecord& record) {
    Game game = record.replayed ? *record.replayed : Game(record.rules, record.start);
    std::size_t redone = record.replayed ? record.redo.size() : 0;
    if (!record.replayed) {
        for (const Move& m : record.moves)
            if (!game.play(m)) return game;
        // Play the redo line and take it back again, so that redo finds it.
        for (const Move& m : record.redo) {
            if (!game.play(m)) break;
            ++redone;
        }
    }
    for (std::size_t i = 0; i < redone; ++i) game.undo();
    if (!game.over()) {
        // A clock that ran out, as the Termination tag says, else a resignation.
        const bool on_time = record.tag("Termination") == describe(Reason::TimeForfeit);
        if (record.result == Outcome::WhiteWins) on_time ? game.lose_on_time(Color::Black) : game.resign(Color::Black);
        else if (record.result == Outcome::BlackWins)
            on_time ? game.lose_on_time(Color::White) : game.resign(Color::White);
        else if (record.result == Outcome::Draw) game.agree_draw();
    }
    return game;
}

}  // namespace fetaix
