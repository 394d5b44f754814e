// One problem on several threads (lazy SMP for df-pn). While the main search answers a query,
// helper searches ask the same question of the same position on the same table, each breaking
// ties between equally promising children in an order of its own (Dfpn::set_tie_break), so that
// they explore other parts of the tree and leave proofs and disproofs in the table where the
// main search finds them. Every search, the main one included, marks the defender positions it
// is in; in questions with a length limit a helper choosing a check leans away from one another
// search is in (Kaneko's virtual numbers, busy_marks.h; Dfpn::virtual_number). The first search
// to answer ends the query for all, and its answer is the query's: it rests only on what the
// table holds, which every search proved, so the answer is the one thread's, only sooner.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "dfpn.h"

namespace kanju {

class HelperThreads {
 public:
  // `helpers` more searches on `table` (made concurrent while they exist) with the main
  // search's limits (their own stop) and reading of futile interpositions.
  HelperThreads(ProofTable& table, const SearchLimits& limits, FutilePolicy futile, int helpers);
  ~HelperThreads();
  HelperThreads(const HelperThreads&) = delete;
  HelperThreads& operator=(const HelperThreads&) = delete;

  // main.prove(pos, attacker, max_len, budget), with the helpers searching the same query.
  NodeOutcome prove(Dfpn& main, Position& pos, Color attacker, MateLen max_len = DEPTH_UNLIMITED,
                    uint64_t budget = UINT64_MAX);
  // Positions the helpers visited, over every query.
  uint64_t nodes() const;

 private:
  void answer(const NodeOutcome& o);

  ProofTable& table_;
  std::mutex answer_mutex_;
  std::atomic<bool> answered_{false};  // a helper answered the current query (answer)
  NodeOutcome helper_answer_;          // its answer
  BusyMarks busy_;  // where each search is, so that they spread out (busy_marks.h)
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<Dfpn>> helpers_;
};

}  // namespace kanju
