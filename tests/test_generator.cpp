// The generator: proposals (random, edits, backward extension), the dedupe keys, and whole runs
// whose every problem is re-verified sound, unique, empty-handed and without unneeded pieces,
// the same for the same seed, in-process and through the built `kanju generate`.
#include <catch2/catch.hpp>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "cli_fixture.h"
#include "generator/dedupe.h"
#include "generator/generate.h"
#include "generator/mutation.h"
#include "generator/score.h"
#include "sfen_fixture.h"
#include "solver/movegen.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "solver/verify.h"

using namespace kanju;
using kanju::test::from_sfen;

namespace {

// ▲２三銀打 … a sound 7-move problem (tests/test_verify.cpp), and a 1-move one.
const char* const SOUND_7 = "8k/9/4R4/3N5/9/9/9/9/9 b Sr2b4g3s3n4l18p 1";
const char* const SOUND_1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";

GenerateOptions short_run(uint64_t seed) {
  GenerateOptions o;
  o.count = 3;
  o.min_length = 3;
  o.max_length = 5;
  o.max_pieces = 8;
  o.seed = seed;
  o.threads = 1;
  o.steps = 30;
  o.hash_mb = 16;
  return o;
}

std::vector<GeneratedProblem> run(const GenerateOptions& o) {
  std::vector<GeneratedProblem> found;
  generate(o, [&](const GeneratedProblem& p) { found.push_back(p); });
  return found;
}

// Verifies a problem against its own length and line, as `kanju verify` would.
void require_sound(const Position& pos, const std::vector<Move>& line) {
  INFO(to_sfen(pos));
  Claim claim;
  claim.kind = Claim::Kind::Length;
  claim.length = int(line.size());
  claim.line = line;
  ProofTable table(16);
  const VerifyResult r = verify(pos, claim, table, VerifyOptions{});
  CHECK(r.verdict == Verdict::Sound);
  CHECK(r.unneeded_checked);
  for (const Finding& f : r.findings) CHECK(f.severity_in(Profile::Modern) <= Severity::Note);
  Position end = pos;
  for (Move m : line) end.do_move(m);
  CHECK(end.hand(BLACK).empty());
}

// The value of "key": "..." in a JSON line.
std::string json_field(const std::string& line, const std::string& key) {
  const std::string open = "\"" + key + "\": \"";
  const size_t at = line.find(open);
  if (at == std::string::npos) return "";
  const size_t begin = at + open.size();
  return line.substr(begin, line.find('"', begin) - begin);
}

}  // namespace

TEST_CASE("Generated problems are sound, in range, distinct, and the same for the same seed",
          "[generator]") {
  const GenerateOptions o = short_run(11);
  const std::vector<GeneratedProblem> first = run(o);
  REQUIRE(first.size() == 3);
  Deduper seen;
  for (const GeneratedProblem& p : first) {
    CHECK(p.line.size() >= 3);
    CHECK(p.line.size() <= 5);
    CHECK(p.features.length == int(p.line.size()));
    CHECK(p.features.pieces <= o.max_pieces);
    CHECK(seen.insert(p.position, p.line));
    require_sound(p.position, p.line);
  }
  const std::vector<GeneratedProblem> second = run(o);
  REQUIRE(second.size() == first.size());
  for (size_t i = 0; i < first.size(); ++i) {
    CHECK(to_sfen(second[i].position) == to_sfen(first[i].position));
    CHECK(line_key(second[i].line) == line_key(first[i].line));
  }
}

TEST_CASE("kanju generate prints JSON lines that kanju verify finds sound", "[generator]") {
  const std::string bin = KANJU_BINARY;
  const std::string out = output_of(bin +
                                    " generate --count 2 --min-length 3 --max-length 5 "
                                    "--max-pieces 8 --seed 5 --hash 16 --steps 30 --quiet "
                                    "2>/dev/null");
  int problems = 0;
  for (size_t begin = 0, end; (end = out.find('\n', begin)) != std::string::npos; begin = end + 1) {
    const std::string line = out.substr(begin, end - begin);
    const std::string sfen = json_field(line, "sfen");
    INFO(line);
    REQUIRE(!sfen.empty());
    const std::string verdict =
        output_of(bin + " verify \"" + sfen + "\" --hash 16 --json --fail-on flawed 2>/dev/null");
    CHECK(json_field(verdict, "verdict") == "sound");
    ++problems;
  }
  CHECK(problems == 2);
}

