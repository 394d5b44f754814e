// The USI mate engine behind `kanju usi`: reads USI commands line by line and answers them, so
// that shogi GUIs (ShogiHome, ShogiGUI, Shogidokoro) can use Kanju for mate search.
//
//   usi -> id, options, usiok        isready -> readyok (the table allocated)
//   setoption name N value V         usinewgame, gameover, ponderhit
//   position startpos|sfen ... [moves ... 0000 ...]
//   go mate <ms>|infinite -> exactly one "checkmate <moves>|nomate|timeout", never bestmove
//   go [infinite|movetime|byoyomi|btime ...] -> "info score mate N pv ...", then "bestmove"
//   stop, quit
//
// The search runs on its own thread, so `stop` and `quit` are read and obeyed while it runs; the
// two threads share the output, one whole line at a time, each line flushed.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "solver/position.h"
#include "solver/proof_table.h"
#include "solver/result.h"
#include "solver/solve.h"

namespace kanju::cli {

// The settings a GUI changes with setoption.
struct UsiOptions {
  size_t hash_mb = 256;                          // USI_Hash
  int threads = 1;                               // Threads: searches of one position
  FutilePolicy futile = FutilePolicy::Composer;  // FutileInterposition
  uint64_t max_nodes = 0;                        // NodesLimit, 0: none
  int info_interval_ms = 1000;                   // InfoInterval, 0: no periodic info
};

// What a go command asks for.
struct GoRequest {
  bool mate = false;      // "go mate": answer with checkmate, else with bestmove
  bool infinite = false;  // plain "go infinite": hold bestmove back until stop
  double seconds = 0;     // time limit, 0: none
};

class UsiEngine {
 public:
  UsiEngine(std::istream& in, std::ostream& out);
  ~UsiEngine();
  UsiEngine(const UsiEngine&) = delete;
  UsiEngine& operator=(const UsiEngine&) = delete;

  // Answers commands until "quit" or the end of the input; returns the exit code.
  int run();

 private:
  // Runs one command line; false when it was "quit".
  bool execute(const std::string& line);
  void send(const std::string& line);
  void error(const std::string& message) { send("info string error: " + message); }

  void usi();
  void isready();
  void setoption(const std::vector<std::string>& words);
  void set_option(const std::string& name, const std::string& value);
  void position(const std::string& line);
  void go(const std::vector<std::string>& words);
  // Stops the running search, if any, and waits for its answer.
  void stop_search();
  // Allocates the table at the USI_Hash size if it is not already; false (reported) on failure.
  bool ensure_table();

  // The search thread.
  void search(const Position& root, const GoRequest& request, const SolveOptions& options);

  std::istream& in_;
  std::ostream& out_;
  std::mutex out_mutex_;  // one line at a time from either thread

  UsiOptions options_;
  std::unique_ptr<ProofTable> table_;
  size_t table_mb_ = 0;
  Result<Position> position_;  // startpos until a position command; the error of a bad one

  std::thread search_thread_;
  std::atomic<bool> searching_ = false;
  std::atomic<bool> stop_ = false;
  std::atomic<bool> quitting_ = false;     // no answer after quit
  std::atomic<bool> input_ended_ = false;  // no stop will come: "go infinite" answers at once
  std::mutex stop_mutex_;  // with stop_cv_: "go infinite" waits for stop before bestmove
  std::condition_variable stop_cv_;
};

}  // namespace kanju::cli
