#include "frame.hpp"

#include <algorithm>
#include <cstdlib>

#include "front/game_text.hpp"
#include "text/display.hpp"

namespace fetaix::tui {

namespace {

std::string_view piece_glyph(const Glyphs& g, Piece p) {
    if (p.color == Color::White) return p.kind == PieceKind::Man ? g.white_man : g.white_mullah;
    return p.kind == PieceKind::Man ? g.black_man : g.black_mullah;
}

Role piece_role(Piece p) {
    if (p.color == Color::White) return p.kind == PieceKind::Man ? Role::WhitePiece : Role::WhiteMullah;
    return p.kind == PieceKind::Man ? Role::BlackPiece : Role::BlackMullah;
}

bool is_piece_role(Role r) {
    return r == Role::WhitePiece || r == Role::BlackPiece || r == Role::WhiteMullah || r == Role::BlackMullah;
}

// One line of the move list, a full move ("12. c2-c3        b4xd2"), and where each of its half-moves'
// notation stands in it, to mark the one shown on the board.
struct MoveLine {
    struct Half {
        std::size_t ply;  // the move that led to this ply
        int column;
        int width;
    };
    std::string text;
    std::vector<Half> halves;
};

// A move's value after it and its mark, as the move list shows them once the game is reviewed: " #W17",
// " +0.35?", " #=??"; "" for a move the review has not reached.
std::string reviewed_suffix(const Game& game, const engine::Review* review, std::size_t ply) {
    if (!review || ply >= review->positions.size() || ply == 0) return "";
    const std::string mark = ply - 1 < review->moves.size()
                                 ? std::string(engine::mark_sign(review->moves[ply - 1].mark))
                                 : "";
    return concat(" ", engine::short_value(review->positions[ply], game.position_at(ply).side_to_move), mark);
}

// The whole game's moves, one full move a line, numbered as in a record (Black first: "1. ..."); once the
// game is reviewed, each with its value after it and its mark.
std::vector<MoveLine> move_lines(const Game& game, const engine::Review* review = nullptr) {
    std::vector<MoveLine> lines;
    const std::vector<Move> moves = game.moves();
    Color mover = game.start().side_to_move;
    int number = 1;
    MoveLine line;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string text = to_string(moves[i]);
        if (mover == Color::White) {
            line.text = concat(number < 10 ? " " : "", number, ". ");
        } else {
            if (line.text.empty()) line.text = concat(number < 10 ? " " : "", number, ". ...");
            line.text.resize(std::max<std::size_t>(line.text.size(), review ? 24 : 16), ' ');
            line.text += ' ';
        }
        line.halves.push_back({i + 1, static_cast<int>(line.text.size()), static_cast<int>(text.size())});
        line.text += text + reviewed_suffix(game, review, i + 1);
        if (mover == Color::Black) {
            lines.push_back(std::move(line));
            line = MoveLine{};
            ++number;
        }
        mover = opponent(mover);
    }
    if (!line.text.empty()) lines.push_back(std::move(line));
    return lines;
}

// What the board marks besides the pieces, each a set of points.
struct BoardMarks {
    Bitboard must = 0;          // pieces that must capture (none once one is chosen)
    Bitboard destinations = 0;  // where the chosen piece may land next
    Bitboard trail = 0;         // a capture in progress: its start and the landing points it has left
    Bitboard taken = 0;         // a capture in progress: the pieces it has taken so far
    Bitboard last = 0;          // the last move: its start and every landing point
    Bitboard hint = 0;          // the engine's suggestion, start and landing points
    Bitboard better = 0;        // the review's better move than the one played from the position shown
};

// The review of the move played from the position shown, when the game is reviewed that far.
const engine::MoveReview* next_reviewed(const Controller& c) {
    const engine::Review* review = c.review();
    return review && c.shown_ply() < review->moves.size() ? &review->moves[c.shown_ply()] : nullptr;
}

BoardMarks board_marks(const Controller& c) {
    const UiState& ui = c.ui();
    BoardMarks m;
    m.destinations = c.destinations();
    if (!ui.selection.active()) m.must = c.must_capture();
    if (!ui.selection.path.empty()) {
        m.trail = bit(ui.selection.from);
        for (std::size_t k = 0; k + 1 < ui.selection.path.size(); ++k) m.trail |= bit(ui.selection.path[k]);
        m.taken = taken_so_far(c.legal_moves(), ui.selection);
    }
    const auto points_of = [](const Move& move) {
        Bitboard b = bit(move.from);
        for (int k = 0; k < move.landings; ++k) b |= bit(move.path[k]);
        return b;
    };
    if (ui.hint) m.hint = points_of(*ui.hint);
    if (const engine::MoveReview* next = next_reviewed(c); next && next->better) m.better = points_of(*next->better);
    if (c.shown_ply() > 0) m.last = points_of(c.game().move(c.shown_ply()));
    return m;
}

// The move that led to `ply` as the move list numbers it: "12. c2-c3", "12... b4xd2"; "the start" for 0.
std::string ply_label(const Game& game, std::size_t ply) {
    if (ply == 0) return "the start";
    const Color first = game.start().side_to_move;
    // The side that made the move: the first mover on odd plies.
    const Color mover = ply % 2 == 1 ? first : opponent(first);
    return concat(full_moves(first, ply), mover == Color::White ? ". " : "... ", to_string(game.move(ply)));
}

// The board's background, one cell of margin around the points, and every segment between neighbouring
// points, drawn from each point to its east, south, south-east and south-west neighbour on the screen.
void draw_board_lines(Frame& f, const Glyphs& g, const BoardGeometry& board, bool flipped) {
    const auto at = [&](Point p) { return screen_position(p, flipped, board); };
    for (int row = board.top - 1; row <= board.bottom() + 1; ++row)
        for (int col = board.left - 2; col <= board.right() + 2; ++col) f.set(row, col, " ", Role::Board);
    for (int i = 0; i < kPointCount; ++i) {
        const Point p{static_cast<std::uint8_t>(i)};
        const ScreenPoint a = at(p);
        for (Direction d : kDirections) {
            const Point q = neighbour(p, d);
            if (!q.valid()) continue;
            const ScreenPoint b = at(q);
            if (b.row < a.row || (b.row == a.row && b.column < a.column)) continue;  // each segment once
            if (b.row == a.row) {
                for (int col = a.column + 1; col < b.column; ++col) f.set(a.row, col, g.horizontal, Role::Board);
            } else if (b.column == a.column) {
                for (int row = a.row + 1; row < b.row; ++row) f.set(row, a.column, g.vertical, Role::Board);
            } else {
                // Two columns across for each row down: column_step() is twice row_step.
                const int step = b.column > a.column ? 2 : -2;
                const std::string_view glyph = b.column > a.column ? g.falling : g.rising;
                for (int k = 1; k < board.row_step; ++k) f.set(a.row + k, a.column + k * step, glyph, Role::Board);
            }
        }
    }
}

// The ranks down the left edge and the files under the board.
void draw_board_labels(Frame& f, const BoardGeometry& board, bool flipped) {
    for (int rank = 0; rank < 5; ++rank) {
        const ScreenPoint s = screen_position(make_point(0, rank), flipped, board);
        f.write(s.row, 0, std::string(1, static_cast<char>('1' + rank)));
    }
    for (int file = 0; file < 5; ++file) {
        const ScreenPoint s = screen_position(make_point(file, 0), flipped, board);
        f.write(board.bottom() + 2, s.column, std::string(1, static_cast<char>('a' + file)));
    }
}

// The points and pieces, each with the mark it carries now.
void draw_board_points(Frame& f, const Controller& c, const Glyphs& g, const BoardGeometry& board) {
    const BoardMarks marks = board_marks(c);
    const Position& pos = c.shown_position();
    const Selection& sel = c.ui().selection;
    for (int i = 0; i < kPointCount; ++i) {
        const Point p{static_cast<std::uint8_t>(i)};
        const ScreenPoint s = screen_position(p, c.ui().flipped, board);
        Piece piece{};
        std::string_view glyph = g.empty;
        Role role = Role::Board;
        // A capture in progress shows its piece where it has got to, not where it started.
        const bool moving = !sel.path.empty() && p == sel.from;
        if (!moving && pos.piece_at(p, piece)) {
            glyph = piece_glyph(g, piece);
            role = piece_role(piece);
            if (contains(marks.must, p)) role = Role::MustCapture;
        }
        if (contains(marks.trail, p)) glyph = g.path, role = Role::Path;
        if (contains(marks.taken, p)) glyph = g.taken, role = Role::Taken;
        if (!sel.path.empty() && p == sel.path.back() && pos.piece_at(sel.from, piece)) {
            glyph = piece_glyph(g, piece);
            role = piece_role(piece);
        }
        if (contains(marks.destinations, p)) glyph = g.destination, role = Role::Destination;
        if ((role == Role::Board || is_piece_role(role)) && contains(marks.last, p)) role = Role::LastMove;
        if (contains(marks.hint | marks.better, p)) role = Role::Hint;
        f.set(s.row, s.column, glyph, role);
    }
}

void draw_board(Frame& f, const Controller& c, const Glyphs& g, const BoardGeometry& board) {
    const UiState& ui = c.ui();
    const auto at = [&](Point p) { return screen_position(p, ui.flipped, board); };
    draw_board_lines(f, g, board, ui.flipped);
    draw_board_labels(f, board, ui.flipped);
    draw_board_points(f, c, g, board);
    // The selection's ( ), round the chosen piece where it stands now, and the cursor's [ ], which wins
    // where both fall.
    const Selection& sel = ui.selection;
    if (sel.active()) {
        const ScreenPoint s = at(sel.path.empty() ? sel.from : sel.path.back());
        f.set(s.row, s.column - 1, "(", Role::Marker);
        f.set(s.row, s.column + 1, ")", Role::Marker);
    }
    // No cursor on a position that is only looked at: nothing can be chosen there.
    if (ui.viewing || ui.replay) return;
    const ScreenPoint s = at(ui.cursor);
    f.set(s.row, s.column - 1, "[", Role::Marker);
    f.set(s.row, s.column + 1, "]", Role::Marker);
}

// One entry of the legend: a sample as the board draws it, and what it means.
struct LegendItem {
    std::string sample;
    Role role;
    std::string meaning;
};

// The legend: the pieces and the cursor, then each mark the board shows now, with its colour.
struct Legend {
    std::vector<LegendItem> pieces;
    std::vector<LegendItem> marks;
};

Legend legend_items(const Controller& c, const Glyphs& g) {
    const Position& pos = c.shown_position();
    const BoardMarks marks = board_marks(c);
    // The glyph of the piece on p, as a sample of a mark drawn over pieces.
    const auto piece_on = [&](Point p) {
        Piece piece{};
        return std::string(pos.piece_at(p, piece) ? piece_glyph(g, piece) : g.empty);
    };
    Legend legend;
    legend.pieces = {
        {std::string(g.white_man), Role::WhitePiece, "White man"},
        {std::string(g.white_mullah), Role::WhiteMullah, "White mullah"},
        {std::string(g.black_man), Role::BlackPiece, "Black man"},
        {std::string(g.black_mullah), Role::BlackMullah, "Black mullah"},
    };
    // No cursor on a position that is only looked at (draw_board).
    if (!c.ui().viewing && !c.ui().replay) legend.pieces.push_back({"[ ]", Role::Marker, "cursor"});
    std::vector<LegendItem>& items = legend.marks;
    if (marks.must) items.push_back({piece_on(lowest(marks.must)), Role::MustCapture, "must capture"});
    // The ( ) shows where the cursor is not: the cursor's [ ] wins where both fall.
    const Selection& sel = c.ui().selection;
    if (sel.active() && (sel.path.empty() ? sel.from : sel.path.back()) != c.ui().cursor)
        items.push_back({"( )", Role::Marker, "chosen"});
    if (marks.trail) items.push_back({std::string(g.path), Role::Path, "path so far"});
    if (marks.taken) items.push_back({std::string(g.taken), Role::Taken, "taken"});
    if (marks.destinations) items.push_back({std::string(g.destination), Role::Destination, "may land"});
    if (marks.last) items.push_back({piece_on(c.game().move(c.shown_ply()).to()), Role::LastMove, "last move"});
    if (marks.hint) items.push_back({piece_on(c.ui().hint->from), Role::Hint, "hint"});
    if (marks.better) items.push_back({piece_on(next_reviewed(c)->better->from), Role::Hint, "better move"});
    return legend;
}

// Lays the items out in lines of at most `width` columns, two spaces apart.
std::vector<std::vector<LegendItem>> legend_lines(const std::vector<LegendItem>& items, int width) {
    std::vector<std::vector<LegendItem>> lines;
    int used = width;
    for (const LegendItem& item : items) {
        const int w = text::display_width(item.sample) + 1 + text::display_width(item.meaning);
        if (used + 2 + w > width) {
            lines.emplace_back();
            used = -2;
        }
        lines.back().push_back(item);
        used += 2 + w;
    }
    return lines;
}

// The legend in rows top to bottom - 1: on one line if it fits, else the pieces and the marks each on
// lines of their own; short of rows, the marks on the board only.
void draw_legend(Frame& f, const Controller& c, const Glyphs& g, int top, int bottom) {
    const Legend legend = legend_items(c, g);
    std::vector<LegendItem> all = legend.pieces;
    all.insert(all.end(), legend.marks.begin(), legend.marks.end());
    std::vector<std::vector<LegendItem>> lines = legend_lines(all, f.columns());
    if (lines.size() > 1) {
        lines = legend_lines(legend.pieces, f.columns());
        for (auto& line : legend_lines(legend.marks, f.columns())) lines.push_back(line);
    }
    if (static_cast<int>(lines.size()) > bottom - top) lines = legend_lines(legend.marks, f.columns());
    for (int i = 0; i < static_cast<int>(lines.size()) && top + i < bottom; ++i) {
        int column = 0;
        for (const LegendItem& item : lines[static_cast<std::size_t>(i)]) {
            f.write(top + i, column, item.sample, item.role);
            column += text::display_width(item.sample);
            f.write(top + i, column, concat(" ", item.meaning));
            column += 1 + text::display_width(item.meaning) + 2;
        }
    }
}

// The move list's lines: the whole game, then its result and the moves to redo.
std::vector<std::string> move_list_lines(const Game& game, const std::vector<MoveLine>& moves) {
    std::vector<std::string> lines;
    for (const MoveLine& line : moves) lines.push_back(line.text);
    if (const GameResult r = game.result(); r.outcome != Outcome::Ongoing)
        lines.push_back(concat(result_token(r.outcome), " (", describe(r.reason), ")"));
    // Plies, as the history and Undo count what was taken back: "1. c2-c3 c4xc2" undone is 2 to redo.
    if (const std::size_t n = game.redo_line().size(); n > 0)
        lines.push_back(concat("(", n, n == 1 ? " ply" : " plies", " to redo)"));
    return lines;
}

// Which lines of the move list are shown, and the column where each column of them starts.
struct MoveListLayout {
    int first = 0;
    int count = 0;
    std::vector<int> column_left;
};

// Like a scoresheet: columns of `room` lines, as many side by side as fit in `room_across`, around the
// target's column (the next ones first, then the ones before). Where only one fits, a single column
// scrolls a line at a time, the target as near the middle as the list's end allows.
MoveListLayout lay_out_move_list(const std::vector<std::string>& lines, int target, int room, int left,
                                 int room_across) {
    const int gap = 2;
    const int total = static_cast<int>(lines.size());
    MoveListLayout out{std::clamp(target - (room - 1) / 2, 0, std::max(0, total - room)),
                       std::min(total, room),
                       {left}};
    if (total <= room) return out;
    const int chunks = (total + room - 1) / room;
    // A column is as wide as its widest line, and at least as wide as a line with a double capture
    // (" 1. c2-c3        c4xc2xe2"): the layout then changes seldom as the game goes on.
    std::vector<int> width(static_cast<std::size_t>(chunks), 25);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        int& w = width[i / static_cast<std::size_t>(room)];
        w = std::max(w, text::display_width(lines[i]));
    }
    int from = target / room, to = from + 1, used = width[static_cast<std::size_t>(from)];
    for (bool grew = true; grew;) {
        grew = false;
        if (to < chunks && used + gap + width[static_cast<std::size_t>(to)] <= room_across)
            used += gap + width[static_cast<std::size_t>(to++)], grew = true;
        if (from > 0 && used + gap + width[static_cast<std::size_t>(from - 1)] <= room_across)
            used += gap + width[static_cast<std::size_t>(--from)], grew = true;
    }
    if (to - from > 1) {
        out.first = from * room;
        out.count = std::min(total, to * room) - out.first;
        for (int k = from; k + 1 < to; ++k)
            out.column_left.push_back(out.column_left.back() + width[static_cast<std::size_t>(k)] + gap);
    }
    return out;
}

