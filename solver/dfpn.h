// df-pn proof-number search for tsume: OR nodes (attacker to move) try checking moves only,
// AND nodes (defender to move) try every evasion.
//
// One query asks "does the attacker mate within `max_len` plies?" (DEPTH_UNLIMITED: at all).
// The answer carries the node's length bounds, so the mate-length search can ask again with a
// shorter limit while reusing the table. Repetitions on the current path count as failures for
// the attacker (perpetual check); such disproofs are flagged and never trusted off that path.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <utility>
#include <vector>

#include "busy_marks.h"
#include "interposition.h"
#include "movegen.h"
#include "position.h"
#include "proof_table.h"
#include "repetition.h"
#include "search_types.h"

namespace kanju {

// A snapshot for progress displays, reported from the searching thread.
struct SearchProgress {
  uint64_t nodes = 0;
  double seconds = 0;
  int hashfull = 0;             // table use, parts per thousand
  const char* phase = "prove";  // "prove", "shorten" (proving the shortest length) or "line"
  int best_length = -1;         // shortest mate proven so far, -1 if none
};

struct SearchLimits {
  uint64_t max_nodes = UINT64_MAX;
  double max_seconds = 0;                   // 0: no time limit
  const std::atomic<bool>* stop = nullptr;  // set from another thread to stop early
  // Called from the search thread about every `progress_interval` seconds, if set.
  std::function<void(const SearchProgress&)> progress;
  double progress_interval = 0.25;
};

struct NodeOutcome {
  PnDn pn = 1;
  PnDn dn = 1;
  MateLen lo = 0;
  MateLen hi = NO_MATE_LEN;
  Hand hand;  // proof pieces (proven) or disproof pieces (disproven)
  Move best = MOVE_NONE;
  bool rep = false;  // the disproof depends on a repetition on the current path
  // With `rep`: the shallowest ply of the current path whose position the disproof repeats (0
  // when not known). For a node at that ply or above it, every such repetition is a loop inside
  // its own subtree, which no shortest mate enters: its failure holds on any path (Dfpn::mid,
  // step 4).
  int rep_ply = 0;
  // The result rests on a 狭義無駄合 judgement (Dfpn::futile_in_narrow_sense), which a piece
  // more or less in the attacker's hand can change: it holds for this very hand only, and the
  // table keeps it apart from the results shared between hands.
  bool exact = false;
  // The search's own view, not the table's: the number the node was left by includes other
  // searches inside it (Dfpn::virtual_number), and already counts them. Never stored.
  bool crowded = false;

  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
};

class Dfpn {
 public:
  Dfpn(ProofTable& table, SearchLimits limits, FutilePolicy futile = FutilePolicy::Composer);

  // Runs until the node is proven or disproven within `max_len` plies, or a limit is hit: the
  // search's limits (SearchLimits), or `budget` more nodes for this query. The attacker is
  // `attacker`; the node is an OR node when the attacker is to move.
  NodeOutcome prove(Position& pos, Color attacker, MateLen max_len = DEPTH_UNLIMITED,
                    uint64_t budget = UINT64_MAX);

  // Whether the defender's reply `m` (pos: defender to move, in check) is a futile
  // interposition under the policy (docs/RULES.md §4): taken at once, with the piece handed back
  // to the defender, it is still mate on the spot. Always false under FutilePolicy::Count.
  // Under Wide, at a node worth `value` plies: taken, it is mate within `value`, and a reply
  // that is not a drop lasts `value` plies too (value 0: as Narrow). The test searches at most
  // `budget` nodes (and within the search's limits); run out, it says "not futile".
  bool is_futile(Position& pos, Color attacker, Move m, MateLen value = 0,
                 uint64_t budget = UINT64_MAX);
  // Whether the policy asks about `m` at all: an interposition of a kind it judges.
  bool is_judged_interposition(const Position& pos, Move m) const {
    return kanju::is_judged_interposition(pos, m, futile_policy_);
  }

