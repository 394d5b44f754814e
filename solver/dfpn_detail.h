// Small pieces of the df-pn search shared by its translation units (dfpn.cpp: the search loop;
// futility.cpp: the futile-interposition tests). Not part of the solver's interface.
#pragma once

#include <algorithm>

#include "dfpn.h"

namespace kanju::dfpn_detail {

constexpr PnDn THRESHOLD_MAX = PN_INF - 1;

inline MateLen plus_one(MateLen len) { return len >= DEPTH_UNLIMITED ? len : MateLen(len + 1); }

inline Hand hand_max(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, std::max(a.count(pt), b.count(pt)));
  return r;
}

// The key of the path to a child: the parent's path key and the move, mixed with the ply so
// that the same moves in another order give another path.
inline uint64_t child_path_key(uint64_t parent, Move m, int ply) {
  uint64_t x = parent ^ (uint64_t(m.raw()) << 16 | uint64_t(ply)) * 0x9e3779b97f4a7c15ULL;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 32);
}
// Marks the positions of the futility test, whose hands are not the game's.
constexpr uint64_t FUTILE_PATH_TAG = 0x6a09e667f3bcc909ULL;

inline NodeOutcome proven_outcome(MateLen hi, Hand proof, Move best) {
  NodeOutcome o;
  o.pn = 0, o.dn = PN_INF, o.lo = 0, o.hi = hi, o.hand = proof, o.best = best;
  return o;
}
inline NodeOutcome disproven_outcome(MateLen lo, Hand disproof, bool rep) {
  NodeOutcome o;
  o.pn = PN_INF, o.dn = 0, o.lo = lo, o.hand = disproof, o.rep = rep;
  return o;
}

}  // namespace kanju::dfpn_detail
