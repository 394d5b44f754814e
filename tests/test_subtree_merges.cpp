// Where lines of play meet (solver/subtree_merges.h): the parent records and the branch roots'
// children counted by max.
#include <catch2/catch.hpp>

#include "solver/proof_table.h"
#include "solver/subtree_merges.h"

using namespace kanju;

TEST_CASE("subtree merges: a parent record is found by its position", "[merges]") {
  SubtreeMerges m(1 << 20);
  CHECK_FALSE(m.parent_of(42).found);
  m.record(42, 7, 15, PN_INF, 12);  // numbers above 32 bits are kept capped
  const SubtreeMerges::Parent p = m.parent_of(42);
  REQUIRE(p.found);
  CHECK(p.parent == 7);
  CHECK(p.pn == 15);
  CHECK(p.dn == 0xffffffffULL);
  CHECK(p.ply == 12);
  m.record(42, 8, 3, 4, 10);  // searched again from another parent: the newer record
  CHECK(m.parent_of(42).parent == 8);
  CHECK_FALSE(m.parent_of(43).found);
}

TEST_CASE("subtree merges: two records share a bucket, the deeper one gives way", "[merges]") {
  SubtreeMerges m(96);  // a single bucket of two parent records: every key falls in it
  // (Keys differing in their lowest bit only are one key to it: see SubtreeMerges::tagged.)
  m.record(100, 11, 1, 1, 5);
  m.record(200, 12, 1, 1, 9);
  CHECK(m.parent_of(100).parent == 11);
  CHECK(m.parent_of(200).parent == 12);
  m.record(300, 13, 1, 1, 7);  // a third: over the record of the deeper ply
  CHECK(m.parent_of(100).found);
  CHECK_FALSE(m.parent_of(200).found);
  CHECK(m.parent_of(300).parent == 13);
  m.record(100, 14, 1, 1, 20);  // a position searched again keeps its own slot
  CHECK(m.parent_of(100).parent == 14);
  CHECK(m.parent_of(300).found);
}

TEST_CASE("subtree merges: after clearing, old records leave their slots free", "[merges]") {
  // As on a new table: a search after clear() fills the slots in the same order (the same
  // nodes as a search on a new table, test_solve.cpp).
  SubtreeMerges m(96);
  m.record(100, 11, 1, 1, 5);
  m.record(200, 12, 1, 1, 9);
  m.clear();
  m.record(300, 13, 1, 1, 50);
  m.record(400, 14, 1, 1, 60);  // a deeper record, yet both fit
  CHECK(m.parent_of(300).parent == 13);
  CHECK(m.parent_of(400).parent == 14);
  CHECK_FALSE(m.parent_of(100).found);
}

TEST_CASE("subtree merges: a branch root remembers the children it counts by max", "[merges]") {
  // Position keys are random 64-bit numbers; these stand for them.
  const uint64_t a = 0x1111'0000'0000'1000, b = 0x2222'0000'0000'2000, c = 0x3333'0000'0000'3000,
                 d = 0x4444'0000'0000'4000;
  SubtreeMerges m(1 << 20);
  CHECK_FALSE(m.has_marks(100));
  m.mark(100, a, b);
  m.mark(100, b, c);  // a second pair sharing a child joins its group
  CHECK(m.has_marks(100));
  CHECK(m.group_of(100, a) != 0);
  CHECK(m.group_of(100, a) == m.group_of(100, b));
  CHECK(m.group_of(100, c) == m.group_of(100, a));
  CHECK(m.group_of(100, d) == 0);
  CHECK(m.group_of(100, 0) == 0);
  CHECK(m.group_of(101, a) == 0);
}

TEST_CASE("subtree merges: pairs that share no child are counted apart", "[merges]") {
  // Lines meeting below a and b, and others below c and d, say nothing of a and c: one max over
  // all four would count two independent searches as one.
  const uint64_t a = 0x1111'0000'0000'1000, b = 0x2222'0000'0000'2000, c = 0x3333'0000'0000'3000,
                 d = 0x4444'0000'0000'4000, e = 0x5555'0000'0000'5000;
  SubtreeMerges m(1 << 20);
  m.mark(100, a, b);
  m.mark(100, c, d);
  CHECK(m.group_of(100, a) == m.group_of(100, b));
  CHECK(m.group_of(100, c) == m.group_of(100, d));
  CHECK(m.group_of(100, a) != m.group_of(100, c));
  // A pair across the two groups joins them.
  m.mark(100, b, d);
  CHECK(m.group_of(100, a) == m.group_of(100, c));
  CHECK(m.group_of(100, e) == 0);
}

TEST_CASE("subtree merges: at most seven children a root", "[merges]") {
  SubtreeMerges m(1 << 20);
  for (uint64_t k = 1; k <= 10; ++k) m.mark(100, k << 8, (k + 100) << 8);
  int held = 0;
  for (uint64_t k = 1; k <= 10; ++k)
    held += (m.group_of(100, k << 8) != 0) + (m.group_of(100, (k + 100) << 8) != 0);
  CHECK(held == 7);  // the others count by sum
}

TEST_CASE("subtree merges: clearing the proof table forgets them", "[merges]") {
  ProofTable table(1);
  table.merges().record(42, 7, 1, 1, 3);
  table.merges().mark(7, 42, 43);
  table.clear();
  CHECK_FALSE(table.merges().parent_of(42).found);
  CHECK_FALSE(table.merges().has_marks(7));
}
