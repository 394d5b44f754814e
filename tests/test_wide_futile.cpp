// wide_futile_drops(): the interpositions a composer leaves out although the narrow rule counts
// them. 将棋図巧 18 is published as 23 plies; the narrow rule gives 25 because of one pawn
// dropped between king and bishop that the bishop takes, after which the mate runs as before.
#include <catch2/catch.hpp>

#include "solver/sfen.h"
#include "solver/solve.h"
#include "solver/usi_move.h"

using namespace kanju;

TEST_CASE("a drop that only adds two plies is found, and the published length follows",
          "[solve][futile]") {
  auto pos = parse_sfen("7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1");
  REQUIRE(pos.ok());
  ProofTable table(16);
  SolveOptions options;
  options.limits.max_nodes = 5'000'000;
  options.wide_futile = true;
  const SolveResult r = solve(pos.value(), table, options);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.length == 25);
  REQUIRE(r.wide_futile.size() == 1);
  CHECK(r.wide_futile[0].ply == 14);
  CHECK(to_usi(r.wide_futile[0].drop) == "P*3d");
  CHECK(r.wide_futile[0].shortens);
  CHECK(r.wide_length == 23);
}

TEST_CASE("a line without interpositions has none, and keeps its length", "[solve][futile]") {
  auto pos = parse_sfen("9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1");
  REQUIRE(pos.ok());
  ProofTable table(16);
  SolveOptions options;
  options.wide_futile = true;
  const SolveResult r = solve(pos.value(), table, options);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.wide_futile.empty());
  CHECK(r.wide_length == 7);
}

TEST_CASE("under --futile=wide the search itself gives the published length", "[solve][futile]") {
  // 将棋図巧 18 again: 23 plies when drops that only add two plies do not count.
  auto pos = parse_sfen("7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1");
  REQUIRE(pos.ok());
  ProofTable table(16);
  SolveOptions options;
  options.limits.max_nodes = 5'000'000;
  options.futile = FutilePolicy::Wide;
  const SolveResult r = solve(pos.value(), table, options);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.length == 23);
  CHECK(check_main_line(pos.value(), r.line) == "");

  // The bundled 7-move example has no such drop: its length stays.
  auto example = parse_sfen("9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1");
  REQUIRE(example.ok());
  table.clear();
  const SolveResult seven = solve(example.value(), table, options);
  REQUIRE(seven.status == SolveStatus::Mate);
  CHECK(seven.length == 7);
}
