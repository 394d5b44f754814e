#include "first_estimate.h"

#include "delayed_expansion.h"
#include "dfpn_detail.h"
#include "interposition.h"
#include "movegen.h"
#include "proof_hand.h"

namespace kanju {

using namespace dfpn_detail;

Hand short_disproof_hand(const MoveList<EVASIONS>& replies, Hand hand) {
  for (Move e : replies)
    if (!e.is_drop()) return all_pieces();
  return hand;
}

namespace {

NodeOutcome after_attacker_move(const Position& pos, Color attacker, MateLen remaining, MateLen lo,
                                FutilePolicy policy) {
  const MoveList<EVASIONS> replies_list(pos);
  const Square ksq = pos.king_square(pos.side_to_move());
  int replies = 0;
  Bitboard drop_squares;
  bool far_drop = false;
  for (Move e : replies_list) {
    if (!e.is_drop())
      ++replies;
    else if (far_interposition(e, ksq))
      replies += !far_drop, far_drop = true;
    else if (!drop_squares.test(e.to()))
      drop_squares.set(e.to()), ++replies;
  }
  if (replies == 0) return proven_outcome(0, mated_proof_hand(pos, Hand()), MOVE_NONE);
  // Too short for a reply and a mate, unless every reply may be a futile interposition.
  bool maybe_all_futile = remaining < DEPTH_UNLIMITED;
  for (Move e : replies_list)
    maybe_all_futile = maybe_all_futile && is_judged_interposition(pos, e, policy);
  if (remaining < 2 && !maybe_all_futile)
    return disproven_outcome(MateLen(remaining + 1),
                             short_disproof_hand(replies_list, pos.hand(attacker)), false);
  NodeOutcome o;
  o.pn = PnDn(replies), o.dn = 1, o.lo = lo;
  return o;
}

NodeOutcome after_defender_move(const Position& pos, Color attacker, MateLen remaining,
                                MateLen lo) {
  const int checks = MoveList<CHECKS>(pos).size();
  if (checks == 0) return disproven_outcome(NO_MATE_LEN, widen_held(pos.hand(attacker)), false);
  if (remaining < 1) return disproven_outcome(MateLen(remaining + 1), all_pieces(), false);
  NodeOutcome o;
  o.pn = 1, o.dn = PnDn(checks), o.lo = lo;
  return o;
}

}  // namespace

NodeOutcome first_estimate(const Position& pos, Color attacker, MateLen remaining, MateLen lo,
                           FutilePolicy policy) {
  return pos.side_to_move() == attacker ? after_defender_move(pos, attacker, remaining, lo)
                                        : after_attacker_move(pos, attacker, remaining, lo, policy);
}

}  // namespace kanju
