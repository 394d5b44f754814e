#include "meeting_bound.h"

#include <algorithm>

namespace kanju {

namespace {

// The fewest plies from `from`, at least n, in which each colour c makes moves[c] moves at least
// (the side to move first), ending with `side` to move.
int plies_for(const Position& from, const int (&moves)[COLOR_NB], int n, Color side) {
  const Color first = from.side_to_move();
  for (Color c : {BLACK, WHITE})
    if (moves[c] > 0) n = std::max(n, c == first ? 2 * moves[c] - 1 : 2 * moves[c]);
  if ((n % 2 == 1) != (side != first)) ++n;
  return n;
}

}  // namespace

int plies_to_king_square(const Position& from, Color defender, Square king_to, Color side) {
  int moves[COLOR_NB] = {0, 0};
  moves[defender] = distance(from.king_square(defender), king_to);
  return plies_for(from, moves, 0, side);
}

int plies_to_board(const Position& from, const Position& to, Color defender) {
  Bitboard differ;  // squares whose content differs
  for (Color c : {BLACK, WHITE})
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
      differ |= from.pieces(c, PieceType(pt)) ^ to.pieces(c, PieceType(pt));
  // A square that is to hold a piece of c it does not hold now is last changed by a move of c
  // ending there (any other move leaves it empty or the other colour's): one move of c each. The
  // king's steps are moves of its own, which put no other piece anywhere.
  const Square king_to = to.king_square(defender);
  int moves[COLOR_NB];
  for (Color c : {BLACK, WHITE})
    moves[c] = (differ & to.pieces(c) & ~Bitboard::square(king_to)).popcount();
  moves[defender] += distance(from.king_square(defender), king_to);
  // A promoted piece more than the board holds is made by a move of an unpromoted one of its
  // kind, which must first be dropped where the board has too few: a move of its own, ending on
  // the square the piece then leaves (so no arrival counted above).
  for (Color c : {BLACK, WHITE})
    for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK}) {
      const PieceType promoted = PieceType(pt | PROMOTION_BIT);
      const int made = to.pieces(c, promoted).popcount() - from.pieces(c, promoted).popcount();
      moves[c] += std::max(0, made - from.pieces(c, pt).popcount());
    }
  return plies_for(from, moves, (differ.popcount() + 1) / 2, to.side_to_move());
}

}  // namespace kanju
