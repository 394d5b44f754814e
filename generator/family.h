// Families of generated problems: problems that share their ending are one idea to a solver,
// however they begin (backward extension makes many problems of one ending, and a problem moved
// along the board or mirrored is the same problem). The family of a problem is its last three
// plies (the mating move, the reply before it and the check before that), each move written by
// its piece, whether it drops or promotes, and its squares relative to the square where the king
// is mated, under the left-right mirror whichever is smaller.
#pragma once

#include <string>
#include <vector>

#include "solver/position.h"

namespace kanju {

// The family key of `root` (attacker to move) with its main line: equal for two problems of the
// same family, different otherwise.
std::string family_key(const Position& root, const std::vector<Move>& line);

// A short readable id for a key: "F" and eight hex digits of its hash (for tables of problems).
std::string family_id(const std::string& key);

}  // namespace kanju
