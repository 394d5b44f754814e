// Interpositions (合駒) and the board facts that decide whether one is futile (無駄合) on the
// spot, docs/RULES.md §4. The search (dfpn.cpp) asks the questions that need a search; these
// are the ones a look at the board answers.
#pragma once

#include "futile_policy.h"
#include "position.h"

namespace kanju {

// pos: defender to move. Whether m puts a piece on a square strictly between the king and its
// only checker, a ranging piece two or more squares away: a drop, or, when `moves` is set, a
// move of a piece other than the king (移動合).
bool is_interposition(const Position& pos, Move m, bool moves);

// Whether m is a drop interposition (the narrow reading's only kind).
inline bool is_drop_interposition(const Position& pos, Move m) {
  return m.is_drop() && is_interposition(pos, m, false);
}

// Whether the policy judges m at all (pos: defender to move): an interposition of a kind it may
// call futile. Never under FutilePolicy::Count.
inline bool is_judged_interposition(const Position& pos, Move m, FutilePolicy policy) {
  return policy != FutilePolicy::Count &&
         is_interposition(pos, m, judges_move_interpositions(policy));
}

// after: the position just after an attacker piece went from `origin` to `to` and took the
// interposed piece there (defender to move). Whether that capture checks alone and takes no
// help from a third piece (例外XY(Y)型): the capturer is the only checker, and no square the
// king could flee to, and no defender piece, is held only along a line through the square the
// capturer left. A piece reaching through that square joins the mate (XY(Z)型), or gives the
// check itself (XYZ型): grey zones, where the interposition counts as a defence.
bool capture_checks_alone(const Position& after, Square origin, Square to);

}  // namespace kanju
