#!/usr/bin/env python3
"""check_limit.py REPORT.json --timeout S | --max-memory MB | --max-executions N

Checks a vcdpor JSON report of a run that a limit ended: verdict unknown,
the limit named, the statistics of what was covered present, and the limit
honoured within --tolerance (default 5%):
  --max-executions N   explored executions (complete, erroneous, blocked,
                       bounded, sleep-set blocked) == N exactly
  --timeout S          S <= reported exploration time <= S * (1 + tol)
                       + --slack (default 0.25 s: a machine running other
                       work may not schedule the process for a while; a
                       search that misses its limit overshoots by far more)
  --max-memory MB      reported peak resident memory <= MB * (1 + tol)
Prints one line with the measured overshoot; exits 1 on any failure."""
import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("report")
g = ap.add_mutually_exclusive_group(required=True)
g.add_argument("--timeout", type=float)
g.add_argument("--max-memory", type=float)
g.add_argument("--max-executions", type=int)
ap.add_argument("--tolerance", type=float, default=0.05)
ap.add_argument("--slack", type=float, default=0.25,
                help="seconds a timeout may overshoot on top of --tolerance")
ap.add_argument("--min-executions", type=int, default=1,
                help="executions the run must have covered before the limit")
a = ap.parse_args()

with open(a.report) as f:
    r = json.load(f)
s = r["stats"]
problems = []


def need(cond, msg):
    if not cond:
        problems.append(msg)


kind = ("timeout" if a.timeout is not None else
        "max-memory" if a.max_memory is not None else "max-executions")
need(r["verdict"] == "unknown", "verdict %r, expected 'unknown'" % r["verdict"])
need(r.get("limit") == kind, "limit %r, expected %r" % (r.get("limit"), kind))
for key in ("executions", "blocked", "bounded", "events", "time_s", "peak_rss_mb"):
    need(key in s, "stats lack %r" % key)
total = (s.get("executions", 0) + s.get("blocked", 0) + s.get("bounded", 0) +
         s.get("sleep_blocked", 0))
need(total >= a.min_executions,
     "covered %d executions, expected at least %d" % (total, a.min_executions))
need(s.get("events", 0) > 0, "no events covered")

if kind == "max-executions":
    measured, limit = total, a.max_executions
    need(total == limit, "explored %d executions, limit %d" % (total, limit))
elif kind == "timeout":
    measured, limit = s["time_s"], a.timeout
    need(measured >= limit, "stopped at %.3f s, before the %.3f s limit" % (measured, limit))
    need(measured <= limit * (1 + a.tolerance) + a.slack,
         "stopped at %.3f s, more than %.0f%% + %.2f s past the %.3f s limit"
         % (measured, 100 * a.tolerance, a.slack, limit))
else:
    measured, limit = s["peak_rss_mb"], a.max_memory
    need(measured <= limit * (1 + a.tolerance),
         "peak memory %.1f MB, more than %.0f%% past the %.1f MB limit"
         % (measured, 100 * a.tolerance, limit))

over = 100.0 * (measured - limit) / limit
print("check_limit: %s %s: measured %s, overshoot %+.2f%%, %d executions covered"
      % (r.get("engine"), kind, measured, over, total))
for p in problems:
    print("check_limit: error: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
