// Batches over MPI (`mpirun -np N kanju solve|verify|generate ... --mpi`): rank 0 reads the
// inputs, hands tasks out one at a time to whichever worker rank has a free thread, and writes
// every result as it arrives; ranks 1..N-1 run today's searches, several at once (one per
// thread, each with its own table). Tasks and results are opaque strings (tools/wire.h), so the
// commands decide what travels.
//
// Rank 0 hears from every worker at least once a second (a heartbeat when it has nothing else
// to say). A worker silent for longer than the timeout is lost: it gets no more tasks, and the
// tasks it held are handed back to the command, as unfinished (solve and verify report them,
// and --resume does them later) or to hand out again (generate). mpirun itself ends the whole job when a rank dies, unless it runs
// with --enable-recovery; either way rank 0 has already written every finished result.
//
// The implementation is one translation unit, tools/mpi/farm_mpi.cpp, built when CMake finds MPI
// (option KANJU_MPI); without it, tools/mpi/farm_none.cpp says so.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "solver/result.h"

namespace kanju::cli {

struct FarmTask {
  uint64_t id = 0;
  std::string data;
};

struct FarmPlan {
  // --- Rank 0
  // The next task to hand out now, or nothing for now.
  std::function<std::optional<FarmTask>()> next;
  // Whether next() may still give a task; once false and no task is out, the farm ends.
  std::function<bool()> more;
  // A task's result arrived. What it returns, if anything, goes to every worker, which applies
  // it before it starts any task handed out later (the generator's merged batch).
  std::function<std::optional<std::string>(uint64_t id, const std::string& result)> done;
  // If set, the tasks of a lost rank come back here (to be handed out again: the generator's
  // climbs, which give the same result anywhere); else they are reported unfinished.
  std::function<void(uint64_t id)> requeue;

  // --- Worker ranks
  int threads = 1;  // tasks run at once on this rank
  // Runs one task on thread `thread` (0 .. threads-1) and returns its result. Called on several
  // threads at once.
  std::function<std::string(const std::string& task, int thread)> work;
  // Applies what done() returned on rank 0; called while no task runs on this rank.
  std::function<void(const std::string& message)> apply;

  // --- Both
  // Set by Ctrl-C or SIGTERM: rank 0 hands out nothing more and tells the workers to stop; a
  // worker sets it when rank 0 says stop, so its searches (which watch it) end.
  std::atomic<bool>* stop = nullptr;
  double timeout_seconds = 30;  // a rank silent this long is lost
};

struct FarmOutcome {
  bool coordinator = false;          // this process is rank 0
  int workers = 0;                   // worker ranks
  std::vector<int> lost;             // ranks that stopped answering
  std::vector<uint64_t> unfinished;  // tasks handed out whose results never came
  bool stopped = false;              // ended by `stop`
  // A rank of the job died (lost, or rank 0 gone silent): MPI_Finalize, which waits for every
  // rank, could wait for it forever, so run_farm leaves it out. Rank 0 tells the workers.
  bool peer_lost = false;
};

// Whether this kanju was built with MPI.
bool farm_built();

// Starts MPI (once) and says which rank this process is: 0 coordinates. An error when kanju was
// built without MPI or when there are fewer than two ranks.
Result<int> farm_rank();

// Runs the farm on this rank (rank 0 coordinates, the others work) and returns once the work is
// over; MPI is finalised at process exit.
FarmOutcome run_farm(const FarmPlan& plan);

}  // namespace kanju::cli
