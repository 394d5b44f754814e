#include "dfpn.h"

#include <algorithm>

#include "movegen.h"

namespace kanju {

namespace {

constexpr PnDn THRESHOLD_MAX = PN_INF - 1;
// epsilon = 1/2 in the 1+epsilon threshold of Pawlewicz and Lew (1/4, 1/8 and 1 were measured:
// 1/2 proves the length of long problems with the fewest nodes, see the commit that set it).
constexpr PnDn EPSILON_DIVISOR = 2;

MateLen plus_one(MateLen len) { return len >= DEPTH_UNLIMITED ? len : MateLen(len + 1); }

Hand hand_max(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, std::max(a.count(pt), b.count(pt)));
  return r;
}
Hand hand_min(Hand a, Hand b) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, std::min(a.count(pt), b.count(pt)));
  return r;
}
// Every held type raised to the set's maximum: for a node whose disproof does not depend on how
// many pieces of a held type the attacker has (more of them adds no new move).
Hand widen_held(Hand h) {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, h.has(pt) ? Hand::max_count(pt) : 0);
  return r;
}

// Every type at the set's maximum: a disproof that no attacker hand could change, such as "no
// mate within 0 plies", holds for all of them, and a large disproof hand lets the table reuse it
// for every other order of drops that reaches the same board.
Hand all_pieces() {
  Hand r;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) r.set(pt, Hand::max_count(pt));
  return r;
}

// Whether the defender has a reply that is not a drop: then "no mate within 1 ply" holds
// whatever the attacker holds (more attacker pieces only take drops away from the defender).
template <class List>
bool has_board_reply(const List& replies) {
  for (Move e : replies)
    if (!e.is_drop()) return true;
  return false;
}

// A drop two or more squares from the king (ksq), in a search for a mate at all: such
// interpositions are chained together behind one another (see Dfpn::expand).
bool far_interposition(Move m, Square ksq, MateLen remaining) {
  return remaining >= DEPTH_UNLIMITED && m.is_drop() && distance(m.to(), ksq) > 1;
}

// Keeps the smallest value seen (and whose it is) and the second smallest: the child to search
// and the bound that decides when to leave it.
void track_smallest(PnDn value, int index, PnDn& smallest, PnDn& second, int& best) {
  if (value < smallest) {
    second = smallest;
    smallest = value;
    best = index;
  } else if (value < second) {
    second = value;
  }
}

// The key of the path to a child: the parent's path key and the move, mixed with the ply so
// that the same moves in another order give another path.
uint64_t child_path_key(uint64_t parent, Move m, int ply) {
  uint64_t x = parent ^ (uint64_t(m.raw()) << 16 | uint64_t(ply)) * 0x9e3779b97f4a7c15ULL;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 32);
}
// Marks the positions of the futility test, whose hands are not the game's.
constexpr uint64_t FUTILE_PATH_TAG = 0x6a09e667f3bcc909ULL;
// Keeps the results that hold for one attacker hand only (NodeOutcome::exact) apart from those
// shared between hands: they are stored under a key that includes the hands, so tagged. Its high
// half is the board key's, so that it falls into the same bucket of the table (the bucket is
// chosen by the high bits): the second look-up then costs no second trip to memory.
constexpr uint64_t EXACT_KEY_TAG = 0xbb67ae8584caa73bULL;
uint64_t exact_key(const Position& pos) {
  constexpr uint64_t HIGH = 0xffffffff00000000ULL;
  return (pos.board_key() & HIGH) | ((pos.key() ^ EXACT_KEY_TAG) & ~HIGH);
}

NodeOutcome proven_outcome(MateLen hi, Hand proof, Move best) {
  NodeOutcome o;
  o.pn = 0, o.dn = PN_INF, o.lo = 0, o.hi = hi, o.hand = proof, o.best = best;
  return o;
}
NodeOutcome disproven_outcome(MateLen lo, Hand disproof, bool rep) {
  NodeOutcome o;
  o.pn = PN_INF, o.dn = 0, o.lo = lo, o.hand = disproof, o.rep = rep;
  return o;
}

}  // namespace

Dfpn::Dfpn(ProofTable& table, SearchLimits limits, FutilePolicy futile)
    : table_(table), limits_(limits), futile_policy_(futile) {}

