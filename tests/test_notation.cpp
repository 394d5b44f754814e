// Japanese move notation: squares, 同, 成/不成/打, and the JSA relative markers (左右直, 上引寄)
// on the cases the JSA page draws, for both colours.
#include <catch2/catch.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "solver/movegen.h"
#include "solver/notation.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

Move usi(const Position& pos, const std::string& text) {
  auto r = parse_usi_move(pos, text);
  INFO(text << ": " << r.error());
  REQUIRE(r.ok());
  return r.value();
}

// The notation of one USI move in the position given by SFEN.
std::string ja(const std::string& sfen, const std::string& move) {
  Position pos = from_sfen(sfen);
  return to_japanese(pos, usi(pos, move));
}

// Plays USI moves from an SFEN and returns the Japanese line.
std::string ja_line(const std::string& sfen, const std::vector<std::string>& moves) {
  const Position start = from_sfen(sfen);
  Position pos = start;
  std::vector<Move> line;
  for (const std::string& text : moves) {
    line.push_back(usi(pos, text));
    pos.do_move(line.back());
  }
  return line_to_japanese(start, line);
}

bool has_relative_marker(const std::string& name) {
  for (const char* marker : {"左", "右", "直", "上", "引", "寄"})
    if (name.find(marker) != std::string::npos) return true;
  return false;
}

const std::string START(STARTPOS_SFEN);
const std::string PROBLEM = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";

}  // namespace

TEST_CASE("squares and piece names", "[notation]") {
  CHECK(to_japanese_square(make_square(1, 2)) == "２三");
  CHECK(to_japanese_square(make_square(8, 8)) == "９九");
  CHECK(to_japanese_square(make_square(0, 0)) == "１一");
  CHECK(piece_kanji(PAWN) == "歩");
  CHECK(piece_kanji(KING) == "玉");
  CHECK(piece_kanji(PRO_LANCE) == "成香");
  CHECK(piece_kanji(DRAGON) == "龍");
  CHECK(piece_kanji(NO_PIECE_TYPE).empty());
}

TEST_CASE("opening moves, promotion and 同", "[notation]") {
  CHECK(ja(START, "7g7f") == "▲７六歩");
  CHECK(ja_line(START, {"7g7f", "3c3d"}) == "▲７六歩 △３四歩");
  CHECK(ja_line(START, {"7g7f", "3c3d", "8h2b+", "3a2b"}) == "▲７六歩 △３四歩 ▲２二角成 △同銀");
  CHECK(ja_line(START, {"7g7f", "3c3d", "8h2b"}) == "▲７六歩 △３四歩 ▲２二角不成");
  CHECK(ja_line(START, {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}) ==
        "▲７六歩 △３四歩 ▲２二角成 △同銀 ▲４五角打");
  CHECK(to_japanese(from_sfen(START), usi(from_sfen(START), "2g2f"), MOVE_NONE) == "▲２六歩");
}

TEST_CASE("drops are always 打, 不成 needs a promotable piece touching the zone", "[notation]") {
  CHECK(ja_line(PROBLEM, {"R*2b", "2c1d"}) == "▲２二飛打 △１四玉");
  CHECK(ja(PROBLEM, "G*3c") == "▲３三金打");
  // Leaving the zone counts too: the silver on 4c may promote on its way back.
  const std::string silver = "4k4/9/5S3/9/9/9/9/9/9 b - 1";
  CHECK(ja(silver, "4c5d") == "▲５四銀不成");
  CHECK(ja(silver, "4c5d+") == "▲５四銀成");
  CHECK(ja(silver, "4c4b+") == "▲４二銀成");
  // Outside the zone there is no choice and no suffix.
  CHECK(ja("4k4/9/9/5S3/9/9/9/9/9 b - 1", "4d3e") == "▲３五銀");
  // A promoted piece never gets 不成.
  CHECK(ja("4k4/9/5+S3/9/9/9/9/9/9 b - 1", "4c4b") == "▲４二成銀");
}

TEST_CASE("上 寄 引 when the motion alone tells the pieces apart", "[notation]") {
  // Golds on 9c and 7b can both go to 8b, golds on 4c and 3a to 3b; silvers on 8i, 7g to 8h
  // and on 4i, 2g to 3h (the JSA figure).
  const std::string s = "6G2/2G6/G4G3/9/4k4/9/2S4S1/9/1S3S3 b - 1";
  CHECK(ja(s, "9c8b") == "▲８二金上");
  CHECK(ja(s, "7b8b") == "▲８二金寄");
  CHECK(ja(s, "4c3b") == "▲３二金上");
  CHECK(ja(s, "3a3b") == "▲３二金引");
  CHECK(ja(s, "8i8h") == "▲８八銀上");
  CHECK(ja(s, "7g8h") == "▲８八銀引");
  CHECK(ja(s, "4i3h") == "▲３八銀上");
  CHECK(ja(s, "2g3h") == "▲３八銀引");
}

