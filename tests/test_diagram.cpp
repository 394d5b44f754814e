// Text diagrams: the whole BOD-style and Western diagram of a problem, and lines of the start
// position (empty hands, White pieces, both sides to move).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "solver/diagram.h"
#include "solver/sfen.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

const std::string PROBLEM = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";

}  // namespace

TEST_CASE("Japanese diagram of a problem", "[diagram]") {
  const std::string expected =
      "後手の持駒：角　金二　銀三　桂四　香三　歩十四\n"
      "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
      "+---------------------------+\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
      "| ・ ・ ・ ・ ・ ・ ・v玉v歩|三\n"
      "| ・ ・ ・ ・ ・ 角v歩v歩 ・|四\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|七\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
      "| ・ ・ ・ ・ ・ ・ ・v龍 香|九\n"
      "+---------------------------+\n"
      "先手の持駒：飛　金二　銀\n"
      "手番：先手\n";
  CHECK(render_diagram(from_sfen(PROBLEM)) == expected);
}

TEST_CASE("Western diagram of a problem", "[diagram]") {
  const std::string expected =
      "White hand: b 2g 3s 4n 3l 14p\n"
      "   9  8  7  6  5  4  3  2  1\n"
      "+---------------------------+\n"
      "|  .  .  .  .  .  .  .  .  .|a\n"
      "|  .  .  .  .  .  .  .  .  .|b\n"
      "|  .  .  .  .  .  .  .  k  p|c\n"
      "|  .  .  .  .  .  B  p  p  .|d\n"
      "|  .  .  .  .  .  .  .  .  .|e\n"
      "|  .  .  .  .  .  .  .  .  .|f\n"
      "|  .  .  .  .  .  .  .  .  P|g\n"
      "|  .  .  .  .  .  .  .  .  .|h\n"
      "|  .  .  .  .  .  .  . +r  L|i\n"
      "+---------------------------+\n"
      "Black hand: R 2G S\n"
      "Side to move: Black\n";
  CHECK(render_diagram(from_sfen(PROBLEM), DiagramStyle::Western) == expected);
}

TEST_CASE("diagrams of the start position", "[diagram]") {
  const Position start = from_sfen(std::string(STARTPOS_SFEN));
  const auto ja = lines_of(render_diagram(start));
  REQUIRE(ja.size() == 15);
  CHECK(ja[0] == "後手の持駒：なし");
  CHECK(ja[3] == "|v香v桂v銀v金v玉v金v銀v桂v香|一");
  CHECK(ja[4] == "| ・v飛 ・ ・ ・ ・ ・v角 ・|二");
  CHECK(ja[10] == "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八");
  CHECK(ja[11] == "| 香 桂 銀 金 玉 金 銀 桂 香|九");
  CHECK(ja[13] == "先手の持駒：なし");

  const auto we = lines_of(render_diagram(start, DiagramStyle::Western));
  REQUIRE(we.size() == 15);
  CHECK(we[0] == "White hand: -");
  CHECK(we[3] == "|  l  n  s  g  k  g  s  n  l|a");
  CHECK(we[10] == "|  .  B  .  .  .  .  .  R  .|h");
  CHECK(we[13] == "Black hand: -");
}

TEST_CASE("diagram side to move, promoted pieces and large counts", "[diagram]") {
  const Position pos = from_sfen("4k4/9/4+P4/9/9/9/+n+l+s+B5/9/4K4 w 10P2r 1");
  const auto ja = lines_of(render_diagram(pos));
  CHECK(ja[0] == "後手の持駒：飛二");
  CHECK(ja[5] == "| ・ ・ ・ ・ と ・ ・ ・ ・|三");
  CHECK(ja[9] == "|v圭v杏v全 馬 ・ ・ ・ ・ ・|七");
  CHECK(ja[13] == "先手の持駒：歩十");
  CHECK(ja[14] == "手番：後手");
  const auto we = lines_of(render_diagram(pos, DiagramStyle::Western));
  CHECK(we[0] == "White hand: 2r");
  CHECK(we[9] == "| +n +l +s +B  .  .  .  .  .|g");
  CHECK(we[13] == "Black hand: 10P");
  CHECK(we[14] == "Side to move: White");
}
