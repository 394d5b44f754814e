#include "progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace kanju::cli {

namespace {

constexpr double SHOW_AFTER_SECONDS = 1.0;
constexpr double REDRAW_SECONDS = 0.25;
constexpr double LIVE_RATE_SECONDS = 1.0;  // the live rate's measuring window, at least

double seconds_between(std::chrono::steady_clock::time_point a,
                       std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

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

// Columns of the terminal on stderr, 80 if it does not say.
size_t terminal_width() {
  winsize w{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 1) return w.ws_col;
  return 80;
}

}  // namespace

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

// --- StatusLine

void StatusLine::show(std::string text, std::initializer_list<std::string> extras) {
  // One column short of the width: a line that fills the last column wraps on some terminals,
  // and '\r' would then return to the wrong row.
  const size_t fits = terminal_width() - 1;
  for (const std::string& extra : extras) {
    if (text.size() + extra.size() <= fits) {
      text += extra;
      break;
    }
  }
  if (text.size() > fits) text.resize(fits);
  const size_t drawn = text.size();
  if (drawn < shown_) text.append(shown_ - drawn, ' ');  // cover the rest of the longer line
  std::cerr << '\r' << text << std::flush;
  shown_ = drawn;
}

void StatusLine::erase() {
  if (shown_ == 0) return;
  std::cerr << '\r' << std::string(shown_, ' ') << '\r' << std::flush;
  shown_ = 0;
}

// --- BatchProgress

BatchProgress::BatchProgress(size_t total, bool enabled) : total_(total), enabled_(enabled) {}

void BatchProgress::searched(uint64_t nodes) {
  all_nodes_.fetch_add(nodes, std::memory_order_relaxed);
  if (!enabled_) return;
  // A search thread never waits here: if a result is being printed, the next report draws.
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  const Clock::time_point now = Clock::now();
  if (seconds_between(last_draw_, now) >= REDRAW_SECONDS) draw(now);
}

void BatchProgress::finish(uint64_t nodes, const std::function<void()>& print) {
  std::lock_guard lock(mutex_);
  line_.erase();
  print();
  std::cout << std::flush;
  ++done_;
  nodes_ += nodes;
  draw(Clock::now());
}

void BatchProgress::clear() {
  std::lock_guard lock(mutex_);
  line_.erase();
  cleared_ = true;
}

void BatchProgress::draw(Clock::time_point now) {
  last_draw_ = now;
  const double elapsed = seconds_between(start_, now);
  if (!enabled_ || cleared_ || elapsed < SHOW_AFTER_SECONDS || done_ >= total_) return;
  const uint64_t all = all_nodes_.load(std::memory_order_relaxed);
  const double window = seconds_between(sample_time_, now);
  if (window >= LIVE_RATE_SECONDS) {
    live_rate_ = (all - sample_nodes_) / window;
    sample_time_ = now;
    sample_nodes_ = all;
  }
  std::string text = std::to_string(done_) + '/' + std::to_string(total_) + " problems  ";
  if (done_ > 0) {
    const double rate = done_ / elapsed;
    text += short_count(rate) + "/s  " + short_count(nodes_ / elapsed) + " nodes/s  elapsed " +
            clock_time(elapsed) + "  ETA " + clock_time((total_ - done_) / rate);
  } else {
    text += "elapsed " + clock_time(elapsed);
  }
  if (live_rate_ < 0) return line_.show(std::move(text));
  const std::string live = "  live " + short_count(live_rate_);
  line_.show(std::move(text), {live + " nodes/s", live + "/s"});
}

// --- SearchProgressLine

void SearchProgressLine::update(const SearchProgress& p) {
  if (!enabled_ || p.seconds < SHOW_AFTER_SECONDS) return;
  char table[32];
  std::snprintf(table, sizeof table, "%.1f%%", p.hashfull / 10.0);
  line_.show(short_count(double(p.nodes)) + " nodes  " + short_count(p.nodes / p.seconds) +
             " nodes/s  elapsed " + clock_time(p.seconds) + "  hash " + table + "  " + p.phase +
             "  best " + (p.best_length >= 0 ? std::to_string(p.best_length) : "-"));
}

void SearchProgressLine::clear() { line_.erase(); }

}  // namespace kanju::cli
