// The composers' categories (docs/RULES.md §5, CONVENTIONS.md §4 and §6) as the verifier finds
// them in 将棋図巧, each problem followed along its published line (problems/zukou.tsv, fifth
// column): one category a test, on problems that verify in about a second. Each finding is
// named with its ply, move, lengths and convergence, as a reader checks it on a board.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "verify_fixture.h"

using namespace kanju;
using namespace kanju::test;

namespace {

const std::string PROBLEMS = std::string(KANJU_TEST_DATA) + "/../../problems/";

// Problem `id` of problems/zukou.tsv verified along its published line, classic era: from its
// diagram, or from the position after its first `from_ply` plies, with the rest of the line.
Judged judge(const std::string& id, int from_ply = 0) {
  std::ifstream in(PROBLEMS + "zukou.tsv");
  std::vector<std::string> cols;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> c;
    std::stringstream ss(line);
    for (std::string s; std::getline(ss, s, '\t');) c.push_back(s);
    if (c.size() > 4 && c[2] == id) cols = c;
  }
  REQUIRE(cols.size() > 4);
  if (from_ply > 0) {
    std::stringstream line(cols[4]);
    std::string played, rest, usi;
    for (int ply = 0; line >> usi; ++ply) (ply < from_ply ? played : rest) += usi + " ";
    Position pos = from_sfen(cols[0]);
    for (Move m : moves_of(cols[0], played)) pos.do_move(m);
    cols[0] = to_sfen(pos), cols[4] = rest;
  }
  Claim claim = line_claim(cols[0], cols[4]);
  claim.profile = Profile::Classic;
  VerifyOptions options;
  options.unneeded_pieces = false;
  options.check_nodes = 1'000'000;
  options.limits.max_nodes = 20'000'000;
  return judged(cols[0], claim, options, 64);
}

}  // namespace

TEST_CASE("成生非限定 of a silver: 図巧64 ply 43, ▲１二銀不成 as long and back exactly",
          "[zukou-categories]") {
  const Judged j = judge("zukou-064");
  INFO(kinds(j.result));
  const Finding* f = find(j.result, FindingKind::PromotionNonLimiting, 43, "2a1b");
  REQUIRE(f != nullptr);
  CHECK(f->length == 27);
  CHECK(f->main_length == 27);
  CHECK(f->convergence.kind == Convergence::Kind::Exact);
  CHECK(f->severity_in(Profile::Modern) == Severity::Kizu);
  CHECK(f->severity_in(Profile::Classic) == Severity::Note);
  CHECK(j.classic == Verdict::Sound);
}

TEST_CASE(
    "迂回 of both kinds: 図巧20 from ply 11, back to the branch (イ) and into the main line "
    "later (ロ)",
    "[zukou-categories]") {
  // From the diagram, plies 6 and 10 have longer defences than the published ones, so the rest
  // of the published line is a shorter variation, where the attacker is free and nothing is
  // reported (docs/RULES.md §5.7). From ply 11 on the published line is the longest.
  const Judged j = judge("zukou-020", 10);
  INFO(kinds(j.result));
  // Ply 15 (5 here): ▲３三成香 comes back after 4 plies to the position the branch left.
  const Finding* i = find(j.result, FindingKind::Detour, 5, "2c3c");
  REQUIRE(i != nullptr);
  CHECK(i->length - i->main_length == 4);
  CHECK(i->convergence.kind == Convergence::Kind::Exact);
  CHECK(i->convergence.main_ply == 4);
  // Ply 31 (21 here): ▲６三金打 reaches the position after ply 32 four plies on: two plies late.
  const Finding* ro = find(j.result, FindingKind::Detour, 21, "G*6c");
  REQUIRE(ro != nullptr);
  CHECK(ro->length - ro->main_length == 2);
  CHECK(ro->convergence.main_ply == 22);
  for (const Finding* f : {i, ro}) {
    CHECK(f->severity_in(Profile::Modern) == Severity::Kizu);
    CHECK(f->severity_in(Profile::Classic) == Severity::Note);
  }
}

TEST_CASE("迂回 back to an earlier position: 図巧42 ply 25, ▲４三龍", "[zukou-categories]") {
  const Judged j = judge("zukou-042");
  INFO(kinds(j.result));
  const Finding* f = find(j.result, FindingKind::Detour, 25, "1c4c");
  REQUIRE(f != nullptr);
  CHECK(f->length == 7);
  CHECK(f->main_length == 3);
  CHECK(f->convergence.main_ply == 23);
  CHECK(f->severity_in(Profile::Classic) == Severity::Note);
  CHECK(j.classic == Verdict::Sound);
}

TEST_CASE("手順前後: 図巧22 ply 29, ▲５二桂成 first reaches the same position as long",
          "[zukou-categories]") {
  const Judged j = judge("zukou-022");
  INFO(kinds(j.result));
  const Finding* f = find(j.result, FindingKind::Transposition, 29, "6d5b+");
  REQUIRE(f != nullptr);
  CHECK(f->length == f->main_length);
  CHECK(f->convergence.kind == Convergence::Kind::Exact);
  CHECK(f->severity_in(Profile::Modern) == Severity::Kizu);
  CHECK(j.classic == Verdict::Sound);
}

TEST_CASE("変長 with a spare piece: 図巧74 ply 8, △７七桂打 lasts 2 plies longer",
          "[zukou-categories]") {
  const Judged j = judge("zukou-074");
  INFO(kinds(j.result));
  const Finding* f = find(j.result, FindingKind::LongerVariation, 8, "N*7g");
  REQUIRE(f != nullptr);
  CHECK(f->length - f->main_length == 2);
  CHECK(f->leaves_pieces);
  CHECK(f->severity_in(Profile::Classic) == Severity::Note);
}

TEST_CASE("変同 in the last two plies is not a finding", "[zukou-categories]") {
  for (const char* id : {"zukou-042", "zukou-064", "zukou-022"}) {
    const Judged j = judge(id);
    INFO(id << ": " << kinds(j.result));
    const int last_defence = int(j.result.main_line.size()) - 1;
    for (const Finding& f : j.result.findings)
      if (f.kind == FindingKind::SameLengthVariation) CHECK(f.ply < last_defence);
  }
}

TEST_CASE("手順前後 the defender may leave: 図巧77 ply 11, ▲５九金打 first, unforced",
          "[zukou-categories]") {
  // ▲５九金打 △同金 ▲７八龍 reaches the main line after △６八歩打, but △６八飛成 instead lasts
  // as long and mates elsewhere: back on the main line only where the defender so chooses.
  const Judged j = judge("zukou-077");
  INFO(kinds(j.result));
  const Finding* f = find(j.result, FindingKind::Transposition, 11, "G*5i");
  REQUIRE(f != nullptr);
  CHECK(f->length == 9);
  CHECK(f->main_length == 9);
  CHECK(f->convergence.kind == Convergence::Kind::Exact);
  CHECK(f->convergence.forced_known);  // decided: △６八飛成 is proven as long
  CHECK_FALSE(f->convergence.forced);
  CHECK(f->severity_in(Profile::Modern) == Severity::Unsound);
  CHECK(f->severity_in(Profile::Classic) == Severity::Note);
}
