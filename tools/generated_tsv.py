#!/usr/bin/env python3
"""Turns `kanju generate` JSON lines into a problem collection (problems/*.tsv):

    SFEN <TAB> length <TAB> id <TAB> note <TAB> line (USI) <TAB> era

with the id gen-SEED-N, the note "family F... quality Q origin O", and the line the generator's
main line, so that `kanju verify` re-verifies each problem against it. Header lines (starting
with '#') given with --header are written first.

    python3 tools/generated_tsv.py run.jsonl --header "# What: ..." > problems/generated.tsv
"""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("jsonl", help="kanju generate output (one JSON object a line)")
    ap.add_argument("--header", action="append", default=[], help="a '#' line to write first")
    args = ap.parse_args()
    out = sys.stdout
    for h in args.header:
        out.write(h if h.startswith("#") else "# " + h)
        out.write("\n")
    with open(args.jsonl, encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            text = text.strip()
            if not text:
                continue
            try:
                p = json.loads(text)
            except json.JSONDecodeError as e:
                sys.exit(f"{args.jsonl}:{n}: not a JSON line ({e})")
            ident = f"gen-{p['seed']}-{p['n']:04d}"
            note = f"family {p.get('family', '-')} quality {p.get('quality', 0)} origin {p['origin']}"
            out.write("\t".join([p["sfen"], str(p["length"]), ident, note, " ".join(p["usi"]),
                                 "modern"]) + "\n")


if __name__ == "__main__":
    main()
