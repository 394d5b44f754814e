// Futile interpositions (無駄合), docs/RULES.md §4: which replies the readings leave out, on
// constructed positions, one class each; and that a reading's answer does not depend on the
// bound asked for or weaken when the attacker holds more.
#include <catch2/catch.hpp>

#include "solver/dfpn.h"
#include "solver/interposition.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"

using namespace kanju;

namespace {

Position position(const std::string& sfen) {
  auto r = parse_sfen(sfen);
  REQUIRE(r.ok());
  return r.value();
}

Move move(const Position& pos, const std::string& usi) {
  auto m = parse_usi_move(pos, usi);
  REQUIRE(m.ok());
  return m.value();
}

// A problem (Black to move and attacking) after its checking move `check`.
Position after(const std::string& sfen, const std::string& check) {
  Position pos = position(sfen);
  pos.do_move(move(pos, check));
  return pos;
}

// Whether the reply `usi` to the check is futile under `policy`, at a node worth `value`.
bool futile(const std::string& sfen, const std::string& check, const std::string& usi,
            FutilePolicy policy, MateLen value = 0) {
  Position pos = after(sfen, check);
  ProofTable table(16);
  SearchLimits limits;
  limits.max_nodes = 5'000'000;
  Dfpn dfpn(table, limits, policy);
  return dfpn.is_futile(pos, BLACK, move(pos, usi), value);
}

NodeOutcome prove(const std::string& sfen, MateLen max_len, FutilePolicy policy) {
  Position pos = position(sfen);
  ProofTable table(8);
  SearchLimits limits;
  limits.max_nodes = 1'000'000;
  Dfpn dfpn(table, limits, policy);
  return dfpn.prove(pos, BLACK, max_len);
}

// ▲９一飛成: the silver can only step between, onto 4a or 6a (移動合). The dragon takes it and
// mates at once, the knight on 3c guarding 2a: 例外X型 by move. A mate in 1 for composers,
// in 3 when every interposition counts, and for the narrow reading (drops only).
const char* const MOVE_PROBLEM = "8k/4s4/R5NG1/9/9/9/9/9/9 b - 1";
const char* const MOVE_CHECK = "9c9a+";

// After ▲３七角打 (B*3g), the pawn between on 2f. The bishop takes it and the king escapes
// to 2e (the lance no longer reaches it), so it is not 例外X型; the silver on 3e takes it with
// check and mates with the pieces that already took part: 例外XY(Y)型.
const char* const XYY = "9/9/6s1G/9/6S1k/6N2/8P/9/7L1 b Bp 1";
// The same, with 2d held by a bishop on 5g through 3e, the square the silver leaves: a third
// piece joins the mate (XY(Z)型), a grey zone, so the interposition counts.
const char* const XYZ_JOINS = "9/9/6s1G/9/6S1k/9/4B3P/9/7L1 b Bp 1";
// The same as XYY with a rook on 5e: the silver's capture opens its check (XYZ型), grey.
const char* const XYZ_CHECKS = "9/9/6s1G/9/4R1S1k/6N2/8P/9/7L1 b Bp 1";
const char* const XY_CHECK = "B*3g";

}  // namespace

TEST_CASE("the futile-interposition readings are parsed by name, exclude as narrow's old name",
          "[futile]") {
  CHECK(parse_futile_policy("composer") == FutilePolicy::Composer);
  CHECK(parse_futile_policy("Narrow") == FutilePolicy::Narrow);
  CHECK(parse_futile_policy("exclude") == FutilePolicy::Narrow);
  CHECK(parse_futile_policy("COUNT") == FutilePolicy::Count);
  CHECK(parse_futile_policy("wide") == FutilePolicy::Wide);
  CHECK_FALSE(parse_futile_policy("sometimes").has_value());
  for (FutilePolicy p :
       {FutilePolicy::Composer, FutilePolicy::Narrow, FutilePolicy::Count, FutilePolicy::Wide})
    CHECK(parse_futile_policy(futile_policy_name(p)) == p);
}

TEST_CASE("interpositions: drops and moves between the king and a distant checker", "[futile]") {
  const Position pos = after(MOVE_PROBLEM, MOVE_CHECK);
  CHECK(is_interposition(pos, move(pos, "5b4a"), true));
  CHECK(is_interposition(pos, move(pos, "5b6a"), true));
  CHECK_FALSE(is_interposition(pos, move(pos, "5b4a"), false));
  const Position drop = after(XYY, XY_CHECK);
  CHECK(is_drop_interposition(drop, move(drop, "P*2f")));
}

