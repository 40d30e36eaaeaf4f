#!/usr/bin/env python3
"""Checks a bmc engine against the exhaustive explorer on a set of programs.

For each program (its vcdpor options taken from its first RUN line, as
tests/dpor/engine_agreement.py takes them), exhaustive runs with
--all-errors and bmc with --unroll K. Where both decide:
  * exhaustive found errors: bmc reports an error, of a kind exhaustive
    found (bmc stops at its first counterexample, which the interpreter has
    confirmed); bmc "safe up to the bound" is a disagreement only when it
    claims the bound complete;
  * exhaustive found none and covered every execution (verdict safe): bmc
    reports no error;
  * bmc reports an error exhaustive did not find: a disagreement unless
    exhaustive's answer was bounded (nondet range, loop bound), since bmc
    draws every nondet value; the confirmed counterexample is printed.
With --races, both run under --property no-data-race instead (races are
the only errors; an execution stops at any other finding) and what is
compared is whether the program has a data race: a race bmc reports that
exhaustive, covering every execution, did not find is a disagreement, and
so is bmc's complete bound without a race where exhaustive found one.
Programs bmc refuses (a construct it does not model) are listed with the
reason, never counted as agreeing. What is skipped is decided by work: with
--ex-cap N a program whose exhaustive exploration exceeds N executions is
skipped, as is a program made to run into limits (its AGREEMENT-SKIP line
says why), and --checked requires the exact number compared.

--engine picks the bmc engine checked (bmc, bmc-refine, bmc-oc; default
bmc).

  bmc_agreement.py --vcdpor BIN [--engine E] [--unroll K] [--ex-cap N]
                   [--checked N] [--refused N] [--races] FILE...
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "dpor"))
from engine_agreement import run_options  # noqa: E402


def run(binary, args, limit):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        p = subprocess.run([binary, *args, "--json", path], capture_output=True,
                           text=True, timeout=limit)
        try:
            with open(path) as f:
                return json.load(f), p
        except (OSError, ValueError):
            return None, p
    finally:
        os.unlink(path)


# Options that choose how the explicit engines search, or what counts as an
# error, are left out: both engines run in the mode this script sets. So
# are bmc's --solver and --acdlp-* (tests/lit/acdlp/): each engine is
# checked with its own solver (acdlp_agreement.py compares --solver=acdlp
# with z3; bmc-refine and bmc-oc refuse it). The first group takes a value
# (as "--opt=V" or as "--opt V").
WITH_VALUE = ("--nondet-range", "--data-races", "--property", "--threads",
              "--root", "--solver", "--acdlp-decisions")
FLAGS = ("--svcomp", "--hand-off-all", "--vhb-exact", "--no-rebase",
         "--acdlp-trace", "--acdlp-restarts")


def drop_engine_options(opts):
    kept, i = [], 0
    while i < len(opts):
        name, eq, _ = opts[i].partition("=")
        if name in WITH_VALUE:
            i += 1 if eq else 2
            continue
        if name in FLAGS:
            i += 1
            continue
        kept.append(opts[i])
        i += 1
    return kept


def compare_races(name, ex, bm, failures, seen):
    ex_race = any(e["kind"] == "data-race" for e in ex["errors"])
    bm_race = any(e["kind"] == "data-race" for e in bm["errors"])
    b = ex["bounds"]
    ex_complete = ex["verdict"] in ("safe", "error") and not b["hit"] and \
        not b["nondet_used"]
    bm_complete = bm["bounds"].get("complete", False)
    other = [e["kind"] for e in bm["errors"] if e["kind"] != "data-race"]
    if ex_race == bm_race:
        seen["racy" if ex_race else "race-free"] += 1
    if other:
        failures.append("%s: bmc reported %s under no-data-race" %
                        (name, other))
    elif bm_race and not ex_race and ex_complete:
        failures.append("%s: bmc found a data race, exhaustive covered every "
                        "execution without one: %s" %
                        (name, bm["errors"][0]["message"]))
    elif ex_race and not bm_race and bm_complete:
        failures.append("%s: bmc claims a complete bound without a data "
                        "race; exhaustive found one" % name)
    elif ex_race and not bm_race:
        print("bounded %s: exhaustive found a data race beyond bmc's bound %s"
              % (name, bm["bounds"]["unroll"]))
    elif bm_race and not ex_race:
        print("beyond %s: bmc found a data race where exhaustive was bounded"
              % name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--engine", default="bmc",
                    choices=["bmc", "bmc-refine", "bmc-oc"])
    ap.add_argument("--unroll", type=int, default=3)
    ap.add_argument("--ex-cap", type=int, default=20000)
    ap.add_argument("--limit", type=float, default=120)
    ap.add_argument("--checked", type=int)
    ap.add_argument("--refused", type=int)
    ap.add_argument("--races", action="store_true")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    checked = refused = skipped = 0
    seen = {"racy": 0, "race-free": 0}
    failures = []
    for path in a.files:
        opts = run_options(path)
        if opts is None:
            continue
        with open(path, errors="replace") as f:
            unbounded = re.search(r"AGREEMENT-SKIP:\s*(.*)", f.read())
        if unbounded:
            skipped += 1
            print("skip %s: %s" % (os.path.relpath(path),
                                   unbounded.group(1).strip()))
            continue
        opts = drop_engine_options(opts)
        mode = ["--property", "no-data-race"] if a.races else \
            ["--all-errors", "--data-races=off"]
        ex, p = run(a.vcdpor, ["--engine=exhaustive", *mode, "--max-executions",
                               str(a.ex_cap), *opts, path], a.limit)
        if ex is None or ex["verdict"] == "unknown":
            skipped += 1
            print("skip %s: %s" % (os.path.relpath(path), (
                "exhaustive stopped (%s)" % ex.get("limit") if ex else
                "exhaustive gave no report (exit %d: %s)" % (
                    p.returncode, p.stderr.strip()[-120:]))))
            continue
        # A program that sets its own loop bound keeps it.
        unroll = [] if any(o.startswith("--unroll") for o in opts) else \
            ["--unroll", str(a.unroll)]
        mode = ["--property", "no-data-race"] if a.races else \
            ["--data-races=off"]
        bm, p = run(a.vcdpor, ["--engine=" + a.engine, *unroll, *mode, *opts, path],
                    a.limit)
        name = os.path.relpath(path)
        if bm is None:
            if p.returncode == 2 and "bmc: unsupported" in p.stderr:
                refused += 1
                print("refused %s: %s" % (name, p.stderr.strip().split("bmc: unsupported: ")[-1]))
                continue
            failures.append("%s: bmc gave no report (exit %d): %s" %
                            (name, p.returncode, p.stderr.strip()[-300:]))
            continue
        checked += 1
        if a.races:
            compare_races(name, ex, bm, failures, seen)
            continue
        ex_kinds = {e["kind"] for e in ex["errors"]}
        bm_kinds = {e["kind"] for e in bm["errors"]}
        complete = bm["bounds"].get("complete", False)
        if ex_kinds:
            if bm_kinds and not bm_kinds <= ex_kinds:
                failures.append("%s: bmc found %s, exhaustive %s" %
                                (name, sorted(bm_kinds), sorted(ex_kinds)))
            elif not bm_kinds and complete:
                failures.append("%s: bmc claims a complete bound without "
                                "errors; exhaustive found %s" %
                                (name, sorted(ex_kinds)))
            elif not bm_kinds:
                print("bounded %s: exhaustive found %s beyond bmc's bound %s" %
                      (name, sorted(ex_kinds), bm["bounds"]["unroll"]))
        elif bm_kinds and ex["verdict"] == "safe":
            failures.append("%s: bmc found %s, exhaustive covered every "
                            "execution without errors" % (name, sorted(bm_kinds)))
        elif bm_kinds:
            print("beyond %s: bmc found %s where exhaustive was bounded" %
                  (name, sorted(bm_kinds)))
    for f in failures:
        print("FAIL " + f)
    if a.races:
        print("races: %d programs racy and %d race-free for both" %
              (seen["racy"], seen["race-free"]))
    print("%s agreement: checked %d programs, %d refused by bmc, %d skipped, "
          "%d failing" % (a.engine, checked, refused, skipped, len(failures)))
    if a.checked is not None and checked != a.checked:
        print("expected %d programs checked" % a.checked)
        return 1
    if a.refused is not None and refused != a.refused:
        print("expected %d programs refused" % a.refused)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
