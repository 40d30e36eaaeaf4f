#!/usr/bin/env python3
"""--solver=acdlp against --solver=z3 (--engine=bmc) on a set of programs.

For each program (its vcdpor options taken from its first RUN line, as
bmc_agreement.py takes them), both solvers decide the same formulas with
--unroll K. They agree when they give the same verdict (error, or no error
with the bound complete or not) and, for an error, the same finding kind.
A program ACDLP refuses is counted by the reason (threads: it decides
one-thread programs only); a program Z3's bmc refuses too is skipped;
either solver running out of --limit seconds is counted as a timeout, not
an agreement.

  acdlp_agreement.py --vcdpor BIN [--unroll K] [--limit S] FILE...
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "dpor"))
from engine_agreement import run_options  # noqa: E402


def run(vcdpor, path, opts, solver, unroll, limit):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as t:
        out = t.name
    cmd = [vcdpor, "--engine=bmc", "--solver=" + solver, "--unroll",
           str(unroll), "--timeout", str(limit), "--json", out] + opts + [path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=limit + 60)
    except subprocess.TimeoutExpired:
        return ("timeout", "")
    try:
        j = json.load(open(out))
    except (OSError, ValueError):
        j = None
    finally:
        if os.path.exists(out):
            os.unlink(out)
    if p.returncode == 2 or j is None:
        return ("refused", (p.stderr.strip().splitlines() or [""])[-1])
    v = j.get("verdict")
    if v == "error":
        kinds = sorted(set(e.get("kind", "") for e in j.get("errors", [])))
        return ("error " + ",".join(kinds), "")
    if v == "safe":
        complete = j.get("stats", {}).get("smt", {}).get("complete")
        return ("safe" if complete else "bounded", "")
    if v == "bounded":
        return ("bounded", "")
    return ("unknown", j.get("limit", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--unroll", type=int, default=2)
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    checked = failing = threads = skipped = timeouts = 0
    for f in sorted(a.files):
        opts = run_options(f)
        if opts is None:
            continue
        opts = [o for o in opts if not o.startswith("--solver")]
        z, zwhy = run(a.vcdpor, f, opts, "z3", a.unroll, a.limit)
        if z == "refused":
            skipped += 1
            continue
        c, cwhy = run(a.vcdpor, f, opts, "acdlp", a.unroll, a.limit)
        name = os.path.basename(f)
        if c == "refused" and "threads are not supported" in cwhy:
            threads += 1
            continue
        if "unknown" in (z, c) or "timeout" in (z, c):
            timeouts += 1
            print(f"TIMEOUT {name}: z3 {z} {zwhy}, acdlp {c} {cwhy}")
            continue
        checked += 1
        if z != c:
            failing += 1
            print(f"FAIL {name}: z3 {z}, acdlp {c} {cwhy}")
        else:
            print(f"ok {name}: {z}")
    print(f"acdlp agreement: checked {checked} programs, {threads} with "
          f"threads refused, {skipped} refused by bmc, {timeouts} timed out, "
          f"{failing} failing")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
