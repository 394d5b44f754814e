// The shortest mate (docs/RULES.md §3.1: the attacker mates as fast as possible). After a first
// proof of some length, a mate two plies shorter is asked for until there is none (mate lengths
// are odd); the table's proofs make each question cheaper than the last. Long first proofs are
// mostly detours, which small searches along the mate's line remove first (shorten_locally).
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "dfpn.h"
#include "helper_threads.h"
#include "position.h"

namespace kanju {

struct MateLength {
  int length = -1;      // the shortest mate found
  bool proven = false;  // no mate two plies shorter (false: the search's limits ran out first)
};

// The shortest mate of `pos` (the attacker to move), given that `dfpn` has proven a mate of
// `first_length` plies there with `first_proof_nodes` nodes. `local_query_nodes`: the most
// nodes for each small search of shorten_locally (0: none). `helpers`, if given, search each
// root question beside `dfpn` (helper_threads.h).
MateLength shortest_mate(Dfpn& dfpn, Position& pos, int first_length, uint64_t first_proof_nodes,
                         uint64_t local_query_nodes, HelperThreads* helpers = nullptr);

// One pass of small searches along `line`, a mate of pos (see mate_length.cpp). `tried` holds
// the questions that came back unanswered, across passes. Returns the root's mate length after
// the pass, -1 when the search's limits ran out.
int shorten_locally(Dfpn& dfpn, Position& pos, const std::vector<Move>& line, uint64_t per_query,
                    std::unordered_set<uint64_t>& tried, HelperThreads* helpers = nullptr);

}  // namespace kanju
