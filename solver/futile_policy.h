// docs/RULES.md §4: which interpositions (合駒) are futile (無駄合), that is left out of the
// defender's replies and of the mate length. One enum, parsed in one place.
#pragma once

#include <optional>
#include <string_view>

namespace kanju {

// Composer: the composers' self-evident futile interpositions (狭義 as far as it is decided on
//   the spot, 例外X型 and 例外XY(Y)型), drops and moves, chains judged from the last one back.
// Narrow: drops only, taken by the checker, mate on the spot (the rule before issue 15).
// Count: every interposition counts (YaneuraOu's mate engines, the yaneuraou collections).
// Wide: experimental; Narrow, and also a drop that, taken with the piece handed back, leaves a
//   mate no longer than the defender's best reply that is not a drop. Depends on the bound.
enum class FutilePolicy { Composer, Narrow, Count, Wide };

// "composer", "narrow" (also "exclude", its old name), "count", "wide"; case-insensitive.
std::optional<FutilePolicy> parse_futile_policy(std::string_view name);
const char* futile_policy_name(FutilePolicy policy);

// Whether the policy judges move interpositions and captures by another piece than the checker.
inline bool judges_move_interpositions(FutilePolicy p) { return p == FutilePolicy::Composer; }

}  // namespace kanju