// The panel's row of turning points, within `width` columns: as many as fit, then how many more
// ("Turning points: 4. b1xb3?, 5... d5-d4? +2 more"); the message at the review's end lists them all.
std::string turning_points_row(const Game& game, const engine::Review& review, int width) {
    const std::string head = concat(review.complete ? "" : "(stopped) ", "Turning points: ");
    const std::vector<std::size_t> points = review.turning_points();
    if (points.empty()) return concat(head, "none");
    std::string row = head;
    for (std::size_t n = 0; n < points.size(); ++n) {
        const std::string item = concat(n == 0 ? "" : ", ", engine::turning_point_label(game, review.moves[points[n]]));
        const std::size_t left_after = points.size() - n - 1;
        const std::string more = left_after == 0 ? "" : concat(" +", left_after, " more");
        // This one fits with room for the count of those after it, or it is the last and fits.
        if (text::display_width(row + item + more) <= width) {
            row += item;
            continue;
        }
        return concat(row, n == 0 ? "" : " ", "+", points.size() - n, " more");
    }
    return row;
}

// The move list from row 2 to `list_bottom` (title above it) and the rules in force below it, from column
// `left` to the screen's right edge. The list is the whole game, then its result and the moves to redo;
// when longer than the room, the part around the move shown on the board (the latest, unless browsing),
// which is marked; when wide, in several columns (read down, then across).
void draw_panel(Frame& f, const Controller& c, int list_bottom, int left, int rules_top) {
    const Game& game = c.game();
    const engine::Review* review = c.review();
    // Reviewed, or under way: the marks' meaning by the title, then the turning points or the progress.
    f.write(1, left, review || c.reviewing() ? "Moves   ?? turned   ? lost ground" : "Moves", Role::Title);
    int top = 2;
    if (c.reviewing()) {
        const auto [done, total] = c.review_progress();
        f.write(top++, left, concat("Reviewing: position ", done, " of ", total), Role::Message);
    } else if (review) {
        f.write(top++, left, turning_points_row(game, *review, f.columns() - left), Role::Title);
    }
    const std::vector<MoveLine> moves = move_lines(game, review);
    const std::vector<std::string> lines = move_list_lines(game, moves);
    const int total = static_cast<int>(lines.size());
    const int room = std::max(1, list_bottom - top + 1);
    // The line to keep in view: the browsed move's, else the end of the list.
    const std::size_t shown = c.shown_ply();
    int target = total - 1;
    if (c.ui().viewing) {
        target = 0;
        for (std::size_t i = 0; i < moves.size(); ++i)
            for (const MoveLine::Half& h : moves[i].halves)
                if (h.ply == shown) target = static_cast<int>(i);
    }
    const MoveListLayout layout = lay_out_move_list(lines, target, room, left, f.columns() - left);
    for (int i = layout.first; i < layout.first + layout.count; ++i) {
        const int row = top + (i - layout.first) % room,
                  column = layout.column_left[static_cast<std::size_t>((i - layout.first) / room)];
        const bool result_line = i >= static_cast<int>(moves.size());
        f.write(row, column, lines[static_cast<std::size_t>(i)], result_line ? Role::Title : Role::Text);
        if (result_line) continue;
        for (const MoveLine::Half& h : moves[static_cast<std::size_t>(i)].halves)
            if (h.ply == shown)
                for (int k = 0; k < h.width && column + h.column + k < f.columns(); ++k)
                    f.at(row, column + h.column + k).role = Role::LastMove;
    }
    f.write(rules_top, left, "Rules", Role::Title);
    const std::vector<std::string> rules = rules_panel_lines(game.rules());
    for (std::size_t i = 0; i < rules.size(); ++i) f.write(rules_top + 1 + static_cast<int>(i), left, rules[i]);
}

