// 81-square bitboards and the attack tables built on them.
//
// A Bitboard is one unsigned 128-bit integer: bit sq is square sq (see types.h). Files are
// nine consecutive bits, so a pawn push is a shift by one and needs no mask. Sliding attacks use
// the classical ray method: a precomputed ray per square and direction, cut at the first blocker
// found with a bit scan (lowest bit for directions that increase the square index, highest for
// the others). Every table is computed at compile time; nothing here is mutable.
#pragma once

#include <cstdint>

#include "types.h"

namespace kanju {

class Bitboard {
 public:
  using u128 = unsigned __int128;

  constexpr Bitboard() : b_(0) {}
  constexpr explicit Bitboard(u128 b) : b_(b) {}
  static constexpr Bitboard square(Square sq) { return Bitboard(u128(1) << sq); }
  static constexpr Bitboard all() { return Bitboard((u128(1) << SQ_NB) - 1); }

  constexpr bool test(Square sq) const { return (b_ >> sq) & 1; }
  constexpr explicit operator bool() const { return b_ != 0; }
  constexpr bool any() const { return b_ != 0; }
  constexpr bool none() const { return b_ == 0; }
  constexpr uint64_t lo() const { return uint64_t(b_); }
  constexpr uint64_t hi() const { return uint64_t(b_ >> 64); }
  constexpr u128 raw() const { return b_; }

  int popcount() const { return __builtin_popcountll(lo()) + __builtin_popcountll(hi()); }
  bool more_than_one() const { return (b_ & (b_ - 1)) != 0; }
  // Lowest and highest set square; the board must not be empty.
  constexpr Square lsb() const {
    return lo() ? Square(__builtin_ctzll(lo())) : Square(64 + __builtin_ctzll(hi()));
  }
  constexpr Square msb() const {
    return hi() ? Square(127 - __builtin_clzll(hi())) : Square(63 - __builtin_clzll(lo()));
  }
  Square pop_lsb() {
    Square sq = lsb();
    b_ &= b_ - 1;
    return sq;
  }

  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(b_ & o.b_); }
  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(b_ | o.b_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(b_ ^ o.b_); }
  constexpr Bitboard operator~() const { return Bitboard(~b_ & all().b_); }
  constexpr Bitboard operator<<(int n) const { return Bitboard(b_ << n); }
  constexpr Bitboard operator>>(int n) const { return Bitboard(b_ >> n); }
  constexpr Bitboard& operator&=(Bitboard o) {
    b_ &= o.b_;
    return *this;
  }
  constexpr Bitboard& operator|=(Bitboard o) {
    b_ |= o.b_;
    return *this;
  }
  constexpr Bitboard& operator^=(Bitboard o) {
    b_ ^= o.b_;
    return *this;
  }
  constexpr bool operator==(Bitboard o) const { return b_ == o.b_; }
  constexpr bool operator!=(Bitboard o) const { return b_ != o.b_; }
  constexpr Bitboard& set(Square sq) {
    b_ |= u128(1) << sq;
    return *this;
  }
  constexpr Bitboard& clear(Square sq) {
    b_ &= ~(u128(1) << sq);
    return *this;
  }

  // Iterate the set squares: for (Square sq : bb) ...
  class Iterator {
   public:
    constexpr explicit Iterator(u128 b) : b_(b) {}
    Square operator*() const { return Bitboard(b_).lsb(); }
    Iterator& operator++() {
      b_ &= b_ - 1;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return b_ != o.b_; }

   private:
    u128 b_;
  };
  Iterator begin() const { return Iterator(b_); }
  Iterator end() const { return Iterator(0); }

 private:
  u128 b_;
};

// The eight ray directions. Those with a positive square delta come first.
enum Direction : uint8_t {
  DIR_S,   // +1  toward rank i (down the board for Black)
  DIR_W,   // +9  toward file 9
  DIR_NW,  // +8  file+1, rank-1
  DIR_SW,  // +10 file+1, rank+1
  DIR_N,   // -1
  DIR_E,   // -9
  DIR_SE,  // -8  file-1, rank+1
  DIR_NE,  // -10 file-1, rank-1
  DIR_NB
};

