// verify(): one constructed problem per finding kind of docs/RULES.md §5 (余詰 in the middle, the
// allowed 最終手余詰, 1-move 余詰, 駒余り, 変化同手数, 変長, 不要駒, 迂回), sound problems, the
// claims (length, no mate, line), and a budget too small to decide anything.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "sfen_fixture.h"
#include "solver/kif.h"
#include "solver/usi_move.h"
#include "solver/verify.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

// Sound: 1-move 頭金, 3-move and two 7-move problems.
const char* const SOUND_1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
const char* const SOUND_3 = "8k/6P2/9/9/5+B3/9/9/9/9 b S2rb4g3s4n4l17p 1";
const char* const SOUND_7 = "8k/9/4R4/3N5/9/9/9/9/9 b Sr2b4g3s3n4l18p 1";
const char* const SOUND_7B = "6k2/9/8G/9/8+B/9/9/9/9 b PG2rb2g4s4n4l17p 1";
// ▲１四銀打 △１二玉 ▲２三香成, where ▲２三銀成 mates too.
const char* const FINAL_ALTERNATIVE = "7ss/9/8k/9/7LS/9/9/9/9 b S2r2b4g4n3l18p 1";
// ▲１二金打, and ▲２二金打 mates as well: the knight on ３四 guards it.
const char* const ONE_MOVE_YOZUME = "8k/9/8P/6N2/9/9/9/9/9 b G2r2b3g4s3n4l17p 1";
// Mate in 9; at ply 3 ▲３三龍 and at ply 7 ▲３五龍 also mate.
const char* const MIDDLE_YOZUME = "3S5/4R1g1k/9/5p3/9/9/9/9/9 b Gr2b2g3s4n4l17p 1";
// ▲１二金打 mates, the knight stays in hand.
const char* const LEFTOVER = "7Bk/9/9/9/9/9/9/9/9 b NG2rb3g4s3n4l18p 1";
// ▲２二飛打 △４三玉 ▲５二飛成 △４四玉 ▲５四龍; △３一玉 at ply 2 lasts as long, empty-handed.
const char* const SAME_LENGTH = "9/6k1n/3S2g1+B/6s2/9/3P5/9/9/9 b Rrb3g2s3n4l17p 1";
// ▲２二銀打 mates; the gold on ３六 plays no part.
const char* const UNNEEDED = "7k1/9/7+B1/9/9/6G2/9/9/9 b S2rb3g3s3n4l18p 1";
// ▲１二飛打 △同玉 ▲２三金打 △１一玉 ▲１二銀打; ▲１四飛打 △１三金打 ▲１二金打 △同金 ▲同飛
// comes back to the position after ▲１二飛打 (other first moves are real 余詰).
const char* const DETOUR = "5+P2k/9/6s2/7+P1/9/9/9/9/9 b SRGr2b3g2s4n4l16p 1";
const char* const PERPETUAL_CHECK = "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1";

constexpr size_t TABLE_MB = 16;

Claim length_claim(int length, std::vector<std::string> usi = {}, const std::string& sfen = "") {
  Claim c;
  c.kind = Claim::Kind::Length;
  c.length = length;
  if (!usi.empty()) {
    Position pos = from_sfen(sfen);
    for (const std::string& u : usi) {
      Result<Move> m = parse_usi_move(pos, u);
      REQUIRE(m.ok());
      c.line.push_back(*m);
      pos.do_move(*m);
    }
  }
  return c;
}

VerifyResult run(const std::string& sfen, const Claim& claim, VerifyOptions options = {}) {
  ProofTable table(TABLE_MB);
  return verify(from_sfen(sfen), claim, table, options);
}

std::vector<const Finding*> of_kind(const VerifyResult& r, FindingKind kind) {
  std::vector<const Finding*> out;
  for (const Finding& f : r.findings)
    if (f.kind == kind) out.push_back(&f);
  return out;
}

const Finding* find(const VerifyResult& r, FindingKind kind, int ply, const std::string& usi) {
  for (const Finding& f : r.findings)
    if (f.kind == kind && f.ply == ply && to_usi(f.move) == usi) return &f;
  return nullptr;
}

std::string kinds(const VerifyResult& r) {
  std::string s;
  for (const Finding& f : r.findings)
    s += std::string(to_string(f.kind)) + "@" + std::to_string(f.ply) + " " + to_usi(f.move) + " " +
         f.note + "; ";
  return s;
}

}  // namespace

