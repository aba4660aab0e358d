#pragma once
// One screen as a grid of cells, composed from (game, UI state, screen size) without curses, so that
// what the player sees is unit-tested; the curses layer only copies it to the terminal.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fetaix/fetaix.hpp>

#include "front/controller.hpp"

namespace fetaix::tui {

// The screen draws the front end's state: its names (Controller, Action, Question...) are the screen's too.
using namespace front;

// What a cell shows, which the curses layer turns into colours and attributes.
enum class Role : std::uint8_t {
    Text,
    Title,
    Board,        // lines and empty points on the board's own background
    WhitePiece,   // a White man
    BlackPiece,   // a Black man
    WhiteMullah,  // drawn apart from a man by more than its glyph (the theme's attributes)
    BlackMullah,
    Destination,  // a point the selected piece may land on next
    Path,         // the points a capture in progress has left behind: its start and earlier landings
    Taken,        // a piece the capture in progress has taken, until the move ends
    Marker,       // the cursor's [ ] and the selection's ( )
    LastMove,     // start and every landing point of the last move
    MustCapture,  // a piece that must capture
    Hint,         // the engine's suggested move
    Status,
    Question,
    Message,
    Dialog,
    PromptCursor,  // the character under the prompt's cursor
    TurnWhite,     // the side to move's name in a banner of its colour, White's
    TurnBlack,     // and Black's
};

struct Cell {
    // One column of UTF-8; a wide (CJK) character's second column holds "" and is drawn by the first.
    std::string glyph = " ";
    Role role = Role::Text;
};

// Glyphs for lines, points and pieces: Unicode when the locale is UTF-8, plain ASCII otherwise.
struct Glyphs {
    std::string_view horizontal, vertical, rising, falling;  // "─" "│" "╱" "╲"
    std::string_view empty, destination, path, taken;
    std::string_view white_man, white_mullah, black_man, black_mullah;

    static Glyphs unicode();
    static Glyphs ascii();
};

inline constexpr int kMinColumns = 72;
// 24 rows: below the board, room for a two-line notice, the status, a two-line question and a two-line message.
inline constexpr int kMinRows = 24;
// Whether the game fits a terminal of this size; below it, the screen only says how large it must be.
constexpr bool screen_fits(int rows, int columns) { return rows >= kMinRows && columns >= kMinColumns; }

class Frame {
public:
    Frame(int rows, int columns) : rows_(rows), columns_(columns), cells_(rows * columns) {}
    int rows() const { return rows_; }
    int columns() const { return columns_; }
    const Cell& at(int row, int column) const { return cells_[row * columns_ + column]; }
    Cell& at(int row, int column) { return cells_[row * columns_ + column]; }
    // Writes text from (row, column) as a terminal lays it out (control characters and invalid
    // UTF-8 made visible, wide characters in two columns), clipped at the right edge.
    void write(int row, int column, std::string_view text, Role role = Role::Text);
    void set(int row, int column, std::string_view glyph, Role role);
    // The text of one row, trailing spaces removed: what a terminal capture shows.
    std::string line(int row) const;

private:
    // Before a cell is overwritten: blanks the other half of the wide character it belongs to.
    void unpair(int row, int column);

    int rows_;
    int columns_;
    std::vector<Cell> cells_;
};

// How large the board is drawn. A terminal cell is about twice as tall as it is wide, so files are twice
// as many columns apart as ranks are rows: the lattice stays square and ╱ ╲ fall on exact diagonals
// (one row down, two columns across).
struct BoardGeometry {
    int row_step = 3;               // rows from one rank to the next: 3 at the minimum size
    static constexpr int top = 2;   // row of the top rank
    static constexpr int left = 4;  // column of the leftmost file
    int column_step() const { return 2 * row_step; }
    int bottom() const { return top + 4 * row_step; }       // row of the bottom rank
    int right() const { return left + 4 * column_step(); }  // column of the rightmost file
    int panel_left() const { return right() + 6; }          // the move list and rules, right of the board
};
// Rows a board of this row step needs: two above it, the file letters and the legend below, and the
// seven bottom lines (a two-line notice, the status, a two-line question, a two-line message).
constexpr int rows_for_board(int row_step) { return 4 * row_step + 12; }
// Columns a board of this row step needs: the board, then a side panel of 38 columns.
constexpr int columns_for_board(int row_step) { return 8 * row_step + 48; }
static_assert(rows_for_board(3) == kMinRows && columns_for_board(3) == kMinColumns, "the smallest board fits");
// The largest board the screen holds (the smallest one below the minimum size).
BoardGeometry board_geometry(int rows, int columns);

// Where a point is drawn: row and column of its glyph.
struct ScreenPoint {
    int row;
    int column;
};
ScreenPoint screen_position(Point p, bool flipped, const BoardGeometry& board);
// The point drawn at (row, column) or near it (on its [ ] markers, or within a third of the way to the
// next point on a larger board), for mouse clicks.
std::optional<Point> point_at(int row, int column, bool flipped, const BoardGeometry& board);

// How many pages the help takes on a screen of this size (Controller::set_help_pages).
int help_page_count(const Controller& c, int rows, int columns);

// The whole screen for the controller's state.
Frame compose(const Controller& c, int rows, int columns, const Glyphs& glyphs);

// For a screen over the game (a lesson, a puzzle): its own title on the top row, its own panel beside the
// board (`text`, then `task` as a question; the text gives up its last lines first where there is no room),
// and its own key line in place of the game's, the one under the status (unless a question or a message
// stands there).
void overlay_title(Frame& f, const std::string& title);
void overlay_panel(Frame& f, const BoardGeometry& board, std::vector<std::string> text,
                   const std::vector<std::string>& task);
void overlay_key_line(Frame& f, const BoardGeometry& board, const std::string& keys);
// The panel's width beside this board.
int overlay_panel_width(const Frame& f, const BoardGeometry& board);

}  // namespace fetaix::tui
