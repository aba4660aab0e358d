#include "line/narration.hpp"

#include <algorithm>
#include <cctype>

#include "front/game_text.hpp"
#include "front/keymap.hpp"
#include "front/selection.hpp"

namespace fetaix::line {

namespace {

// "c3", "c3, d2": points in the order given.
std::string points_said(const std::vector<Point>& points) {
    std::string text;
    for (Point p : points) text += concat(text.empty() ? "" : ", ", to_string(p));
    return text;
}

std::vector<Point> points_of(Bitboard b) {
    std::vector<Point> out;
    for (Point p : points(b)) out.push_back(p);
    return out;
}

// "black men a5, b5", "white mullah c1": one kind of piece on a rank, or "" when there is none.
std::string group_said(Bitboard pieces, std::string_view colour, std::string_view one, std::string_view many) {
    if (!pieces) return "";
    return concat(colour, " ", popcount(pieces) == 1 ? one : many, " ", points_said(points_of(pieces)));
}

// Whether `shorter` is the beginning of `longer`.
bool begins(const std::vector<Move>& longer, const std::vector<Move>& shorter) {
    return shorter.size() <= longer.size() && std::equal(shorter.begin(), shorter.end(), longer.begin());
}

// The controller's message as the lines say it: a move it announces (the computer's, a promotion) has
// its own line already, so only what follows the announcement (the history's trouble) is left.
std::string message_said(const std::string& message, const std::string& announced) {
    if (announced.empty() || !message.starts_with(announced)) return message;
    const std::size_t rest = message.find_first_not_of(' ', announced.size());
    return rest == std::string::npos ? "" : message.substr(rest);
}

}  // namespace

std::string move_said(const Position& before, const Move& m) {
    Piece piece{Color::White, PieceKind::Man};
    before.piece_at(m.from, piece);
    std::string text = concat(to_string(piece.color), piece.kind == PieceKind::Mullah ? " mullah " : " ", to_string(m));
    const std::vector<Point> taken = front::taken_in_order(m, m.landings);
    if (!taken.empty()) text += concat(" takes ", points_said(taken));
    if (taken.size() > 1) text += concat(": ", taken.size(), " pieces");
    if (m.promotes) text += ", becomes a mullah";
    return text;
}

std::vector<std::string> board_said(const Position& pos) {
    std::vector<std::string> lines;
    for (int rank = 4; rank >= 0; --rank) {
        const Bitboard row = rank_mask(rank);
        std::string pieces;
        const std::string groups[] = {
            group_said(pos.men(Color::White) & row, "white", "man", "men"),
            group_said(pos.mullahs_of(Color::White) & row, "white", "mullah", "mullahs"),
            group_said(pos.men(Color::Black) & row, "black", "man", "men"),
            group_said(pos.mullahs_of(Color::Black) & row, "black", "mullah", "mullahs"),
        };
        for (const std::string& g : groups)
            if (!g.empty()) pieces += concat(pieces.empty() ? "" : ", ", g);
        lines.push_back(concat("rank ", rank + 1, ": ", pieces.empty() ? "empty" : pieces));
    }
    return lines;
}

std::string moves_said(const MoveList& legal) {
    if (legal.empty()) return "No legal moves: the game is not in play.";
    std::vector<std::string> names;
    for (const Move& m : legal) names.push_back(to_string(m));
    std::sort(names.begin(), names.end());
    std::string text = concat(names.size(), names.size() == 1 ? " legal move: " : " legal moves: ");
    for (std::size_t i = 0; i < names.size(); ++i) text += concat(i == 0 ? "" : ", ", names[i]);
    return text + ".";
}

std::string question_said(std::string question) {
    const auto replace = [&question](std::string_view from, std::string_view to) {
        if (const std::size_t at = question.find(from); at != std::string::npos) question.replace(at, from.size(), to);
    };
    // The controller names the keys of this mode's controller, the defaults; here they are words.
    const front::KeyMap& keys = front::default_keys();
    const std::string y = keys.first("yes"), n = keys.first("no");
    const std::string_view yes = front::word_of("yes"), no = front::word_of("no");
    replace(concat("(", y, "/", n, ")"), concat("(", yes, " or ", no, ")"));
    // The screen's key for opening it has no word here (fetaix games lists the history).
    replace(concat(" (", keys.first("open"), " #1 opens it)"), "");
    replace(concat(": ", y, " = "), concat(": ", yes, " = "));
    replace(concat("? ", y, " = "), concat("? ", yes, " = "));
    replace(concat(", ", n, " = "), concat(", ", no, " = "));
    return question;
}

std::vector<std::string> help_said(const Rules& rules) {
    std::vector<std::string> lines{"Commands:"};
    for (const std::size_t row : front::typed_actions())
        if (front::actions()[row].help_line > 0) lines.push_back(front::typed_help(front::actions()[row]));
    lines.push_back(concat("Questions are answered ", front::word_of("yes"), " or ", front::word_of("no"), "."));
    // The game in brief, then what the switches in force (named by the opening) do.
    lines.emplace_back("Rules:");
    for (const char* line : front::kRulesInBrief) lines.emplace_back(line);
    for (const RuleSwitch& s : kRuleSwitches)
        if (const std::string_view meaning = switch_meaning(s, rules); !meaning.empty()) lines.emplace_back(meaning);
    for (const std::string& d : front::draw_rules(rules)) lines.push_back(concat("Draw: ", d, "."));
    return lines;
}

namespace {
// A side's time control, short: "5:00, +3 s a move".
std::string control_said(const TimeControl& tc) {
    const std::string bonus = std::to_string(tc.bonus / 1000);
    switch (tc.kind) {
        case Bonus::None: break;
        case Bonus::Fischer: return concat(clock_display(tc.base), ", +", bonus, " s a move");
        case Bonus::Delay: return concat(clock_display(tc.base), ", ", bonus, " s delay");
        case Bonus::Bronstein: return concat(clock_display(tc.base), ", ", bonus, " s back");
    }
    return clock_display(tc.base);
}
}  // namespace

std::string timed_said(const front::Controller& c) {
    const auto& clock = c.clock();
    if (!clock) return "";
    const TimeControl& w = clock->control(Color::White);
    const TimeControl& b = clock->control(Color::Black);
    if (w == b) return concat("Timed: ", control_said(w), ".");
    return concat("Timed: White ", control_said(w), "; Black ", control_said(b), ".");
}

std::string clocks_said(const front::Controller& c) {
    const auto r = c.clock_reading();
    if (!r) return "No clocks in this game.";
    const std::string running = !r->running        ? "neither runs"
                                : c.clock_paused() ? "both paused"
                                                   : concat(to_string(*r->running), "'s runs");
    return concat("Clocks: White ", clock_display(r->white), ", Black ", clock_display(r->black), "; ", running, ".");
}

std::vector<std::string> state_said(const front::Controller& c) {
    const Game& game = c.game();
    if (game.over()) return {front::game_over_text(game.result(), c.players())};
    std::vector<std::string> lines{concat(c.players().label(game.position().side_to_move), " to move.")};
    if (const Bitboard pieces = c.must_capture()) {
        // In the order of their names, as the moves are listed: "b2, e1".
        std::vector<Point> named = points_of(pieces);
        std::sort(named.begin(), named.end(), [](Point a, Point b) { return to_string(a) < to_string(b); });
        lines.push_back(concat("Capture compulsory: ", points_said(named), " can capture."));
    }
    // A draw coming by the rules, as the screen warns above its status line.
    for (const std::string& warning : front::draw_warnings(game)) lines.push_back(warning + ".");
    return lines;
}

std::vector<std::string> rules_said(const Rules& rules, const Rules* from) {
    std::vector<const RuleSwitch*> switches;
    for (const RuleSwitch& s : kRuleSwitches)
        if (!from || s.get(rules) != s.get(*from)) switches.push_back(&s);
    std::stable_sort(switches.begin(), switches.end(),
                     [](const RuleSwitch* a, const RuleSwitch* b) { return a->panel_line < b->panel_line; });
    std::vector<std::string> lines;
    for (const RuleSwitch* s : switches) lines.push_back(concat("Rule: ", switch_phrase(*s, rules), "."));
    return lines;
}

std::string game_said(const Game& game) {
    if (game.ply() == 0)
        return game.redo_line().empty() ? "No moves played yet." : "No moves played yet; moves to redo.";
    const std::size_t n = full_moves(game.start().side_to_move, game.ply());
    return concat(n, n == 1 ? " move" : " moves",
                  " played; the last: ", move_said(game.position_at(game.ply() - 1), game.move(game.ply())), ".");
}

std::string game_list_said(const Game& game) {
    if (game.ply() == 0) return "No moves played yet.";
    std::string text = "Moves:";
    Color mover = game.start().side_to_move;
    std::size_t number = 1;
    const std::vector<Move> moves = game.moves();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        // Numbered as the screen's move list: White's move and Black's reply are one.
        if (mover == Color::White) text += concat(i == 0 ? " " : "; ", number, ". ", to_string(moves[i]));
        else text += concat(i == 0 ? concat(" ", number, ". ... ") : std::string(" "), to_string(moves[i]));
        if (mover == Color::Black) ++number;
        mover = opponent(mover);
    }
    if (game.over())
        text += concat("; ", result_token(game.result().outcome), " (", describe(game.result().reason), ")");
    return text + ".";
}