// The players with each name cut to at most `columns` columns ("李小龍…").
Players with_names_within(Players p, int columns) {
    for (std::string* name : {&p.white, &p.black}) {
        const std::string shown = text::printable(*name);
        if (text::display_width(shown) > columns) *name = concat(text::head_of_width(shown, columns - 1), "…");
    }
    return p;
}

// The players as the line `line(players)` shows them in at most `columns` columns: long names are cut a
// column at a time until it fits, so that what follows them (the other player, the pieces left) stays
// in view.
template <class Line>
Players fitted_players(const Players& players, int columns, Line line) {
    Players fitted = players;
    for (int limit = 80; text::display_width(text::printable(line(fitted))) > columns && limit > 5; --limit)
        fitted = with_names_within(players, limit);
    return fitted;
}

Role turn_role(Color side) { return side == Color::White ? Role::TurnWhite : Role::TurnBlack; }

// A timed game's clocks, in the panel above the rules: "Clock  ○ 4:53  >● 0:09.3!": the running one
// marked with > (in its side's banner colours), ! under the warning time. An earlier position shows the
// clocks as they stood there.
void draw_clocks(Frame& f, const Controller& c, const Glyphs& glyphs, int row, int left) {
    const bool earlier = c.ui().viewing.has_value() || c.ui().replay;
    const std::optional<ClockReading> reading = earlier ? c.game().clock_at(c.shown_ply()) : c.clock_reading();
    if (!reading) return;
    // A Color and a flag rather than an optional: GCC's -Wmaybe-uninitialized misreads the optional here.
    // Held (paused, or a saved game shown for a question): no clock is marked as running.
    const bool runs = !earlier && !c.clock()->paused() && reading->running.has_value();
    const Color running = reading->running.value_or(Color::White);
    const auto segment = [&](Color side) {
        const Millis left_ms = reading->of(side);
        const bool warn = !earlier && left_ms < c.clock_warning(side);
        return concat(runs && running == side ? ">" : " ", side == Color::White ? glyphs.white_man : glyphs.black_man,
                      " ", clock_display(left_ms), warn ? "!" : " ");
    };
    const std::string white = segment(Color::White), black = segment(Color::Black);
    const std::string lead = "Clock ";
    f.write(row, left, concat(lead, white, " ", black, c.clock_paused() && !earlier ? " paused" : ""), Role::Title);
    if (runs)
        f.write(row, left + text::display_width(running == Color::White ? lead : concat(lead, white, " ")),
                running == Color::White ? white : black, turn_role(running));
}

