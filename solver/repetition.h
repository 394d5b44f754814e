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

 private:
  std::vector<uint64_t> positions_;  // full keys (board and hands)
  std::vector<uint64_t> path_keys_;  // child_path_key of the moves from the root
};

// Failures by repetition, by path key: "no mate within fewer than `lo` plies, on this path",
// resting on the position at ply `rep_ply` of the path (NodeOutcome::rep_ply).
// Direct-mapped: a lost entry only costs a search again.
class RepetitionTable {
 public:
  bool empty() const { return used_ == 0; }
  // The failure stored for this path, if any: its lower bound in `lo`, its ply in `rep_ply`.
  bool find(uint64_t path_key, MateLen& lo, int& rep_ply) const {
    const Entry& e = entries_[path_key & (SIZE - 1)];
    if (e.path_key != path_key) return false;
    lo = e.lo;
    rep_ply = e.rep_ply;
    return true;
  }
  void record(uint64_t path_key, MateLen lo, int rep_ply) {
    Entry& e = entries_[path_key & (SIZE - 1)];
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
  std::vector<Entry> entries_ = std::vector<Entry>(SIZE);
  size_t used_ = 0;
};

}  // namespace kanju