double Dfpn::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Dfpn::out_of_budget() {
  if (aborted_) return true;
  if (nodes_ < next_check_) return false;
  next_check_ = nodes_ + 1024;
  if (nodes_ >= limits_.max_nodes) aborted_ = true;
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  const double elapsed = elapsed_seconds();
  if (limits_.max_seconds > 0 && elapsed >= limits_.max_seconds) aborted_ = true;
  if (limits_.progress && elapsed >= next_progress_) {
    next_progress_ = elapsed + limits_.progress_interval;
    limits_.progress(SearchProgress{nodes_, elapsed, table_.hashfull(), phase_, best_length_});
  }
  if (table_.needs_gc()) table_.collect_garbage(limits_.stop);
  return aborted_;
}

bool Dfpn::extend_limits(uint64_t nodes, double seconds) {
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return false;
  const bool node_limited = nodes_ >= limits_.max_nodes;
  const double elapsed = elapsed_seconds();
  const bool time_limited = limits_.max_seconds > 0 && elapsed >= limits_.max_seconds;
  if (!node_limited && !time_limited) return false;
  if (node_limited) limits_.max_nodes = nodes_ + nodes;
  if (time_limited) limits_.max_seconds = elapsed + seconds;
  return true;
}

bool Dfpn::limits_reached() const {
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
  if (nodes_ >= limits_.max_nodes) return true;
  return limits_.max_seconds > 0 && elapsed_seconds() >= limits_.max_seconds;
}

NodeOutcome Dfpn::prove(Position& pos, Color attacker, MateLen max_len) {
  attacker_ = attacker;
  if (nodes_ == 0) start_ = std::chrono::steady_clock::now();
  aborted_ = false;
  next_check_ = nodes_;
  reserve_path(1);
  path_keys_[0] = pos.key();
  return mid(pos, 0, THRESHOLD_MAX, THRESHOLD_MAX, max_len);
}

// ---------------------------------------------------------------------------------------------
// Proof and disproof pieces (証明駒 / 反証駒)

// Proof and disproof pieces carry across an attacker move the same way: the dropped piece was
// in hand before the move, and a captured piece was not.
Hand Dfpn::hand_before(const Position& pos, Move m, Hand child_hand) const {
  if (m.is_drop()) {
    child_hand.add(m.drop_type());
  } else if (Piece cap = pos.piece_on(m.to()); cap != NO_PIECE) {
    PieceType pt = unpromote(type_of(cap));
    if (child_hand.has(pt)) child_hand.remove(pt);
  }
  return child_hand;
}