// The top line: both players, the side to move in a banner of its colour ("fetaix   ○ White (Ali) to
// move   ● Black"), so that whose turn it is shows from across the table.
void draw_title(Frame& f, const Controller& c, const Glyphs& glyphs) {
    // A replay shows the turn in the position on the board; browsing, the turn in the game, which goes on.
    const bool replay = c.ui().replay;
    const bool in_play = (replay && c.ui().viewing) || !c.game().over();
    const Color mover = (replay ? c.shown_position() : c.game().position()).side_to_move;
    const auto segment = [&](const Players& p, Color side) {
        return concat(" ", side == Color::White ? glyphs.white_man : glyphs.black_man, " ", p.label(side),
                      in_play && side == mover ? " to move " : " ");
    };
    const Players shown = fitted_players(c.players(), f.columns(), [&](const Players& p) {
        return concat("fetaix  ", segment(p, Color::White), " ", segment(p, Color::Black));
    });
    const std::string white = segment(shown, Color::White), black = segment(shown, Color::Black);
    const std::string lead = "fetaix  ";
    f.write(0, 0, concat(lead, white, " ", black), Role::Title);
    if (!in_play) return;
    const int column = mover == Color::White ? text::display_width(lead)
                                             : text::display_width(text::printable(concat(lead, white, " ")));
    f.write(0, column, mover == Color::White ? white : black, turn_role(mover));
}

std::string status_core(const Controller& c, const Players& players);

// The status line: a review under way first ("Reviewing: position 12 of 40 (v stops) | "), then what the
// board shows; stepping through a reviewed game, the move played from the position shown, valued ("Next
// 2. b3-c3: win in 17 plies (tables) -> loss in 1 ply (tables)??"): the move list marks the position.
std::string status_text(const Controller& c, const Players& players) {
    const std::string core = status_core(c, players);
    if (!c.reviewing()) return core;
    const auto [done, total] = c.review_progress();
    return concat("Reviewing: position ", done, " of ", total, " (", c.keys().first("review"), " stops) | ", core);
}

std::string status_core(const Controller& c, const Players& players) {
    const Game& game = c.game();
    const std::size_t shown = c.shown_ply();
    if (const engine::MoveReview* next = next_reviewed(c); next && (c.ui().replay || c.ui().viewing))
        return concat(c.ui().replay ? "Replay: next " : "Next ", engine::move_label(game, shown), " ",
                      to_string(next->move), ": ", engine::assessment_words(next->before, true), " -> ",
                      engine::assessment_words(next->after, true), engine::mark_sign(next->mark));
    if (c.ui().replay) {
        // Counted as the move list numbers the moves: "after 1... b4xd2 (move 1 of 2)".
        const Color first = game.start().side_to_move;
        const std::size_t moves = full_moves(first, game.ply());
        std::string text = shown == 0 ? concat("Replay: start of the game (", moves, moves == 1 ? " move)" : " moves)")
                                      : concat("Replay: after ", ply_label(game, shown), " (move ",
                                               full_moves(first, shown), " of ", moves, ")");
        // At the end, the result: "1-0 (resignation)".
        if (const GameResult r = game.result(); r.outcome != Outcome::Ongoing && !c.ui().viewing)
            text += concat(", ", result_token(r.outcome), " (", describe(r.reason), ")");
        if (!c.ui().replay_reason.empty()) text += concat(" -- ", c.ui().replay_reason);
        return text;
    }
    if (c.ui().viewing)
        return concat("Viewing ", shown == 0 ? "" : "after ", ply_label(game, shown), " -- ",
                      c.keys().first("step-forward"), " forward, ", c.keys().first("cancel"), " back to the game");
    const GameResult r = game.result();
    if (r.outcome != Outcome::Ongoing) return game_over_text(r, players);
    const Position& pos = game.position();
    const Color mover = pos.side_to_move;
    std::string text = concat(players.label(mover), " to move");
    if (!c.ui().thinking.empty() && c.computer_to_move()) return concat(text, " - thinking: ", c.ui().thinking);
    // Over the network, each player is told whose move it is from their own side.
    const bool waiting = c.networked() && c.keyboard_side() && c.seat(mover) == Seat::Remote;
    if (c.networked() && !c.link_lost().empty()) text += concat(" - ", c.link_lost());
    else if (c.networked() && c.keyboard_side())
        text += waiting         ? concat(" - waiting for ", players.name(mover))
                : c.move_sent() ? " - move sent, waiting for the host"
                                : " - your turn";
    // What the other player must do is theirs to see; with the host gone, or a move sent, nobody moves here.
    if (c.must_capture() && !waiting && c.link_lost().empty() && !c.move_sent()) text += " - capture compulsory";
    return concat(text, " | White ", popcount(pos.of(Color::White)), ", Black ", popcount(pos.of(Color::Black)));
}

// The draw rules' warnings: the plies left before the no-progress draw once 10 or fewer remain, and a
// position that has stood twice (a third time draws). Empty when neither applies. `brief`: the short
// forms that end the status line when the warnings cannot have a line of their own.
std::string draw_rules_text(const Game& game, bool brief = false) {
    std::string text;
    for (const std::string& warning : draw_warnings(game, brief))
        text += concat(text.empty() ? "" : brief ? " | " : "   ", warning);
    return text;
}

// "a3", "a3 or e3", "a3, c5 or e3": the points of b from a1 upwards.
std::string point_list(Bitboard b) {
    std::string out;
    for (int k = popcount(b); b; b &= b - 1, --k)
        out += concat(to_string(lowest(b)), k > 2 ? ", " : k == 2 ? " or " : "");
    return out;
}

// What the prompt-enter key does at each prompt, for the key line: "Enter save".
std::string_view what_enter_does(PromptKind kind) {
    switch (kind) {
        case PromptKind::Move: return "play";
        case PromptKind::Save: return "save";
        case PromptKind::Open: return "open";
        case PromptKind::Chat: return "send";
    }
    return "enter";
}

