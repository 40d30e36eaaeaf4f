#!/usr/bin/env python3
"""Speed of the Source- and Optimal-DPOR engines on the issue's benchmark set,
next to the Nidhugg 0.4 and GenMC 0.10.3 figures measured on this machine
kind (../shared/benchmarks/reference/). Prints a Markdown table.

  benchmarks/dpor_speed.py [--vcdpor build/tools/vcdpor] [--reps 3] [--quick]
"""
import argparse
import csv
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "..", "shared", "benchmarks")
CASES = [  # name, file, macro, N
    ("lastzero", "from_CONCUERROR/lastzero.c", "N", 10),
    ("lastzero", "from_CONCUERROR/lastzero.c", "N", 12),
    ("fib_bench", "from_OBSERVERS/fib_bench.c", "N", 4),
    ("szymanski", "from_RFSC/benchmarks/asserts/SV-COMP/szymanski.c", "N", 2),
    ("readers", "from_RCMC/readers.c", "N", 12),
    ("opt_lock", "from_DCDPOR/opt_lock.c", "N", 11),
    ("parker", "from_DCDPOR/parker.c", "N", 8),
]


def reference():
    nid, gen = {}, {}
    with open(os.path.join(BENCH, "reference", "nidhugg-0.4-sc-counts.tsv")) as f:
        for r in csv.DictReader(f, delimiter="\t"):
            nid[(r["bench"], r["N"], r["algo"])] = (int(r["traces"]), float(r["wall_s"]))
    with open(os.path.join(BENCH, "reference", "genmc-0.10.3-sc-counts.tsv")) as f:
        rd = csv.reader(f, delimiter="\t")
        header = next(rd)
        for r in rd:
            try:
                gen[(r[0], r[3])] = (int(r[4]), float(r[7]))
            except ValueError:
                pass  # rows GenMC could not run
    return nid, gen


def run(vcdpor, engine, case):
    name, path, macro, n = case
    ll = "/tmp/vcdpor-bench-%s-%d.ll" % (name, n)
    if not os.path.exists(ll):
        subprocess.run([vcdpor, "--opt=0", "-D%s=%d" % (macro, n), "--max-executions", "1",
                        "--emit-ll", ll, os.path.join(BENCH, "nidhugg", path)],
                       capture_output=True)
    t0 = time.time()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", vcdpor, "--engine=" + engine,
                        "--json", "-", ll], capture_output=True, text=True)
    wall = time.time() - t0
    d = json.loads(p.stdout)
    rss_kb = int(p.stderr.strip().splitlines()[-1])
    return d["stats"]["executions"], d["stats"].get("sleep_blocked", 0), wall, rss_kb / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", default=os.path.join(ROOT, "build", "tools", "vcdpor"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="skip opt_lock(11) and lastzero(12)")
    a = ap.parse_args()
    nid, gen = reference()
    print("| benchmark | engine | executions | sleep-blocked | time (s, best of %d) | exec/s | peak RSS (MB) | Nidhugg time | speed-up vs Nidhugg | GenMC time | ratio to GenMC |" % a.reps)
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for case in CASES:
        if a.quick and (case[0], case[3]) in (("opt_lock", 11), ("lastzero", 12)):
            continue
        for eng in ("source", "optimal"):
            best = None
            for _ in range(a.reps):
                r = run(a.vcdpor, eng, case)
                if best is None or r[2] < best[2]:
                    best = r
            ex, sb, t, mb = best
            nt = nid.get((case[0], str(case[3]), eng))
            gt = gen.get((case[0], str(case[3])))
            print("| %s(%d) | %s | %d | %d | %.2f | %.0f | %.0f | %s | %s | %s | %s |" % (
                case[0], case[3], eng, ex, sb, t, ex / t if t else 0, mb,
                "%.2f" % nt[1] if nt else "-",
                "%.1fx" % (nt[1] / t) if nt else "-",
                "%.2f" % gt[1] if gt else "-",
                "%.2f" % (t / gt[1]) if gt else "-"), flush=True)


if __name__ == "__main__":
    sys.exit(main())
