#include <catch2/catch.hpp>

#include "solver/hand.h"

using namespace kanju;

TEST_CASE("hand counts are independent fields", "[hand]") {
  Hand h;
  h.add(PAWN, 18);
  h.add(LANCE, 4);
  h.add(KNIGHT, 4);
  h.add(SILVER, 4);
  h.add(GOLD, 4);
  h.add(BISHOP, 2);
  h.add(ROOK, 2);
  CHECK(h.count(PAWN) == 18);
  CHECK(h.count(LANCE) == 4);
  CHECK(h.count(KNIGHT) == 4);
  CHECK(h.count(SILVER) == 4);
  CHECK(h.count(GOLD) == 4);
  CHECK(h.count(BISHOP) == 2);
  CHECK(h.count(ROOK) == 2);
  CHECK(h.total() == 38);
  h.remove(GOLD, 3);
  CHECK(h.count(GOLD) == 1);
  CHECK(h.count(SILVER) == 4);
  h.set(PAWN, 0);
  CHECK_FALSE(h.has(PAWN));
  CHECK(h.count(LANCE) == 4);
}

TEST_CASE("hand dominance is a per-type comparison", "[hand]") {
  Hand a, b;
  a.add(ROOK, 1);
  a.add(PAWN, 3);
  b.add(PAWN, 2);
  CHECK(a.dominates(b));
  CHECK_FALSE(b.dominates(a));
  CHECK(a.dominates(a));
  CHECK(a.dominates(Hand()));
  // More pawns do not make up for a missing gold.
  Hand c;
  c.add(GOLD, 1);
  Hand d;
  d.add(PAWN, 18);
  CHECK_FALSE(d.dominates(c));
  CHECK_FALSE(c.dominates(d));
  // Every field at its maximum against every single piece.
  Hand full;
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) full.add(pt, Hand::max_count(pt));
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) {
    Hand one;
    one.add(pt, 1);
    CHECK(full.dominates(one));
    CHECK_FALSE(one.dominates(full));
    Hand missing = full;
    missing.remove(pt, Hand::max_count(pt));
    CHECK_FALSE(missing.dominates(one));
  }
}

TEST_CASE("only() tells a single-type hand", "[hand]") {
  Hand h;
  h.add(PAWN, 2);
  CHECK(h.only(PAWN));
  h.add(SILVER);
  CHECK_FALSE(h.only(PAWN));
}
