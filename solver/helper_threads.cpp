#include "helper_threads.h"

#include <mutex>
#include <thread>

namespace kanju {

HelperThreads::HelperThreads(ProofTable& table, const SearchLimits& limits, FutilePolicy futile,
                             int helpers)
    : table_(table) {
  SearchLimits own = limits;
  own.stop = &stop_;  // the main search's stop, time and node limits end it, and so the helpers
  own.progress = nullptr;
  own.max_nodes = UINT64_MAX;
  own.max_seconds = 0;
  for (int i = 0; i < helpers; ++i) {
    helpers_.push_back(std::make_unique<Dfpn>(table, own, futile));
    helpers_.back()->set_tie_break(0x243f6a8885a308d3ULL * uint64_t(i + 1));
    helpers_.back()->set_busy_marks(&busy_);
  }
  table_.set_concurrent(!helpers_.empty());
}

HelperThreads::~HelperThreads() { table_.set_concurrent(false); }

NodeOutcome HelperThreads::prove(Dfpn& main, Position& pos, Color attacker, MateLen max_len,
                                 uint64_t budget) {
  if (helpers_.empty()) return main.prove(pos, attacker, max_len, budget);
  stop_ = false;
  answered_ = false;
  std::vector<std::thread> threads;
  for (auto& helper : helpers_) helper->set_expect_refutation(main.expects_refutation());
  for (auto& helper : helpers_)
    threads.emplace_back([&, h = helper.get(), start = pos] {
      Position own = start;
      const NodeOutcome o = h->prove(own, attacker, max_len);
      if (o.proven() || o.disproven()) answer(o);
    });
  main.set_busy_marks(&busy_, false);
  main.set_query_done(&answered_);
  const NodeOutcome o = main.prove(pos, attacker, max_len, budget);
  stop_ = true;
  for (std::thread& t : threads) t.join();
  main.set_query_done(nullptr);
  main.set_busy_marks(nullptr);  // alone again, it searches as one thread
  // The main search may have been ended by a helper's answer (or have found its own meanwhile).
  if (o.proven() || o.disproven() || !answered_) return o;
  return helper_answer_;
}

// A helper answered the query: the first answer is kept, and the main search ends. A helper's
// answer is as good as the main search's: the same question of the same position, on the same
// table. Without it the main search would go on deep in a subtree of its own choosing, blind to
// the root's proof, until its own thresholds brought it back up (図巧79 at two threads: 220M
// nodes and no answer, against 8M on one).
void HelperThreads::answer(const NodeOutcome& o) {
  std::lock_guard<std::mutex> lock(answer_mutex_);
  if (answered_) return;
  helper_answer_ = o;
  answered_ = true;
}

uint64_t HelperThreads::nodes() const {
  uint64_t n = 0;
  for (const auto& h : helpers_) n += h->nodes();
  return n;
}

}  // namespace kanju
