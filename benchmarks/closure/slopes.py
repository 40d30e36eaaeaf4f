#!/usr/bin/env python3
"""Log-log growth exponents from closure_bench JSON output.

Usage: closure_bench --benchmark_out=out.json --benchmark_out_format=json
       slopes.py out.json
Prints, per benchmark and thread count k, the time per n and the least-squares
slope of log(time) against log(n).
"""
import json
import math
import sys
from collections import defaultdict

TIME = "cpu_time"  # the machine is shared: CPU time is steadier than wall time
rows = defaultdict(dict)
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    name, k, n = b["name"].split("/")[:3]
    rows[(name, int(k))][int(n)] = b[TIME], b["time_unit"]

for (name, k), by_n in sorted(rows.items()):
    ns = sorted(by_n)
    xs = [math.log(n) for n in ns]
    ys = [math.log(by_n[n][0]) for n in ns]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum(
        (x - mx) ** 2 for x in xs)
    times = "  ".join(f"{by_n[n][0]:.4g}" for n in ns)
    print(f"{name:28s} k={k}  [{by_n[ns[0]][1]}] {times}  slope {slope:.2f}")
