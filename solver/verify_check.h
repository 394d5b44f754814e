// The searches of one verification (internal to verify*.cpp): a budget for the whole
// verification, and a bounded search on the shared table charged to it.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "dfpn.h"
#include "helper_threads.h"
#include "main_line.h"
#include "movegen.h"
#include "proof_table.h"

namespace kanju::verify_detail {

enum class Tri { Yes, No, Unknown };

// Positions a detour search may visit for one alternative: enough for a return within four
// plies in a crowded position, small enough to stay well under a second.
constexpr int DETOUR_VISITS = 50'000;
// The first, cheap pass of the 不要駒 search for a new mating check: most are found at once.
constexpr uint64_t QUICK_CHECK_NODES = 20'000;

// Progress reports that count `base` nodes searched before: one growing total across searches.
inline std::function<void(const SearchProgress&)> counted_from(
    std::function<void(const SearchProgress&)> report, uint64_t base) {
  return [base, report = std::move(report)](const SearchProgress& s) {
    SearchProgress t = s;
    t.nodes += base;
    report(t);
  };
}

// What is left of the verification's budget. Each check gets its own search with a share of it,
// and is charged what it used when it ends.
class Budget {
 public:
  explicit Budget(const SearchLimits& total) : total_(total) {}

  // Limits for one search of at most `cap` nodes. Its progress reports count the nodes of the
  // earlier searches too, so that a caller sees one growing total.
  SearchLimits for_check(uint64_t cap) const {
    SearchLimits l;
    l.max_nodes = std::min(cap, total_.max_nodes - std::min(total_.max_nodes, used_));
    if (total_.max_seconds > 0) l.max_seconds = std::max(total_.max_seconds - elapsed(), 1e-3);
    l.stop = total_.stop;
    l.progress_interval = total_.progress_interval;
    if (total_.progress) l.progress = counted_from(total_.progress, used_);
    return l;
  }
  void charge(uint64_t nodes) { used_ += nodes; }
  uint64_t remaining_nodes() const { return total_.max_nodes - std::min(total_.max_nodes, used_); }
  uint64_t used() const { return used_; }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool exhausted() const {
    return used_ >= total_.max_nodes ||
           (total_.max_seconds > 0 && elapsed() >= total_.max_seconds) ||
           (total_.stop && total_.stop->load(std::memory_order_relaxed));
  }

