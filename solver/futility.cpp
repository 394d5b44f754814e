// The futile-interposition tests of the df-pn search (docs/RULES.md §4): on the spot (例外X型,
// 例外XY(Y)型, chains), 狭義 in its length form, the experimental wide reading, and the rescue of
// a refutation that turns out to be a futile interposition. Members of Dfpn: they search with
// the same table, path and frames as the search that asks them.
#include "dfpn.h"
#include "dfpn_detail.h"
#include "movegen.h"

namespace kanju {

using namespace dfpn_detail;

// docs/RULES.md §4: the interposition is futile when it is taken at once and the position, with
// the taken piece handed back to the defender, is still mate: mate on the spot, the defender
// having no reply but further futile interpositions ("taken, and mated the same way"; a chain is
// so judged from its last link back). Taken by the checker: 例外X型. Under Composer also taken by
// another piece that then checks alone, with no help through the square it left: 例外XY(Y)型
// (capture_checks_alone). This reading does not depend on the length asked for, so "mated within
// n plies" stays one well-defined question; and it only gets easier as the attacker holds more
// (the defender then holds less to interpose), so proofs stay shared between attacker hands.
// Handing the piece back keeps the hands' sum right, and lets the defender interpose it again.
// Two other readings were tried and rejected: "mate at any length" discards real counter-play
// (in the bundled 7-move problem a silver between rook and king lets the king take the rook),
// and "mate within the node's own bound" makes the answer depend on the bound, so that a node
// can be mated within 2 plies only because every reply is futile at that bound, and no main
// line exists.
// The search starts two plies deeper so that the current path and its frames stay intact.
bool Dfpn::futile_on_the_spot(Position& pos, int ply, Move m, Hand& proof, MateLen within,
                              bool* exact) {
  const Square csq = pos.checkers().lsb();
  const bool other_capturers = judges_move_interpositions(futile_policy_);
  return each_capture_handed_back(pos, ply, m, !other_capturers, [&](Move c) {
    if (c.from() != csq && !capture_checks_alone(pos, c.from(), c.to())) return false;
    const NodeOutcome o = settle(pos, ply + 2, within);
    if (!o.proven()) return false;
    proof = o.hand;
    // The mate on the spot may rest on interpositions futile by 狭義 (a proof the table holds
    // for this hand only): then so does this verdict.
    if (exact) *exact = o.exact;
    return true;
  });
}

// Plays the interposition m and each capture of it that gives check (by the checker only, if
// `checker_only`), hands the taken piece back to the defender, and asks `taken` about the
// position (defender to move, two plies deeper: the current path and its frames stay intact).
// Stops at the first capture for which `taken` says true, and says whether there was one.
bool Dfpn::each_capture_handed_back(Position& pos, int ply, Move m, bool checker_only,
                                    const std::function<bool(Move)>& taken) {
  const Square csq = pos.checkers().lsb();
  const Square to = m.to();
  bool found = false;
  visit(pos, m);
  const PieceType pt = unpromote(type_of(pos.piece_on(to)));
  path_.reserve(ply + 3);
  path_.position(ply + 1) = pos.key();
  path_.path_key(ply + 1) = child_path_key(path_.path_key(ply), m, ply);
  for (Move c : MoveList<LEGAL>(pos)) {
    if (c.is_drop() || c.to() != to || (checker_only && c.from() != csq)) continue;
    path_.path_key(ply + 2) = child_path_key(path_.path_key(ply + 1), c, ply + 1) ^ FUTILE_PATH_TAG;
    visit(pos, c);
    // A capture that gives no check (a lance promoting next to the square) leaves the defender
    // free to move at will: it proves nothing.
    if (pos.in_check()) {
      pos.transfer_hand_piece(attacker_, ~attacker_, pt);
      found = taken(c);
      pos.transfer_hand_piece(~attacker_, attacker_, pt);
    }
    pos.undo_move();
    if (found) break;
  }
  pos.undo_move();
  return found;
}

// FutilePolicy::Wide, at an AND node that must be mated within `remaining`: the drop is
// futile when it only adds two plies, that is when, taken, it is mate within the node's value
// and a reply that is not a drop lasts that long. The value is even (the defender is to move),
// so R = remaining rounded down to even. Naming the bound is sound: the two conditions say
// W(taken) <= R <= W(non-drops), which is the definition, so a drop called futile is futile.
// The question only arises when the drop's own line outlasts the bound, and then, as long as
// the piece taken does not lengthen the mate, W(taken) >= R and the drop is futile only if
// W(taken) = W(non-drops) = R: none is missed. Where an extra piece does lengthen it (a reply
// mated faster can make a drop count again) one may be missed, and a value resting on that one
// may in turn misjudge a drop above it. The mate itself never depends on it: every drop is
// still refuted. With R = 0 it is the narrow rule.
bool Dfpn::wide_futile(Position& pos, int ply, Move m, Hand& proof, MateLen remaining) {
  const MateLen r = MateLen(remaining & ~MateLen(1));
  if (!non_drop_lasts(pos, ply, r)) return false;
  return futile_on_the_spot(pos, ply, m, proof, r);
}

// Whether some reply that is not a drop is not mated within value - 2 (lasts `value` plies or
// more; value 0: always). Searched one ply down, where no child search is under way.
// With `all_interpositions`, replies that are no interposition of any kind (the 狭義 test).
bool Dfpn::non_drop_lasts(Position& pos, int ply, MateLen value, bool all_interpositions) {
  if (value == 0) return true;
  path_.reserve(ply + 2);
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (all_interpositions ? is_judged_interposition(pos, e) : e.is_drop()) continue;
    path_.path_key(ply + 1) = child_path_key(path_.path_key(ply), e, ply);
    visit(pos, e);
    const NodeOutcome o = settle(pos, ply + 1, MateLen(value - 2));
    pos.undo_move();
    if (o.disproven()) return true;
  }
  return false;
}

