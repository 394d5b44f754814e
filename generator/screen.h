// A cheap screen before verification: most candidates with a unique-looking main line have
// another mating check somewhere along it (余詰), which a small search proves. verify() would
// find it too, but it then classifies the alternative (detour? another move order?) at a cost
// that dwarfs the proof; a generator only needs to know that the candidate is not sound.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/position.h"
#include "solver/proof_table.h"
#include "solver/search_types.h"

namespace kanju {

enum class Screen { Cooked, Undecided, Clean };

// Whether another check than the main line's mates, at any length, at an attacker node of
// `line` from `root` but the last (where other mates are allowed). The main move promoting or
// not is left out: verify() may call that non-limiting, not unsound. Each check gets at most
// `check_nodes`, all of them `total_nodes`; `table` is cleared first. Cooked rests on a proof;
// Clean means every other check was disproven; Undecided that a limit was reached first.
Screen screen_alternatives(const Position& root, const std::vector<Move>& line, ProofTable& table,
                           FutilePolicy futile, uint64_t check_nodes, uint64_t total_nodes,
                           const std::atomic<bool>* stop, uint64_t& nodes);

}  // namespace kanju
