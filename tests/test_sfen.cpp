// SFEN reading and writing, the rest-of-set hand, and the USI position command.
#include <catch2/catch.hpp>
#include <string>

#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

// The error parse_sfen gives for `sfen`; fails the test when it parses.
std::string sfen_error(const std::string& sfen) {
  auto r = parse_sfen(sfen);
  INFO(sfen);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

std::string command_sfen(const std::string& command) {
  auto r = parse_position_command(command);
  INFO(command << ": " << r.error());
  REQUIRE(r.ok());
  return to_sfen(r->position);
}

const char* const TSUME_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";

}  // namespace

TEST_CASE("canonical SFENs round-trip unchanged", "[sfen]") {
  for (const char* sfen : {
           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
           TSUME_7,
           "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
           "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
           "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1",
           "4k4/9/9/9/9/9/9/9/9 b - 1",
           "8k/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 7",
           "4l4/9/9/9/9/9/9/9/4K3k b - 1",
       }) {
    Position pos = from_sfen(sfen);
    CHECK(to_sfen(pos) == sfen);
    CHECK(from_sfen(to_sfen(pos)).key() == pos.key());
  }
}

TEST_CASE("startpos, the optional move number and a leading 'sfen'", "[sfen]") {
  CHECK(to_sfen(from_sfen("startpos")) == STARTPOS_SFEN);
  CHECK(to_sfen(from_sfen(" sfen " + std::string(STARTPOS_SFEN) + "\n")) == STARTPOS_SFEN);
  Position no_number = from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
  CHECK(no_number.game_ply() == 1);
  CHECK(to_sfen(no_number, false) ==
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
  CHECK(from_sfen(TSUME_7).game_ply() == 1);
  CHECK(from_sfen("4k4/9/9/9/9/9/9/9/9 b - 207").game_ply() == 207);
}

TEST_CASE("hands in any order are normalised", "[sfen]") {
  CHECK(to_sfen(from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w "
                          "GR5pnsg 1")) ==
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
  // A letter given twice is summed; an explicit count of 1 is dropped.
  CHECK(to_sfen(from_sfen("4k4/9/9/9/9/9/9/9/9 b p2P1Gp3P 1")) == "4k4/9/9/9/9/9/9/9/9 b G5P2p 1");
  CHECK(to_sfen(from_sfen("4k4/9/9/9/9/9/9/9/9 b 10p8p 1")) == "4k4/9/9/9/9/9/9/9/9 b 18p 1");
}

TEST_CASE("parsed pieces, hands and side land where the SFEN says", "[sfen]") {
  Position pos = from_sfen(TSUME_7);
  CHECK(pos.side_to_move() == BLACK);
  CHECK(pos.piece_on(make_square(1, 2)) == make_piece(WHITE, KING));    // 2c
  CHECK(pos.piece_on(make_square(3, 3)) == make_piece(BLACK, BISHOP));  // 4d
  CHECK(pos.piece_on(make_square(1, 8)) == make_piece(WHITE, DRAGON));  // 2i
  CHECK(pos.piece_on(make_square(0, 8)) == make_piece(BLACK, LANCE));   // 1i
  CHECK(pos.hand(BLACK).count(GOLD) == 2);
  CHECK(pos.hand(WHITE).count(PAWN) == 14);
  CHECK_FALSE(pos.has_king(BLACK));
  CHECK_FALSE(pos.in_check());
}

TEST_CASE("structural SFEN errors name the field and the offender", "[sfen][errors]") {
  using Catch::Matchers::Contains;
  const std::string s = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
  CHECK_THAT(sfen_error(""), Contains("empty input"));
  CHECK_THAT(sfen_error("   \t "), Contains("empty input"));
  CHECK_THAT(sfen_error(s), Contains("1 field, expected 3 or 4"));
  CHECK_THAT(sfen_error(s + " b"), Contains("2 fields, expected 3 or 4"));
  CHECK_THAT(sfen_error(s + " b - 1 x"), Contains("5 fields, expected 3 or 4"));
  CHECK_THAT(sfen_error("lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
             Contains("SFEN field 1 (board), rank 3: 10 squares, expected 9"));
  CHECK_THAT(sfen_error("lnsgkgsnl/1r5b1/ppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
             Contains("rank 3: 7 squares, expected 9"));
  CHECK_THAT(sfen_error("lnsgkgsnl/1r5x1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
             Contains("SFEN field 1 (board): unknown piece letter 'x' at rank 2"));
  CHECK_THAT(sfen_error("lnsgkgsnl/1r5b1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
             Contains("SFEN field 1 (board): 8 ranks, expected 9"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/9/9 b - 1"), Contains("10 ranks, expected 9"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/45 b - 1"), Contains("two digits in a row '45'"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/09 b - 1"), Contains("'0' at rank 9"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4+G4 b - 1"), Contains("'+' before 'G'"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4+k4 b - 1"), Contains("'+' before 'k'"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/8+ b - 1"), Contains("'+' at the end of rank 9"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4++P3 b - 1"), Contains("'+' before '+'"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4-4 b - 1"), Contains("unexpected character '-'"));
}

TEST_CASE("side, hand and move-number errors", "[sfen][errors]") {
  using Catch::Matchers::Contains;
  const std::string b = "4k4/9/9/9/9/9/9/9/9";
  CHECK_THAT(sfen_error(b + " x - 1"),
             Contains("SFEN field 2 (side to move): expected 'b' or 'w', got 'x'"));
  CHECK_THAT(sfen_error(b + " B - 1"), Contains("got 'B'"));
  CHECK_THAT(sfen_error(b + " b Px 1"), Contains("SFEN field 3 (hand): unknown piece letter 'x'"));
  CHECK_THAT(sfen_error(b + " b 0P 1"), Contains("SFEN field 3 (hand): count '0'"));
  CHECK_THAT(sfen_error(b + " b 19P 1"), Contains("more than the set's 18"));
  CHECK_THAT(sfen_error(b + " b 3R 1"), Contains("more than the set's 2"));
  CHECK_THAT(sfen_error(b + " b 123456789012P 1"), Contains("more than the set holds"));
  CHECK_THAT(sfen_error(b + " b 10P10P 1"), Contains("Black holds 20 pawns, the set has 18"));
  CHECK_THAT(sfen_error(b + " b K 1"), Contains("a king cannot be held in hand"));
  CHECK_THAT(sfen_error(b + " b +P 1"), Contains("'+' in hand"));
  CHECK_THAT(sfen_error(b + " b P3 1"), Contains("count '3' at the end"));
  CHECK_THAT(sfen_error(b + " b -P 1"), Contains("'-' must stand alone"));
  CHECK_THAT(sfen_error(b + " b 02P 1"), Contains("leading zero"));
  CHECK_THAT(sfen_error(b + " b - x"), Contains("SFEN field 4 (move number): expected a whole"));
  CHECK_THAT(sfen_error(b + " b - -3"), Contains("SFEN field 4 (move number)"));
  CHECK_THAT(sfen_error(b + " b - 0"), Contains("SFEN field 4 (move number): 0"));
  CHECK_THAT(sfen_error(b + " b - 99999999999999999999"), Contains("too large"));
}

TEST_CASE("rule errors of docs/RULES.md section 1", "[sfen][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THAT(sfen_error("4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/9 b 2P 1"),
             Contains("SFEN fields 1 and 3 (board and hands): 20 pawns, the set has 18"));
  CHECK_THAT(sfen_error("4k4/9/ppppppppp/9/9/PPPPPPPPP/P8/9/9 b - 1"),
             Contains("SFEN field 1 (board): 19 pawns, the set has 18"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4K3K b - 1"), Contains("SFEN: two Black kings"));
  CHECK_THAT(sfen_error("4k3k/9/9/9/9/9/9/9/4K4 b - 1"), Contains("two White kings"));
  CHECK_THAT(sfen_error("9/9/9/9/9/9/9/9/4K4 b G 1"),
             Contains("SFEN: no defender king (the side not to move, White, has no king)"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/9 w G 1"),
             Contains("no defender king (the side not to move, Black, has no king)"));
  CHECK_THAT(sfen_error("4P4/9/9/9/9/9/9/9/k8 b - 1"),
             Contains("SFEN field 1: Black pawn on 5a (rank a) could never move"));
  CHECK_THAT(sfen_error("k8/9/9/9/9/9/9/9/4l4 b - 1"),
             Contains("White lance on 5i (rank i) could never move"));
  CHECK_THAT(sfen_error("k8/4N4/9/9/9/9/9/9/9 b - 1"),
             Contains("Black knight on 5b (rank b) could never move"));
  CHECK_THAT(sfen_error("k8/9/9/4P4/9/4P4/9/9/9 b - 1"),
             Contains("SFEN field 1: two unpromoted Black pawns on file 5 (二歩)"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4L4 b - 1"),
             Contains("SFEN: the side not to move (White) is in check"));
  CHECK_THAT(sfen_error("4k4/9/9/9/9/9/9/9/4L4 b - 1"), Contains("lance on 5i"));
  // The side to move may be in check, and a promoted pawn does not count for 二歩.
  CHECK(parse_sfen("4l4/9/9/9/9/9/9/9/4K3k b - 1").ok());
  CHECK(parse_sfen("k8/9/9/4P4/9/4+P4/9/9/9 b - 1").ok());
}

TEST_CASE("rest_of_set and fill_defender_hand", "[sfen]") {
  Position pos = from_sfen("9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GS 1");
  CHECK(rest_of_set(from_sfen(std::string(STARTPOS_SFEN))).empty());
  Hand rest = rest_of_set(pos);
  Position expected = from_sfen(TSUME_7);
  CHECK(rest == expected.hand(WHITE));
  fill_defender_hand(pos);
  CHECK(to_sfen(pos) == TSUME_7);
  CHECK(pos.key() == expected.key());
  CHECK(rest_of_set(pos).empty());
  // White to move: the defender is Black.
  Position w = from_sfen("4K4/9/9/9/9/9/9/9/9 w 2r 1");
  fill_defender_hand(w);
  CHECK(to_sfen(w) == "4K4/9/9/9/9/9/9/9/9 w 2B4G4S4N4L18P2r 1");
}

TEST_CASE("position command plays its moves", "[sfen][position]") {
  const std::string after = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
  CHECK(command_sfen("position startpos moves 7g7f 3c3d 8h2b+") == after);
  CHECK(command_sfen("startpos moves 7g7f 3c3d 8h2b+") == after);
  CHECK(command_sfen("position sfen " + std::string(STARTPOS_SFEN) + " moves 7g7f 3c3d 8h2b+") ==
        after);
  CHECK(command_sfen("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
                     " moves 7g7f") ==
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  CHECK(command_sfen("position startpos") == STARTPOS_SFEN);
  CHECK(command_sfen("position startpos moves") == STARTPOS_SFEN);
  auto r = parse_position_command("position startpos moves 7g7f 3c3d 8h2b+ 8b2b");
  REQUIRE(r.ok());
  REQUIRE(r->moves.size() == 4);
  CHECK(to_usi(r->moves[2]) == "8h2b+");
  CHECK(r->position.moves_played() == 4);
}

TEST_CASE("position command errors", "[sfen][position][errors]") {
  using Catch::Matchers::Contains;
  auto error = [](const std::string& text) {
    auto r = parse_position_command(text);
    INFO(text);
    REQUIRE_FALSE(r.ok());
    return r.error();
  };
  CHECK_THAT(error("position startpos moves 7g7f 3c3d 7g7e"), Contains("move 3"));
  CHECK_THAT(error("position startpos moves 7g7f 3c3d 7g7e"), Contains("'7g7e'"));
  CHECK_THAT(error("position startpos moves 7g7f 0000"), Contains("null move not supported"));
  CHECK_THAT(error("position startpos moves pass"), Contains("null move not supported"));
  CHECK_THAT(error("position startpos 7g7f"), Contains("expected 'moves'"));
  CHECK_THAT(error("position"), Contains("expected 'startpos' or 'sfen'"));
  CHECK_THAT(error(""), Contains("expected 'startpos' or 'sfen'"));
  CHECK_THAT(error("position foo"), Contains("got 'foo'"));
  CHECK_THAT(error("position sfen moves 7g7f"), Contains("0 fields"));
  CHECK_THAT(error("position sfen 4k4/9/9/9/9/9/9/9/9 b x 1 moves"), Contains("field 3"));
}

TEST_CASE("the same position by different move orders has one key", "[sfen][position]") {
  auto a = parse_position_command("startpos moves 7g7f 3c3d 2g2f 4c4d");
  auto b = parse_position_command("startpos moves 2g2f 4c4d 7g7f 3c3d");
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a->position.key() == b->position.key());
  CHECK(to_sfen(a->position) == to_sfen(b->position));
  CHECK(from_sfen(to_sfen(a->position)).key() == a->position.key());
  // A capture puts the piece in hand; reaching the same hand another way keeps the key.
  auto c = parse_position_command("startpos moves 7g7f 3c3d 8h2b+ 3a2b 2h3h 5a4b");
  auto d = parse_position_command("startpos moves 7g7f 3c3d 2h3h 5a4b 8h2b+ 3a2b");
  REQUIRE(c.ok());
  REQUIRE(d.ok());
  CHECK(c->position.key() == d->position.key());
  CHECK(from_sfen(to_sfen(c->position)).key() == c->position.key());
}
