// The shortest mate (solver/mate_length.h): the root question asked two plies shorter until
// there is no mate, after local shortening along the first proof's line.
#include <atomic>
#include <catch2/catch.hpp>
#include <unordered_set>

#include "solver/main_line.h"
#include "solver/mate_length.h"
#include "tests/search_fixture.h"

using namespace kanju;
using kanju::test::FirstProof;

namespace {

// 将棋図巧16, 23 plies: its first proof is longer than the shortest mate.
const char* const ZUKOU16 = "5gGl1/6R1n/5n1Lk/6+p2/5B1p1/9/9/9/9 b RBN2g4sn2l16p 1";

}  // namespace

TEST_CASE("mate length: proven shortest, with or without local shortening", "[mate_length]") {
  for (uint64_t local : {uint64_t(0), uint64_t(1'000'000)}) {
    INFO("local query nodes " << local);
    FirstProof f(ZUKOU16);
    const MateLength m = shortest_mate(f.dfpn, f.root, f.first.hi, f.dfpn.nodes(), local);
    CHECK(m.proven);
    CHECK(m.length == 23);
  }
}

TEST_CASE("mate length: a search stopped after the first proof proves nothing shorter",
          "[mate_length]") {
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.stop = &stop;
  FirstProof f(ZUKOU16, 64, limits);
  stop = true;
  const MateLength m = shortest_mate(f.dfpn, f.root, f.first.hi, f.dfpn.nodes(), 1'000'000);
  CHECK_FALSE(m.proven);
  CHECK(m.length == int(f.first.hi));  // the mate found stands, not proven shortest
}

TEST_CASE("mate length: local shortening lowers the bound along the line", "[mate_length]") {
  FirstProof f(ZUKOU16);
  int bound = f.first.hi;
  const std::vector<Move> line = bounded_line(f.dfpn, f.root, bound);
  REQUIRE_FALSE(line.empty());
  std::unordered_set<uint64_t> tried;
  const int shorter = shorten_locally(f.dfpn, f.root, line, 100'000, tried);
  // A length the local searches proved, odd, never below the true shortest, never above the
  // line they started from.
  REQUIRE(shorter > 0);
  CHECK(shorter % 2 == 1);
  CHECK(shorter >= 23);
  CHECK(shorter <= int(line.size()));
}
