#include "proof_table.h"

#include <algorithm>

namespace kanju {

namespace {
uint8_t log2_amount(uint64_t v) { return uint8_t(64 - __builtin_clzll(v | 1)); }
// Finished entries are worth more than unfinished ones with the same effort.
uint32_t keep_value(const TableEntry& e) {
  return e.amount + ((e.proven() || e.disproven()) ? 0x100u : 0u);
}
}  // namespace

ProofTable::ProofTable(size_t megabytes) {
  size_t bytes = std::max<size_t>(megabytes, 1) << 20;
  buckets_ = std::max<size_t>(bytes / (sizeof(TableEntry) * BUCKET), 1);
  entries_.assign(buckets_ * BUCKET, TableEntry{});
}

void ProofTable::clear() {
  generation_ = (generation_ + 1) & 0x7f;
  if (generation_ == 0) std::fill(entries_.begin(), entries_.end(), TableEntry{});
  used_ = 0;
}

TableResult ProofTable::probe(uint64_t key, Hand hand, MateLen remaining) const {
  TableResult r;
  const TableEntry* b = bucket(key);
  for (int i = 0; i < BUCKET; ++i) {
    const TableEntry& e = b[i];
    if (e.key != key || e.generation() != generation_) continue;
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
    // 3. The exact hand's unfinished numbers.
    if (e.hand == hand && !e.proven() && !e.disproven() && e.depth == remaining) {
      r.pn = e.pn, r.dn = e.dn, r.best = e.best, r.found = true;
    }
  }
  return r;
}

void ProofTable::store(uint64_t key, Hand hand, PnDn pn, PnDn dn, MateLen lo, MateLen hi, Move best,
                       uint64_t amount, bool rep_dependent, MateLen depth) {
  TableEntry* b = bucket(key);
  const bool finished = pn == 0 || dn == 0;
  TableEntry* slot = nullptr;
  for (int i = 0; i < BUCKET; ++i) {
    TableEntry& e = b[i];
    if (e.key == key && e.hand == hand && live(e)) {
      slot = &e;
      break;
    }
  }
  if (!slot) {
    for (int i = 0; i < BUCKET && !slot; ++i)
      if (!live(b[i])) slot = &b[i], ++used_;
  }
  if (!slot) {
    slot = b;
    for (int i = 1; i < BUCKET; ++i)
      if (keep_value(b[i]) < keep_value(*slot)) slot = &b[i];
    *slot = TableEntry{};
  }
  if (slot->key != key || slot->hand != hand || !live(*slot)) *slot = TableEntry{};
  const uint8_t stamp = uint8_t(generation_ << 1);
  slot->key = key;
  slot->hand = hand;
  slot->pn = pn;
  slot->dn = dn;
  if (best) slot->best = best;
  slot->amount = std::max(slot->amount, log2_amount(amount));
  if (!finished) slot->depth = depth;
  if (finished) {
    if (pn == 0) slot->hi = std::min(slot->hi, hi);
    if (dn == 0) {
      // A path-independent bound replaces a repetition-dependent one, never the reverse.
      if (!rep_dependent || (slot->flags & TableEntry::REP_DEPENDENT) || slot->lo == 0) {
        slot->lo = std::max(slot->lo, lo);
        slot->flags = rep_dependent ? TableEntry::REP_DEPENDENT : 0;
      }
    }
  }
  slot->flags = uint8_t((slot->flags & TableEntry::REP_DEPENDENT) | stamp);
}

void ProofTable::collect_garbage() {
  // Find the effort level below which half of the used entries lie, and free those.
  std::vector<uint32_t> values;
  values.reserve(used_);
  for (const TableEntry& e : entries_)
    if (live(e)) values.push_back(keep_value(e));
  if (values.empty()) return;
  auto mid = values.begin() + values.size() / 2;
  std::nth_element(values.begin(), mid, values.end());
  const uint32_t threshold = *mid;
  for (TableEntry& e : entries_)
    if (live(e) && keep_value(e) <= threshold) {
      e = TableEntry{};
      --used_;
    }
}

}  // namespace kanju