// The key line: the keys in force for what can be done now.
std::string hint_text(const Controller& c) {
    const auto key = [&c](std::string_view action) { return c.keys().first(action); };
    if (!c.ui().reading.empty()) return concat(key("cancel"), " stop reading   ", key("quit"), " quit");
    // At the prompt the board's letters type themselves: only the prompt's own keys are shown.
    if (c.ui().prompt.is_open())
        return concat(key("prompt-enter"), " ", what_enter_does(c.ui().prompt.kind()), "   ", key("prompt-close"),
                      " close   ",
                      c.ui().prompt.kind() == PromptKind::Move ? concat(key("complete"), " complete   ") : "",
                      key("prompt-older"), "/", key("prompt-newer"), " earlier entries",
                      c.ui().prompt.offered() ? "   typing replaces the name" : "");
    const std::string ends = concat(key("cursor-up-left"), "/", key("cursor-down-left"), " first/last   ");
    // Stepping through a reviewed game: what the next move did, before the keys.
    if (const engine::MoveReview* next = next_reviewed(c);
        next && next->mark != engine::Mark::None && (c.ui().replay || c.ui().viewing))
        return concat(engine::mark_sign(next->mark), " ", engine::mark_words(*next),
                      next->better ? concat("; the board shows ", to_string(*next->better)) : "", "   ",
                      key("step-back"), " ", key("step-forward"), " step");
    // An unmarked move whose values the book says more of without the no-progress rule: that, before the keys.
    if (const engine::MoveReview* next = next_reviewed(c); next && (c.ui().replay || c.ui().viewing))
        if (const std::string more = engine::unlimited_words(*next); !more.empty())
            return concat(more, "   ", key("step-back"), " ", key("step-forward"), " step");
    if (c.ui().replay)
        return concat(key("step-back"), " ", key("step-forward"), " or ", key("cursor-left"), "/", key("cursor-right"),
                      " step   ", ends, key("flip"), " flip   ", key("save"), " save   ", key("quit"), " quit");
    if (c.ui().viewing) {
        // The computer does not wait: it plays on in the game, which the list shows.
        const std::string keys = concat(key("step-back"), " ", key("step-forward"), " step back/forward   ", ends,
                                        key("cancel"), " back to the game");
        return c.computer_to_move() ? concat("The computer plays on meanwhile.   ", keys) : keys;
    }
    // The host is gone: nothing can be played or said here any more, the moves can still be browsed.
    if (c.networked() && !c.link_lost().empty())
        return concat(key("step-back"), " ", key("step-forward"), " browse the moves   ", key("flip"), " flip   ",
                      key("help"), " help   ", key("quit"), " quit");
    if (c.game().over() && c.networked())
        return concat(c.hosts_game() ? concat(key("new-game"), " new game   ") : std::string(), key("step-back"), " ",
                      key("step-forward"), " browse the moves   ", key("chat"), " chat   ", key("flip"), " flip   ",
                      key("help"), " help   ", key("quit"), " quit");
    if (c.game().over())
        return concat(key("new-game"), " new game   ", key("undo"), " undo   ", key("step-back"), " look back   ",
                      key("review"), " review   ", key("flip"), " flip   ", key("help"), " help   ", key("quit"),
                      " quit");
    const Selection& sel = c.ui().selection;
    if (!sel.path.empty())
        return concat("Capture again from ", to_string(sel.path.back()), ": land on ", point_list(c.destinations()),
                      "   ", key("cancel"), " cancel   ", key("help"), " help");
    if (sel.active())
        return concat(key("select"), " land on a marked point   ", key("cancel"), " cancel   ", key("help"), " help");
    // Computer against computer (the top line says so): the board takes no moves, these keys still work.
    if (c.players().white_level > 0 && c.players().black_level > 0)
        return concat(key("step-back"), " ", key("step-forward"), " look back  ",
                      c.clock() ? concat(key("pause"), " pause  ") : "", key("flip"), " flip  ", key("save"), " save  ",
                      key("new-game"), " new game  ", key("help"), " help  ", key("quit"), " quit");
    // Over the network undo asks the other player, and chat is there; one who only watches browses.
    if (c.networked())
        return c.keyboard_side()
                   ? concat(key("select"), " select  ", key("move"), " move  ", key("undo"), " take-back  ",
                            key("draw"), " draw  ", key("chat"), " chat  ", key("help"), " help  ", key("quit"),
                            " quit")
                   : concat(key("step-back"), " ", key("step-forward"), " browse the moves  ", key("chat"), " chat  ",
                            key("flip"), " flip  ", key("help"), " help  ", key("quit"), " quit");
    return concat(key("select"), " select  ", key("move"), " move  ", key("undo"), "/", key("redo"), " undo/redo  ",
                  key("save"), "/", key("open"), " save/open  ", key("help"), " help  ", key("quit"), " quit");
}

// Shorter forms of a path, longest first: whole folders dropped from its middle ("/home/…/fetaix/
// autosave.lock"); with `cut`, only its end ("…ve.lock") in at most `room` columns, a last resort.
std::vector<std::string> shortened_paths(const std::string& path, bool cut, int room) {
    std::vector<std::string> forms;
    if (cut) {
        for (int width = std::min(text::display_width(path) - 1, room); width >= 10; --width)
            forms.push_back(concat("…", text::tail_of_width(path, width - 1)));
        return forms;
    }
    forms.push_back(path);
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t slash = path.find('/', start);
        parts.push_back(path.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    // The head is the first named folder, with the leading slash of an absolute path.
    const int count = static_cast<int>(parts.size());
    const int head_parts = count > 1 && parts[0].empty() ? 2 : 1;
    std::string head;
    for (int k = 0; k < head_parts && k < count; ++k) {
        head += parts[static_cast<std::size_t>(k)];
        head += '/';
    }
    for (int keep = count - head_parts - 1; keep >= 1; --keep) {
        std::string tail;
        for (int k = count - keep; k < count; ++k) {
            if (!tail.empty()) tail += '/';
            tail += parts[static_cast<std::size_t>(k)];
        }
        forms.push_back(concat(head, "…/", tail));
    }
    return forms;
}

// `text` with every player's name wider than `limit` columns cut to `limit` ("Alexandr…").
std::string with_names_cut(std::string text, const Players& players, int limit) {
    const Players cut = with_names_within(players, limit);
    for (auto [name, shorter] : {std::pair{&players.white, &cut.white}, std::pair{&players.black, &cut.black}}) {
        const std::string from = text::printable(*name), to = text::printable(*shorter);
        if (from == to || from.empty()) continue;
        for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    }
    return text;
}

// Any text the player must read (a notice, a message, a question, the key line) in at most `max_lines`
// lines of `width` columns: whole if it fits; else with the players' names (if given) shortened with
// "…" as far as needed, and its path (the longest word holding a '/') shortened in the middle, the rest
// kept, on as few lines as possible; what is still left over ends in "…" (the help page shows a notice
// whole).
std::vector<std::string> fit_text(const std::string& text, int width, int max_lines, const Players* players = nullptr) {
    std::string shown = text::printable(text);
    // Names are cut only as far as needed, and only when the text cannot fit otherwise.
    if (players != nullptr && static_cast<int>(text::wrap(shown, width).size()) > max_lines) {
        for (int limit = 40; limit >= 6; --limit) {
            shown = with_names_cut(text::printable(text), *players, limit);
            if (static_cast<int>(text::wrap(shown, width).size()) <= max_lines) break;
        }
    }
    if (text::display_width(shown) <= width) return {shown};  // as it is, its spacing kept
    std::size_t path_at = std::string::npos, path_length = 0;
    for (std::size_t start = 0; start <= shown.size();) {
        const std::size_t end = std::min(shown.find(' ', start), shown.size());
        if (end - start > path_length && shown.substr(start, end - start).find('/') != std::string::npos)
            path_at = start, path_length = end - start;
        start = end + 1;
    }
    const auto forms = [&](bool cut) {
        if (path_at == std::string::npos) return cut ? std::vector<std::string>{} : std::vector<std::string>{shown};
        std::vector<std::string> out;
        for (const std::string& p : shortened_paths(shown.substr(path_at, path_length), cut, width * max_lines))
            out.push_back(concat(shown.substr(0, path_at), p, shown.substr(path_at + path_length)));
        return out;
    };
    for (int lines = 1; lines <= max_lines; ++lines)
        for (const std::string& form : forms(false)) {
            std::vector<std::string> wrapped = text::wrap(form, width);
            if (static_cast<int>(wrapped.size()) <= lines) return wrapped;
        }
    for (const std::string& form : forms(true)) {
        std::vector<std::string> wrapped = text::wrap(form, width);
        if (static_cast<int>(wrapped.size()) <= max_lines) return wrapped;
    }
    std::vector<std::string> wrapped = text::wrap(shown, width);
    wrapped.resize(static_cast<std::size_t>(max_lines));
    std::string& last = wrapped.back();
    last = concat(text::head_of_width(last, width - 1), "…");
    return wrapped;
}

// The network line: its parts ('\n' between: who is gone, the join and the watch command) are never cut
// in the middle. The parts left go on one line when they all fit there; else the first of them goes on a
// line of its own, and so on. One part alone may wrap onto a second line.
std::vector<std::string> network_lines(const std::string& text, int width) {
    if (text.find('\n') == std::string::npos) return fit_text(text, width, 2);
    std::vector<std::string> parts;
    for (std::size_t at = 0, cut = 0; cut != std::string::npos; at = cut + 1) {
        cut = text.find('\n', at);
        parts.push_back(text::printable(text.substr(at, cut == std::string::npos ? std::string::npos : cut - at)));
    }
    std::vector<std::string> lines;
    for (std::size_t first = 0; first < parts.size(); ++first) {
        std::string rest;
        for (std::size_t i = first; i < parts.size(); ++i) rest += concat(i == first ? "" : "   ", parts[i]);
        if (text::display_width(rest) <= width) {
            lines.push_back(std::move(rest));
            break;
        }
        for (std::string& line : fit_text(parts[first], width, 1)) lines.push_back(std::move(line));
    }
    return lines;
}

// The help page's keys, from the key table: each action of the board with its keys in force ("Left/h"),
// the cursor's four straight and four diagonal actions as one item each (in the table's order), packed
// into lines of `width` columns. Only the actions the registry allows `where` (a game here, a seat over
// the network) are listed: a key that would only say why not is not offered.
std::vector<std::string> help_key_lines(const KeyMap& keys, int width, GameContext where) {
    std::vector<std::string> items;
    std::string cursor, diagonals;
    const std::span<const KeyAction> actions = key_actions();
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const KeyAction& a = actions[i];
        // Chat and pause are only for a game over the network or a timed one, whose help page has a line for them.
        if (((a.contexts & kOnBoard) == 0 && a.name != "complete") || a.name == "chat" || a.name == "pause") continue;
        if ((a.allowed & where) == 0) continue;
        const std::string shown = keys.all(a.name, "/");
        if (a.kind == Action::Kind::MoveCursor) {
            const bool straight = a.direction == ScreenDirection::Up || a.direction == ScreenDirection::Down ||
                                  a.direction == ScreenDirection::Left || a.direction == ScreenDirection::Right;
            std::string& group = straight ? cursor : diagonals;
            group += concat(group.empty() ? "" : " ", shown);
            continue;
        }
        // The description up to a ';': what follows is for the other places the key acts.
        const std::string_view what = a.description.substr(0, a.description.find(';'));
        items.push_back(concat(shown, "  ", what));
    }
    items.insert(items.begin(), {concat(cursor, "  cursor up, down, left, right"), concat(diagonals, "  diagonals")});
    std::vector<std::string> lines;
    for (const std::string& item : items) {
        // An item wider than the page is wrapped (losing its double space); else it stands as it is.
        const std::vector<std::string> parts = text::display_width(item) <= width ? std::vector<std::string>{item}
                                                                                  : text::wrap(item, width);
        for (const std::string& part : parts) {
            if (!lines.empty() && text::display_width(lines.back()) + 3 + text::display_width(part) <= width)
                lines.back() += concat("   ", part);
            else lines.push_back(part);
        }
    }
    return lines;
}

