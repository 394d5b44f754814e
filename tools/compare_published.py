#!/usr/bin/env python3
"""Compare Kanju's proven mate lengths with published solution lines, ply by ply.

For each problem, the published line (problems/zukou_answers.tsv) is first replayed with
`kanju moves`: every attacker move must be a legal check, every defender move a legal reply
to check, and the last position is examined (no legal reply = mate; otherwise the replies
left are listed, e.g. drops that the narrow futility rule may still count as futile).

Then, with L the published length and P_k the position after the first k published plies
(k even, so the attacker is to move), it solves P_k for k = L-1, L-3, ..., 0 (from the end
backwards: deep positions are cheap) with

    kanju solve --json --quiet --nodes N --hash MB "<sfen> moves <first k moves>"

V_k is the proven length from P_k and D_k = k + V_k the length of "play the published line
for k plies, then Kanju's minimax line". D_L = L (the mate) and D_0 is Kanju's length. Every
k where D_k differs from D_{k+2} (the next solved k above it, when a solve in between ended
`unknown`) is reported as a point:

* D_k > D_{k+2}: the published defender reply at ply k+2 (1-based ply numbers) is not the
  longest defence. When Kanju's first move from P_k is the published check at ply k+1, its
  second move is the longer defence, D_k - D_{k+2} plies longer. When it is another check
  (as long as or shorter than the published one), every reply to the published check is
  solved and the longest ones are listed.
* D_k < D_{k+2}: when Kanju's first move from P_k differs from the published check at ply
  k+1, a shorter mate starts there; when it is the same move, the published reply at ply k+2
  is a reply Kanju does not count (a futile interposition under the narrow rule, RULES.md 4).

Each point records the ply, the published move, Kanju's move (USI and Japanese), the lengths
and whether each of the two defender moves is a drop ('*' in USI). A solve that reaches its
limit is recorded as unknown and the comparison goes on across it.

One JSON line per problem is written to --out (flushed as each problem finishes), and a
markdown table (problem | published | Kanju | points) is printed at the end.

Run from the repository root (python3, standard library only):

    python3 tools/compare_published.py --kanju build/kanju --ids zukou-007,zukou-012 \\
        --nodes 30000000 --hash 512 --out results.jsonl
    python3 tools/compare_published.py --ids 007 --replay-only      # only replay the lines
    python3 tools/compare_published.py --out results.jsonl --report  # table of an earlier run

Only one kanju process runs at a time.
"""

import argparse
import json
import os
import subprocess
import sys
import time


