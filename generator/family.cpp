#include "generator/family.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace kanju {

namespace {

// A square relative to the mated king's, with the files mirrored or not: "(+1,-2)".
std::string relative(Square sq, Square king, bool mirror) {
  const int df = (file_of(sq) - file_of(king)) * (mirror ? -1 : 1);
  const int dr = rank_of(sq) - rank_of(king);
  char text[16];
  std::snprintf(text, sizeof text, "(%d,%d)", df, dr);
  return text;
}

std::string ending(const std::vector<Move>& tail, Square king, bool mirror) {
  std::string key;
  for (Move m : tail) {
    key.append(std::to_string(int(type_of(m.moved_piece()))));
    key.append(m.is_drop() ? "*" : relative(m.from(), king, mirror));
    key.append(relative(m.to(), king, mirror));
    key.append(m.is_promotion() ? "+ " : " ");
  }
  return key;
}

}  // namespace

std::string family_key(const Position& root, const std::vector<Move>& line) {
  Position end = root;
  for (Move m : line) end.do_move(m);
  const Square king = end.king_square(~root.side_to_move());
  const std::vector<Move> tail(line.end() - std::min<std::ptrdiff_t>(3, line.size()), line.end());
  return std::min(ending(tail, king, false), ending(tail, king, true));
}

std::string family_id(const std::string& key) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a: stable across runs and builds
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  char id[16];
  std::snprintf(id, sizeof id, "F%08x", unsigned(h ^ (h >> 32)));
  return id;
}

}  // namespace kanju
