#pragma once
// Why a move is refused (docs/rules.md): one function decides the reason for any start point and
// landing points, typed or chosen on the board, and describe() words it. Legality itself is decided
// by match_path (the capture walk); this only explains a refusal it made.

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard.hpp"
#include "error.hpp"
#include "lattice.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace fetaix {

enum class RefusalKind : std::uint8_t {
    None,               // legal, or (not whole) the beginning of a legal move
    GameOver,           // the side to move has no legal move
    NoPiece,            // no piece on the start point `at`
    NotYourTurn,        // the piece on `at` is the other side's
    NoMove,             // the piece on `at` has no legal move
    NoLine,             // no line joins `at` and `to`
    Backward,           // a man moving backward
    ManStepsOne,        // a man stepping past the next point
    ManLeapsShort,      // a man jumping a piece not next to it, or landing past the point beyond it
    Taken,              // the point `to` is taken; an enemy piece there is captured by landing on `points`
    InTheWay,           // `points` stand between `at` and `to`
    NothingToCapture,   // a capture from `at` to `to` jumps no piece
    OwnPiece,           // a capture over `points`, the mover's own piece
    CaptureCompulsory,  // a capture is compulsory, and `points` can capture
    WriteWithX,         // a capture written as a step: `at` with the landing points is the capture
    MustGoOn,           // the capture must go on from `at`, to `points`
    MullahLanding,      // the mullah must land on one of `points`, where it can capture again
    PromotionStop,      // under promotion stop the move ends on `at`, on the last rank
    Majority,           // under majority a capture must take `count` pieces; `points` can
    NotLegal,           // no reason found (a defect: the tests look for it)
};

struct Refusal {
    RefusalKind kind = RefusalKind::None;
    Color side = Color::White;  // the side to move
    Piece piece{};              // the piece on the start point, when there is one
    Point at = kNoPoint;
    Point to = kNoPoint;
    Bitboard points = 0;
    int count = 0;
    std::vector<Point> path;         // WriteWithX: the landing points
    bool capture = false;            // the refused move is (or continues) a capture
    bool backward_captures = false;  // the switch, for the words of a backward step

    bool refused() const { return kind != RefusalKind::None; }
};

// The pieces of the side to move that have a legal capture (under majority, those that can take the most).
inline Bitboard capturing_pieces(const Position& pos, const Rules& rules) {
    return detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() -> Bitboard {
        const Bitboard men = detail::capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty());
        Bitboard mullahs = 0;
        for (Point p : points(pos.mullahs_of(Us)))
            if (detail::mullah_can_capture(p, pos.them(), pos.occupied() & ~bit(p))) mullahs |= bit(p);
        if (!rules.majority || !(men | mullahs)) return men | mullahs;
        const int most = longest_capture(pos, rules);
        Bitboard best = 0;
        for (Point p : points(men | mullahs)) {
            detail::LongestCapture longest;
            detail::CaptureWalker<detail::LongestCapture, Us, Backward>(rules.promotion, longest)
                .walk(pos, men & bit(p), mullahs & bit(p));
            if (longest.best[0] == most) best |= bit(p);
        }
        return best;
    });
}