// The page's width: at 80 columns, the keys of a game and its rules on one page of 24 rows; the whole
// screen on a narrower one.
int help_width(int columns) { return std::min(78, columns); }

// The help's first section: a standing notice, whole, wrapped to the page; none without one.
std::vector<std::string> help_notice_lines(const Controller& c, int width) {
    std::vector<std::string> notice;
    if (const std::string whole = c.shown_notice(true); !whole.empty()) {
        notice.push_back("Notices");
        for (const std::string& line : text::wrap(text::printable(whole), width - 6))
            notice.push_back(concat("  ", line));
    }
    return notice;
}

// The help's keys: those that act on what is on the screen (a replay, a watched game, a game played).
std::vector<std::string> help_keys_section(const Controller& c, int width) {
    std::vector<std::string> keys{"Keys"};
    const auto key = [&](std::string_view action) { return c.keys().all(action, "/"); };
    // A replayed record takes no moves: only the keys that act on it.
    if (c.ui().replay)
        keys.insert(keys.end(),
                    {concat("  ", key("step-back"), " ", key("step-forward"), " or ", c.keys().first("cursor-left"),
                            " ", c.keys().first("cursor-right"), "  a move back, a move on"),
                     concat("  ", key("cursor-up-left"), "  the start   ", key("cursor-down-left"), "  the end"),
                     concat("  ", key("flip"), "  flip the board   ", key("save"), "  save the record"),
                     concat("  ", key("review"), "  review the game (again: stop)   ", key("help"), "  this help   ",
                            key("quit"), "  leave the replay")});
    // A watcher plays nothing: only the keys a watcher can use.
    else if (c.watching())
        keys.insert(keys.end(),
                    {concat("  ", key("step-back"), " ", key("step-forward"), "  look back, look forward   ",
                            key("flip"), "  flip the board"),
                     concat("  ", key("chat"), "  chat with the watchers   ", key("save"), "  save the game to a file"),
                     concat("  ", key("help"), "  this help   ", key("quit"), "  quit"),
                     "  Watchers cannot move, take back, offer a draw or resign."});
    else
        for (const std::string& line : help_key_lines(c.keys(), width - 4, c.networked() ? kAtSeat : kInLocalGame))
            keys.push_back(concat("  ", line));
    // Over the network some keys mean something else, and one more works (two at the host's keyboard).
    if (c.networked() && !c.ui().replay && !c.watching()) {
        keys.push_back(concat("  Over the network: ", c.keys().first("undo"), " asks a take-back, ",
                              c.keys().first("draw"), " offers a draw, ", c.keys().first("chat"), " chats"));
        if (c.hosts_game())
            keys.push_back(concat("  ", c.keys().first("new-game"),
                                  "  the next game, once this one is over (its host)"));
    }
    // Over the network nobody pauses the clocks (p says so): not listed there.
    if (c.clock() && !c.ui().replay && !c.networked())
        keys.push_back(concat("  ", c.keys().first("pause"), "  pause both clocks, or start them again"));
    return keys;
}

// The help's rules: the game in seven lines, then the switches in force.
std::vector<std::string> help_rules_section(const Controller& c, int width) {
    std::vector<std::string> rules{"Rules"};
    for (const char* line : front::kRulesInBrief) rules.push_back(concat("  ", line));
    std::string in_force = "In force:";
    for (const RuleSwitch& s : kRuleSwitches)
        in_force += concat(" ", switch_phrase(s, c.game().rules()), &s == &kRuleSwitches.back() ? "." : ",");
    for (const std::string& line : text::wrap(in_force, width - 6)) rules.push_back(concat("  ", line));
    // What a switch changed from the standard game does, a sentence each: a variant's rules are read
    // here too, and the standard game's help still fits one page of 80x24.
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.get(c.game().rules()) != s.get(Rules{}))
            for (const std::string& line : text::wrap(std::string(switch_meaning(s, c.game().rules())), width - 6))
                rules.push_back(concat("  ", line));
    return rules;
}

// The help's last section: the draw rules and the marks, where the screen shows them.
std::vector<std::string> help_draws_section(const Controller& c, int width) {
    const int limit = c.game().rules().no_progress;
    std::string draws = "Draws:";
    for (const std::string& d : front::draw_rules(c.game().rules()))
        draws += concat(draws.size() > 6 ? ", or " : " ", d);
    draws += concat(". Above the status line: ", limit > 0 ? "the plies left once 10 or fewer remain, and " : "",
                    "a position seen twice (once more is a draw). The legend under the board names each mark on it.");
    std::vector<std::string> more;
    for (const std::string& line : text::wrap(draws, width - 6)) more.push_back(concat("  ", line));
    return more;
}

// The help's words on a review's marks, while the move list shows them.
std::vector<std::string> help_review_section(const Controller& c, int width) {
    if (!c.review()) return {};
    std::vector<std::string> lines{"Review"};
    for (const std::string& line :
         text::wrap("After each move, its value for White: proven (tables, book or rules) #W17 a win in 17 plies, "
                    "#B3 a loss, #= a draw, #W= at least a draw, #W0 White has won; the engine's +0.35 (in men), "
                    "+#5 a forced win within 5 plies. ?? turned the result, ? lost a man's worth or more.",
                    width - 6))
        lines.push_back(concat("  ", line));
    return lines;
}

