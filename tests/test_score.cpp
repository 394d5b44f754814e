// What the generator scores (generator/score.h): the marks composers value, read off a line.
#include <catch2/catch.hpp>
#include <vector>

#include "generator/score.h"
#include "sfen_fixture.h"

using namespace kanju;

namespace {

Features features(const char* sfen, const char* line) {
  const Position pos = test::from_sfen(sfen);
  return features_of(pos, test::usi_line(pos, line));
}

}  // namespace

TEST_CASE("A first move taken at once is a sacrificing key move", "[generator][score]") {
  const Features f = features("3gk4/9/4P4/9/9/9/9/9/9 b GS2r2b2g3s4n4l17p 1", "S*5b 6a5b G*4b");
  CHECK(f.key_sacrifice);
  CHECK(f.sacrifices == 1);
  CHECK(f.drops == 2);
  const Features g = features("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b");
  CHECK_FALSE(g.key_sacrifice);
  CHECK(quality(f) > quality(g));
}

TEST_CASE("A lance dropped where a farther square of its file would check too is 限定打",
          "[generator][score]") {
  // ５三 to the king on ５一: ５四 ... ５九 would check as well.
  CHECK(features("4k4/9/9/9/9/9/9/9/9 b L2r2b4g4s4n3l18p 1", "L*5c").limited_drops == 1);
  // A gold has no line: never 限定打.
  CHECK(features("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b").limited_drops == 0);
}

TEST_CASE("An interposition away from the king is 中合, next to it 合駒", "[generator][score]") {
  // ▲５七飛打 checks the king on ５一; White interposes on ５三 (中合) or ５二, or steps aside.
  const char* sfen = "4k4/9/9/9/9/9/9/9/9 b R2b4g4s4n4l18p 1";
  CHECK(features(sfen, "R*5g P*5c").far_interpositions == 1);
  CHECK(features(sfen, "R*5g P*5b").interpositions == 1);
  const Features aside = features(sfen, "R*5g 5a4a");
  CHECK(aside.interpositions + aside.far_interpositions == 0);
}