TEST_CASE("sound problems are sound, with no finding", "[verify]") {
  for (auto [sfen, length] : {std::pair{SOUND_1, 1}, {SOUND_3, 3}, {SOUND_7, 7}, {SOUND_7B, 7}}) {
    const VerifyResult r = run(sfen, length_claim(length));
    INFO(sfen << ": " << kinds(r));
    CHECK(r.verdict == Verdict::Sound);
    CHECK(r.findings.empty());
    CHECK(r.solve.length == length);
    CHECK(r.main_line == r.solve.line);
    CHECK(r.nodes >= r.solve.nodes);
  }
}

TEST_CASE("余詰 in the middle of the main line makes a problem unsound", "[verify]") {
  const VerifyResult r = run(MIDDLE_YOZUME, length_claim(9));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Unsound);
  const Finding* f = find(r, FindingKind::Yozume, 3, "3b3c");
  REQUIRE(f != nullptr);
  CHECK(f->length == 9);
  CHECK(f->exact);
  REQUIRE(f->line.size() == 9);
  CHECK(f->line.front() == f->move);
  CHECK(to_usi(f->main_move) == "G*2c");
  CHECK(find(r, FindingKind::Yozume, 7, "3d3e") != nullptr);
  for (const Finding* y : of_kind(r, FindingKind::Yozume)) CHECK((y->ply == 3 || y->ply == 7));
}

TEST_CASE("one problem on two threads: the checks are searched together, the same findings",
          "[verify]") {
  // Every check of these gets the default cap, so the helpers search each one with the main
  // search (verify_check.h: HELPER_MIN_NODES). The answers rest on the table, not the thread;
  // what a check's cap reaches may differ (DETOUR's ▲３一飛打, a cook of 19 plies, is left
  // unchecked by one thread within the 2M nodes of its check), so the findings are compared by
  // ply and move, and their kinds where both decided them.
  VerifyOptions two;
  two.solve_threads = 2;
  for (auto [sfen, length] : {std::pair{MIDDLE_YOZUME, 9}, {DETOUR, 5}, {SOUND_7, 7}}) {
    const VerifyResult one = run(sfen, length_claim(length));
    const VerifyResult both = run(sfen, length_claim(length), two);
    INFO(sfen << ": " << kinds(one) << " against " << kinds(both));
    CHECK(both.verdict == one.verdict);
    CHECK(both.solve.length == one.solve.length);
    REQUIRE(both.findings.size() == one.findings.size());
    for (size_t i = 0; i < one.findings.size(); ++i) {
      const Finding &a = one.findings[i], &b = both.findings[i];
      CHECK(a.ply == b.ply);
      CHECK(a.move == b.move);
      if (a.kind != FindingKind::Unchecked && b.kind != FindingKind::Unchecked)
        CHECK(a.kind == b.kind);
    }
  }
}

TEST_CASE("another mate on the final move is allowed (最終手余詰)", "[verify]") {
  const VerifyResult r = run(FINAL_ALTERNATIVE, length_claim(3));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Sound);
  const Finding* f = find(r, FindingKind::FinalAlternative, 3, "1d2c+");
  REQUIRE(f != nullptr);
  CHECK(f->length == 1);
  CHECK(f->severity_in(Profile::Modern) == Severity::Note);
  CHECK(of_kind(r, FindingKind::Yozume).empty());
}

TEST_CASE("a 1-move problem has no final-move exception", "[verify]") {
  const VerifyResult r = run(ONE_MOVE_YOZUME, length_claim(1));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Unsound);
  const Finding* f = find(r, FindingKind::Yozume, 1, "G*2b");
  REQUIRE(f != nullptr);
  CHECK(f->length == 1);
  CHECK(of_kind(r, FindingKind::FinalAlternative).empty());
  CHECK(of_kind(r, FindingKind::PromotionNonLimiting).empty());
}

TEST_CASE("pieces left in the attacker's hand make a problem unsound (駒余り)", "[verify]") {
  const VerifyResult r = run(LEFTOVER, length_claim(1));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Unsound);
  const auto left = of_kind(r, FindingKind::Leftover);
  REQUIRE(left.size() == 1);
  CHECK(left[0]->ply == 1);
  CHECK(left[0]->note.find("桂") != std::string::npos);
}

TEST_CASE("an equally long empty-handed defence is a flaw (変化同手数)", "[verify]") {
  const VerifyResult r = run(SAME_LENGTH, length_claim(5));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Flawed);
  const Finding* f = find(r, FindingKind::SameLengthVariation, 2, "3b3a");
  REQUIRE(f != nullptr);
  CHECK(f->length == 4);
  CHECK(f->line.size() == 4);
  CHECK(to_usi(f->main_move) == "3b4c");
  CHECK(of_kind(r, FindingKind::SameLengthVariation).size() == 1);
}

