#include <catch2/catch.hpp>

#include "solver/bitboard.h"

using namespace kanju;

TEST_CASE("squares follow the USI numbering", "[bitboard]") {
  CHECK(make_square(0, 0) == 0);   // 1a
  CHECK(make_square(8, 8) == 80);  // 9i
  CHECK(file_of(make_square(6, 5)) == 6);
  CHECK(rank_of(make_square(6, 5)) == 5);
}

TEST_CASE("distance counts king steps between squares", "[bitboard]") {
  CHECK(distance(make_square(4, 4), make_square(4, 4)) == 0);
  CHECK(distance(make_square(4, 4), make_square(5, 5)) == 1);
  CHECK(distance(make_square(4, 4), make_square(3, 6)) == 2);
  CHECK(distance(make_square(0, 0), make_square(8, 2)) == 8);
  CHECK(distance(make_square(8, 2), make_square(0, 0)) == 8);
}

TEST_CASE("bit scans find the lowest and highest square", "[bitboard]") {
  Bitboard b = Bitboard::square(3) | Bitboard::square(70);
  CHECK(b.lsb() == 3);
  CHECK(b.msb() == 70);
  CHECK(b.popcount() == 2);
  CHECK(b.more_than_one());
  CHECK(b.pop_lsb() == 3);
  CHECK(b.lsb() == 70);
  CHECK_FALSE(b.more_than_one());
  CHECK((~Bitboard()).popcount() == 81);
}

TEST_CASE("step attacks of each piece from the centre", "[bitboard]") {
  const Square e5 = make_square(4, 4);
  CHECK(step_attacks(BLACK, PAWN, e5) == Bitboard::square(make_square(4, 3)));
  CHECK(step_attacks(WHITE, PAWN, e5) == Bitboard::square(make_square(4, 5)));
  CHECK(step_attacks(BLACK, KNIGHT, e5).popcount() == 2);
  CHECK(step_attacks(BLACK, SILVER, e5).popcount() == 5);
  CHECK(step_attacks(BLACK, GOLD, e5).popcount() == 6);
  CHECK(step_attacks(BLACK, PRO_PAWN, e5) == step_attacks(BLACK, GOLD, e5));
  CHECK(king_attacks(e5).popcount() == 8);
  CHECK(step_attacks(WHITE, GOLD, e5).test(make_square(4, 5)));
  CHECK_FALSE(step_attacks(WHITE, GOLD, e5).test(make_square(3, 3)));
  // Corners clip.
  CHECK(king_attacks(0).popcount() == 3);
  CHECK(step_attacks(BLACK, KNIGHT, make_square(0, 1)).none());
}

TEST_CASE("sliding attacks stop at the first blocker", "[bitboard]") {
  const Square e5 = make_square(4, 4);
  CHECK(rook_attacks(e5, Bitboard()).popcount() == 16);
  CHECK(bishop_attacks(e5, Bitboard()).popcount() == 16);
  Bitboard occ = Bitboard::square(make_square(4, 2)) | Bitboard::square(make_square(6, 6));
  Bitboard r = rook_attacks(e5, occ);
  CHECK(r.test(make_square(4, 2)));
  CHECK_FALSE(r.test(make_square(4, 1)));
  Bitboard b = bishop_attacks(e5, occ);
  CHECK(b.test(make_square(6, 6)));
  CHECK_FALSE(b.test(make_square(7, 7)));
  CHECK(lance_attacks(BLACK, e5, occ).popcount() == 2);
  CHECK(lance_attacks(WHITE, e5, occ).popcount() == 4);
}

TEST_CASE("between and line tables", "[bitboard]") {
  CHECK(between_bb(make_square(0, 0), make_square(8, 8)).popcount() == 7);
  CHECK(between_bb(make_square(0, 0), make_square(0, 8)).popcount() == 7);
  CHECK(between_bb(make_square(0, 0), make_square(1, 2)).none());  // not aligned
  CHECK(aligned(make_square(0, 0), make_square(2, 2), make_square(5, 5)));
  CHECK_FALSE(aligned(make_square(0, 0), make_square(2, 2), make_square(5, 4)));
  CHECK(line_bb(make_square(3, 0), make_square(3, 5)) == file_bb(3));
}
