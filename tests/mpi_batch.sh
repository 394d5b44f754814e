#!/usr/bin/env bash
# The --mpi batches (tools/mpi_farm.h) against one process, on tests/data/mpi50.tsv:
#   solve     3 ranks give the records of one process, in input order (--ordered)
#   verify    the same for verify, and the --output file holds the same set
#   generate  a seed and batch size give the problems of one process
#   lost      a worker killed mid-run (mpirun --enable-recovery): rank 0 names its unfinished
#             problems, keeps every finished result, and --resume completes the set
#   lost_generate  the same for generate: the lost rank's climbs run elsewhere, same problems
# Usage: tests/mpi_batch.sh KANJU DATA_DIR solve|verify|generate|lost|lost_generate
set -euo pipefail
kanju=$1
data=$2
what=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# CI runs as root; mpirun refuses that unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=(mpirun --oversubscribe -np 3)
problems=$data/mpi50.tsv

# The records without their times, the only fields that may differ between two runs.
untimed() { sed -E 's/"(nps|[a-z_]*seconds)": [-0-9.e+]+(, )?//g' "$@"; }
same() {
  if ! cmp -s "$1" "$2"; then
    echo "FAIL: $3" >&2
    diff "$1" "$2" | head -20 >&2
    exit 1
  fi
  echo "ok: $3"
}

# Kills rank 2 of the mpirun whose pid is $1 (a child of it whose environment says so).
kill_rank_2() {
  for stat in /proc/[0-9]*/stat; do
    pid=${stat#/proc/}
    pid=${pid%/stat}
    [[ $(awk '{print $4}' "$stat" 2>/dev/null) == "$1" ]] || continue
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=2'; then
      kill -9 "$pid" && return 0
    fi
  done
  echo "FAIL: no rank 2 to kill" >&2
  exit 1
}

case $what in
solve)
  "$kanju" solve --file "$problems" --json --ordered 2>/dev/null | untimed >"$work/one"
  "${mpi[@]}" "$kanju" solve --file "$problems" --json --ordered --mpi 2>/dev/null \
    | untimed >"$work/mpi"
  [[ $(wc -l <"$work/one") == 50 ]] || { echo "FAIL: one process solved $(wc -l <"$work/one")" >&2; exit 1; }
  same "$work/one" "$work/mpi" "solve: 3 ranks = one process"
  ;;
verify)
  opts=(--check-nodes 200000 --check-nodes-max 0 --json --ordered)
  "$kanju" verify "$problems" "${opts[@]}" 2>/dev/null | untimed >"$work/one"
  "${mpi[@]}" "$kanju" verify "$problems" "${opts[@]}" --mpi -o "$work/out.jsonl" 2>"$work/err" \
    | untimed >"$work/mpi"
  [[ $(wc -l <"$work/one") == 50 ]] || { echo "FAIL: one process verified $(wc -l <"$work/one")" >&2; exit 1; }
  same "$work/one" "$work/mpi" "verify: 3 ranks = one process"
  untimed "$work/out.jsonl" | sort >"$work/file"
  sort "$work/one" >"$work/one.sorted"
  same "$work/one.sorted" "$work/file" "verify: the --output file holds the same set"
  grep -q '| total | 50 |' "$work/err" || { echo "FAIL: summary" >&2; cat "$work/err" >&2; exit 1; }
  ;;
generate)
  opts=(--count 3 --seed 2 --batch 4 --max-length 7 --max-pieces 8 --steps 20 --quiet)
  "$kanju" generate "${opts[@]}" 2>/dev/null | untimed >"$work/one"
  "${mpi[@]}" "$kanju" generate "${opts[@]}" --mpi 2>/dev/null | untimed >"$work/mpi"
  [[ $(wc -l <"$work/one") == 3 ]] || { echo "FAIL: one process found $(wc -l <"$work/one")" >&2; exit 1; }
  same "$work/one" "$work/mpi" "generate: 3 ranks = one process (same seed and batch)"
  ;;
lost)
  # Two slow problems first: each worker is busy with one when rank 2 is killed, so the kill can
  # neither miss rank 2's work nor land after the end (a rank killed inside MPI_Finalize hangs
  # the others there: the fast problems alone were all done within the first poll).
  problems="$work/lost.tsv"
  cat "$data/mpi_slow2.tsv" "$data/mpi50.tsv" >"$problems"
  opts=(--check-nodes 200000 --check-nodes-max 0 --json)
  "$kanju" verify "$problems" "${opts[@]}" 2>/dev/null | untimed | sort >"$work/one"
  # --enable-recovery: mpirun lets the job go on when a rank dies (without it, it ends the job).
  mpirun --oversubscribe --enable-recovery -np 3 "$kanju" verify "$problems" "${opts[@]}" --mpi \
    --mpi-timeout 2 -o "$work/out.jsonl" >/dev/null 2>"$work/err" &
  job=$!
  # Once the run is under way, kill rank 2 (a child of mpirun whose environment says so).
  for _ in $(seq 200); do
    [[ -f "$work/out.jsonl" ]] && break
    sleep 0.1
  done
  sleep 1.5
  kill_rank_2 "$job"
  wait "$job" || true
  grep -q 'rank 2 stopped answering' "$work/err" || { echo "FAIL: the lost rank is not named" >&2; cat "$work/err" >&2; exit 1; }
  grep -q '^Unfinished: ' "$work/err" || { echo "FAIL: no unfinished problems named" >&2; exit 1; }
  done_lines=$(wc -l <"$work/out.jsonl")
  [[ $done_lines -lt 52 ]] || { echo "FAIL: the kill came too late ($done_lines done)" >&2; exit 1; }
  echo "ok: rank 2 lost after $done_lines results, unfinished named: $(grep '^Unfinished' "$work/err" | cut -c1-120)"
  "${mpi[@]}" "$kanju" verify "$problems" "${opts[@]}" --mpi -o "$work/out.jsonl" --resume \
    >/dev/null 2>"$work/err2"
  grep -q "Resuming .*: $done_lines done" "$work/err2" || { echo "FAIL: resume" >&2; cat "$work/err2" >&2; exit 1; }
  untimed "$work/out.jsonl" | sort >"$work/all"
  same "$work/one" "$work/all" "lost: the killed run and its --resume give one process's set"
  ;;
lost_generate)
  opts=(--count 3 --seed 2 --batch 4 --max-length 7 --max-pieces 8 --steps 20 --quiet)
  "$kanju" generate "${opts[@]}" 2>/dev/null | untimed >"$work/one"
  mpirun --oversubscribe --enable-recovery -np 3 "$kanju" generate "${opts[@]}" --mpi \
    --mpi-timeout 2 >"$work/mpi.jsonl" 2>"$work/err" &
  job=$!
  sleep 1
  kill_rank_2 "$job"
  wait "$job" || true
  grep -q 'rank 2 stopped answering' "$work/err" || { echo "FAIL: the lost rank is not named" >&2; cat "$work/err" >&2; exit 1; }
  untimed "$work/mpi.jsonl" >"$work/mpi"
  same "$work/one" "$work/mpi" "lost_generate: a lost rank's climbs run elsewhere, the same problems"
  ;;
*)
  echo "usage: $0 KANJU DATA_DIR solve|verify|generate|lost|lost_generate" >&2
  exit 2
  ;;
esac
