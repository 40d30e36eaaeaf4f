#!/usr/bin/env python3
"""Checks that a run.py output directory holds its files: a parseable,
non-empty results.json, a non-empty results.md with the table, and (when
matplotlib imports in this interpreter) the PNG plots, non-empty. Also fails
if a run crashed or a program did not load. Timings are not checked.

  check_outputs.py DIR [--svcomp] [--same-counts=ENGINE,ENGINE]

--same-counts=vc,vc/t2 also requires the two engines to report the same
verdict and executions on every case both ran (a parallel run against one
worker).
"""
import json
import os
import sys


def fail(msg):
    print("check_outputs: FAIL: " + msg)
    sys.exit(1)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        fail("usage: check_outputs.py DIR [--svcomp]")
    d = args[0]
    pj, pm = os.path.join(d, "results.json"), os.path.join(d, "results.md")
    for p in (pj, pm):
        if not os.path.isfile(p) or os.path.getsize(p) == 0:
            fail("%s missing or empty" % p)
    with open(pj) as f:
        res = json.load(f)
    cases = res.get("cases") or []
    if not cases:
        fail("no cases in results.json")
    runs = [r for c in cases for r in c.get("runs", [])]
    if not runs:
        fail("no runs in results.json")
    for c in cases:
        if c.get("compile_error"):
            fail("%s did not compile: %s" % (c["label"], c["compile_error"]))
        for r in c["runs"]:
            if r.get("status") in ("crash", "load-error"):
                fail("%s %s: %s: %s" % (c["label"], r["engine"], r["status"], r.get("message")))
    same = [a.split("=", 1)[1].split(",") for a in sys.argv[1:]
            if a.startswith("--same-counts=")]
    for a, b in same:
        compared = 0
        for c in cases:
            by = {r["engine"]: r for r in c["runs"] if r.get("tool") == "vcdpor"}
            if a in by and b in by:
                ra, rb = by[a], by[b]
                if ra.get("status") == "limit" or rb.get("status") == "limit":
                    continue
                key = lambda r: (r.get("verdict"), r.get("executions"))
                if key(ra) != key(rb):
                    fail("%s: %s reports %s, %s %s" % (c["label"], a, key(ra), b, key(rb)))
                compared += 1
        if not compared:
            fail("no case ran both %s and %s" % (a, b))
    with open(pm) as f:
        md = f.read()
    if "| program | engine | verdict | executions |" not in md:
        fail("no results table in %s" % pm)
    if "--svcomp" in sys.argv:
        if not res.get("svcomp") or "## SV-COMP score" not in md:
            fail("no SV-COMP score")
    try:
        import matplotlib  # noqa: F401
        have_mpl = True
    except ImportError:
        have_mpl = False
    if have_mpl:
        plots = res.get("plots") or []
        if not plots:
            fail("matplotlib imports but no plots were made")
        for p in plots:
            p = os.path.join(d, p)
            if not os.path.isfile(p) or os.path.getsize(p) == 0:
                fail("%s missing or empty" % p)
    print("check_outputs: OK: %d cases, %d runs, %s" % (
        len(cases), len(runs), "%d plots" % len(res.get("plots") or []) if have_mpl
        else "plots not checked (no matplotlib in %s)" % sys.executable))


if __name__ == "__main__":
    main()
