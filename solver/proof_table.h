// The proof table: a fixed-size transposition table for df-pn, bounded by a size in MB.
//
// Entries are found by board key (board + side to move) and compared by the attacker's hand,
// which lets one entry answer for many hands:
//   * a proof stores its proof pieces P and a length hi: every attacker hand >= P mates in <= hi;
//   * a disproof stores its disproof pieces D and a bound lo: every hand <= D needs >= lo plies
//     (lo = NO_MATE_LEN: no mate at all);
//   * an unfinished node stores its exact hand with its proof and disproof numbers.
// The table never grows: a full bucket evicts its least valuable entry, and when the table is
// mostly full, collect_garbage() drops the least valuable half (value: the search effort below
// an entry, finished results weighing about three times their effort).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "large_memory.h"
#include "search_types.h"
#include "subtree_merges.h"

namespace kanju {

// One entry without its key. The keys of a bucket live together in its first cache line, so
// that a probe, which mostly finds nothing, touches one line instead of the whole bucket.
struct TableEntry {
  Hand hand;
  // Unfinished numbers, capped: an estimate for the next visit, which recomputes them.
  // (Finished entries are told by lo and hi.)
  uint32_t pn = 1;
  uint32_t dn = 1;
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
static_assert(sizeof(TableEntry) == 24, "entries are packed to 24 bytes");

class ProofTable {
 public:
  static constexpr int BUCKET = 8;
  // 64 bytes of keys (0 marks an empty slot) and 192 of entries: four cache lines.
  struct alignas(64) Bucket {
    uint64_t keys[BUCKET];
    TableEntry entries[BUCKET];
  };
  static_assert(sizeof(Bucket) == 256);

  // An eighth of the memory goes to the records of where lines meet (subtree_merges.h).
  explicit ProofTable(size_t megabytes = 256);

  // Where lines of play meet (subtree_merges.h): heuristic records, never results.
  SubtreeMerges& merges() { return merges_; }

  // What is known of (key, hand) for a query allowing `remaining` more plies. Unfinished
  // numbers are only returned when they were stored under the same limit: numbers from a
  // query with another limit describe a different tree and mislead the search. Unlimited
  // queries also get floors from other hands' unfinished numbers (TableResult::pn_floor).
  TableResult probe(uint64_t key, Hand hand, MateLen remaining) const;

  // Starts loading the bucket of `key` into the cache; a probe soon after finds it there. All
  // four cache lines: the keys, and the entries, of which the probe reads the matching one.
  // (The keys' line alone: the 20 hardest 図巧 at 512 MB on one thread 3-6% slower in three
  // runs; the same on two threads.)
  void prefetch(uint64_t key) const {
    const char* b = reinterpret_cast<const char*>(&bucket(key));
    for (int line = 0; line < 4; ++line) __builtin_prefetch(b + 64 * line);
  }

  // The refuting move stored with a disproof of (key, hand) at any length, also one that
  // depends on a repetition: a move-ordering hint, not a result. MOVE_NONE if there is none.
  Move refutation_hint(uint64_t key, Hand hand) const;

  // Records a proof (hi < NO_MATE_LEN), a disproof (lo > 0), or unfinished numbers. True when
  // the entry took an empty slot of a concurrent table: the caller then counts it with
  // add_used(), in batches (one counter written by every thread on every new entry would pass
  // its cache line between the cores on nearly every store). A table of one search counts its
  // slots itself, exactly, and returns false.
  bool store(uint64_t key, Hand hand, PnDn pn, PnDn dn, MateLen lo, MateLen hi, Move best,
             uint64_t amount, bool rep_dependent, MateLen depth);

  // Empties the table in constant time by starting a new generation: entries written under an
  // older one read as empty. Every 127 generations the memory is really wiped.
  void clear();

  // The reading of futile interpositions whose results the table holds (docs/RULES.md §4).
  // Lengths differ between readings, and so do the keys: FutilePolicy::Wide keys whole
  // positions (both hands), the others the board alone with the hands compared in the entries.
  // A search binds the table to its reading before it probes (Dfpn's constructor); a table that
  // holds another reading's results is cleared first, so that no result is ever read under a
  // reading it was not found under.
  void bind(FutilePolicy policy) {
    if (policy_ == policy) return;  // no write: searches on other threads may be reading it
    if (policy_) clear();
    policy_ = policy;
  }