TEST_CASE("左 直 右, and motion added when the side is not enough", "[notation]") {
  // Golds on 6c 5c 4c -> 5b; tokins on 7i 8i 9i 9h 8g -> 8h; silvers on 2i 1g 3i 3g -> 2h;
  // knights on 8e 6e -> 7c.
  const std::string s = "k8/9/3GGG3/9/1N1N5/9/1+P4S1S/+P8/+P+P+P3SS1 b - 1";
  CHECK(ja(s, "6c5b") == "▲５二金左");
  CHECK(ja(s, "5c5b") == "▲５二金直");
  CHECK(ja(s, "4c5b") == "▲５二金右");
  CHECK(ja(s, "7i8h") == "▲８八と右");
  CHECK(ja(s, "8i8h") == "▲８八と直");
  CHECK(ja(s, "9i8h") == "▲８八と左上");  // 9h is on the left too, but moves sideways
  CHECK(ja(s, "9h8h") == "▲８八と寄");
  CHECK(ja(s, "8g8h") == "▲８八と引");
  CHECK(ja(s, "2i2h") == "▲２八銀直");
  CHECK(ja(s, "1g2h") == "▲２八銀右");
  CHECK(ja(s, "3i2h") == "▲２八銀左上");
  CHECK(ja(s, "3g2h") == "▲２八銀左引");
  // The marker comes before 成/不成.
  CHECK(ja(s, "8e7c+") == "▲７三桂左成");
  CHECK(ja(s, "6e7c") == "▲７三桂右不成");
}

TEST_CASE("White's right is the 9-file side", "[notation]") {
  // White golds on 4g 5g 6g -> 5h; silvers on 2c 3c 1e -> 2d.
  const std::string s = "K8/9/6ss1/9/8s/9/3ggg3/9/9 w - 1";
  CHECK(ja(s, "4g5h") == "△５八金左");
  CHECK(ja(s, "5g5h") == "△５八金直");
  CHECK(ja(s, "6g5h") == "△５八金右");
  CHECK(ja(s, "2c2d") == "△２四銀直");
  CHECK(ja(s, "3c2d") == "△２四銀右");
  CHECK(ja(s, "1e2d") == "△２四銀引");
  // 同 keeps the marker: the silver on 5c or on 4c recaptures on 4d.
  const std::string game =
      "ln1gk3l/1r4g2/p1ppssnpp/4p1p2/1p3P3/2P1SgPRP/PPBPP1N2/2SK5/LN1G4L b B2P 1";
  CHECK(ja_line(game, {"4e4d", "5c4d"}) == "▲４四歩 △同銀右");
  CHECK(ja_line(game, {"4e4d", "4c4d"}) == "▲４四歩 △同銀直");
}

TEST_CASE("two dragons and two horses use 左右, never 直", "[notation]") {
  // Both move sideways, or both move up: only the side tells them apart.
  const std::string same = "k8/9/9/9/4+R3+R/9/9/9/+B3+B4 b - 1";
  CHECK(ja(same, "5e3e") == "▲３五龍左");
  CHECK(ja(same, "1e3e") == "▲３五龍右");
  CHECK(ja(same, "9i7g") == "▲７七馬左");
  CHECK(ja(same, "5i7g") == "▲７七馬右");
  // A horse stepping straight up beside another is 左, not 直; so is a dragon on 2h.
  const std::string up = "k8/9/9/4+B+B3/9/9/9/7+R1/8+R b - 1";
  CHECK(ja(up, "5d5c") == "▲５三馬左");
  CHECK(ja(up, "4d5c") == "▲５三馬右");
  CHECK(ja(up, "2h1g") == "▲１七龍左");
  CHECK(ja(up, "1i1g") == "▲１七龍右");
  // Different motions still come first.
  const std::string motion = "+R7+B/9/9/1+R4+B2/9/9/9/9/4k4 b - 1";
  CHECK(ja(motion, "9a8b") == "▲８二龍引");
  CHECK(ja(motion, "8d8b") == "▲８二龍上");
  CHECK(ja(motion, "1a1b") == "▲１二馬引");
  CHECK(ja(motion, "3d1b") == "▲１二馬上");
}

TEST_CASE("a pinned piece is not a candidate", "[notation]") {
  // The gold on 5h is pinned by the rook on 5a against the king on 5i, so only 4g reaches 4h.
  const std::string s = "4r3k/9/9/9/9/9/5G3/4G4/4K4 b - 1";
  CHECK(ja(s, "4g4h") == "▲４八金");
}

TEST_CASE("every legal move has its own notation", "[notation][property]") {
  // Random play from crowded starts puts several golds, silvers, dragons and horses in reach of
  // the same squares; if a marker failed to tell two of them apart, two moves would share a
  // string.
  const std::vector<std::string> starts = {
      START,
      "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1",
      "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S2N2L9P2n2l9p 1",
  };
  int ambiguous_seen = 0;
  for (size_t s = 0; s < starts.size(); ++s) {
    for (uint32_t seed = 1; seed <= 8; ++seed) {
      Position pos = from_sfen(starts[s]);
      std::mt19937 rng(seed * 104729 + uint32_t(s));
      for (int ply = 0; ply < 120; ++ply) {
        MoveList<LEGAL> moves(pos);
        if (moves.empty()) break;
        std::set<std::string> names;
        for (Move m : moves) {
          const std::string name = to_japanese(pos, m);
          INFO(to_sfen(pos) << " " << to_usi(m) << " " << name);
          CHECK(names.insert(name).second);
          if (has_relative_marker(name)) ++ambiguous_seen;
        }
        pos.do_move(moves[int(rng() % uint32_t(moves.size()))]);
      }
    }
  }
  CHECK(ambiguous_seen > 0);
}
