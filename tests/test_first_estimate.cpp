// First estimates of new nodes (solver/first_estimate.h).
#include <catch2/catch.hpp>

#include "solver/first_estimate.h"
#include "solver/proof_hand.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

TEST_CASE("first estimate after an attacker move", "[first_estimate]") {
  SECTION("no reply: mate in no more plies") {
    const Position mated = from_sfen("8k/8G/8G/9/9/9/9/9/K8 w - 1");
    const NodeOutcome o = first_estimate(mated, BLACK, 5, 0, FutilePolicy::Composer);
    CHECK(o.proven());
    CHECK(o.hi == 0);
  }
  // White's king on 9a, checked by the rook from 9i: two king moves and drops on 9b-9h.
  const Position check = from_sfen("k8/9/9/9/9/9/9/9/R7K w 2g 1");
  SECTION("the drops away from the king count once") {
    const NodeOutcome o = first_estimate(check, BLACK, DEPTH_UNLIMITED, 0, FutilePolicy::Composer);
    CHECK(o.pn == 4);  // 9a8a, 9a8b, G*9b, and the far drops together
    CHECK(o.dn == 1);
  }
  SECTION("in a bounded query as well") {
    const NodeOutcome o = first_estimate(check, BLACK, 9, 3, FutilePolicy::Composer);
    CHECK(o.pn == 4);
    CHECK(o.lo == 3);  // the table's lower bound is kept
  }
  SECTION("too short for a reply and a mate: a failure that holds for every hand") {
    const NodeOutcome o = first_estimate(check, BLACK, 1, 0, FutilePolicy::Composer);
    CHECK(o.disproven());
    CHECK(o.lo == 2);
    CHECK(o.hand == all_pieces());
  }
}

TEST_CASE("first estimate after a defender move", "[first_estimate]") {
  SECTION("no check: no mate at all") {
    const Position quiet = from_sfen("k8/9/9/9/9/9/9/9/8K b - 1");
    const NodeOutcome o = first_estimate(quiet, BLACK, DEPTH_UNLIMITED, 0, FutilePolicy::Composer);
    CHECK(o.disproven());
    CHECK(o.lo == NO_MATE_LEN);
  }
  const Position pos = from_sfen("4k4/9/9/9/9/9/9/9/8K b G 1");
  SECTION("the disproof number is the number of checks") {
    const NodeOutcome o = first_estimate(pos, BLACK, 7, 0, FutilePolicy::Composer);
    CHECK(o.pn == 1);
    CHECK(o.dn == 5);  // G*4a, G*6a, G*4b, G*5b, G*6b
  }
  SECTION("no ply left: a failure") {
    const NodeOutcome o = first_estimate(pos, BLACK, 0, 0, FutilePolicy::Composer);
    CHECK(o.disproven());
    CHECK(o.lo == 1);
  }
}