// The help's pages at this many rows: the notice, the keys, the rules and the draws, each kept whole on
// one page where it fits, a page turned where it does not; each page leaves a row for its last line.
std::vector<std::vector<std::string>> paginate_help(const Controller& c, int rows, int columns) {
    const int width = help_width(columns);
    const std::vector<std::string> sections[] = {help_notice_lines(c, width), help_keys_section(c, width),
                                                 help_review_section(c, width), help_rules_section(c, width),
                                                 help_draws_section(c, width)};
    const std::size_t room = static_cast<std::size_t>(std::max(1, rows - 1));
    std::vector<std::vector<std::string>> pages{{}};
    for (const std::vector<std::string>& section : sections) {
        if (section.empty()) continue;
        if (!pages.back().empty() && pages.back().size() + section.size() > room) pages.emplace_back();
        // A section longer than a whole page (a very long notice) goes on over the next ones.
        for (const std::string& line : section) {
            if (pages.back().size() == room) pages.emplace_back();
            pages.back().push_back(line);
        }
    }
    return pages;
}

void draw_help(Frame& f, const Controller& c) {
    const int width = help_width(f.columns());
    const auto pages = paginate_help(c, f.rows(), f.columns());
    const std::size_t count = pages.size();
    const std::size_t page = std::min(static_cast<std::size_t>(std::max(0, c.ui().help_page)), count - 1);
    std::vector<std::string> lines = pages[page];
    if (count == 1) lines.push_back("Any key closes this page.");
    else if (page + 1 < count)
        lines.push_back(concat("Page ", page + 1, " of ", count, ": any key turns the page, ", c.keys().first("cancel"),
                               " or ", c.keys().first("quit"), " closes it."));
    else lines.push_back(concat("Page ", count, " of ", count, ": any key closes this page."));
    // Every page is placed as the tallest one is, so that a shorter last page starts where the others did
    // rather than in the middle of the screen.
    std::size_t tallest = 0;
    for (const std::vector<std::string>& p : pages) tallest = std::max(tallest, p.size());
    const int shown = static_cast<int>(tallest) + 1;  // and its last line
    const int margin = shown + 2 <= f.rows() ? 1 : 0;
    const int height = shown + 2 * margin;
    const int top = std::max(0, (f.rows() - height) / 2);
    const int left = std::max(0, (f.columns() - width) / 2);
    // The page hides the whole screen: a fragment of the board or a panel left at its edges reads as part of it.
    for (int row = 0; row < f.rows(); ++row)
        for (int col = 0; col < f.columns(); ++col) f.set(row, col, " ", Role::Dialog);
    for (std::size_t i = 0; i < lines.size(); ++i)
        f.write(top + margin + static_cast<int>(i), left + 2, lines[i], Role::Dialog);
}

}  // namespace

Glyphs Glyphs::unicode() { return {"─", "│", "╱", "╲", "·", "◌", "•", "×", "○", "◎", "●", "◉"}; }

// The path left behind is "o", so that "x" can mark the pieces taken, as the notation's x does.
Glyphs Glyphs::ascii() { return {"-", "|", "/", "\\", ".", "*", "o", "x", "w", "W", "b", "B"}; }

void Frame::write(int row, int column, std::string_view text, Role role) {
    if (row < 0 || row >= rows_) return;
    const std::string shown = text::printable(text);
    for (const text::Glyph& g : text::glyphs(shown)) {
        if (column >= columns_) break;
        if (g.width == 2 && column + 1 >= columns_) {
            set(row, column, " ", role);  // half a wide character is never drawn
            break;
        }
        if (column >= 0) {
            set(row, column, g.bytes, role);
            if (g.width == 2) {
                unpair(row, column + 1);
                at(row, column + 1) = Cell{"", role};
            }
        } else if (column + g.width > 0) {
            set(row, 0, " ", role);
        }
        column += g.width;
    }
}

void Frame::set(int row, int column, std::string_view glyph, Role role) {
    if (row < 0 || row >= rows_ || column < 0 || column >= columns_) return;
    unpair(row, column);
    Cell& cell = at(row, column);
    cell.glyph = std::string(glyph);
    cell.role = role;
}

void Frame::unpair(int row, int column) {
    if (at(row, column).glyph.empty()) {
        if (column > 0) at(row, column - 1).glyph = std::string(1, ' ');  // the wide character this cell continued
    } else if (column + 1 < columns_ && at(row, column + 1).glyph.empty()) {
        at(row, column + 1).glyph = std::string(1, ' ');  // the second half of the wide character that was here
    }
}

