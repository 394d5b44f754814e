// Proof and disproof numbers, mate lengths, and the result of a look-up, shared by the proof
// table and the df-pn search.
#pragma once

#include <cstdint>

#include "futile_policy.h"
#include "hand.h"
#include "types.h"

namespace kanju {

// 64 bits: the disproof number of an OR node is a sum over its checks, of AND nodes that take
// the smallest of their replies' sums, so it multiplies with depth; on long problems (将棋図巧
// 83, 261 plies) 32 bits saturated within two million nodes and the search stopped with
// neither proof nor disproof. The table stores unfinished numbers in 32 bits (TableEntry).
using PnDn = uint64_t;
constexpr PnDn PN_INF = PnDn(1) << 62;  // infinite proof/disproof number; sums saturate at this

// A mate length in plies. Lengths grow by one per ply; NO_MATE_LEN bounds "no mate at all".
using MateLen = uint16_t;
constexpr MateLen NO_MATE_LEN = 0xffff;
// Search depth limit meaning "unlimited"; lengths are always below it.
constexpr MateLen DEPTH_UNLIMITED = 0xfff0;

inline PnDn saturating_add(PnDn a, PnDn b) {
  PnDn s = a + b;
  return s >= PN_INF ? PN_INF : s;
}

// What the table knows about one node (board + attacker hand) for one query.
struct TableResult {
  PnDn pn = 1;
  PnDn dn = 1;
  // The node's mate length lies in [lo, hi]: lo = "no mate in fewer than lo plies", hi = "mate in
  // at most hi plies" (NO_MATE_LEN when no mate is known).
  MateLen lo = 0;
  MateLen hi = NO_MATE_LEN;
  Hand hand;  // proof pieces when proven, disproof pieces when disproven
  Move best = MOVE_NONE;
  bool found = false;  // an entry with this exact hand exists
  // Unlimited queries only: the largest unfinished numbers of entries for the same board whose
  // attacker held more (pn_floor) or fewer (dn_floor) pieces. With more pieces a mate is no
  // harder to find, with fewer no harder to refute, so these are first estimates that keep the
  // search from treating each order of captures and drops as a fresh, easy node. Already
  // applied to pn and dn when `found`.
  PnDn pn_floor = 0;
  PnDn dn_floor = 0;
  bool rep_dependent = false;  // the stored disproof came from a repetition on some path
  bool exact_hand = false;     // found among the results that hold for this attacker hand only
};

}  // namespace kanju
