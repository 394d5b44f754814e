// Generation (generator/generate.h): generate() cut into batches of climbs whose results travel as
// text, as `kanju generate --mpi` runs it. Climbs run in any order, results merged in index order,
// must give exactly what one generate() call gives.
#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "generator/generate.h"
#include "solver/proof_table.h"
#include "solver/sfen.h"
#include "solver/usi_move.h"
#include "solver/verify.h"

using namespace kanju;

namespace {

GenerateOptions batch_run() {
  GenerateOptions o;
  o.count = 4;
  o.min_length = 3;
  o.max_length = 7;
  o.max_pieces = 8;
  o.seed = 5;
  o.threads = 1;
  o.batch = 3;
  o.steps = 20;
  o.hash_mb = 16;
  return o;
}

std::string text_of(const GeneratedProblem& p) {
  std::string t = to_sfen(p.position);
  for (Move m : p.line) t.append(" ").append(to_usi(m));
  t.append(" ").append(std::to_string(p.batch)).append(".").append(std::to_string(p.index));
  return t.append(" ").append(p.origin);
}

// The problems of a run cut into batches as `--mpi` runs it, with two copies of the Generation,
// as rank 0 and a worker hold them: the worker climbs, out of order on purpose, and both merge.
std::vector<std::string> as_two_processes(const GenerateOptions& o) {
  Generation coordinator(o), worker(o);
  ProofTable table(std::max<size_t>(1, o.hash_mb - verify_scratch_mb(o.hash_mb)));
  std::vector<std::string> got;
  for (uint64_t batch = 0; !coordinator.finished() && batch < 200; ++batch) {
    std::vector<std::string> results(size_t(coordinator.batch_size()));
    for (int i = coordinator.batch_size() - 1; i >= 0; --i)
      results[size_t(i)] = worker.climb(batch, uint64_t(i), table);
    coordinator.merge(results, [&](const GeneratedProblem& p) { got.push_back(text_of(p)); });
    worker.merge(results, {});
  }
  return got;
}

}  // namespace

TEST_CASE("Climbs run out of order and merged by batch give generate()'s problems", "[generator]") {
  const GenerateOptions o = batch_run();
  std::vector<std::string> expected;
  generate(o, [&](const GeneratedProblem& p) { expected.push_back(text_of(p)); });
  REQUIRE(expected.size() == 4);

  CHECK(as_two_processes(o) == expected);
}

TEST_CASE("The ladder's plan gives the same problems whatever the order of its climbs",
          "[generator]") {
  GenerateOptions o = batch_run();
  o.ladder = true;
  o.seeds = {*parse_sfen("9/7Pk/7g1/5B+B2/5N3/9/9/9/9 b 2r3g4s3n4l17p 1")};  // 13 plies
  o.count = 1;
  o.min_length = 15;
  o.max_length = 15;
  o.max_pieces = 12;
  o.solve_nodes = 400'000;
  std::vector<std::string> expected;
  generate(o, [&](const GeneratedProblem& p) { expected.push_back(text_of(p)); });
  REQUIRE(expected.size() == 1);
  CHECK(as_two_processes(o) == expected);
}
