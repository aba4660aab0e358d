#pragma once
// An independent, deliberately plain move generator written from docs/rules.md on a 5x5 array (no
// bitboards, no tables, nothing of the rules core but the Rules switches it reads). The tests derive their
// expected move lists and perft values from it, and tests/reference/proof_check.hpp re-checks the solver's
// proofs with it.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fetaix/rules.hpp>

namespace reference {

using fetaix::Promotion;
using fetaix::Rules;

// '.' empty, 'w' White man, 'W' White mullah, 'b' Black man, 'B' Black mullah.
struct Board {
    std::array<std::array<char, 5>, 5> cell;  // [x][y]
    bool white_to_move = true;
};

inline bool inside(int x, int y) { return x >= 0 && x < 5 && y >= 0 && y < 5; }
// Spec 1: orthogonal lines everywhere; diagonal lines only from points with x + y even.
inline bool line(int x, int y, int dx, int dy) {
    if (!inside(x + dx, y + dy)) return false;
    return dx == 0 || dy == 0 || (x + y) % 2 == 0;
}
inline bool is_white(char c) { return c == 'w' || c == 'W'; }
inline bool is_black(char c) { return c == 'b' || c == 'B'; }
inline std::string name(int x, int y) { return std::string{char('a' + x), char('1' + y)}; }

inline std::string board_fen(const Board& b) {
    std::string s = b.white_to_move ? "W" : "B";
    for (int side = 0; side < 2; ++side) {
        s += side == 0 ? ":W" : ":B";
        bool first = true;
        for (int y = 0; y < 5; ++y)
            for (int x = 0; x < 5; ++x) {
                const char c = b.cell[x][y];
                if ((side == 0 && !is_white(c)) || (side == 1 && !is_black(c))) continue;
                if (!first) s += ',';
                first = false;
                if (c == 'W' || c == 'B') s += 'K';
                s += name(x, y);
            }
    }
    return s;
}

struct RefMove {
    std::string text;
    int captures;
    Board after;
};

inline constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

class Reference {
public:
    Reference(const Board& b, const Rules& r) : board_(b), rules_(r), white_(b.white_to_move) {}

    std::vector<RefMove> moves() {
        std::vector<RefMove> out;
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y) {
                const char c = board_.cell[x][y];
                if (!mine(c)) continue;
                Board b = board_;
                b.cell[x][y] = '.';  // the start point is empty from the first jump on
                jumps(b, x, y, c == 'W' || c == 'B', c, name(x, y), 0, out);
            }
        if (!out.empty()) {
            if (rules_.majority) {
                int best = 0;
                for (auto& m : out) best = std::max(best, m.captures);
                std::erase_if(out, [&](const RefMove& m) { return m.captures != best; });
            }
            return out;
        }
        for (int x = 0; x < 5; ++x)
            for (int y = 0; y < 5; ++y) {
                const char c = board_.cell[x][y];
                if (!mine(c)) continue;
                const bool mullah = c == 'W' || c == 'B';
                for (int d = 0; d < 8; ++d) {
                    if (!mullah && !man_direction(d, false)) continue;
                    int tx = x, ty = y;
                    while (line(tx, ty, kDx[d], kDy[d]) && board_.cell[tx + kDx[d]][ty + kDy[d]] == '.') {
                        tx += kDx[d];
                        ty += kDy[d];
                        Board b = board_;
                        b.cell[x][y] = '.';
                        b.cell[tx][ty] = (!mullah && ty == last_rank()) ? promoted(c) : c;
                        b.white_to_move = !white_;
                        out.push_back({name(x, y) + "-" + name(tx, ty), 0, b});
                        if (!mullah) break;
                    }
                }
            }
        return out;
    }

private:
    bool mine(char c) const { return white_ ? is_white(c) : is_black(c); }
    bool enemy(char c) const { return white_ ? is_black(c) : is_white(c); }
    int last_rank() const { return white_ ? 4 : 0; }
    char promoted(char c) const { return c == 'w' ? 'W' : c == 'b' ? 'B' : c; }
    // Forward is +y for White and -y for Black; sideways is dy == 0.
    bool man_direction(int d, bool capture) const {
        const int forward = white_ ? 1 : -1;
        if (kDy[d] == forward || kDy[d] == 0) return true;
        return capture && rules_.backward_captures;
    }