Told told(const front::Controller& c) {
    return Told{c.game().start(), c.game().moves(), c.game().result(), c.ui().question,
                c.ui().notice,    c.ui().message,   c.ui().chat,       c.game().rules()};
}

std::vector<std::string> changes(const Told& before, const front::Controller& c, bool stepped) {
    std::vector<std::string> lines;
    const Game& game = c.game();
    const std::vector<Move> moves = game.moves();
    const bool same = before.start == game.start();
    bool game_changed = before.result != game.result();
    std::string announced;  // the last move said, as the controller's message announces it
    bool replaced = false;  // another game in its place (new, resumed, set aside)
    if (stepped) {
        // Undo and redo: the controller's message says what went back or was played again, as on the screen.
        game_changed = game_changed || moves != before.moves;
    } else if (same && moves.size() > before.moves.size() && begins(moves, before.moves)) {
        for (std::size_t i = before.moves.size(); i < moves.size(); ++i) {
            const Position& at = game.position_at(i);
            lines.push_back(move_said(at, moves[i]));
            announced = front::announcement(at.side_to_move, moves[i]);
        }
        game_changed = true;
    } else if (!same || moves != before.moves || (before.result.outcome != Outcome::Ongoing && !game.over())) {
        // Other moves, or the same ones no longer over (a new game from the same start).
        replaced = true;
        game_changed = true;
    }
    // What the controller says first ("New game."), then the game in place.
    if (std::string message = message_said(c.ui().message, announced); !message.empty() && message != before.message)
        lines.push_back(std::move(message));
    if (replaced) lines.push_back(game_said(game));
    // Another game in place may be played by other rules (a saved one declined, a file opened).
    if (!(before.rules == game.rules()))
        for (std::string& line : rules_said(game.rules(), &before.rules)) lines.push_back(std::move(line));
    if (c.ui().notice != before.notice)
        lines.push_back(c.ui().notice.empty() ? "Notice cleared." : concat("Notice: ", c.ui().notice));
    // The chat lines that came since: those after the longest end of the lines told that the kept
    // lines begin with (the oldest drop off the front once kChatLines are kept).
    const std::vector<std::string>& chat = c.ui().chat;
    std::size_t kept = std::min(before.chat.size(), chat.size());
    while (kept > 0 &&
           !std::equal(before.chat.end() - static_cast<std::ptrdiff_t>(kept), before.chat.end(), chat.begin()))
        --kept;
    for (std::size_t i = kept; i < chat.size(); ++i) lines.push_back(concat("Chat: ", chat[i]));
    // A question answered: where the game stands now.
    if (before.question != front::Question::None && c.ui().question == front::Question::None) game_changed = true;
    if (game_changed && c.ui().question == front::Question::None) {
        for (std::string& line : state_said(c)) lines.push_back(std::move(line));
    }
    if (c.ui().question != front::Question::None && c.ui().question != before.question)
        lines.push_back(question_said(c.question_text()));
    return lines;
}

std::string move_spelling_hint(std::string_view typed) {
    std::string points;
    for (const char ch : typed)
        if (ch != ' ') points += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (points.size() < 4 || points.size() % 2 != 0) return "";
    std::string capture;
    for (std::size_t i = 0; i < points.size(); i += 2) {
        if (points[i] < 'a' || points[i] > 'e' || points[i + 1] < '1' || points[i + 1] > '5') return "";
        capture += concat(i == 0 ? "" : "x", points.substr(i, 2));
    }
    if (points.size() > 4) return concat(" A move has - or x between its points: ", capture, " for a capture.");
    return concat(" A move has - or x between its points: ", points.substr(0, 2), "-", points.substr(2, 2),
                  " for a step, ", capture, " for a capture.");
}

}  // namespace fetaix::line