struct AttackTables {
  Bitboard step[COLOR_NB][PIECE_TYPE_NB][SQ_NB];  // non-sliding moves (and 1-step parts)
  Bitboard ray[SQ_NB][DIR_NB];                    // squares strictly beyond sq in a direction
  Bitboard between[SQ_NB][SQ_NB];                 // strictly between two aligned squares
  Bitboard line[SQ_NB][SQ_NB];                    // the whole line through two aligned squares
  Bitboard file_mask[9];
  Bitboard rank_mask[9];
  Bitboard zone[COLOR_NB];  // promotion zone, the far three ranks
};

extern const AttackTables ATTACK_TABLES;

inline Bitboard file_bb(int file) { return ATTACK_TABLES.file_mask[file]; }
inline Bitboard rank_bb(int rank) { return ATTACK_TABLES.rank_mask[rank]; }
inline Bitboard promotion_zone(Color c) { return ATTACK_TABLES.zone[c]; }
inline Bitboard between_bb(Square a, Square b) { return ATTACK_TABLES.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return ATTACK_TABLES.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return ATTACK_TABLES.line[a][b].test(c); }

// Attacks of a ray from sq in direction d, stopping at (and including) the first blocker.
template <Direction D>
inline Bitboard ray_attacks(Square sq, Bitboard occ) {
  Bitboard r = ATTACK_TABLES.ray[sq][D];
  Bitboard blockers = r & occ;
  if (blockers) {
    Square b = D < DIR_N ? blockers.lsb() : blockers.msb();
    r ^= ATTACK_TABLES.ray[b][D];
  }
  return r;
}

inline Bitboard lance_attacks(Color c, Square sq, Bitboard occ) {
  return c == BLACK ? ray_attacks<DIR_N>(sq, occ) : ray_attacks<DIR_S>(sq, occ);
}
inline Bitboard rook_attacks(Square sq, Bitboard occ) {
  return ray_attacks<DIR_N>(sq, occ) | ray_attacks<DIR_S>(sq, occ) | ray_attacks<DIR_E>(sq, occ) |
         ray_attacks<DIR_W>(sq, occ);
}
inline Bitboard bishop_attacks(Square sq, Bitboard occ) {
  return ray_attacks<DIR_NE>(sq, occ) | ray_attacks<DIR_NW>(sq, occ) |
         ray_attacks<DIR_SE>(sq, occ) | ray_attacks<DIR_SW>(sq, occ);
}
inline Bitboard step_attacks(Color c, PieceType pt, Square sq) {
  return ATTACK_TABLES.step[c][pt][sq];
}
inline Bitboard king_attacks(Square sq) { return ATTACK_TABLES.step[BLACK][KING][sq]; }

// Attacks of a piece type known at compile time (the move generators' loops over each type):
// no switch, and only the rays the type has. attacks_bb below picks one at run time.
template <PieceType PT>
inline Bitboard attacks_bb(Color c, Square sq, Bitboard occ) {
  if constexpr (PT == LANCE)
    return lance_attacks(c, sq, occ);
  else if constexpr (PT == BISHOP)
    return bishop_attacks(sq, occ);
  else if constexpr (PT == ROOK)
    return rook_attacks(sq, occ);
  else if constexpr (PT == HORSE)
    return bishop_attacks(sq, occ) | king_attacks(sq);
  else if constexpr (PT == DRAGON)
    return rook_attacks(sq, occ) | king_attacks(sq);
  else
    return step_attacks(c, PT, sq);
}

// Attacks of any piece type of colour c standing on sq, given the occupancy.
inline Bitboard attacks_bb(Color c, PieceType pt, Square sq, Bitboard occ) {
  switch (pt) {
    case LANCE: return attacks_bb<LANCE>(c, sq, occ);
    case BISHOP: return attacks_bb<BISHOP>(c, sq, occ);
    case ROOK: return attacks_bb<ROOK>(c, sq, occ);
    case HORSE: return attacks_bb<HORSE>(c, sq, occ);
    case DRAGON: return attacks_bb<DRAGON>(c, sq, occ);
    default: return step_attacks(c, pt, sq);
  }
}

}  // namespace kanju