TEST_CASE("a longer defence with an empty hand: the claimed line is not the solution (作意不成立)",
          "[verify]") {
  // The claimed line interposes at ply 2 (mated at once); the king's escape lasts 4 plies more
  // and uses every piece, so it is the solution and the claimed line is not.
  const Claim claim = length_claim(3, {"5c1c+", "P*1b", "S*2b"}, SOUND_7);
  VerifyOptions options;
  options.unneeded_pieces = false;
  const VerifyResult r = run(SOUND_7, claim, options);
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Unsound);
  CHECK(r.main_line_claimed);
  CHECK(r.main_line == claim.line);
  const Finding* f = find(r, FindingKind::CorrectedLine, 2, "1a2a");
  REQUIRE(f != nullptr);
  CHECK(f->length == 6);
  CHECK(f->main_length == 2);
  CHECK(f->line.size() == 6);
  CHECK_FALSE(f->leaves_pieces);
  // Unsound today, a note (作意訂正) in the 妙手説 era.
  CHECK(f->severity_in(Profile::Modern) == Severity::Unsound);
  CHECK(f->severity_in(Profile::Classic) == Severity::Note);
  const auto mismatch = of_kind(r, FindingKind::LengthMismatch);
  REQUIRE(mismatch.size() == 1);
  CHECK(mismatch[0]->length == 7);
  const auto differs = of_kind(r, FindingKind::LineDiffers);
  REQUIRE(differs.size() == 1);
  CHECK(differs[0]->ply == 2);
  CHECK(to_usi(differs[0]->move) == "P*1b");
  CHECK(to_usi(differs[0]->main_move) == "1a2a");
}

TEST_CASE("a piece whose removal keeps the problem is unneeded (不要駒)", "[verify]") {
  const VerifyResult r = run(UNNEEDED, length_claim(1));
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Flawed);
  const auto unneeded = of_kind(r, FindingKind::UnneededPiece);
  REQUIRE(unneeded.size() == 1);
  CHECK(unneeded[0]->square == make_square(2, 5));  // ３六
  CHECK(unneeded[0]->piece == make_piece(BLACK, GOLD));
  // The horse and the king are needed (the king is never removed).
  for (const Finding* f : of_kind(r, FindingKind::UnneededPiece)) CHECK(type_of(f->piece) != HORSE);
}

TEST_CASE("a piece that prevents 余詰 is needed, one that causes it is not", "[verify]") {
  // The knight makes ▲２二金打 a second mate: without it the problem is sound, so it is unneeded.
  const VerifyResult r = run(ONE_MOVE_YOZUME, length_claim(1));
  const auto unneeded = of_kind(r, FindingKind::UnneededPiece);
  REQUIRE(unneeded.size() == 1);
  CHECK(unneeded[0]->piece == make_piece(BLACK, KNIGHT));
  // In the sound 頭金 the pawn is needed.
  CHECK(of_kind(run(SOUND_1, length_claim(1)), FindingKind::UnneededPiece).empty());
}

TEST_CASE("a check that only returns to the main line is a detour (迂回)", "[verify]") {
  VerifyOptions options;
  options.unneeded_pieces = false;
  const VerifyResult r = run(DETOUR, length_claim(5), options);
  INFO(kinds(r));
  const Finding* f = find(r, FindingKind::Detour, 1, "R*1d");
  REQUIRE(f != nullptr);
  CHECK(f->severity_in(Profile::Modern) == Severity::Kizu);
  CHECK(f->length == 9);
  CHECK(f->convergence.kind == Convergence::Kind::Exact);
  CHECK(f->convergence.main_ply >= 1);
  // ▲２一金打 mates by another way: 余詰, so the problem is unsound.
  CHECK(find(r, FindingKind::Yozume, 1, "G*2a") != nullptr);
  CHECK(r.verdict == Verdict::Unsound);
}

TEST_CASE("claims: no mate, a wrong length, a claimed line that fails", "[verify]") {
  Claim nomate;
  nomate.kind = Claim::Kind::NoMate;
  const VerifyResult none = run(PERPETUAL_CHECK, nomate);
  REQUIRE(of_kind(none, FindingKind::NoMate).size() == 1);
  CHECK(of_kind(none, FindingKind::NoMate)[0]->note == "as claimed");
  CHECK(none.verdict == Verdict::Unsound);

  const VerifyResult wrong = run(SOUND_3, length_claim(5));
  REQUIRE(of_kind(wrong, FindingKind::LengthMismatch).size() == 1);
  CHECK(wrong.verdict == Verdict::Unsound);

  // A line that stops before mate: reported, and the solver's line is followed instead.
  const VerifyResult fails = run(SOUND_3, length_claim(3, {"S*1b"}, SOUND_3));
  INFO(kinds(fails));
  REQUIRE(of_kind(fails, FindingKind::ClaimedLineFails).size() == 1);
  CHECK_FALSE(fails.main_line_claimed);
  CHECK(fails.main_line == fails.solve.line);
  CHECK(fails.verdict == Verdict::Unsound);
}

