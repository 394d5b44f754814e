// Zobrist hashing with the board part and the hand part kept apart.
//
// The board key covers the pieces on the board and the side to move; each hand has its own
// additive key (count * per-piece value), so a proof table can find every hand variant of one
// board under the same board key and compare the hands themselves. key() of a position is the
// board key xor both hand keys. The values come from a fixed-seed generator evaluated at compile
// time: identical in every run and every process.
#pragma once

#include <cstdint>

#include "types.h"

namespace kanju {

struct ZobristTables {
  uint64_t psq[PIECE_NB][SQ_NB];
  uint64_t hand[COLOR_NB][8];  // per piece of a type in hand, added per count
  uint64_t side;               // xored in when White is to move
};

extern const ZobristTables ZOBRIST;

}  // namespace kanju
