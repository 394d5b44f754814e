// solve(): mate and no-mate answers, proven lengths, the checked main line, the futile-
// interposition policy, independence of two tables in one process, and deterministic node counts
// (the basis of `kanju bench`'s signature).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "solver/sfen.h"
#include "solver/solve.h"
#include "solver/usi_move.h"
#include "tools/bench_problems.h"

using namespace kanju;

namespace {

constexpr size_t TABLE_MB = 16;

const char* const EXAMPLE_7 = "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1";
const char* const PERPETUAL_CHECK = "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1";
// Interposing on the rank is futile: mate in 1 when futile drops are not counted, 3 when they are.
const char* const FUTILE_1_OR_3 = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
const char* const FUTILE_5 = "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1";

Position from_sfen(const std::string& sfen) {
  auto r = parse_sfen(sfen);
  INFO(sfen << ": " << r.error());
  REQUIRE(r.ok());
  return r.value();
}

SolveResult solve_sfen(const std::string& sfen, ProofTable& table,
                       FutilePolicy futile = FutilePolicy::Narrow,
                       uint64_t max_nodes = 20'000'000) {
  SolveOptions options;
  options.limits.max_nodes = max_nodes;
  options.futile = futile;
  table.clear();
  return solve(from_sfen(sfen), table, options);
}

SolveResult solve_sfen(const std::string& sfen, FutilePolicy futile = FutilePolicy::Narrow) {
  ProofTable table(TABLE_MB);
  return solve_sfen(sfen, table, futile);
}

// A solve with a node limit that runs out after a mate is found, its line shown if it can be
// (SolveOptions::unproven_line).
SolveResult solve_past_limit(const std::string& sfen, size_t table_mb, uint64_t nodes) {
  ProofTable table(table_mb);
  SolveOptions options;
  options.limits.max_nodes = nodes;
  options.unproven_line = true;
  return solve(from_sfen(sfen), table, options);
}

}  // namespace

TEST_CASE("the 7-ply example is mate in 7 with a sound main line", "[solve]") {
  const SolveResult r = solve_sfen(EXAMPLE_7);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.length == 7);
  REQUIRE(r.line.size() == 7);
  CHECK(to_usi(r.line[0]) == "R*2b");
  CHECK(check_main_line(from_sfen(EXAMPLE_7), r.line) == "");
  CHECK(r.nodes > 0);
  // Every node belongs to one phase, and the search expands fewer nodes than it visits.
  CHECK(r.prove_nodes + r.shorten_nodes + r.line_nodes == r.nodes);
  CHECK(r.prove_nodes > 0);
  CHECK(r.shorten_nodes > 0);
  CHECK(r.expansions > 0);
  CHECK(r.expansions < r.nodes);
}

TEST_CASE("perpetual check is no mate", "[solve]") {
  const SolveResult r = solve_sfen(PERPETUAL_CHECK);
  INFO(r.note);
  CHECK(r.status == SolveStatus::NoMate);
  CHECK(r.line.empty());
}

// --expect-no-mate (SolveOptions::expect_no_mate) changes the order of the first question only.
TEST_CASE("a solve expecting no mate gives the same answers", "[solve]") {
  ProofTable table(TABLE_MB);
  SolveOptions options;
  options.expect_no_mate = true;
  table.clear();
  const SolveResult mate = solve(from_sfen(EXAMPLE_7), table, options);
  CHECK(mate.status == SolveStatus::Mate);
  CHECK(mate.length == 7);
  CHECK(mate.line == solve_sfen(EXAMPLE_7, table, FutilePolicy::Composer).line);
  table.clear();
  CHECK(solve(from_sfen(PERPETUAL_CHECK), table, options).status == SolveStatus::NoMate);
}

TEST_CASE("yaneuraou mate-3 and mate-5 positions have their stated lengths", "[solve]") {
  // The yaneuraou sets state practical shortest mates, where a futile interposition is a move
  // like any other: compare under FutilePolicy::Count.
  struct Case {
    const char* sfen;
    int length;
  };
  const Case cases[] = {
      {"ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42", 3},
      {"l3kgsnl/9/p1pS+Bp3/7pp/6PP1/9/PPPPPPn1P/1B1GG2+r1/LNS1K3L w RG3Psnp 54", 3},
      {"l3k2nl/4g1gb1/1+S1pspp+P1/p1p6/3n4p/2PPR1P2/P2bPP2P/5GS2/LN1K4L w R2Pgsn2p 50", 3},
      {"l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72", 5},
      {"lnsgs2+Pl/3kg4/p1pppN2p/6pp1/9/7R1/P1PP1Sg1P/1S3+b3/LN5KL w Nrbg6p 58", 5},
      {"lnG4nl/5k3/p1p+R1g1p1/1p1p3sp/5N3/2P1p1p2/PP1GP3P/1SG2+p1+b1/LN1K4L w Srbs4p 60", 5},
  };
  ProofTable table(TABLE_MB);
  for (const Case& c : cases) {
    const SolveResult r = solve_sfen(c.sfen, table, FutilePolicy::Count);
    INFO(c.sfen << ": " << r.note);
    REQUIRE(r.status == SolveStatus::Mate);
    CHECK(r.length == c.length);
    CHECK(check_main_line(from_sfen(c.sfen), r.line) == "");
  }
}