TEST_CASE("a move interposition the checker takes with mate is futile for composers only",
          "[futile]") {
  CHECK(futile(MOVE_PROBLEM, MOVE_CHECK, "5b4a", FutilePolicy::Composer));
  CHECK(futile(MOVE_PROBLEM, MOVE_CHECK, "5b6a", FutilePolicy::Composer));
  CHECK_FALSE(futile(MOVE_PROBLEM, MOVE_CHECK, "5b4a", FutilePolicy::Narrow));
  CHECK_FALSE(futile(MOVE_PROBLEM, MOVE_CHECK, "5b4a", FutilePolicy::Count));
  CHECK(prove(MOVE_PROBLEM, 1, FutilePolicy::Composer).proven());
  CHECK(prove(MOVE_PROBLEM, 1, FutilePolicy::Narrow).disproven());
  CHECK(prove(MOVE_PROBLEM, 3, FutilePolicy::Narrow).proven());
  CHECK(prove(MOVE_PROBLEM, 1, FutilePolicy::Count).disproven());
}

TEST_CASE("例外XY(Y)型: taken by another piece that then mates alone, futile for composers",
          "[futile]") {
  CHECK(futile(XYY, XY_CHECK, "P*2f", FutilePolicy::Composer));
  CHECK_FALSE(futile(XYY, XY_CHECK, "P*2f", FutilePolicy::Narrow));  // the checker's capture fails
  CHECK_FALSE(futile(XYY, XY_CHECK, "P*2f", FutilePolicy::Count));
}

TEST_CASE("the grey zones XY(Z) and XYZ count as defences", "[futile]") {
  CHECK_FALSE(futile(XYZ_JOINS, XY_CHECK, "P*2f", FutilePolicy::Composer));
  CHECK_FALSE(futile(XYZ_CHECKS, XY_CHECK, "P*2f", FutilePolicy::Composer));

  // The board test alone: after ▲同銀 the capture checks alone in XYY, and not in the others.
  for (const char* sfen : {XYY, XYZ_JOINS, XYZ_CHECKS}) {
    Position pos = after(sfen, XY_CHECK);
    pos.do_move(move(pos, "P*2f"));
    const Move capture = move(pos, "3e2f");
    pos.do_move(capture);
    CHECK(capture_checks_alone(pos, capture.from(), capture.to()) == (sfen == XYY));
  }
}

TEST_CASE("a futile interposition stays futile at every bound and with more attacker pieces",
          "[futile]") {
  // Mate within every bound from 1 up: the answer does not depend on the bound.
  for (MateLen bound : {1, 3, 5, 7, 9})
    CHECK(prove(MOVE_PROBLEM, bound, FutilePolicy::Composer).proven());
  // More pieces in the attacker's hand, fewer in the defender's: still futile.
  CHECK(futile("8k/4s4/R5NG1/9/9/9/9/9/9 b G 1", MOVE_CHECK, "5b4a", FutilePolicy::Composer));
  CHECK(futile("9/9/6s1G/9/6S1k/6N2/8P/9/7L1 b BRp 1", XY_CHECK, "P*2f", FutilePolicy::Composer));
}

// 将棋図巧87 before ply 29 (▲７四香打). The lance interposed on 7c can be taken back by the
// horse on 9a: a new defence, so not 狭義; and taking it with promotion gives no check at all,
// so that capture proves nothing (it once made every interposition here futile).
const char* const ZUKOU_87_29 = "+b1k2+Pg2/+N2p5/4P1gN1/1p2+B3N/2p6/5N3/9/9/9 b L2r2g4s3l13p 1";

TEST_CASE("狭義: an interposition the defender can take back is a real defence", "[futile]") {
  for (MateLen value : {0, 2, 8}) {
    CHECK_FALSE(futile(ZUKOU_87_29, "L*7d", "L*7c", FutilePolicy::Composer, value));
    CHECK_FALSE(futile(ZUKOU_87_29, "L*7d", "R*7c", FutilePolicy::Composer, value));
  }
  // Adjacent to the king, taken by the lance with mate on the spot: 例外X型.
  CHECK(futile(ZUKOU_87_29, "L*7d", "L*7b", FutilePolicy::Composer));
  CHECK(futile(ZUKOU_87_29, "L*7d", "L*7b", FutilePolicy::Narrow));
}

TEST_CASE("狭義 in the search: 図巧18's pawn on 3d only adds the capture", "[futile]") {
  // Covered end to end in tests/test_wide_futile.cpp (the published 23 under composer, 25
  // under narrow); here the bound does not change the answer of a bounded query.
  const char* const t3 = "8k/9/5NG2/6+B2/9/9/9/9/9 b Lrb3g4s3n3l18p 1";
  for (const char* drop : {"L*1e", "L*1i"})
    for (MateLen bound : {2, 4, 8})
      CHECK(futile(t3, drop, "P*1d", FutilePolicy::Composer, bound) ==
            futile(t3, drop, "P*1d", FutilePolicy::Composer, 2));
}
