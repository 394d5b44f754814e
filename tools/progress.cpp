#include "progress.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

namespace kanju::cli {

namespace {

constexpr double SHOW_AFTER_SECONDS = 1.0;

// "1:05", "1:02:03".
std::string clock_time(double seconds) {
  const long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

// "0.4", "950", "12.3k", "4.56M".
std::string short_count(double n) {
  char buf[32];
  if (n >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", n / 1e6);
  else if (n >= 1e4)
    std::snprintf(buf, sizeof buf, "%.1fk", n / 1e3);
  else if (n >= 10)
    std::snprintf(buf, sizeof buf, "%.0f", n);
  else
    std::snprintf(buf, sizeof buf, "%.1f", n);
  return buf;
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

BatchProgress::BatchProgress(size_t total, bool enabled) : total_(total), enabled_(enabled) {}

void BatchProgress::finish(uint64_t nodes, const std::function<void()>& print) {
  std::lock_guard lock(mutex_);
  erase();
  print();
  std::cout << std::flush;
  ++done_;
  nodes_ += nodes;
  draw();
}

void BatchProgress::clear() {
  std::lock_guard lock(mutex_);
  erase();
  enabled_ = false;
}

void BatchProgress::erase() {
  if (!shown_) return;
  std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

void BatchProgress::draw() {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (!enabled_ || elapsed < SHOW_AFTER_SECONDS || done_ == 0 || done_ >= total_) return;
  const double rate = done_ / elapsed;
  std::cerr << done_ << '/' << total_ << " problems  " << short_count(rate) << "/s  "
            << short_count(nodes_ / elapsed) << " nodes/s  elapsed " << clock_time(elapsed)
            << "  ETA " << clock_time((total_ - done_) / rate) << std::flush;
  shown_ = true;
}

}  // namespace kanju::cli
