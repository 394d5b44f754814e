// Proof and disproof pieces (証明駒 / 反証駒): the part of the attacker's hand that a proof needs,
// or the most a disproof allows. A proof found with hand H holds for every hand that has at
// least its proof pieces; a disproof for every hand that has at most its disproof pieces. The
// proof table shares its results between hands this way (proof_table.h).
//
// Small and called at every node of the search, so defined here, inline.
#pragma once

#include <algorithm>

#include "bitboard.h"
#include "hand.h"
#include "position.h"

namespace kanju {

inline Hand hand_min(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, std::min(a.count(pt), b.count(pt)));
  return r;
}

inline Hand hand_max(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, std::max(a.count(pt), b.count(pt)));
  return r;
}

// Every held type raised to the set's maximum: for a node whose disproof does not depend on how
// many pieces of a held type the attacker has (more of them adds no new move).
inline Hand widen_held(Hand h) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, h.has(pt) ? Hand::max_count(pt) : 0);
  return r;
}

// Every type at the set's maximum: a disproof that no attacker hand could change, such as "no
// mate within 0 plies", holds for all of them, and a large disproof hand lets the table reuse it
// for every other order of drops that reaches the same board.
inline Hand all_pieces() {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, Hand::max_count(pt));
  return r;
}

// Proof and disproof pieces carry across an attacker move the same way: the dropped piece was
// in hand before the move, and a captured piece was not. `pos` is the position before m.
inline Hand hand_before_move(const Position& pos, Move m, Hand child_hand) {
  if (m.is_drop()) {
    child_hand.add(m.drop_type());
  } else if (Piece cap = pos.piece_on(m.to()); cap != NO_PIECE) {
    PieceType pt = unpromote(type_of(cap));
    if (child_hand.has(pt)) child_hand.remove(pt);
  }
  return child_hand;
}

// The proof pieces of a mated AND node (pos: the defender to move) whose replies' proofs need
// `proof`. The proof also relied on the defender lacking pieces to drop between the king and a
// distant checker: with fewer attacker pieces the defender would hold them. Such types keep the
// attacker's full count.
inline Hand mated_proof_hand(const Position& pos, Hand proof) {
  const Color defender = pos.side_to_move();
  const Square ksq = pos.king_square(defender);
  const Bitboard checkers = pos.checkers();
  if (checkers.more_than_one() || checkers.none()) return proof;
  if (between_bb(ksq, checkers.lsb()).none()) return proof;
  const Hand attacker_hand = pos.hand(~defender);
  const Hand defender_hand = pos.hand(defender);
  for (PieceType pt : HAND_TYPES_SFEN_ORDER)
    if (!defender_hand.has(pt)) proof.set(pt, attacker_hand.count(pt));
  return proof;
}

}  // namespace kanju
