// Repetitions in the df-pn search: the current path, and the failures that rest on a position
// repeated on it.
//
// A position already on the current path, with the same side to move, means the attacker is
// going round in circles: a perpetual check, which the attacker loses (docs/RULES.md §2). Such a
// failure holds on this path only (the graph-history-interaction problem): reached another way,
// the same position may well be mated. So it is not stored in the proof table but here, under
// the key of the move sequence that led to it, and trusted only when the search comes the same
// way again.
#pragma once

#include <cstdint>
#include <vector>

#include "search_types.h"
#include "types.h"

namespace kanju {

// The key of the path to a child: the parent's path key and the move, mixed with the ply so
// that the same moves in another order give another path.
inline uint64_t child_path_key(uint64_t parent, Move m, int ply) {
  uint64_t x = parent ^ (uint64_t(m.raw()) << 16 | uint64_t(ply)) * 0x9e3779b97f4a7c15ULL;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 32);
}

// Marks the paths of the futility tests, whose positions hold hands that are not the game's
// (a captured piece handed back to the defender).
constexpr uint64_t FUTILE_PATH_TAG = 0x6a09e667f3bcc909ULL;

// The positions on the current path, and the keys of the move sequences that lead to them, by
// ply (the root is ply 0).
class SearchPath {
 public:
  void reserve(int plies) {
    if (int(positions_.size()) < plies) positions_.resize(plies), path_keys_.resize(plies);
  }
  uint64_t& position(int ply) { return positions_[ply]; }
  uint64_t& path_key(int ply) { return path_keys_[ply]; }
  uint64_t path_key(int ply) const { return path_keys_[ply]; }
  // The ply at which `key` (the position at `ply`) stood on the path before with the same side
  // to move, or -1.
  int repeated_ply(int ply, uint64_t key) const {
    for (int p = ply - 2; p >= 0; p -= 2)
      if (positions_[p] == key) return p;
    return -1;
  }

  // An index of the positions the search is in (entered by mid and not yet left), for the
  // merge detection of subtree_merges.h, which asks it of positions met in the table: the ply
  // of `key` on the path, or -1. Open addressing with linear probing, filled to at most half
  // (deeper paths leave their deepest positions out of it: a merge not seen).
  int ply_of(uint64_t key) const {
    for (size_t i = slot(key); index_keys_[i]; i = (i + 1) & (INDEX - 1))
      if (index_keys_[i] == key) return index_plies_[i];
    return -1;
  }
  // A position in the index while it lives (Dfpn::mid): entered, and left if it went in.
  class Entry {
   public:
    Entry(SearchPath& path, uint64_t key, int ply)
        : path_(path), key_(key), entered_(path.enter(key, ply)) {}
    ~Entry() {
      if (entered_) path_.leave(key_);
    }
    Entry(const Entry&) = delete;
    Entry& operator=(const Entry&) = delete;

   private:
    SearchPath& path_;
    uint64_t key_;
    bool entered_;
  };
  // Returns whether `key` went into the index: only then must it be left.
  bool enter(uint64_t key, int ply) {
    if (indexed_ >= INDEX / 2 || key == 0) return false;
    size_t i = slot(key);
    while (index_keys_[i] && index_keys_[i] != key) i = (i + 1) & (INDEX - 1);
    if (index_keys_[i] == key) return false;  // already there (a nested test's search)
    index_keys_[i] = key, index_plies_[i] = ply, ++indexed_;
    return true;
  }
  void leave(uint64_t key) {
    size_t i = slot(key);
    while (index_keys_[i] && index_keys_[i] != key) i = (i + 1) & (INDEX - 1);
    if (!index_keys_[i]) return;
    index_keys_[i] = 0, --indexed_;
    // Backward shift: move up each later key of the run whose home is not between the hole
    // and itself, so that no search stops early at the hole.
    for (size_t j = (i + 1) & (INDEX - 1); index_keys_[j]; j = (j + 1) & (INDEX - 1)) {
      const size_t home = slot(index_keys_[j]);
      const bool between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
      if (between) continue;
      index_keys_[i] = index_keys_[j], index_plies_[i] = index_plies_[j];
      index_keys_[j] = 0;
      i = j;
    }
  }

 private:
  static constexpr size_t INDEX = size_t(1) << 13;
  static size_t slot(uint64_t key) { return size_t((key * 0x9e3779b97f4a7c15ULL) >> 51); }
  std::vector<uint64_t> positions_;  // full keys (board and hands)
  std::vector<uint64_t> path_keys_;  // child_path_key of the moves from the root
  std::vector<uint64_t> index_keys_ = std::vector<uint64_t>(INDEX);
  std::vector<int> index_plies_ = std::vector<int>(INDEX);
  size_t indexed_ = 0;
};

// Failures by repetition, by path key: "no mate within fewer than `lo` plies, on this path",
// resting on the position at ply `rep_ply` of the path (NodeOutcome::rep_ply).
// Direct-mapped: a lost entry only costs a search again. Every new child is looked up, and
// nearly every look-up finds nothing: a byte of each key, in an array small enough to stay in
// the cache, answers most of them without reading the 1 MB of entries (that read, a cache and
// TLB miss, was a tenth of the search's time on 図巧55).
class RepetitionTable {
 public:
  bool empty() const { return used_ == 0; }
  // The failure stored for this path, if any: its lower bound in `lo`, its ply in `rep_ply`.
  bool find(uint64_t path_key, MateLen& lo, int& rep_ply) const {
    const size_t i = path_key & (SIZE - 1);
    if (tags_[i] != tag(path_key)) return false;
    const Entry& e = entries_[i];
    if (e.path_key != path_key) return false;
    lo = e.lo;
    rep_ply = e.rep_ply;
    return true;
  }
  void record(uint64_t path_key, MateLen lo, int rep_ply) {
    const size_t i = path_key & (SIZE - 1);
    Entry& e = entries_[i];
    tags_[i] = tag(path_key);
    if (e.path_key == 0) ++used_;
    e.path_key = path_key;
    e.lo = lo;
    e.rep_ply = rep_ply;
  }

 private:
  struct Entry {
    uint64_t path_key = 0;
    MateLen lo = 0;
    int rep_ply = 0;
  };
  static constexpr size_t SIZE = size_t(1) << 16;
  static uint8_t tag(uint64_t path_key) { return uint8_t(path_key >> 16); }
  std::vector<Entry> entries_ = std::vector<Entry>(SIZE);
  std::vector<uint8_t> tags_ = std::vector<uint8_t>(SIZE);  // tag() of each entry's key
  size_t used_ = 0;
};

}  // namespace kanju