static Square white_king_square(const Layout& l) {
  for (Square sq = 0; sq < SQ_NB; ++sq)
    if (l.board[sq] == make_piece(WHITE, KING)) return sq;
  return SQ_NONE;
}

// The check is legal in `earlier`, the reply after it, and they lead to `problem`.
static bool leads_back(const Position& earlier, Move check, Move reply, const Position& problem) {
  Position replay = earlier;
  if (!MoveList<CHECKS>(replay).contains(check)) return false;
  replay.do_move(check);
  if (!MoveList<EVASIONS>(replay).contains(reply)) return false;
  replay.do_move(reply);
  return replay.key() == problem.key();
}

TEST_CASE("Backward extension proposes legal problems two plies longer at most", "[generator]") {
  const Position problem = from_sfen(SOUND_7);
  const ProposalLimits limits{12};
  Rng rng(3);
  int legal = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<Move> played;
    const std::optional<Layout> earlier = extend_backward(problem, rng, limits, &played);
    if (!earlier) continue;
    CHECK(piece_count(*earlier) <= limits.max_pieces);
    const Result<Position> pos = to_position(*earlier);
    INFO(pos.error());
    REQUIRE(pos.ok());
    CHECK(pos->side_to_move() == BLACK);
    CHECK(!pos->in_check());
    // The check and the reply it reports lead back to the problem.
    REQUIRE(played.size() == 2);
    CHECK(leads_back(*pos, played[0], played[1], problem));
    ++legal;
  }
  CHECK(legal > 10);
}

TEST_CASE("Backward extension also un-plays discovered checks", "[generator]") {
  // The king came to １一 from ２一, where the rook on ２三 checked it; the bishop on ３一 may have
  // stepped off the second file, from ２二, to give that check.
  const Position problem = from_sfen("6B1k/9/7R1/9/9/9/9/9/9 b rb4g4s4n4l18p 1");
  const ProposalLimits limits{12};
  Rng rng(11);
  int discovered = 0;
  for (int i = 0; i < 400; ++i) {
    std::vector<Move> played;
    const std::optional<Layout> earlier = extend_backward(problem, rng, limits, &played);
    if (!earlier) continue;
    const Position pos = *to_position(*earlier);
    CHECK(leads_back(pos, played[0], played[1], problem));
    // Checked by a piece that did not move: the check was discovered.
    Position checked = pos;
    checked.do_move(played[0]);
    Bitboard others = checked.checkers();
    others.clear(played[0].to());
    if (others.any()) ++discovered;
  }
  CHECK(discovered > 5);
}

TEST_CASE("Every backward step is listed once, legal, and leads back to the problem",
          "[generator]") {
  const Position problem = from_sfen("1R7/9/3+S5/9/9/k8/9/1G7/9 b r2b3g3s4n4l18p 1");  // 13 plies
  const std::vector<BackwardStep> steps = backward_steps(problem, ProposalLimits{12});
  REQUIRE(steps.size() > 50);
  std::set<uint64_t> keys;
  bool known = false;
  for (const BackwardStep& step : steps) {
    const Result<Position> pos = to_position(step.layout);
    REQUIRE(pos.ok());
    CHECK(keys.insert(pos->key()).second);
    CHECK(piece_count(step.layout) <= 12);
    CHECK(leads_back(*pos, step.check, step.reply, problem));
    // A sound 15-ply problem: the gold comes back from ７九 to ８八 with check, the king steps up.
    known |= to_sfen(*pos) == "1R7/9/3+S5/9/9/9/k8/9/2G6 b r2b3g3s4n4l18p 1";
  }
  CHECK(known);
}

