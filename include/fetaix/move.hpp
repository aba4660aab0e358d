#pragma once
// A move and a fixed-capacity list of moves.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bitboard.hpp"
#include "point.hpp"

namespace fetaix {

// The most pieces one sequence can capture: every enemy piece.
inline constexpr int kMaxCaptures = 12;

// One whole turn (docs/rules.md section 3).
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

// Moves kept inside a MoveList before it moves to the heap. Real games stay far below it; a mullah
// facing many scattered pieces can have tens of thousands of capture sequences (docs/rules.md), and
// those rare lists spill to the heap instead of overflowing.
inline constexpr std::size_t kInlineMoves = 256;

// A list of moves that does not allocate until it holds more than kInlineMoves. The inline storage is
// left uninitialised so that making a list costs nothing on the perft and search paths.
class MoveList {
public:
    MoveList() : data_(inline_.moves) {}
    MoveList(const MoveList& other) : MoveList() { assign(other); }
    MoveList& operator=(const MoveList& other) {
        if (this != &other) {
            size_ = 0;
            assign(other);
        }
        return *this;
    }
    ~MoveList() = default;

    void push_back(const Move& m) {
        if (size_ == capacity_) grow(capacity_ * 2);
        data_[size_++] = m;
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    // Keeps the first n moves.
    void truncate(std::size_t n) {
        if (n < size_) size_ = n;
    }
    const Move& operator[](std::size_t i) const { return data_[i]; }
    Move& operator[](std::size_t i) { return data_[i]; }
    const Move* begin() const { return data_; }
    const Move* end() const { return data_ + size_; }
    Move* begin() { return data_; }
    Move* end() { return data_ + size_; }

private:
    void grow(std::size_t capacity) {
        std::vector<Move> bigger(capacity);
        for (std::size_t i = 0; i < size_; ++i) bigger[i] = data_[i];
        heap_ = std::move(bigger);
        data_ = heap_.data();
        capacity_ = capacity;
    }
    void assign(const MoveList& other) {
        if (other.size_ > capacity_) grow(other.size_);
        for (std::size_t i = 0; i < other.size_; ++i) data_[i] = other.data_[i];
        size_ = other.size_;
    }

    union Storage {
        Storage() {}
        Move moves[kInlineMoves];
    } inline_;
    Move* data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = kInlineMoves;
    std::vector<Move> heap_;  // (a vector, not a unique_ptr: <memory> brings <ostream> to every includer)
};

}  // namespace fetaix
