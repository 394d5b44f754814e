// USI move notation: writing, reading, and the reasons given for illegal moves.
#include <catch2/catch.hpp>
#include <string>

#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

std::string move_error(const std::string& sfen, const std::string& move) {
  auto r = parse_usi_move(from_sfen(sfen), move);
  INFO(sfen << " / " << move);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

const std::string START(STARTPOS_SFEN);

}  // namespace

TEST_CASE("squares and moves are written in USI", "[usi]") {
  CHECK(square_name(make_square(0, 0)) == "1a");
  CHECK(square_name(make_square(8, 8)) == "9i");
  CHECK(square_name(make_square(4, 4)) == "5e");
  const Piece bp = make_piece(BLACK, PAWN);
  CHECK(to_usi(Move::make(make_square(6, 6), make_square(6, 5), bp)) == "7g7f");
  CHECK(to_usi(Move::make(make_square(7, 7), make_square(1, 1), make_piece(BLACK, BISHOP), true)) ==
        "8h2b+");
  CHECK(to_usi(Move::make_drop(PAWN, make_square(4, 4), BLACK)) == "P*5e");
  CHECK(to_usi(Move::make_drop(SILVER, make_square(0, 8), WHITE)) == "S*1i");
  CHECK(to_usi(MOVE_NONE) == "0000");
}

TEST_CASE("every legal move survives to_usi and parse_usi_move", "[usi]") {
  for (const char* sfen : {
           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
           "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1",
           "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
           "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
           "4l4/9/9/9/9/9/9/9/4K3k b G 1",  // Black in check
       }) {
    Position pos = from_sfen(sfen);
    MoveList<LEGAL> moves(pos);
    INFO(sfen);
    CHECK(moves.size() > 0);
    for (Move m : moves) {
      auto r = parse_usi_move(pos, to_usi(m));
      INFO(to_usi(m) << ": " << r.error());
      REQUIRE(r.ok());
      CHECK(*r == m);
    }
  }
}

TEST_CASE("parse_usi_move reads what the text says", "[usi]") {
  Position pos = from_sfen(START);
  auto m = parse_usi_move(pos, "7g7f");
  REQUIRE(m.ok());
  CHECK(m->from() == make_square(6, 6));
  CHECK(m->to() == make_square(6, 5));
  CHECK_FALSE(m->is_promotion());
  Position hand = from_sfen("4k4/9/9/9/9/9/9/9/9 b P 1");
  auto drop = parse_usi_move(hand, "P*5e");
  REQUIRE(drop.ok());
  CHECK(drop->is_drop());
  CHECK(drop->drop_type() == PAWN);
  CHECK(drop->to() == make_square(4, 4));
  auto lower = parse_usi_move(hand, "p*5e");  // lenient: some tools write drops in lower case
  REQUIRE(lower.ok());
  CHECK(*lower == *drop);
}

TEST_CASE("malformed moves are rejected with a hint", "[usi][errors]") {
  using Catch::Matchers::Contains;
  for (const char* text :
       {"", "7g", "7g7f++", "7g7f=", "7j7f", "0g7f", "7g7F", "X*5e", "P*5j", "P-5e", "7g7f "}) {
    CHECK_THAT(move_error(START, text), Contains("expected a board move like 7g7f"));
  }
  CHECK_THAT(move_error(START, "K*5e"), Contains("a king cannot be dropped"));
  CHECK_THAT(move_error(START, "7g7g"), Contains("same square"));
  CHECK_THAT(move_error(START, "0000"), Contains("null move not supported"));
}

TEST_CASE("illegal board moves say why", "[usi][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THAT(move_error(START, "7g7e"), Contains("move '7g7e': a pawn on 7g cannot move to 7e"));
  CHECK_THAT(move_error(START, "7g7f+"),
             Contains("move '7g7f+': a pawn on 7g cannot promote on 7f"));
  CHECK_THAT(move_error(START, "5e5d"), Contains("no piece on 5e"));
  CHECK_THAT(move_error(START, "3c3d"), Contains("is White's, and Black is to move"));
  CHECK_THAT(move_error(START, "9i9g"), Contains("9g holds Black's own pawn"));
  CHECK_THAT(move_error(START, "6i5h+"), Contains("a gold on 6i cannot promote"));
  CHECK_THAT(move_error("4k4/7P1/9/9/9/9/9/9/9 b - 1", "2b2a"), Contains("must promote on 2a"));
  CHECK_THAT(move_error("4k4/9/9/9/9/9/9/9/+P3K4 b - 1", "9i9h+"), Contains("already promoted"));
  // A pinned gold, and a king in check that a pawn push ignores.
  CHECK_THAT(move_error("4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1", "5h4h"),
             Contains("it would leave Black's king in check"));
  CHECK_THAT(move_error("4k4/9/9/9/4r4/9/8P/9/4K4 b G 1", "1g1f"),
             Contains("Black's king is in check and this move does not answer it"));
}

TEST_CASE("illegal drops say why", "[usi][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THAT(move_error(START, "P*5e"), Contains("Black has no pawn in hand"));
  const std::string pawn = "4k4/9/9/9/9/9/4P4/9/9 b P 1";
  CHECK_THAT(move_error(pawn, "P*5e"), Contains("already has an unpromoted pawn on file 5 (二歩)"));
  CHECK_THAT(move_error(pawn, "P*4a"), Contains("a pawn dropped on 4a could never move"));
  CHECK_THAT(move_error(pawn, "P*5g"), Contains("5g is occupied"));
  CHECK_THAT(move_error("8k/6G2/9/7N1/9/9/9/9/9 b P 1", "P*1b"), Contains("打ち歩詰め"));
  CHECK_THAT(move_error("4k4/9/9/9/4r4/9/9/9/4K4 b G 1", "G*1a"),
             Contains("this drop does not answer it"));
}