  // Whether searches on several threads share the table (helper_threads.h). Each probe and
  // store then holds its bucket's lock (in the bucket: Guard), so that no entry is read half
  // written, and one thread at a time collects garbage. Off, the table takes no lock at all.
  // clear() and bind() to another reading are for when no search runs.
  void set_concurrent(bool on);
  bool concurrent() const { return concurrent_; }
  std::optional<FutilePolicy> policy() const { return policy_; }
  // Whether entries are keyed by the whole position (both hands) rather than the board.
  bool keyed_by_position() const { return policy_ == FutilePolicy::Wide; }
  size_t capacity() const { return bucket_count_ * BUCKET; }
  size_t used() const {
    return size_t(std::max<int64_t>(0, __atomic_load_n(&used_, __ATOMIC_RELAXED)));
  }
  // Counts `n` slots taken by stores that returned true (concurrent tables).
  void add_used(size_t n) { __atomic_fetch_add(&used_, int64_t(n), __ATOMIC_RELAXED); }
  // Parts per thousand in use, as USI's hashfull.
  int hashfull() const { return int(used() * 1000 / capacity()); }
  // Frees the least-searched unfinished entries (and, if that is not enough, finished ones).
  // `stop`, when given and set (a USI stop), ends the collection early: fewer entries are
  // freed, which is harmless, and the search answers at once.
  void collect_garbage(const std::atomic<bool>* stop = nullptr);
  bool needs_gc() const { return used() * 10 > capacity() * 9; }

 private:
  Bucket& bucket(uint64_t key) {
    return buckets_[size_t((unsigned __int128)key * bucket_count_ >> 64)];
  }
  const Bucket& bucket(uint64_t key) const {
    return buckets_[size_t((unsigned __int128)key * bucket_count_ >> 64)];
  }

  void collect(const std::atomic<bool>* stop);

  // The lock of a bucket is the top bit of its first key (LOCK_BIT), set only while a thread
  // holds the bucket of a concurrent table. The lock thus lives in the cache line that a probe
  // reads anyway. (A separate array of 4,096 lock bytes, 64 to a cache line, had two threads
  // handing those lines back and forth on nearly every probe: 9% fewer nodes a second on two
  // threads.) The keys of one bucket all share their top bit, since the bucket is chosen by the
  // top bits (and the number of buckets is even), so a key is compared without it. Every key
  // is read and written with atomic operations: another thread may be setting the lock.
  static constexpr uint64_t LOCK_BIT = uint64_t(1) << 63;
  static uint64_t stored_key(uint64_t key) {
    const uint64_t k = key & ~LOCK_BIT;
    return k != 0 ? k : 1;  // 0 marks an empty slot
  }
  static uint64_t key_at(const Bucket& b, int i) {
    return __atomic_load_n(&b.keys[i], __ATOMIC_RELAXED) & ~LOCK_BIT;
  }
  // Writes a slot's key (0: empty), keeping the lock bit of keys[0] as it is.
  static void set_key(Bucket& b, int i, uint64_t key) {
    const uint64_t lock = __atomic_load_n(&b.keys[i], __ATOMIC_RELAXED) & LOCK_BIT;
    __atomic_store_n(&b.keys[i], key | lock, __ATOMIC_RELAXED);
  }

  // Holds a bucket's lock while a concurrent table is read or written.
  class Guard {
   public:
    Guard(const ProofTable& t, const Bucket& b)
        : word_(t.concurrent_ ? const_cast<uint64_t*>(&b.keys[0]) : nullptr) {
      if (!word_) return;
      // Test and test-and-set: wait on plain loads, which stay in the cache, not on writes.
      while (__atomic_fetch_or(word_, LOCK_BIT, __ATOMIC_ACQUIRE) & LOCK_BIT)
        while (__atomic_load_n(word_, __ATOMIC_RELAXED) & LOCK_BIT) {}
    }
    ~Guard() {
      if (word_) __atomic_fetch_and(word_, ~LOCK_BIT, __ATOMIC_RELEASE);
    }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    uint64_t* word_;
  };

  bool live(const Bucket& b, int i) const {
    return key_at(b, i) != 0 && b.entries[i].generation() == generation_;
  }

  SubtreeMerges merges_;
  // The buckets, zero-filled (every slot empty) until first written: large_memory.h.
  size_t bucket_count_;
  std::unique_ptr<LargeMemory> memory_;
  Bucket* buckets_;
  // Slots in use. With a concurrent table, stores count theirs in batches (store()), so a
  // collection may free entries not counted yet, and the count dip below 0 for a moment.
  int64_t used_ = 0;
  uint8_t generation_ = 0;
  std::optional<FutilePolicy> policy_;  // bind(): the reading of the results held
  bool concurrent_ = false;
  bool collecting_ = false;  // a thread is collecting garbage (concurrent)
};

}  // namespace kanju
