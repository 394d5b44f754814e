// The proof table answers for every hand that a stored proof or disproof covers, and never
// grows past its size.
#include <atomic>
#include <catch2/catch.hpp>

#include "solver/proof_table.h"

using namespace kanju;

namespace {
Hand hand_of(int golds, int pawns) {
  Hand h;
  h.add(GOLD, golds);
  h.add(PAWN, pawns);
  return h;
}
}  // namespace

TEST_CASE("a proof covers every hand that holds at least its proof pieces", "[table]") {
  ProofTable t(1);
  t.store(42, hand_of(1, 0), 0, PN_INF, 0, 7, MOVE_NONE, 10, false, DEPTH_UNLIMITED);
  CHECK(t.probe(42, hand_of(1, 0), DEPTH_UNLIMITED).pn == 0);
  CHECK(t.probe(42, hand_of(2, 3), DEPTH_UNLIMITED).pn == 0);
  CHECK(t.probe(42, hand_of(0, 3), DEPTH_UNLIMITED).pn != 0);
  CHECK(t.probe(43, hand_of(2, 3), DEPTH_UNLIMITED).pn != 0);
  // A proof of length 7 does not answer "mate within 5".
  CHECK(t.probe(42, hand_of(1, 0), 5).pn != 0);
  CHECK(t.probe(42, hand_of(1, 0), 5).hi == 7);
}

TEST_CASE("a disproof covers every hand that holds at most its disproof pieces", "[table]") {
  ProofTable t(1);
  t.store(42, hand_of(1, 2), PN_INF, 0, NO_MATE_LEN, NO_MATE_LEN, MOVE_NONE, 10, false,
          DEPTH_UNLIMITED);
  CHECK(t.probe(42, hand_of(1, 2), DEPTH_UNLIMITED).dn == 0);
  CHECK(t.probe(42, hand_of(0, 1), DEPTH_UNLIMITED).dn == 0);
  CHECK(t.probe(42, hand_of(2, 0), DEPTH_UNLIMITED).dn != 0);
  // "No mate within 9" answers a query for 7 but not one for 11.
  t.store(50, hand_of(0, 0), PN_INF, 0, 10, NO_MATE_LEN, MOVE_NONE, 10, false, DEPTH_UNLIMITED);
  CHECK(t.probe(50, hand_of(0, 0), 7).dn == 0);
  CHECK(t.probe(50, hand_of(0, 0), 11).dn != 0);
}

TEST_CASE("repetition-dependent disproofs are not trusted off their path", "[table]") {
  ProofTable t(1);
  t.store(42, hand_of(0, 0), PN_INF, 0, NO_MATE_LEN, NO_MATE_LEN, MOVE_NONE, 10, true,
          DEPTH_UNLIMITED);
  CHECK(t.probe(42, hand_of(0, 0), DEPTH_UNLIMITED).dn != 0);
  // A path-independent disproof of the same node replaces it.
  t.store(42, hand_of(0, 0), PN_INF, 0, NO_MATE_LEN, NO_MATE_LEN, MOVE_NONE, 10, false,
          DEPTH_UNLIMITED);
  CHECK(t.probe(42, hand_of(0, 0), DEPTH_UNLIMITED).dn == 0);
}

TEST_CASE("unfinished numbers are found by the exact hand", "[table]") {
  ProofTable t(1);
  t.store(42, hand_of(1, 1), 5, 9, 0, NO_MATE_LEN, MOVE_NONE, 3, false, DEPTH_UNLIMITED);
  TableResult r = t.probe(42, hand_of(1, 1), DEPTH_UNLIMITED);
  CHECK(r.found);
  CHECK(r.pn == 5);
  CHECK(r.dn == 9);
  CHECK_FALSE(t.probe(42, hand_of(1, 2), DEPTH_UNLIMITED).found);
}

TEST_CASE("other hands' unfinished numbers are floors for a mate-at-all query", "[table]") {
  ProofTable t(1);
  // Hard to mate even with 2 golds: with 1 gold no easier. Hard to refute with no gold: with
  // 1 gold no easier.
  t.store(42, hand_of(2, 1), 30, 4, 0, NO_MATE_LEN, MOVE_NONE, 3, false, DEPTH_UNLIMITED);
  t.store(42, hand_of(0, 1), 2, 50, 0, NO_MATE_LEN, MOVE_NONE, 3, false, DEPTH_UNLIMITED);
  TableResult r = t.probe(42, hand_of(1, 1), DEPTH_UNLIMITED);
  CHECK_FALSE(r.found);
  CHECK(r.pn_floor == 30);
  CHECK(r.dn_floor == 50);
  // Hands that neither hold more nor fewer of every type give nothing.
  r = t.probe(42, hand_of(1, 2), DEPTH_UNLIMITED);
  CHECK(r.pn_floor == 0);
  CHECK(r.dn_floor == 50);
  // The exact hand's own numbers are raised to the floors.
  t.store(42, hand_of(1, 1), 5, 9, 0, NO_MATE_LEN, MOVE_NONE, 3, false, DEPTH_UNLIMITED);
  r = t.probe(42, hand_of(1, 1), DEPTH_UNLIMITED);
  CHECK(r.found);
  CHECK(r.pn == 30);
  CHECK(r.dn == 50);
  // Bounded queries take no floors.
  t.store(50, hand_of(2, 1), 30, 4, 0, NO_MATE_LEN, MOVE_NONE, 3, false, 9);
  r = t.probe(50, hand_of(1, 1), 9);
  CHECK(r.pn_floor == 0);
}

