// A df-pn search of its own (its table and limits) with the first proof of a position made: the
// starting point of the tests of what comes after it (the shortest length, the main line).
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "solver/dfpn.h"
#include "tests/sfen_fixture.h"

namespace kanju::test {

inline SearchLimits node_limit(uint64_t nodes) {
  SearchLimits limits;
  limits.max_nodes = nodes;
  return limits;
}

struct FirstProof {
  explicit FirstProof(const std::string& sfen, size_t table_mb = 64,
                      SearchLimits limits = node_limit(20'000'000))
      : root(from_sfen(sfen)), table(table_mb), dfpn(table, limits) {
    first = dfpn.prove(root, root.side_to_move());
    REQUIRE(first.proven());
  }
  Position root;
  ProofTable table;
  Dfpn dfpn;
  NodeOutcome first;
};

}  // namespace kanju::test
