#!/usr/bin/env bash
# Builds the SFEN fuzzer with clang and runs it: fuzz/run.sh [SECONDS] (default 600).
# The corpus grows in fuzz/corpus (not committed), seeded from fuzz/seeds/*.txt; a crashing input
# is written to fuzz/crash-* and the run stops with a non-zero exit code.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
build_dir="${KANJU_FUZZ_BUILD_DIR:-build-fuzz}"

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DKANJU_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build_dir" --target fuzz_sfen

mkdir -p fuzz/corpus
cp -n fuzz/seeds/*.txt fuzz/corpus/

"$build_dir/fuzz/fuzz_sfen" -max_len=512 -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix=fuzz/ fuzz/corpus