 private:
  SearchLimits total_;
  uint64_t used_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Questions allowed fewer nodes than this (the walks' small questions) are asked of the main
// search alone: starting the helpers costs a thread start each, and a small question is mostly
// answered before they find their way.
constexpr uint64_t HELPER_MIN_NODES = 100'000;

// One bounded search on the shared table, charged to the budget when it goes out of scope.
// With helpers (one problem on several threads), its larger questions are searched by all
// threads together (prove_together).
class Check {
 public:
  Check(Budget& budget, ProofTable& table, const std::function<ProofTable&()>& scratch,
        FutilePolicy futile, Color attacker, uint64_t cap, HelperThreads* helpers = nullptr)
      : budget_(budget),
        dfpn_(table, budget.for_check(cap), futile),
        scratch_(scratch),
        futile_(futile),
        attacker_(attacker),
        cap_(cap),
        helpers_(helpers) {
    dfpn_.set_expect_refutation(true);
  }
  ~Check() { settle(); }
  Check(const Check&) = delete;
  Check& operator=(const Check&) = delete;

  // Mate within max_len, searching at most `cap` nodes (and what is left of the check's cap and
  // of the budget)? A search can stop undecided with budget left: an infinite proof number that
  // is not a disproof, found in the table (left there by repetitions met on other paths) or
  // reached by saturated sums. The question is then asked again on an empty scratch table,
  // which answers the first kind.
  //
  // Every search is charged at once and limited by what is left of both the check's cap and
  // the whole budget, so that checks made inside others (a line inside a classification)
  // never search past the budget.
  NodeOutcome prove(Position& pos, MateLen max_len = DEPTH_UNLIMITED, uint64_t cap = UINT64_MAX) {
    const uint64_t allowed = std::min(cap, left());
    const NodeOutcome o = allowed >= HELPER_MIN_NODES && helpers_
                              ? prove_together(pos, max_len, allowed)
                              : dfpn_.prove(pos, attacker_, max_len, allowed);
    settle();
    aborted_ = dfpn_.aborted();
    if (o.proven() || o.disproven() || aborted_) return o;
    ProofTable& scratch = scratch_();
    scratch.clear();
    Dfpn fresh(scratch, budget_.for_check(std::min(cap, left())), futile_);
    fresh.set_expect_refutation(true);
    const NodeOutcome again = fresh.prove(pos, attacker_, max_len);
    budget_.charge(fresh.nodes());
    spent_ += fresh.nodes();
    aborted_ = fresh.aborted();
    return again;
  }
  // Whether the check's cap or the budget is used up: every further question goes unanswered.
  bool exhausted() const { return left() == 0; }
  // Why the last question has no answer.
  std::string why_undecided() const {
    return aborted_ ? "limit reached" : "the search stopped undecided (infinite proof number)";
  }

  // Mate within `len` plies of pos (either side to move)?
  Tri mates_within(Position& pos, int len, uint64_t cap = UINT64_MAX) {
    if (len < 0) return Tri::No;
    const NodeOutcome o = prove(pos, MateLen(len), cap);
    return o.proven() ? Tri::Yes : o.disproven() ? Tri::No : Tri::Unknown;
  }
  // Whether the defender's reply m is a futile interposition, at a node worth `value` plies
  // (0: only those futile on the spot; the 狭義 test needs the node's value, docs/RULES.md §4.2).
  bool futile(Position& pos, Move m, int value = 0) {
    return dfpn_.is_futile(pos, attacker_, m, MateLen(std::max(value, 0)), left());
  }

  // The exact mate length of pos, given that it mates within `hi`: asks for two plies less
  // until there is no such mate. `exact` is false when the budget ran out first.
  int shortest(Position& pos, int hi, bool& exact) {
    exact = true;
    while (hi >= 2) {
      const NodeOutcome o = prove(pos, MateLen(hi - 2));
      if (o.disproven()) break;
      if (!o.proven()) {
        exact = false;
        break;
      }
      hi = o.hi;
    }
    return hi;
  }

  // A mate line of exactly `bound` plies from pos (either side to move), given that pos mates
  // within `bound`: walked down the table's proofs (bounded_line), each node proven again within
  // its bound. Not a minimax line: the defender takes the reply with the longest mate the table
  // knows, so a walk as long as the bound shows a defence that lasts that long, as `kanju solve`
  // shows a mate not proven shortest. False when the walk is shorter (a longer reply's proof was
  // gone) or a limit cut it.
  bool walked_line(Position& pos, int bound, std::vector<Move>& out) {
    int b = bound;
    const std::vector<Move> walked = bounded_line(dfpn_, pos, attacker_, b, left());
    settle();
    if (int(walked.size()) != bound) return false;
    out.insert(out.end(), walked.begin(), walked.end());
    return true;
  }

  // A minimax line of exactly `value` plies from pos (either side to move): the attacker's first
  // check that keeps the value, the defender's first reply that does. False when a limit cut it.
  bool line(Position& pos, int value, std::vector<Move>& out) {
    if (value <= 0) return true;
    const bool attacker_moves = pos.side_to_move() == attacker_;
    std::vector<Move> moves;
    if (attacker_moves) {
      for (Move m : MoveList<CHECKS>(pos)) moves.push_back(m);
    } else {
      for (Move e : MoveList<EVASIONS>(pos))
        if (!futile(pos, e, value)) moves.push_back(e);
    }
    for (Move m : moves) {
      pos.do_move(m);
      const Tri t = attacker_moves ? mates_within(pos, value - 1) : mates_within(pos, value - 3);
      const bool keeps = attacker_moves ? t == Tri::Yes : t == Tri::No;
      bool ok = t != Tri::Unknown;
      if (keeps) {
        out.push_back(m);
        ok = line(pos, value - 1, out);
      }
      pos.undo_move();
      if (!ok) return false;
      if (keeps) return true;
    }
    return false;
  }

 private:
  Budget& budget_;
  Dfpn dfpn_;
  const std::function<ProofTable&()>& scratch_;
  FutilePolicy futile_;
  Color attacker_;
  uint64_t cap_;
  uint64_t charged_ = 0;  // nodes of dfpn_ already charged to the budget
  uint64_t spent_ = 0;    // nodes of this check, the scratch searches included

  HelperThreads* helpers_;

  // The question on every thread. The check's cap counts the main search's nodes, as one
  // thread's would (the helpers only bring its answer sooner); the budget counts every thread's,
  // after the question: the last one may take the whole past the budget by the helpers' part
  // (将棋図巧29 at --nodes 200000000 on two threads: 214.6M).
  NodeOutcome prove_together(Position& pos, MateLen max_len, uint64_t allowed) {
    const uint64_t before = helpers_->nodes();
    const NodeOutcome o = helpers_->prove(dfpn_, pos, attacker_, max_len, allowed);
    budget_.charge(helpers_->nodes() - before);
    return o;
  }

  // Charges the budget with the nodes dfpn_ searched since the last time.
  void settle() {
    const uint64_t n = dfpn_.nodes() - charged_;
    budget_.charge(n);
    spent_ += n;
    charged_ = dfpn_.nodes();
  }
  // Nodes this check may still search.
  uint64_t left() const {
    return std::min(cap_ - std::min(cap_, spent_), budget_.remaining_nodes());
  }
  bool aborted_ = false;
};

}  // namespace kanju::verify_detail