// Why the move from `from` over `landings` (a capture if `capture`) is refused, or None when it is
// legal. With `whole`, the landing points must be the whole move; without, a legal beginning of one
// is enough (a choice on the board, one point at a time). No landing points asks whether the piece on
// `from` may move at all.
inline Refusal refusal(const Position& pos, const Rules& rules, Point from, std::span<const Point> landings,
                       bool capture, bool whole) {
    Refusal r;
    r.side = pos.side_to_move;
    r.at = from;
    r.capture = capture;
    r.backward_captures = rules.backward_captures;
    const auto refuse = [&r](RefusalKind kind, Point at, Point to = kNoPoint, Bitboard points = 0) {
        r.kind = kind;
        r.at = at;
        r.to = to;
        r.points = points;
        return r;
    };
    if (!has_legal_move(pos, rules)) return refuse(RefusalKind::GameOver, from);
    if (!from.valid() || !pos.piece_at(from, r.piece)) return refuse(RefusalKind::NoPiece, from);
    if (r.piece.color != pos.side_to_move) return refuse(RefusalKind::NotYourTurn, from);
    const bool compulsory = has_capture(pos, rules);
    const Color us = pos.side_to_move;
    const int n = static_cast<int>(landings.size());
    if (n > kMaxCaptures) return refuse(RefusalKind::NotLegal, from);
    // The landing points that go on from the first k landing points, by the rules' own walk.
    const auto continuations = [&](int k) {
        const PathMatch m = match_path(pos, rules, from, landings.data(), k, true, 256);
        Bitboard next = 0;
        for (const Move& move : m.longer) next |= bit(move.path[k]);
        return next;
    };
    if (n == 0) {
        if (compulsory) {
            const Bitboard capturers = capturing_pieces(pos, rules);
            if (contains(capturers, from)) return r;
            r.count = longest_capture(pos, rules);
            const bool can = detail::dispatch(pos, rules, [&]<Color Us, bool Backward>() {
                if (r.piece.kind == PieceKind::Man)
                    return contains(detail::capturing_men<Us, Backward>(pos.men(Us), pos.them(), pos.empty()), from);
                return detail::mullah_can_capture(from, pos.them(), pos.occupied() & ~bit(from));
            });
            return refuse(can ? RefusalKind::Majority : RefusalKind::CaptureCompulsory, from, kNoPoint, capturers);
        }
        Bitboard reach = 0;
        const bool mullah = r.piece.kind == PieceKind::Mullah;
        for (Direction d :
             mullah ? man_capture_directions(us, true) : man_step_directions(us))  // all eight for a mullah
            reach |= shift(bit(from), d);
        if (reach & pos.empty()) return r;
        return refuse(RefusalKind::NoMove, from);
    }
    {
        const PathMatch m = match_path(pos, rules, from, landings.data(), n, capture, 1);
        if (m.exact || (!whole && !m.longer.empty())) return r;
        if (!m.longer.empty()) return refuse(RefusalKind::MustGoOn, landings[n - 1], kNoPoint, continuations(n));
    }
    if (!capture && compulsory) {
        // Perhaps the capture meant, written with '-'.
        const PathMatch as_capture = match_path(pos, rules, from, landings.data(), n, true, 1);
        if (as_capture.exact || !as_capture.longer.empty()) {
            r.path.assign(landings.begin(), landings.end());
            return refuse(RefusalKind::WriteWithX, from);
        }
    }
    Bitboard enemy = pos.them();
    const Bitboard own = pos.us() & ~bit(from);
    bool mullah = r.piece.kind == PieceKind::Mullah;
    Point at = from;
    const int forward = us == Color::White ? 1 : -1;
    for (int i = 0; i < n; ++i) {
        const Point to = landings[i];
        if (!to.valid()) return refuse(RefusalKind::NoLine, at, to);
        int dir = -1;
        for (Direction d : kDirections)
            if (contains(ray(at, d), to)) dir = static_cast<int>(d);
        if (dir < 0) return refuse(RefusalKind::NoLine, at, to);
        const Direction d = static_cast<Direction>(dir);
        const Bitboard occupied = own | enemy;
        const Bitboard between = ray(at, d) & ~(ray(to, d) | bit(to));
        const int distance = popcount(between) + 1;
        const bool backward = !mullah && dy(d) * forward < 0;
        // An enemy piece chosen as the landing point: where to land to capture it, if it can be.
        const auto taken = [&] {
            return refuse(RefusalKind::Taken, at, to, contains(enemy, to) ? continuations(i) & ray(to, d) : 0);
        };
        if (!capture) {
            if (!mullah && backward) return refuse(RefusalKind::Backward, at, to);
            if (!mullah && distance > 1) return refuse(RefusalKind::ManStepsOne, at, to);
            if (contains(occupied, to)) return taken();
            if (between & occupied) return refuse(RefusalKind::InTheWay, at, to, between & occupied);
            if (compulsory) return refuse(RefusalKind::CaptureCompulsory, at, to, capturing_pieces(pos, rules));
            return refuse(RefusalKind::NotLegal, at, to);
        }
        if (!mullah && backward && !rules.backward_captures) return refuse(RefusalKind::Backward, at, to);
        if (contains(occupied, to)) return taken();
        const Bitboard jumped = between & occupied;
        if (!jumped) {
            // After a jump, a landing with nothing to take is a capture stopping short.
            if (i > 0) return refuse(RefusalKind::MustGoOn, at, kNoPoint, continuations(i));
            return refuse(RefusalKind::NothingToCapture, at, to);
        }
        if (!mullah && distance != 2) return refuse(RefusalKind::ManLeapsShort, at, to);
        if (popcount(jumped) > 1) return refuse(RefusalKind::InTheWay, at, to, jumped);
        if (jumped & own) return refuse(RefusalKind::OwnPiece, at, to, jumped);
        const Point over = lowest(jumped);
        const Bitboard enemy_after = enemy & ~bit(over);
        const Bitboard occupied_after = occupied & ~bit(over);
        if (mullah) {
            Bitboard continuing = 0;
            for (Point land : points(detail::landing_points(over, d, occupied_after)))
                if (detail::mullah_can_capture(land, enemy_after, occupied_after)) continuing |= bit(land);
            if (continuing && !contains(continuing, to)) return refuse(RefusalKind::MullahLanding, at, to, continuing);
        }
        enemy = enemy_after;
        at = to;
        if (!mullah && contains(last_rank(us), to) && rules.promotion != Promotion::End) {
            if (rules.promotion == Promotion::Stop && i + 1 < n) return refuse(RefusalKind::PromotionStop, to);
            mullah = true;
        }
    }
    if (capture && rules.majority) {
        r.count = longest_capture(pos, rules);
        return refuse(RefusalKind::Majority, from, kNoPoint, capturing_pieces(pos, rules));
    }
    return refuse(RefusalKind::NotLegal, at);
}

