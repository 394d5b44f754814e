#include "batch.h"

#include <iostream>
#include <map>
#include <new>

#include "mpi_farm.h"
#include "solver/text.h"

namespace kanju::cli {

void for_each_collection_line(
    std::istream& in,
    const std::function<void(int, const std::string&, const std::vector<std::string>&)>& problem) {
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const std::vector<std::string> cols = split_tabs(text);
    if ((cols.size() == 1 && cols[0].empty()) || cols[0].starts_with('#')) continue;
    problem(line, text, cols);
  }
}

void add_table_options(CLI::App* sub, size_t& hash_mb, int& threads,
                       const std::string& threads_help, FutilePolicy& futile, bool allow_wide) {
  sub->add_option("--hash", hash_mb, "Proof table size in MB, per thread")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 20));
  sub->add_option("--threads", threads, threads_help)
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  add_futile_option(sub, futile, allow_wide);
}

void add_futile_option(CLI::App* sub, FutilePolicy& futile, bool allow_wide) {
  std::map<std::string, FutilePolicy> names;
  for (const char* name : {"composer", "narrow", "exclude", "count", "wide"})
    if (allow_wide || std::string(name) != "wide") names[name] = *parse_futile_policy(name);
  sub->add_option(
         "--futile", futile,
         std::string("Futile interpositions (無駄合, docs/RULES.md §4): composer (the "
                     "composers' reading: taken at once and mate on the spot, drops and "
                     "moves), narrow (drops taken by the checker only), count (every "
                     "interposition counts)") +
             (allow_wide ? ", or wide (experimental: also drops that only add two plies)" : ""))
      ->default_str("composer")
      ->transform(CLI::CheckedTransformer(names, CLI::ignore_case));
}

std::vector<size_t> run_batch_on_ranks(
    size_t count, const std::function<std::string(size_t)>& task,
    const std::function<void(size_t, const std::string&)>& result, std::atomic<bool>* stop,
    double timeout_seconds) {
  size_t handed = 0;
  FarmPlan plan;
  plan.stop = stop;
  plan.timeout_seconds = timeout_seconds;
  plan.next = [&]() -> std::optional<FarmTask> {
    if (handed >= count) return std::nullopt;
    const size_t i = handed++;
    return FarmTask{i, task(i)};
  };
  plan.more = [&] { return handed < count; };
  plan.done = [&](uint64_t i, const std::string& bytes) -> std::optional<std::string> {
    result(size_t(i), bytes);
    return std::nullopt;
  };
  const FarmOutcome outcome = run_farm(plan);
  for (int r : outcome.lost) std::cerr << "error: rank " << r << " stopped answering\n";
  return {outcome.unfinished.begin(), outcome.unfinished.end()};
}

void work_for_rank0(int threads, double timeout_seconds, std::atomic<bool>& stop,
                    const std::function<std::string(const std::string&, int)>& work) {
  FarmPlan plan;
  plan.threads = threads;
  plan.stop = &stop;
  plan.timeout_seconds = timeout_seconds;
  plan.work = work;
  run_farm(plan);
}

void add_ordered_option(CLI::App* sub, bool& ordered) {
  sub->add_flag("--ordered", ordered,
                "Print the results in input order (the --output file still gets each as it "
                "finishes)");
}

void add_mpi_options(CLI::App* sub, bool& mpi, double& timeout, const std::string& ranks_do) {
  sub->add_flag("--mpi", mpi, "Under mpirun: " + ranks_do + " (README: Beyond one machine)");
  sub->add_option("--mpi-timeout", timeout,
                  "With --mpi: seconds of silence after which a rank is lost")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
}

Result<std::vector<std::unique_ptr<ProofTable>>> make_tables(size_t count, size_t megabytes) {
  std::vector<std::unique_ptr<ProofTable>> tables;
  try {
    for (size_t i = 0; i < count; ++i) tables.push_back(std::make_unique<ProofTable>(megabytes));
  } catch (const std::bad_alloc&) {
    return Error{"cannot allocate " + std::to_string(count) + " hash table(s) of " +
                 std::to_string(megabytes) + " MB: lower --hash or --threads"};
  }
  return tables;
}

}  // namespace kanju::cli
