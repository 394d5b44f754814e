// What a problem claims about itself (solver/claim.h): the expected column of a collection.
#include <catch2/catch.hpp>

#include "solver/claim.h"

using namespace kanju;

TEST_CASE("claim: a collection's expected column", "[claim]") {
  SECTION("a positive ply count is a length") {
    const Claim c = claim_from_column("17");
    CHECK(c.kind == Claim::Kind::Length);
    CHECK(c.length == 17);
    CHECK(c.line.empty());
    CHECK_FALSE(c.profile);
  }
  SECTION("nomate claims no mate") {
    CHECK(claim_from_column("nomate").kind == Claim::Kind::NoMate);
  }
  SECTION("anything else claims nothing") {
    for (const char* text : {"", "-", "0", "-3", "17x", " 17", "min_mate_len=15", "NOMATE"})
      CHECK(claim_from_column(text).kind == Claim::Kind::None);
  }
}
