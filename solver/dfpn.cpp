#include "dfpn.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "delayed_expansion.h"
#include "dfpn_detail.h"
#include "first_estimate.h"
#include "movegen.h"
#include "proof_hand.h"

namespace kanju {

using namespace dfpn_detail;

namespace {

// epsilon = 1/2 in the 1+epsilon threshold of Pawlewicz and Lew (1/4, 1/8 and 1 were measured:
// 1/2 proves the length of long problems with the fewest nodes, see the commit that set it).
constexpr PnDn EPSILON_DIVISOR = 2;

// Child::group: the groups of children where lines meet (subtree_merges.h), and one more for an
// OR node's drops of ranging pieces, each counted by its max.
constexpr uint8_t DROP_GROUP = SubtreeMerges::GROUPS + 1;
constexpr int GROUP_SLOTS = DROP_GROUP + 1;

// A defender node in a question with a length limit holds to the reply it first chose (by the
// first estimates, or the table's record of its earlier visits): another reply is taken only when
// its refutation cost is lower by more than this percentage. The refutation found is the reply
// ranked first at 93.5% of the defender nodes of 将棋図巧4's last disproof, but its cost grows
// as it is searched, and without the preference the node left it for siblings that looked as
// cheap (numbers alike until late) and came back: the nodes outside that disproof were 84% of
// the question (README, Benchmarks, session 29). Nodes, the same answers: bench 0.962x, the fast
// set 0.931x, the 20 hardest 将棋図巧 0.943x (098 0.89x, 097 1.10x), 004 006 024 037 055 at
// 120M nodes 0.888x, 将棋図巧 at 5M nodes a problem 58 answered against 57 and 0.969x. (10%:
// the 20 hardest 1.004x, 098 1.75x; 30%: 0.992x, 098 2.04x; 50% and 100%: 図巧4 1.10x, 1.20x.)
constexpr PnDn PREFERENCE_PERCENT = 20;
// In a search expecting a refutation (set_expect_refutation: verify's checks, `solve
// --expect-no-mate`), the chain of far interpositions (delayed_expansion.h) lets the drops of the
// next square in once the front of the square before (its first drop not yet mated) has at least
// this proof number: no quick mate. The chain waits for mates that carry over to the drops behind;
// where the front is a long mate, a refutation on a farther square was never searched (将棋図巧69
// after ▲１三角打: any drop on ４六 refutes, 45k nodes asked alone, and the question had no
// answer in 6.4G nodes while the drops on ５七 were searched; with this, 67k). Drops onto one
// square still wait, cheapest first. README, "kanju verify".
constexpr PnDn DELAY_RELEASE_PN = 4;

// Keeps the smallest value seen (and whose it is) and the second smallest: the child to search
// and the bound that decides when to leave it. `takes_tie`: a value equal to the smallest takes
// its place (a helper thread's own order, Dfpn::set_tie_break).
void track_smallest(PnDn value, int index, PnDn& smallest, PnDn& second, int& best,
                    bool takes_tie = false) {
  if (value < smallest || (takes_tie && value == smallest && value < PN_INF)) {
    second = smallest;
    smallest = value;
    best = index;
  } else if (value < second) {
    second = value;
  }
}

// Keeps the results that hold for one attacker hand only (NodeOutcome::exact) apart from those
// shared between hands: they are stored under a key that includes the hands, so tagged. Its high
// half is the board key's, so that it falls into the same bucket of the table (the bucket is
// chosen by the high bits): the second look-up then costs no second trip to memory.
constexpr uint64_t EXACT_KEY_TAG = 0xbb67ae8584caa73bULL;
uint64_t exact_key(const Position& pos) {
  constexpr uint64_t HIGH = 0xffffffff00000000ULL;
  return (pos.board_key() & HIGH) | ((pos.key() ^ EXACT_KEY_TAG) & ~HIGH);
}

// A reply in a question with a length limit after which the table knows a mate, but only one
// longer than the plies left (a proof from the first search or a longer bound): the likeliest
// refutation of the limit, and the likelier the more its known mate exceeds it. Its first
// disproof number is scaled by plies left / known length, so that the defender node tries it
// first. Nodes, same answers: bench -2.8%, the fast set (64 MB) -8.1%, the 20 hardest 将棋図巧
// -3.3%, 将棋図巧 at 5M nodes a problem the same 53 answered with 1.001x the nodes. (Tried: the
// number halved, -2.1% / -3.9% / -1.7%; set to 1, -1.5% on the bench; scaled after the floors
// of TableResult rather than before, -6.9% on the fast set.)
PnDn known_too_long(PnDn dn, MateLen remaining, MateLen known) {
  return std::max<PnDn>(1, dn * PnDn(remaining) / PnDn(known));
}

}  // namespace

Dfpn::Dfpn(ProofTable& table, SearchLimits limits, FutilePolicy futile)
    : table_(table), limits_(limits), futile_policy_(futile) {
  table_.bind(futile);
}

double Dfpn::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Dfpn::out_of_budget() {
  if (aborted_) return true;
  if (nodes_ < next_check_) return false;
  next_check_ = nodes_ + 1024;
  if (nodes_ >= query_limit_) aborted_ = true;
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (query_done_ && query_done_->load(std::memory_order_relaxed)) aborted_ = true;
  const double elapsed = elapsed_seconds();
  if (limits_.max_seconds > 0 && elapsed >= limits_.max_seconds) aborted_ = true;
  if (limits_.progress && elapsed >= next_progress_) {
    next_progress_ = elapsed + limits_.progress_interval;
    limits_.progress(SearchProgress{nodes_, elapsed, table_.hashfull(), phase_, best_length_});
  }
  count_slots();
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

NodeOutcome Dfpn::prove(Position& pos, Color attacker, MateLen max_len, uint64_t budget) {
  attacker_ = attacker;
  query_bounded_ = max_len < DEPTH_UNLIMITED;
  seeks_refutation_ = query_bounded_ || expect_refutation_;
  start_query(budget);
  if (nodes_ == 0) start_ = std::chrono::steady_clock::now();
  aborted_ = false;
  next_check_ = nodes_;
  path_.reserve(1);
  path_.path_key(0) = pos.key();
  const NodeOutcome o = mid(pos, 0, THRESHOLD_MAX, THRESHOLD_MAX, max_len);
  count_slots();
  return o;
}

// ---------------------------------------------------------------------------------------------
// The search

void Dfpn::init_child(Position& pos, int ply, Child& c, MateLen child_remaining) {
  // A failure by repetition found before on this very path still holds.
  MateLen rep_lo = 0;
  int rep_ply = 0;
  if (!reps_.empty() &&
      reps_.find(child_path_key(path_.path_key(ply), c.move, ply), rep_lo, rep_ply) &&
      rep_lo > child_remaining) {
    c.v = disproven_outcome(rep_lo, pos.hand(attacker_), true);
    c.v.rep_ply = rep_ply;
    return;
  }
  visit(pos, c.move);
  c.key = pos.key();
  TableResult t = probe(pos, child_remaining);
  if (t.pn == 0) {
    c.v = proven_outcome(t.hi, t.hand, t.best);
    c.v.exact = t.exact_hand;
  } else if (t.dn == 0) {
    c.v = disproven_outcome(t.lo, t.hand, false);
    c.v.exact = t.exact_hand;
  } else if (t.found) {
    c.v.pn = t.pn, c.v.dn = t.dn, c.v.lo = t.lo, c.v.hi = t.hi, c.v.best = t.best;
    find_merge(ply, pos.side_to_move() != attacker_, c);
  } else {
    c.fresh = true;
    c.v = first_estimate(pos, attacker_, child_remaining, t.lo, futile_policy_);
    if (!c.v.proven() && !c.v.disproven()) {
      if (pos.side_to_move() == attacker_ && t.hi < NO_MATE_LEN && t.hi > child_remaining)
        c.v.dn = known_too_long(c.v.dn, child_remaining, t.hi);
      c.v.pn = std::max(c.v.pn, t.pn_floor), c.v.dn = std::max(c.v.dn, t.dn_floor);
    }
  }
  pos.undo_move();
}

// KomoringHeights' filter: a step up the recorded parents at which the number that the branch
// root would count twice jumps by more than this is fed mostly by other children, and the
// double count is no longer worth undoing.
constexpr PnDn MERGE_JUMP = 5;
// A defender node counts two replies by max only where the lines meet within this many plies of
// it on the current path (reply, check, reply: the king's two ways to one square, as in
// Fairway's chases). Two replies whose lines part for longer share only the subtree below the
// meeting point, a small part of each, and their max undercounts the rest: the search then took
// such a node for cheap and spent itself under it (the bare king of nankai007 five plies in,
// after ▲５七歩 △６六玉: a mate in 15 first proven after 158.6M nodes, 16.6M with this reach;
// README, "How Kanju decides the answer"). Attacker nodes keep every reach: their max over
// checks that meet (drops in another order) is what the nankai008 position of the README needs.
constexpr int AND_MERGE_REACH = 3;

void Dfpn::find_merge(int ply, bool or_node, const Child& c) {
  SubtreeMerges& merges = table_.merges();
  const SubtreeMerges::Parent first = merges.parent_of(c.key);
  if (!first.found) return;
  // Searched before at a shallower ply: a line that came back (the threshold controlling
  // algorithm of mid, step 3).
  if (first.ply < ply + 1) old_child_ = true;
  const uint64_t here = path_.position(ply);
  if (first.parent == here || first.parent == 0) return;
  // 1. Follow the recorded parents up, from the child's other parent (a node of this node's
  //    kind), to a position of the current path: the branch root.
  bool pn_counts = true, dn_counts = true;  // whether an AND (OR) root would count twice
  uint64_t below = c.key;
  PnDn last_pn = first.pn, last_dn = first.dn;
  uint64_t up = first.parent;
  bool up_or = or_node;
  for (int step = 0; step <= ply && step < 128; ++step) {
    const int root_ply = path_.ply_of(up);
    if (root_ply >= 0) {
      // 2. There the branch that leads here and the one that leads to the other parent are
      //    counted by max, if the filter let them through.
      if (root_ply > ply || !(up_or ? dn_counts : pn_counts)) return;
      if (!up_or && ply + 1 - root_ply > AND_MERGE_REACH) return;
      const uint64_t on_path = root_ply == ply ? c.key : path_.position(root_ply + 1);
      if (on_path != below) count_by_max(root_ply, below, on_path);
      return;
    }
    const SubtreeMerges::Parent p = merges.parent_of(up);
    if (!p.found || p.parent == 0) return;
    if (up_or ? p.dn > last_dn + MERGE_JUMP : p.pn > last_pn + MERGE_JUMP)
      (up_or ? dn_counts : pn_counts) = false;
    if (!pn_counts && !dn_counts) return;
    last_pn = p.pn, last_dn = p.dn;
    below = up;
    up = p.parent;
    up_or = !up_or;
  }
}

// The node at `root_ply` counts its children `a` and `b` by max, now and at its next
// expansions (SubtreeMerges::mark).
void Dfpn::count_by_max(int root_ply, uint64_t a, uint64_t b) {
  SubtreeMerges& merges = table_.merges();
  const uint64_t root = path_.position(root_ply);
  merges.mark(root, a, b);
  // Groups may have been joined: every child's group is read again.
  for (Child& k : frames_[root_ply])
    if (k.group != DROP_GROUP && k.key != 0) k.group = uint8_t(merges.group_of(root, k.key));
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
  unflushed_slots_ += table_.store(key, hand, node.pn, node.dn, node.lo, node.hi, node.best, work,
                                   node.rep, remaining);
}

// An OR node's children: every check. False, with `terminal` set, when there is none to search.
bool Dfpn::expand_checks(Position& pos, std::vector<Child>& kids, MateLen remaining,
                         NodeOutcome& terminal) {
  MoveList<CHECKS> moves(pos);
  if (moves.empty()) {
    terminal = disproven_outcome(NO_MATE_LEN, widen_held(pos.hand(attacker_)), false);
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
    if (m.is_drop() && (m.drop_type() == ROOK || m.drop_type() == BISHOP || m.drop_type() == LANCE))
      c.group = DROP_GROUP;
    kids.push_back(c);
  }
  return true;
}

// An AND node's children: every reply, in the order of delayed expansion (delayed_expansion.h).
// False, with `terminal` set, when there is none to search: no reply (mate), or a bound too
// short for a reply and a mate (mate only if every reply is a futile interposition).
bool Dfpn::expand_replies(Position& pos, int ply, std::vector<Child>& kids, MateLen remaining,
                          NodeOutcome& terminal) {
  MoveList<EVASIONS> moves(pos);
  if (moves.empty()) {
    terminal = proven_outcome(0, mated_proof_hand(pos, Hand()), MOVE_NONE);
    return false;
  }
  if (remaining < 2) {
    terminal = only_futile_replies(pos, ply, moves, remaining);
    return false;
  }
  for (Move m : moves) kids.push_back(Child{m, {}, -1});
  const Square ksq = pos.king_square(pos.side_to_move());
  // A stable insertion sort: the replies are few, and std::stable_sort takes a buffer from the
  // heap at every defender node (2% of a search's time, session 38).
  for (size_t i = 1; i < kids.size(); ++i) {
    size_t j = i;
    if (!reply_before(kids[j].move, kids[j - 1].move, ksq)) continue;
    const Child c = kids[i];
    for (; j > 0 && reply_before(c.move, kids[j - 1].move, ksq); --j) kids[j] = kids[j - 1];
    kids[j] = c;
  }
  for (size_t i = 1; i < kids.size(); ++i)
    if (waits_behind(kids[i].move, kids[i - 1].move, ksq)) kids[i].delayed_behind = int(i - 1);
  return true;
}

// A defender node within less than two plies of its bound: mated now only if every reply is a
// futile interposition. Futile interpositions matter only for the length, so only
// length-bounded queries look for them; "mate at all" never depends on them.
NodeOutcome Dfpn::only_futile_replies(Position& pos, int ply, const MoveList<EVASIONS>& moves,
                                      MateLen remaining) {
  bool all_futile = futile_policy_ != FutilePolicy::Count && remaining < DEPTH_UNLIMITED;
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
  NodeOutcome o = all_futile
                      ? proven_outcome(0, mated_proof_hand(pos, proof), MOVE_NONE)
                      : disproven_outcome(MateLen(remaining + 1),
                                          short_disproof_hand(moves, pos.hand(attacker_)), false);
  o.exact = all_futile && exact;
  return o;
}

bool Dfpn::expand(Position& pos, int ply, bool or_node, MateLen remaining, NodeOutcome& terminal) {
  ++expansions_;
  table_.merges().prefetch_root(path_.position(ply));  // read at the end (has_marks)
  if (int(frames_.size()) <= ply) frames_.resize(ply + 1);
  std::vector<Child>& kids = frames_[ply];
  kids.clear();
  if (!(or_node ? expand_checks(pos, kids, remaining, terminal)
                : expand_replies(pos, ply, kids, remaining, terminal)))
    return false;
  const MateLen child_remaining = remaining >= DEPTH_UNLIMITED ? remaining : MateLen(remaining - 1);
  // The children's entries are mostly far apart in a large table: ask for all of them first,
  // so that the memory serves them while the first children are set up; and their parent
  // records, read for every child the table holds unfinished (find_merge).
  const SubtreeMerges& merges = table_.merges();
  for (Child& c : kids) {
    c.key = pos.key_after(c.move);
    table_.prefetch(table_.keyed_by_position() ? c.key : pos.board_key_after(c.move));
    merges.prefetch_parent(c.key);
  }
  for (Child& c : kids) {
    init_child(pos, ply, c, child_remaining);
    // A mate in one ends an OR node at once.
    if (or_node && c.v.proven() && c.v.hi == 0) break;
  }
  // The children this node counts by max since an earlier visit (subtree_merges.h).
  if (const uint64_t here = path_.position(ply); merges.has_marks(here))
    for (Child& c : kids)
      if (c.group != DROP_GROUP) c.group = uint8_t(merges.group_of(here, c.key));
  return true;
}

// OR: pn = min, dn = sum, except that the children of a group count once, by their max
// (Child::group: drops of one ranging piece on different squares, children where lines meet).
// Proven by the shortest proven child. `ch.others`: dn without the chosen child's group.
NodeOutcome Dfpn::aggregate_or(const Position& pos, const std::vector<Child>& kids,
                               Choice& ch) const {
  const Hand hand = pos.hand(attacker_);
  PnDn pn = PN_INF, dn = 0;
  PnDn group_max[GROUP_SLOTS] = {};  // by Child::group
  bool grouped = false;
  MateLen lo = NO_MATE_LEN;
  Hand disproof = widen_held(hand);
  bool rep = false;
  int rep_ply = INT_MAX;  // the shallowest of the repeating children's (NodeOutcome::rep_ply)
  int proven = -1;
  for (int i = 0; i < int(kids.size()); ++i) {
    const NodeOutcome& v = kids[i].v;
    if (v.proven() && (proven < 0 || v.hi < kids[proven].v.hi)) proven = i;
    if (kids[i].group)
      grouped = true, group_max[kids[i].group] = std::max(group_max[kids[i].group], v.dn);
    else
      dn = saturating_add(dn, v.dn);
    if (v.disproven()) {
      lo = std::min(lo, plus_one(v.lo));
      disproof = hand_min(disproof, hand_before_move(pos, kids[i].move, v.hand));
      if (v.rep) rep = true, rep_ply = std::min(rep_ply, v.rep_ply);
    }
    pn = std::min(pn, v.pn);
    track_smallest(virtual_number(kids[i], v.pn), i, ch.smallest, ch.second, ch.best,
                   takes_tie(kids[i].move));
  }
  if (proven >= 0) {
    const Child& c = kids[proven];
    ch.best = proven;
    NodeOutcome o =
        proven_outcome(plus_one(c.v.hi), hand_before_move(pos, c.move, c.v.hand), c.move);
    o.exact = c.v.exact;
    return o;
  }
  if (grouped)
    for (const PnDn m : group_max) dn = saturating_add(dn, m);
  if (ch.best >= 0 && kids[ch.best].group) ch.others = dn - group_max[kids[ch.best].group];
  if (dn == 0) {
    NodeOutcome o = disproven_outcome(lo, hand_min(disproof, widen_held(hand)), rep);
    o.rep_ply = rep_ply;
    for (const Child& c : kids) o.exact |= c.v.exact;
    return o;
  }
  NodeOutcome n;
  n.pn = pn, n.dn = dn;
  n.best = ch.best >= 0 ? kids[ch.best].move : MOVE_NONE;
  return n;
}

// AND: pn = sum over the children not delayed, except that the children of a group (lines that
// meet, subtree_merges.h) count once, by their max; dn = min. Proven when every child is.
NodeOutcome Dfpn::aggregate_and(const Position& pos, const std::vector<Child>& kids,
                                Choice& ch) const {
  PnDn pn = 0, dn = PN_INF;
  PnDn group_max[GROUP_SLOTS] = {};  // by Child::group
  int square_front = -1;             // see the loop
  bool square_front_waiting = false;
  bool grouped = false;
  MateLen hi = 0;
  Hand proof;
  bool all_proven = true;
  bool exact = false;
  for (int i = 0; i < int(kids.size()); ++i) {
    const NodeOutcome& v = kids[i].v;
    // Only a search expecting a refutation releases waiting drops (DELAY_RELEASE_PN): there,
    // drops come square by square (reply_before), and the loop keeps the front of the previous
    // child's square, its first drop not mated, and whether that one waits.
    const int front = square_front;
    const bool front_waiting = square_front_waiting;
    bool new_square = false, takes_front = false;
    if (expect_refutation_ && kids[i].move.is_drop()) {
      const bool same_square =
          i > 0 && kids[i - 1].move.is_drop() && kids[i - 1].move.to() == kids[i].move.to();
      new_square = !same_square;
      takes_front = new_square || (square_front >= 0 && kids[square_front].v.proven());
      if (takes_front) square_front = i, square_front_waiting = false;
    }
    if (v.disproven()) {
      ch.best = i;
      Hand d = v.hand;
      // A refuting drop needs the defender to keep that piece: the attacker may not hold more.
      if (kids[i].move.is_drop()) {
        PieceType pt = kids[i].move.drop_type();
        d.set(pt, std::min(d.count(pt), pos.hand(attacker_).count(pt)));
      }
      NodeOutcome o = disproven_outcome(plus_one(v.lo), d, v.rep);
      o.rep_ply = v.rep_ply;
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
    bool waits = prev >= 0 && !kids[prev].v.proven();  // delayed (see expand)
    if (waits && new_square && front >= 0 && !front_waiting && kids[front].v.pn >= DELAY_RELEASE_PN)
      waits = false;  // released (DELAY_RELEASE_PN)
    if (waits) {
      if (takes_front) square_front_waiting = true;
      continue;
    }
    if (kids[i].group)
      grouped = true, group_max[kids[i].group] = std::max(group_max[kids[i].group], v.pn);
    else
      pn = saturating_add(pn, v.pn);
    dn = std::min(dn, v.dn);
    // Not steered by the marks: one refutation is enough here (virtual_number).
    const int before = ch.best;
    PnDn cost = refutation_cost(v);
    if (handicapped(kids[i].move) && cost < THRESHOLD_MAX / 256)
      cost = std::min<PnDn>(THRESHOLD_MAX - 1, cost + cost * PREFERENCE_PERCENT / 100 + 1);
    track_smallest(cost, i, ch.smallest, ch.second, ch.best, takes_tie(kids[i].move));
    if (ch.best != before) ch.chosen_dn = v.dn;
  }
  if (all_proven) {
    ch.best = -1;
    NodeOutcome o = proven_outcome(hi, mated_proof_hand(pos, proof), MOVE_NONE);
    o.exact = exact;
    return o;
  }
  if (grouped)
    for (const PnDn m : group_max) pn = saturating_add(pn, m);
  if (ch.best >= 0 && kids[ch.best].group) ch.others = pn - group_max[kids[ch.best].group];
  NodeOutcome n;
  n.pn = pn, n.dn = dn;
  return n;
}

// Kaneko's virtual numbers (busy_marks.h): each other search inside the child raises the number
// it is chosen by by half, in questions with a length limit only (steered_by_marks), and only
// where the attacker chooses its check (aggregate_or). Those questions are mostly "no mate within
// N - 2", which must refute every check: a search sent to another check does work that the
// answer needs anyway. At a defender node one refutation suffices, and a search sent to another
// reply mostly does work the answer will not need (the 20 hardest 将棋図巧 on two threads, four
// runs alternated: 50.4-57.6 s this way against 56.0-60.1 s with defender nodes steered too, the
// main search's share of one thread's nodes 55% against 58%). A mate at all is mostly one narrow
// line, where helpers on the main search's heels do best (ミクロコスモス's first proof on two
// threads: 27-29 s unsteered, 36-42 s with the marks read there too; README "One problem on
// several threads"). Only the choice sees them (Choice::smallest, the loop of mid()); the table
// keeps the real numbers, or a search at a node shared with another would raise it once more at
// every ply up the shared path. A child already seen with the others inside it (crowded_view) is
// not raised twice. Finished children keep their numbers: a proof or disproof is never disguised.
PnDn Dfpn::virtual_number(const Child& c, PnDn v) const {
  if (!steered_by_marks() || v == 0 || v >= PN_INF || c.v.crowded) return v;
  const int inside = busy_->count(c.key);
  if (inside == 0) return v;
  return std::min<PnDn>(THRESHOLD_MAX - 1, v + PnDn(inside) * (v / 2 + 1));
}

// A defender node in a question with a length limit needs one reply with no mate within the
// limit, and the replies whose proof number is small against their disproof number are mostly
// mated after all: the search spent its time on them. 将棋図巧4's "no mate within 37" explored
// 9.7M positions for a disproof that in the end rests on 160k; at its ply 7 the reply 5d6e took
// 19.6M nodes and was left at pn 12, dn 12,700, while 5d4d refuted in 14.3M. So the node chooses
// by the expected cost of a refutation: dn over the chance that the child refutes, taken as
// K pn / (K pn + dn), that is dn (1 + dn / (K pn)). A new child (pn 1) keeps about its dn, an
// old one whose mate is near falls behind. K = 32 (nodes, one thread, the same lengths): the 20
// hardest 将棋図巧 0.919x the shortening nodes (K = 64: 0.927x, with 098 at 2.2x; 128: 0.940x;
// at 32 from 086's 0.57x to 013's and 032's 1.11-1.12x), 004 006 024 037 0.75-0.90x, the fast
// set 0.921x. Questions without a limit (a first proof) choose by dn as before: such a search
// proves every reply of the defender nodes on its line, and the cost there measured worse (bench
// +6.7%, the fast set +1.7% nodes). But where the answer is mostly "no mate" (the verifier's
// checks, set_expect_refutation) the cost pays without a limit too: after 将棋図巧6's ▲４一馬
// △２一玉, no mate at all, 16.1M nodes instead of 28.1M (512 MB).
constexpr PnDn REFUTATION_PRIOR = 32;

PnDn Dfpn::refutation_cost(const NodeOutcome& v) const {
  if (!seeks_refutation_ || v.pn == 0 || v.dn == 0 || v.pn >= PN_INF || v.dn >= PN_INF) return v.dn;
  using Wide = unsigned __int128;
  const Wide cost = Wide(v.dn) + Wide(v.dn) * v.dn / (Wide(REFUTATION_PRIOR) * v.pn);
  return cost >= THRESHOLD_MAX ? THRESHOLD_MAX - 1 : PnDn(cost);
}

// The disproof number at which a child with proof number `pn` reaches `cost`: the inverse of
// refutation_cost, a threshold for the child's search (child_thresholds).
PnDn Dfpn::dn_within_cost(PnDn cost, PnDn pn) const {
  if (!seeks_refutation_ || cost >= THRESHOLD_MAX || pn == 0 || pn >= PN_INF) return cost;
  const long double kp = (long double)(REFUTATION_PRIOR) * (long double)(pn);
  const long double dn = (std::sqrt(kp * kp + 4.0L * kp * (long double)(cost)) - kp) / 2.0L;
  return dn >= (long double)(THRESHOLD_MAX) ? THRESHOLD_MAX : PnDn(dn) + 1;
}

NodeOutcome Dfpn::aggregate(const Position& pos, int ply, bool or_node, Choice& ch) {
  ch = Choice{};
  preferred_reply_ = !or_node && int(preferred_.size()) > ply ? preferred_[ply] : MOVE_NONE;
  return or_node ? aggregate_or(pos, frames_[ply], ch) : aggregate_and(pos, frames_[ply], ch);
}

// The thresholds of the child to search next (mid, step 3). The 1+epsilon trick: let the child
// run until it is clearly worse than its best sibling (not merely one worse), or two siblings
// with growing numbers take turns forever, each doing a few nodes of work per visit.
void Dfpn::child_thresholds(bool or_node, const Child& c, const NodeOutcome& node, PnDn thpn,
                            PnDn thdn, const Choice& ch, PnDn& child_thpn, PnDn& child_thdn) const {
  const PnDn sibling_bound = saturating_add(ch.second, ch.second / EPSILON_DIVISOR + 1);
  // A max-counted child moves this node's number only above the others' sum.
  if (or_node) {
    child_thpn = std::min(thpn, sibling_bound);
    child_thdn =
        std::min<PnDn>(THRESHOLD_MAX, c.group ? thdn - ch.others : thdn - node.dn + c.v.dn);
  } else {
    // At least one more than now: the child was chosen by a cost below the bound, and a
    // rounded inverse must not send it back at once.
    // A reply other than the preferred one was chosen by its raised cost: its own is lower.
    const PnDn bound = handicapped(c.move) && sibling_bound < THRESHOLD_MAX
                           ? sibling_bound * 100 / (100 + PREFERENCE_PERCENT)
                           : sibling_bound;
    child_thdn = std::min(thdn, std::max(c.v.dn + 1, dn_within_cost(bound, c.v.pn)));
    child_thpn =
        std::min<PnDn>(THRESHOLD_MAX, c.group ? thpn - ch.others : thpn - node.pn + c.v.pn);
  }
}

// A refutation of an AND node (mid, step 3). A reply that refutes "mate within the limit" may
// still be a futile interposition, which does not count: only such a refutation is worth the
// (costly) futility search. False when the refuting reply turned out futile: aggregate again.
bool Dfpn::refutation_stands(Position& pos, int ply, int best, MateLen remaining,
                             NodeOutcome& node) {
  if (rescue_futile(pos, ply, best, remaining)) return false;
  // Refuted by an interposition the 狭義 test found not futile: the test ran after this
  // refutation was put together, so its marks are added here. And the test answers only up to
  // this bound (above it the interposition may be futile after all), so the refutation says no
  // more than "not within this bound", whatever its reply's own lower bound.
  const Child& k = frames_[ply][best];
  if (k.narrow_tested) {
    node.exact = true;
    node.lo = std::min(node.lo, plus_one(remaining));
  }
  // Where the test's repetition stood is not kept: anywhere on the path, as far as this node knows.
  if (k.rep_tested) node.rep = true, node.rep_ply = 0;
  return true;
}

NodeOutcome Dfpn::mid(Position& pos, int ply, PnDn thpn, PnDn thdn, MateLen remaining,
                      bool extend) {
  const bool or_node = pos.side_to_move() == attacker_;
  const uint64_t nodes_before = nodes_;
  const Move table_preference = child_preference_;
  child_preference_ = MOVE_NONE;

  // Step 0. Out of budget: nothing more is searched, not even the children's first estimates
  // (nested futility tests could otherwise multiply far past the limit).
  if (out_of_budget()) return NodeOutcome{};

  // Step 1. A position already on the current path: the attacker is going round in circles
  // (perpetual check), a failure that holds on this path only (repetition.h).
  path_.reserve(ply + 2);
  const uint64_t key = pos.key();
  path_.position(ply) = key;
  if (const int p = path_.repeated_ply(ply, key); p >= 0) {
    NodeOutcome o = disproven_outcome(NO_MATE_LEN, pos.hand(attacker_), true);
    o.rep_ply = p;
    return o;
  }
  // Other searches on the table see this one here. Only defender nodes are looked for: they are
  // the children the attacker's nodes choose among (virtual_number).
  const BusyMark mark(or_node ? nullptr : busy_, key);
  // The parent record, written at the end if the node is left unfinished (step 4).
  table_.merges().prefetch_parent(key);
  const SearchPath::Entry on_path(path_, key, ply);  // in the path's index (find_merge)

  // Step 2. Generate the children and give each its first estimate.
  NodeOutcome node;
  old_child_ = false;
  if (!expand(pos, ply, or_node, remaining, node)) {
    store(pos, node, 1, remaining);
    return node;
  }
  const MateLen child_remaining = remaining >= DEPTH_UNLIMITED ? remaining : MateLen(remaining - 1);

  // Step 3. Search the most promising child until this node's numbers cross a threshold
  //   (raised first below a line that came back: raise_thresholds). A defender node in a
  //   question with a length limit (or one expecting a refutation) holds to the reply it chose
  //   first, or to the one the table recorded from its earlier visits (PREFERENCE_PERCENT).
  if (int(preferred_.size()) <= ply) preferred_.resize(ply + 1, MOVE_NONE);
  preferred_[ply] = MOVE_NONE;
  if (!or_node && seeks_refutation_ && table_preference != MOVE_NONE)
    for (const Child& k : frames_[ply])
      if (k.move == table_preference) preferred_[ply] = table_preference;
  Choice ch;
  extend = extend || old_child_;
  if (extend) raise_thresholds(pos, ply, or_node, thpn, thdn);
  for (;;) {
    node = aggregate(pos, ply, or_node, ch);
    if (node.dn == 0 && !or_node && !refutation_stands(pos, ply, ch.best, remaining, node))
      continue;
    if (node.pn == 0 || node.dn == 0) break;
    if (!or_node && seeks_refutation_ && preferred_[ply] == MOVE_NONE && ch.best >= 0)
      preferred_[ply] = frames_[ply][ch.best].move;
    // The number the child is chosen by: the node's own, or its virtual one (virtual_number).
    if ((or_node ? ch.smallest : node.pn) >= thpn || (or_node ? node.dn : ch.chosen_dn) >= thdn)
      break;
    if (out_of_budget()) break;
    Child& c = frames_[ply][ch.best];
    PnDn child_thpn, child_thdn;
    child_thresholds(or_node, c, node, thpn, thdn, ch, child_thpn, child_thdn);
    path_.path_key(ply + 1) = child_path_key(path_.path_key(ply), c.move, ply);
    visit(pos, c.move);
    if (c.fresh) extend = false, c.fresh = false;        // a new node: no more raising
    child_preference_ = or_node ? c.v.best : MOVE_NONE;  // an AND child's table preference
    NodeOutcome r = mid(pos, ply + 1, child_thpn, child_thdn, child_remaining, extend);
    pos.undo_move();
    c.v = r;  // frames_ is stable storage: the deeper plies' growth moved nothing here
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
  // A failure whose repetitions all lie at or below this node holds on any path: each is a loop
  // inside this node's subtree, and a shortest mate from here never passes a position twice
  // (along it the plies left to mate fall with every move), so declaring the loops lost for the
  // attacker changes nothing of this node's value.
  if (node.dn == 0 && node.rep && node.rep_ply >= ply) node.rep = false;
  if (node.dn == 0 && node.rep) {
    reps_.record(path_.path_key(ply), node.lo, node.rep_ply);
    return node;
  }
  // An unfinished defender node keeps its preferred reply in the table's entry (its `best`,
  // which a finished defender node uses for its refutation only).
  if (node.pn != 0 && node.dn != 0 && !or_node && seeks_refutation_) node.best = preferred_[ply];
  if (node.pn != 0 && node.dn != 0)
    table_.merges().record(key, ply > 0 ? path_.position(ply - 1) : 0, node.pn, node.dn, ply);
  store(pos, node, nodes_ - nodes_before, remaining);
  return crowded_view(or_node, node, ch);
}

// The threshold controlling algorithm (Kishimoto 2010, as KomoringHeights): below a node with a
// child first searched at a shallower ply, a line that came back, the thresholds are raised
// just above the node's numbers until a new node is expanded (mid, step 3). Otherwise such a
// node can return at once with the numbers its parent already had, and be sent back in,
// forever: on Fairway (problems/hard.tsv) the search went on expanding known nodes only.
void Dfpn::raise_thresholds(const Position& pos, int ply, bool or_node, PnDn& thpn, PnDn& thdn) {
  Choice ch;
  const NodeOutcome node = aggregate(pos, ply, or_node, ch);
  if (node.pn == 0 || node.dn == 0) return;
  if (node.pn < THRESHOLD_MAX) thpn = std::max(thpn, node.pn + 1);
  // Above the node's own disproof number, also where an AND node chose another child by
  // refutation_cost (raising it above the chosen child's instead: the 20 hardest 将棋図巧 1.05x
  // the nodes, 098 2.4x).
  if (node.dn < THRESHOLD_MAX) thdn = std::max(thdn, node.dn + 1);
}

// What the parent sees of a node left because other searches are inside its best child (the
// node's virtual number crossed the threshold, its real one did not): the virtual number, or
// the parent would send the search straight back in with the same threshold, and again, for as
// long as the other search stays. Likewise an AND node left because the child it chose by
// refutation_cost crossed the threshold, while a sibling it did not choose has a smaller disproof
// number: the chosen child's. The table keeps the real numbers.
NodeOutcome Dfpn::crowded_view(bool or_node, const NodeOutcome& node, const Choice& ch) const {
  if (node.pn == 0 || node.dn == 0) return node;
  NodeOutcome seen = node;
  PnDn& number = or_node ? seen.pn : seen.dn;
  const PnDn chosen = or_node ? ch.smallest : ch.chosen_dn;
  if (chosen <= number) return node;
  number = chosen;
  seen.crowded = or_node;  // only a proof number counts the other searches (virtual_number)
  return seen;
}

}  // namespace kanju
