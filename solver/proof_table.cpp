#include "proof_table.h"

#include <algorithm>
#include <vector>

namespace kanju {

namespace {
// Unfinished numbers are kept below 2^31 in the table.
constexpr PnDn STORED_MAX = (PnDn(1) << 31) - 1;
uint8_t log2_amount(uint64_t v) { return uint8_t(64 - __builtin_clzll(v | 1)); }
// What an entry is worth keeping: its effort, in half steps of log2, and for a finished entry
// one and a half steps more (a result is worth about three times the work of unfinished numbers
// that cost as much). A finished entry must not outweigh every unfinished one: when it did
// (+256), a small table filled with cheap leaf proofs and each collection emptied the numbers of
// the path being searched. ミクロコスモス in 16 MB then had no first proof in 300M nodes; now
// 128.6M (51 s), and 170.2M in 8 MB. Nodes, same answers: the fast set in 4 MB 0.895x, the 20
// hardest 将棋図巧 in 16 MB 0.891x (one more solved), in 512 MB 0.987x.
uint32_t keep_value(const TableEntry& e) {
  return 2u * e.amount + ((e.proven() || e.disproven()) ? 3u : 0u);
}
}  // namespace

ProofTable::ProofTable(size_t megabytes)
    : merges_((std::max<size_t>(megabytes, 1) << 20) / 8),
      bucket_count_(
          std::max<size_t>((std::max<size_t>(megabytes, 1) << 20) * 7 / 8 / sizeof(Bucket), 1)),
      memory_(std::make_unique<LargeMemory>(bucket_count_ * sizeof(Bucket))),
      buckets_(static_cast<Bucket*>(memory_->data())) {}

void ProofTable::clear() {
  generation_ = (generation_ + 1) & 0x7f;
  merges_.clear();
  if (generation_ == 0) std::fill(buckets_, buckets_ + bucket_count_, Bucket{});
  used_ = 0;
  policy_.reset();
}

void ProofTable::set_concurrent(bool on) { concurrent_ = on; }

TableResult ProofTable::probe(uint64_t key, Hand hand, MateLen remaining) const {
  TableResult r;
  const Bucket& b = bucket(key);
  key = stored_key(key);
  const Guard guard(*this, b);
  for (int i = 0; i < BUCKET; ++i) {
    if (key_at(b, i) != key) continue;
    const TableEntry& e = b.entries[i];
    if (e.generation() != generation_) continue;
    // 1. A proof with fewer pieces than we hold also proves this node.
    if (e.proven() && hand.dominates(e.hand) && e.hi < r.hi) {
      r.hi = e.hi;
      if (r.hi <= remaining) {
        r.pn = 0, r.dn = PN_INF, r.hand = e.hand, r.best = e.best, r.found = true;
        return r;
      }
    }
    // 2. A disproof with more pieces than we hold also disproves it. Repetition-dependent
    //    disproofs are not trusted off their path: they only raise the lower bound.
    if (e.disproven() && e.hand.dominates(hand) && !(e.flags & TableEntry::REP_DEPENDENT) &&
        e.lo > r.lo) {
      r.lo = e.lo;
      if (r.lo > remaining) {
        r.pn = PN_INF, r.dn = 0, r.hand = e.hand, r.best = e.best, r.found = true;
        return r;
      }
    }
    // 3. The exact hand's unfinished numbers, also where the entry holds a proof too long or
    //    a bound too short for this query: exactly the nodes a shortening search revisits.
    if (e.pn == 0 || e.dn == 0) continue;
    if (e.depth != remaining) {
      // 3b. The same hand's numbers under another limit: a mate within fewer plies is no
      //     easier to prove, no mate within more plies no easier to disprove.
      if (e.hand == hand) {
        if (e.depth > remaining) r.pn_floor = std::max<PnDn>(r.pn_floor, e.pn);
        if (e.depth < remaining) r.dn_floor = std::max<PnDn>(r.dn_floor, e.dn);
      }
      continue;
    }
    if (e.hand == hand) {
      r.pn = e.pn, r.dn = e.dn, r.best = e.best, r.found = true;
    } else if (remaining >= DEPTH_UNLIMITED) {
      // 4. Another hand's unfinished numbers bound this one's (TableResult::pn_floor). Only for
      //    "mate at all": with the floors in bounded queries too, proving the fast set's
      //    lengths took 9% more nodes.
      if (e.hand.dominates(hand)) r.pn_floor = std::max<PnDn>(r.pn_floor, e.pn);
      if (hand.dominates(e.hand)) r.dn_floor = std::max<PnDn>(r.dn_floor, e.dn);
    }
  }
  if (r.found) r.pn = std::max(r.pn, r.pn_floor), r.dn = std::max(r.dn, r.dn_floor);
  return r;
}

Move ProofTable::refutation_hint(uint64_t key, Hand hand) const {
  const Bucket& b = bucket(key);
  key = stored_key(key);
  const Guard guard(*this, b);
  Move hint = MOVE_NONE;
  MateLen lo = 0;
  for (int i = 0; i < BUCKET; ++i) {
    const TableEntry& e = b.entries[i];
    if (key_at(b, i) != key || e.generation() != generation_ || !e.disproven()) continue;
    if (e.hand.dominates(hand) && e.best && e.lo > lo) hint = e.best, lo = e.lo;
  }
  return hint;
}

bool ProofTable::store(uint64_t key, Hand hand, PnDn pn, PnDn dn, MateLen lo, MateLen hi, Move best,
                       uint64_t amount, bool rep_dependent, MateLen depth) {
  Bucket& b = bucket(key);
  key = stored_key(key);
  const Guard guard(*this, b);
  const bool finished = pn == 0 || dn == 0;
  int slot = -1;
  bool filled = false;
  for (int i = 0; i < BUCKET; ++i)
    if (key_at(b, i) == key && b.entries[i].hand == hand && live(b, i)) {
      slot = i;
      break;
    }
  if (slot < 0) {
    for (int i = 0; i < BUCKET && slot < 0; ++i)
      if (!live(b, i)) slot = i, filled = true;
  }
  if (slot < 0) {
    slot = 0;
    for (int i = 1; i < BUCKET; ++i)
      if (keep_value(b.entries[i]) < keep_value(b.entries[slot])) slot = i;
    set_key(b, slot, 0);
  }
  TableEntry& e = b.entries[slot];
  if (key_at(b, slot) != key || e.hand != hand || !live(b, slot)) e = TableEntry{};
  const uint8_t stamp = uint8_t(generation_ << 1);
  set_key(b, slot, key);
  e.hand = hand;
  e.pn = uint32_t(std::min<PnDn>(pn, STORED_MAX));
  e.dn = uint32_t(std::min<PnDn>(dn, STORED_MAX));
  if (best) e.best = best;
  e.amount = std::max(e.amount, log2_amount(amount));
  if (!finished) e.depth = depth;
  if (finished) {
    if (pn == 0) e.hi = std::min(e.hi, hi);
    if (dn == 0) {
      // A path-independent bound replaces a repetition-dependent one, never the reverse.
      if (!rep_dependent || (e.flags & TableEntry::REP_DEPENDENT) || e.lo == 0) {
        e.lo = std::max(e.lo, lo);
        e.flags = rep_dependent ? TableEntry::REP_DEPENDENT : 0;
      }
    }
  }
  e.flags = uint8_t((e.flags & TableEntry::REP_DEPENDENT) | stamp);
  if (filled && !concurrent_) ++used_;
  return filled && concurrent_;
}

void ProofTable::collect_garbage(const std::atomic<bool>* stop) {
  // Shared by several searches: the first to find the table full collects, the others go on.
  if (concurrent_ && __atomic_test_and_set(&collecting_, __ATOMIC_ACQUIRE)) return;
  collect(stop);
  if (concurrent_) __atomic_clear(&collecting_, __ATOMIC_RELEASE);
}

void ProofTable::collect(const std::atomic<bool>* stop) {
  // Find the effort level below which half of the used entries lie, and free those. Keep
  // values are small (log2 effort plus a bit for finished entries), so a histogram finds the
  // level without sorting, which keeps a USI `stop` prompt even when it arrives during a
  // collection.
  // The level is estimated from every eighth bucket of a large table: the pass is memory-bound.
  constexpr uint32_t LEVELS = 0x200;
  std::vector<size_t> histogram(LEVELS, 0);
  size_t live_entries = 0;
  const size_t stride = bucket_count_ >= 4096 ? 8 : 1;
  for (size_t k = 0; k < bucket_count_; k += stride) {
    const Guard guard(*this, buckets_[k]);
    for (int i = 0; i < BUCKET; ++i)
      if (live(buckets_[k], i))
        ++histogram[std::min(keep_value(buckets_[k].entries[i]), LEVELS - 1)], ++live_entries;
  }
  if (live_entries == 0) return;
  uint32_t threshold = 0;
  for (size_t below = 0; threshold < LEVELS; ++threshold) {
    below += histogram[threshold];
    if (below * 2 >= live_entries) break;
  }
  auto stopped = [stop](size_t k) {
    return stop && k % 4096 == 0 && stop->load(std::memory_order_relaxed);
  };
  int64_t freed = 0;
  for (size_t k = 0; k < bucket_count_ && !stopped(k); ++k) {
    Bucket& b = buckets_[k];
    const Guard guard(*this, b);
    for (int i = 0; i < BUCKET; ++i)
      if (live(b, i) && keep_value(b.entries[i]) <= threshold) {
        set_key(b, i, 0);
        b.entries[i] = TableEntry{};
        ++freed;
      }
  }
  __atomic_fetch_sub(&used_, freed, __ATOMIC_RELAXED);
}

}  // namespace kanju