TEST_CASE("a budget too small to decide gives unknown, never sound", "[verify]") {
  VerifyOptions options;
  options.limits.max_nodes = 3000;
  const VerifyResult r = run(SOUND_7, length_claim(7), options);
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Unknown);
  CHECK_FALSE(of_kind(r, FindingKind::Unchecked).empty());
  // With a per-check cap only, the cheap checks pass and the result is the same as unbounded.
  options.limits.max_nodes = UINT64_MAX;
  options.check_nodes = 200'000;
  CHECK(run(SOUND_7, length_claim(7), options).verdict == Verdict::Sound);
}

TEST_CASE("checks left undecided are asked again with more nodes, within the budget", "[verify]") {
  VerifyOptions options;
  options.check_nodes = 100;
  const VerifyResult once = run(SOUND_7, length_claim(7), options);
  REQUIRE(once.verdict == Verdict::Unknown);
  CHECK(once.passes == 1);
  CHECK(once.check_nodes == 100);
  // Passes with 800, 6,400 ... nodes a check, on the same table, until one decides them all.
  options.check_nodes_max = 1'000'000;
  const VerifyResult again = run(SOUND_7, length_claim(7), options);
  INFO(kinds(again));
  CHECK(again.verdict == Verdict::Sound);
  CHECK(again.passes > 1);
  CHECK(again.check_nodes == 100 * (uint64_t(1) << (3 * (again.passes - 1))));
  CHECK(again.nodes > once.nodes);
  // The problem's budget bounds every pass together.
  options.limits.max_nodes = 3000;
  const VerifyResult capped = run(SOUND_7, length_claim(7), options);
  CHECK(capped.verdict == Verdict::Unknown);
  INFO(capped.passes);
  CHECK(capped.nodes <= 3000 + 1000);  // a search stops within one expansion of its limit
}

TEST_CASE("the node budget holds, also where futility tests nest", "[verify]") {
  // Rook-and-bishop drops between king and checker: each futility test asks about further
  // drops. Before the searches stopped at once on an exhausted budget, this used 9M nodes.
  VerifyOptions options;
  options.limits.max_nodes = 400'000;
  options.check_nodes = 20'000;
  options.unneeded_pieces = false;
  const VerifyResult r = run("8S/7Pk/9/8G/9/9/9/9/9 b BG2rb2g3s4n4l17p 1", Claim{}, options);
  CHECK(r.nodes <= 400'000 + 20'000);
}

TEST_CASE("a KIF record is verified against its 手数 and its line", "[verify]") {
  std::ifstream in(std::string(KANJU_TEST_DATA) + "/verify/sound7.kifu", std::ios::binary);
  const std::string bytes(std::istreambuf_iterator<char>(in), {});
  const Result<ProblemRecord> record = parse_kif(bytes, "sound7.kifu");
  REQUIRE(record.ok());
  const Claim claim = claim_of(*record);
  CHECK(claim.kind == Claim::Kind::Length);
  CHECK(claim.length == 7);
  CHECK(claim.line.size() == 7);
  ProofTable table(TABLE_MB);
  const VerifyResult r = verify(*record, table, VerifyOptions{});
  INFO(kinds(r));
  CHECK(r.verdict == Verdict::Sound);
  CHECK(r.main_line_claimed);
  CHECK(r.main_line == claim.line);
}

TEST_CASE("the verdict is the worst finding's, in each profile", "[verify]") {
  auto finding = [](Severity modern, Severity classic) {
    Finding f;
    f.set_severity(modern, classic);
    return f;
  };
  const Finding note = finding(Severity::Note, Severity::Note);
  const Finding kizu = finding(Severity::Kizu, Severity::Note);
  const Finding unchecked = finding(Severity::Unchecked, Severity::Unchecked);
  const Finding unsound = finding(Severity::Unsound, Severity::Note);
  for (Profile p : {Profile::Modern, Profile::Classic}) {
    CHECK(verdict_of({}, p) == Verdict::Sound);
    CHECK(verdict_of({note}, p) == Verdict::Sound);
    CHECK(verdict_of({kizu, unchecked}, p) == Verdict::Unknown);
  }
  CHECK(verdict_of({kizu}, Profile::Modern) == Verdict::Flawed);
  CHECK(verdict_of({kizu}, Profile::Classic) == Verdict::Sound);
  CHECK(verdict_of({unchecked, unsound}, Profile::Modern) == Verdict::Unsound);
  CHECK(verdict_of({unchecked, unsound}, Profile::Classic) == Verdict::Unknown);
}
