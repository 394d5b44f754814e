// The MPI side of tools/mpi_farm.h: the only translation unit that includes <mpi.h>.
//
// Protocol (tags below): a worker says READY with its thread count, then gets TASKs, one per
// thread and a few more queued when tasks are short (so that a round trip never idles a thread),
// and answers each with its RESULT and the time it took; rank 0 may send a MESSAGE (for every worker) between
// tasks, and STOP at the end. Both sides send a BEAT when they have been silent for a second.
// Every send is non-blocking and every receive is polled, so two large messages crossing each
// other cannot deadlock, and a silent peer is noticed.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iostream>
#include <list>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "../mpi_farm.h"
#include "../wire.h"

namespace kanju::cli {

namespace {

enum Tag : int { READY = 1, RESULT, BEAT, TASK, MESSAGE, STOP };

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Sends in flight: each keeps its bytes until MPI says it is done with them.
class Outbox {
 public:
  void send(int dest, Tag tag, std::string bytes) {
    if (bytes.size() > size_t(INT_MAX)) throw std::length_error("MPI message over 2 GB");
    pending_.push_back({dest, std::move(bytes), MPI_REQUEST_NULL});
    Pending& p = pending_.back();
    MPI_Isend(p.bytes.data(), int(p.bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD, &p.request);
    last_sent_[dest] = Clock::now();
  }

  // Completes what it can; true when something completed.
  bool progress() {
    bool any = false;
    for (auto it = pending_.begin(); it != pending_.end();) {
      int flag = 0;
      MPI_Test(&it->request, &flag, MPI_STATUS_IGNORE);
      if (flag) {
        it = pending_.erase(it);
        any = true;
      } else {
        ++it;
      }
    }
    return any;
  }

  // Forgets the sends to a lost rank: MPI may finish or drop them.
  void abandon(int dest) {
    for (auto it = pending_.begin(); it != pending_.end();) {
      if (it->dest != dest) {
        ++it;
        continue;
      }
      MPI_Request_free(&it->request);
      it = pending_.erase(it);
    }
  }

  // Waits (at most `seconds`) for every send to complete.
  void drain(double seconds) {
    const auto start = Clock::now();
    while (!pending_.empty() && seconds_since(start) < seconds)
      if (!progress()) std::this_thread::sleep_for(std::chrono::microseconds(100));
    for (Pending& p : pending_) MPI_Request_free(&p.request);
    pending_.clear();
  }

  double silent_seconds(int dest) const {
    auto it = last_sent_.find(dest);
    return it == last_sent_.end() ? 1e9 : seconds_since(it->second);
  }

 private:
  struct Pending {
    int dest;
    std::string bytes;
    MPI_Request request;
  };
  std::list<Pending> pending_;  // a list: the bytes must not move while MPI holds them
  std::map<int, Clock::time_point> last_sent_;
};

// One message waiting from `source` (or any), received into `bytes`.
bool receive(int source, int& from, int& tag, std::string& bytes) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (!flag) return false;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  bytes.assign(size_t(count), '\0');
  MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  from = status.MPI_SOURCE;
  tag = status.MPI_TAG;
  return true;
}

// Polling that costs the searches next to it almost nothing: a short sleep after activity,
// doubling while nothing happens, up to 1 ms (the most a message waits to be seen).
class Idle {
 public:
  void operator()(bool busy) {
    if (busy) return reset();
    std::this_thread::sleep_for(next());
  }
  void reset() { wait_ = 50; }
  // The wait to take now, and the next one doubled (at most 1 ms).
  std::chrono::microseconds next() {
    const int w = wait_;
    wait_ = std::min(wait_ * 2, 1000);
    return std::chrono::microseconds(w);
  }

 private:
  int wait_ = 50;  // microseconds
};

// --- Rank 0

struct WorkerRank {
  bool alive = true;
  int threads = 0;          // 0 until READY
  double task_seconds = 1;  // the recent mean time of a task (from 1 s: no queue at first)

  // Tasks it may hold: one per thread, plus enough queued to cover about 4 ms of round trip
  // when tasks are short (a thousand 50-microsecond solves), none when they are long (a queued
  // minute-long verify would wait while another rank idles at the end of the run).
  size_t limit() const {
    const double extra = threads * 0.004 / std::max(task_seconds, 1e-6);
    return size_t(threads) + size_t(std::min(extra, 64.0 * threads));
  }
  std::set<uint64_t> held;
  Clock::time_point heard = Clock::now();
};

class Coordinator {
 public:
  Coordinator(const FarmPlan& plan, int size) : plan_(plan), ranks_(size_t(size)) {
    outcome_.coordinator = true;
    outcome_.workers = size - 1;
  }

