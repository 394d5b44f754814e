// Move generation: three kinds, each producing only legal moves.
//
//   LEGAL     every legal move, including every legal non-promotion (tsume needs them)
//   CHECKS    the legal moves that give check, generated directly: this is the attacker's inner
//             loop in a mate search, so it never filters the full list
//   EVASIONS  the legal replies to check; the side to move must be in check
#pragma once

#include <cstddef>
#include <new>

#include "position.h"
#include "types.h"

namespace kanju {

enum GenType { LEGAL, CHECKS, EVASIONS };

// Writes the moves to `list` and returns the end of what was written.
template <GenType T>
Move* generate(const Position& pos, Move* list);

template <GenType T>
class MoveList {
 public:
  explicit MoveList(const Position& pos)
      : moves_(std::launder(reinterpret_cast<Move*>(storage_))), last_(generate<T>(pos, moves_)) {}
  MoveList(const MoveList&) = delete;
  MoveList& operator=(const MoveList&) = delete;
  const Move* begin() const { return moves_; }
  const Move* end() const { return last_; }
  int size() const { return int(last_ - moves_); }
  bool empty() const { return last_ == moves_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  Move operator[](int i) const { return moves_[i]; }

 private:
  // Raw storage, left uninitialized: an array of Move would be zeroed by Move's constructor on
  // every construction (4 KB), which cost 9% of a search's time in the first estimates of
  // children (session 38). Moves are implicit-lifetime objects, created here as written.
  alignas(Move) std::byte storage_[sizeof(Move) * MAX_MOVES];
  Move* moves_;
  Move* last_;
};

// Perft: leaf count of the legal-move tree to `depth`. The last ply is counted, not played.
uint64_t perft(Position& pos, int depth);

}  // namespace kanju