namespace detail {
// "b3", "b3 and d3", "b3, c3 and d3"
inline std::string point_list(Bitboard b, std::string_view last = " and ") {
    std::string out;
    const int total = popcount(b);
    int k = 0;
    for (Point p : points(b)) {
        out += concat(k == 0 ? "" : k + 1 == total ? last : ", ", to_string(p));
        ++k;
    }
    return out;
}
}  // namespace detail

// The reason in words, lower-case and without a full stop: "a man steps one point".
inline std::string describe(const Refusal& r) {
    using K = RefusalKind;
    const std::string at = to_string(r.at), to = to_string(r.to);
    const std::string_view kind = r.piece.kind == PieceKind::Mullah ? "mullah" : "man";
    const std::string list = detail::point_list(r.points);
    const bool several = popcount(r.points) > 1;
    switch (r.kind) {
        case K::None: return "";
        case K::GameOver: return "no legal move: the game is over";
        case K::NoPiece: return concat("there is no piece of yours on ", at);
        case K::NotYourTurn:
            return concat(at, " is ", to_string(r.piece.color), "'s, and it is ", to_string(r.side), "'s turn");
        case K::NoMove:
            return concat("the ", kind, " on ", at, " has no legal move: every point it could go to is taken");
        case K::NoLine:
            if (r.at == r.to) return concat("a move leaves its point: ", at, " is where it starts");
            if (r.at.valid() && r.to.valid() &&
                std::abs(r.to.file() - r.at.file()) == std::abs(r.to.rank() - r.at.rank()) && !has_diagonals(r.at))
                return concat("there is no line from ", at, " to ", to, ": no diagonal leaves ", at);
            return concat("there is no line from ", at, " to ", to);
        case K::Backward:
            if (r.capture) return "men never capture backward (backward-captures is off)";
            return r.backward_captures ? "men never step backward (they capture backward with backward-captures)"
                                       : "men never move backward";
        case K::ManStepsOne: return concat("a man steps one point, and ", to, " is not next to ", at);
        case K::ManLeapsShort: return "a man captures a piece next to it, landing on the point just beyond";
        case K::Taken:
            return r.points ? concat("the point ", to, " is taken: to capture it, land on ",
                                     detail::point_list(r.points, " or "))
                            : concat("the point ", to, " is taken");
        case K::InTheWay:
            return r.capture ? concat(list, " stand in the way: a capture jumps one piece")
                             : concat(list, several ? " stand" : " stands", " in the way");
        case K::NothingToCapture: return concat("there is no piece to capture between ", at, " and ", to);
        case K::OwnPiece: return concat(list, " is your own piece: only the other side's pieces are captured");
        case K::CaptureCompulsory: return concat("a capture is compulsory: ", list, " can capture");
        case K::WriteWithX: {
            std::string text = at;
            for (Point p : r.path) text += concat("x", to_string(p));
            return concat("a capture is written with x: ", text);
        }
        case K::MustGoOn:
            return r.points ? concat("the capture must go on from ", at, ", to ", detail::point_list(r.points, " or "))
                            : concat("the capture must go on from ", at);
        case K::MullahLanding:
            return concat("a mullah must land where it can capture again: on ", detail::point_list(r.points, " or "));
        case K::PromotionStop:
            return concat("the move ends on ", at, ": with promotion stop a man reaching the far rank stops there");
        case K::Majority:
            return concat("with majority the capture must take ", r.count,
                          r.count == 1 ? " piece: " : " pieces: ", list, " can");
        case K::NotLegal: return "it is not a legal move here";
    }
    return "";
}

}  // namespace fetaix