  // The key under which the table holds a position. Proofs and disproofs are shared between
  // attacker hands that hold more or fewer pieces (proof and disproof pieces), which rests on
  // the length growing as the attacker's hand shrinks. Under FutilePolicy::Wide it need not: a
  // piece more can make a reply's mate shorter and so a drop count again. There the key holds
  // both hands, and only the same hands share an entry.
  uint64_t table_key(const Position& pos) const {
    return table_.keyed_by_position() ? pos.key() : pos.board_key();
  }
  // What the table knows about the position for the attacker's hand: the results shared
  // between hands, and those that hold for this hand only (NodeOutcome::exact).
  TableResult probe(const Position& pos, MateLen remaining) const;

  // A helper thread's order (helper_threads.h): among children with equal numbers, those for
  // which a hash of `seed` and the move is odd go first, so that helpers on one table explore
  // different parts of the tree. Seed 0 (the default): the first child, as one thread searches.
  // Only the order of the search changes, never a result.
  void set_tie_break(uint64_t seed) { tie_seed_ = seed; }
  // A search whose questions are mostly answered "no mate" (the verifier's checks: most other
  // checks at a node of the main line are tries that fail): its defender nodes choose a reply by
  // the cost of a refutation also in questions without a length limit, as every search does in
  // questions with one (refutation_cost in dfpn.cpp). Only the order of the search changes, never
  // a result. Off (the default): a search for a mate at all chooses by the disproof number.
  void set_expect_refutation(bool on) { expect_refutation_ = on; }
  bool expects_refutation() const { return expect_refutation_; }
  // Set from another thread, `done` ends the current query early, as a budget would: another
  // search on the shared table has answered it (helper_threads.h). Null: only the limits end it.
  void set_query_done(const std::atomic<bool>* done) { query_done_ = done; }
  // One of several searches on a shared table (helper_threads.h): each marks the defender
  // positions it is in and, if it `reads` them, takes a check leading into one that another
  // search is in as less promising than its numbers say (busy_marks.h, virtual_number). Null
  // (the default): no marks, as one thread searches. Only the order of the search changes,
  // never a result.
  void set_busy_marks(BusyMarks* marks, bool reads = true) {
    busy_ = marks;
    reads_marks_ = marks && reads;
  }

  // What the next progress reports say the search is doing.
  void set_phase(const char* phase, int best_length) {
    phase_ = phase;
    best_length_ = best_length;
  }

  // Positions visited: every move the search plays, including the one-move look-ahead that
  // gives each new child its first estimate. This is how YaneuraOu's and KomoringHeights'
  // mate engines count nodes (one per do_move), so node counts and nodes/s compare directly.
  uint64_t nodes() const { return nodes_; }
  // Gives a search that hit its node or time limit (not a stop request) `nodes` and `seconds`
  // more from now; false when it was stopped, or had no limit to extend.
  bool extend_limits(uint64_t nodes, double seconds);
  // Whether the node or time limit is reached or a stop was requested.
  bool limits_reached() const;
  // Nodes expanded: mid() calls that generated their children (a subset of the positions).
  uint64_t expansions() const { return expansions_; }
  bool aborted() const { return aborted_; }
  double elapsed_seconds() const;

 private:
  struct Child {
    Move move;
    NodeOutcome v;
    int delayed_behind = -1;  // AND node: searched once this sibling is mated (see expand)
    bool futile = false;      // a futile interposition: mated, but not counted in the length
    bool futile_checked = false;
    bool narrow_tested = false;  // judged not futile by the 狭義 test: a refutation for this hand
    bool rep_tested = false;     // judged not futile through a repetition: for this path only
    // Counted by max within its group, not by sum: an OR node's disproof number, an AND node's
    // proof number. 0: summed; 1 to SubtreeMerges::GROUPS: children whose lines meet
    // (subtree_merges.h); DROP_GROUP: an OR node's drops of ranging pieces (expand_checks).
    uint8_t group = 0;
    bool fresh = false;  // no entry in the table when it was set up: a new node
    uint64_t key = 0;    // the child's position key (0: not visited, see init_child)
  };
  // The proof number by which an OR node chooses a check, raised while other searches are
  // inside it (set_busy_marks). AND nodes choose by the plain disproof number.
  PnDn virtual_number(const Child& c, PnDn v) const;
  bool steered_by_marks() const { return reads_marks_ && query_bounded_; }

