// KIF and KI2: the BOD diagram, hands in kanji, 残り全部, numbered and marked moves, UTF-8 and
// Shift_JIS, the writers, and one error with the right line number for each kind of bad file.
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "solver/kif.h"
#include "solver/movegen.h"
#include "solver/notation.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "tests/record_fixture.h"
#include "tests/sfen_fixture.h"

using namespace kanju;
using namespace kanju::test;

namespace {

const std::string TSUME_7_JA = "▲２二飛打 △１四玉 ▲１五金打 △同玉 ▲１六金打 △１四玉 ▲１五銀打";

// The 7-move problem with 残り全部; lines are numbered in the comments for the error tests.
const std::vector<std::string> BASE_LINES = {
    "作品名：七手詰",                   // 1
    "後手の持駒：残り全部",             // 2
    "  ９ ８ ７ ６ ５ ４ ３ ２ １",     // 3
    "+---------------------------+",    // 4
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一",  // 5
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二",  // 6
    "| ・ ・ ・ ・ ・ ・ ・v玉v歩|三",  // 7
    "| ・ ・ ・ ・ ・ 角v歩v歩 ・|四",  // 8
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五",  // 9
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六",  // 10
    "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|七",  // 11
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八",  // 12
    "| ・ ・ ・ ・ ・ ・ ・v龍 香|九",  // 13
    "+---------------------------+",    // 14
    "先手の持駒：飛　金二　銀",         // 15
    "手数----指手---------消費時間--",  // 16
    "   1 ２二飛打",                    // 17
    "   2 １四玉(23)",                  // 18
    "   3 １五金打",                    // 19
    "   4 同　玉(14)",                  // 20
    "   5 １六金打",                    // 21
    "   6 １四玉(15)",                  // 22
    "   7 １五銀打",                    // 23
    "   8 詰み",                        // 24
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

std::string kif_error(const std::string& text) {
  auto r = parse_kif(text, "bad.kif");
  INFO(text);
  REQUIRE_FALSE(r.ok());
  return r.error();
}

ProblemRecord record_of(const Position& pos, const std::vector<Move>& line) {
  ProblemRecord rec;
  rec.position = pos;
  rec.claimed_line = line;
  rec.claimed_length = line.empty() ? -1 : int(line.size());
  return rec;
}

bool has_relative_marker(const std::string& name) {
  for (const char* marker : {"左", "右", "直", "上", "引", "寄"})
    if (name.find(marker) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a BOD KIF in UTF-8: position, line, headers", "[kif]") {
  const ProblemRecord rec = parsed(parse_kif(data_file("kif/tsume7.kifu"), "tsume7.kifu"));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
  CHECK(line_to_japanese(rec.position, rec.claimed_line) == TSUME_7_JA);
  CHECK(rec.claimed_length == 7);
  CHECK(rec.source == "tsume7.kifu");
  using Header = std::pair<std::string, std::string>;
  CHECK(rec.headers ==
        std::vector<Header>{
            {"作品名", "七手詰"}, {"作者", "Kanju テスト"}, {"手数", "7"}, {"出典", "tests/data"}});
  REQUIRE(rec.header("作者"));
  CHECK(*rec.header("作者") == "Kanju テスト");
  CHECK(rec.header("棋戦") == nullptr);
}

TEST_CASE("the same KIF in Shift_JIS reads the same", "[kif]") {
  const std::string sjis = data_file("kif/tsume7.kif"), utf8 = data_file("kif/tsume7.kifu");
  REQUIRE(sjis != utf8);  // the file really is Shift_JIS
  auto converted = to_utf8(sjis);
  INFO(converted.error());
  REQUIRE(converted.ok());
  CHECK(*converted == utf8);
  const ProblemRecord a = parsed(parse_kif(sjis, "tsume7.kif"));
  const ProblemRecord b = parsed(parse_kif(utf8, "tsume7.kifu"));
  CHECK(to_sfen(a.position) == to_sfen(b.position));
  CHECK(a.claimed_line == b.claimed_line);
  CHECK(a.headers == b.headers);
}

TEST_CASE("to_utf8: BOM, UTF-8 kept, bytes that are neither", "[kif]") {
  CHECK(*to_utf8("\xEF\xBB\xBF作品名：x") == "作品名：x");
  CHECK(*to_utf8("plain ascii") == "plain ascii");
  CHECK(*to_utf8("\x8A\x70") == "角");  // Shift_JIS 角
  auto bad = to_utf8("ok\n\xFF\xFF\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() ==
        "line 2: byte 0xff is neither UTF-8 nor Shift_JIS (CP932): save the file as UTF-8 or "
        "Shift_JIS");
  // A stray byte in a UTF-8 file is blamed on its own line, not where Shift_JIS gave up.
  auto stray = to_utf8("作品名：七手詰\n作者：龍王\n\xFF\n");
  REQUIRE_FALSE(stray.ok());
  CHECK(stray.error().starts_with("line 3: byte 0xff"));
  auto cut = to_utf8("作品名\n角");
  REQUIRE(cut.ok());
  auto cut_short = to_utf8(std::string("作品名\n角").substr(0, 11));
  REQUIRE_FALSE(cut_short.ok());
  CHECK(cut_short.error() ==
        "line 2: the file ends in the middle of a UTF-8 character: it looks cut short");
}

TEST_CASE("a BOM and LF line ends read as well as CRLF", "[kif]") {
  std::string text = data_file("kif/tsume7.kifu");
  std::string lf;
  for (char c : text)
    if (c != '\r') lf += c;
  const ProblemRecord rec = parsed(parse_kif("\xEF\xBB\xBF" + lf));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
}

TEST_CASE("残り全部 gives the defender the rest of the set", "[kif]") {
  const ProblemRecord rec = parsed(parse_kif(joined(BASE_LINES)));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
  CHECK(rec.claimed_length == 7);
  CHECK(rest_of_set(rec.position).empty());
}

TEST_CASE("KI2: marked moves, 打 left out, 同　, several lines", "[kif]") {
  const ProblemRecord rec = parsed(parse_ki2(data_file("kif/tsume7.ki2"), "tsume7.ki2"));
  CHECK(to_sfen(rec.position) == TSUME_7);
  CHECK(usi_line(rec.claimed_line) == TSUME_7_USI);
  CHECK(rec.claimed_length == 7);
}

TEST_CASE("KI2 relative markers pick the piece", "[kif]") {
  // The JSA figures of test_notation: golds on 6c 5c 4c to 5b, tokins to 8h, silvers to 2h.
  const Position pos = from_sfen("k8/9/3GGG3/9/1N1N5/9/1+P4S1S/+P8/+P+P+P3SS1 b - 1");
  const std::string board = to_kif(record_of(pos, {}));
  auto move_of = [&](const std::string& written) {
    auto r = parse_ki2(board + written + "\n");
    INFO(written << ": " << r.error());
    REQUIRE(r.ok());
    REQUIRE(r->claimed_line.size() == 1);
    return to_usi(r->claimed_line[0]);
  };
  CHECK(move_of("▲５二金左") == "6c5b");
  CHECK(move_of("▲５二金直") == "5c5b");
  CHECK(move_of("▲５二金右") == "4c5b");
  CHECK(move_of("▲８八と左上") == "9i8h");
  CHECK(move_of("▲８八と寄") == "9h8h");
  CHECK(move_of("▲８八と引") == "8g8h");
  CHECK(move_of("▲２八銀左引") == "3g2h");
  CHECK(move_of("▲２八銀左上") == "3i2h");
  CHECK(move_of("▲７三桂左成") == "8e7c+");
  CHECK(move_of("▲７三桂右不成") == "6e7c");
  CHECK(move_of("▲７三桂右生") == "6e7c");  // the old spelling of 不成
  auto ambiguous = parse_ki2(board + "▲５二金\n", "a.ki2");
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().starts_with("a.ki2:line 17: move 1 '▲５二金': 3 pieces fit: add 右"));
}

TEST_CASE("every legal move survives to_ki2 and to_kif, then the reader", "[kif][property]") {
  // Random play from crowded starts reaches many positions where several pieces of one type
  // reach the same square: the reader must pick the one to_japanese named.
  const std::vector<std::string> starts = {
      std::string(STARTPOS_SFEN),
      "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1",
      "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S2N2L9P2n2l9p 1",
  };
  int marked = 0;
  for (size_t s = 0; s < starts.size(); ++s) {
    for (uint32_t seed = 1; seed <= 3; ++seed) {
      const Position start = from_sfen(starts[s]);
      Position pos = start;
      std::vector<Move> game;
      std::mt19937 rng(seed * 7919 + uint32_t(s));
      for (int ply = 0; ply < 80; ++ply) {
        MoveList<LEGAL> moves(pos);
        if (moves.empty()) break;
        for (Move m : moves) {
          const std::string name = to_japanese(pos, m);
          if (!has_relative_marker(name)) continue;
          ++marked;
          auto r = parse_ki2(to_ki2(record_of(pos, {m})));
          INFO(to_sfen(pos) << " " << to_usi(m) << " " << name << ": " << r.error());
          REQUIRE(r.ok());
          CHECK(r->claimed_line == std::vector<Move>{m});
        }
        game.push_back(moves[int(rng() % uint32_t(moves.size()))]);
        pos.do_move(game.back());
      }
      const ProblemRecord rec = record_of(start, game);
      for (const std::string& text : {to_kif(rec), to_ki2(rec)}) {
        auto r = parse_kif(text);
        INFO(text << r.error());
        REQUIRE(r.ok());
        CHECK(r->claimed_line == game);
      }
    }
  }
  CHECK(marked > 0);
}

TEST_CASE("to_kif writes the layout ShogiGUI writes", "[kif]") {
  ProblemRecord rec = parsed(parse_kif(data_file("kif/tsume7.kifu")));
  const std::string kif = to_kif(rec);
  for (const char* line : {
           "#KIF version=2.0 encoding=UTF-8\n作品名：七手詰\n作者：Kanju テスト\n",
           "後手の持駒：角　金二　銀三　桂四　香三　歩十四\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n",
           "| ・ ・ ・ ・ ・ 角v歩v歩 ・|四\n",
           "先手の持駒：飛　金二　銀\n手数----指手---------消費時間--\n",
           "   1 ２二飛打\n   2 １四玉(23)\n   3 １五金打\n   4 同　玉(14)\n",
           "   7 １五銀打\n   8 詰み\n",
       }) {
    INFO(kif);
    CHECK(kif.find(line) != std::string::npos);
  }
  CHECK(kif.find("後手番") == std::string::npos);
  // A line that does not end in mate ends with 中断.
  rec.claimed_line.pop_back();
  CHECK(to_kif(rec).find("   7 中断\n") != std::string::npos);
}

TEST_CASE("to_kif then parse_kif gives back the record", "[kif]") {
  for (const std::string name : {"kif/tsume7.kifu", "kif/tsume7.ki2"}) {
    const ProblemRecord rec = parsed(parse_kif(data_file(name)));
    for (const std::string& text : {to_kif(rec), to_ki2(rec)}) {
      const ProblemRecord back = parsed(parse_kif(text));
      INFO(text);
      CHECK(to_sfen(back.position) == to_sfen(rec.position));
      CHECK(back.claimed_line == rec.claimed_line);
      CHECK(back.claimed_length == rec.claimed_length);
      CHECK(back.headers == rec.headers);
    }
  }
  // White to move, promotions and non-promotions, a claimed length unlike the line's.
  const Position pos = from_sfen("4k4/9/9/9/9/9/2s3p2/9/4K4 w - 1");
  std::vector<Move> line;
  Position p = pos;
  for (const char* usi : {"7g6h+", "5i6h", "3g3h"}) {
    line.push_back(*parse_usi_move(p, usi));
    p.do_move(line.back());
  }
  ProblemRecord rec = record_of(pos, line);
  rec.claimed_length = 5;
  const std::string kif = to_kif(rec);
  CHECK(kif.find("後手番\n") != std::string::npos);
  CHECK(kif.find("手数：5\n") != std::string::npos);
  // A move that could promote and does not has no mark in KIF (Kakinoki's, and ShogiHome's reader).
  CHECK(kif.find("   1 ６八銀成(77)\n   2 同　玉(59)\n   3 ３八歩(37)\n") != std::string::npos);
  CHECK(kif.find("不成") == std::string::npos);
  CHECK(to_ki2(rec).find("３八歩不成") != std::string::npos);
  const ProblemRecord back = parsed(parse_kif(kif));
  CHECK(to_sfen(back.position) == to_sfen(pos));
  CHECK(back.claimed_line == line);
  CHECK(back.claimed_length == 5);
  CHECK(to_sfen(parsed(parse_kif(to_ki2(rec))).position) == to_sfen(pos));
}

TEST_CASE("手合割 without a board, and headers without a diagram", "[kif]") {
  const ProblemRecord even = parsed(parse_kif("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n"));
  CHECK(to_sfen(even.position) == STARTPOS_SFEN);
  CHECK(usi_line(even.claimed_line) == "7g7f 3c3d");
  const ProblemRecord two = parsed(parse_kif("手合割：二枚落ち\n△６二銀 ▲７六歩\n"));
  CHECK(to_sfen(two.position) == "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  CHECK(usi_line(two.claimed_line) == "7a6b 7g7f");
  CHECK(kif_error("手合割：九枚落ち\n") ==
        "bad.kif:line 1: 手合割 '九枚落ち' is not a handicap this reader knows; give a board "
        "diagram instead");
}

TEST_CASE("malformed KIF: one error, on the right line", "[kif]") {
  // The board.
  CHECK(kif_error(with_line(9, "")) ==
        "bad.kif:line 13: the board diagram has 8 ranks, expected 9");
  CHECK(kif_error(with_line(8, "| ・ ・ ・ ・ ・ 象v歩v歩 ・|四")) ==
        "bad.kif:line 8: rank 四, square ４四: unknown piece '象'");
  CHECK(kif_error(first_lines(10)) ==
        "bad.kif:line 4: the board diagram starting here is cut off after 6 ranks: the file ends "
        "inside it");
  CHECK(kif_error(with_line(7, "| ・ ・ ・ ・ ・ ・ ・v玉v歩 ・|三")) ==
        "bad.kif:line 7: rank 三 has more than 9 squares, or its closing '|' is missing");
  CHECK(kif_error(with_line(7, "| ・ ・ ・ ・ ・ ・v玉v歩|三")) ==
        "bad.kif:line 7: rank 三 has 8 squares, expected 9");
  CHECK(kif_error(with_line(14, "先手の持駒：飛")) ==
        "bad.kif:line 14: expected rank 九 of the board diagram ('|...|'), got '先手の持駒：飛'");
  CHECK(
      kif_error(with_line(4, "")).starts_with("bad.kif:line 4: a board rank outside the diagram"));
  // The hands and the position.
  CHECK(kif_error(with_line(15, "先手の持駒：飛　金二　銀　玉")) ==
        "bad.kif:line 15: a king (玉) cannot be held in hand");
  CHECK(kif_error(with_line(15, "先手の持駒：飛　金二　象")) ==
        "bad.kif:line 15: unknown piece '象' in the hand");
  CHECK(kif_error(with_line(2, "後手の持駒：歩十八")) ==
        "bad.kif:line 4: the board diagram is not a legal position: SFEN fields 1 and 3 (board "
        "and hands): 22 pawns, the set has 18");
  CHECK(
      kif_error(with_line(7, "| ・ ・ ・ ・ ・ ・ ・ ・v歩|三"))
          .starts_with(
              "bad.kif:line 4: the board diagram is not a legal position: SFEN: no defender king"));
  // The moves.
  CHECK(kif_error(with_line(19, "   3 １五角打")) ==
        "bad.kif:line 19: move 3 '１五角打': Black has no bishop in hand");
  CHECK(kif_error(with_line(19, "   3 １五象打")) ==
        "bad.kif:line 19: move 3 '１五象打': unknown piece '象' after the square");
  CHECK(kif_error(with_line(20, "   4 同　玉(13)")) ==
        "bad.kif:line 20: move 4 '同　玉(13)': the piece on １三 is a pawn, not a king");
  CHECK(kif_error(with_line(20, "   4 ２六玉(14)")) ==
        "bad.kif:line 20: move 4 '２六玉(14)': the king on １四 cannot move to ２六 here");
  CHECK(kif_error(with_line(21, "   5 １三角(44)")) ==
        "bad.kif:line 21: move 5 '１三角(44)': the bishop on ４四 cannot move to １三 here");
  CHECK(kif_error(with_line(21, "   5 １三角")) ==
        "bad.kif:line 21: move 5 '１三角': no Black bishop can move to １三");
  CHECK(kif_error(with_line(21, "   5 ２二角(44)")) ==
        "bad.kif:line 21: move 5 '２二角(44)': the bishop on ４四 cannot move to ２二 here");
  const std::string pawn_on_9b = to_kif(record_of(from_sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1"), {}));
  CHECK(kif_error(pawn_on_9b + "   1 ９一歩(92)\n") ==
        "bad.kif:line 17: move 1 '９一歩(92)': the pawn on ９二 cannot move to ９一 here without "
        "promoting: write 成");
  CHECK(kif_error(pawn_on_9b + "▲９一歩\n") ==
        "bad.kif:line 17: move 1 '▲９一歩': no Black pawn can move to ９一 without promoting: "
        "write 成");
  CHECK(kif_error(with_line(20, "   5 同　玉(14)")) ==
        "bad.kif:line 20: move number '5', expected 4");
  CHECK(kif_error(with_line(17, "   1 同　飛打")) ==
        "bad.kif:line 17: move 1 '同　飛打': 同 (the previous move's square) with no move before "
        "it");
  CHECK(kif_error(with_line(17, "   1 ２二飛打X")) ==
        "bad.kif:line 17: move 1 '２二飛打': unexpected 'X' after the move");
  CHECK(kif_error(with_line(18, "△１四玉 ▲１五金打 ▲１六金打")) ==
        "bad.kif:line 18: move 4 '▲１六金打': ▲ (Black) but White is to move");
  CHECK(kif_error(with_line(18, "   2 １四玉(23)\n作者：後から")) ==
        "bad.kif:line 19: expected a move, got '作者：後から'");
  CHECK(kif_error(with_line(1, "作品名")) ==
        "bad.kif:line 1: cannot read '作品名': expected a header 'key：value', a board diagram or "
        "a move");
  CHECK(kif_error("") ==
        "bad.kif:line 1: no board diagram, 手合割 or moves: nothing gives the start");
  CHECK(kif_error("作品名：x\n作者：y\n") ==
        "bad.kif:line 2: no board diagram, 手合割 or moves: nothing gives the start");
  CHECK(kif_error("\xFF") ==
        "bad.kif:line 1: byte 0xff is neither UTF-8 nor Shift_JIS (CP932): save the file as UTF-8 "
        "or Shift_JIS");
}

TEST_CASE("variations and comments after the main line are skipped", "[kif]") {
  // tsume7.kifu has a 変化 branch whose moves would not fit after move 7; KI2 files end at まで.
  const std::string text = joined(BASE_LINES) + "\n変化：3手\n   3 １五銀打\n   4 同　玉(14)\n";
  CHECK(usi_line(parsed(parse_kif(text)).claimed_line) == TSUME_7_USI);
  const std::string stopped = with_line(21, "   5 中断");
  CHECK(usi_line(parsed(parse_kif(stopped)).claimed_line) == "R*2b 2c1d G*1e 1d1e");
  CHECK(parsed(parse_kif(stopped)).claimed_length == 4);
}

TEST_CASE("a KIF cut at any byte, or garbled, gives a record or an error", "[kif][fuzz]") {
  for (const std::string name : {"kif/tsume7.kifu", "kif/tsume7.kif", "kif/tsume7.ki2"}) {
    const std::string text = data_file(name);
    int errors = 0;
    for (size_t n = 0; n <= text.size(); ++n) {
      auto r = parse_kif(std::string_view(text).substr(0, n), name);
      if (!r.ok()) {
        ++errors;
        CHECK(r.error().starts_with(name + ":line "));
      }
    }
    CHECK(errors > 0);
    std::mt19937 rng(12345);
    for (int i = 0; i < 2000; ++i) {
      std::string garbled = text;
      for (int k = 0; k < 3; ++k) garbled[rng() % garbled.size()] = char(rng() % 256);
      auto r = parse_kif(garbled, name);
      CHECK((r.ok() || !r.error().empty()));
    }
  }
}

TEST_CASE("a header whose key is only a stray carriage return is refused (found by fuzz_kif)",
          "[kif][fuzz]") {
  // fuzz_kif's input: lines ending "\n\r", so that one line reads "\r:A00)0..."; its key was
  // read as empty, and the record written back started a header with its colon, which no reader
  // takes. Kanju now refuses the line.
  const Result<ProblemRecord> r = parse_kif(data_file("kif/fuzz_empty_key.kif"), "fuzz");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().find("expected a header 'key：value'") != std::string::npos);
  CHECK_FALSE(parse_kif("作品名：a\n\r：b\n").ok());
}

TEST_CASE("KIF and KI2 in Shift_JIS: to_shift_jis, read back the same", "[kif]") {
  const ProblemRecord rec = parsed(parse_kif(data_file("kif/tsume7.kifu")));
  for (const std::string& utf8 : {to_kif(rec), to_ki2(rec)}) {
    const Result<std::string> sjis = to_shift_jis(utf8);
    REQUIRE(sjis.ok());
    CHECK(sjis->find("encoding=Shift_JIS") != std::string::npos);
    CHECK(*sjis != utf8);
    const ProblemRecord back = parsed(parse_kif(*sjis));
    CHECK(to_sfen(back.position) == to_sfen(rec.position));
    CHECK(back.claimed_line == rec.claimed_line);
  }
  // A character with no Shift_JIS form is named, with its line.
  const Result<std::string> bad = to_shift_jis("作品名：a\n作者：\xF0\x9F\x98\x80\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().find("line 2") != std::string::npos);
  CHECK(bad.error().find("no Shift_JIS form") != std::string::npos);
}
