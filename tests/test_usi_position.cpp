// parse_sfen_any_side and parse_usi_position: the position command as a GUI sends it to the
// mate engine, where the side not to move may lack its king and "0000" passes the turn.
#include <catch2/catch.hpp>
#include <string>

#include "solver/sfen.h"
#include "solver/usi_position.h"

using namespace kanju;

namespace {

const std::string EXAMPLE_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";
// The 7-move problem after R*2b: White to move, in check; Black has no king.
const std::string AFTER_R2B = "9/7R1/7kp/5Bpp1/9/9/8P/9/7+rL w 2GSb2g3s4n3l14p 2";

Position parsed(const Result<Position>& r) {
  INFO(r.error());
  REQUIRE(r.ok());
  return r.value();
}

}  // namespace

TEST_CASE("parse_sfen_any_side reads what parse_sfen reads, and the same errors", "[usi]") {
  CHECK(to_sfen(parsed(parse_sfen_any_side(EXAMPLE_7))) == EXAMPLE_7);
  CHECK(to_sfen(parsed(parse_sfen_any_side("startpos"))) == std::string(STARTPOS_SFEN));
  for (const char* bad : {"", "9/9/9 b - 1", "9/9/7kp/5Bpp1/9/9/8P/9/7+rL x - 1",
                          "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1 extra"}) {
    INFO(bad);
    const Result<Position> r = parse_sfen_any_side(bad);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == parse_sfen(bad).error());
  }
}

TEST_CASE("parse_sfen_any_side accepts a side not to move without its king", "[usi]") {
  const std::string white_to_move = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL w R2GSb2g3s4n3l14p 1";
  REQUIRE_FALSE(parse_sfen(white_to_move).ok());
  const Position pos = parsed(parse_sfen_any_side(white_to_move));
  CHECK(pos.side_to_move() == WHITE);
  CHECK_FALSE(pos.has_king(BLACK));
  CHECK(to_sfen(pos) == white_to_move);

  // The side to move may be in check.
  const Position checked = parsed(parse_sfen_any_side("sfen " + AFTER_R2B));
  CHECK(checked.in_check());
  CHECK(to_sfen(checked) == AFTER_R2B);
}

TEST_CASE("parse_sfen_any_side still enforces the other rules", "[usi]") {
  // Two White pawns on file 1, and no Black king.
  const Result<Position> r =
      parse_sfen_any_side("9/9/7kp/5Bpp1/8p/9/8P/9/7+rL w R2GSb2g3s4n3l13p 1");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().find("pawns on file 1") != std::string::npos);
}

TEST_CASE("parse_usi_position plays moves and passes", "[usi]") {
  CHECK(to_sfen(parsed(parse_usi_position("position sfen " + EXAMPLE_7 + " moves R*2b"))) ==
        AFTER_R2B);
  CHECK(to_sfen(parsed(parse_usi_position("sfen " + AFTER_R2B))) == AFTER_R2B);
  const Position passed = parsed(parse_usi_position("position sfen " + EXAMPLE_7 + " moves 0000"));
  CHECK(passed.side_to_move() == WHITE);
  CHECK(passed.game_ply() == 2);
  const Position twice =
      parsed(parse_usi_position("position sfen " + EXAMPLE_7 + " moves pass 0000 R*2b"));
  CHECK(to_sfen(twice, false) == AFTER_R2B.substr(0, AFTER_R2B.size() - 2));
  CHECK(to_sfen(parsed(parse_usi_position("position startpos moves 7g7f 0000 2g2f")), false) ==
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w -");
}

TEST_CASE("parse_usi_position names the bad move", "[usi]") {
  const Result<Position> illegal = parse_usi_position("position startpos moves 7g7f 7g7f");
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error().starts_with("position command, move 2: "));
  const Result<Position> in_check =
      parse_usi_position("position sfen " + EXAMPLE_7 + " moves R*2b 0000");
  REQUIRE_FALSE(in_check.ok());
  CHECK(in_check.error() == "position command, move 2: cannot pass ('0000') while in check");
  const Result<Position> no_base = parse_usi_position("position moves 7g7f");
  REQUIRE_FALSE(no_base.ok());
  CHECK(no_base.error() == parse_position_command("position moves 7g7f").error());
}
