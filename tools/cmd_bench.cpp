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

#include "batch.h"
#include "bench_problems.h"
#include "commands.h"
#include "json.h"
#include "solver/sfen.h"
#include "solver/solve.h"

namespace kanju::cli {

namespace {

using bench::BENCH_PROBLEMS;
using bench::BenchProblem;
using bench::NOMATE;

struct BenchOptions {
  size_t hash_mb = 64;
  uint64_t nodes = 20'000'000;
  bool json = false;
  FutilePolicy futile = FutilePolicy::Composer;
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
  options.futile = opt.futile;

  if (!opt.json)
    std::printf("%-16s %-8s %-8s %12s %9s\n", "problem", "result", "expected", "nodes", "seconds");
  uint64_t total_nodes = 0, total_expansions = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const BenchProblem& b : BENCH_PROBLEMS) {
    Result<Position> pos = parse_sfen(b.sfen);
    if (!pos) return fail(std::string(b.name) + ": " + pos.error());
    table->clear();  // every problem starts from an empty table, or the counts depend on order
    const SolveResult r = solve(*pos, *table, options);
    total_nodes += r.nodes;
    total_expansions += r.expansions;
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
                     .integer("expansions", int64_t(total_expansions))
                     .number("nps", nps, 0)
                     .number("seconds", seconds, 3)
                     .text()
              << std::endl;
  else
    std::printf("\nNodes searched: %llu\nNodes/s: %.0f\nExpansions: %llu (%.0f/s)\nTime: %.3fs\n",
                (unsigned long long)total_nodes, nps, (unsigned long long)total_expansions,
                seconds > 0 ? total_expansions / seconds : 0, seconds);
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
  sub->add_option("--nodes", opt->nodes, "Node limit per problem (the signature assumes 20000000)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  add_futile_option(sub, opt->futile);
  sub->add_flag("--json", opt->json, "One JSON object per problem, then one with the totals");
  return {sub, [opt] { return run_bench(*opt); }};
}

}  // namespace kanju::cli