TEST_CASE("futile interpositions shorten the mate unless counted", "[solve][futile]") {
  const SolveResult excluded = solve_sfen(FUTILE_1_OR_3, FutilePolicy::Narrow);
  INFO(excluded.note);
  REQUIRE(excluded.status == SolveStatus::Mate);
  CHECK(excluded.length == 1);

  const SolveResult counted = solve_sfen(FUTILE_1_OR_3, FutilePolicy::Count);
  INFO(counted.note);
  REQUIRE(counted.status == SolveStatus::Mate);
  CHECK(counted.length == 3);

  const SolveResult five = solve_sfen(FUTILE_5, FutilePolicy::Narrow);
  INFO(five.note);
  REQUIRE(five.status == SolveStatus::Mate);
  CHECK(five.length == 5);
}

TEST_CASE("a table filled under one reading of futile interpositions is not read under another",
          "[solve][futile]") {
  // The same table, not cleared in between: the mate in 1 of the narrow reading (the drops are
  // futile) must not answer the question of the counting one (mate in 3).
  ProofTable table(TABLE_MB);
  SolveOptions options;
  options.limits.max_nodes = 1'000'000;
  options.futile = FutilePolicy::Narrow;
  CHECK(solve(from_sfen(FUTILE_1_OR_3), table, options).length == 1);
  options.futile = FutilePolicy::Count;
  CHECK(solve(from_sfen(FUTILE_1_OR_3), table, options).length == 3);
  options.futile = FutilePolicy::Narrow;
  CHECK(solve(from_sfen(FUTILE_1_OR_3), table, options).length == 1);
}

TEST_CASE("out of budget before the length is proven shortest, the mate found is still shown",
          "[solve]") {
  // 将棋図巧 16 (23 plies): its first mate costs a few thousand nodes, proving it shortest
  // millions.
  const std::string zukou16 = "5gGl1/6R1n/5n1Lk/6+p2/5B1p1/9/9/9/9 b RBN2g4sn2l16p 1";
  const SolveResult r = solve_past_limit(zukou16, TABLE_MB, 300'000);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Unknown);
  REQUIRE(r.upper_bound >= 23);
  REQUIRE(!r.line.empty());
  CHECK(int(r.line.size()) == r.upper_bound);  // shorter would be no mate of its length
  CHECK(check_main_line(from_sfen(zukou16), r.line) == "");
  CHECK(r.note.find("not proven shortest") != std::string::npos);
}

TEST_CASE("a mate not proven shortest is shown only by a walk as long as its bound", "[solve]") {
  // 将棋図巧 31 (shortest 31 plies under the composers' reading): after 2.5M nodes the mate found
  // is 47 plies, and the table no longer holds the proofs of the longest replies, so the walk
  // down the proofs took a shorter reply and came out at 39 plies. Shown, it read as "a mate in
  // 39 plies"; such a walk is no mate of its own length, and is not shown.
  const std::string zukou31 = "n1gg5/1pPS5/3r5/kLRp5/2+B1Nb3/9/9/9/9 b N2g3sn3l15p 1";
  const SolveResult r = solve_past_limit(zukou31, 64, 2'500'000);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Unknown);
  CHECK(r.upper_bound >= 31);  // the mate found: proven, shown or not
  if (r.line.empty())
    CHECK(r.note.find("the line shown") == std::string::npos);
  else
    CHECK(int(r.line.size()) == r.upper_bound);
}

TEST_CASE("shortening a mate by local searches along its line proves the same lengths",
          "[solve][local]") {
  // The local searches only lower the bound the root question then proves shortest: the length
  // and the soundness of the line may not depend on them.
  for (const auto& p : bench::BENCH_PROBLEMS) {
    if (p.expected == bench::NOMATE) continue;
    INFO(p.name);
    ProofTable table(TABLE_MB);
    SolveOptions options;
    options.limits.max_nodes = 20'000'000;
    const SolveResult with = solve(from_sfen(p.sfen), table, options);
    options.local_query_nodes = 0;
    table.clear();
    const SolveResult without = solve(from_sfen(p.sfen), table, options);
    REQUIRE(with.status == SolveStatus::Mate);
    REQUIRE(without.status == SolveStatus::Mate);
    CHECK(with.length == without.length);
    CHECK(int(with.line.size()) == with.length);  // solve replayed and checked it
  }
}

