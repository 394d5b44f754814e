// What a problem says about itself: its result (a length in plies, or no mate), its solution
// (作意), and the era whose conventions judge it. One type for `solve` (which compares its answer
// with the claim and prints the claimed line where it is as good) and `verify` (which judges the
// claimed line, docs/RULES.md §5).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "profile.h"
#include "types.h"

namespace kanju {

struct Claim {
  enum class Kind { None, Length, NoMate };
  Kind kind = Kind::None;
  int length = -1;                 // plies (Kind::Length)
  std::vector<Move> line;          // the claimed solution (作意); may be empty, each move legal
  std::optional<Profile> profile;  // the era the problem says it belongs to, if it says
};

// The claim of a collection's "expected" column (problems/*.tsv): a positive ply count, "nomate",
// or anything else ("-", "min_mate_len=15", ...), which claims nothing.
Claim claim_from_column(std::string_view column);

}  // namespace kanju