TEST_CASE("A walled step adds one piece near the king and still leads back", "[generator]") {
  // 25 plies: ▲４一歩成 △同玉 ▲３一歩成 △同玉 ▲２一歩成 △同玉 ... The step ▲５一歩成 △同玉 alone
  // lets the king out by ７二; an attacker gold on ８三 closes it: a sound 27-ply problem.
  const Position problem = from_sfen("4kppn1/5PPPg/9/5B+B2/5N3/9/9/9/9 b 2r3g4s2n4l13p 1");
  const ProposalLimits limits{20};
  bool known = false;
  for (const BackwardStep& step : backward_steps(problem, limits)) {
    for (const Color color : {BLACK, WHITE}) {
      for (const Layout& walled : walled_steps(step, color, limits)) {
        CHECK(piece_count(walled) == piece_count(step.layout) + 1);
        int added = 0;
        for (Square sq = 0; sq < SQ_NB; ++sq) {
          if (walled.board[sq] == step.layout.board[sq]) continue;
          ++added;
          CHECK(step.layout.board[sq] == NO_PIECE);
          CHECK(color_of(walled.board[sq]) == color);
          CHECK(distance(sq, white_king_square(walled)) <= 2);
        }
        CHECK(added == 1);
        const Result<Position> pos = to_position(walled);
        REQUIRE(pos.ok());
        Position replay = *pos;
        replay.do_move(step.check);
        CHECK(MoveList<EVASIONS>(replay).contains(step.reply));
        known |= to_sfen(*pos) == "3k1ppn1/4PPPPg/1G7/5B+B2/5N3/9/9/9/9 b 2r2g4s2n4l12p 1";
      }
    }
  }
  CHECK(known);
}

TEST_CASE("Edits keep to the piece budget and give legal layouts or nothing", "[generator]") {
  Rng rng(9);
  const ProposalLimits limits{10};
  for (int i = 0; i < 200; ++i) {
    const Layout l = random_layout(rng, limits);
    CHECK(piece_count(l) <= limits.max_pieces);
    if (const std::optional<Layout> m = mutate(l, rng, limits))
      CHECK(piece_count(*m) <= limits.max_pieces);
  }
}

TEST_CASE("A problem with White attacking is turned round, the attacker king is dropped",
          "[generator]") {
  // SOUND_1 turned round, White to move, with a White king in the far corner.
  const Result<Layout> turned = layout_of(from_sfen("k8/9/9/9/9/9/4p4/9/4K4 w g 1"));
  REQUIRE(turned.ok());
  const Result<Position> pos = to_position(*turned);
  REQUIRE(pos.ok());
  CHECK(to_sfen(*pos) == SOUND_1);
}

TEST_CASE("Mirror images share one position key and one line key", "[generator]") {
  const Position pos = from_sfen(SOUND_7);
  const Layout l = *layout_of(pos);
  const Position mirror = *to_position(mirrored(l));
  CHECK(position_key(pos) == position_key(mirror));
  CHECK(to_sfen(pos) != to_sfen(mirror));
  const Result<Move> m = parse_usi_move(pos, "S*2b");
  REQUIRE(m.ok());
  CHECK(line_key({*m}) == line_key({mirror_move(*m)}));
  Deduper d;
  CHECK(d.insert(pos, {*m}));
  CHECK(!d.insert(mirror, {mirror_move(*m)}));
  CHECK(features_of(from_sfen(SOUND_1), {*parse_usi_move(from_sfen(SOUND_1), "G*5b")}).drops == 1);
}

TEST_CASE("The ladder climbs from a seed to a longer sound problem", "[generator]") {
  GenerateOptions o = short_run(2);
  o.ladder = true;
  o.seeds = {from_sfen(SOUND_7)};
  o.count = 1;
  o.min_length = 9;
  o.max_length = 15;
  o.max_pieces = 12;
  const std::vector<GeneratedProblem> found = run(o);
  REQUIRE(found.size() == 1);
  CHECK(found[0].line.size() >= 9);
  require_sound(found[0].position, found[0].line);
}
