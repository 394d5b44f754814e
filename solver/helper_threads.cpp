#include "helper_threads.h"

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
  }
  table_.set_concurrent(!helpers_.empty());
}

HelperThreads::~HelperThreads() { table_.set_concurrent(false); }

NodeOutcome HelperThreads::prove(Dfpn& main, Position& pos, Color attacker, MateLen max_len,
                                 uint64_t budget) {
  if (helpers_.empty()) return main.prove(pos, attacker, max_len, budget);
  stop_ = false;
  std::vector<std::thread> threads;
  for (auto& helper : helpers_)
    threads.emplace_back([&, h = helper.get(), start = pos] {
      Position own = start;
      h->prove(own, attacker, max_len);
    });
  const NodeOutcome o = main.prove(pos, attacker, max_len, budget);
  stop_ = true;
  for (std::thread& t : threads) t.join();
  return o;
}

uint64_t HelperThreads::nodes() const {
  uint64_t n = 0;
  for (const auto& h : helpers_) n += h->nodes();
  return n;
}

}  // namespace kanju
