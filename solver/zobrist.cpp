#include "zobrist.h"

namespace kanju {
namespace {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr ZobristTables make_zobrist() {
  ZobristTables z{};
  uint64_t state = 0x4b616e6a75ULL;  // "Kanju"
  for (auto& row : z.psq)
    for (auto& v : row) v = splitmix64(state);
  for (auto& row : z.hand)
    for (auto& v : row) v = splitmix64(state);
  z.side = splitmix64(state);
  // The empty square contributes nothing.
  for (auto& v : z.psq[NO_PIECE]) v = 0;
  return z;
}

}  // namespace

constexpr ZobristTables ZOBRIST = make_zobrist();

}  // namespace kanju
