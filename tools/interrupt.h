// Ctrl-C for the long batch commands (verify, generate). The first SIGINT or SIGTERM sets the
// flag that their searches poll (SearchLimits::stop), so they stop, write what is finished and
// print their summary; the second ends the process at once (SA_RESETHAND). SA_RESTART: a write
// that the signal interrupts goes on, rather than failing and leaving std::cout in error.
//
// The flag is the one piece of process-wide state in Kanju: a signal handler can reach nothing
// else. It lives in the command line, never in the libraries.
#pragma once

#include <atomic>

namespace kanju::cli {

// Installs the handlers (again, harmlessly) and returns the flag they set.
std::atomic<bool>& catch_interrupt();

}  // namespace kanju::cli
