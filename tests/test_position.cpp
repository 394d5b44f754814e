// Position: the keys a move will give, computed without playing it, match the keys it gives.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "solver/movegen.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

TEST_CASE("the keys after a move are known before it is played", "[position]") {
  // Captures of promoted pieces, promotions, drops of every type, both sides to move; then
  // positions reached by random play from each.
  const char* sfens[] = {
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
      "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
      "4+bn1g1/5kpPl/2l1b1s2/3+l1N1GP/4G1+P1N/5L3/9/1+r7/R8 b GP3sn13p 1",
      "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72",
  };
  std::mt19937 rng(7);
  int checked = 0;
  for (const char* sfen : sfens) {
    Position pos = from_sfen(sfen);
    for (int ply = 0; ply < 40; ++ply) {
      MoveList<LEGAL> moves(pos);
      if (moves.empty()) break;
      for (Move m : moves) {
        const uint64_t board = pos.board_key_after(m), full = pos.key_after(m);
        pos.do_move(m);
        CHECK(board == pos.board_key());
        CHECK(full == pos.key());
        pos.undo_move();
        ++checked;
      }
      pos.do_move(moves.begin()[rng() % moves.size()]);
    }
  }
  CHECK(checked > 1000);
}
