// Delayed expansion of the defender's replies (the order of an AND node's children in df-pn).
//
// Some replies wait until the one before them is mated, because proving one usually proves the
// other, and summing both proof numbers would count that work twice:
// 1. Drops onto one square, cheapest piece first.
// 2. Every drop away from the king, nearest first: such interpositions, taken one after
//    another, are mostly alike and cheap to refute, and summed they make a distant check (a
//    bishop sacrifice from across the board) look many times harder than it is. Drops next to
//    the king, the likelier real defences, stay apart. 将棋図巧 first proofs within 5M nodes: 95
//    to 99 solved, 111M to 73M nodes; 図巧8 is proven at all only with it. Chaining the adjacent
//    drops too solved 96, and doubled the nodes of hard no-mates. Questions with a length limit
//    chain them too: much of a "no mate within N" tree has no mate at all, and there the
//    per-square chain cost what this one saves (図巧6's last question after ▲４一馬 △２一玉:
//    29.2M nodes, 20.9M chained; README "How Kanju decides the answer", session 31).
//    A search expecting a refutation (verify's checks) lets the next square's drops in once the
//    front of the square before is no quick mate (Dfpn's DELAY_RELEASE_PN): a refutation on a
//    farther square must not wait behind a long mate (将棋図巧69, README "kanju verify").
// 3. A move without promotion behind the same move promoting, which mostly leaves the defender
//    better off (bench: 1,235k to 1,132k nodes). The generator emits the promotion just before
//    it, and the sort keeps the board moves' order.
//
// The search sorts the replies with `reply_before` (stably) and lets each wait behind the one
// before it when `waits_behind` says so. The first estimate of an attacker move counts the
// replies the same way (first_estimate.h).
#pragma once

#include "types.h"

namespace kanju {

// A drop two or more squares from the king (ksq): such interpositions are chained behind one
// another (2. above).
inline bool far_interposition(Move m, Square ksq) {
  return m.is_drop() && distance(m.to(), ksq) > 1;
}

// The order of the replies: board moves first (in the generator's order), then drops, nearest
// the king first, by square, cheapest piece first.
inline bool reply_before(Move a, Move b, Square ksq) {
  if (a.is_drop() != b.is_drop()) return !a.is_drop();
  if (!a.is_drop()) return false;
  const int da = distance(a.to(), ksq), db = distance(b.to(), ksq);
  if (da != db) return da < db;
  if (a.to() != b.to()) return a.to() < b.to();
  return a.drop_type() < b.drop_type();
}

// Whether reply m waits until `prev`, the reply just before it in that order, is mated.
inline bool waits_behind(Move m, Move prev, Square ksq) {
  if (m.is_drop())
    return prev.is_drop() &&
           (m.to() == prev.to() || (far_interposition(m, ksq) && far_interposition(prev, ksq)));
  return !m.is_promotion() && !prev.is_drop() && prev.is_promotion() && prev.from() == m.from() &&
         prev.to() == m.to();
}

}  // namespace kanju
