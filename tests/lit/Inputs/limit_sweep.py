#!/usr/bin/env python3
"""limit_sweep.py FROM TO STEP CMD...: runs CMD once per --max-memory value
FROM, FROM+STEP, ..., TO (appended as `--max-memory M`) and fails unless
every run exits 3 (unknown: a limit ended the search). Where the limit
strikes moves with the value, so the sweep reaches the stops that land
inside a replay, a rebase or its cross-check."""
import subprocess
import sys

lo, hi, step = (int(a) for a in sys.argv[1:4])
cmd = sys.argv[4:]
bad = 0
for m in range(lo, hi + 1, step):
    p = subprocess.run(cmd + ["--max-memory", str(m)], capture_output=True,
                       text=True)
    if p.returncode != 3:
        bad += 1
        sys.stderr.write("limit_sweep: --max-memory %d exited with %d:\n%s%s"
                         % (m, p.returncode, p.stdout, p.stderr))
print("limit_sweep: %d of %d runs ended other than with exit 3"
      % (bad, len(range(lo, hi + 1, step))))
sys.exit(1 if bad else 0)
