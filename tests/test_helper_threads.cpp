// One problem on several threads (solver/helper_threads.h): the same answers as one thread.
#include <catch2/catch.hpp>

#include "solver/helper_threads.h"
#include "solver/solve.h"
#include "tests/sfen_fixture.h"
#include "tools/bench_problems.h"

using namespace kanju;
using kanju::test::from_sfen;

TEST_CASE("helper threads: the proven lengths of one thread", "[helper_threads]") {
  uint64_t helper_nodes = 0;
  for (const auto& p : bench::BENCH_PROBLEMS) {
    INFO(p.name);
    SolveOptions options;
    options.limits.max_nodes = 20'000'000;
    ProofTable one_table(32), shared_table(32);
    const SolveResult one = solve(from_sfen(p.sfen), one_table, options);
    options.threads = 3;  // more threads than cores: contention, and still the same answers
    const SolveResult many = solve(from_sfen(p.sfen), shared_table, options);
    REQUIRE(one.status != SolveStatus::Unknown);
    CHECK(many.status == one.status);
    CHECK(many.length == one.length);
    // solve() replayed the line (futile interpositions judged as in the search).
    if (many.status == SolveStatus::Mate) CHECK(int(many.line.size()) == many.length);
    CHECK(many.nodes >= many.helper_nodes);
    helper_nodes += many.helper_nodes;
    CHECK_FALSE(shared_table.concurrent());  // back to one thread's table afterwards
  }
  // On the small problems the main search may finish before a helper starts; not on all.
  CHECK(helper_nodes > 0);
}

TEST_CASE("helper threads: a stopped search stops its helpers", "[helper_threads]") {
  // 将棋図巧16: its proof takes millions of nodes; the stop arrives at once.
  const Position root = from_sfen("5gGl1/6R1n/5n1Lk/6+p2/5B1p1/9/9/9/9 b RBN2g4sn2l16p 1");
  std::atomic<bool> stop{true};
  SolveOptions options;
  options.limits.stop = &stop;
  options.threads = 2;
  ProofTable table(16);
  const SolveResult r = solve(root, table, options);
  CHECK(r.status == SolveStatus::Unknown);
}
