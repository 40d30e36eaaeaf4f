#!/usr/bin/env python3
"""check_deterministic.py [--runs N] --engines E1,E2 [--expect V] -- VCDPOR ARGS...

Runs `VCDPOR --engine=E --json - ARGS...` N times per engine and fails unless
every run of an engine reports the same verdict, the same findings (kind,
message, thread, location and trace) and the same counts. Time and memory
are the only fields allowed to differ. Prints one line per engine."""
import argparse
import json
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--runs", type=int, default=10)
ap.add_argument("--engines", required=True)
ap.add_argument("--expect", help="verdict every run must give")
ap.add_argument("cmd", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
if not cmd:
    ap.error("no vcdpor command given")

COUNTS = ("executions", "blocked", "bounded", "events", "error_executions",
          "sleep_blocked", "hb_classes")


def outcome(engine):
    p = subprocess.run([cmd[0], "--engine=" + engine, "--json", "-"] + cmd[1:],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in (0, 1, 3, 4):
        sys.exit("check_deterministic: %s exited with %d:\n%s"
                 % (engine, p.returncode, p.stderr))
    r = json.loads(p.stdout)
    return {
        "exit": p.returncode,
        "verdict": r["verdict"],
        "limit": r.get("limit"),
        "errors": r["errors"],
        "counts": {k: r["stats"].get(k) for k in COUNTS},
    }


failed = False
for engine in a.engines.split(","):
    first = outcome(engine)
    same = True
    for i in range(1, a.runs):
        o = outcome(engine)
        if o != first:
            failed = True
            same = False
            for key in first:
                if o[key] != first[key]:
                    print("check_deterministic: error: %s run %d differs from run 1 in %s:\n"
                          "  run 1: %s\n  run %d: %s"
                          % (engine, i + 1, key, json.dumps(first[key])[:2000], i + 1,
                             json.dumps(o[key])[:2000]), file=sys.stderr)
            break
    if a.expect and first["verdict"] != a.expect:
        failed = True
        print("check_deterministic: error: %s: verdict %s, expected %s"
              % (engine, first["verdict"], a.expect), file=sys.stderr)
    c = first["counts"]
    print("check_deterministic: %s: %s: %s, %d findings, "
          "executions %s, blocked %s, sleep-blocked %s, events %s"
          % (engine, "%d identical runs" % a.runs if same else "runs differ",
             first["verdict"], len(first["errors"]), c["executions"],
             c["blocked"], c["sleep_blocked"], c["events"]))
sys.exit(1 if failed else 0)
