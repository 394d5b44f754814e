#!/usr/bin/env python3
"""Compare two `kanju solve --json` runs problem by problem: status and length (a difference is
printed), and the nodes of the problems both answered. Used to check that a change of the search
keeps every answer and to measure what it costs in nodes (load-independent, unlike seconds).

  ./old/kanju solve --file tests/data/fast.tsv --json > a.jsonl
  ./build/kanju solve --file tests/data/fast.tsv --json > b.jsonl
  python3 tools/compare_solves.py a.jsonl b.jsonl
"""
import json
import sys


def load(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "sfen" in r:  # the last object of a run is its summary
            out[r.get("id") or f"{r['sfen']}#{r.get('index')}"] = r
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare_solves.py A.jsonl B.jsonl")
    a, b = load(sys.argv[1]), load(sys.argv[2])
    common = [k for k in a if k in b]
    differ = 0
    for k in common:
        x, y = a[k], b[k]
        if (x["status"], x["length"]) != (y["status"], y["length"]):
            differ += 1
            print(f"{k}: {x['status']} {x['length']} -> {y['status']} {y['length']} "
                  f"({x['nodes']} -> {y['nodes']} nodes)")
    answered = [k for k in common if a[k]["status"] != "unknown" and b[k]["status"] != "unknown"]
    na = sum(a[k]["nodes"] for k in answered)
    nb = sum(b[k]["nodes"] for k in answered)
    unknown_a = sum(a[k]["status"] == "unknown" for k in common)
    unknown_b = sum(b[k]["status"] == "unknown" for k in common)
    print(f"{len(common)} problems in both; {differ} with another answer; unknown {unknown_a} -> "
          f"{unknown_b}; nodes of the {len(answered)} both answer: {na} -> {nb} "
          f"({nb / max(na, 1):.3f}x)")


if __name__ == "__main__":
    main()
