#!/usr/bin/env python3
"""Runs the 2LS regression tests (paper 004's suite, a directory of
<test>/main.c and <test>/test.desc, status.tsv) with --engine=bmc under both
--solver=z3 and --solver=acdlp, and prints one table: per test the expected
verdict, each solver's verdict and time, and the search figures (decisions,
conflicts; ACDLP's learned clauses) next to Z3's own statistics.

  benchmarks/acdlp_run.py [--suite DIR] [--vcdpor BIN] [--timeout S]
                          [--only NAME,...] [--json OUT]

test.desc flags: --unwind N becomes --unroll N; --inline is what bmc does
anyway (it unrolls calls); --octagons only picks 2LS's template domain for
invariant inference, which bmc has no counterpart of and does not need (its
verdict does not depend on it). Any other flag has no equivalent: such
tests are listed with the flag and not run.

Verdicts: "unsafe" (a counterexample the interpreter confirmed), "safe" (no
error and no execution reaches the unrolling bound: a proof), "bounded" (no
error up to the bound, which some execution exceeds: not a proof, so not
counted as solved), "unknown" (time limit, refusal, solver gave up).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# CBMC's built-ins that the 2LS tests use, as vcdpor's (-D on the command
# line: the tests themselves are read where they are, never copied).
DEFINES = [
    # CBMC's assert needs no header; vcdpor's is assert.h's __assert_fail.
    "assert(c)=((c)?0:(__assert_fail(#c,__FILE__,__LINE__,__func__),0))",
    "__CPROVER_assume=__VERIFIER_assume",
    "nondet_int=__VERIFIER_nondet_int",
    "nondet_bool=__VERIFIER_nondet_bool",
    "nondet_char=__VERIFIER_nondet_char",
    "nondet_uchar=__VERIFIER_nondet_uchar",
    "nondet_unsigned=__VERIFIER_nondet_uint",
]
IGNORED = {"--inline": "bmc unrolls calls anyway",
           "--octagons": "2LS's invariant domain; bmc infers no invariants"}


def parse_desc(path):
    lines = open(path).read().splitlines()
    flags = lines[2].split() if len(lines) > 2 else []
    expected = None
    for l in lines[3:]:
        if "VERIFICATION FAILED" in l:
            expected = "unsafe"
        elif "VERIFICATION SUCCESSFUL" in l:
            expected = "safe"
    return flags, expected


def map_flags(flags):
    """vcdpor's flags for 2LS's, or (None, reason)."""
    out, i = [], 0
    while i < len(flags):
        f = flags[i]
        if f == "--unwind" and i + 1 < len(flags):
            out += ["--unroll", flags[i + 1]]
            i += 2
            continue
        if f in IGNORED:
            i += 1
            continue
        return None, "no equivalent for " + f
    return out, None


def run(vcdpor, test_dir, flags, solver, timeout, opt, extra=()):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as t:
        out = t.name
    cmd = [vcdpor, "--engine=bmc", "--solver=" + solver,
           "--timeout", str(timeout), "--opt", opt, "--json", out] + flags
    if solver == "acdlp":
        cmd += list(extra)
    cmd += ["-D" + d for d in DEFINES]
    cmd += [os.path.join(test_dir, "main.c")]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout + 30)
        text = p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return {"verdict": "unknown", "why": "killed", "time": time.time() - t0}
    wall = time.time() - t0
    r = {"time": wall, "why": ""}
    try:
        j = json.load(open(out))
    except (OSError, ValueError):
        j = None
    finally:
        if os.path.exists(out):
            os.unlink(out)
    if not j:
        line = next((l for l in text.splitlines() if l.strip()), "")
        return dict(r, verdict="unknown", why=line[:90])
    v = j.get("verdict")
    smt = j.get("stats", {}).get("smt", {})
    if v == "error":
        r["verdict"] = "unsafe"
    elif v == "safe":
        r["verdict"] = "safe" if smt.get("complete") else "bounded"
    elif v == "bounded":
        r["verdict"] = "bounded"
    else:
        r["verdict"] = "unknown"
        r["why"] = (j.get("limit") or j.get("refused") or
                    next((l for l in text.splitlines() if "acdlp" in l or
                          "unsupported" in l or "rror" in l), ""))[:90]
    s = j.get("stats", {}).get("solver", {})
    r.update(decisions=s.get("decisions", 0), conflicts=s.get("conflicts", 0),
             learned=s.get("learned", 0), solver_s=s.get("solver_s", 0.0),
             bound=smt.get("bound", 0))
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default=os.path.join(ROOT, "..", "shared",
                                                    "benchmarks", "acdlp"))
    ap.add_argument("--vcdpor", default=os.path.join(ROOT, "build", "tools",
                                                     "vcdpor"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", default="")
    # clang's level (vcdpor's default 1). At every level an uninitialised
    # local is one nondet value, as CBMC reads it (interpreter/Uninit.h).
    ap.add_argument("--opt", default="1")
    # More options for the acdlp runs, e.g. "--acdlp-decisions=bits".
    ap.add_argument("--acdlp-args", default="")
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    only = set(x for x in a.only.split(",") if x)
    tests = sorted(d for d in os.listdir(a.suite)
                   if os.path.isfile(os.path.join(a.suite, d, "test.desc")))
    rows, skipped = [], []
    for t in tests:
        if only and t not in only:
            continue
        flags, expected = parse_desc(os.path.join(a.suite, t, "test.desc"))
        mapped, why = map_flags(flags)
        if mapped is None:
            skipped.append((t, why))
            continue
        row = {"test": t, "expected": expected, "flags": " ".join(mapped)}
        for s in ("z3", "acdlp"):
            row[s] = run(a.vcdpor, os.path.join(a.suite, t), mapped, s,
                         a.timeout, a.opt, a.acdlp_args.split())
        rows.append(row)
        z, c = row["z3"], row["acdlp"]
        print(f"{t:18} {expected or '?':7} {row['flags']:11} | z3 {z['verdict']:8}"
              f"{z['time']:6.2f}s dec {z.get('decisions', 0):6} conf "
              f"{z.get('conflicts', 0):6} | acdlp {c['verdict']:8}{c['time']:6.2f}s"
              f" dec {c.get('decisions', 0):6} conf {c.get('conflicts', 0):6}"
              f" learn {c.get('learned', 0):6} {c.get('why', '')}", flush=True)
    print()
    for s in ("z3", "acdlp"):
        solved = sum(1 for r in rows if r[s]["verdict"] == r["expected"])
        wrong = [r["test"] for r in rows
                 if r[s]["verdict"] in ("safe", "unsafe")
                 and r[s]["verdict"] != r["expected"]]
        bounded = sum(1 for r in rows if r[s]["verdict"] == "bounded")
        total = sum(r[s]["time"] for r in rows)
        print(f"{s:6} solved {solved}/{len(rows)}  wrong {len(wrong)} "
              f"{wrong}  bounded {bounded}  total time {total:.1f}s  "
              f"decisions {sum(r[s].get('decisions', 0) for r in rows)}  "
              f"conflicts {sum(r[s].get('conflicts', 0) for r in rows)}")
    both = [r for r in rows if r["z3"]["verdict"] == r["expected"] and
            r["acdlp"]["verdict"] == r["expected"]]
    if both:
        zt = sum(r["z3"]["time"] for r in both)
        at = sum(r["acdlp"]["time"] for r in both)
        print(f"on the {len(both)} tests both solve: z3 {zt:.1f}s, acdlp "
              f"{at:.1f}s; decisions z3 "
              f"{sum(r['z3'].get('decisions', 0) for r in both)} acdlp "
              f"{sum(r['acdlp'].get('decisions', 0) for r in both)}")
    for t, why in skipped:
        print(f"not run: {t}: {why}")
    if a.json:
        json.dump({"rows": rows, "skipped": skipped}, open(a.json, "w"),
                  indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
