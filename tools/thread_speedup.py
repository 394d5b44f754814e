#!/usr/bin/env python3
"""Speed-up of one problem on several threads (issue 18): solves each chosen problem of a
collection once per thread count, one problem at a time, and prints the wall time to the proven
answer, the main search's nodes and the helpers' nodes. Run it on a quiet machine: the threads
of one solve need the cores to themselves.

  python3 tools/thread_speedup.py --kanju build/kanju --file problems/zukou.tsv \\
      --ids 032,013,097 --threads 1,2 --hash 512 --nodes 200000000

With --verify, each problem (its whole collection line, the published line included) is verified
instead, with the options given after it, and the table shows the verdict, the seconds of the
verification (as `kanju verify` counts them: without the process's start and its table), the
nodes of all threads and the alternatives left unchecked:

  python3 tools/thread_speedup.py --ids 001,002,003 --verify "--profile classic \\
      --nodes 20000000 --check-nodes 1000000 --check-nodes-max 0"
"""
import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import time


def rows(path):
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        yield cols[2] if len(cols) > 2 else "", cols[0], line


def verify(kanju, line, threads, hash_mb, extra):
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", encoding="utf-8") as f:
        f.write(line)
        f.flush()
        out = subprocess.run([kanju, "verify", f.name, "--threads", str(threads), "--hash",
                              str(hash_mb), "--json"] + shlex.split(extra),
                             capture_output=True, text=True, check=True).stdout
    r = json.loads(out.splitlines()[-1])
    seconds = r["seconds"]
    unchecked = sum(1 for x in r["findings"] if x["kind"] == "unchecked")
    return f"{r['verdict']}, {seconds:.1f}, {r['nodes'] / 1e6:.1f}, {unchecked}", r["verdict"], seconds


def solve(kanju, sfen, threads, hash_mb, nodes):
    start = time.monotonic()
    out = subprocess.run([kanju, "solve", sfen, "--threads", str(threads), "--hash", str(hash_mb),
                          "--nodes", str(nodes), "--json"], capture_output=True, text=True,
                         check=True).stdout
    seconds = time.monotonic() - start
    return json.loads(out), seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kanju", default="build/kanju")
    ap.add_argument("--file", default="problems/zukou.tsv")
    ap.add_argument("--ids", required=True, help="comma-separated id suffixes (032 = zukou-032)")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--hash", type=int, default=512)
    ap.add_argument("--nodes", type=int, default=200_000_000, help="node limit of the main search")
    ap.add_argument("--verify", help="verify instead, with these options (one string)")
    args = ap.parse_args()
    wanted = args.ids.split(",")
    counts = [int(t) for t in args.threads.split(",")]
    problems = [(i, s, l) for i, s, l in rows(args.file) if any(i.endswith("-" + w) for w in wanted)]
    totals = {t: 0.0 for t in counts}
    what = "verdict, s, Mnodes, unchecked" if args.verify else "length, s, main/helper Mnodes"
    print("| problem | " + " | ".join(f"{t} thread(s): {what}" for t in counts) + " |")
    print("|---" * (len(counts) + 1) + "|")
    for pid, sfen, line in problems:
        cells = []
        answers = set()  # lengths, or verdicts with --verify: one, or they differ
        for t in counts:
            if args.verify:
                cell, verdict, seconds = verify(args.kanju, line, t, args.hash, args.verify)
                cells.append(cell)
                answers.add(verdict)
                totals[t] += seconds
                continue
            r, seconds = solve(args.kanju, sfen, t, args.hash, args.nodes)
            helper = r.get("helper_nodes", 0)
            main_nodes = r["nodes"] - helper
            answers.add(r.get("length"))
            totals[t] += seconds
            cells.append(f"{r.get('length')}, {seconds:.1f}, {main_nodes / 1e6:.1f}/{helper / 1e6:.1f}")
        flag = "" if len(answers) == 1 else " **verdicts differ**" if args.verify else " **lengths differ**"
        print(f"| {pid}{flag} | " + " | ".join(cells) + " |", flush=True)
    base = totals[counts[0]]
    print("\ntotal seconds: " + ", ".join(
        f"{t} thread(s) {totals[t]:.1f} s ({base / totals[t]:.2f}x)" for t in counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
