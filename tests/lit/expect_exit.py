#!/usr/bin/env python3
"""expect_exit.py CODE CMD...: runs CMD, passes its output through, and fails
unless it exits with CODE (lit's internal shell has no $?)."""
import subprocess
import sys

want = int(sys.argv[1])
p = subprocess.run(sys.argv[2:])
if p.returncode != want:
    sys.stderr.write("expect_exit: %s exited with %d, expected %d\n"
                     % (sys.argv[2], p.returncode, want))
    sys.exit(1)
