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
constexpr uint64_t NUMBER_MAX = 0xffffffffULL;
}  // namespace

SubtreeMerges::SubtreeMerges(size_t bytes) {
  const size_t n_parents = std::max<size_t>(2, slots(bytes * 2 / 3, sizeof(ParentSlot)));
  const size_t n_roots = slots(bytes / 3, sizeof(RootSlot));
  memory_ =
      std::make_unique<LargeMemory>(n_parents * sizeof(ParentSlot) + n_roots * sizeof(RootSlot));
  parents_ = static_cast<ParentSlot*>(memory_->data());
  roots_ = reinterpret_cast<RootSlot*>(parents_ + n_parents);
  parent_mask_ = n_parents - 1;
  root_mask_ = n_roots - 1;
}

// The slot of the bucket `b` that holds the tagged key `t`, or -1.
int SubtreeMerges::holding(const ParentSlot* b, uint64_t t) {
  return load(b[0].key) == t ? 0 : load(b[1].key) == t ? 1 : -1;
}

// Two records share a cache line (a bucket, bucket()): a position's record goes where it was
// before, else into a free slot (empty, or of an older generation), else over the deeper of the
// two. Deep records are many and soon stale; the shallow ones carry the merges and the lines
// that came back near the root. (Direct-mapped, Fairway's first proof took 149.3M nodes; with
// the buckets, 126.2M: README, "The hard set".)
void SubtreeMerges::record(uint64_t key, uint64_t parent, PnDn pn, PnDn dn, int ply) {
  ParentSlot* b = bucket(key);
  const uint64_t t = tagged(key);
  int i = holding(b, t);
  if (i < 0) {
    const uint64_t ply0 = load(b[0].ply), ply1 = load(b[1].ply);
    const bool free0 = ply0 >> 32 != generation_, free1 = ply1 >> 32 != generation_;
    i = free0 ? 0 : free1 ? 1 : uint32_t(ply0) >= uint32_t(ply1) ? 0 : 1;
  }
  ParentSlot& s = b[i];
  put(s.key, t);
  put(s.parent, parent);
  put(s.numbers, std::min(pn, NUMBER_MAX) << 32 | std::min(dn, NUMBER_MAX));
  put(s.ply, uint64_t(generation_) << 32 | uint32_t(ply));
}

SubtreeMerges::Parent SubtreeMerges::parent_of(uint64_t key) const {
  const ParentSlot* b = bucket(key);
  const int i = holding(b, tagged(key));
  Parent p;
  if (i < 0) return p;
  const ParentSlot& s = b[i];
  p.found = true;
  p.parent = load(s.parent);
  const uint64_t numbers = load(s.numbers);
  p.pn = numbers >> 32, p.dn = numbers & NUMBER_MAX;
  p.ply = int(uint32_t(load(s.ply)));
  return p;
}

const SubtreeMerges::RootSlot* SubtreeMerges::root_slot(uint64_t root) const {
  const RootSlot* s = root_at(root);
  return load(s->key) == tagged(root) ? s : nullptr;
}

// A child is kept as its key with the low three bits replaced by its group (1 to 7): two
// positions whose keys differ in those bits only are taken for one, a cost of 2^-61.
namespace {
constexpr uint64_t GROUP_BITS = 7;
uint64_t kid_key(uint64_t k) { return k & ~GROUP_BITS; }
int kid_group(uint64_t k) { return int(k & GROUP_BITS); }
}  // namespace

// The group of `child` among a root's children, or 0.
int SubtreeMerges::group_in(const RootSlot& s, uint64_t child) {
  for (const uint64_t& k : s.kids)
    if (load(k) != 0 && kid_key(load(k)) == kid_key(child)) return kid_group(load(k));
  return 0;
}

void SubtreeMerges::mark(uint64_t root, uint64_t a, uint64_t b) {
  RootSlot& s = *root_at(root);
  if (load(s.key) != tagged(root)) {
    // Another root's groups are lost: its next expansion counts them by sum until it meets
    // them again.
    for (uint64_t& k : s.kids) put(k, 0);
    put(s.key, tagged(root));
  }
  const int ga = group_in(s, a), gb = group_in(s, b);
  if (ga != 0 && ga == gb) return;
  int g = ga ? ga : gb;
  if (ga && gb) {  // two groups become one
    for (uint64_t& k : s.kids)
      if (load(k) != 0 && kid_group(load(k)) == gb) put(k, kid_key(load(k)) | uint64_t(ga));
    return;
  }
  if (g == 0) {  // a new group: the first number no child holds
    bool used[GROUPS + 1] = {};
    for (const uint64_t& k : s.kids)
      if (load(k) != 0) used[kid_group(load(k))] = true;
    for (g = 1; g <= GROUPS && used[g];) ++g;
    if (g > GROUPS) return;
  }
  for (uint64_t child : {a, b}) {
    if (group_in(s, child) != 0) continue;
    for (uint64_t& k : s.kids)
      if (load(k) == 0) {
        put(k, kid_key(child) | uint64_t(g));
        break;
      }
  }
}

bool SubtreeMerges::has_marks(uint64_t root) const { return root_slot(root) != nullptr; }

int SubtreeMerges::group_of(uint64_t root, uint64_t child) const {
  const RootSlot* s = root_slot(root);
  return s && child != 0 ? group_in(*s, child) : 0;
}

}  // namespace kanju