// docs/RULES.md §4, 狭義無駄合 in its length form: the checker takes the interposition and, with
// the piece handed back to the defender (so that the attacker mates without it), the mate is
// no longer than the defender's best reply that is no interposition: the interposition only
// added the capture. W(taken) <= V(other replies) is a statement about exact values, so it
// does not depend on the bound asked for: W(taken) is found exactly below the node's bound
// (above it, the node is not mated within the bound whatever the answer), and then some other
// reply must last W(taken) - 1 plies. A piece more in the attacker's hand can shorten the
// other replies and so make the interposition count again (the 2-ply 変長 with a spare piece),
// so whatever rests on this test holds for this attacker hand only (NodeOutcome::exact).
// Under a limit that runs out, the answer may be "not futile" wrongly; the refutation built on
// it is then discarded like any other found after the budget ran out (mid, step 4).
bool Dfpn::futile_in_narrow_sense(Position& pos, int ply, Move m, MateLen remaining) {
  const MateLen bound = MateLen(remaining & ~MateLen(1));  // a defender node's value is even
  const Square ksq = pos.king_square(pos.side_to_move());
  Bitboard flights;
  for (Move e : MoveList<EVASIONS>(pos))
    if (!e.is_drop() && e.from() == ksq) flights.set(e.to());
  MateLen taken = NO_MATE_LEN;
  each_capture_handed_back(pos, ply, m, true, [&](Move) {
    if (same_defences(pos, flights))
      taken = std::min(taken, shortest_within(pos, ply + 2, std::min(bound, taken)));
    return false;
  });
  return taken <= bound && non_drop_lasts(pos, ply, taken, true);
}

// 狭義's "every defence runs as without the interposition", on the board: after the capture the
// defender has no new reply, neither a capture of the capturer nor a flight that the checker
// guarded from where it stood. Such a reply is a new variation, and makes the interposition
// real (DETOUR in tests/test_verify.cpp: the king takes the rook that took the interposed one).
bool Dfpn::same_defences(const Position& pos, Bitboard flights_before) const {
  const Square ksq = pos.king_square(pos.side_to_move());
  const Square checker = pos.checkers().lsb();
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (is_judged_interposition(pos, e)) continue;
    if (e.to() == checker) return false;
    if (!e.is_drop() && e.from() == ksq && !flights_before.test(e.to())) return false;
  }
  return true;
}

// The shortest mate of an AND node within `bound` plies; NO_MATE_LEN when there is none, or
// when the budget ran out before one was found.
MateLen Dfpn::shortest_within(Position& pos, int ply, MateLen bound) {
  if (bound == NO_MATE_LEN) return NO_MATE_LEN;
  NodeOutcome o = settle(pos, ply, bound);
  if (!o.proven()) return NO_MATE_LEN;
  MateLen shortest = o.hi;
  while (shortest >= 2) {
    o = settle(pos, ply, MateLen(shortest - 2));
    if (!o.proven()) break;
    shortest = o.hi;
  }
  return shortest;
}