TEST_CASE("two searches with their own tables do not disturb each other", "[solve]") {
  const std::vector<std::string> a = {EXAMPLE_7, FUTILE_5, PERPETUAL_CHECK};
  const std::vector<std::string> b = {FUTILE_5, PERPETUAL_CHECK, EXAMPLE_7};
  // Alone: each list on a table of its own, in turn.
  std::vector<SolveResult> alone_a, alone_b;
  ProofTable first(TABLE_MB), second(TABLE_MB);
  for (const std::string& sfen : a) alone_a.push_back(solve_sfen(sfen, first));
  for (const std::string& sfen : b) alone_b.push_back(solve_sfen(sfen, second));
  // Interleaved: the two tables alive at once, the solves alternating between them.
  for (size_t i = 0; i < a.size(); ++i) {
    const SolveResult ra = solve_sfen(a[i], first);
    const SolveResult rb = solve_sfen(b[i], second);
    INFO(a[i] << " / " << b[i]);
    CHECK(ra.status == alone_a[i].status);
    CHECK(ra.length == alone_a[i].length);
    CHECK(ra.line == alone_a[i].line);
    CHECK(ra.nodes == alone_a[i].nodes);
    CHECK(rb.status == alone_b[i].status);
    CHECK(rb.length == alone_b[i].length);
    CHECK(rb.line == alone_b[i].line);
    CHECK(rb.nodes == alone_b[i].nodes);
  }
}

TEST_CASE("progress reports are ordered snapshots and leave the search as it is",
          "[solve][progress]") {
  // kanju solve draws its live line from these reports; asking for them must not change what
  // the search does (the bench signature is taken without them).
  const char* const mate15 = "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1";
  ProofTable table(TABLE_MB);
  const SolveResult plain = solve_sfen(mate15, table);

  std::vector<SearchProgress> reports;
  SolveOptions options;
  options.limits.max_nodes = 20'000'000;
  options.limits.progress = [&](const SearchProgress& p) { reports.push_back(p); };
  options.limits.progress_interval = 0;  // every time the search looks at its limits
  table.clear();
  const SolveResult r = solve(from_sfen(mate15), table, options);
  INFO(r.note);
  REQUIRE(r.status == SolveStatus::Mate);
  CHECK(r.length == plain.length);
  CHECK(r.line == plain.line);
  CHECK(r.nodes == plain.nodes);

  REQUIRE(!reports.empty());
  const std::vector<std::string> phases = {"prove", "shorten", "line"};
  size_t phase = 0;
  for (size_t i = 0; i < reports.size(); ++i) {
    const SearchProgress& p = reports[i];
    INFO("report " << i << ": " << p.phase << " nodes " << p.nodes << " best " << p.best_length);
    const auto at = std::find(phases.begin(), phases.end(), std::string(p.phase));
    REQUIRE(at != phases.end());
    CHECK(size_t(at - phases.begin()) >= phase);  // prove, then shorten, then line
    phase = at - phases.begin();
    if (i > 0) {
      CHECK(p.nodes >= reports[i - 1].nodes);
      CHECK(p.seconds >= reports[i - 1].seconds);
    }
    CHECK(p.nodes <= r.nodes);
    CHECK(p.hashfull >= 0);
    CHECK(p.hashfull <= 1000);
    if (phase == 0)
      CHECK(p.best_length == -1);
    else
      CHECK(p.best_length >= r.length);  // the shortest mate proven so far
  }
}

TEST_CASE("node counts are deterministic, as kanju bench's signature needs", "[solve][bench]") {
  // The bench's own list, with a lower node limit than its 2,000,000 so that problems the search
  // cannot finish stay cheap.
  constexpr uint64_t MAX_NODES = 100'000;
  auto run = [&] {
    ProofTable table(TABLE_MB);
    std::vector<uint64_t> nodes;
    for (const bench::BenchProblem& b : bench::BENCH_PROBLEMS)
      nodes.push_back(solve_sfen(b.sfen, table, FutilePolicy::Narrow, MAX_NODES).nodes);
    return nodes;
  };
  const std::vector<uint64_t> once = run();
  const std::vector<uint64_t> again = run();
  CHECK(once == again);
  uint64_t sum = 0;
  for (uint64_t n : once) sum += n;
  CHECK(sum > 0);
}
