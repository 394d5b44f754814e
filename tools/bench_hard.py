#!/usr/bin/env python3
"""The hard benchmark (issue 18): the 13 problems of コンピュータ向け超難解詰将棋作品集
(problems/hard.tsv, ids mizar-nankai001..013) solved one at a time, with the time to the first
proof and to the proven length beside KomoringHeights v0.5.0's published ones
(problems/kh_hard_times.tsv: 29 GB table, one core). Hours per problem at full budget: run it
on a quiet machine, in the background.

  python3 tools/bench_hard.py --kanju build/kanju --time 3600 --hash 16384 [--threads 2] \\
      [--ids nankai006,nankai011] [--out hard.jsonl]
"""
import argparse
import json
import subprocess
import sys


def table(path):
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        yield line.rstrip("\n").split("\t")


def giga(nodes):
    return f"{nodes / 1e9:.2f}G" if nodes >= 1e9 else f"{nodes / 1e6:.0f}M"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kanju", default="build/kanju")
    ap.add_argument("--time", type=float, default=3600, help="seconds a problem")
    ap.add_argument("--hash", type=int, default=16384, help="table MB")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--ids", default="", help="comma-separated mizar keys (default: all 13)")
    ap.add_argument("--out", default="", help="also append each JSON result to this file")
    args = ap.parse_args()
    kh = {}
    for r in table("problems/kh_hard_times.tsv"):
        if r[5] not in ("-", "?"):
            kh[r[5].rstrip("?")] = r
    wanted = [w for w in args.ids.split(",") if w]
    print("| problem | intended | Kanju: first proof s (nodes) | proven length, s (nodes) |"
          " KH v0.5.0 s, nodes (length) |")
    print("|---|---|---|---|---|")
    for cols in table("problems/hard.tsv"):
        pid = cols[2]
        if not pid.startswith("mizar-nankai"):
            continue
        key = pid[len("mizar-"):]
        if wanted and key not in wanted:
            continue
        out = subprocess.run([args.kanju, "solve", cols[0], "--time", str(args.time), "--hash",
                              str(args.hash), "--threads", str(args.threads), "--json"],
                             capture_output=True, text=True).stdout
        r = json.loads(out)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(out)
        # A first proof: an answer, or an unknown that still proved a mate (upper_bound).
        proved = r["status"] in ("mate", "nomate") or r.get("upper_bound", -1) > 0
        first = (f"{r['prove_seconds']:.0f} ({giga(r['prove_nodes'])})" if proved else
                 f"none ({giga(r['nodes'])})")
        proven = (f"{r['length']}, {r['seconds']:.0f} ({giga(r['nodes'])})"
                  if r["status"] == "mate" else
                  f"not proven (mate <= {r['upper_bound']})" if r.get("upper_bound", -1) > 0 else
                  r["status"])
        k = kh.get(key)
        khs = f"{k[2]}, {giga(int(k[3]))} ({k[4]})" if k else "-"
        name = k[0] if k else ""
        print(f"| {key} {name} | {cols[1]} | {first} | {proven} | {khs} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
