// The main line of a proven mate (solver/main_line.h): extraction from the table, the walk down
// the proofs of a mate not proven shortest, and the replay check.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "solver/main_line.h"
#include "solver/mate_length.h"
#include "tests/search_fixture.h"

using namespace kanju;
using kanju::test::FirstProof;
using kanju::test::from_sfen;
using kanju::test::usi_line;

namespace {

const char* const EXAMPLE_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";
const char* const EXAMPLE_7_LINE = "R*2b 2c1d G*1e 1d1e G*1f 1e1d S*1e";

}  // namespace

TEST_CASE("main line: the replay check names what is wrong", "[main_line]") {
  const Position root = from_sfen(EXAMPLE_7);
  const std::vector<Move> line = usi_line(root, EXAMPLE_7_LINE);
  CHECK(check_main_line(root, line) == "");
  SECTION("a line that stops before mate") {
    const std::vector<Move> short_line(line.begin(), line.begin() + 5);
    CHECK(check_main_line(root, short_line).find("is not mate") != std::string::npos);
  }
  SECTION("an even number of plies") {
    const std::vector<Move> even(line.begin(), line.begin() + 6);
    CHECK(check_main_line(root, even) == "the line has an even number of plies");
  }
  SECTION("a move not legal where it is played") {
    std::vector<Move> swapped = line;
    std::swap(swapped[2], swapped[4]);  // G*1f before the king stands on 1e
    CHECK(check_main_line(root, swapped).find("move 3") != std::string::npos);
  }
  SECTION("an attacker move that is no check") {
    const Position quiet = from_sfen("4k4/9/9/9/9/9/9/9/8K b G 1");
    const std::vector<Move> no_check = usi_line(quiet, "G*1a");
    CHECK(check_main_line(quiet, no_check) == "attacker move 1 (G*1a) is not a check");
  }
}

TEST_CASE("main line: extracted from the table of the proof", "[main_line]") {
  FirstProof f(EXAMPLE_7, 16);
  const MateLength shortest = shortest_mate(f.dfpn, f.root, f.first.hi, f.dfpn.nodes(), 1'000'000);
  REQUIRE(shortest.proven);
  REQUIRE(shortest.length == 7);
  const ExtractedLine line = extract_main_line(f.dfpn, f.table, BLACK, f.root, 7);
  REQUIRE_FALSE(line.failed);
  CHECK_FALSE(line.tie_break_unfinished);
  CHECK(line.moves == usi_line(f.root, EXAMPLE_7_LINE));
  CHECK(check_main_line(f.root, line.moves) == "");
}

TEST_CASE("main line: extracted where the table vouches for no move", "[main_line]") {
  // Every check is then tried by a small search for its mate before any is refuted at full
  // cost (confirm_cheaply); the line is the same.
  FirstProof f(EXAMPLE_7, 16);
  f.table.clear();
  const ExtractedLine line = extract_main_line(f.dfpn, f.table, BLACK, f.root, 7);
  REQUIRE_FALSE(line.failed);
  CHECK(line.moves == usi_line(f.root, EXAMPLE_7_LINE));
  CHECK(check_main_line(f.root, line.moves) == "");
}

TEST_CASE("main line: a preferred line is followed where it keeps the value", "[main_line]") {
  // 将棋図巧5: without a preference the extraction prints another line of the same length; with
  // the published one it prints that.
  const char* const zukou5 = "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1";
  const char* const published =
      "B*6c 7d8d 9g9c+ 8d9c 8b9b 9c8c P*8d 8c8d P*8e 8d8c 8a8b 7c8b 6c7d+ 8c7d 9b9d+ 7d7c 5a6b "
      "6a6b 9d7d 7c7d G*8d";
  FirstProof f(zukou5);
  const MateLength shortest = shortest_mate(f.dfpn, f.root, f.first.hi, f.dfpn.nodes(), 1'000'000);
  REQUIRE(shortest.proven);
  REQUIRE(shortest.length == 21);
  const std::vector<Move> preferred = usi_line(f.root, published);
  const ExtractedLine line = extract_main_line(f.dfpn, f.table, BLACK, f.root, 21, preferred);
  REQUIRE_FALSE(line.failed);
  CHECK(line.moves == preferred);
  SECTION("also where the table vouches for no move: the published move keeps its place") {
    f.table.clear();
    const ExtractedLine again = extract_main_line(f.dfpn, f.table, BLACK, f.root, 21, preferred);
    REQUIRE_FALSE(again.failed);
    CHECK(again.moves == preferred);
  }
}

TEST_CASE("main line: the walk down the proofs is a forced mate within the bound", "[main_line]") {
  FirstProof f(EXAMPLE_7, 16);
  int bound = f.first.hi;
  const std::vector<Move> line = bounded_line(f.dfpn, f.root, bound);
  REQUIRE_FALSE(line.empty());
  CHECK(bound <= int(f.first.hi));
  CHECK(int(line.size()) <= bound);
  CHECK(check_main_line(f.root, line) == "");
}
