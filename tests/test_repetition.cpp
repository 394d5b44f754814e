// Repetitions in the search (solver/repetition.h): the current path and the failures by
// repetition kept by path.
#include <catch2/catch.hpp>

#include "solver/repetition.h"

using namespace kanju;

TEST_CASE("repetition: a position repeats only with the same side to move", "[repetition]") {
  SearchPath path;
  path.reserve(5);
  path.position(0) = 11, path.position(1) = 22, path.position(2) = 33, path.position(3) = 44;
  CHECK(path.repeated_ply(2, 11) == 0);  // two plies later, the same side to move
  CHECK(path.repeated_ply(4, 11) == 0);  // four plies later
  CHECK(path.repeated_ply(3, 11) < 0);   // the other side to move: no repetition
  CHECK(path.repeated_ply(3, 22) == 1);
  CHECK(path.repeated_ply(2, 99) < 0);
  CHECK(path.repeated_ply(0, 11) < 0);  // the root repeats nothing
}

TEST_CASE("repetition: path keys tell move orders apart", "[repetition]") {
  const Move a = Move::make_drop(GOLD, SQ_NB - 1, BLACK);
  const Move b = Move::make_drop(SILVER, Square(0), BLACK);
  const uint64_t ab = child_path_key(child_path_key(7, a, 0), b, 1);
  const uint64_t ba = child_path_key(child_path_key(7, b, 0), a, 1);
  CHECK(ab != ba);
  CHECK(ab == child_path_key(child_path_key(7, a, 0), b, 1));
  // The same move at another ply is another path.
  CHECK(child_path_key(7, a, 0) != child_path_key(7, a, 2));
}

TEST_CASE("repetition: the table keeps a failure by its path", "[repetition]") {
  RepetitionTable reps;
  MateLen lo = 0;
  int rep_ply = -1;
  CHECK(reps.empty());
  CHECK_FALSE(reps.find(12345, lo, rep_ply));
  reps.record(12345, 9, 3);
  CHECK_FALSE(reps.empty());
  REQUIRE(reps.find(12345, lo, rep_ply));
  CHECK(lo == 9);
  CHECK(rep_ply == 3);  // the ply of the repeated position, kept with the failure
  CHECK_FALSE(reps.find(12346, lo, rep_ply));
  // Direct-mapped: another path in the same slot replaces it (a lost entry costs a search).
  const uint64_t same_slot = 12345 + (uint64_t(1) << 40);
  reps.record(same_slot, 5, 0);
  CHECK_FALSE(reps.find(12345, lo, rep_ply));
  REQUIRE(reps.find(same_slot, lo, rep_ply));
  CHECK(lo == 5);
  CHECK(rep_ply == 0);
  // The byte of the key kept beside the entries (the look-up's shortcut) tells the slot's other
  // keys apart both when it differs and, with the whole key compared, when it matches.
  CHECK_FALSE(reps.find(same_slot + (uint64_t(1) << 16), lo, rep_ply));
  CHECK_FALSE(reps.find(same_slot + (uint64_t(1) << 24), lo, rep_ply));
}

TEST_CASE("repetition: the path's index finds the positions being searched", "[repetition]") {
  SearchPath path;
  // Keys that share a home slot, so that leaving one must move the others up (backward shift).
  std::vector<uint64_t> keys;
  const auto home = [](uint64_t k) { return (k * 0x9e3779b97f4a7c15ULL) >> 51; };
  for (uint64_t k = 1; keys.size() < 4; ++k)
    if (home(k) == home(1)) keys.push_back(k);
  for (int i = 0; i < 4; ++i) CHECK(path.enter(keys[i], i));
  CHECK_FALSE(path.enter(keys[2], 9));  // already there: keeps its ply, not to be left
  for (int i = 0; i < 4; ++i) CHECK(path.ply_of(keys[i]) == i);
  path.leave(keys[1]);
  CHECK(path.ply_of(keys[1]) < 0);
  CHECK(path.ply_of(keys[0]) == 0);
  CHECK(path.ply_of(keys[2]) == 2);
  CHECK(path.ply_of(keys[3]) == 3);
  path.leave(keys[0]);
  CHECK(path.ply_of(keys[3]) == 3);
  path.leave(keys[3]);
  path.leave(keys[2]);
  for (uint64_t k : keys) CHECK(path.ply_of(k) < 0);
  CHECK(path.ply_of(12345) < 0);
}
