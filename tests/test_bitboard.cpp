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

namespace {

// Walks from sq one step at a time until the edge or a blocker (included).
Bitboard walked(Square sq, Bitboard occ, int dfile, int drank) {
  Bitboard b;
  for (int f = file_of(sq) + dfile, r = rank_of(sq) + drank; f >= 0 && f < 9 && r >= 0 && r < 9;
       f += dfile, r += drank) {
    b.set(make_square(f, r));
    if (occ.test(make_square(f, r))) break;
  }
  return b;
}

}  // namespace

TEST_CASE("sliding attacks agree with a square-by-square walk", "[bitboard]") {
  // Random boards of every density, from empty to seven squares in eight, and every square.
  uint64_t seed = 0x9E3779B97F4A7C15ull;
  auto next = [&seed] {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    return seed;
  };
  for (int trial = 0; trial < 400; ++trial) {
    Bitboard occ;
    const int density = trial % 8;  // about density / 8 of the squares
    for (Square s = 0; s < SQ_NB; ++s)
      if (int(next() % 8) < density) occ.set(s);
    for (Square sq = 0; sq < SQ_NB; ++sq) {
      const Bitboard n = walked(sq, occ, 0, -1), s = walked(sq, occ, 0, 1);
      const Bitboard e = walked(sq, occ, -1, 0), w = walked(sq, occ, 1, 0);
      const Bitboard diag = walked(sq, occ, 1, 1) | walked(sq, occ, 1, -1) |
                            walked(sq, occ, -1, 1) | walked(sq, occ, -1, -1);
      REQUIRE(lance_attacks(BLACK, sq, occ) == n);
      REQUIRE(lance_attacks(WHITE, sq, occ) == s);
      REQUIRE(rook_attacks(sq, occ) == (n | s | e | w));
      REQUIRE(bishop_attacks(sq, occ) == diag);
      REQUIRE(ray_attacks<DIR_E>(sq, occ) == e);
      REQUIRE(ray_attacks<DIR_W>(sq, occ) == w);
    }
  }
}

TEST_CASE("between and line tables", "[bitboard]") {
  CHECK(between_bb(make_square(0, 0), make_square(8, 8)).popcount() == 7);
  CHECK(between_bb(make_square(0, 0), make_square(0, 8)).popcount() == 7);
  CHECK(between_bb(make_square(0, 0), make_square(1, 2)).none());  // not aligned
  CHECK(aligned(make_square(0, 0), make_square(2, 2), make_square(5, 5)));
  CHECK_FALSE(aligned(make_square(0, 0), make_square(2, 2), make_square(5, 4)));
  CHECK(line_bb(make_square(3, 0), make_square(3, 5)) == file_bb(3));
}
