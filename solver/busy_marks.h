// Which positions the searches on one shared table are in right now (one problem on several
// threads, helper_threads.h). Each search marks the positions of its current path; a search
// choosing a child makes a child that another search is inside look less promising than its
// numbers say, so that the searches spread over the tree instead of all following the same
// best child: the virtual proof and disproof numbers of Kaneko, "Parallel Depth First Proof
// Number Search" (AAAI 2010), taken here at the child being chosen.
//
// The marks are a fixed array of counters indexed by the position's key. Two positions may
// share a counter: the marks only steer the order of a search, never a result, so a collision
// costs a little efficiency and nothing else.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace kanju {

class BusyMarks {
 public:
  BusyMarks() : counts_(new std::atomic<uint16_t>[SIZE]) {
    for (size_t i = 0; i < SIZE; ++i) counts_[i].store(0, std::memory_order_relaxed);
  }

  void enter(uint64_t key) { slot(key).fetch_add(1, std::memory_order_relaxed); }
  void leave(uint64_t key) { slot(key).fetch_sub(1, std::memory_order_relaxed); }
  // How many searches are inside the position now (or inside another of its slot).
  int count(uint64_t key) const { return slot(key).load(std::memory_order_relaxed); }

 private:
  static constexpr size_t SIZE = size_t(1) << 16;
  std::atomic<uint16_t>& slot(uint64_t key) const { return counts_[(key >> 20) & (SIZE - 1)]; }
  std::unique_ptr<std::atomic<uint16_t>[]> counts_;
};

// Marks a position for as long as the search is inside it (Dfpn::mid).
class BusyMark {
 public:
  BusyMark(BusyMarks* marks, uint64_t key) : marks_(marks), key_(key) {
    if (marks_) marks_->enter(key_);
  }
  ~BusyMark() {
    if (marks_) marks_->leave(key_);
  }
  BusyMark(const BusyMark&) = delete;
  BusyMark& operator=(const BusyMark&) = delete;

 private:
  BusyMarks* marks_;
  uint64_t key_;
};

}  // namespace kanju