  // `extend`: the threshold controlling algorithm is at work above (mid, step 3).
  NodeOutcome mid(Position& pos, int ply, PnDn thpn, PnDn thdn, MateLen remaining,
                  bool extend = false);
  bool expand(Position& pos, int ply, bool or_node, MateLen remaining, NodeOutcome& terminal);
  bool expand_checks(Position& pos, std::vector<Child>& kids, MateLen remaining,
                     NodeOutcome& terminal);
  bool expand_replies(Position& pos, int ply, std::vector<Child>& kids, MateLen remaining,
                      NodeOutcome& terminal);
  NodeOutcome only_futile_replies(Position& pos, int ply, const MoveList<EVASIONS>& moves,
                                  MateLen remaining);
  void init_child(Position& pos, int ply, Child& c, MateLen child_remaining);
  // Source-node detection (subtree_merges.h): the child of the node at `ply` has unfinished
  // numbers in the table; if they were left from another parent, the lines meet there, and the
  // position of the current path where they parted counts the two branches by max.
  void find_merge(int ply, bool or_node, const Child& c);
  void count_by_max(int root_ply, uint64_t a, uint64_t b);
  void raise_thresholds(const Position& pos, int ply, bool or_node, PnDn& thpn, PnDn& thdn);
  // The child to search next and the numbers that bound its search (mid, step 3).
  struct Choice {
    int best = -1;           // the child
    PnDn smallest = PN_INF;  // its number (OR: proof, virtual_number's; AND: refutation_cost)
    PnDn second = PN_INF;    // the next sibling's
    // With the chosen child counted by max: the node's number (OR: disproof, AND: proof)
    // without its group's max, what the child's number may grow to before the node's does.
    PnDn others = 0;
    PnDn chosen_dn = PN_INF;  // AND: the chosen child's disproof number
  };
  // What an AND node chooses its child by: the disproof number, and where it seeks a refutation
  // (seeks_refutation_) that number over the chance that the child refutes (refutation_cost in
  // dfpn.cpp).
  PnDn refutation_cost(const NodeOutcome& v) const;
  PnDn dn_within_cost(PnDn cost, PnDn pn) const;
  // Whether the AND node being aggregated holds to a preferred reply and `m` is another one
  // (preferred_, mid step 3), whose cost it then raises by PREFERENCE_PERCENT.
  bool handicapped(Move m) const {
    return seeks_refutation_ && preferred_reply_ != MOVE_NONE && m != preferred_reply_;
  }
  NodeOutcome aggregate(const Position& pos, int ply, bool or_node, Choice& ch);
  NodeOutcome crowded_view(bool or_node, const NodeOutcome& node, const Choice& ch) const;
  NodeOutcome aggregate_or(const Position& pos, const std::vector<Child>& kids, Choice& ch) const;
  NodeOutcome aggregate_and(const Position& pos, const std::vector<Child>& kids, Choice& ch) const;
  void child_thresholds(bool or_node, const Child& c, const NodeOutcome& node, PnDn thpn, PnDn thdn,
                        const Choice& ch, PnDn& child_thpn, PnDn& child_thdn) const;
  bool refutation_stands(Position& pos, int ply, int best, MateLen remaining, NodeOutcome& node);
  bool out_of_budget();
  // The node count at which the current query stops: its budget, within the search's limit.
  void start_query(uint64_t budget) {
    table_.bind(futile_policy_);  // another search on this table may have bound it otherwise
    query_limit_ =
        nodes_ + std::min(budget, limits_.max_nodes - std::min(limits_.max_nodes, nodes_));
  }
  void visit(Position& pos, Move m) {
    pos.do_move(m);
    ++nodes_;
  }
  // `exact`, if given, tells whether the mate on the spot rests on 狭義 (NodeOutcome::exact).
  bool futile_on_the_spot(Position& pos, int ply, Move m, Hand& proof, MateLen within = 0,
                          bool* exact = nullptr);
  bool wide_futile(Position& pos, int ply, Move m, Hand& proof, MateLen remaining);
  bool futile_in_narrow_sense(Position& pos, int ply, Move m, MateLen remaining);
  bool each_capture_handed_back(Position& pos, int ply, Move m, bool checker_only,
                                const std::function<bool(Move)>& taken);
  MateLen shortest_within(Position& pos, int ply, MateLen bound);
  bool same_defences(const Position& pos, Bitboard flights_before) const;
  NodeOutcome settle(Position& pos, int ply, MateLen bound);
  // Whether the defender (to move, in check) has a reply that is no interposition.
  bool has_other_defence(const Position& pos) const;
  void store(const Position& pos, const NodeOutcome& node, uint64_t work, MateLen remaining);
  // Adds the slots this search took in a concurrent table to its count (ProofTable::store).
  void count_slots() {
    if (unflushed_slots_) table_.add_used(std::exchange(unflushed_slots_, 0));
  }
  // The policy's test of an interposition: futile_on_the_spot, or wide_futile (Wide).
  bool interposition_is_futile(Position& pos, int ply, Move m, Hand& proof, MateLen remaining);
  bool non_drop_lasts(Position& pos, int ply, MateLen value, bool all_interpositions = false);
  bool rescue_futile(Position& pos, int ply, int refuter, MateLen remaining);
  MateLen other_replies_bound(const Position& pos, int ply, MateLen remaining) const;

