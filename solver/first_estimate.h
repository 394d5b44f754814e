// First estimates (df-pn+): the numbers a child starts with when the table knows nothing of it,
// read off its moves without searching them.
//
// After an attacker move (the child is an AND node): mate in one when the defender has no
// reply; otherwise the proof number is the number of replies, counted as the search will expand
// them (delayed_expansion.h: drops onto one square once, and when asked for a mate at all every
// drop away from the king once). After a defender move (an OR node): no check at all is a final
// no-mate; otherwise the disproof number is the number of checks. Within a bound too short for
// another move and a mate, the child fails at once, unless (AND) every reply may be a futile
// interposition, which only the search can tell.
#pragma once

#include "dfpn.h"
#include "movegen.h"

namespace kanju {

// The disproof pieces of "no mate within one more ply" at a defender node with these replies
// and the attacker holding `hand`: all pieces when some reply is not a drop (more attacker
// pieces only take drops away from the defender), else the hand itself.
Hand short_disproof_hand(const MoveList<EVASIONS>& replies, Hand hand);

// The first numbers of `pos` (the child, after its parent's move), which must be mated within
// `remaining` plies by `attacker`. `lo` is the table's lower bound for it (0 when unknown);
// `policy` says which interpositions may turn out futile.
NodeOutcome first_estimate(const Position& pos, Color attacker, MateLen remaining, MateLen lo,
                           FutilePolicy policy);

}  // namespace kanju