  FarmOutcome run() {
    Idle idle;
    while (true) {
      bool busy = read_messages();
      if (plan_.stop && plan_.stop->load()) {
        outcome_.stopped = true;
        break;
      }
      drop_silent_ranks();
      busy |= hand_out();
      if (finished()) break;
      beat();
      busy |= out_.progress();
      idle(busy);
    }
    outcome_.peer_lost = !outcome_.lost.empty();
    for (size_t r = 1; r < ranks_.size(); ++r) {
      if (!ranks_[r].alive) continue;
      out_.send(int(r), STOP, outcome_.peer_lost ? "lost" : "");
      outcome_.unfinished.insert(outcome_.unfinished.end(), ranks_[r].held.begin(),
                                 ranks_[r].held.end());
    }
    // Stopped by a signal, mpirun is about to kill every rank: no time to lose.
    out_.drain(outcome_.stopped ? 0.2 : 5);
    std::sort(outcome_.unfinished.begin(), outcome_.unfinished.end());
    return outcome_;
  }

 private:
  bool read_messages() {
    bool any = false;
    int from = 0, tag = 0;
    std::string bytes;
    while (receive(MPI_ANY_SOURCE, from, tag, bytes)) {
      any = true;
      WorkerRank& w = ranks_[size_t(from)];
      if (!w.alive) continue;  // lost once: its late words are ignored
      w.heard = Clock::now();
      if (tag == READY) {
        w.threads = int(std::max<uint64_t>(1, wire_to_number(bytes)));
      } else if (tag == RESULT) {
        const auto parts = unpack(bytes);
        if (!parts || parts->size() != 3) continue;
        const uint64_t id = wire_to_number((*parts)[0]);
        if (w.held.erase(id) == 0) continue;
        const double seconds = double(wire_to_number((*parts)[2])) * 1e-6;
        w.task_seconds = 0.8 * w.task_seconds + 0.2 * seconds;
        if (std::optional<std::string> message = plan_.done(id, (*parts)[1]))
          for (size_t r = 1; r < ranks_.size(); ++r)
            if (ranks_[r].alive) out_.send(int(r), MESSAGE, *message);
      }
    }
    return any;
  }

  void drop_silent_ranks() {
    for (size_t r = 1; r < ranks_.size(); ++r) {
      WorkerRank& w = ranks_[r];
      if (!w.alive || seconds_since(w.heard) <= plan_.timeout_seconds) continue;
      w.alive = false;
      outcome_.lost.push_back(int(r));
      for (uint64_t id : w.held) {
        if (plan_.requeue)
          plan_.requeue(id);
        else
          outcome_.unfinished.push_back(id);
      }
      w.held.clear();
      out_.abandon(int(r));
    }
  }

  bool hand_out() {
    bool any = false;
    for (size_t r = 1; r < ranks_.size(); ++r) {
      WorkerRank& w = ranks_[r];
      while (w.alive && w.held.size() < w.limit()) {
        std::optional<FarmTask> task = plan_.next();
        if (!task) return any;
        out_.send(int(r), TASK, pack({wire_number(task->id), std::move(task->data)}));
        w.held.insert(task->id);
        any = true;
      }
    }
    return any;
  }

  bool finished() const {
    bool alive = false, out = false;
    for (size_t r = 1; r < ranks_.size(); ++r) {
      alive |= ranks_[r].alive;
      out |= !ranks_[r].held.empty();
    }
    return !alive || (!out && !plan_.more());
  }

  void beat() {
    for (size_t r = 1; r < ranks_.size(); ++r)
      if (ranks_[r].alive && out_.silent_seconds(int(r)) > 1) out_.send(int(r), BEAT, "");
  }

  const FarmPlan& plan_;
  std::vector<WorkerRank> ranks_;  // [0] unused
  Outbox out_;
  FarmOutcome outcome_;
};

// --- Worker ranks

class Worker {
 public:
  explicit Worker(const FarmPlan& plan) : plan_(plan) {}

