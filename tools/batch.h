// What `kanju solve` and `kanju verify` share to work through a collection of problems: reading
// its lines, one proof table per thread, and the parallel loop that feeds the batch progress
// line (progress.h).
#pragma once

#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "progress.h"
#include "solver/proof_table.h"
#include "solver/result.h"

namespace kanju::cli {

// Calls `problem(number, text, columns)` for each problem line of a collection (problems/*.tsv,
// SFEN<TAB>expected<TAB>id<TAB>note...): every line but the blank ones and those starting with
// '#', with its 1-based line number and its tab-separated columns (at least one).
void for_each_collection_line(
    std::istream& in,
    const std::function<void(int, const std::string&, const std::vector<std::string>&)>& problem);

// The options of `solve` and `verify` for their tables and threads: --hash MB (per thread),
// --threads N (`threads_help` says what runs in parallel), and --futile (add_futile_option).
void add_table_options(CLI::App* sub, size_t& hash_mb, int& threads,
                       const std::string& threads_help, FutilePolicy& futile,
                       bool allow_wide = false);

// --futile composer|narrow|count (exclude: narrow's old name; and wide, for solve only: the
// verifier's checks assume a reading that does not depend on the bound), parsed into the policy
// once, when the command line is read.
void add_futile_option(CLI::App* sub, FutilePolicy& futile, bool allow_wide = false);

// --ordered (results in input order; the --output file still gets each as it finishes).
void add_ordered_option(CLI::App* sub, bool& ordered);

// --mpi and --mpi-timeout (tools/mpi_farm.h); `ranks_do` says what the ranks other than 0 do.
void add_mpi_options(CLI::App* sub, bool& mpi, double& timeout, const std::string& ranks_do);

// One table per thread, allocated here so that a failure is an error message, not a crash.
Result<std::vector<std::unique_ptr<ProofTable>>> make_tables(size_t count, size_t megabytes);

// Works through problems 0 .. count-1 on tables.size() OpenMP threads, each with its own table
// (emptied before each problem), the next problem to whichever thread is free (slow problems do
// not hold up the rest). `search(i, table, on_progress)` searches problem i on `table`, with
// `on_progress` as its SearchLimits::progress (empty when the progress line is off), and returns
// a result whose `nodes` are all it searched. Those nodes go to `progress` as the search runs
// and when it ends; then `report(i, result)` is called on the thread that searched, so it must
// serialise its printing (BatchProgress::finish does).
//
// Once `*stop` is set (if `stop` is given), no problem is started and the one running is not
// reported. The first exception a problem throws is rethrown once every thread is done.
template <class Search, class Report>
void run_batch(size_t count, std::vector<std::unique_ptr<ProofTable>>& tables,
               BatchProgress& progress, const std::atomic<bool>* stop, const Search& search,
               const Report& report) {
  const auto stopped = [stop] { return stop != nullptr && stop->load(); };
  std::exception_ptr failure;  // the first exception (it may not leave the parallel region)
  std::atomic<bool> failed = false;
  const long n = long(count);
#pragma omp parallel for schedule(dynamic, 1) num_threads(int(tables.size()))
  for (long i = 0; i < n; ++i) {
    if (failed.load(std::memory_order_relaxed) || stopped()) continue;
    try {
      ProofTable& table = *tables[omp_get_thread_num()];
      if (table.used() > 0) table.clear();
      uint64_t reported = 0;  // nodes of this search already given to progress
      std::function<void(const SearchProgress&)> on_progress;
      if (progress.enabled()) {
        on_progress = [&](const SearchProgress& s) {
          progress.searched(s.nodes - std::min(s.nodes, reported));
          reported = std::max(reported, s.nodes);
        };
      }
      const auto result = search(size_t(i), table, on_progress);
      progress.searched(result.nodes - std::min<uint64_t>(result.nodes, reported));
      if (!stopped()) report(size_t(i), result);
    } catch (...) {
#pragma omp critical(kanju_batch_failure)
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  }
  if (failure) std::rethrow_exception(failure);
}

// --mpi on rank 0 (tools/mpi_farm.h): hands problems 0 .. count-1 out to the other ranks,
// `task(i)` giving the bytes a worker needs, and calls `result(i, bytes)` as each result comes.
// Returns the problems left unfinished (held by a lost rank, or out when `stop` was set); a lost
// rank is named on stderr.
std::vector<size_t> run_batch_on_ranks(
    size_t count, const std::function<std::string(size_t)>& task,
    const std::function<void(size_t, const std::string&)>& result, std::atomic<bool>* stop,
    double timeout_seconds);

// --mpi on a worker rank: runs `work(task, thread)` for each task rank 0 sends, on `threads`
// threads (each thread its own index, for its own table), until rank 0 says stop.
void work_for_rank0(int threads, double timeout_seconds, std::atomic<bool>& stop,
                    const std::function<std::string(const std::string&, int)>& work);

// --ordered: results printed in input order however they finish. `ready(i, print)` says result i
// is in: its print runs at once when every earlier result has printed, else once they have.
// Not thread-safe: call it where printing is serialised (BatchProgress::finish).
class InputOrder {
 public:
  InputOrder(size_t count, bool ordered) : pending_(ordered ? count : 0), ordered_(ordered) {}

  void ready(size_t i, std::function<void()> print) {
    if (!ordered_) return print();
    pending_[i] = std::move(print);
    for (; next_ < pending_.size() && pending_[next_]; ++next_)
      std::exchange(pending_[next_], {})();
  }

  // Prints what is still held (after a gap: a problem that never finished), in order.
  void flush() {
    for (auto& print : pending_)
      if (print) std::exchange(print, {})();
  }

 private:
  std::vector<std::function<void()>> pending_;
  size_t next_ = 0;
  bool ordered_;
};

}  // namespace kanju::cli
