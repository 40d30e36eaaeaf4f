#!/usr/bin/env python3
"""How bmc's formula grows with the number of threads and with the bound.

Two axes, each on programs of the shared DPOR pool and of benchmarks/families:
  threads: the program's thread count N grows, with --unroll N+2 so that
           the loops creating and joining the threads run to the end (a
           loop over the threads' array grows with them);
  bound:   the program stays (its loops run longer than any bound tried),
           --unroll K grows.
For each point, vcdpor --engine=bmc reports the formula's size in its JSON
(stats.smt: events, reads, reads-from variables, distinct terms); the
solver's answer does not matter here, so each run has a short --timeout.
The table gives, per step, the log-log slope of terms against the axis
(d log terms / d log x): a polynomial of degree d keeps it near or below d,
an exponential makes it grow with x. With matplotlib, a log-log plot.

  benchmarks/bmc_formula_size.py [--vcdpor BIN] [--out DIR]
"""
import argparse
import json
import math
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "..", "shared", "benchmarks", "nidhugg")
FAM = os.path.join(ROOT, "benchmarks", "families")

# (name, path, axis, values, fixed flags)
SERIES = [
    ("counter_mutex", os.path.join(FAM, "counter_mutex.c"), "threads",
     [2, 3, 4, 6, 8, 12, 16], []),
    ("writers_reader", os.path.join(FAM, "writers_reader.c"), "threads",
     [2, 3, 4, 6, 8, 12, 16], []),
    ("sigma", os.path.join(BENCH, "SV-COMP", "sigma.c"), "threads",
     [2, 3, 4, 6, 8, 12, 16], []),
    ("readers", os.path.join(BENCH, "from_RCMC", "readers.c"), "threads",
     [2, 3, 4, 6, 8, 12, 16], []),
    ("fib_bench(N=100)", os.path.join(BENCH, "from_OBSERVERS", "fib_bench.c"),
     "bound", [1, 2, 4, 8, 16, 32], ["-DN=100"]),
    ("sigma(N=4)", os.path.join(BENCH, "SV-COMP", "sigma.c"), "bound",
     [4, 8, 16, 32], ["-DN=4"]),
]


def measure(binary, path, axis, x, fixed, timeout):
    cmd = [binary, "--engine=bmc", "--opt=0", "--timeout", str(timeout),
           "--json", "-", *fixed]
    cmd += (["-DN=%d" % x, "--unroll", str(x + 2)] if axis == "threads"
            else ["--unroll", str(x)])
    cmd.append(path)
    p = subprocess.run(cmd, capture_output=True, text=True,
                       timeout=timeout * 5 + 60)
    try:
        smt = json.loads(p.stdout)["stats"]["smt"]
    except (ValueError, KeyError, TypeError):
        msg = p.stderr.strip().splitlines()
        raise SystemExit("bmc_formula_size: %s failed: %s" %
                         (" ".join(cmd), msg[-1] if msg else p.returncode))
    return smt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor",
                    default=os.path.join(ROOT, "build", "tools", "vcdpor"))
    ap.add_argument("--timeout", type=float, default=1,
                    help="bmc's time limit per point (the size is reported "
                         "whatever the solver answers)")
    ap.add_argument("--out", default="bench-results/bmc_formula_size")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    print("| series | axis | x | threads | events | reads | rf variables "
          "| terms | slope of terms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, path, axis, xs, fixed in SERIES:
        prev = None
        for x in xs:
            s = measure(a.vcdpor, path, axis, x, fixed, a.timeout)
            slope = "-"
            if prev:
                slope = "%.2f" % (math.log(s["terms"] / prev[1]) /
                                  math.log(x / prev[0]))
            prev = (x, s["terms"])
            rows.append({"series": name, "axis": axis, "x": x, **s})
            print("| %s | %s | %d | %d | %d | %d | %d | %d | %s |" %
                  (name, axis, x, s["threads"], s["events"], s["reads"],
                   s["rf_variables"], s["terms"], slope), flush=True)
    with open(os.path.join(a.out, "formula_size.json"), "w") as f:
        json.dump(rows, f, indent=1)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bmc_formula_size: matplotlib not available, no plot")
        return
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, axis, label in ((axes[0], "threads", "threads N (--unroll N+2)"),
                            (axes[1], "bound", "bound K (--unroll K)")):
        for name in dict.fromkeys(r["series"] for r in rows
                                  if r["axis"] == axis):
            pts = [r for r in rows if r["series"] == name]
            xs = [r["x"] for r in pts]
            ax.plot(xs, [r["terms"] for r in pts], "o-", label=name + " terms")
            ax.plot(xs, [r["rf_variables"] for r in pts], "x--",
                    label=name + " rf vars")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(label)
        ax.set_ylabel("formula size")
        ax.legend(fontsize=7)
    fig.tight_layout()
    png = os.path.join(a.out, "bmc_formula_size.png")
    fig.savefig(png, dpi=90)
    print("bmc_formula_size: plot in", png)


if __name__ == "__main__":
    main()
