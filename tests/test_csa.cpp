// CSA V2.2 and V3.0: rows, PI, P+/P- placements and P-00AL, the side line, moves with times and
// commas, the writer, and one error with the right line number for each kind of bad file.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/csa.h"
#include "solver/kif.h"
#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/record_fixture.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using namespace kanju::test;

namespace {

// The 7-move problem in V2.2; lines are numbered in the comments for the error tests.
const std::vector<std::string> BASE_LINES = {
    "V2.2",                           // 1
    "P1 *  *  *  *  *  *  *  *  * ",  // 2
    "P2 *  *  *  *  *  *  *  *  * ",  // 3
    "P3 *  *  *  *  *  *  * -OU-FU",  // 4
    "P4 *  *  *  *  * +KA-FU-FU * ",  // 5
    "P5 *  *  *  *  *  *  *  *  * ",  // 6
    "P6 *  *  *  *  *  *  *  *  * ",  // 7
    "P7 *  *  *  *  *  *  *  * +FU",  // 8
    "P8 *  *  *  *  *  *  *  *  *",   // 9: the last space left out, as some write it
    "P9 *  *  *  *  *  *  * -RY+KY",  // 10
    "P+00HI00KI00KI00GI",             // 11
    "P-00AL",                         // 12
    "+",                              // 13
    "+0022HI",                        // 14
    "-2314OU",                        // 15
    "+0015KI",                        // 16
    "-1415OU",                        // 17
    "+0016KI",                        // 18
    "-1514OU",                        // 19
    "+0015GI",                        // 20
    "%TSUMI",                         // 21
};

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// The base file with line n (1-based) replaced; an empty replacement removes the line.
std::string with_line(int n, const std::string& text) {
  std::vector<std::string> lines = BASE_LINES;
  if (text.empty())
    lines.erase(lines.begin() + (n - 1));
  else
    lines[n - 1] = text;
  return joined(lines);
}

std::string first_lines(int n) {
  return joined(std::vector<std::string>(BASE_LINES.begin(), BASE_LINES.begin() + n));
}

std::string csa_error(const std::string& text) {
  auto r = parse_csa(text, "bad.csa");
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

}  // namespace

TEST_CASE("CSA V2.2 in Shift_JIS: rows, P+ hands, P-00AL, times, comments", "[csa]") {
  const std::string bytes = data_file("csa/tsume7_v22.csa");
  REQUIRE(*to_utf8(bytes) != bytes);  // the file really is Shift_JIS
  const ProblemRecord rec = parsed(parse_csa(bytes, "tsume7_v22.csa"));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
  CHECK(rec.claimed_length == 7);
  CHECK(rec.source == "tsume7_v22.csa");
  using Header = std::pair<std::string, std::string>;
  CHECK(rec.headers ==
        std::vector<Header>{
            {"先手", "攻方"}, {"後手", "玉方"}, {"棋戦", "詰将棋"}, {"戦型", "七手詰"}});
}

TEST_CASE("CSA V3.0: encoding line, placements only, fractional times", "[csa]") {
  const ProblemRecord rec = parsed(parse_csa(data_file("csa/tsume7_v30.csa"), "v30.csa"));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
  REQUIRE(rec.header("$NOTE"));
  CHECK(*rec.header("$NOTE") == "駒別単独表現の例");
  CHECK(*rec.header("場所") == "tests/data");
}

TEST_CASE("CSA: the base file, PI with removals, several statements on a line", "[csa]") {
  CHECK(to_sfen(parsed(parse_csa(joined(BASE_LINES))).position) == TSUME_7);
  const ProblemRecord two = parsed(parse_csa("V2.2\nPI82HI22KA\n-\n-3334FU,T3,+7776FU\n%TORYO\n"));
  CHECK(to_sfen(two.position) == "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  CHECK(usi_line(two.claimed_line) == "3c3d 7g7f");
  // A promotion is told by the piece after the move; a "/" ends the first record.
  std::string rows;
  for (int rank = 1; rank <= 9; ++rank) {
    std::string row = {'P', char('0' + rank)};
    for (int file = 9; file >= 1; --file)
      row += rank == 1 && file == 5   ? "-OU"
             : rank == 9 && file == 5 ? "+OU"
             : rank == 7 && file == 7 ? "-GI"
                                      : " * ";
    rows += row + "\n";
  }
  const ProblemRecord promo = parsed(parse_csa(rows + "-\n-7768NG\n/\nnext record"));
  CHECK(usi_line(promo.claimed_line) == "7g6h+");
}

TEST_CASE("to_csa then parse_csa gives back the record, both versions", "[csa]") {
  const ProblemRecord rec = parsed(parse_csa(data_file("csa/tsume7_v22.csa")));
  for (CsaVersion version : {CsaVersion::V2_2, CsaVersion::V3_0}) {
    const std::string csa = to_csa(rec, version);
    INFO(csa);
    CHECK(csa.find(version == CsaVersion::V3_0 ? "'CSA encoding=UTF-8\nV3.0\n" : "V2.2\n") == 0);
    CHECK(csa.find("N+攻方\nN-玉方\n$EVENT:詰将棋\n$OPENING:七手詰\n") != std::string::npos);
    CHECK(csa.find("P3 *  *  *  *  *  *  * -OU-FU\nP4 *  *  *  *  * +KA-FU-FU * \n") !=
          std::string::npos);
    CHECK(csa.find("P+00HI00KI00KI00GI\nP-00AL\n+\n+0022HI\n-2314OU\n") != std::string::npos);
    CHECK(csa.find("+0015GI\n%TSUMI\n") != std::string::npos);
    const ProblemRecord back = parsed(parse_csa(csa));
    CHECK(to_sfen(back.position) == TSUME_7);
    CHECK(back.claimed_line == rec.claimed_line);
    CHECK(back.headers == rec.headers);
  }
  // White to move, a promotion, an incomplete set (explicit hands, no AL), a game record.
  const Position pos = from_sfen("4k4/9/9/9/9/9/2s3p2/9/4K4 w G2p 1");
  ProblemRecord white;
  white.position = pos;
  Position p = pos;
  for (const char* usi : {"7g6h+", "5i6h"}) {
    white.claimed_line.push_back(*parse_usi_move(p, usi));
    p.do_move(white.claimed_line.back());
  }
  const std::string csa = to_csa(white);
  CHECK(csa.find("P+00KI\nP-00FU00FU\n-\n-7768NG\n+5968OU\n%CHUDAN\n") != std::string::npos);
  const ProblemRecord back = parsed(parse_csa(csa));
  CHECK(to_sfen(back.position) == to_sfen(pos));
  CHECK(back.claimed_line == white.claimed_line);
}

TEST_CASE("to_csa: with White attacking, the defender's P+00AL comes after White's hand", "[csa]") {
  // A reader gives out "the rest of the set" where it meets 00AL: before White's hand, Black
  // would get White's gold too (ShogiHome's reader did).
  const Position pos = from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2R2B3G4S4N4L18Pg 1");
  ProblemRecord rec;
  rec.position = pos;
  for (CsaVersion version : {CsaVersion::V2_2, CsaVersion::V3_0}) {
    const std::string csa = to_csa(rec, version);
    INFO(csa);
    CHECK(csa.find("P-00KI\nP+00AL\n-\n") != std::string::npos);
    CHECK(to_sfen(parsed(parse_csa(csa)).position) == to_sfen(pos));
  }
}

TEST_CASE("KIF to CSA and back keeps position, line and the mapped headers", "[csa][kif]") {
  const ProblemRecord kif = parsed(parse_kif(data_file("kif/tsume7.kifu")));
  const std::string csa = to_csa(kif);
  CHECK(csa.find("'作品名：七手詰\n") != std::string::npos);  // no CSA name: a comment
  const ProblemRecord back = parsed(parse_csa(csa));
  CHECK(to_sfen(back.position) == to_sfen(kif.position));
  CHECK(back.claimed_line == kif.claimed_line);
  const ProblemRecord again = parsed(parse_kif(to_kif(back)));
  CHECK(again.claimed_line == kif.claimed_line);
}

TEST_CASE("malformed CSA: one error, on the right line", "[csa]") {
  CHECK(csa_error(with_line(5, "P4 *  *  *  *  * +ZZ-FU-FU * ")) ==
        "bad.csa:line 5: P4, square 44: '+ZZ' is not ' * ' or a piece like +FU or -OU");
  CHECK(csa_error(with_line(5, "P4 *  *  *  *  * +KA-FU-FU *  * ")) ==
        "bad.csa:line 5: P4 is 29 characters long: expected nine cells of three, like ' * ' or "
        "'-OU'");
  CHECK(csa_error(with_line(6, "")) == "bad.csa:line 2: the board lacks P5");
  CHECK(csa_error(with_line(6, "P4 *  *  *  *  *  *  *  *  * ")) ==
        "bad.csa:line 6: P4 is given twice");
  CHECK(csa_error(first_lines(12)) ==
        "bad.csa:line 12: the record ends before the side to move: expected a line '+' or '-' "
        "after the position");
  CHECK(csa_error("V2.2\n/\n") == "bad.csa:line 2: no starting position: expected PI or P1 to P9");
  CHECK(csa_error(first_lines(1)) ==
        "bad.csa:line 1: no starting position: expected PI or P1 to P9");
  CHECK(csa_error("") == "bad.csa:line 1: no starting position: expected PI or P1 to P9");
  CHECK(csa_error(with_line(14, "+0022KA")) ==
        "bad.csa:line 14: move 1 '+0022KA': Black has no KA in hand");
  CHECK(csa_error(with_line(14, "-0022HI")) ==
        "bad.csa:line 14: move 1 '-0022HI': a White move, but Black is to move");
  CHECK(csa_error(with_line(14, "+2233HI")) ==
        "bad.csa:line 14: move 1 '+2233HI': no Black piece on 22");
  CHECK(csa_error(with_line(14, "+4455UM")) ==
        "bad.csa:line 14: move 1 '+4455UM': not a legal move here");
  CHECK(csa_error(with_line(14, "+4433HI")) ==
        "bad.csa:line 14: move 1 '+4433HI': the piece on 44 is KA, not HI");
  CHECK(csa_error(with_line(15, "-2314O")) ==
        "bad.csa:line 15: move 2 '-2314O': expected seven characters like +7776FU");
  CHECK(csa_error(with_line(11, "P+00HI00KI00KI00GI00AL\nP-00AL")) ==
        "bad.csa:line 12: P-00AL: the rest of the set is already given out");
  CHECK(csa_error(with_line(11, "P+00OU")) == "bad.csa:line 11: P+ '00OU': not a piece for a hand");
  CHECK(csa_error(with_line(11, "P+44FU")) == "bad.csa:line 11: P+ '44FU': square 44 is taken");
  CHECK(csa_error(with_line(11, "P+00HI00K")) ==
        "bad.csa:line 11: P+ '00HI00K': expected squares and pieces like 00HI or 53FU");
  CHECK(csa_error(with_line(4, "P3 *  *  *  *  *  *  *  * -FU"))
            .starts_with("bad.csa:line 2: the position is not legal: SFEN: no defender king"));
  CHECK(csa_error(with_line(16, "X")) ==
        "bad.csa:line 16: cannot read 'X': expected a move such as +7776FU");
  CHECK(csa_error(with_line(13, "+\nN+late")) ==
        "bad.csa:line 14: 'N+late': version and game information come before the position");
  CHECK(csa_error("PI82HI22KA\nPI\n") ==
        "bad.csa:line 2: PI with another board: give the board once, as PI or as P1 to P9");
  CHECK(csa_error("PI82KA\n+\n") == "bad.csa:line 1: PI removal '82KA': the start has no KA on 82");
  CHECK(csa_error("\xFF") ==
        "bad.csa:line 1: byte 0xff is neither UTF-8 nor Shift_JIS (CP932): save the file as UTF-8 "
        "or Shift_JIS");
}

TEST_CASE("a CSA cut at any byte, or garbled, gives a record or an error", "[csa][fuzz]") {
  for (const std::string name : {"csa/tsume7_v22.csa", "csa/tsume7_v30.csa"}) {
    const std::string text = data_file(name);
    int errors = 0;
    for (size_t n = 0; n <= text.size(); ++n) {
      auto r = parse_csa(std::string_view(text).substr(0, n), name);
      if (!r.ok()) {
        ++errors;
        CHECK(r.error().starts_with(name + ":line "));
      }
    }
    CHECK(errors > 0);
    std::mt19937 rng(54321);
    for (int i = 0; i < 2000; ++i) {
      std::string garbled = text;
      for (int k = 0; k < 3; ++k) garbled[rng() % garbled.size()] = char(rng() % 256);
      auto r = parse_csa(garbled, name);
      CHECK((r.ok() || !r.error().empty()));
    }
  }
}

TEST_CASE("a KIF header named '$' becomes a CSA comment, not '$:' (found by fuzz_kif)", "[csa]") {
  // fuzz_kif's input has a header line "$：..."; written as the CSA statement "$:..." it named no
  // key, and the CSA reader refused the file Kanju had written.
  // Its next find: a header named "$:手数", written as "$:手数:2:". Only a '$' followed by
  // capitals, digits or underscores is written as a CSA statement.
  for (const char* file : {"kif/fuzz_dollar_key.kif", "kif/fuzz_dollar_colon_key.kif"}) {
    INFO(file);
    const ProblemRecord rec = parsed(parse_kif(data_file(file), "fuzz"));
    for (CsaVersion version : {CsaVersion::V2_2, CsaVersion::V3_0}) {
      const std::string csa = to_csa(rec, version);
      INFO(csa);
      CHECK(csa.find("\n$:") == std::string::npos);
      const ProblemRecord back = parsed(parse_csa(csa));
      CHECK(to_sfen(back.position) == to_sfen(rec.position));
      CHECK(back.claimed_line == rec.claimed_line);
    }
  }
}
