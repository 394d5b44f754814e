#!/bin/bash
# Round trip of Kanju's records through tsshogi (the record library of ShogiHome), issue 16:
#   1. Kanju exports the problems of tools/interop/problems.tsv as KIF and KI2 (Shift_JIS .kif/.ki2,
#      UTF-8 .kifu/.ki2u) and CSA (V3.0, and V2.2 in Shift_JIS); tsshogi must read each to the
#      position and moves Kanju reads from it.
#   2. tsshogi writes each record again as KIF, KI2, CSA V2.2 and V3.0; the KIF and KI2 also in
#      Shift_JIS with CRLF (.kif, .ki2); Kanju must read each to what tsshogi reads.
# With --update-golden, the files of step 2 become tests/data/interop (read by tests/test_interop.cpp).
# With --collections, step 1 also covers every problem of problems/mate7.tsv and problems/zukou.tsv
# that verify solves within its budget (about 15 minutes; 将棋図巧 with its published lines).
#
# Needs node and npm (tsshogi is fetched from the npm registry into tools/interop/node_modules) and
# a built ./build/kanju. Usage, from the repository root: tools/interop/run.sh [--update-golden]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
kanju="$root/build/kanju"
here="$root/tools/interop"
[ -x "$kanju" ] || { echo "error: build Kanju first ($kanju not found)" >&2; exit 1; }
(cd "$here" && npm install --no-audit --no-fund --silent >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Kanju's reading of record files: "file<TAB>sfen (3 fields)<TAB>moves", via verify's JSON.
kanju_read() {
  for f in "$@"; do
    "$kanju" verify "$f" --nodes 1 --no-unneeded --json 2>/dev/null | python3 -c '
import json, sys
f = sys.argv[1]
for line in sys.stdin:
    r = json.loads(line)
    print(f, " ".join(r["sfen"].split()[:3]), " ".join(r.get("claimed_line") or []), sep="\t")
' "$f"
  done
}
tsshogi_read() {
  node "$here/interop.mjs" read "$@" | python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    print(r["file"], r.get("sfen", "ERROR " + r.get("error", "")), r.get("moves", ""), sep="\t")
'
}
compare() {  # two readings of the same files; prints a line a file and fails on any difference
  python3 - "$1" "$2" <<'PY'
import sys
a = {l.split("\t")[0]: l.rstrip("\n").split("\t")[1:] for l in open(sys.argv[1])}
b = {l.split("\t")[0]: l.rstrip("\n").split("\t")[1:] for l in open(sys.argv[2])}
bad = 0
for f in sorted(a):
    same = a[f] == b.get(f)
    bad += not same
    print(("ok  " if same else "DIFF"), f.split("/")[-2] + "/" + f.split("/")[-1])
    if not same:
        print("      kanju  :", a[f]); print("      tsshogi:", b.get(f))
sys.exit(1 if bad else 0)
PY
}

status=0
# 1. Kanju writes, tsshogi reads.
"$kanju" verify "$here/problems.tsv" --nodes 20000000 --check-nodes 100000 --no-unneeded \
  --export kif,kifu,ki2,ki2u,csa,csa2 "$work/kanju" >/dev/null 2>&1 || true
if [ "${1:-}" = "--collections" ]; then
  "$kanju" verify "$root/problems/mate7.tsv" --nodes 2000000 --check-nodes 10000 --no-unneeded \
    --futile count --threads 2 --export kif,kifu,ki2,ki2u,csa,csa2 "$work/kanju" >/dev/null 2>&1 || true
  "$kanju" verify "$root/problems/zukou.tsv" --nodes 10000000 --check-nodes 1000 --no-unneeded \
    --threads 2 --export kif,kifu,ki2,ki2u,csa,csa2 "$work/kanju" >/dev/null 2>&1 || true
fi
mapfile -t kanju_files < <(ls "$work"/kanju/*)
kanju_read "${kanju_files[@]}" > "$work/k1.tsv"
tsshogi_read "${kanju_files[@]}" > "$work/t1.tsv"
echo "Kanju writes, tsshogi reads:"
compare "$work/k1.tsv" "$work/t1.tsv" || status=1

# 2. tsshogi writes, Kanju reads.
for f in "$work"/kanju/tools_interop_problems-*.kifu; do
  node "$here/interop.mjs" write "$f" "$work/tsshogi" || status=1
done
for f in "$work"/tsshogi/*.kifu "$work"/tsshogi/*.ki2u; do
  ext=${f##*.}; sjis=${f%.*}.${ext%u}
  sed 's/$/\r/' "$f" | iconv -f UTF-8 -t CP932 > "$sjis"
done
mapfile -t ts_files < <(ls "$work"/tsshogi/*)
tsshogi_read "${ts_files[@]}" > "$work/t2.tsv"
kanju_read "${ts_files[@]}" > "$work/k2.tsv"
echo "tsshogi writes, Kanju reads:"
compare "$work/k2.tsv" "$work/t2.tsv" || status=1

if [ "${1:-}" = "--update-golden" ] && [ $status -eq 0 ]; then
  golden="$root/tests/data/interop"
  rm -rf "$golden" && mkdir -p "$golden"
  cp "${ts_files[@]}" "$golden/"
  version=$(node -e 'console.log(require(process.argv[1]).version)' "$here/node_modules/tsshogi/package.json")
  {
    echo "# Records written by tsshogi $version (npm) from Kanju's exports of tools/interop/problems.tsv,"
    echo "# by tools/interop/run.sh --update-golden; .kif/.ki2 are the .kifu/.ki2u in Shift_JIS with CRLF."
    echo "# file	SFEN (board, side, hands) as tsshogi reads it	moves (USI)"
    sed "s|$work/tsshogi/||" "$work/t2.tsv"
  } > "$golden/expected.tsv"
  echo "golden files written to tests/data/interop"
fi
exit $status
