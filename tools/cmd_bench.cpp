// kanju bench: solves a fixed set of problems, single-threaded, with a node limit per problem,
// and prints the total node count. Like Stockfish's bench, that number is a signature of the
// search's behaviour: a change that alters it changes what the solver does, so a commit that
// means to change only speed should leave it alone. The set is built in (not read from
// problems/) so that editing a data file cannot change the signature.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <new>

#include "commands.h"
#include "json.h"
#include "solver/sfen.h"
#include "solver/solve.h"

namespace kanju::cli {

namespace {

struct BenchOptions {
  size_t hash_mb = 64;
  uint64_t nodes = 2'000'000;
  bool json = false;
};

constexpr int NOMATE = 0;

struct BenchProblem {
  const char* name;
  const char* sfen;
  int expected;  // plies, or NOMATE
};

// tests/test_solve.cpp runs a copy of this list to check that the node counts are deterministic:
// keep the two in step.
constexpr BenchProblem BENCH_PROBLEMS[] = {
    {"example-7", "9/9/7kp/5Bpp1/9/9/8P/9/7+rL b R2GSb2g3s4n3l14p 1", 7},
    {"perpetual-check", "6R+P1/8k/7sp/9/9/9/9/9/9 b r2b4g3s4n4l16p 1", NOMATE},
    {"khmet-minlen-15", "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1", 15},
    {"futile-5", "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1", 5},
    // Lines 1-2 of the yaneuraou 詰将棋500万問 subsets mate-{5,7,9,11}-ply.txt.
    {"yo-mate5-0001",
     "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72", 5},
    {"yo-mate5-0002", "lnsgs2+Pl/3kg4/p1pppN2p/6pp1/9/7R1/P1PP1Sg1P/1S3+b3/LN5KL w Nrbg6p 58", 5},
    {"yo-mate7-0001",
     "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 36", 7},
    {"yo-mate7-0002", "ln1g2B+Rl/2s6/pPppppk2/6p1p/9/4P1P1P/P1PPSP3/3+psK3/L+r3G1NL b SNb2gn2p 39",
     7},
    {"yo-mate9-0001", "ln2k3l/1Rs1gsgb1/2pppp3/p5Npp/5PP2/PP2P3P/2PPS4/1Bs2K3/LN3G1+rL w 2Pgnp 56",
     9},
    {"yo-mate9-0002",
     "ln1g1k1nl/1rP5g/p1sp1+P1P1/4p3p/2pS2p1P/1P1P3p1/PGB1PP3/5K3/L+r3G1N+b w S2Psnl 62", 9},
    {"yo-mate11-0001",
     "+P2+Rb1gnl/7k1/n1p1+Bp1pp/p5p2/1p1pP2P1/2+s6/PsNGSPP1P/3KG4/L5RNL b SL3Pg 83", 11},
    {"yo-mate11-0002", "l3+Rpknl/9/4G1pg1/pP+B2Ssp1/1npnP4/4KP2P/P2P4L/2GS4G/LR7 b SN6Pbp 151", 11},
};

std::string expected_text(int expected) {
  return expected == NOMATE ? "nomate" : std::to_string(expected);
}

std::string result_text(const SolveResult& r) {
  return r.status == SolveStatus::Mate ? std::to_string(r.length) : to_string(r.status);
}

std::string json_record(const BenchProblem& b, const SolveResult& r) {
  JsonObject o;
  o.str("name", b.name)
      .str("status", r.status == SolveStatus::NoMate ? "nomate" : to_string(r.status));
  r.status == SolveStatus::Mate ? o.integer("length", r.length) : o.null("length");
  b.expected == NOMATE ? o.str("expected", "nomate") : o.integer("expected", b.expected);
  o.integer("nodes", int64_t(r.nodes)).number("seconds", r.seconds, 3);
  return o.text();
}

int run_bench(const BenchOptions& opt) {
  std::unique_ptr<ProofTable> table;
  try {
    table = std::make_unique<ProofTable>(opt.hash_mb);
  } catch (const std::bad_alloc&) {
    return fail("cannot allocate a hash table of " + std::to_string(opt.hash_mb) + " MB");
  }
  SolveOptions options;
  options.limits.max_nodes = opt.nodes;

  if (!opt.json)
    std::printf("%-16s %-8s %-8s %12s %9s\n", "problem", "result", "expected", "nodes", "seconds");
  uint64_t total_nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const BenchProblem& b : BENCH_PROBLEMS) {
    Result<Position> pos = parse_sfen(b.sfen);
    if (!pos) return fail(std::string(b.name) + ": " + pos.error());
    table->clear();  // every problem starts from an empty table, or the counts depend on order
    const SolveResult r = solve(*pos, *table, options);
    total_nodes += r.nodes;
    if (opt.json)
      std::cout << json_record(b, r) << std::endl;
    else
      std::printf("%-16s %-8s %-8s %12llu %9.3f\n", b.name, result_text(r).c_str(),
                  expected_text(b.expected).c_str(), (unsigned long long)r.nodes, r.seconds);
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  const double seconds = elapsed.count();
  const double nps = seconds > 0 ? total_nodes / seconds : 0;
  if (opt.json)
    std::cout << JsonObject()
                     .integer("nodes_searched", int64_t(total_nodes))
                     .number("nps", nps, 0)
                     .number("seconds", seconds, 3)
                     .text()
              << std::endl;
  else
    std::printf("\nNodes searched: %llu\nNodes/s: %.0f\nTime: %.3fs\n",
                (unsigned long long)total_nodes, nps, seconds);
  return 0;
}

}  // namespace

Command add_bench(CLI::App& app) {
  auto opt = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand(
      "bench", "Solve the built-in problem set; prints the node-count signature");
  sub->add_option("--hash", opt->hash_mb, "Proof table size in MB (the signature assumes 64)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--nodes", opt->nodes, "Node limit per problem (the signature assumes 2000000)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->add_flag("--json", opt->json, "One JSON object per problem, then one with the totals");
  return {sub, [opt] { return run_bench(*opt); }};
}

}  // namespace kanju::cli
