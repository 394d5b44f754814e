// Proof and disproof pieces (solver/proof_hand.h).
#include <catch2/catch.hpp>

#include "solver/proof_hand.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;
using kanju::test::usi_move;

namespace {

Hand hand_of(std::initializer_list<std::pair<PieceType, int>> counts) {
  Hand h;
  for (auto [pt, n] : counts) h.set(pt, n);
  return h;
}

}  // namespace

TEST_CASE("proof hand: minimum, maximum, widened and full hands", "[proof_hand]") {
  const Hand a = hand_of({{GOLD, 2}, {PAWN, 1}});
  const Hand b = hand_of({{GOLD, 1}, {SILVER, 3}});
  CHECK(hand_min(a, b) == hand_of({{GOLD, 1}}));
  CHECK(hand_max(a, b) == hand_of({{GOLD, 2}, {SILVER, 3}, {PAWN, 1}}));
  // A held type goes to the set's maximum, an absent one stays absent.
  CHECK(widen_held(a) == hand_of({{GOLD, 4}, {PAWN, 18}}));
  for (PieceType pt : HAND_TYPES_SFEN_ORDER) CHECK(all_pieces().count(pt) == Hand::max_count(pt));
}

TEST_CASE("proof hand: across an attacker move", "[proof_hand]") {
  // Black (attacker) holds a gold; a silver of White's stands on 5c, Black's rook on 5i.
  const Position pos = from_sfen("4k4/9/4s4/9/9/9/9/9/4R3K b G 1");
  SECTION("a drop: the piece was in hand before the move") {
    CHECK(hand_before_move(pos, usi_move(pos, "G*5b"), Hand()) == hand_of({{GOLD, 1}}));
  }
  SECTION("a capture: the captured piece was not in hand before") {
    const Move take = usi_move(pos, "5i5c");
    CHECK(hand_before_move(pos, take, hand_of({{SILVER, 1}, {GOLD, 1}})) == hand_of({{GOLD, 1}}));
    // A proof that did not need the silver needs nothing less before the capture.
    CHECK(hand_before_move(pos, take, hand_of({{GOLD, 1}})) == hand_of({{GOLD, 1}}));
  }
  SECTION("a board move that takes nothing carries the hand over") {
    CHECK(hand_before_move(pos, usi_move(pos, "5i5d"), hand_of({{PAWN, 2}})) ==
          hand_of({{PAWN, 2}}));
  }
}

TEST_CASE("proof hand: a mated king with a distant checker", "[proof_hand]") {
  SECTION("the defender lacks every piece to interpose: the attacker's full count is needed") {
    // White's king on 1a, checked by Black's lance from 1i: the proof rests on White having
    // nothing to drop between, which holds only while Black keeps both golds.
    const Position pos = from_sfen("8k/9/7G1/9/9/9/9/9/K7L w 2G 1");
    REQUIRE(pos.in_check());
    CHECK(mated_proof_hand(pos, Hand()) == hand_of({{GOLD, 2}}));
  }
  SECTION("an adjacent checker leaves nothing to interpose: the proof is unchanged") {
    const Position pos = from_sfen("8k/8G/8G/9/9/9/9/9/K8 w 2S 1");
    REQUIRE(pos.in_check());
    CHECK(mated_proof_hand(pos, Hand()) == Hand());
  }
  SECTION("a type the defender holds is not raised") {
    const Position pos = from_sfen("8k/9/7G1/9/9/9/9/9/K7L w 2Gp 1");
    CHECK(mated_proof_hand(pos, Hand()) == hand_of({{GOLD, 2}}));
  }
}
