// The decision steps A-G of docs/RULES.md §5.2 as a pure function of what the verifier measured
// (solver/alternative_class.h): each step from hand-made facts, without a search.
#include <catch2/catch.hpp>

#include "sfen_fixture.h"
#include "solver/alternative_class.h"

using namespace kanju;
using namespace kanju::test;

namespace {

// The king on ３二 and an empty board but for a rook on １三: the main move drops the other rook
// on ３四; the alternatives drop it farther down the file, or beside the king (a bishop in hand
// for a drop of another piece).
const std::string SFEN = "9/6k2/8R/9/9/9/9/9/9 b RBb4g4s4n4l18p 1";

AlternativeFacts farther(const std::string& alt, int length, bool king_moves_only) {
  const Position pos = from_sfen(SFEN);
  AlternativeFacts a;
  a.move = usi_move(pos, alt);
  a.main_move = usi_move(pos, "R*3d");
  a.king = pos.king_square(WHITE);
  a.length = length;
  a.main_length = 21;
  a.king_moves_only = king_moves_only;
  return a;
}

}  // namespace

TEST_CASE(
    "G': a farther drop whose line only gives the king room is 打点非限定 in the classic "
    "profile",
    "[alternative-class]") {
  // 将棋図巧98 ply 11: ▲３五飛打 for ▲３四飛打, the king runs one file farther, 23 plies for 21.
  const AlternativeClass k = classify_alternative(farther("R*3e", 23, true));
  CHECK(k.kind == FindingKind::DropNonLimiting);
  CHECK(k.classic == Severity::Note);
  CHECK(k.modern == Severity::Unsound);
}

TEST_CASE("G': an interposition or a capture in the farther drop's line makes it a cook",
          "[alternative-class]") {
  const AlternativeClass k = classify_alternative(farther("R*3e", 23, false));
  CHECK(k.kind == FindingKind::Yozume);
  CHECK(k.classic == Severity::Unsound);
}

TEST_CASE("G': only the same piece on the same line to the king, and farther",
          "[alternative-class]") {
  // Beside the king, not on the file: no farther drop.
  CHECK(classify_alternative(farther("R*4b", 23, true)).kind == FindingKind::Yozume);
  // Nearer than the main drop on the same file.
  CHECK(classify_alternative(farther("R*3c", 23, true)).kind == FindingKind::Yozume);
  // Another piece on the farther square.
  CHECK(classify_alternative(farther("B*3e", 23, true)).kind == FindingKind::Yozume);
  // A farther drop that mates faster is an early mate, whatever its line.
  const AlternativeClass early = classify_alternative(farther("R*3e", 19, true));
  CHECK(early.kind == FindingKind::EarlyMate);
  // An unproven length decides nothing.
  AlternativeFacts bound = farther("R*3e", 23, true);
  bound.exact = false;
  CHECK(classify_alternative(bound).kind == FindingKind::Yozume);
}

TEST_CASE("A, B, D: the final move and faster mates", "[alternative-class]") {
  AlternativeFacts a = farther("R*3e", 1, true);
  a.main_length = 1;
  a.final_node = true;
  a.near_end = true;
  CHECK(classify_alternative(a).kind == FindingKind::FinalAlternative);
  a.one_move_work = true;
  CHECK(classify_alternative(a).classic == Severity::Unsound);
  a.one_move_work = false;
  a.length = 3;
  const AlternativeClass d = classify_alternative(a);
  CHECK(d.kind == FindingKind::FinalLonger);
  CHECK(d.modern == Severity::KizuDeep);
  CHECK(d.classic == Severity::Note);
  AlternativeFacts b = farther("R*4b", 15, false);
  b.near_end = true;
  const AlternativeClass early = classify_alternative(b);
  CHECK(early.kind == FindingKind::EarlyMate);
  CHECK(early.modern == Severity::Unsound);
  CHECK(early.classic == Severity::Kizu);
}

TEST_CASE("E, F: as long or longer and back on the main line", "[alternative-class]") {
  AlternativeFacts a = farther("R*3e", 21, false);
  a.convergence = Convergence{Convergence::Kind::Replay, 2, 13};
  const AlternativeClass e = classify_alternative(a);
  CHECK(e.kind == FindingKind::DropNonLimiting);
  CHECK(e.modern == Severity::Kizu);
  CHECK(e.classic == Severity::Note);
  a.length = 25;
  const AlternativeClass f = classify_alternative(a);
  CHECK(f.kind == FindingKind::Detour);
  CHECK(f.classic == Severity::Note);
  a.convergence.forced = false;
  CHECK(classify_alternative(a).modern == Severity::Unsound);
  // Back on the main line, but whether the defender could avoid it was not decided: the classic
  // severity is the same either way, the modern one is not known.
  a.convergence.forced_known = false;
  CHECK(classify_alternative(a).modern == Severity::Unchecked);
  CHECK(classify_alternative(a).classic == Severity::Note);
}
