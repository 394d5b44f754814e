// Duplicate problems across a generator run: two problems are the same when their positions are
// the same up to a left-right mirror, or when their solutions are the same move sequence up to a
// mirror (a problem with an extra piece that plays no part solves exactly like the original).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "solver/position.h"

namespace kanju {

// The SFEN (without move number) of the position or of its mirror image, whichever is smaller.
std::string position_key(const Position& pos);

// The USI moves of the line or of its mirror image, whichever is smaller, space-separated, with
// the promotion marks left out.
std::string line_key(const std::vector<Move>& line);

// Mirror image of a move (file 1 <-> file 9).
Move mirror_move(Move m);

class Deduper {
 public:
  // True (and remembered) when neither key was seen before.
  bool insert(const Position& pos, const std::vector<Move>& line);
  bool seen(const Position& pos) const { return positions_.count(position_key(pos)) > 0; }
  size_t size() const { return positions_.size(); }

 private:
  std::set<std::string> positions_;
  std::set<std::string> lines_;
};

}  // namespace kanju
