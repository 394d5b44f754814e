#include "subtree_merges.h"

#include <algorithm>

namespace kanju {

namespace {
// The largest power of two of slots of `size` bytes within `bytes`, at least 1.
size_t slots(size_t bytes, size_t size) {
  size_t n = 1;
  while (n * 2 * size <= bytes) n *= 2;
  return n;
}
size_t slot_of(uint64_t key, size_t mask) {
  return size_t((key * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
}
constexpr uint64_t NUMBER_MAX = 0xffffffffULL;
}  // namespace

SubtreeMerges::SubtreeMerges(size_t bytes) {
  const size_t n_parents = slots(bytes * 2 / 3, sizeof(ParentSlot));
  const size_t n_roots = slots(bytes / 3, sizeof(RootSlot));
  memory_ =
      std::make_unique<LargeMemory>(n_parents * sizeof(ParentSlot) + n_roots * sizeof(RootSlot));
  parents_ = static_cast<ParentSlot*>(memory_->data());
  roots_ = reinterpret_cast<RootSlot*>(parents_ + n_parents);
  parent_mask_ = n_parents - 1;
  root_mask_ = n_roots - 1;
}

void SubtreeMerges::record(uint64_t key, uint64_t parent, PnDn pn, PnDn dn, int ply) {
  ParentSlot& s = parents_[slot_of(key, parent_mask_)];
  put(s.key, tagged(key));
  put(s.parent, parent);
  put(s.numbers, std::min(pn, NUMBER_MAX) << 32 | std::min(dn, NUMBER_MAX));
  put(s.ply, uint64_t(ply));
}

SubtreeMerges::Parent SubtreeMerges::parent_of(uint64_t key) const {
  const ParentSlot& s = parents_[slot_of(key, parent_mask_)];
  Parent p;
  if (load(s.key) != tagged(key)) return p;
  p.found = true;
  p.parent = load(s.parent);
  const uint64_t numbers = load(s.numbers);
  p.pn = numbers >> 32, p.dn = numbers & NUMBER_MAX;
  p.ply = int(load(s.ply));
  return p;
}

const SubtreeMerges::RootSlot* SubtreeMerges::root_slot(uint64_t root) const {
  const RootSlot& s = roots_[slot_of(root, root_mask_)];
  return load(s.key) == tagged(root) ? &s : nullptr;
}

void SubtreeMerges::mark(uint64_t root, uint64_t a, uint64_t b) {
  RootSlot& s = roots_[slot_of(root, root_mask_)];
  if (load(s.key) != tagged(root)) {
    // Another root's pairs are lost: its next expansion counts them by sum until it meets
    // them again.
    for (uint64_t& k : s.kids) put(k, 0);
    put(s.key, tagged(root));
  }
  for (uint64_t child : {a, b}) {
    bool held = false;
    for (const uint64_t& k : s.kids) held |= load(k) == child;
    if (held) continue;
    for (uint64_t& k : s.kids)
      if (load(k) == 0) {
        put(k, child);
        break;
      }
  }
}

bool SubtreeMerges::has_marks(uint64_t root) const { return root_slot(root) != nullptr; }

bool SubtreeMerges::marked(uint64_t root, uint64_t child) const {
  const RootSlot* s = root_slot(root);
  if (!s || child == 0) return false;
  for (const uint64_t& k : s->kids)
    if (load(k) == child) return true;
  return false;
}

}  // namespace kanju
