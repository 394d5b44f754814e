// Families of generated problems (generator/family.h): the same ending, relative to the mated
// king and up to a mirror, is one family; another ending is another.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "generator/family.h"
#include "sfen_fixture.h"

using namespace kanju;

namespace {

std::string key_of(const char* sfen, const char* line) {
  const Position pos = test::from_sfen(sfen);
  return family_key(pos, test::usi_line(pos, line));
}

}  // namespace

TEST_CASE("A head mate moved along the board or mirrored is one family", "[generator][family]") {
  // ▲５二金打 with a pawn on ５三, then the same one file to the left and mirrored.
  const std::string here = key_of("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b");
  CHECK(here == key_of("3k5/9/3P5/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*6b"));
  CHECK(here == key_of("5k3/9/5P3/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*4b"));
  CHECK(family_id(here) == family_id(key_of("3k5/9/3P5/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*6b")));
  // Another mating piece is another family.
  CHECK(here != key_of("4k4/9/4P4/9/9/9/9/9/9 b S2r2b4g3s4n4l17p 1", "S*5b"));
}

TEST_CASE("Problems with the same last three plies are one family however they begin",
          "[generator][family]") {
  // A 3-ply ending, and the same ending after two more plies in front (a rook check the king
  // answers): the key only looks at the last three.
  const std::string three =
      key_of("3gk4/9/4P4/9/9/9/9/9/9 b GS2r2b2g3s4n4l17p 1", "S*5b 6a5b G*4b");
  CHECK(family_id(three).size() == 9);
  CHECK(three != key_of("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b"));
}
