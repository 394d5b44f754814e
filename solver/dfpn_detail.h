// Small pieces of the df-pn search shared by its translation units (dfpn.cpp: the search loop;
// futility.cpp: the futile-interposition tests). Not part of the solver's interface.
#pragma once

#include <algorithm>

#include "dfpn.h"
#include "proof_hand.h"
#include "repetition.h"

namespace kanju::dfpn_detail {

constexpr PnDn THRESHOLD_MAX = PN_INF - 1;

inline MateLen plus_one(MateLen len) { return len >= DEPTH_UNLIMITED ? len : MateLen(len + 1); }

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
