// A hand (pieces held, ready to drop) packed into one 32-bit integer.
//
//   bit 27 | 26 25 | 24 | 23 22 | 21 | 20 19 18 | 17 | 16 15 14 | 13 | 12 11 10 | 9 | 8 7 6 | 5 | 4 .. 0
//        g |   R   |  g |   B   |  g |    G     |  g |    S     |  g |    N     | g |   L   | g |   P
//
// Each count has one spare "gap" bit above it (g). Subtracting hand B from hand A field by field
// borrows into a gap bit exactly when some count of A is smaller than B's, so "A holds at least
// every count of B" (hand dominance, used for proof and disproof pieces) is a subtraction and a
// mask.
#pragma once

#include <cstdint>

#include "types.h"

namespace kanju {

class Hand {
 public:
  constexpr Hand() : v_(0) {}
  constexpr explicit Hand(uint32_t v) : v_(v) {}

  constexpr int count(PieceType pt) const { return (v_ >> SHIFT[pt]) & MASK[pt]; }
  constexpr bool has(PieceType pt) const { return (v_ & (MASK[pt] << SHIFT[pt])) != 0; }
  constexpr void add(PieceType pt, int n = 1) { v_ += uint32_t(n) << SHIFT[pt]; }
  constexpr void remove(PieceType pt, int n = 1) { v_ -= uint32_t(n) << SHIFT[pt]; }
  constexpr void set(PieceType pt, int n) {
    v_ = (v_ & ~(MASK[pt] << SHIFT[pt])) | (uint32_t(n) << SHIFT[pt]);
  }
  constexpr bool empty() const { return v_ == 0; }
  constexpr int total() const {
    int n = 0;
    for (PieceType pt : HAND_TYPES_SFEN_ORDER) n += count(pt);
    return n;
  }
  // True when this hand holds at least as many of every type as `other`.
  constexpr bool dominates(Hand other) const { return ((v_ - other.v_) & BORROW_MASK) == 0; }
  // True when `pt` is the only type held (pawn-only hands, for example).
  constexpr bool only(PieceType pt) const { return (v_ & ~(MASK[pt] << SHIFT[pt])) == 0; }

  constexpr uint32_t raw() const { return v_; }
  constexpr bool operator==(Hand o) const { return v_ == o.v_; }
  constexpr bool operator!=(Hand o) const { return v_ != o.v_; }

  // Largest count a field can hold; matches the piece set (18 pawns, 4 golds, 2 rooks).
  static constexpr int max_count(PieceType pt) { return PIECE_SET_COUNT[pt]; }

 private:
  // Indexed by PieceType; only PAWN..GOLD are meaningful.
  static constexpr int SHIFT[8] = {0, 0, 6, 10, 14, 22, 25, 18};
  static constexpr uint32_t MASK[8] = {0, 31, 7, 7, 7, 3, 3, 7};
  static constexpr uint32_t BORROW_MASK =
      1u << 5 | 1u << 9 | 1u << 13 | 1u << 17 | 1u << 21 | 1u << 24 | 1u << 27;
  uint32_t v_;
};

}  // namespace kanju
