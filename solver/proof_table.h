// The proof table: a fixed-size transposition table for df-pn, bounded by a size in MB.
//
// Entries are found by board key (board + side to move) and compared by the attacker's hand,
// which lets one entry answer for many hands:
//   * a proof stores its proof pieces P and a length hi: every attacker hand >= P mates in <= hi;
//   * a disproof stores its disproof pieces D and a bound lo: every hand <= D needs >= lo plies
//     (lo = NO_MATE_LEN: no mate at all);
//   * an unfinished node stores its exact hand with its proof and disproof numbers.
// The table never grows: a full bucket evicts its least-searched entry, and when the table is
// mostly full, collect_garbage() drops the least-searched half of the unfinished entries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search_types.h"

namespace kanju {

struct TableEntry {
  uint64_t key = 0;  // board key; 0 marks an empty slot
  Hand hand;
  PnDn pn = 1;
  PnDn dn = 1;
  Move best = MOVE_NONE;
  MateLen lo = 0;
  MateLen hi = NO_MATE_LEN;
  MateLen depth = 0;   // the length limit of the query that left unfinished numbers here
  uint8_t amount = 0;  // log2 of the search effort below this node, for replacement
  uint8_t flags = 0;   // bit 0: REP_DEPENDENT; bits 1-7: the table generation that wrote it

  static constexpr uint8_t REP_DEPENDENT = 1;  // disproof valid only on the path that found it

  uint8_t generation() const { return flags >> 1; }
  bool proven() const { return hi != NO_MATE_LEN; }
  bool disproven() const { return lo != 0; }
};
static_assert(sizeof(TableEntry) == 32, "entries are packed to 32 bytes");

class ProofTable {
 public:
  static constexpr int BUCKET = 8;

  explicit ProofTable(size_t megabytes = 256);

  // What is known of (key, hand) for a query allowing `remaining` more plies. Unfinished
  // numbers are only returned when they were stored under the same limit: numbers from a
  // query with another limit describe a different tree and mislead the search.
  TableResult probe(uint64_t key, Hand hand, MateLen remaining) const;

  // Records a proof (hi < NO_MATE_LEN), a disproof (lo > 0), or unfinished numbers.
  void store(uint64_t key, Hand hand, PnDn pn, PnDn dn, MateLen lo, MateLen hi, Move best,
             uint64_t amount, bool rep_dependent, MateLen depth);

  // Empties the table in constant time by starting a new generation: entries written under an
  // older one read as empty. Every 127 generations the memory is really wiped.
  void clear();
  size_t capacity() const { return entries_.size(); }
  size_t used() const { return used_; }
  // Parts per thousand in use, as USI's hashfull.
  int hashfull() const { return int(used_ * 1000 / entries_.size()); }
  // Frees the least-searched unfinished entries (and, if that is not enough, finished ones).
  void collect_garbage();
  bool needs_gc() const { return used_ * 10 > entries_.size() * 9; }

 private:
  TableEntry* bucket(uint64_t key) {
    return &entries_[size_t((unsigned __int128)key * buckets_ >> 64) * BUCKET];
  }
  const TableEntry* bucket(uint64_t key) const {
    return &entries_[size_t((unsigned __int128)key * buckets_ >> 64) * BUCKET];
  }

  bool live(const TableEntry& e) const { return e.key != 0 && e.generation() == generation_; }

  std::vector<TableEntry> entries_;
  size_t buckets_ = 0;
  size_t used_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace kanju