std::string Frame::line(int row) const {
    std::string out;
    for (int col = 0; col < columns_; ++col) out += at(row, col).glyph;
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

BoardGeometry board_geometry(int rows, int columns) {
    BoardGeometry board;
    while (rows >= rows_for_board(board.row_step + 1) && columns >= columns_for_board(board.row_step + 1))
        ++board.row_step;
    return board;
}

ScreenPoint screen_position(Point p, bool flipped, const BoardGeometry& board) {
    const int x = flipped ? 4 - p.file() : p.file();
    const int y = flipped ? p.rank() : 4 - p.rank();
    return {board.top + board.row_step * y, board.left + board.column_step() * x};
}

std::optional<Point> point_at(int row, int column, bool flipped, const BoardGeometry& board) {
    // Within a third of the way to the next point, so that no two points' areas meet; at the smallest
    // size that is the point's row, from its [ to its ].
    const int rows_off = (board.row_step - 1) / 3;
    const int columns_off = 2 * rows_off + 1;
    for (int i = 0; i < kPointCount; ++i) {
        const Point p{static_cast<std::uint8_t>(i)};
        const ScreenPoint s = screen_position(p, flipped, board);
        if (std::abs(row - s.row) <= rows_off && std::abs(column - s.column) <= columns_off) return p;
    }
    return std::nullopt;
}

int help_page_count(const Controller& c, int rows, int columns) {
    return static_cast<int>(paginate_help(c, rows, columns).size());
}

namespace {

// In a terminal too small for the board: what is wrong and how to go on, in the middle.
void draw_too_small(Frame& f, const Controller& c, int rows, int columns) {
    std::vector<std::pair<std::string, Role>> lines;
    const auto add = [&](const std::string& text, Role role) {
        for (const std::string& line : fit_text(text, std::max(columns, 1), 2)) lines.emplace_back(line, role);
    };
    add("Terminal too small", Role::Title);
    add(concat(columns, "x", rows, "; fetaix needs ", kMinColumns, "x", kMinRows), Role::Text);
    add(concat("Enlarge the window to play on; ", c.keys().first("quit"), " quits."), Role::Text);
    // The one question that can be answered here (see Controller::mode).
    if (c.ui().question == Question::Quit) add(c.question_text(), Role::Question);
    const int top = std::max(0, rows / 2 - 1);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int left = std::max(0, (columns - text::display_width(lines[i].first)) / 2);
        f.write(top + static_cast<int>(i), left, lines[i].first, lines[i].second);
    }
}

// One of the lines at the bottom of the screen.
struct BottomLine {
    std::string text;
    Role role;
    bool bar = false;  // coloured across the whole width, as a standing notice is
    int turn = 0;      // columns at its start in turn_role: the status's "White to move"
    Role turn_role = Role::Text;
    int cursor = -1;  // the column of the prompt's cursor, drawn in Role::PromptCursor
};

// The open prompt's line. It takes printable ASCII only, so a character is a column. A long entry is
// shown around the cursor, as far to the right as it goes, with "…" where its start is cut.
BottomLine prompt_line(const UiState& ui, int columns) {
    const std::string label = ui.prompt.kind() == PromptKind::Move   ? "Move: "
                              : ui.prompt.kind() == PromptKind::Save ? "Save to: "
                              : ui.prompt.kind() == PromptKind::Chat ? "Say: "
                                                                     : "Open: ";
    const std::string& typed = ui.prompt.text();
    const std::size_t at = ui.prompt.cursor();  // Prompt keeps it within the text
    const std::size_t room = static_cast<std::size_t>(std::max(2, columns - text::display_width(label)));
    std::size_t first = 0;
    std::string entry = typed;
    if (typed.size() + 1 > room && at + 2 > room) {
        first = at + 2 - room;
        entry = concat("…", typed.substr(first));
    }
    if (at == typed.size()) entry += "_";  // the cursor at the end, where typing goes on
    BottomLine line{concat(label, entry), Role::Message};
    line.cursor = text::display_width(label) + static_cast<int>(at - first) + (first > 0 ? 1 : 0);
    if (at == typed.size()) line.cursor = -1;
    return line;
}

// The bottom lines, top to bottom: a standing notice (a failing autosave), the status, the question or
// the key line, and the message or the prompt (with the prompt open, a message takes the key line's
// place). Each is fitted on at most two lines; kMinRows leaves room for all of them below the board.
std::vector<BottomLine> bottom_lines(const Controller& c, int rows, int columns, const BoardGeometry& board) {
    std::vector<BottomLine> bottom;
    const auto add = [&](const std::vector<std::string>& lines, Role role) {
        for (const std::string& line : lines) bottom.push_back({line, role});
    };
    const UiState& ui = c.ui();
    if (const std::string notice = c.shown_notice(); !notice.empty())
        for (const std::string& line : fit_text(notice, columns, 2)) bottom.push_back({line, Role::Question, true});
    if (!ui.network.empty())
        for (const std::string& line : network_lines(ui.network, columns))
            bottom.push_back({line, Role::Question, true});
    // The status says again whose turn it is, in the same colours as the banner above.
    const Players status_players = fitted_players(c.players(), columns,
                                                  [&](const Players& p) { return status_text(c, p); });
    const std::string status = status_text(c, status_players);
    const std::size_t status_at = bottom.size();
    // Browsing, the status is the label that says the board is not the game, in reverse video.
    add(fit_text(status, columns, 1), ui.viewing && !ui.replay ? Role::Question : Role::Status);
    if (!ui.replay && !c.game().over()) {
        const Color mover = c.game().position().side_to_move;
        const std::string turn = concat(status_players.label(mover), " to move");
        if (status.rfind(turn, 0) == 0) {
            bottom.back().turn = text::display_width(text::printable(turn));
            bottom.back().turn_role = turn_role(mover);
        }
    }
    if (ui.prompt.is_open() && !ui.message.empty()) add(fit_text(ui.message, columns, 2, &c.players()), Role::Message);
    else if (ui.question != Question::None) add(fit_text(c.question_text(), columns, 2, &c.players()), Role::Question);
    else add(fit_text(hint_text(c), columns, 2), Role::Text);
    if (ui.prompt.is_open()) bottom.push_back(prompt_line(ui, columns));
    else if (!ui.message.empty()) add(fit_text(ui.message, columns, 2, &c.players()), Role::Message);
    else bottom.push_back({"", Role::Message});
    // The draw rules' warnings stand on their own line above the status, or end the status when that
    // line would push the bottom lines onto the file letters.
    if (const std::string draw_rules = draw_rules_text(c.game()); !draw_rules.empty()) {
        if (rows - static_cast<int>(bottom.size()) - 1 > board.bottom() + 2)
            bottom.insert(bottom.begin() + static_cast<std::ptrdiff_t>(status_at),
                          BottomLine{fit_text(draw_rules, columns, 1).front(), Role::Status});
        else
            bottom[status_at].text =
                fit_text(concat(status, " | ", draw_rules_text(c.game(), true)), columns, 1).front();
    }
    return bottom;
}

// The rows between the file letters and the bottom lines (`first`): the legend, or over the network
// the chat's last lines.
void draw_under_board(Frame& f, const Controller& c, const Glyphs& glyphs, const BoardGeometry& board, int first) {
    const std::vector<std::string>& chat = c.ui().chat;
    if (chat.empty()) {
        draw_legend(f, c, glyphs, board.bottom() + 4, first);
        return;
    }
    const int top = board.bottom() + 3, room = first - top;
    const std::size_t shown = std::min(chat.size(), static_cast<std::size_t>(std::max(0, room)));
    for (std::size_t i = 0; i < shown; ++i)
        f.write(top + static_cast<int>(i), 0, fit_text(chat[chat.size() - shown + i], f.columns(), 1).front(),
                Role::Text);
}

}  // namespace

Frame compose(const Controller& c, int rows, int columns, const Glyphs& glyphs) {
    Frame f(std::max(rows, 1), std::max(columns, 1));
    if (!screen_fits(rows, columns)) {
        draw_too_small(f, c, rows, columns);
        return f;
    }
    draw_title(f, c, glyphs);
    const BoardGeometry board = board_geometry(rows, columns);
    draw_board(f, c, glyphs, board);
    // The rules panel ends on the row below rank 1; the move list has the rows above it, and a timed
    // game's clocks the two rows above the rules.
    const int rules_bottom = board.bottom() - 1 - kRulesPanelHeight;
    const int list_bottom = rules_bottom - (c.clock() ? 2 : 0);
    draw_panel(f, c, list_bottom, board.panel_left(), rules_bottom + 2);
    if (c.clock()) draw_clocks(f, c, glyphs, rules_bottom, board.panel_left());
    const std::vector<BottomLine> bottom = bottom_lines(c, rows, columns, board);
    const int first = rows - static_cast<int>(bottom.size());
    draw_under_board(f, c, glyphs, board, first);
    for (std::size_t i = 0; i < bottom.size(); ++i) {
        const int row = first + static_cast<int>(i);
        if (bottom[i].bar) f.write(row, 0, std::string(columns, ' '), bottom[i].role);
        f.write(row, 0, bottom[i].text, bottom[i].role);
        for (int col = 0; col < bottom[i].turn && col < columns; ++col) f.at(row, col).role = bottom[i].turn_role;
        if (bottom[i].cursor >= 0 && bottom[i].cursor < columns) f.at(row, bottom[i].cursor).role = Role::PromptCursor;
    }
    if (c.ui().help_open) draw_help(f, c);
    return f;
}

namespace {

void blank_from(Frame& f, int row, int from) {
    for (int c = from; c < f.columns(); ++c) f.set(row, c, " ", Role::Text);
}

}  // namespace

void overlay_title(Frame& f, const std::string& title) {
    blank_from(f, 0, 0);
    f.write(0, 0, title, Role::Title);
}

int overlay_panel_width(const Frame& f, const BoardGeometry& board) {
    return f.columns() - (board.panel_left() - 2) - 1;
}

void overlay_panel(Frame& f, const BoardGeometry& board, std::vector<std::string> text,
                   const std::vector<std::string>& task) {
    const int left = board.panel_left() - 2;
    const int last = board.bottom() + 2;
    for (int r = 1; r <= last; ++r) blank_from(f, r, left);
    // The task always shows.
    const int room = last - static_cast<int>(task.size());
    if (static_cast<int>(text.size()) > room) text.resize(static_cast<std::size_t>(std::max(room, 0)));
    int row = 1;
    for (const std::string& t : text) f.write(row++, left, t, Role::Text);
    for (const std::string& t : task) f.write(row++, left, t, Role::Question);
}

void overlay_key_line(Frame& f, const BoardGeometry& board, const std::string& keys) {
    const int rows = f.rows();
    for (int r = rows - 1; r > board.bottom() + 2; --r) {
        if (f.at(r, 0).role != Role::Status && f.at(r, 0).role != Role::TurnWhite && f.at(r, 0).role != Role::TurnBlack)
            continue;
        if (r + 1 < rows && f.at(r + 1, 0).role == Role::Text) {
            blank_from(f, r + 1, 0);
            if (r + 2 < rows && f.at(r + 2, 0).role == Role::Text) blank_from(f, r + 2, 0);
            f.write(r + 1, 0, keys, Role::Text);
        }
        break;
    }
}

}  // namespace fetaix::tui