// A proof at an AND node also relied on the defender lacking pieces to drop between the king
// and a distant checker: with fewer attacker pieces the defender would hold them. Such types
// keep the attacker's full count.
Hand Dfpn::mated_proof_hand(const Position& pos, Hand proof) const {
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

// ---------------------------------------------------------------------------------------------
// The search

void Dfpn::init_child(Position& pos, int ply, Child& c, bool or_node, MateLen child_remaining) {
  // A failure by repetition found before on this very path still holds.
  if (rep_count_ > 0) {
    const uint64_t pk = child_path_key(path_keys_[ply], c.move, ply);
    const RepEntry& r = rep_table_[pk & (REP_TABLE_SIZE - 1)];
    if (r.path_key == pk && r.lo > child_remaining) {
      c.v = disproven_outcome(r.lo, pos.hand(attacker_), true);
      return;
    }
  }
  visit(pos, c.move);
  const Hand hand = pos.hand(attacker_);
  TableResult t = probe(pos, child_remaining);
  if (t.pn == 0) {
    c.v = proven_outcome(t.hi, t.hand, t.best);
    c.v.exact = t.exact_hand;
  } else if (t.dn == 0) {
    c.v = disproven_outcome(t.lo, t.hand, false);
    c.v.exact = t.exact_hand;
  } else if (t.found) {
    c.v.pn = t.pn, c.v.dn = t.dn, c.v.lo = t.lo, c.v.hi = t.hi, c.v.best = t.best;
  } else if (or_node) {
    // The child is an AND node: mate in one if the defender has no reply (df-pn+: the number
    // of replies is a first estimate of the proof number).
    MoveList<EVASIONS> replies_list(pos);
    // Drops are searched one at a time (see expand): those onto one square count once, and
    // when asked for a mate at all, so do all those away from the king.
    const Square ksq = pos.king_square(pos.side_to_move());
    int replies = 0;
    Bitboard drop_squares;
    bool far_drop = false;
    for (Move e : replies_list) {
      if (!e.is_drop())
        ++replies;
      else if (far_interposition(e, ksq, child_remaining))
        replies += !far_drop, far_drop = true;
      else if (!drop_squares.test(e.to()))
        drop_squares.set(e.to()), ++replies;
    }
    // Too short for a reply and a mate, unless every reply may be a futile interposition:
    // that is for mid() to find out.
    bool maybe_all_futile = child_remaining < DEPTH_UNLIMITED;
    for (Move e : replies_list)
      maybe_all_futile = maybe_all_futile && is_judged_interposition(pos, e);
    if (replies == 0)
      c.v = proven_outcome(0, mated_proof_hand(pos, Hand()), MOVE_NONE);
    else if (child_remaining < 2 && !maybe_all_futile)
      c.v = disproven_outcome(MateLen(child_remaining + 1),
                              has_board_reply(replies_list) ? all_pieces() : hand, false);
    else
      c.v.pn = PnDn(replies), c.v.dn = 1, c.v.lo = t.lo;
  } else {
    // The child is an OR node: no check at all is a final no-mate.
    int checks = MoveList<CHECKS>(pos).size();
    if (checks == 0)
      c.v = disproven_outcome(NO_MATE_LEN, widen_held(hand), false);
    else if (child_remaining < 1)
      c.v = disproven_outcome(MateLen(child_remaining + 1), all_pieces(), false);
    else
      c.v.pn = 1, c.v.dn = PnDn(checks), c.v.lo = t.lo;
  }
  if (!c.v.proven() && !c.v.disproven() && !t.found)
    c.v.pn = std::max(c.v.pn, t.pn_floor), c.v.dn = std::max(c.v.dn, t.dn_floor);
  pos.undo_move();
}

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
  const Square to = m.to();
  const bool other_capturers = judges_move_interpositions(futile_policy_);
  bool futile = false;
  visit(pos, m);
  const PieceType pt = unpromote(type_of(pos.piece_on(to)));
  reserve_path(ply + 3);
  path_[ply + 1] = pos.key();
  path_keys_[ply + 1] = child_path_key(path_keys_[ply], m, ply);
  for (Move c : MoveList<LEGAL>(pos)) {
    if (c.is_drop() || c.to() != to) continue;
    if (c.from() != csq && !other_capturers) continue;
    path_keys_[ply + 2] = child_path_key(path_keys_[ply + 1], c, ply + 1) ^ FUTILE_PATH_TAG;
    visit(pos, c);
    // A capture that gives no check (a lance promoting next to the square) leaves the defender
    // free to move at will: no mate on the spot.
    if (!pos.in_check() || (c.from() != csq && !capture_checks_alone(pos, c.from(), to))) {
      pos.undo_move();
      continue;
    }
    pos.transfer_hand_piece(attacker_, ~attacker_, pt);
    NodeOutcome o = settle(pos, ply + 2, within);
    pos.transfer_hand_piece(~attacker_, attacker_, pt);
    pos.undo_move();
    if (o.proven()) {
      futile = true;
      proof = o.hand;
      // The mate on the spot may rest on interpositions futile by 狭義 (a proof the table
      // holds for this hand only): then so does this verdict.
      if (exact) *exact = o.exact;
      break;
    }
  }
  pos.undo_move();
  return futile;
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
  reserve_path(ply + 2);
  for (Move e : MoveList<EVASIONS>(pos)) {
    if (all_interpositions ? is_judged_interposition(pos, e) : e.is_drop()) continue;
    path_keys_[ply + 1] = child_path_key(path_keys_[ply], e, ply);
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
  const Square csq = pos.checkers().lsb();
  const Square to = m.to();
  const Square ksq = pos.king_square(pos.side_to_move());
  Bitboard flights;
  for (Move e : MoveList<EVASIONS>(pos))
    if (!e.is_drop() && e.from() == ksq) flights.set(e.to());
  MateLen taken = NO_MATE_LEN;
  visit(pos, m);
  const PieceType pt = unpromote(type_of(pos.piece_on(to)));
  reserve_path(ply + 3);
  path_[ply + 1] = pos.key();
  path_keys_[ply + 1] = child_path_key(path_keys_[ply], m, ply);
  for (Move c : MoveList<LEGAL>(pos)) {
    if (c.is_drop() || c.from() != csq || c.to() != to) continue;
    path_keys_[ply + 2] = child_path_key(path_keys_[ply + 1], c, ply + 1) ^ FUTILE_PATH_TAG;
    visit(pos, c);
    pos.transfer_hand_piece(attacker_, ~attacker_, pt);
    if (pos.in_check() && same_defences(pos, flights))
      taken = std::min(taken, shortest_within(pos, ply + 2, std::min(bound, taken)));
    pos.transfer_hand_piece(~attacker_, attacker_, pt);
    pos.undo_move();
  }
  pos.undo_move();
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

bool Dfpn::is_futile(Position& pos, Color attacker, Move m, MateLen value) {
  if (!is_judged_interposition(pos, m)) return false;
  attacker_ = attacker;
  if (nodes_ == 0) start_ = std::chrono::steady_clock::now();
  aborted_ = false;
  reserve_path(1);
  path_[0] = pos.key();
  path_keys_[0] = pos.key() ^ FUTILE_PATH_TAG;
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

TableResult Dfpn::probe(const Position& pos, MateLen remaining) const {
  const Hand hand = pos.hand(attacker_);
  const TableResult shared = table_.probe(table_key(pos), hand, remaining);
  if (exact_entries_ == 0 || shared.pn == 0 || shared.dn == 0) return shared;
  TableResult exact = table_.probe(exact_key(pos), hand, remaining);
  if (exact.pn != 0 && exact.dn != 0) return shared;
  exact.exact_hand = true;
  return exact;
}

// Finished results under their proof or disproof pieces, shared between hands, except those
// that hold for this hand only; unfinished ones under the exact hand.
void Dfpn::store(const Position& pos, const NodeOutcome& node, uint64_t work, MateLen remaining) {
  const bool finished = node.pn == 0 || node.dn == 0;
  uint64_t key = table_key(pos);
  Hand hand = finished ? node.hand : pos.hand(attacker_);
  if (finished && node.exact) {
    key = exact_key(pos);
    hand = pos.hand(attacker_);
    ++exact_entries_;
  }
  table_.store(key, hand, node.pn, node.dn, node.lo, node.hi, node.best, work, node.rep, remaining);
}

bool Dfpn::interposition_is_futile(Position& pos, int ply, Move m, Hand& proof, MateLen remaining) {
  return futile_policy_ == FutilePolicy::Wide ? wide_futile(pos, ply, m, proof, remaining)
                                              : futile_on_the_spot(pos, ply, m, proof);
}

bool Dfpn::expand(Position& pos, int ply, bool or_node, MateLen remaining, NodeOutcome& terminal) {
  ++expansions_;
  if (int(frames_.size()) <= ply) frames_.resize(ply + 1);
  std::vector<Child>& kids = frames_[ply];
  kids.clear();
  const Hand hand = pos.hand(attacker_);
  if (or_node) {
    MoveList<CHECKS> moves(pos);
    if (moves.empty()) {
      terminal = disproven_outcome(NO_MATE_LEN, widen_held(hand), false);
      return false;
    }
    if (remaining < 1) {
      terminal = disproven_outcome(MateLen(remaining + 1), all_pieces(), false);
      return false;
    }
    for (Move m : moves) {
      Child c{m, {}, -1};
      // Drops of a rook, bishop or lance along one line lead to much the same positions: summing
      // their disproof numbers would count one refutation several times.
      c.max_dn = m.is_drop() &&
                 (m.drop_type() == ROOK || m.drop_type() == BISHOP || m.drop_type() == LANCE);
      kids.push_back(c);
    }
  } else {
    MoveList<EVASIONS> moves(pos);
    if (moves.empty()) {
      terminal = proven_outcome(0, mated_proof_hand(pos, Hand()), MOVE_NONE);
      return false;
    }
    // Futile interpositions matter only for the length, so only length-bounded queries look
    // for them; "mate at all" never depends on them.
    const bool check_futile = futile_policy_ != FutilePolicy::Count && remaining < DEPTH_UNLIMITED;
    if (remaining < 2) {
      // Mate now only if every reply is a futile interposition.
      bool all_futile = check_futile;
      Hand proof;
      bool exact = false;
      for (Move m : moves) {
        if (!all_futile) break;
        Hand p;
        bool e = false;
        all_futile = is_judged_interposition(pos, m) && futile_on_the_spot(pos, ply, m, p, 0, &e);
        exact |= e;
        proof = hand_max(proof, p);
      }
      terminal = all_futile
                     ? proven_outcome(0, mated_proof_hand(pos, proof), MOVE_NONE)
                     : disproven_outcome(MateLen(remaining + 1),
                                         has_board_reply(moves) ? all_pieces() : hand, false);
      terminal.exact = all_futile && exact;
      return false;
    }
    // Delayed expansion: some replies wait until the one before them is mated, because
    // proving one usually proves the other and summing both would count that work twice.
    // 1. Drops onto one square, cheapest piece first.
    // 2. When asked for a mate at all, every drop away from the king, nearest first: such
    //    interpositions, taken one after another, are mostly alike and cheap to refute, and
    //    summed they make a distant check (a bishop sacrifice from across the board) look
    //    many times harder than it is. Drops next to the king, the likelier real defences,
    //    stay apart. 将棋図巧 first proofs within 5M nodes: 95 to 99 solved, 111M to 73M
    //    nodes; 図巧8 is proven at all only with it. Chaining the adjacent drops too solved
    //    96, and doubled the nodes of hard no-mates. Bounded queries keep the per-square
    //    chain: there a drop that outlasts the bound must be found fast, wherever it is.
    // 3. A move without promotion behind the same move promoting, which mostly leaves the
    //    defender better off (bench: 1,235k to 1,132k nodes). The generator emits the
    //    promotion just before it, and the sort keeps the board moves' order.
    for (Move m : moves) kids.push_back(Child{m, {}, -1});
    const Square ksq = pos.king_square(pos.side_to_move());
    const bool unlimited = remaining >= DEPTH_UNLIMITED;
    std::stable_sort(kids.begin(), kids.end(), [&](const Child& a, const Child& b) {
      if (a.move.is_drop() != b.move.is_drop()) return !a.move.is_drop();
      if (!a.move.is_drop()) return false;
      if (unlimited) {
        const int da = distance(a.move.to(), ksq), db = distance(b.move.to(), ksq);
        if (da != db) return da < db;
      }
      if (a.move.to() != b.move.to()) return a.move.to() < b.move.to();
      return a.move.drop_type() < b.move.drop_type();
    });
    for (size_t i = 1; i < kids.size(); ++i) {
      const Move m = kids[i].move, prev = kids[i - 1].move;
      const bool delayed =
          m.is_drop()
              ? prev.is_drop() && (m.to() == prev.to() || (far_interposition(m, ksq, remaining) &&
                                                           far_interposition(prev, ksq, remaining)))
              : !m.is_promotion() && !prev.is_drop() && prev.is_promotion() &&
                    prev.from() == m.from() && prev.to() == m.to();
      if (delayed) kids[i].delayed_behind = int(i - 1);
    }
  }
  const MateLen child_remaining = remaining >= DEPTH_UNLIMITED ? remaining : MateLen(remaining - 1);
  // The children's entries are mostly far apart in a large table: ask for all of them first,
  // so that the memory serves them while the first children are set up.
  for (const Child& c : frames_[ply])
    table_.prefetch(futile_policy_ == FutilePolicy::Wide ? pos.key_after(c.move)
                                                         : pos.board_key_after(c.move));
  for (Child& c : frames_[ply]) {
    init_child(pos, ply, c, or_node, child_remaining);
    // A mate in one ends an OR node at once.
    if (or_node && c.v.proven() && c.v.hi == 0) break;
  }
  return true;
}

NodeOutcome Dfpn::aggregate(const Position& pos, int ply, bool or_node, int& best, PnDn& second,
                            PnDn& sum_dn) {
  const std::vector<Child>& kids = frames_[ply];
  const Hand hand = pos.hand(attacker_);
  NodeOutcome n;
  best = -1;
  second = PN_INF;
  if (or_node) {
    // OR: pn = min, dn = sum, except that drops of one ranging piece on different squares
    // count once, by their max (see Child::max_dn). Proven by the shortest proven child.
    PnDn pn = PN_INF, dn = 0, max_dn = 0;
    MateLen lo = NO_MATE_LEN;
    Hand disproof = widen_held(hand);
    bool rep = false;
    int proven = -1;
    for (int i = 0; i < int(kids.size()); ++i) {
      const NodeOutcome& v = kids[i].v;
      if (v.proven() && (proven < 0 || v.hi < kids[proven].v.hi)) proven = i;
      if (kids[i].max_dn)
        max_dn = std::max(max_dn, v.dn);
      else
        dn = saturating_add(dn, v.dn);
      if (v.disproven()) {
        lo = std::min(lo, plus_one(v.lo));
        disproof = hand_min(disproof, hand_before(pos, kids[i].move, v.hand));
        rep |= v.rep;
      }
      track_smallest(v.pn, i, pn, second, best);
    }
    if (proven >= 0) {
      const Child& c = kids[proven];
      best = proven;
      NodeOutcome o = proven_outcome(plus_one(c.v.hi), hand_before(pos, c.move, c.v.hand), c.move);
      o.exact = c.v.exact;
      return o;
    }
    sum_dn = dn;
    dn = saturating_add(dn, max_dn);
    if (dn == 0) {
      NodeOutcome o = disproven_outcome(lo, hand_min(disproof, widen_held(hand)), rep);
      for (const Child& c : kids) o.exact |= c.v.exact;
      return o;
    }
    n.pn = pn, n.dn = dn;
    n.best = best >= 0 ? kids[best].move : MOVE_NONE;
    return n;
  }
  // AND: pn = sum over the children not delayed, dn = min. Proven when every child is.
  PnDn pn = 0, dn = PN_INF;
  MateLen hi = 0;
  Hand proof;
  bool all_proven = true;
  bool exact = false;
  for (int i = 0; i < int(kids.size()); ++i) {
    const NodeOutcome& v = kids[i].v;
    if (v.disproven()) {
      best = i;
      Hand d = v.hand;
      // A refuting drop needs the defender to keep that piece: the attacker may not hold more.
      if (kids[i].move.is_drop()) {
        PieceType pt = kids[i].move.drop_type();
        d.set(pt, std::min(d.count(pt), hand.count(pt)));
      }
      NodeOutcome o = disproven_outcome(plus_one(v.lo), d, v.rep);
      o.best = kids[i].move;  // the refutation: the main line's defence starts with it
      o.exact = v.exact;
      return o;
    }
    if (v.proven()) {
      if (!kids[i].futile) hi = std::max(hi, plus_one(v.hi));
      proof = hand_max(proof, v.hand);
      exact |= v.exact;
      continue;
    }
    all_proven = false;
    const int prev = kids[i].delayed_behind;
    if (prev >= 0 && !kids[prev].v.proven()) continue;  // delayed (see expand)
    pn = saturating_add(pn, v.pn);
    track_smallest(v.dn, i, dn, second, best);
  }
  if (all_proven) {
    best = -1;
    NodeOutcome o = proven_outcome(hi, mated_proof_hand(pos, proof), MOVE_NONE);
    o.exact = exact;
    return o;
  }
  n.pn = pn, n.dn = dn;
  return n;
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
  // The futility search may have reallocated frames_. A drop's verdict holds for every piece
  // dropped on that square: taken and handed back, each leaves the same position.
  std::vector<Child>& kids = frames_[ply];
  for (size_t i = 0; i < kids.size(); ++i) {
    Child& k = kids[i];
    const bool same = int(i) == refuter || (composer && m.is_drop() && k.move.is_drop() &&
                                            k.move.to() == m.to() && !k.futile_checked);
    if (!same) continue;
    k.futile_checked = true;
    k.narrow_tested = exact && !futile;
    // "Not futile" because a line inside the test repeated a position of the current path holds
    // on this path only, as every failure by repetition does (mid, step 1).
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

NodeOutcome Dfpn::mid(Position& pos, int ply, PnDn thpn, PnDn thdn, MateLen remaining) {
  const bool or_node = pos.side_to_move() == attacker_;
  const uint64_t nodes_before = nodes_;

  // Step 0. Out of budget: nothing more is searched, not even the children's first estimates
  // (nested futility tests could otherwise multiply far past the limit).
  if (out_of_budget()) return NodeOutcome{};

  // Step 1. A position already on the current path: the attacker is going round in circles
  // (perpetual check), a failure that holds on this path only.
  reserve_path(ply + 2);
  const uint64_t key = pos.key();
  path_[ply] = key;
  for (int p = ply - 2; p >= 0; p -= 2)
    if (path_[p] == key) return disproven_outcome(NO_MATE_LEN, pos.hand(attacker_), true);

  // Step 2. Generate the children and give each its first estimate.
  NodeOutcome node;
  if (!expand(pos, ply, or_node, remaining, node)) {
    store(pos, node, 1, remaining);
    return node;
  }
  const MateLen child_remaining = remaining >= DEPTH_UNLIMITED ? remaining : MateLen(remaining - 1);

  // Step 3. Search the most promising child until this node's numbers cross a threshold.
  int best;
  PnDn second, sum_dn = 0;
  for (;;) {
    node = aggregate(pos, ply, or_node, best, second, sum_dn);
    // A reply that refutes "mate within the limit" may still be a futile interposition, which
    // does not count: only such a refutation is worth the (costly) futility search.
    if (node.dn == 0 && !or_node) {
      if (rescue_futile(pos, ply, best, remaining)) continue;
      // Refuted by an interposition the 狭義 test found not futile: the test ran after this
      // refutation was put together, so its marks are added here. And the test answers only up
      // to this bound (above it the interposition may be futile after all), so the refutation
      // says no more than "not within this bound", whatever its reply's own lower bound.
      const Child& k = frames_[ply][best];
      if (k.narrow_tested) {
        node.exact = true;
        node.lo = std::min(node.lo, plus_one(remaining));
      }
      node.rep |= k.rep_tested;
    }
    if (node.pn == 0 || node.dn == 0 || node.pn >= thpn || node.dn >= thdn) break;
    if (out_of_budget()) break;
    std::vector<Child>& kids = frames_[ply];
    Child& c = kids[best];
    PnDn child_thpn, child_thdn;
    // The 1+epsilon trick: let the child run until it is clearly worse than its best sibling
    // (not merely one worse), or two siblings with growing numbers take turns forever, each
    // doing a few nodes of work per visit.
    const PnDn sibling_bound = saturating_add(second, second / EPSILON_DIVISOR + 1);
    if (or_node) {
      child_thpn = std::min(thpn, sibling_bound);
      // A max-counted child moves this node's dn only above the others' sum.
      child_thdn =
          std::min<PnDn>(THRESHOLD_MAX, c.max_dn ? thdn - sum_dn : thdn - node.dn + c.v.dn);
    } else {
      child_thdn = std::min(thdn, sibling_bound);
      child_thpn = std::min<PnDn>(THRESHOLD_MAX, thpn - node.pn + c.v.pn);
    }
    const Move m = c.move;
    path_keys_[ply + 1] = child_path_key(path_keys_[ply], m, ply);
    visit(pos, m);
    NodeOutcome r = mid(pos, ply + 1, child_thpn, child_thdn, child_remaining);
    pos.undo_move();
    frames_[ply][best].v = r;  // the vector may have been reused deeper, never resized here
  }

  // Step 4. Remember the result: finished nodes under their proof or disproof pieces,
  // unfinished ones under the exact hand. A failure that rests on a repetition is kept by the
  // path that led here, and the table keeps this node's last numbers for other paths.
  // A failure found after the budget ran out may rest on an interrupted futility test (a drop
  // taken for a real defence): it is neither kept nor passed up, and the node reads as just
  // begun. (Kept as unfinished numbers with an infinite pn, it would later pass for a proof
  // number no search can lower: a complete search above it returned neither proof nor
  // disproof.) A proof stays sound: such a drop was refuted anyway.
  if (aborted_ && node.dn == 0 && !or_node) return NodeOutcome{};
  if (node.dn == 0 && node.rep) {
    RepEntry& r = rep_table_[path_keys_[ply] & (REP_TABLE_SIZE - 1)];
    if (r.path_key == 0) ++rep_count_;
    r.path_key = path_keys_[ply];
    r.lo = node.lo;
    return node;
  }
  store(pos, node, nodes_ - nodes_before, remaining);
  return node;
}

}  // namespace kanju
