// The order of the defender's replies and which of them wait (solver/delayed_expansion.h).
#include <catch2/catch.hpp>

#include "solver/delayed_expansion.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;
using kanju::test::usi_move;

namespace {

// White's king on 9a, checked by Black's rook on 9i: White may step aside or drop on 9b-9h.
const char* const FILE_CHECK = "k8/9/9/9/9/9/9/9/R7K w 2gs 1";
}  // namespace

TEST_CASE("delayed expansion: the order of the replies", "[delayed_expansion]") {
  const Position pos = from_sfen(FILE_CHECK);
  const Square ksq = pos.king_square(WHITE);
  const Move king = usi_move(pos, "9a8a"), near = usi_move(pos, "G*9b"),
             far = usi_move(pos, "G*9e");
  const Move near_silver = usi_move(pos, "S*9b");
  CHECK(reply_before(king, near, ksq));  // board moves first
  CHECK_FALSE(reply_before(near, king, ksq));
  CHECK(reply_before(near, far, ksq));  // nearest the king first
  CHECK_FALSE(reply_before(far, near, ksq));
  CHECK(reply_before(near_silver, near, ksq));  // on one square, the cheaper piece first
  CHECK_FALSE(reply_before(near, near_silver, ksq));
}

TEST_CASE("delayed expansion: which replies wait", "[delayed_expansion]") {
  const Position pos = from_sfen(FILE_CHECK);
  const Square ksq = pos.king_square(WHITE);
  const Move b_silver = usi_move(pos, "S*9b"), b_gold = usi_move(pos, "G*9b");
  const Move e_gold = usi_move(pos, "G*9e"), f_gold = usi_move(pos, "G*9f"),
             c_gold = usi_move(pos, "G*9c");
  SECTION("drops onto one square wait behind the cheaper one") {
    CHECK(waits_behind(b_gold, b_silver, ksq));
  }
  SECTION("drops away from the king are chained, nearest first") {
    CHECK(far_interposition(e_gold, ksq));
    CHECK_FALSE(far_interposition(b_gold, ksq));  // next to the king
    CHECK(waits_behind(f_gold, e_gold, ksq));
    CHECK(waits_behind(e_gold, c_gold, ksq));
    // A drop next to the king stays apart from the far ones.
    CHECK_FALSE(waits_behind(c_gold, b_gold, ksq));
  }
  SECTION("a move without promotion waits behind the same move promoting") {
    // The same order serves a defender's piece that may promote; shown with Black's silver
    // checking on 5b promoted or not.
    const Position p = from_sfen("4k4/9/3S5/9/9/9/9/9/8K b - 1");
    const Move promote = usi_move(p, "6c5b+"), stay = usi_move(p, "6c5b");
    CHECK(waits_behind(stay, promote, p.king_square(WHITE)));
    CHECK_FALSE(waits_behind(promote, stay, p.king_square(WHITE)));
  }
}
