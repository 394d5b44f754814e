#!/usr/bin/env bash
# The whole test suite, as CI runs it (after ./setup.sh has built build/):
#   1. the Release build's tests (build/), the bench signature among them;
#   2. the same tests built with AddressSanitizer and UndefinedBehaviorSanitizer
#      (build-sanitize/, -DKANJU_SANITIZE=ON): a memory error or undefined behaviour fails the
#      test that caused it.
# KANJU_SANITIZE=0 skips step 2 (a quick local run).
set -euo pipefail
cd "$(dirname "$0")/.."

# catch_discover_tests splits a test name at ';': such a test would silently never run.
if grep -n 'TEST_CASE("[^"]*;' tests/*.cpp; then
  echo "check.sh: a test name above holds ';', which CTest cannot run: rephrase it" >&2
  exit 1
fi

ctest --test-dir build --output-on-failure -j2

if [[ "${KANJU_SANITIZE:-1}" != 0 ]]; then
  generator=()
  [[ -f build-sanitize/CMakeCache.txt ]] || generator=(-G Ninja)
  # Without MPI: the sanitizers would report the MPI library's own allocations, and the
  # Release tests already run the --mpi batches.
  cmake -S . -B build-sanitize "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DKANJU_SANITIZE=ON -DKANJU_MPI=OFF >/dev/null
  cmake --build build-sanitize
  # halt_on_error is ASan's default; detect_leaks also catches what a test forgot to free.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-sanitize --output-on-failure -j2
fi
