#!/usr/bin/env python3
"""Runs vcdpor on every SV-COMP and SCTBench program of ../shared/benchmarks
and compares its verdict with the expected one.

A program that hits the per-program limit counts as unknown, never as a pass.
Exit status: 1 if any finished program got a wrong verdict or a program could
not be loaded (unsupported construct, crash), else 0.

  check_verdicts.py --vcdpor build/tools/vcdpor --bench ../shared/benchmarks \
      [--timeout 5] [--engine exhaustive] [--json out.json] [--only svcomp]
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time


def tasks(bench, only):
    out = []
    if only in (None, "svcomp"):
        with open(os.path.join(bench, "svcomp", "verdicts.tsv")) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["property"] != "unreach-call":
                    continue
                exp = "safe" if row["expected_verdict"] == "true" else "error"
                out.append(("svcomp", os.path.join(bench, "svcomp", row["file"]), exp))
    if only in (None, "sctbench"):
        with open(os.path.join(bench, "sctbench", "expected.tsv")) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                exp = "error" if row["expected_by_name"].startswith("false") else "safe"
                out.append(("sctbench", os.path.join(bench, "sctbench", row["file"]), exp))
    return out


def run(vcdpor, path, timeout, engine, extra):
    cmd = [vcdpor, "--engine=" + engine, "--timeout", str(timeout), "--json", "-"] + extra + [path]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return {"status": "hang", "time": time.time() - t0}
    dt = time.time() - t0
    if p.returncode == 2:
        return {"status": "load-error", "message": p.stderr.strip()[:300], "time": dt}
    if p.returncode not in (0, 1, 3, 4):
        return {"status": "crash", "message": "exit %d: %s" % (p.returncode, p.stderr.strip()[-300:]), "time": dt}
    r = json.loads(p.stdout)
    kinds = sorted({e["kind"] for e in r["errors"]})
    return {"status": r["verdict"], "kinds": kinds, "time": dt,
            "executions": r["stats"]["executions"], "events": r["stats"]["events"],
            "bounded": r["stats"].get("bounded", 0),
            "nondet_used": r.get("bounds", {}).get("nondet_used", False)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--bench", required=True)
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--engine", default="exhaustive")
    ap.add_argument("--only", choices=["svcomp", "sctbench"])
    ap.add_argument("--json")
    ap.add_argument("--explained", help="TSV of files whose mismatch is explained")
    ap.add_argument("extra", nargs="*", help="extra vcdpor options")
    a = ap.parse_args()
    explained = {}
    if a.explained:
        with open(a.explained) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    k, _, why = line.rstrip("\n").partition("\t")
                    explained[k] = why
    rows = []
    bad = 0
    counts = {}
    for suite, path, exp in tasks(a.bench, a.only):
        r = run(a.vcdpor, path, a.timeout, a.engine, a.extra)
        st = r["status"]
        if st == "bounded":
            # No errors, but a loop bound or the nondet range cut some run.
            outcome = "unknown(nondet-range)" if r.get("nondet_used") else "unknown(bounded)"
        elif st in ("safe", "error"):
            # A safe verdict reached only up to a loop bound is no proof.
            if st == "safe" and r.get("bounded"):
                outcome = "unknown(bounded)"
            elif st == "safe" and r.get("nondet_used"):
                # Only --nondet-range was explored: no proof of safety.
                outcome = "unknown(nondet-range)"
            else:
                outcome = "correct" if st == exp else "WRONG"
        elif st == "unknown":
            outcome = "unknown"
        else:
            outcome = st.upper()
        name = os.path.relpath(path, a.bench)
        if outcome == "WRONG" and name in explained:
            outcome = "explained"
            r["message"] = explained[name]
        if outcome in ("WRONG", "LOAD-ERROR", "CRASH", "HANG"):
            bad += 1
        counts[outcome] = counts.get(outcome, 0) + 1
        rows.append(dict(file=name, expected=exp, outcome=outcome, **r))
        print("%-8s %-60s expected %-5s got %-8s %s %.1fs %s" % (
            outcome, name, exp, st, ",".join(r.get("kinds", [])), r["time"],
            r.get("message", "")), flush=True)
    print("summary: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
