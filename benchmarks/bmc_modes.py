#!/usr/bin/env python3
"""Tables and a cactus plot of bmc, bmc-refine and bmc-oc on SV-COMP tasks.

Reads the results.json of
  benchmarks/run.py --svcomp --engines bmc,bmc-refine,bmc-oc ...
and prints, per task, each engine's outcome, wall time and refinement
figures (bmc-refine: spurious models refined; bmc-oc: order conflicts), a
summary (decided tasks, medians over the tasks every engine decided, wins
of one engine over another on those), and with --plot a cactus plot: per
engine, its decided tasks' times sorted, against their number.

  bmc_modes.py RESULTS.json [--plot OUT.png] [--markdown]
"""
import argparse
import json
import statistics
import sys


def decided(t):
    return t["outcome"] in ("correct-true", "correct-false")


def refinements(t):
    r = t.get("refinement") or {}
    return r.get("iterations"), r.get("order_conflicts"), r.get("kernel_reasons_kept")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--plot")
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    with open(a.results) as f:
        sv = json.load(f)["svcomp"]
    engines = list(sv["engines"])
    by = {e: {t["file"]: t for t in sv["engines"][e]["tasks"]} for e in engines}
    files = sorted(by[engines[0]])

    def cell(e, f):
        t = by[e][f]
        it, conf, kept = refinements(t)
        extra = ""
        if e == "bmc-refine" and it is not None:
            extra = " (%d ref, %d kr)" % (it, kept or 0)
        elif e == "bmc-oc" and conf is not None:
            extra = " (%d conf, %d ref)" % (conf, it or 0)
        out = {"correct-true": "true", "correct-false": "false"}.get(
            t["outcome"], t["outcome"])
        if t["outcome"] == "unknown":
            out = "unknown"
        return "%s %.2f%s" % (out, t["wall_s"], extra)

    rows = [f for f in files if any(decided(by[e][f]) for e in engines)]
    print("| task | " + " | ".join(engines) + " |")
    print("|---|" + "---|" * len(engines))
    for f in rows:
        print("| %s | %s |" % (f.replace("c/", "", 1),
                               " | ".join(cell(e, f) for e in engines)))
    print()
    common = [f for f in files if all(decided(by[e][f]) for e in engines)]
    print("| engine | decided | wrong | median s (tasks all decide, %d) | "
          "total s (same) |" % len(common))
    print("|---|---|---|---|---|")
    for e in engines:
        ts = [by[e][f]["wall_s"] for f in common]
        wrong = sum(t["outcome"].startswith("incorrect") for t in by[e].values())
        print("| %s | %d | %d | %.2f | %.1f |" % (
            e, sum(decided(t) for t in by[e].values()), wrong,
            statistics.median(ts) if ts else float("nan"), sum(ts)))
    print()
    for x in engines:
        for y in engines:
            if x >= y:
                continue
            faster = sum(by[x][f]["wall_s"] < by[y][f]["wall_s"] for f in common)
            print("- on the %d tasks all decide, %s is faster than %s on %d" %
                  (len(common), x, y, faster))
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 4))
        for e in engines:
            ts = sorted(t["wall_s"] for t in by[e].values() if decided(t))
            ax.plot(range(1, len(ts) + 1), ts, marker="o", markersize=3, label=e)
        ax.set_xlabel("tasks decided (correctly)")
        ax.set_ylabel("wall time per task (s)")
        ax.set_yscale("log")
        ax.set_title("SV-COMP unreach-call: bmc engines (timeout %g s)" %
                     sv["timeout_s"])
        ax.legend()
        ax.grid(True, which="both", alpha=0.3)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
