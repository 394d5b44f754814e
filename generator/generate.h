// Generating sound tsume problems (docs/RULES.md §5) with a unique solution, an empty hand at the end
// and no unneeded piece.
//
// The run is a sequence of batches of climbs. A climb is a short simulated annealing on the
// objective of score.h: it starts from a random problem, a seed, or a problem found earlier (the
// archive), and proposes edits and backward extensions (mutation.h). Every proposal is solved
// within a node budget that grows with the length sought (at most `solve_nodes`); one that mates
// with an empty hand and is long enough is screened for other mating checks (screen.h), then
// verified (verify.h, 不要駒 included) within `verify_nodes`, and its unneeded pieces, if that
// is its only flaw, are removed one at a time with a new verification each. Only the verdict Sound is
// accepted: a search that hits its limit rejects the candidate.
//
// Determinism: climb i of batch b draws from Rng::for_job(seed, b, i), every search is bounded
// by nodes and starts from an emptied table, and the climbs of a batch are merged in index order
// (duplicates removed, the archive extended) before the next batch starts. So the problems depend
// on the seed and the batch size (by default, the thread count), never on timing; only the time
// limit or a stop request can cut the run short.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "generator/score.h"
#include "solver/position.h"
#include "solver/proof_table.h"
#include "solver/search_types.h"

namespace kanju {

struct GenerateOptions {
  int count = 10;       // problems to find
  int min_length = 7;   // plies, inclusive
  int max_length = 99;  // plies, inclusive
  int max_pieces = 10;  // on the board (kings included) plus the attacker's hand
  uint64_t seed = 1;
  int threads = 1;
  int batch = 0;                      // climbs per batch; 0: four per thread
  int steps = 30;                     // proposals solved per climb
  double seconds = 0;                 // time limit of the whole run; 0: none
  size_t hash_mb = 32;                // proof table per thread
  uint64_t solve_nodes = 30'000;      // the screening solve of one proposal, at most
  uint64_t verify_nodes = 8'000'000;  // one verification, every check included
  uint64_t check_nodes = 500'000;     // one check within a verification
  FutilePolicy futile = FutilePolicy::Composer;
  double min_score = -1e9;    // report only problems of at least this quality() (score.h)
  bool all_families = false;  // report every problem, not one a family (family.h)
  // Long problems: every climb starts from one of the longest sound problems found so far (or a
  // seed) and only extends it backward, two plies at a time, each rung verified.
  bool ladder = false;
  std::vector<Position> seeds;              // start climbs from these (attacker to move)
  const std::atomic<bool>* stop = nullptr;  // set from another thread to end the run early
};

struct GeneratedProblem {
  Position position;  // Black to move, White holding the rest of the set
  std::vector<Move> line;
  Features features;
  double score = 0;
  uint64_t batch = 0, index = 0;  // the climb that found it
  std::string origin;             // the proposal that found it: random, seed, mutation, backward
  double seconds = 0;             // since the run started
  double quality = 0;             // quality(features)
  std::string family;             // family_id() of its family
};

struct GenerateStats {
  uint64_t tried = 0;                          // proposals solved
  uint64_t mates = 0;                          // of which mate
  uint64_t verified = 0;                       // verifications run
  uint64_t archived = 0;                       // distinct sound problems found, any length
  uint64_t solve_nodes = 0, verify_nodes = 0;  // searched by the solves and the verifications
  int found = 0;                               // problems reported (within the length range)
  uint64_t families = 0;                       // families among the problems in the range
  int longest = 0;                             // the longest reported, plies
  uint64_t batches = 0;
  double seconds = 0;
};

// Runs until `count` problems are found, the time is up or `stop` is set. `found` is called for
// each problem as it is found, in order, from the calling thread; `progress` from any thread
// (one at a time) whenever a proposal has been solved.
GenerateStats generate(const GenerateOptions& options,
                       const std::function<void(const GeneratedProblem&)>& found,
                       const std::function<void(const GenerateStats&)>& progress = {});

// generate() cut into its pieces, for a run spread over processes (`kanju generate --mpi`): every
// process holds a Generation made from the same options; the climbs of a batch run anywhere,
// their results travel as text, and every process merges the whole batch, in index order, before
// the next one starts. Merging is what generate() does between batches, so the problems are
// those of one process with the same seed and batch size.
//
// options.stop and options.seconds are watched (by a thread of the Generation): once either
// fires, stop_flag() is set and the climbs running end early.
class GenerationRun;

class Generation {
 public:
  explicit Generation(const GenerateOptions& options);
  ~Generation();
  Generation(const Generation&) = delete;
  Generation& operator=(const Generation&) = delete;

  int batch_size() const;
  // Climb `index` of batch `batch` on `table`; its result as text. Safe on several threads at
  // once, between merges.
  std::string climb(uint64_t batch, uint64_t index, ProofTable& table);
  // Merges one batch's results (climb()'s texts, in index order); `found` is called for each new
  // problem within the lengths sought while more are wanted. Throws std::runtime_error on a text
  // that does not read.
  void merge(const std::vector<std::string>& results,
             const std::function<void(const GeneratedProblem&)>& found);
  // Enough problems found, or stopped.
  bool finished() const;
  std::atomic<bool>* stop_flag();
  // The statistics so far (the counts of merged climbs only).
  GenerateStats stats() const;

 private:
  GenerateOptions options_;
  std::function<void(const GenerateStats&)> no_progress_;
  std::unique_ptr<GenerationRun> run_;
};

}  // namespace kanju
