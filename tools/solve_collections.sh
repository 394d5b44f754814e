#!/usr/bin/env bash
# Solves every bundled collection and prints one Markdown table row per collection: problems,
# solved, lengths equal to the published ones, mismatches, unknowns, nodes and time.
#
#   tools/solve_collections.sh [--nodes N] [--threads T] [--hash MB] [collection.tsv ...]
#
# Defaults: 20,000,000 nodes per problem, 2 threads, 256 MB per thread, every problems/*.tsv but the *_answers.tsv.
# The yaneuraou mate-N sets state lengths that count every interposition, so they are solved
# with --futile=count; the rest with the composers' rule (futile interpositions excluded).
# Each collection's full output (a block per problem, then the summary) is kept in
# build/collections/<name>.txt.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
kanju="${KANJU:-$here/build/kanju}"
nodes=20000000
threads=2
hash=256
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --nodes) nodes="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --hash) hash="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) echo "error: unknown option $1" >&2; exit 1 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [[ ${#files[@]} -eq 0 ]]; then
  # Every collection of problems; *_answers.tsv hold published solution lines, not problems.
  for f in "$here"/problems/*.tsv; do
    [[ "$f" == *_answers.tsv ]] || files+=("$f")
  done
fi
if [[ ! -x "$kanju" ]]; then
  echo "error: $kanju not found; build first (./setup.sh) or set KANJU" >&2
  exit 1
fi

out_dir="$here/build/collections"
mkdir -p "$out_dir"
echo "Node limit $nodes per problem, $threads threads, $hash MB per thread."
echo
echo "| collection | rule | problems | solved | = published | mismatched | unknown | nodes | time (s) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  name="$(basename "$f" .tsv)"
  rule=exclude
  [[ "$name" == mate* ]] && rule=count
  "$kanju" solve --file "$f" --nodes "$nodes" --threads "$threads" --hash "$hash" \
    --futile="$rule" --quiet >"$out_dir/$name.txt" 2>/dev/null || true
  summary="$(tail -4 "$out_dir/$name.txt")"
  # "Solved 98 of 104: mate 95, no mate 3, unknown 6"
  # "Expected: 80 matched, 12 mismatched, 6 unconfirmed (unknown)"
  # "Nodes: 123  Nodes/s: 456  Time: 7.8s"
  total=$(sed -n 's/^Solved [0-9]* of \([0-9]*\).*/\1/p' <<<"$summary")
  solved=$(sed -n 's/^Solved \([0-9]*\) of.*/\1/p' <<<"$summary")
  unknown=$(sed -n 's/.*unknown \([0-9]*\)$/\1/p' <<<"$summary")
  matched=$(sed -n 's/^Expected: \([0-9]*\) matched.*/\1/p' <<<"$summary")
  mismatched=$(sed -n 's/^Expected: [0-9]* matched, \([0-9]*\) mismatched.*/\1/p' <<<"$summary")
  total_nodes=$(sed -n 's/^Nodes: \([0-9]*\) .*/\1/p' <<<"$summary")
  seconds=$(sed -n 's/.*Time: \([0-9.]*\)s$/\1/p' <<<"$summary")
  echo "| $name | $rule | ${total:-?} | ${solved:-?} | ${matched:-?} | ${mismatched:-?} | ${unknown:-?} | ${total_nodes:-?} | ${seconds:-?} |"
done
