#!/usr/bin/env python3
"""Seeded one-thread C programs with arithmetic-heavy branches, decided by
--engine=bmc under --solver=z3 and --solver=acdlp, in one table (as
acdlp_run.py prints for the 2LS tests). Each program draws a few nondet
ints (some narrowed by assumes), computes through nested branches on
linear and bit-wise conditions (+, -, *, &, |, ^, shifts, /, % by
constants, comparisons signed and unsigned), and asserts a relation that
holds or, with some probability, one that fails for a few inputs only.

  benchmarks/acdlp_gen.py [--seeds A:B] [--out DIR] [--timeout S]
"""
import argparse
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from acdlp_run import run  # noqa: E402

OPS = ["+", "-", "*", "&", "|", "^"]


def expr(r, vs, depth):
    if depth == 0 or r.random() < 0.3:
        if r.random() < 0.3:
            return str(r.randint(0, 100))
        return r.choice(vs)
    k = r.random()
    a = expr(r, vs, depth - 1)
    if k < 0.15:
        return f"({a} >> {r.randint(1, 4)})"
    if k < 0.25:
        return f"({a} << {r.randint(1, 3)})"
    if k < 0.35:
        return f"({a} / {r.randint(2, 9)})"
    if k < 0.45:
        return f"({a} % {r.randint(2, 9)})"
    return f"({a} {r.choice(OPS)} {expr(r, vs, depth - 1)})"


def cond(r, vs):
    c = r.choice(["<", "<=", ">", ">=", "==", "!="])
    lhs = expr(r, vs, 2)
    if r.random() < 0.3:
        lhs = f"(unsigned)({lhs})"
    return f"{lhs} {c} {r.randint(-20, 200)}"


def program(seed):
    r = random.Random(seed)
    n = r.randint(2, 4)
    vs = [f"v{i}" for i in range(n)]
    lines = ["#include <assert.h>", "int __VERIFIER_nondet_int(void);",
             "void __VERIFIER_assume(int);", "int main(void) {"]
    for v in vs:
        lines.append(f"  int {v} = __VERIFIER_nondet_int();")
        if r.random() < 0.6:
            lo = r.randint(-50, 50)
            lines.append(f"  __VERIFIER_assume({v} >= {lo} && {v} <= "
                         f"{lo + r.randint(1, 300)});")
    lines.append("  int acc = 0;")
    for _ in range(r.randint(2, 5)):
        lines.append(f"  if ({cond(r, vs)}) {{")
        lines.append(f"    acc = acc + ({expr(r, vs, 2)});")
        if r.random() < 0.5:
            lines.append(f"    if ({cond(r, vs + ['acc'])})")
            lines.append(f"      acc = acc ^ ({expr(r, vs, 1)});")
        lines.append("  } else {")
        lines.append(f"    acc = acc - ({expr(r, vs, 2)});")
        lines.append("  }")
    # A relation between acc and the inputs: an identity that holds, or a
    # bound that fails for some inputs.
    x = r.choice(vs)
    if r.random() < 0.5:
        lines.append(f"  assert(((acc ^ {x}) ^ {x}) == acc);")
        lines.append(f"  assert((acc & 0xff) <= 255 && ({x} | 1) != 0);")
    else:
        lines.append(f"  assert(acc != {r.randint(-30, 300)} || {cond(r, vs)});")
    lines.append("  return 0;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="0:24")
    ap.add_argument("--out", default="")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--acdlp-args", default="")
    ap.add_argument("--vcdpor", default=os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build",
        "tools", "vcdpor"))
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split(":"))
    out = a.out or tempfile.mkdtemp(prefix="acdlp_gen")
    rows = []
    for s in range(lo, hi):
        d = os.path.join(out, f"gen{s}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "main.c"), "w") as f:
            f.write(program(s))
        row = {"test": f"gen{s}"}
        for sv in ("z3", "acdlp"):
            row[sv] = run(a.vcdpor, d, ["--unroll", "1"], sv, a.timeout, "1",
                          a.acdlp_args.split())
        z, c = row["z3"], row["acdlp"]
        agree = "" if z["verdict"] == c["verdict"] or "unknown" in (
            z["verdict"], c["verdict"]) else "  DISAGREE"
        print(f"gen{s:<4} | z3 {z['verdict']:8}{z['time']:6.2f}s dec "
              f"{z.get('decisions', 0):7} conf {z.get('conflicts', 0):6} | "
              f"acdlp {c['verdict']:8}{c['time']:6.2f}s dec "
              f"{c.get('decisions', 0):7} conf {c.get('conflicts', 0):6} "
              f"learn {c.get('learned', 0):6}{agree} {c.get('why', '')}",
              flush=True)
        rows.append(row)
    for sv in ("z3", "acdlp"):
        dec = [r for r in rows if r[sv]["verdict"] in ("safe", "unsafe")]
        print(f"{sv:6} decided {len(dec)}/{len(rows)}  time "
              f"{sum(r[sv]['time'] for r in rows):.1f}s  decisions "
              f"{sum(r[sv].get('decisions', 0) for r in rows)}  conflicts "
              f"{sum(r[sv].get('conflicts', 0) for r in rows)}")
    bad = [r["test"] for r in rows
           if r["z3"]["verdict"] != r["acdlp"]["verdict"]
           and "unknown" not in (r["z3"]["verdict"], r["acdlp"]["verdict"])]
    print(f"disagreements: {len(bad)} {bad}")
    print(f"programs in {out}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
