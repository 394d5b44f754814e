// Drops that only add two plies: the interpositions a composer leaves out although the narrow
// rule counts them. 将棋図巧 18 is published as 23 plies; the narrow rule gives 25 because of one
// pawn dropped between king and bishop that the bishop takes, after which the mate runs as
// before. Two ways to see it: the analysis of the main line (SolveOptions::wide_futile) and
// the search under FutilePolicy::Wide.
#include <catch2/catch.hpp>
#include <string>

#include "solver/sfen.h"
#include "solver/solve.h"
#include "solver/usi_move.h"

using namespace kanju;

namespace {

const char* const ZUKOU_18 = "7n1/5+B+P1r/7k1/7+p1/6P2/7N1/7N1/8B/9 b N2Pr4g4s4l13p 1";
const char* const EXAMPLE_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";

SolveResult solve_with(const std::string& sfen, SolveOptions options) {
  auto pos = parse_sfen(sfen);
  REQUIRE(pos.ok());
  ProofTable table(16);
  options.limits.max_nodes = 5'000'000;
  const SolveResult r = solve(pos.value(), table, options);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(check_main_line(pos.value(), r.line) == "");
  return r;
}

}  // namespace

TEST_CASE("a drop that only adds two plies is found, and the published length follows",
          "[solve][futile]") {
  SolveOptions options;
  options.futile = FutilePolicy::Narrow;
  options.wide_futile = true;
  const SolveResult r = solve_with(ZUKOU_18, options);
  CHECK(r.length == 25);
  REQUIRE(r.wide_futile.size() == 1);
  CHECK(r.wide_futile[0].ply == 14);
  CHECK(to_usi(r.wide_futile[0].drop) == "P*3d");
  CHECK(r.wide_futile[0].shortens);
  CHECK(r.wide_length == 23);
}

TEST_CASE("a line without interpositions has none, and keeps its length", "[solve][futile]") {
  SolveOptions options;
  options.wide_futile = true;
  const SolveResult r = solve_with(EXAMPLE_7, options);
  CHECK(r.wide_futile.empty());
  CHECK(r.wide_length == 7);
}

TEST_CASE("under --futile=wide the search itself gives the published length", "[solve][futile]") {
  SolveOptions options;
  options.futile = FutilePolicy::Wide;
  CHECK(solve_with(ZUKOU_18, options).length == 23);
  // The bundled 7-move example has no such drop: its length stays.
  CHECK(solve_with(EXAMPLE_7, options).length == 7);
}

TEST_CASE("the composers' reading finds the published length of 図巧18 in the search itself",
          "[solve][futile]") {
  // ply 14 △３四歩打 ▲同角: taken, the mate runs no longer than the king's own reply, and the
  // defender has no reply it did not have before: 狭義無駄合.
  SolveOptions options;
  options.futile = FutilePolicy::Composer;
  const SolveResult r = solve_with(ZUKOU_18, options);
  CHECK(r.length == 23);
}

TEST_CASE("図巧44: the interpositions on the bishop's line are futile whatever the search order",
          "[solve][futile]") {
  // Ply 12: after ▲７三角打 every interposition between 7c and the king on 2h is taken by the
  // bishop, after which the king's own reply runs just as long: 15 plies, as published. A
  // refutation by such an interposition found at a low bound once claimed "no mate within 17"
  // and gave 19 in some search orders (its lower bound reached past the bound the 狭義 test
  // was asked at); the lower-level checks are in tests/test_futile.cpp.
  const char* const zukou_44 = "9/9/9/5nSp1/7+rp/7k1/5N3/4+B+b2l/4+p1rN1 b 2GN2g3s3l15p 1";
  SolveOptions options;
  options.futile = FutilePolicy::Composer;
  for (size_t mb : {16, 64}) {
    auto pos = parse_sfen(zukou_44);
    REQUIRE(pos.ok());
    ProofTable table(mb);
    options.limits.max_nodes = 20'000'000;
    const SolveResult r = solve(pos.value(), table, options);
    CHECK(r.status == SolveStatus::Mate);
    CHECK(r.length == 15);
  }
}
