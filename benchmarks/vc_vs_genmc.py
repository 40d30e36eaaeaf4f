#!/usr/bin/env python3
"""vc against Optimal-DPOR and GenMC, whole process from the .c file.

For every row of benchmarks/suites/vc.tsv (each of its values) plus SV-COMP's
indexer, runs once each:
  * vcdpor --engine=vc with the compile cache off (the C file compiled in
    the run, as GenMC compiles it) and again with a warm cache (the module
    taken from the cache: the run a user repeating a check gets);
  * vcdpor --engine=optimal (cache off);
  * genmc --sc --disable-estimation -- -DN=V FILE (it compiles the file).
Times are CPU seconds of the whole process tree (user + system, clang's
children included: os.wait4), one run each, as the issue "vc on every
program" asks; classes are the executions each tool reports (vc's value
classes, optimal's and GenMC's Mazurkiewicz/reads-from classes). "vc /
GenMC" is the cold vc time over GenMC's.

  benchmarks/vc_vs_genmc.py --vcdpor build/tools/vcdpor --genmc PATH
                            [--timeout 30] [--only REGEX]
Prints a Markdown table. Python 3 standard library only.
"""
import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# indexer: the hash table of the original DPOR paper; published counts
# 1, 8, 64, 512, 4096, 32768 for NUM_THREADS = 11..16.
EXTRA = [("indexer", "../shared/benchmarks/nidhugg/SV-COMP/indexer.c",
          "NUM_THREADS", [11, 12, 13], ["--opt=0"])]


def suite_rows(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, file, macro, values, _quick, opts, _exp = \
                line.rstrip("\n").split("\t")
            rows.append((name, file, macro, [int(v) for v in values.split(",")],
                         opts.split() if opts and opts != "-" else []))
    return rows


def cpu_of(cmd, timeout, env=None):
    """Runs cmd; returns (rc, stdout+stderr, CPU seconds of the process tree,
    killed). communicate() reaps the child, so its usage (and that of the
    children it waited for, clang's) is RUSAGE_CHILDREN's growth."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, start_new_session=True, env=env)
    killed = False
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        killed = True
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, out, cpu, killed


def vcdpor_classes(out):
    m = re.search(r"^Executions: (\d+)", out, re.M)
    return int(m.group(1)) if m else None


def limited(out):
    """vcdpor stopped by its own --timeout."""
    return re.search(r"^Unknown: the \S+ limit", out, re.M) is not None


def genmc_classes(out):
    m = re.search(r"Number of complete executions explored:\s*(\d+)", out)
    return int(m.group(1)) if m else None


def fmt_t(t, killed):
    return "limit" if killed else ("%.3f s" % t if t < 1 else "%.2f s" % t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--genmc", required=True)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--only")
    ap.add_argument("--suite", default=os.path.join(ROOT, "benchmarks", "suites",
                                                    "vc.tsv"))
    a = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="vcdpor-cache")
    env = dict(os.environ, VCDPOR_CACHE_DIR=cache)
    print("| program | vc classes | vc CPU (compiling) | vc CPU (cached module) "
          "| optimal classes | optimal CPU | GenMC classes | GenMC CPU "
          "| vc / GenMC |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, file, macro, values, opts in suite_rows(a.suite) + EXTRA:
        if a.only and not re.search(a.only, name):
            continue
        path = os.path.normpath(os.path.join(ROOT, file))
        for v in values:
            d = "-D%s=%d" % (macro, v)
            base = [a.vcdpor, *opts, d, "--timeout", str(a.timeout), path]
            rc, out, vc_cold, k1 = cpu_of(base[:1] + ["--engine=vc", "--vc-strict", "--no-cache"]
                                          + base[1:], a.timeout + 30, env)
            k1 = k1 or limited(out)
            vc_n = None if k1 else vcdpor_classes(out)
            vc_warm, k2 = 0.0, k1
            if not k1:
                # Fill the cache, then the measured warm run.
                cpu_of(base[:1] + ["--engine=vc", "--vc-strict"] + base[1:], a.timeout + 30, env)
                _, out2, vc_warm, k2 = cpu_of(base[:1] + ["--engine=vc", "--vc-strict"] + base[1:],
                                              a.timeout + 30, env)
                k2 = k2 or limited(out2)
            _, out3, opt_t, k3 = cpu_of(base[:1] + ["--engine=optimal", "--no-cache"]
                                        + base[1:], a.timeout + 30, env)
            k3 = k3 or limited(out3)
            opt_n = None if k3 else vcdpor_classes(out3)
            _, out4, gm_t, k4 = cpu_of([a.genmc, "--sc", "--disable-estimation",
                                        "--", d, path], a.timeout)
            gm_n = genmc_classes(out4)
            ratio = "-" if k1 or k4 or gm_n is None else "%.2f" % (vc_cold / gm_t)
            print("| %s(%d) | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, v, vc_n if vc_n is not None else "-", fmt_t(vc_cold, k1),
                fmt_t(vc_warm, k2), opt_n if opt_n is not None else "-",
                fmt_t(opt_t, k3), gm_n if gm_n is not None else
                ("refused" if not k4 else "-"), fmt_t(gm_t, k4), ratio),
                flush=True)


if __name__ == "__main__":
    sys.exit(main())
