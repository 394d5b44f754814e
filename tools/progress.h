// A one-line progress report on stderr for a batch of problems:
//
//   37/200 problems  2.5/s  1.2M nodes/s  elapsed 0:14  ETA 1:05
//
// redrawn in place ('\r') as each problem finishes. It appears only when stderr is a terminal and
// the batch has run for more than a second, and it is erased before a result is printed, so
// results never share a line with it. finish() also serialises the printing of results, which
// is what lets worker threads print as they finish.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>

namespace kanju::cli {

class BatchProgress {
 public:
  // `enabled` false: never draws, but finish() still serialises printing.
  BatchProgress(size_t total, bool enabled);

  // Records one finished problem that searched `nodes`: erases the line, runs `print` (which
  // writes the problem's result), then redraws the line. Thread-safe.
  void finish(uint64_t nodes, const std::function<void()>& print);

  // Erases the line for good (call once the batch is over).
  void clear();

 private:
  void erase();
  void draw();

  std::mutex mutex_;
  size_t total_;
  size_t done_ = 0;
  uint64_t nodes_ = 0;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// True when stderr is a terminal (the progress line is meant for people, not for logs).
bool stderr_is_terminal();

}  // namespace kanju::cli
