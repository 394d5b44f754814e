#include "interrupt.h"

#include <csignal>

namespace kanju::cli {

namespace {

std::atomic<bool> interrupted = false;

extern "C" void on_interrupt(int) { interrupted.store(true); }

}  // namespace

std::atomic<bool>& catch_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  return interrupted;
}

}  // namespace kanju::cli
