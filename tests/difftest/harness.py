#!/usr/bin/env python3
"""Differential testing: generated programs, every engine against exhaustive.

For each seed, tests/difftest/gen.py makes a program; exhaustive (with the
happens-before class oracle), source, optimal and vc must agree on the
verdict, the finding kinds and the set of findings (kind and source line),
optimal must explore exactly the classes, source as many complete
executions (tests/dpor/engine_agreement.py). On a disagreement the program
is saved, minimised (threads, statements and constants dropped while the
disagreement persists) and printed with each engine's answer.

  harness.py --vcdpor BIN --seeds 0:300          (the CI profile)
  harness.py --vcdpor BIN --seeds 1000: --jobs 2 (long profile: until stopped
                                                 or --count programs checked)
  --vc-threads N also checks vc on N workers against vc on one.
  --extended, --final-writes, --floating-reads and --holes are profiles of
  their own (other programs per seed; gen.py).

--ex-cap N ends exhaustive after N executions: such programs are skipped
and counted apart, the same ones on any machine. --limit S is a guard
against hangs: a program whose exhaustive run it cuts counts as a
disagreement (not minimised), unless --skip-slow (long runs, where a
few programs over the limit do no harm) skips it too.
"""
import argparse
import copy
import itertools
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "dpor"))
import gen  # noqa: E402
import engine_agreement  # noqa: E402
from engine_agreement import Crash, Slow, check_program  # noqa: E402

OPTS = ["--opt=0"]
EX_OPTS = []  # set by --ex-cap, for exhaustive only


def disagreement(binary, prog, limit, tmp):
    path = os.path.join(tmp, "p.c")
    with open(path, "w") as f:
        f.write(gen.render(prog))
    try:
        res = check_program(binary, path, OPTS, limit, tmp, EX_OPTS)
    except Crash as e:
        return ["exhaustive crashed (%s)" % e]
    except Slow:
        return None  # no smaller program that only takes long
    if res is None or res == "skip":
        return None
    return res[4] or None


def smaller(prog):
    """Candidate reductions, biggest first."""
    th = prog["threads"]
    for t in range(len(th) - 1, 0, -1):
        p = copy.deepcopy(prog)
        del p["threads"][t]
        p["nested"] = False
        # Main's joins (--final-writes, --holes) follow their threads.
        p["threads"][0] = [(s[0], s[1] - (s[1] > t)) if s[0] in ("join", "rjoin") else s
                           for s in p["threads"][0] if s not in (("join", t), ("rjoin", t))]
        # So does the thread --holes creates into gt (main creates it once
        # thread 1, its creator, is gone).
        if p.get("gt") is not None:
            p["gt"] = None if p["gt"] == t else p["gt"] - (p["gt"] > t)
            p["gt_by"] = p["gt_by"] if p["gt"] is not None and t != 1 else 0
        yield p
    if prog.get("gt") is not None:
        # The thread of gt as any other (its readers then read 0).
        p = copy.deepcopy(prog)
        p["gt"], p["gt_by"] = None, 0
        yield p
    for i in range(len(prog.get("pre", []))):
        p = copy.deepcopy(prog)
        del p["pre"][i]
        yield p
    for t in range(len(th)):
        for i in range(len(th[t])):
            p = copy.deepcopy(prog)
            del p["threads"][t][i]
            yield p
            s = th[t][i]
            if s[0] in ("mutex", "if", "atomic", "loop"):
                p = copy.deepcopy(prog)
                p["threads"][t][i:i + 1] = s[3]
                yield p
            if s[0] == "stack":
                # A --holes child: one statement fewer, or not joined.
                for j in range(len(s[4])):
                    p = copy.deepcopy(prog)
                    del p["threads"][t][i][4][j]
                    yield p
                if s[3]:
                    p = copy.deepcopy(prog)
                    p["threads"][t][i] = s[:3] + (False,) + s[4:]
                    yield p


def minimise(binary, prog, limit, tmp):
    changed = True
    while changed:
        changed = False
        for cand in smaller(prog):
            try:
                if disagreement(binary, cand, limit, tmp):
                    prog, changed = cand, True
                    break
            except Exception:
                continue
    return prog


_worker_tmp = None


# Set by --bmc: also run --engine=bmc (at this bound) on every program.
BMC = [0]


