#!/usr/bin/env bash
# Builds the fuzzers with clang and runs them: fuzz/run.sh [SECONDS] [TARGET...]
#   SECONDS  per target (default 600); TARGET: sfen kif ki2 csa usi (default: all, one after the other)
# Each corpus grows in fuzz/corpus/TARGET (not committed), seeded from fuzz/seeds (SFEN lines,
# USI sessions) and from the records in tests/data; a crashing input is written to
# fuzz/crash-* and the run stops with a non-zero exit code.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(sfen kif ki2 csa usi)
build_dir="${KANJU_FUZZ_BUILD_DIR:-build-fuzz}"

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DKANJU_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi

shopt -s nullglob
for t in "${targets[@]}"; do
  case "$t" in
    sfen) seeds=(fuzz/seeds/*.txt) max_len=512 ;;
    kif) seeds=(tests/data/kif/*.kif tests/data/kif/*.kifu tests/data/interop/*.kif*) max_len=4096 ;;
    ki2) seeds=(tests/data/kif/*.ki2 tests/data/interop/*.ki2*) max_len=4096 ;;
    csa) seeds=(tests/data/csa/*.csa tests/data/interop/*.csa) max_len=4096 ;;
    usi) seeds=(fuzz/seeds/usi/*.usi) max_len=2048 ;;
    *) echo "fuzz/run.sh: unknown target '$t' (sfen kif ki2 csa usi)" >&2; exit 2 ;;
  esac
  cmake --build "$build_dir" --target "fuzz_$t"
  corpus="fuzz/corpus/$t"
  mkdir -p "$corpus"
  cp -n "${seeds[@]}" "$corpus/"
  echo "== fuzz_$t: $seconds s"
  "$build_dir/fuzz/fuzz_$t" -max_len="$max_len" -max_total_time="$seconds" -timeout=10 \
    -print_final_stats=1 -artifact_prefix=fuzz/ "$corpus"
done
