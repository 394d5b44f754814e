// Where lines of play meet: the records of source-node detection (Kishimoto 2010), as
// KomoringHeights v0.5.0 uses it. df-pn sums the numbers of a node's children, so a position
// reached by two lines is counted once for each: where the king has two ways to the same
// squares at every step (将棋図巧 and the long works of problems/hard.tsv are full of such
// chases), the sums double with every step, and the search shuns exactly the lines that a long
// mate runs along (README, "The hard set"). Dfpn therefore remembers, for each position it
// leaves unfinished, the position it was searched from; when a child turns out to have been
// searched from another parent, the two lines meet, and at the position of the current path
// where they parted (the branch root) the two children are counted by their max instead of
// their sum (at a defender root only where the lines meet within a few plies of it:
// AND_MERGE_REACH in dfpn.cpp). This table keeps both: the parent records, and the children
// that each branch root counts by max, so that the next expansion of that root counts them so
// from the start (forgotten, the root's numbers would jump back up and down between visits, and
// the search went round in circles on such roots; without them Fairway has no first proof in
// 200M nodes).
// The children are kept in groups, one for each set of lines that meet: a pair that shares a
// child with a group joins it, and each group is counted by its max, the groups by their sum.
// (One max over every child a root ever paired kept counting children by max long after their
// lines had parted, or that never met: Fairway's first proof with 2 GB took 175.3M nodes, with
// the groups 126.7M; README, "How Kanju decides the answer".) The parent records also tell Dfpn
// when a child was first searched at a shallower ply: the threshold controlling algorithm
// (Dfpn::mid).
//
// Lossy, like any cache: a record overwritten by another only costs a merge not seen. Nothing
// here ever decides a result: it changes only the numbers by which the search chooses, so a
// torn record (written by two threads at once: every word is read and written atomically, but
// a record is several words) costs at most a poor choice. Its memory is part of the proof
// table's (ProofTable).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "large_memory.h"
#include "search_types.h"

namespace kanju {

class SubtreeMerges {
 public:
  // At most `bytes` of memory, two thirds for parent records, one third for branch roots.
  explicit SubtreeMerges(size_t bytes);

  struct Parent {
    bool found = false;
    uint64_t parent = 0;  // the key of the position it was last searched from (0: the root)
    PnDn pn = 0, dn = 0;  // its numbers then, capped
    int ply = 0;          // its ply then
  };
  // Records that `key` (a full position key) was left unfinished with these numbers at `ply`,
  // searched from `parent`.
  void record(uint64_t key, uint64_t parent, PnDn pn, PnDn dn, int ply);
  Parent parent_of(uint64_t key) const;

  // Remembers that the node `root` counts its children `a` and `b` by max: both join one group
  // (a child already in a group brings the other into it; two groups become one). Each group
  // is counted by its max and the groups are summed: lines that meet pairwise at different
  // places are no reason to count children by max that share nothing.
  void mark(uint64_t root, uint64_t a, uint64_t b);
  // The group (1 to GROUPS) in which `root` counts its child `child` by max, or 0.
  int group_of(uint64_t root, uint64_t child) const;
  static constexpr int GROUPS = 7;
  // Whether `root` has any child counted by max (one look-up for all its children).
  bool has_marks(uint64_t root) const;

  // Ask the memory for what parent_of and record (has_marks and marked) will read, ahead of
  // the search's need: each is a miss in a table as large as the proof table's eighth.
  void prefetch_parent(uint64_t key) const { __builtin_prefetch(bucket(key)); }
  void prefetch_root(uint64_t root) const { __builtin_prefetch(root_at(root)); }

  // Forgets everything (ProofTable::clear): records of an older generation no longer match.
  void clear() {
    tag_ += 0x9e3779b97f4a7c15ULL;
    ++generation_;
  }

 private:
  static constexpr int KIDS = 7;
  struct ParentSlot {
    uint64_t key, parent, numbers, ply;
  };
  struct RootSlot {
    uint64_t key, kids[KIDS];
  };
  static uint64_t load(const uint64_t& w) { return __atomic_load_n(&w, __ATOMIC_RELAXED); }
  static void put(uint64_t& w, uint64_t v) { __atomic_store_n(&w, v, __ATOMIC_RELAXED); }
  // A key as stored: tagged by the generation, never 0 (an empty slot).
  uint64_t tagged(uint64_t key) const { return (key ^ tag_) | 1; }
  const RootSlot* root_slot(uint64_t root) const;
  static size_t slot_of(uint64_t key, size_t mask) {
    return size_t((key * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
  }
  // The two slots `key` may be in.
  ParentSlot* bucket(uint64_t key) const {
    return &parents_[slot_of(key, parent_mask_) & ~size_t(1)];
  }
  RootSlot* root_at(uint64_t root) const { return &roots_[slot_of(root, root_mask_)]; }
  static int holding(const ParentSlot* b, uint64_t t);
  static int group_in(const RootSlot& s, uint64_t child);

  std::unique_ptr<LargeMemory> memory_;
  ParentSlot* parents_ = nullptr;
  RootSlot* roots_ = nullptr;
  size_t parent_mask_ = 0, root_mask_ = 0;
  uint64_t tag_ = 0x6a09e667f3bcc909ULL;
  // Kept beside each record's ply: a slot of an older generation is free, so that a search
  // after clear() replaces records exactly as on a new table (the same nodes, test_solve.cpp).
  uint32_t generation_ = 1;
};

}  // namespace kanju