def bmc_problems(binary, path, ex, limit):
    """bmc against exhaustive's --all-errors report: (checked, problems).
    A confirmed bmc error must be of a kind exhaustive found, or exhaustive's
    answer bounded (bmc draws every nondet value); bmc's complete "safe"
    needs exhaustive without errors. A refusal by name is not checked; an
    internal error or a crash is a problem. Data races are compared too
    (bmc_race_problems)."""
    cmd = [binary, *OPTS, "--engine=bmc", "--unroll", str(BMC[0]),
           "--data-races=off", "--timeout", str(limit), "--json", "-", path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 3 + 30)
    except subprocess.TimeoutExpired:
        return False, ["bmc hung"]
    if p.returncode == 2 and "bmc: unsupported" in p.stderr:
        return False, []
    try:
        bm = json.loads(p.stdout)
    except ValueError:
        return False, ["bmc: exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])]
    if bm["verdict"] == "unknown":
        return False, []
    ex_kinds = {e["kind"] for e in ex["errors"]}
    bm_kinds = {e["kind"] for e in bm["errors"]}
    if bm_kinds and not bm_kinds <= ex_kinds and ex["verdict"] == "safe":
        return True, ["bmc found %s, exhaustive %s" % (sorted(bm_kinds), sorted(ex_kinds))]
    if ex_kinds and not bm_kinds and bm["bounds"].get("complete"):
        return True, ["bmc: safe with a complete bound, exhaustive found %s" % sorted(ex_kinds)]
    return True, bmc_race_problems(binary, path, ex, limit)


def bmc_race_problems(binary, path, ex, limit):
    """bmc under --property no-data-race against the races exhaustive met
    (as warnings, in every execution of its --all-errors run): a race bmc
    confirms where exhaustive covered every execution without one, or bmc's
    complete bound without a race where exhaustive found one."""
    cmd = [binary, *OPTS, "--engine=bmc", "--unroll", str(BMC[0]),
           "--property", "no-data-race", "--timeout", str(limit), "--json", "-",
           path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 3 + 30)
    except subprocess.TimeoutExpired:
        return ["bmc (races) hung"]
    try:
        bm = json.loads(p.stdout)
    except ValueError:
        return ["bmc (races): exit %d: %s" % (p.returncode, p.stderr.strip()[-300:])]
    if bm["verdict"] == "unknown":
        return []
    ex_race = any(e["kind"] == "data-race" for e in ex["warnings"] + ex["errors"])
    bm_race = any(e["kind"] == "data-race" for e in bm["errors"])
    b = ex["bounds"]
    ex_complete = ex["verdict"] in ("safe", "error") and not b["hit"] and \
        not b["nondet_used"] and not ex.get("limit")
    if bm_race and not ex_race and ex_complete:
        return ["bmc found a data race, exhaustive none: %s" % bm["errors"][0]["message"]]
    if ex_race and not bm_race and bm["bounds"].get("complete"):
        return ["bmc: no data race with a complete bound, exhaustive found one"]
    return []


def _init_worker(ex_opts, extended, final, floating, holes, vc_threads, skip_slow,
                 bmc=0):
    global _worker_tmp
    BMC[0] = bmc
    EX_OPTS[:] = ex_opts
    engine_agreement.VC_THREADS[0] = vc_threads
    engine_agreement.SKIP_SLOW[0] = skip_slow
    gen.EXTENDED = extended
    gen.FINAL = final or floating
    gen.FLOATING = floating
    gen.HOLES = holes
    _worker_tmp = tempfile.mkdtemp(prefix="difftest")


def check_seed(job):
    """One generated program through every engine: (seed, status, problems,
    vc accepted). status is "ok", "rejected", "skip", "slow" (exhaustive
    cut by the time guard) or "bad"."""
    seed, binary, limit = job
    prog = gen.gen_program(seed)
    path = os.path.join(_worker_tmp, "p.c")
    with open(path, "w") as f:
        f.write(gen.render(prog))
    try:
        res = check_program(binary, path, OPTS, limit, _worker_tmp, EX_OPTS)
    except Crash as e:
        return seed, "bad", ["exhaustive crashed (%s)" % e], (False, False)
    except Slow as e:
        return seed, "slow", [str(e)], (False, False)
    if res is None:
        return seed, "rejected", [], (False, False)
    if res == "skip":
        return seed, "skip", [], (False, False)
    problems = list(res[4])
    bmc_checked = False
    if BMC[0]:
        bmc_checked, more = bmc_problems(binary, path, res[0], limit)
        problems += more
    return seed, "bad" if problems else "ok", problems, \
        (res[3] is not None, bmc_checked)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vcdpor", required=True)
    ap.add_argument("--seeds", default="0:300", help="FROM:TO, TO empty for no end")
    ap.add_argument("--limit", type=float, default=120,
                    help="wall-clock guard of exhaustive, in seconds (five "
                         "times that for the other engines): a program it "
                         "cuts is a failure")
    ap.add_argument("--skip-slow", action="store_true",
                    help="skip, instead of failing, programs whose "
                         "exhaustive run the --limit cuts (long runs only)")
    ap.add_argument("--ex-cap", type=int, default=0,
                    help="skip programs with more than N exhaustive executions")
    ap.add_argument("--jobs", type=int, default=1, help="programs checked at once")
    ap.add_argument("--extended", action="store_true",
                    help="generate atomic sections and spin loops too "
                         "(other programs per seed)")
    ap.add_argument("--final-writes", action="store_true",
                    help="generate threads ending with stores to x that main "
                         "joins before it reads x (other programs per seed)")
    ap.add_argument("--floating-reads", action="store_true",
                    help="--final-writes programs where main, or a thread, "
                         "reads x while the stores run (other programs per "
                         "seed)")
    ap.add_argument("--holes", action="store_true",
                    help="generate library calls on shared memory, thread ids "
                         "and join results in globals, pointers through "
                         "integers, spins on calls, stack objects shared "
                         "with children and double joins (other programs "
                         "per seed)")
    ap.add_argument("--count", type=int, default=0,
                    help="stop once N programs have been checked")
    ap.add_argument("--vc-threads", type=int, default=1,
                    help="also run vc on N workers (every node handed over) "
                         "and require the report of one worker")
    ap.add_argument("--bmc", type=int, default=0, metavar="K",
                    help="also run --engine=bmc --unroll K on every program and "
                         "compare its verdict with exhaustive's")
    ap.add_argument("--save", default="difftest-failures")
    ap.add_argument("--opt", default="0", choices=("0", "1", "2"),
                    help="clang level the programs are compiled at")
    a = ap.parse_args()
    OPTS[:] = ["--opt=" + a.opt]
    lo, _, hi = a.seeds.partition(":")
    seeds = itertools.count(int(lo)) if hi == "" else range(int(lo), int(hi))
    ex_opts = ["--max-executions", str(a.ex_cap)] if a.ex_cap else []
    EX_OPTS[:] = ex_opts
    gen.EXTENDED = a.extended
    gen.FINAL = a.final_writes or a.floating_reads
    gen.FLOATING = a.floating_reads
    gen.HOLES = a.holes
    engine_agreement.VC_THREADS[0] = a.vc_threads
    engine_agreement.SKIP_SLOW[0] = a.skip_slow
    t0 = time.time()
    n = bad = skipped = vc_checked = bmc_checked = 0
    BMC[0] = a.bmc
    jobs = ((seed, a.vcdpor, a.limit) for seed in seeds)
    with multiprocessing.Pool(a.jobs, _init_worker,
                          (ex_opts, a.extended, a.final_writes, a.floating_reads,
                           a.holes, a.vc_threads, a.skip_slow, a.bmc)) as pool, \
            tempfile.TemporaryDirectory() as tmp:
        for seed, status, problems, (vc, bm) in pool.imap(check_seed, jobs, chunksize=4):
            if status == "rejected":
                print("seed %d: the generated program was rejected" % seed)
                bad += 1
                continue
            if status == "skip":
                skipped += 1
                continue
            if status == "slow":
                # A hang or a far too low --limit: nothing to minimise.
                print("SLOW seed %d: %s" % (seed, problems[0]), flush=True)
                bad += 1
                continue
            n += 1
            vc_checked += vc
            bmc_checked += bm
            if problems:
                bad += 1
                os.makedirs(a.save, exist_ok=True)
                small = minimise(a.vcdpor, gen.gen_program(seed), a.limit, tmp)
                text = gen.render(small)
                out = os.path.join(a.save, "seed%d.c" % seed)
                with open(out, "w") as f:
                    f.write(text)
                print("DISAGREEMENT seed %d: %s\nminimised (%s):\n%s" % (
                    seed, "; ".join(problems), out, text))
                print("answers: %s" % "; ".join(disagreement(a.vcdpor, small, a.limit, tmp) or []))
            if n % 1000 == 0 or (n < 1000 and n % 100 == 0):
                print("%d programs, %d disagreements, %d skipped, last seed %d, %.0f s" % (
                    n, bad, skipped, seed, time.time() - t0), flush=True)
            if n == a.count:
                break
    print("difftest: %d programs checked, %d disagreements, %d skipped (exhaustive over "
          "%s), vc accepted %d, %s%.0f s" % (
              n, bad, skipped, "%d executions" % a.ex_cap if a.ex_cap else "the limit",
              vc_checked, "bmc decided or bounded %d, " % bmc_checked if a.bmc else "",
              time.time() - t0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
