// One-line progress reports on stderr, redrawn in place ('\r'). They appear only when stderr is a
// terminal and the work has run for more than a second, they are cut to the terminal's width, and
// they are erased ('\r' and spaces) before a result is printed, so results never share a line
// with them.
//
// For a batch of problems (BatchProgress), redrawn as each problem finishes and, while searches
// run, about four times a second:
//
//   37/200 problems  2.5/s  1.20M nodes/s  elapsed 0:14  ETA 1:05  live 2.41M nodes/s
//
// where "live" is the node rate of all the searches, running ones included, over the last second
// or so (shortened to "live 2.41M/s", or left out, when the terminal is too narrow). For one search
// (SearchProgressLine), redrawn from the library's progress callback:
//
//   12.3M nodes  1.02M nodes/s  elapsed 0:12  hash 45.6%  shorten  best 17
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <string>

#include "solver/dfpn.h"

namespace kanju::cli {

// The text of a line drawn in place on stderr. Not thread-safe: its owner serialises calls.
class StatusLine {
 public:
  // Replaces what is shown with `text` (cut to the terminal's width), followed by the first of
  // `extras` that still fits, if any.
  void show(std::string text, std::initializer_list<std::string> extras = {});
  // Erases what is shown, leaving the cursor at the start of the line.
  void erase();

 private:
  size_t shown_ = 0;  // columns drawn (the text is ASCII)
};

class BatchProgress {
 public:
  // `enabled` false: never draws, but finish() still serialises printing.
  BatchProgress(size_t total, bool enabled);

  bool enabled() const { return enabled_; }

  // A running search has searched `nodes` more nodes since it last said so. Thread-safe and
  // cheap; may redraw the line (at most about four times a second, never blocking on a print).
  void searched(uint64_t nodes);

  // Records one finished problem that searched `nodes` in all (every one of them also given to
  // searched()): erases the line, runs `print` (which writes the problem's result), flushes
  // stdout, then redraws the line. Thread-safe.
  void finish(uint64_t nodes, const std::function<void()>& print);

  // Erases the line for good (call once the batch is over).
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  void draw(Clock::time_point now);

  std::mutex mutex_;
  StatusLine line_;
  size_t total_;
  size_t done_ = 0;
  uint64_t nodes_ = 0;                   // searched by the finished problems
  std::atomic<uint64_t> all_nodes_ = 0;  // searched by every search, finished or running
  const bool enabled_;
  bool cleared_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_ = start_;
  Clock::time_point sample_time_ = start_;  // the live rate is measured from here...
  uint64_t sample_nodes_ = 0;               // ... when all_nodes_ was this
  double live_rate_ = -1;                   // nodes/s of the running searches, -1: not measured
};

// The live report of one search, fed from SearchLimits::progress (on the searching thread).
class SearchProgressLine {
 public:
  // `enabled` false: never draws.
  explicit SearchProgressLine(bool enabled) : enabled_(enabled) {}

  // Draws the snapshot once the search has run for more than a second.
  void update(const SearchProgress& p);

  // Erases the line (call before printing the result).
  void clear();

 private:
  StatusLine line_;
  bool enabled_;
};

// True when stderr is a terminal (the progress line is meant for people, not for logs).
bool stderr_is_terminal();

}  // namespace kanju::cli
