#!/usr/bin/env python3
"""chc_run.py: vcdpor's chc engine (RAHIT and RAHFT refinement) and Debian's
z3 binary on the shared CHC benchmarks, against status.tsv's expected
answers.

  benchmarks/chc_run.py [--vcdpor BIN] [--timeout S] [--sets chccomp25,...]
                        [--tools rahit,rahft,z3] [--out results.tsv]
  benchmarks/chc_run.py --merge a.tsv b.tsv ...   (tables of earlier --out runs)

Prints, per set and tool, the tasks solved (sat, unsat), those whose
expected answer is known and contradicted (WRONG: any is a bug), and the
mean iterations of vcdpor's solved tasks. Every tool gets the same
per-task time limit (default 60 s); the wall-clock guard is 5 s more.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "benchmarks", "chc"))


def timed(cmd, timeout):
    """Runs cmd with a wall-clock guard 5 s past the tool's own limit:
    (CompletedProcess or None when the guard fired, seconds)."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 5)
    except subprocess.TimeoutExpired:
        p = None
    return p, time.monotonic() - t0


def run_vcdpor(binary, path, refine, timeout):
    p, dt = timed([binary, "--engine=chc", "--chc-refine=" + refine,
                   "--timeout=%g" % timeout, "--json=-", path], timeout)
    if p is None:
        return "timeout", dt, None, "wall-clock guard"
    if p.returncode == 2:
        return "error", dt, None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "exit 2"
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        return "crash", dt, None, "exit %d: %s" % (p.returncode, p.stderr.strip()[-200:])
    ans = j.get("chc_result", "unknown")
    return ans, dt, j.get("stats", {}).get("iterations"), j.get("limit", "")


def run_z3(binary, path, timeout):
    p, dt = timed([binary, "-T:%d" % max(1, int(timeout)), path], timeout)
    if p is None:
        return "timeout", dt, None, "wall-clock guard"
    out = p.stdout.strip().splitlines()
    ans = out[0].strip() if out else ""
    if ans not in ("sat", "unsat"):
        return "unknown", dt, None, ans[:80]
    return ans, dt, None, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=DEFAULT_DIR)
    ap.add_argument("--vcdpor", default=os.path.join(HERE, "..", "build", "tools", "vcdpor"))
    ap.add_argument("--z3", default="z3")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--sets", default="")
    ap.add_argument("--tools", default="rahit,rahft,z3")
    ap.add_argument("--out", default="", help="write one row per task and tool")
    ap.add_argument("--only", default="",
                    help="a file listing the tasks (status.tsv paths) to run, one a line")
    ap.add_argument("--merge", nargs="+", default=[],
                    help="print the tables of these --out files instead of running")
    args = ap.parse_args()
    tools = args.tools.split(",")
    with open(os.path.join(args.dir, "status.tsv")) as f:
        tasks = list(csv.DictReader(f, delimiter="\t"))
    if args.sets:
        keep = set(args.sets.split(","))
        tasks = [t for t in tasks if t["set"] in keep]
    if args.only:
        with open(args.only) as f:
            keep = {line.strip() for line in f if line.strip()}
        tasks = [t for t in tasks if t["file"] in keep]
    rows = []
    if args.merge:
        tools = []
        for path in args.merge:
            with open(path) as f:
                for r in csv.DictReader(f, delimiter="\t"):
                    r["iterations"] = int(r["iterations"]) if r["iterations"] else ""
                    rows.append(r)
                    if r["tool"] not in tools:
                        tools.append(r["tool"])
        files = {r["file"] for r in rows}
        tasks = [t for t in tasks if t["file"] in files]
    for t in tasks if not args.merge else []:
        path = os.path.join(args.dir, t["file"])
        for tool in tools:
            if tool == "z3":
                ans, dt, it, why = run_z3(args.z3, path, args.timeout)
            else:
                ans, dt, it, why = run_vcdpor(args.vcdpor, path, tool, args.timeout)
            exp = t["expected"]
            wrong = ans in ("sat", "unsat") and exp in ("sat", "unsat") and ans != exp
            rows.append({"file": t["file"], "set": t["set"], "tool": tool,
                         "expected": exp, "answer": ans, "time_s": "%.2f" % dt,
                         "iterations": "" if it is None else it, "note": why,
                         "wrong": "WRONG" if wrong else ""})
            if wrong:
                print("WRONG: %s %s answered %s, expected %s" % (tool, t["file"], ans, exp),
                      flush=True)
    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), delimiter="\t")
            w.writeheader()
            w.writerows(rows)
    if args.merge:
        print("merged: %s" % " ".join(args.merge))
    else:
        print("timeout %g s per task" % args.timeout)
    # solved: sat or unsat and not wrong; known: of those, the tasks whose
    # expected answer status.tsv knows (the others cannot be judged).
    print("%-16s %-6s %5s %7s %5s %5s %5s %6s %6s" % ("set", "tool", "tasks", "solved",
                                                      "known", "sat", "unsat", "wrong",
                                                      "iters"))
    total_wrong = 0
    for s in sorted({t["set"] for t in tasks}):
        n = sum(1 for t in tasks if t["set"] == s)
        for tool in tools:
            rs = [r for r in rows if r["set"] == s and r["tool"] == tool]
            solved = [r for r in rs if r["answer"] in ("sat", "unsat") and not r["wrong"]]
            wrong = sum(1 for r in rs if r["wrong"])
            total_wrong += wrong
            its = [r["iterations"] for r in solved if r["iterations"] != ""]
            mean = "%.1f" % (sum(its) / len(its)) if its else "-"
            known = sum(1 for r in solved if r["expected"] in ("sat", "unsat"))
            print("%-16s %-6s %5d %7d %5d %5d %5d %6d %6s" % (
                s, tool, n, len(solved), known,
                sum(1 for r in solved if r["answer"] == "sat"),
                sum(1 for r in solved if r["answer"] == "unsat"), wrong, mean))
    if "rahit" in tools and "rahft" in tools:
        # The paper's comparison: iterations on the tasks both solved.
        def solved(tool):
            return {r["file"]: r for r in rows if r["tool"] == tool
                    and r["answer"] in ("sat", "unsat") and not r["wrong"]}
        a, b = solved("rahit"), solved("rahft")
        both = sorted(set(a) & set(b))
        if both:
            print("solved by both refinements: %d; mean iterations rahit %.2f, rahft %.2f;"
                  " only rahit: %d, only rahft: %d" % (
                      len(both), sum(a[f]["iterations"] for f in both) / len(both),
                      sum(b[f]["iterations"] for f in both) / len(both),
                      len(set(a) - set(b)), len(set(b) - set(a))))
    print("wrong answers: %d" % total_wrong)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
