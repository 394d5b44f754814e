#include "interposition.h"

namespace kanju {

bool is_interposition(const Position& pos, Move m, bool moves) {
  const Bitboard checkers = pos.checkers();
  if (checkers.none() || checkers.more_than_one()) return false;
  const Color defender = pos.side_to_move();
  const Square ksq = pos.king_square(defender);
  if (!between_bb(ksq, checkers.lsb()).test(m.to())) return false;
  if (m.is_drop()) return true;
  return moves && m.from() != ksq;
}

bool capture_checks_alone(const Position& after, Square origin, Square to) {
  const Color defender = after.side_to_move(), attacker = ~defender;
  const Square ksq = after.king_square(defender);
  // 1. The capturer alone checks: no discovered check through `origin` (XYZ).
  if (after.checkers() != Bitboard::square(to)) return false;
  // 2. Every flight square (the capturer's included, if the king could take it) that the
  //    attacker holds must stay held with `origin` filled again.
  const Bitboard occ = after.pieces() ^ Bitboard::square(ksq);
  const Bitboard refilled = occ | Bitboard::square(origin);
  Bitboard flights = king_attacks(ksq) & ~after.pieces(defender);
  while (flights) {
    const Square t = flights.pop_lsb();
    if (after.attacked(attacker, t, occ) && !after.attacked(attacker, t, refilled)) return false;
  }
  // 3. No ranging piece looks at the king through `origin` with at most one piece between:
  //    it would pin a defender piece that the refilled square would free.
  Bitboard sliders =
      after.pieces(attacker) & (after.pieces(LANCE) | after.pieces(BISHOP) | after.pieces(ROOK) |
                                after.pieces(HORSE) | after.pieces(DRAGON));
  while (sliders) {
    const Square z = sliders.pop_lsb();
    if (!between_bb(z, ksq).test(origin)) continue;
    const PieceType pt = type_of(after.piece_on(z));
    if (!attacks_bb(attacker, pt, z, Bitboard()).test(ksq)) continue;
    if ((between_bb(z, ksq) & after.pieces()).popcount() <= 1) return false;
  }
  return true;
}

}  // namespace kanju