  ProofTable& table_;
  SearchLimits limits_;
  FutilePolicy futile_policy_;
  Color attacker_ = BLACK;
  uint64_t nodes_ = 0;
  uint64_t expansions_ = 0;
  uint64_t next_check_ = 0;
  uint64_t query_limit_ = UINT64_MAX;              // start_query
  uint64_t tie_seed_ = 0;                          // set_tie_break
  BusyMarks* busy_ = nullptr;                      // set_busy_marks
  const std::atomic<bool>* query_done_ = nullptr;  // set_query_done
  bool reads_marks_ = false;                       // set_busy_marks
  bool query_bounded_ = false;      // the current query has a length limit (virtual_number)
  bool expect_refutation_ = false;  // set_expect_refutation
  // Defender nodes choose by the cost of a refutation and hold to their first reply
  // (refutation_cost, PREFERENCE_PERCENT): in questions with a length limit, and in every
  // question of a search that expects a refutation.
  bool seeks_refutation_ = false;
  bool takes_tie(Move m) const {
    if (tie_seed_ == 0) return false;
    const uint64_t x = (tie_seed_ ^ m.raw()) * 0x9e3779b97f4a7c15ULL;
    return (x >> 63) != 0;
  }
  bool aborted_ = false;
  const char* phase_ = "prove";
  int best_length_ = -1;
  double next_progress_ = 0;
  std::chrono::steady_clock::time_point start_;
  // Children per ply, reused. A deque: growing it for a deeper ply (a nested search, a futility
  // test) keeps every reference into the shallower plies' frames valid.
  std::deque<std::vector<Child>> frames_;
  SearchPath path_;               // the current path (repetition.h)
  RepetitionTable reps_;          // failures by repetition, by path (repetition.h)
  uint64_t unflushed_slots_ = 0;  // slots this search took in a concurrent table, not yet counted
  uint64_t exact_entries_ = 0;    // results stored for one attacker hand only (NodeOutcome::exact)
  bool futile_rep_ = false;       // a futility test met a failure by repetition (rescue_futile)
  bool old_child_ = false;        // expand met a child first searched at a shallower ply
  // Defender nodes of questions with a length limit hold to the reply they first chose (mid,
  // step 3): per ply, the node's preferred reply; the one aggregate_and is comparing against;
  // and the preference the table holds for the child about to be searched, read by mid on entry.
  std::vector<Move> preferred_;
  Move preferred_reply_ = MOVE_NONE;
  Move child_preference_ = MOVE_NONE;
};

}  // namespace kanju
