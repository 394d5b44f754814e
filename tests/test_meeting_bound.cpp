// The lower bounds on the plies between two positions (solver/meeting_bound.h), which let the
// verifier's convergence walk stop early: a bound above the true distance would make it miss a
// way back, so random play checks that no pair of positions on a line is closer than bounded.
#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "solver/meeting_bound.h"
#include "solver/movegen.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

TEST_CASE("meeting bounds: small cases are exact", "[meeting_bound]") {
  // White's king on 1a, Black to move; a gold in hand.
  const Position start = from_sfen("8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1");
  REQUIRE(plies_to_board(start, start, WHITE) == 0);
  // A drop changes one square: one ply, and the side to move changes with it.
  Position dropped = start;
  dropped.do_move(Move::make_drop(GOLD, make_square(2, 1), BLACK));  // G*3b
  CHECK(plies_to_board(start, dropped, WHITE) == 1);
  CHECK(plies_to_board(dropped, start, WHITE) == 1);  // a bound: no move takes a drop back
  // Two squares that are to hold Black's pieces: two moves of Black's, with White's between
  // them, and Black to move again after: four plies (the squares alone would allow one).
  const Position two_golds = from_sfen("8k/6G2/6G2/9/9/9/9/9/9 b 2r2b2g4s4n4l18p 1");
  CHECK(plies_to_board(start, two_golds, WHITE) == 4);
  // A dragon from a rook in hand: the drop, then a move that promotes it (Black, White, Black),
  // and White again to give Black the move.
  const Position dragon = from_sfen("8k/9/9/6+R2/9/9/9/9/9 b r2b4g4s4n4l18p 1");
  const Position rook_in_hand = from_sfen("8k/9/9/9/9/9/9/9/9 b R2b4g4s4n4l18p 1");
  CHECK(plies_to_board(rook_in_hand, dragon, WHITE) == 4);
  // The king three squares away: Black moves first, so White's third move is ply 6.
  CHECK(plies_to_king_square(start, WHITE, make_square(0, 3), WHITE) == 7);
  CHECK(plies_to_king_square(start, WHITE, make_square(0, 3), BLACK) == 6);
  CHECK(plies_to_king_square(dropped, WHITE, make_square(0, 3), WHITE) == 6);
  CHECK(plies_to_king_square(dropped, WHITE, make_square(0, 3), BLACK) == 5);
  CHECK(plies_to_king_square(start, WHITE, start.king_square(WHITE), BLACK) == 0);
}

TEST_CASE("meeting bounds never exceed the plies played between two positions",
          "[meeting_bound][property]") {
  const std::vector<std::string> starts = {
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
      "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1",
      "4k4/9/9/9/9/9/9/9/9 b RBGSNLPrb3g3s3n3l17p 1",
      "9/9/9/3n2l2/3+R1g1pG/3G1p+B2/4k1B2/3r3P1/3P3S1 b 3Pg3s3n3l11p 1",
  };
  int pairs = 0;
  for (size_t s = 0; s < starts.size(); ++s) {
    for (uint32_t seed = 1; seed <= 8; ++seed) {
      std::mt19937 rng(seed * 104729 + uint32_t(s));
      std::vector<Position> line{from_sfen(starts[s])};
      for (int ply = 0; ply < 40; ++ply) {
        Position pos = line.back();
        MoveList<LEGAL> moves(pos);
        if (moves.empty()) break;
        // Checks half of the time, as on the walk's lines.
        MoveList<CHECKS> checks(pos);
        const Move m = (checks.size() > 0 && rng() % 2) ? checks[int(rng() % checks.size())]
                                                        : moves[int(rng() % moves.size())];
        pos.do_move(m);
        line.push_back(pos);
      }
      for (size_t i = 0; i < line.size(); ++i)
        for (size_t j = i; j < line.size(); ++j)
          for (Color defender : {BLACK, WHITE}) {
            if (!line[i].has_king(defender)) continue;  // a tsume attacker has none
            INFO("start " << s << " seed " << seed << " plies " << i << " to " << j);
            const int played = int(j - i);
            REQUIRE(plies_to_board(line[i], line[j], defender) <= played);
            REQUIRE(plies_to_king_square(line[i], defender, line[j].king_square(defender),
                                         line[j].side_to_move()) <= played);
            ++pairs;
          }
    }
  }
  CHECK(pairs > 20000);
}
