#pragma once
// A move and a fixed-capacity list of moves.

#include <array>
#include <cstddef>
#include <cstdint>

#include "bitboard.hpp"
#include "point.hpp"

namespace fetaix {

// The most pieces one sequence can capture: every enemy piece.
inline constexpr int kMaxCaptures = 12;

// One whole turn (rules-spec section 3).
// Layout: `captured` holds the enemy pieces taken (empty for a step); `path[0..landings)` holds the
// landing points in order, so a step has one landing and a capture one landing per jump; `promotes` is
// set when a man ends the move as a mullah. Each jump takes the one enemy piece between its two points,
// so `from` and `path` alone identify the move, as its notation does.
struct Move {
    Bitboard captured = 0;
    Point from{};
    std::uint8_t landings = 0;
    bool promotes = false;
    std::array<Point, kMaxCaptures> path{};

    constexpr bool is_capture() const { return captured != 0; }
    constexpr Point to() const { return path[landings - 1u]; }
    constexpr int capture_count() const { return popcount(captured); }

    // Same notation: the same start and landing points.
    friend constexpr bool operator==(const Move& a, const Move& b) {
        if (a.from != b.from || a.landings != b.landings || a.captured != b.captured) return false;
        for (int i = 0; i < a.landings; ++i)
            if (a.path[i] != b.path[i]) return false;
        return true;
    }
};

// Room for every legal move of any position; docs/rules.md explains how the bound was found.
inline constexpr std::size_t kMaxMoves = 1024;

// A list of moves that never allocates; push_back beyond capacity is ignored and recorded in overflowed().
// The storage is left uninitialised so that making a list costs nothing on the perft and search paths.
class MoveList {
public:
    MoveList() {}
    MoveList(const MoveList& other) : size_(other.size_), overflowed_(other.overflowed_) {
        for (std::size_t i = 0; i < size_; ++i) storage_.moves[i] = other.storage_.moves[i];
    }
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        overflowed_ = other.overflowed_;
        for (std::size_t i = 0; i < size_; ++i) storage_.moves[i] = other.storage_.moves[i];
        return *this;
    }

    void push_back(const Move& m) {
        if (size_ < kMaxMoves) storage_.moves[size_++] = m;
        else overflowed_ = true;
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool overflowed() const { return overflowed_; }
    void clear() {
        size_ = 0;
        overflowed_ = false;
    }
    // Keeps the first n moves.
    void truncate(std::size_t n) {
        if (n < size_) size_ = n;
    }
    const Move& operator[](std::size_t i) const { return storage_.moves[i]; }
    Move& operator[](std::size_t i) { return storage_.moves[i]; }
    const Move* begin() const { return storage_.moves; }
    const Move* end() const { return storage_.moves + size_; }
    Move* begin() { return storage_.moves; }
    Move* end() { return storage_.moves + size_; }

private:
    union Storage {
        Storage() {}
        Move moves[kMaxMoves];
    } storage_;
    std::size_t size_ = 0;
    bool overflowed_ = false;
};

}  // namespace fetaix