bool Dfpn::is_futile(Position& pos, Color attacker, Move m, MateLen value, uint64_t budget) {
  if (!is_judged_interposition(pos, m)) return false;
  attacker_ = attacker;
  start_query(budget);
  if (nodes_ == 0) start_ = std::chrono::steady_clock::now();
  aborted_ = false;
  path_.reserve(1);
  path_.position(0) = pos.key();
  path_.path_key(0) = pos.key() ^ FUTILE_PATH_TAG;
  Hand proof;
  if (interposition_is_futile(pos, 0, m, proof, value)) return true;
  return futile_policy_ == FutilePolicy::Composer && value > 0 &&
         futile_in_narrow_sense(pos, 0, m, value);
}

// The futility tests ask the same positions again and again (each interposition of a chain,
// each piece type on one square, each bound of a shortest-mate loop): what the table already
// settled is not searched again, nor are the futility tests inside it.
NodeOutcome Dfpn::settle(Position& pos, int ply, MateLen bound) {
  const TableResult t = probe(pos, bound);
  if (t.pn == 0) {
    NodeOutcome o = proven_outcome(t.hi, t.hand, t.best);
    o.exact = t.exact_hand;
    return o;
  }
  if (t.dn == 0) {
    NodeOutcome o = disproven_outcome(t.lo, t.hand, false);
    o.exact = t.exact_hand;
    return o;
  }
  NodeOutcome o = mid(pos, ply, THRESHOLD_MAX, THRESHOLD_MAX, bound);
  futile_rep_ |= o.disproven() && o.rep;
  return o;
}

bool Dfpn::has_other_defence(const Position& pos) const {
  for (Move e : MoveList<EVASIONS>(pos))
    if (!is_judged_interposition(pos, e)) return true;
  return false;
}

bool Dfpn::interposition_is_futile(Position& pos, int ply, Move m, Hand& proof, MateLen remaining) {
  return futile_policy_ == FutilePolicy::Wide ? wide_futile(pos, ply, m, proof, remaining)
                                              : futile_on_the_spot(pos, ply, m, proof);
}

bool Dfpn::rescue_futile(Position& pos, int ply, int refuter, MateLen remaining) {
  if (futile_policy_ == FutilePolicy::Count || remaining >= DEPTH_UNLIMITED || refuter < 0)
    return false;
  Child& c = frames_[ply][refuter];
  if (c.futile_checked || !is_judged_interposition(pos, c.move)) return false;
  c.futile_checked = true;
  const Move m = c.move;
  Hand proof;
  bool exact = false;
  const bool outer_rep = futile_rep_;
  futile_rep_ = false;
  bool futile = futile_policy_ == FutilePolicy::Wide
                    ? interposition_is_futile(pos, ply, m, proof, remaining)
                    : futile_on_the_spot(pos, ply, m, proof, 0, &exact);
  const bool composer = futile_policy_ == FutilePolicy::Composer;
  // 狭義, where there is a reply to compare with (without one, on the spot is all there is).
  if (!futile && composer && has_other_defence(pos)) {
    exact = true;
    futile = futile_in_narrow_sense(pos, ply, m, other_replies_bound(pos, ply, remaining));
    proof = pos.hand(attacker_);
  }
  // A drop's verdict holds for every piece dropped on that square: taken and handed back, each
  // leaves the same position.
  std::vector<Child>& kids = frames_[ply];
  for (size_t i = 0; i < kids.size(); ++i) {
    Child& k = kids[i];
    const bool same = int(i) == refuter || (composer && m.is_drop() && k.move.is_drop() &&
                                            k.move.to() == m.to() && !k.futile_checked);
    if (!same) continue;
    k.futile_checked = true;
    k.narrow_tested = exact && !futile;
    // "Not futile" because a line inside the test repeated a position of the current path holds
    // on this path only, as a failure by repetition does (mid, steps 1 and 4).
    k.rep_tested = !futile && futile_rep_;
    if (!futile) continue;
    k.v = proven_outcome(0, proof, MOVE_NONE);
    k.v.exact = exact;
    k.futile = true;
  }
  futile_rep_ |= outer_rep;
  return futile;
}

// An upper bound on the value of the replies that are no interposition, when the search has
// proven them all (1 + the longest mate found), else `remaining`: the 狭義 test needs the mate
// after the capture only up to there.
MateLen Dfpn::other_replies_bound(const Position& pos, int ply, MateLen remaining) const {
  MateLen bound = 0;
  for (const Child& k : frames_[ply]) {
    if (is_judged_interposition(pos, k.move)) continue;
    if (!k.v.proven()) return remaining;
    bound = std::max(bound, plus_one(k.v.hi));
  }
  return std::min(bound, remaining);
}

}  // namespace kanju