  // A task or a message that throws ends the job (MPI_Abort), once this rank's threads are
  // joined and the error is printed.
  FarmOutcome run() {
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, plan_.threads); ++t)
      threads.emplace_back([this, t] { work(t); });
    out_.send(0, READY, wire_number(uint64_t(std::max(1, plan_.threads))));
    bool stopped = false;
    auto heard = Clock::now();
    Idle idle;
    while (!stopped) {
      bool busy = false;
      int from = 0, tag = 0;
      std::string bytes;
      while (!stopped && receive(0, from, tag, bytes)) {
        busy = true;
        heard = Clock::now();
        if (tag == TASK) {
          const auto parts = unpack(bytes);
          if (!parts || parts->size() != 2) continue;
          FarmTask task{wire_to_number((*parts)[0]), std::move((*parts)[1])};
          // A task sent after a message waits until the message is applied.
          if (!messages_.empty()) {
            deferred_.push_back(std::move(task));
            continue;
          }
          std::lock_guard lock(mutex_);
          tasks_.push_back(std::move(task));
          ready_.notify_one();
        } else if (tag == MESSAGE) {
          messages_.push_back(std::move(bytes));
        } else if (tag == STOP) {
          stopped = true;
          peer_lost_ = !bytes.empty();  // "lost": another rank died
        }
      }
      try {
        busy |= apply_messages();
      } catch (...) {
        failure_ = std::current_exception();
      }
      {
        std::lock_guard lock(mutex_);
        if (failure_) stopped = true;
      }
      busy |= send_results();
      // Rank 0 beats every second; silence means it is gone, and so is the run. A signal to
      // this rank (mpirun passes Ctrl-C on as SIGTERM) ends it too.
      if (seconds_since(heard) > plan_.timeout_seconds) stopped = peer_lost_ = true;
      if (plan_.stop && plan_.stop->load()) stopped = true;
      if (out_.silent_seconds(0) > 1) out_.send(0, BEAT, "");
      busy |= out_.progress();
      if (!busy) {
        // A finished task wakes this thread at once; rank 0's words are polled.
        std::unique_lock lock(mutex_);
        done_.wait_for(lock, idle.next(), [&] { return !results_.empty() || failure_; });
      } else {
        idle.reset();
      }
    }
    if (plan_.stop) plan_.stop->store(true);  // the searches still running end now
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : threads) t.join();
    out_.drain(5);
    if (failure_) {
      int rank = 0;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      try {
        std::rethrow_exception(failure_);
      } catch (const std::exception& e) {
        std::cerr << "error: rank " << rank << ": " << e.what() << std::endl;
      } catch (...) {
        std::cerr << "error: rank " << rank << ": an unknown exception" << std::endl;
      }
      // Ends the job: rank 0 has written every result it received; --resume does the rest.
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    FarmOutcome outcome;
    outcome.peer_lost = peer_lost_;
    return outcome;
  }

 private:
  void work(int thread) {
    while (true) {
      FarmTask task;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return quit_ || !tasks_.empty(); });
        if (quit_) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
        ++running_;
      }
      std::string result;
      bool ok = true;
      const auto start = Clock::now();
      try {
        result = plan_.work(task.data, thread);
      } catch (...) {
        ok = false;
        std::lock_guard lock(mutex_);
        if (!failure_) failure_ = std::current_exception();
      }
      const auto micros = uint64_t(seconds_since(start) * 1e6);
      std::lock_guard lock(mutex_);
      --running_;
      // A search cut short by a stop, or a task that threw, is not a result.
      if (ok && !(plan_.stop && plan_.stop->load()))
        results_.push_back(
            {task.id, pack({wire_number(task.id), std::move(result), wire_number(micros)})});
      done_.notify_one();
    }
  }

  // A message applies between tasks: rank 0 sends it only once every task handed out before
  // it has come back, and those handed out after it wait in the queue behind it.
  bool apply_messages() {
    if (messages_.empty()) return false;
    {
      std::lock_guard lock(mutex_);
      if (running_ > 0) return false;
    }
    for (const std::string& m : messages_) plan_.apply(m);
    messages_.clear();
    std::lock_guard lock(mutex_);
    for (FarmTask& t : deferred_) tasks_.push_back(std::move(t));
    deferred_.clear();
    ready_.notify_all();
    return true;
  }

  bool send_results() {
    std::deque<FarmTask> done;
    {
      std::lock_guard lock(mutex_);
      done.swap(results_);
    }
    for (FarmTask& r : done) out_.send(0, RESULT, std::move(r.data));
    return !done.empty();
  }

  const FarmPlan& plan_;
  Outbox out_;
  std::mutex mutex_;
  std::condition_variable ready_;  // a task is queued, or quit
  std::condition_variable done_;   // a result is in
  std::deque<FarmTask> tasks_, results_;
  std::vector<std::string> messages_;  // main thread only: to apply before...
  std::vector<FarmTask> deferred_;     // ... these tasks start
  int running_ = 0;
  bool quit_ = false;
  bool peer_lost_ = false;      // main thread only: FarmOutcome::peer_lost
  std::exception_ptr failure_;  // the first exception of a task or a message
};

}  // namespace

bool farm_built() { return true; }

Result<int> farm_rank() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    // Only the main thread calls MPI; the worker threads never do.
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  }
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    MPI_Finalize();
    return Error{
        "--mpi needs at least two ranks (rank 0 hands out, the others work): run it as "
        "mpirun -np N kanju ... --mpi with N >= 2"};
  }
  return rank;
}

FarmOutcome run_farm(const FarmPlan& plan) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  FarmOutcome outcome = rank == 0 ? Coordinator(plan, size).run() : Worker(plan).run();
  // With a rank dead, OpenMPI's MPI_Finalize can wait for it forever (seen under mpirun
  // --enable-recovery: rank 0 hung there after naming the lost rank). Every result is written
  // by now; the process ends without it, which mpirun --enable-recovery tolerates as it did the
  // dead rank.
  if (!outcome.peer_lost) MPI_Finalize();
  return outcome;
}

}  // namespace kanju::cli
