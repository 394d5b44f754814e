// Basic shogi vocabulary: colours, squares, piece types, pieces and moves.
//
// Square numbering follows the USI/YaneuraOu convention: sq = file * 9 + rank, where file 0 is
// the 1-file (USI "1") and rank 0 is rank a (一段). Black (sente) moves toward rank 0. Keeping
// one file in nine consecutive bits makes pawn pushes a shift by one and lance rays contiguous.
#pragma once

#include <cstdint>

namespace kanju {

enum Color : uint8_t { BLACK = 0, WHITE = 1, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

using Square = int;  // 0..80, SQ_NONE = 81
constexpr Square SQ_NB = 81;
constexpr Square SQ_NONE = 81;

constexpr int file_of(Square sq) { return sq / 9; }
constexpr int rank_of(Square sq) { return sq % 9; }
constexpr Square make_square(int file, int rank) { return file * 9 + rank; }
constexpr bool is_ok(Square sq) { return sq >= 0 && sq < SQ_NB; }
// King steps between two squares (the larger of the file and rank differences).
constexpr int distance(Square a, Square b) {
  const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
  const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
  return df > dr ? df : dr;
}

// Rank as seen by colour c: 0 is the far rank (where pawns must promote).
constexpr int relative_rank(Color c, int rank) { return c == BLACK ? rank : 8 - rank; }
constexpr bool in_promotion_zone(Color c, Square sq) { return relative_rank(c, rank_of(sq)) <= 2; }

// The promoted types line up under their base types (PRO_PAWN = PAWN | 8 ...).
// clang-format off
enum PieceType : uint8_t {
  NO_PIECE_TYPE = 0,
  PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING,
  PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON,
  PIECE_TYPE_NB
};
// clang-format on
constexpr int PROMOTION_BIT = 8;  // promoted type = base type | 8 (for PAWN..ROOK)

constexpr bool is_promotable(PieceType pt) { return pt >= PAWN && pt <= ROOK; }
constexpr bool is_promoted(PieceType pt) { return pt > KING; }
constexpr PieceType promote(PieceType pt) { return PieceType(pt | PROMOTION_BIT); }
constexpr PieceType unpromote(PieceType pt) { return pt > KING ? PieceType(pt & 7) : pt; }
// Types that can be held in hand, in the canonical SFEN order R,B,G,S,N,L,P.
constexpr PieceType HAND_TYPES_SFEN_ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
constexpr bool is_hand_type(PieceType pt) { return pt >= PAWN && pt <= GOLD; }

// Piece = type | colour << 4; 0 is the empty square.
enum Piece : uint8_t { NO_PIECE = 0, PIECE_NB = 32 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// Pieces of one type in a full set, indexed by unpromoted hand type (PAWN..GOLD).
constexpr int PIECE_SET_COUNT[8] = {0, 18, 4, 4, 4, 2, 2, 4};  // index by unpromoted type

// Dead pieces (docs/RULES.md §1-2), the one statement of the rule that the move generator, the
// readers and the generator's mutations share: a pawn or lance on its last rank, or a knight on
// its last two, could never move again. So no game reaches such a position, promotion onto
// those ranks is forced, and no drop lands there.
constexpr int min_live_rank(PieceType pt) {
  return pt == PAWN || pt == LANCE ? 1 : pt == KNIGHT ? 2 : 0;
}
constexpr bool could_never_move(Color c, PieceType pt, Square sq) {
  return relative_rank(c, rank_of(sq)) < min_live_rank(pt);
}

// A move in 32 bits:
//   bits  0- 6  destination square
//   bits  7-13  origin square, or SQ_NB + piece type for a drop
//   bit     14  promotion
//   bits 16-20  the moving piece (coloured, before promotion)
// MOVE_NONE (0) can never be a real move because origin and destination differ.
class Move {
 public:
  constexpr Move() : v_(0) {}
  constexpr explicit Move(uint32_t v) : v_(v) {}

  static constexpr Move make(Square from, Square to, Piece pc, bool promote = false) {
    return Move(uint32_t(to) | uint32_t(from) << 7 | uint32_t(promote) << 14 | uint32_t(pc) << 16);
  }
  static constexpr Move make_drop(PieceType pt, Square to, Color c) {
    return Move(uint32_t(to) | uint32_t(SQ_NB + pt) << 7 | uint32_t(make_piece(c, pt)) << 16);
  }

  constexpr Square to() const { return Square(v_ & 0x7f); }
  constexpr Square from() const { return Square((v_ >> 7) & 0x7f); }
  constexpr bool is_drop() const { return from() >= SQ_NB; }
  constexpr PieceType drop_type() const { return PieceType(from() - SQ_NB); }
  constexpr bool is_promotion() const { return (v_ >> 14) & 1; }
  constexpr Piece moved_piece() const { return Piece((v_ >> 16) & 31); }
  // The piece standing on the destination after the move.
  constexpr Piece piece_after() const {
    return is_promotion() ? Piece(moved_piece() | PROMOTION_BIT) : moved_piece();
  }
  constexpr uint32_t raw() const { return v_; }
  constexpr explicit operator bool() const { return v_ != 0; }
  constexpr bool operator==(Move o) const { return v_ == o.v_; }
  constexpr bool operator!=(Move o) const { return v_ != o.v_; }

 private:
  uint32_t v_;
};

constexpr Move MOVE_NONE{};
// Enough for the most crowded legal position (593 moves) with every non-promotion.
constexpr int MAX_MOVES = 1024;

}  // namespace kanju
