// Move generation: three kinds, each producing only legal moves.
//
//   LEGAL     every legal move, including every legal non-promotion (tsume needs them)
//   CHECKS    the legal moves that give check, generated directly: this is the attacker's inner
//             loop in a mate search, so it never filters the full list
//   EVASIONS  the legal replies to check; the side to move must be in check
#pragma once

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
  explicit MoveList(const Position& pos) : last_(generate<T>(pos, moves_)) {}
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
  Move moves_[MAX_MOVES];
  Move* last_;
};

// Perft: leaf count of the legal-move tree to `depth`. The last ply is counted, not played.
uint64_t perft(Position& pos, int depth);

}  // namespace kanju