TEST_CASE("a bounded query finds its unfinished numbers beside a proof too long for it",
          "[table]") {
  // Shortening a mate asks again with a smaller limit at nodes that hold a longer proof under
  // the same hand; without its numbers every visit would start that node afresh.
  ProofTable t(1);
  t.store(42, hand_of(0, 0), 0, PN_INF, 0, 9, MOVE_NONE, 10, false, DEPTH_UNLIMITED);
  t.store(42, hand_of(0, 0), 4, 6, 0, NO_MATE_LEN, MOVE_NONE, 3, false, 5);
  TableResult r = t.probe(42, hand_of(0, 0), 5);
  CHECK(r.found);
  CHECK(r.pn == 4);
  CHECK(r.dn == 6);
  CHECK(r.hi == 9);
  // Numbers stored under another limit describe another tree.
  CHECK_FALSE(t.probe(42, hand_of(0, 0), 7).found);
  // The same beside a bound too short: "no mate within 3" and numbers for 7.
  t.store(50, hand_of(0, 0), PN_INF, 0, 4, NO_MATE_LEN, MOVE_NONE, 10, false, DEPTH_UNLIMITED);
  t.store(50, hand_of(0, 0), 2, 3, 0, NO_MATE_LEN, MOVE_NONE, 3, false, 7);
  r = t.probe(50, hand_of(0, 0), 7);
  CHECK(r.found);
  CHECK(r.pn == 2);
  CHECK(r.lo == 4);
  // The proof still answers queries it covers.
  CHECK(t.probe(42, hand_of(0, 0), 9).pn == 0);
}

TEST_CASE("the table never grows past its size and collects garbage", "[table]") {
  ProofTable t(1);
  const size_t capacity = t.capacity();
  for (uint64_t i = 1; i <= capacity * 3; ++i)
    t.store(i * 0x9e3779b97f4a7c15ULL, hand_of(0, int(i % 3)), 2, 2, 0, NO_MATE_LEN, MOVE_NONE,
            i % 100, false, DEPTH_UNLIMITED);
  CHECK(t.used() <= capacity);
  CHECK(t.capacity() == capacity);
  // A stop request ends a collection early and leaves the table as it was.
  const size_t full = t.used();
  std::atomic<bool> stop{true};
  t.collect_garbage(&stop);
  CHECK(t.used() == full);
  t.collect_garbage();
  CHECK(t.used() <= capacity / 2 + ProofTable::BUCKET);
}

TEST_CASE("a concurrent table leaves counting its new slots to the searches", "[table]") {
  ProofTable t(1);
  t.set_concurrent(true);
  size_t taken = 0;
  for (uint64_t i = 1; i <= 100; ++i)
    taken += t.store(i * 0x9e3779b97f4a7c15ULL, hand_of(0, 0), 2, 2, 0, NO_MATE_LEN, MOVE_NONE, 1,
                     false, DEPTH_UNLIMITED);
  CHECK(taken == 100);
  CHECK(t.used() == 0);  // not counted yet
  t.add_used(taken);
  CHECK(t.used() == 100);
  // Storing the same entries again takes no new slot; and a collection may free entries whose
  // slots are not counted yet without the count going below zero.
  CHECK_FALSE(t.store(0x9e3779b97f4a7c15ULL, hand_of(0, 0), 3, 3, 0, NO_MATE_LEN, MOVE_NONE, 1,
                      false, DEPTH_UNLIMITED));
  ProofTable u(1);
  u.set_concurrent(true);
  for (uint64_t i = 1; i <= 100; ++i)
    u.store(i * 0x9e3779b97f4a7c15ULL, hand_of(0, 0), 2, 2, 0, NO_MATE_LEN, MOVE_NONE, 1, false,
            DEPTH_UNLIMITED);
  u.collect_garbage();
  CHECK(u.used() == 0);
  t.set_concurrent(false);  // one search again: it counts itself
  CHECK_FALSE(
      t.store(1, hand_of(0, 0), 2, 2, 0, NO_MATE_LEN, MOVE_NONE, 1, false, DEPTH_UNLIMITED));
  CHECK(t.used() == 101);
}

TEST_CASE("clear() forgets everything, also across many generations", "[table]") {
  ProofTable t(1);
  for (int round = 0; round < 300; ++round) {
    t.store(42, hand_of(0, 0), 0, PN_INF, 0, 3, MOVE_NONE, 1, false, DEPTH_UNLIMITED);
    REQUIRE(t.probe(42, hand_of(0, 0), DEPTH_UNLIMITED).pn == 0);
    t.clear();
    REQUIRE(t.probe(42, hand_of(0, 0), DEPTH_UNLIMITED).pn != 0);
    REQUIRE(t.used() == 0);
  }
}

TEST_CASE("a table bound to another reading of futile interpositions is cleared", "[table]") {
  ProofTable t(1);
  CHECK_FALSE(t.policy());
  t.bind(FutilePolicy::Composer);
  t.store(42, hand_of(1, 0), 0, PN_INF, 0, 7, MOVE_NONE, 10, false, DEPTH_UNLIMITED);
  t.bind(FutilePolicy::Composer);  // the same reading: the results stay
  CHECK(t.probe(42, hand_of(1, 0), DEPTH_UNLIMITED).pn == 0);
  CHECK_FALSE(t.keyed_by_position());
  t.bind(FutilePolicy::Count);  // another: a mate in 7 there says nothing here
  CHECK(t.policy() == FutilePolicy::Count);
  CHECK(t.used() == 0);
  CHECK(t.probe(42, hand_of(1, 0), DEPTH_UNLIMITED).pn != 0);
  t.bind(FutilePolicy::Wide);  // keyed by whole positions
  CHECK(t.keyed_by_position());
  t.clear();
  CHECK_FALSE(t.policy());
}