def tsv_rows(path):
    """The tab-separated fields of each line of a problems/*.tsv file but blanks and comments."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line, line.split("\t")


def read_answers(path):
    """id -> (stated length, [USI moves]) from an answers file (id<TAB>length<TAB>moves)."""
    answers = {}
    for line, fields in tsv_rows(path):
        if len(fields) < 3:
            raise SystemExit(f"{path}: bad line: {line[:80]}")
        answers[fields[0]] = (int(fields[1]), fields[2].split())
    return answers


def read_problems(path):
    """id -> (SFEN, expected) from a problem collection (SFEN<TAB>expected<TAB>id<TAB>note)."""
    return {fields[2]: (fields[0], fields[1]) for _, fields in tsv_rows(path) if len(fields) >= 3}


def position(sfen, moves):
    return sfen + (" moves " + " ".join(moves) if moves else "")


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def legal_moves(kanju, pos, kind):
    """(USI list, Japanese list) of `kanju moves POS --checks|--evasions --japanese`,
    or (None, error text)."""
    rc, out, err = run([kanju, "moves", pos, "--" + kind, "--japanese"])
    if rc != 0:
        return None, err.strip()
    lines = out.splitlines()
    # Output: the USI moves on one line, the Japanese on the next, then "Moves: N".
    count_line = [l for l in lines if l.startswith("Moves:")]
    count = int(count_line[0].split()[1]) if count_line else 0
    if count == 0:
        return [], []
    return lines[0].split(), lines[1].split()


def replay(kanju, sfen, moves):
    """Replays the published line. Returns a dict: ok, error (first failure), japanese (the
    published moves in Japanese notation as `kanju moves` writes them, without 同), and the
    replies left in the final position."""
    japanese = []
    for i, mv in enumerate(moves):
        kind = "checks" if i % 2 == 0 else "evasions"
        usi, jp = legal_moves(kanju, position(sfen, moves[:i]), kind)
        if usi is None:
            return {"ok": False, "error": f"ply {i + 1} {mv}: kanju moves failed: {jp}",
                    "japanese": japanese}
        if mv not in usi:
            what = "not a legal check" if kind == "checks" else "not a legal reply to check"
            return {"ok": False, "error": f"ply {i + 1} {mv}: {what}", "japanese": japanese}
        japanese.append(jp[usi.index(mv)])
    usi, jp = legal_moves(kanju, position(sfen, moves), "evasions")
    if usi is None:
        return {"ok": False, "error": f"after ply {len(moves)}: not check: {jp}",
                "japanese": japanese}
    return {"ok": True, "error": "", "japanese": japanese, "final_replies": usi,
            "mate": len(usi) == 0,
            "final_replies_all_drops": bool(usi) and all("*" in m for m in usi)}


def solve(kanju, pos, nodes, hash_mb, futile):
    cmd = [kanju, "solve", "--json", "--quiet", "--nodes", str(nodes), "--hash", str(hash_mb)]
    if futile != "composer":
        cmd.append("--futile=" + futile)
    cmd.append(pos)
    t0 = time.time()
    rc, out, err = run(cmd)
    wall = time.time() - t0
    rec = None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            rec = json.loads(line)
    if rec is None:
        return {"status": "error", "length": None, "usi": [], "japanese": "",
                "nodes": 0, "seconds": wall, "note": (err.strip() or f"exit {rc}")}
    return {"status": rec.get("status"), "length": rec.get("length"),
            "usi": rec.get("usi") or [], "japanese": rec.get("japanese") or "",
            "nodes": rec.get("nodes"), "seconds": rec.get("seconds"),
            "note": rec.get("note", ""), "upper_bound": rec.get("upper_bound")}


def check_replies(args, sfen, line):
    """Each legal reply e to the last (attacker) move of `line`, with the proven length of
    `line + e`: [{"move", "japanese", "status", "length", "drop"}], longest first."""
    usi, jp = legal_moves(args.kanju, position(sfen, line), "evasions")
    replies = []
    for mv, j in zip(usi or [], jp or []):
        s = solve(args.kanju, position(sfen, line + [mv]), args.nodes, args.hash, args.futile)
        replies.append({"move": mv, "japanese": j, "status": s["status"],
                        "length": s["length"], "drop": is_drop(mv)})
    replies.sort(key=lambda r: -(r["length"] if r["length"] is not None else 10**9))
    return replies


def is_drop(mv):
    return mv is not None and "*" in mv


def find_points(moves, solves, published_japanese):
    """solves: k -> solve record. Returns the list of points (see the module docstring)."""
    L = len(moves)
    known = sorted(k for k, s in solves.items() if s["status"] == "mate")
    points = []
    # Compare each solved k with the next solved k above it (or with D_L = L).
    for idx, k in enumerate(known):
        upper = known[idx + 1] if idx + 1 < len(known) else L
        d_k = k + solves[k]["length"]
        d_up = L if upper == L else upper + solves[upper]["length"]
        if d_k == d_up:
            continue
        s = solves[k]
        kanju_line = s["usi"]
        kanju_jp = s["japanese"].split()
        pub_check = moves[k] if k < L else None
        pub_reply = moves[k + 1] if k + 1 < L else None
        same_first = bool(kanju_line) and kanju_line[0] == pub_check
        pt = {"k": k, "upper_k": upper, "adjacent": upper == k + 2 or upper == L,
              "D_k": d_k, "D_upper": d_up, "delta": d_k - d_up,
              "V_k": s["length"],
              "published_check": pub_check,
              "published_check_japanese": (published_japanese[k]
                                           if k < len(published_japanese) else None),
              "published_reply": pub_reply,
              "published_reply_japanese": (published_japanese[k + 1]
                                           if k + 1 < len(published_japanese) else None),
              "published_reply_is_drop": is_drop(pub_reply),
              "kanju_first": kanju_line[0] if kanju_line else None,
              "kanju_first_japanese": kanju_jp[0] if kanju_jp else None,
              "kanju_second": kanju_line[1] if len(kanju_line) > 1 else None,
              "kanju_second_japanese": kanju_jp[1] if len(kanju_jp) > 1 else None,
              "kanju_second_is_drop": is_drop(kanju_line[1] if len(kanju_line) > 1 else None),
              "same_first_move": same_first,
              "kanju_line": kanju_line}
        if d_k > d_up:
            pt["kind"] = "longer_defence"
            pt["ply"] = k + 2
        elif same_first:
            pt["kind"] = "published_reply_not_counted"
            pt["ply"] = k + 2
        else:
            pt["kind"] = "shorter_mate"
            pt["ply"] = k + 1
        points.append(pt)
    return points


def describe_point(pt):
    if not pt["adjacent"]:
        where = f"plies {pt['k'] + 1}-{pt['upper_k']}"
    else:
        where = f"ply {pt['ply']}"
    sign = f"{pt['delta']:+d}"
    if pt["kind"] == "longer_defence":
        if pt["same_first_move"]:
            pub = pt["published_reply_japanese"] or pt["published_reply"]
            kan = pt["kanju_second_japanese"] or pt["kanju_second"]
            return (f"{where}: published {pub} ({pt['published_reply']}"
                    f"{', drop' if pt['published_reply_is_drop'] else ''}) vs Kanju {kan} "
                    f"({pt['kanju_second']}{', drop' if pt['kanju_second_is_drop'] else ''}), "
                    f"{sign}")
        text = (f"{where}: published {pt['published_check_japanese']} "
                f"{pt['published_reply_japanese']} ({pt['published_reply']}); Kanju's line "
                f"starts with another check, {pt['kanju_first_japanese']} "
                f"({pt['kanju_first']}) {pt['kanju_second_japanese']} "
                f"({pt['kanju_second']}), {sign}")
        replies = pt.get("published_check_replies")
        if replies and replies[0]["length"] is not None:
            best = [r for r in replies if r["length"] == replies[0]["length"]]
            text += ("; the longest replies to the published check: "
                     + ", ".join(f"{r['japanese']} ({r['move']}{', drop' if r['drop'] else ''})"
                                 for r in best)
                     + f", {replies[0]['length'] + 1} plies to mate after the check")
            pub = [r for r in replies if r["move"] == pt["published_reply"]]
            if pub and pub[0]["length"] is not None:
                text += f" (published reply: {pub[0]['length'] + 1})"
        return text
    if pt["kind"] == "published_reply_not_counted":
        pub = pt["published_reply_japanese"] or pt["published_reply"]
        return (f"{where}: published reply {pub} ({pt['published_reply']}"
                f"{', drop' if pt['published_reply_is_drop'] else ''}) not counted "
                f"(Kanju: {pt['kanju_second_japanese']} ({pt['kanju_second']})), {sign}")
    pub = pt["published_check_japanese"] or pt["published_check"]
    return (f"{where}: published {pub} ({pt['published_check']}) vs Kanju "
            f"{pt['kanju_first_japanese']} ({pt['kanju_first']}), {sign} (shorter mate)")


def table(records):
    lines = ["| problem | published | Kanju | points (ply: published vs Kanju, +N) |",
             "|---|---|---|---|"]
    for r in records:
        kl = r.get("kanju_length")
        if kl is None:
            ub = r.get("kanju_upper_bound")
            kl = "unknown" + (f" (≤{ub})" if ub else "")
        pts = "; ".join(describe_point(p) for p in r.get("points", []))
        if not r.get("replay", {}).get("ok", True):
            pts = "replay failed: " + r["replay"]["error"] + ("; " + pts if pts else "")
        unknown = [s["k"] for s in r.get("solves", []) if s["status"] != "mate"]
        if unknown:
            pts += ("; " if pts else "") + "unknown at k=" + ",".join(map(str, sorted(unknown)))
        lines.append(f"| {r['id']} | {r['published_length']} | {kl} | {pts or '-'} |")
    return "\n".join(lines)


def norm_id(s):
    s = s.strip()
    return s if s.startswith("zukou-") else "zukou-" + s.zfill(3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kanju", default="build/kanju", help="the kanju binary")
    ap.add_argument("--answers", default="problems/zukou_answers.tsv")
    ap.add_argument("--problems", default="problems/zukou.tsv")
    ap.add_argument("--ids", default="", help="comma-separated ids (zukou-007 or 007); "
                    "default: every id of --answers")
    ap.add_argument("--nodes", type=int, default=30000000, help="node limit per solve")
    ap.add_argument("--hash", type=int, default=512, help="proof table MB per solve")
    ap.add_argument("--futile", default="composer", choices=["composer", "narrow", "exclude", "count", "wide"])
    ap.add_argument("--out", default="results.jsonl")
    ap.add_argument("--resume", action="store_true",
                    help="skip the ids already in --out and append the others")
    ap.add_argument("--replay-only", action="store_true",
                    help="only replay the published lines (no solves)")
    ap.add_argument("--report", action="store_true",
                    help="print the table of the records in --out and exit")
    args = ap.parse_args()

    if args.report:
        with open(args.out, encoding="utf-8") as f:
            records = [json.loads(l) for l in f if l.strip()]
        print(table(records))
        return

    answers = read_answers(args.answers)
    problems = read_problems(args.problems)
    ids = [norm_id(i) for i in args.ids.split(",") if i.strip()] or list(answers)

    done = {}
    if args.resume and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            for l in f:
                if l.strip():
                    r = json.loads(l)
                    done[r["id"]] = r
    out = None if args.replay_only else open(args.out, "a" if args.resume else "w",
                                              encoding="utf-8")
    records = []
    failures = 0
    for pid in ids:
        if pid in done:
            records.append(done[pid])
            continue
        if pid not in answers or pid not in problems:
            print(f"{pid}: not in {args.answers} or {args.problems}", file=sys.stderr)
            failures += 1
            continue
        stated, moves = answers[pid]
        sfen = problems[pid][0]
        rep = replay(args.kanju, sfen, moves)
        if not rep["ok"]:
            status = "FAILED: " + rep["error"]
        elif rep["mate"]:
            status = "ok, ends in mate"
        else:
            status = (f"ok, {len(rep['final_replies'])} replies left at the end: "
                      + " ".join(rep["final_replies"]))
        print(f"{pid}: published {stated} ({len(moves)} moves), replay {status}",
              file=sys.stderr)
        if not rep["ok"]:
            failures += 1
        if args.replay_only:
            continue
        L = len(moves)
        solves = {}
        top = L - 1 if (L - 1) % 2 == 0 else L - 2
        for k in range(top, -1, -2):
            s = solve(args.kanju, position(sfen, moves[:k]), args.nodes, args.hash,
                      args.futile)
            solves[k] = s
            d = k + s["length"] if s["status"] == "mate" else None
            print(f"  {pid} k={k}: {s['status']} V={s['length']} D={d} "
                  f"nodes={s['nodes']} {s['seconds']}s {s.get('note') or ''}",
                  file=sys.stderr)
        points = find_points(moves, solves, rep.get("japanese", []))
        for p in points:
            if p["kind"] == "longer_defence" and not p["same_first_move"] and p["adjacent"]:
                # Kanju's line starts with another check, so it does not show which reply to
                # the published check lasts longer: solve each reply to it.
                p["published_check_replies"] = check_replies(
                    args, sfen, moves[:p["k"] + 1])
        v0 = solves.get(0, {})
        rec = {"id": pid, "published_length": stated, "published_moves": len(moves),
               "kanju_length": v0.get("length") if v0.get("status") == "mate" else None,
               "kanju_status": v0.get("status"),
               "kanju_upper_bound": v0.get("upper_bound"),
               "nodes_limit": args.nodes, "hash_mb": args.hash, "futile": args.futile,
               "replay": {k: v for k, v in rep.items() if k != "japanese"},
               "solves": [dict(k=k, D=(k + s["length"] if s["status"] == "mate" else None),
                               **s) for k, s in sorted(solves.items())],
               "points": points}
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        out.flush()
        records.append(rec)
        for p in points:
            print(f"  {pid} point: {describe_point(p)}", file=sys.stderr)
    if out:
        out.close()
        print(table(records))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
