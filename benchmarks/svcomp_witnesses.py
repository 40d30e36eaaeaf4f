#!/usr/bin/env python3
"""Violation witnesses on SV-COMP: for every ConcurrencySafety task of
../shared/benchmarks/svcomp/properties.tsv whose expected verdict is false
(unreach-call and no-data-race), the default run with --property and
--witness, the witness checked against the format (tests/witness/
check_witness.py) and replayed (--validate-witness).

  benchmarks/svcomp_witnesses.py --vcdpor build/tools/vcdpor [--timeout 30]
                                 [--format graphml|yml] [--out DIR]

Prints one line per task and the counts: witnesses written, valid,
confirmed by the replay. Python 3 standard library (the YAML check needs
PyYAML and jsonschema).
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SVCOMP = os.path.normpath(os.path.join(ROOT, "..", "shared", "benchmarks", "svcomp"))
CHECK = os.path.join(ROOT, "tests", "witness", "check_witness.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--format", choices=["graphml", "yml"], default="graphml")
    ap.add_argument("--out")
    a = ap.parse_args()
    out = a.out or tempfile.mkdtemp(prefix="witnesses-")
    os.makedirs(out, exist_ok=True)
    rows = []
    with open(os.path.join(SVCOMP, "properties.tsv")) as f:
        for r in csv.DictReader(f, delimiter="\t"):
            if r["property"] in ("unreach-call", "no-data-race") and \
                    r["expected_verdict"] == "false":
                rows.append((r["file"], r["property"]))
    n = {"tasks": 0, "found": 0, "written": 0, "valid": 0, "confirmed": 0}
    for path, prop in rows:
        n["tasks"] += 1
        prog = os.path.join(SVCOMP, path)
        w = os.path.join(out, path.replace("/", "_") + "." + prop + "." + a.format)
        run = subprocess.run([a.vcdpor, "--opt=0", "--timeout", str(a.timeout),
                              "--property", prop, "--witness", w, prog],
                             capture_output=True, text=True,
                             timeout=a.timeout * 3 + 30)
        line = "%-60s %-13s exit %d" % (path, prop, run.returncode)
        if run.returncode == 1:
            n["found"] += 1
        if os.path.exists(w):
            n["written"] += 1
            c = subprocess.run([sys.executable, CHECK, w], capture_output=True,
                               text=True)
            valid = c.returncode == 0
            n["valid"] += valid
            v = subprocess.run([a.vcdpor, "--opt=0", "--timeout", str(a.timeout),
                                "--validate-witness", w, prog],
                               capture_output=True, text=True,
                               timeout=a.timeout * 3 + 30)
            n["confirmed"] += v.returncode == 1
            line += "  witness %s, replay %s" % (
                "valid" if valid else "INVALID: " + c.stdout.strip(),
                "confirmed" if v.returncode == 1 else
                "NOT CONFIRMED (exit %d): %s" % (v.returncode,
                                                 v.stdout.strip()[:200]))
        print(line, flush=True)
    print("tasks %(tasks)d, errors found %(found)d, witnesses written "
          "%(written)d, valid %(valid)d, confirmed %(confirmed)d" % n)
    return 0 if n["valid"] == n["written"] == n["confirmed"] else 1


if __name__ == "__main__":
    sys.exit(main())