    // The jumps available to a piece on (x, y) of board b (the piece itself not on b).
    struct Jump {
        int over_x, over_y;
        std::vector<std::pair<int, int>> landings;
    };
    std::vector<Jump> available(const Board& b, int x, int y, bool mullah) const {
        std::vector<Jump> out;
        for (int d = 0; d < 8; ++d) {
            if (!mullah && !man_direction(d, true)) continue;
            int cx = x, cy = y;
            if (mullah)
                while (line(cx, cy, kDx[d], kDy[d]) && b.cell[cx + kDx[d]][cy + kDy[d]] == '.') {
                    cx += kDx[d];
                    cy += kDy[d];
                }
            if (!line(cx, cy, kDx[d], kDy[d])) continue;
            const int ex = cx + kDx[d], ey = cy + kDy[d];
            if (!enemy(b.cell[ex][ey])) continue;
            Jump j{ex, ey, {}};
            int lx = ex, ly = ey;
            while (line(lx, ly, kDx[d], kDy[d]) && b.cell[lx + kDx[d]][ly + kDy[d]] == '.') {
                lx += kDx[d];
                ly += kDy[d];
                j.landings.emplace_back(lx, ly);
                if (!mullah) break;
            }
            if (!j.landings.empty()) out.push_back(j);
        }
        return out;
    }

    void finish(Board b, int x, int y, char piece, const std::string& text, int captures, std::vector<RefMove>& out) {
        if (captures == 0) return;
        b.cell[x][y] = (y == last_rank()) ? promoted(piece) : piece;
        b.white_to_move = !white_;
        out.push_back({text, captures, b});
    }

    void jumps(const Board& b, int x, int y, bool mullah, char piece, const std::string& text, int captures,
               std::vector<RefMove>& out) {
        const auto options = available(b, x, y, mullah);
        if (options.empty()) {
            finish(b, x, y, piece, text, captures, out);
            return;
        }
        for (const Jump& j : options) {
            Board next = b;
            next.cell[j.over_x][j.over_y] = '.';  // removal is immediate
            std::vector<std::pair<int, int>> allowed = j.landings;
            if (mullah) {
                std::vector<std::pair<int, int>> going_on;
                for (auto [lx, ly] : j.landings)
                    if (!available(next, lx, ly, true).empty()) going_on.emplace_back(lx, ly);
                if (!going_on.empty()) allowed = going_on;
            }
            for (auto [lx, ly] : allowed) {
                const std::string t = text + "x" + name(lx, ly);
                if (!mullah && ly == last_rank() && rules_.promotion != Promotion::End) {
                    if (rules_.promotion == Promotion::Stop)
                        finish(next, lx, ly, promoted(piece), t, captures + 1, out);
                    else jumps(next, lx, ly, true, promoted(piece), t, captures + 1, out);
                } else {
                    jumps(next, lx, ly, mullah, piece, t, captures + 1, out);
                }
            }
        }
    }

    Board board_;
    Rules rules_;
    bool white_;
};

// A board from a FEN written plainly ("W:Wb1,Ka2:Be1", pieces separated by commas, K for a mullah),
// read here without the core's parser.
inline Board board_from_fen(std::string_view text) {
    Board b;
    for (auto& column : b.cell) column.fill('.');
    b.white_to_move = text[0] == 'W';
    char side = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (text[i] == ':') {
            side = text[++i];
            continue;
        }
        if (text[i] == ',') continue;
        const bool mullah = text[i] == 'K';
        if (mullah) ++i;
        const char piece = side == 'W' ? (mullah ? 'W' : 'w') : (mullah ? 'B' : 'b');
        b.cell[text[i] - 'a'][text[i + 1] - '1'] = piece;
        ++i;
    }
    return b;
}

// The position as a number: the 25 points as base-5 digits (empty, w, W, b, B) times two plus the
// side to move (exact: 2 * 5^25 < 2^60).
inline std::uint64_t key_of(const Board& b) {
    std::uint64_t k = 0;
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) {
            const char c = b.cell[x][y];
            k = k * 5 + (c == 'w' ? 1 : c == 'W' ? 2 : c == 'b' ? 3 : c == 'B' ? 4 : 0);
        }
    return k * 2 + (b.white_to_move ? 0 : 1);
}

}  // namespace reference
