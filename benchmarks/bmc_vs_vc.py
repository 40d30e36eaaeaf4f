#!/usr/bin/env python3
"""bmc against vc on parameterised families, in one run.

For each family and N: --engine=vc and --engine=bmc (the bound left to bmc's
deepening unless the family fixes it) with the same --timeout, at --opt=0;
prints verdict, wall time, and for bmc the formula size (threads, events,
reads-from variables) and solver time, as a markdown table, with the ratio
bmc time / vc time. Timing belongs here, never in the tests.

  benchmarks/bmc_vs_vc.py [--vcdpor BIN] [--timeout 30] [--quick]
"""
import argparse
import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "..", "shared", "benchmarks", "nidhugg")

# (name, file, parameter macro, values, extra options)
FAMILIES = [
    ("lastzero", "from_CONCUERROR/lastzero.c", "N", [2, 3, 4, 5], []),
    ("fib_bench", "from_OBSERVERS/fib_bench.c", "N", [1, 2, 3], []),
    ("readers", "from_RCMC/readers.c", "N", [2, 4, 6, 8], []),
    ("sigma", "SV-COMP/sigma.c", "N", [2, 3, 4, 5], []),
    ("indexer", "SV-COMP/indexer.c", "N", [1, 2], []),
]


def run(binary, engine, path, macro, n, timeout, extra):
    cmd = [binary, "--engine=" + engine] + \
        (["--vc-strict"] if engine == "vc" else []) + ["--opt=0", "-D%s=%d" % (macro, n),
           "--timeout", str(timeout), "--json", "-", *extra, path]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return {"verdict": "hang", "wall": time.time() - t0}
    wall = time.time() - t0
    try:
        j = json.loads(p.stdout)
    except ValueError:
        msg = p.stderr.strip().splitlines()
        return {"verdict": "refused" if p.returncode == 2 else "crash",
                "wall": wall, "why": msg[-1] if msg else ""}
    r = {"verdict": j["verdict"], "wall": wall,
         "executions": j["stats"].get("executions")}
    smt = j["stats"].get("smt")
    if smt:
        r.update(bound=smt["bound"], complete=smt["complete"],
                 threads=smt["threads"], events=smt["events"],
                 rf=smt["rf_variables"], solver=smt["solver_s"])
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", default=os.path.join(ROOT, "build", "tools", "vcdpor"))
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--quick", action="store_true", help="two values per family")
    a = ap.parse_args()
    print("| program | vc verdict | vc executions | vc s | bmc verdict | bound | "
          "threads | events | rf vars | solver s | bmc s | bmc/vc |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, f, macro, values, extra in FAMILIES:
        for n in values[:2] if a.quick else values:
            path = os.path.join(BENCH, f)
            vc = run(a.vcdpor, "vc", path, macro, n, a.timeout, extra)
            bm = run(a.vcdpor, "bmc", path, macro, n, a.timeout, extra)
            bound = "%s%s" % (bm.get("bound", "-"), " (complete)" if bm.get("complete") else "")
            print("| %s(%d) | %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %.2f | %.2f |" % (
                name, n, vc["verdict"], vc.get("executions", "-"), vc["wall"],
                bm["verdict"], bound, bm.get("threads", "-"), bm.get("events", "-"),
                bm.get("rf", "-"),
                "%.2f" % bm["solver"] if "solver" in bm else "-", bm["wall"],
                bm["wall"] / max(vc["wall"], 1e-3)), flush=True)


if __name__ == "__main__":
    main()
