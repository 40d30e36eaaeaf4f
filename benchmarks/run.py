#!/usr/bin/env python3
"""Benchmark runner: programs x engines x parameters, with per-case limits and
repetitions; optionally Nidhugg and GenMC on the same compiled module; and an
SV-COMP scoring mode.

  benchmarks/run.py [--suite benchmarks/suites/families.tsv ...]
                    [--engines exhaustive,source,optimal,vc] [--reps 3]
                    [--timeout 10] [--max-memory 2048] [--out bench-results]
                    [--compare nidhugg=PATH] [--compare genmc=PATH]
  benchmarks/run.py --svcomp [--timeout 10]     # SV-COMP score per engine
  benchmarks/run.py --quick                     # CI smoke profile (< 2 min)
  benchmarks/run.py --plot-only DIR             # redo DIR's plots from results.json

Writes DIR/results.json, DIR/results.md and DIR/plots/<family>.png (plots need
matplotlib; without it they are skipped with a message). Python 3 standard
library otherwise. See benchmarks/README.md.
"""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "benchmarks"))
SUITES = os.path.join(HERE, "suites")
ENGINES = ["exhaustive", "source", "optimal", "vc"]
# Nidhugg algorithm flag for each of our engines (the equivalent algorithm).
NIDHUGG_EQUIV = {"source": "source", "optimal": "optimal"}
NIDHUGG_ALGOS = ["source", "optimal", "observers", "rf"]

# Suites run by default (and by --quick, with their "quick" values).
DEFAULT_SUITES = ["families.tsv", "nidhugg.tsv"]
QUICK_SVCOMP = [  # each decided in well under a second by every engine
    "c/pthread-atomic/dekker.c",
    "c/pthread/singleton.c",
    "c/pthread/stack-2.c",
    "c/ldv-races/race-2_1-container_of.c",
    "c/pthread-lit/qw2004-2.c",
    "c/pthread/sync01.c",
]


# ----------------------------------------------------------------------------
# Parsers of other tools' output (samples: ../shared/benchmarks/reference/tool-output/)

def _count(pattern, text):
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else 0


def parse_nidhugg(text, rc=None):
    """Nidhugg 0.4 output: 'Trace count: N', optional 'Sleepset-blocked trace
    count:', 'Assume-blocked trace count:', 'Await-blocked trace count:',
    then 'No errors were detected.' or 'Error detected:'. Exit 0 = no error,
    42 = error, 1 = tool failure."""
    r = {
        "executions": None,
        "sleep_blocked": _count(r"^\s*Sleepset-blocked trace count:\s*(\d+)", text),
        "assume_blocked": _count(r"^\s*Assume-blocked trace count:\s*(\d+)", text),
        "await_blocked": _count(r"^\s*Await-blocked trace count:\s*(\d+)", text),
        "message": None,
    }
    m = re.search(r"^\s*Trace count:\s*(\d+)", text, re.M)
    if m:
        r["executions"] = int(m.group(1))
    r["blocked"] = r["assume_blocked"] + r["await_blocked"]
    if re.search(r"^\s*Error detected:", text, re.M) or rc == 42:
        r["verdict"] = "error"
        m = re.search(r"^\s*Error:\s*(.*)$", text, re.M)
        r["message"] = m.group(1).strip() if m else None
        kind = None
        if r["message"]:
            low = r["message"].lower()
            kind = ("assertion" if "assert" in low else "deadlock" if "deadlock" in low
                    else "memory" if ("segmentation" in low or "memory" in low or "pointer" in low)
                    else "other")
        r["kinds"] = [kind] if kind else []
    elif re.search(r"^\s*No errors were detected\.", text, re.M) and rc in (None, 0):
        r["verdict"] = "safe"
        r["kinds"] = []
    else:
        r["verdict"] = "unknown"
        r["kinds"] = []
        r["message"] = "tool failure" + (" (exit %s)" % rc if rc is not None else "")
    return r


def parse_genmc(text, rc=None):
    """GenMC 0.10.3 output: 'Number of complete executions explored: N',
    'Number of blocked executions seen: N', 'Total wall-clock time: Xs';
    'No errors were detected.' / 'Error: ...' / '*** Verification
    unsuccessful.' (unordered writes under IPR count as an error). Exit 0 = no
    error, 42 = error, 5 = compile failure, 17 = bad options."""
    r = {
        "executions": None,
        "blocked": _count(r"^\s*Number of blocked executions seen:\s*(\d+)", text),
        "tool_time_s": None,
        "message": None,
        "kinds": [],
    }
    m = re.search(r"^\s*Number of complete executions explored:\s*(\d+)", text, re.M)
    if m:
        r["executions"] = int(m.group(1))
    m = re.search(r"^\s*Total wall-clock time:\s*([0-9.]+)\s*s", text, re.M)
    if m:
        r["tool_time_s"] = float(m.group(1))
    errors = re.findall(r"^\s*Error:\s*(.*?)\s*$", text, re.M)
    warnings = re.findall(r"^\s*Warning:\s*(.*?)\s*$", text, re.M)
    unsuccessful = re.search(r"^\*\*\* Verification unsuccessful", text, re.M)
    if errors or unsuccessful or rc == 42:
        r["verdict"] = "error"
        msgs = errors or [w for w in warnings] or ["verification unsuccessful"]
        r["message"] = msgs[0]
        for msg in msgs:
            low = msg.lower()
            r["kinds"].append("assertion" if ("safety violation" in low or "assert" in low)
                              else "unordered-writes" if "unordered writes" in low
                              else "race" if "race" in low
                              else "deadlock" if ("liveness" in low or "deadlock" in low)
                              else "memory" if ("memory" in low or "access" in low or "free" in low)
                              else "other")
        r["kinds"] = sorted(set(r["kinds"]))
    elif re.search(r"^\s*No errors were detected\.", text, re.M) and rc in (None, 0):
        r["verdict"] = "safe"
    else:
        r["verdict"] = "unknown"
        r["message"] = ("compile failure" if rc == 5 else "bad options" if rc == 17
                        else "tool failure") + (" (exit %s)" % rc if rc is not None else "")
    return r


# ----------------------------------------------------------------------------
# Running one process, measuring its wall time and peak memory

def _rss_mb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


GNU_TIME = "/usr/bin/time"


def run_measured(cmd, wall_limit=None, mem_limit_mb=None):
    """Runs cmd; returns dict(rc, out, err, wall_s, rss_mb, killed). Peak RSS
    comes from GNU time's %M when /usr/bin/time exists, else from the child's
    ru_maxrss (os.wait4), which also counts the Python image the child was
    forked from (about 15 MB here): a floor, not the tool's memory. The process
    group is killed after wall_limit seconds or when its RSS exceeds
    mem_limit_mb (polled)."""
    use_time = os.access(GNU_TIME, os.X_OK)
    with tempfile.TemporaryFile("w+", errors="replace") as fo, \
            tempfile.TemporaryFile("w+", errors="replace") as fe, \
            tempfile.NamedTemporaryFile("w+", suffix=".rss") as ft:
        full = ([GNU_TIME, "-f", "%M", "-o", ft.name] if use_time else []) + list(cmd)
        t0 = time.monotonic()
        p = subprocess.Popen(full, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        killed = []
        done = threading.Event()

        def group_rss_mb():
            # the measured tool is the time process's child
            try:
                with open("/proc/%d/task/%d/children" % (p.pid, p.pid)) as f:
                    kids = [int(x) for x in f.read().split()]
            except (OSError, ValueError):
                kids = []
            return max([_rss_mb(p.pid)] + [_rss_mb(k) for k in kids])

        def watch():
            while not done.wait(0.05):
                if wall_limit and time.monotonic() - t0 > wall_limit:
                    killed.append("timeout")
                elif mem_limit_mb and group_rss_mb() > mem_limit_mb:
                    killed.append("memory")
                else:
                    continue
                try:
                    os.killpg(p.pid, 9)
                except OSError:
                    pass
                return

        w = threading.Thread(target=watch, daemon=True)
        w.start()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        done.set()
        w.join()
        p.returncode = os.waitstatus_to_exitcode(status)
        rss = ru.ru_maxrss / 1024.0
        if use_time:
            ft.seek(0)
            lines = [l for l in ft.read().split() if l.isdigit()]
            rss = int(lines[-1]) / 1024.0 if lines else None
            if p.returncode > 128 and not lines:
                p.returncode = -(p.returncode - 128)
        fo.seek(0)
        fe.seek(0)
        out = fo.read()
        err = fe.read()
        return {"rc": p.returncode, "out": out, "err": err, "wall_s": wall,
                "rss_mb": rss, "killed": killed[0] if killed else None}


# ----------------------------------------------------------------------------
# Suites

def load_suite(path):
    """TSV: name, file (relative to the project root), macro ('-': none),
    values (comma-separated; '-': one unparameterised case), quick (values for
    --quick; '-': not in --quick), options (vcdpor compile options), expected
    (safe / error)."""
    entries = []
    suite = os.path.splitext(os.path.basename(path))[0]
    with open(path) as f:
        rows = [l for l in f if l.strip() and not l.startswith("#")]
    for row in csv.DictReader(rows, delimiter="\t",
                              fieldnames=["name", "file", "macro", "values", "quick", "options", "expected"]):
        def vals(s):
            s = (s or "-").strip()
            return [] if s == "-" else [int(v) for v in s.split(",")]
        macro = row["macro"].strip()
        e = {
            "suite": suite,
            "name": row["name"].strip(),
            "file": row["file"].strip(),
            "macro": None if macro == "-" else macro,
            "values": vals(row["values"]) if macro != "-" else [None],
            "quick": (vals(row["quick"]) if macro != "-" else
                      ([None] if (row["quick"] or "-").strip() != "-" else [])),
            "options": (row["options"] or "").split(),
            "expected": (row["expected"] or "").strip() or None,
        }
        entries.append(e)
    return entries


def case_label(entry, n):
    return entry["name"] if n is None else "%s(%d)" % (entry["name"], n)


def compile_module(vcdpor, entry, n, moddir):
    """One module per case, written by vcdpor itself (--emit-ll), so every
    engine and every other tool checks the same LLVM module."""
    src = os.path.join(ROOT, entry["file"])
    ll = os.path.join(moddir, "%s-%s.ll" % (entry["name"], "x" if n is None else n))
    cmd = [vcdpor] + entry["options"]
    if n is not None:
        cmd.append("-D%s=%d" % (entry["macro"], n))
    cmd += ["--max-executions", "1", "--emit-ll", ll, src]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode == 2 or not os.path.exists(ll):
        return None, (p.stderr.strip() or "exit %d" % p.returncode)[-400:]
    return ll, None


def run_vcdpor(vcdpor, engine, program, timeout, max_memory, extra=()):
    # "vc/t2": the engine on 2 workers (--threads 2), reported under that name.
    # "default": no --engine, the portfolio (vc, then bmc where vc's answer
    # is bounded, limited or refused).
    name, _, workers = engine.partition("/t")
    # vc's column is vc's own: --vc-strict keeps Optimal-DPOR from taking
    # over a program vc refuses (the default run's column shows that).
    cmd = [vcdpor] + ([] if name == "default" else ["--engine=" + name]) + \
        (["--vc-strict"] if name == "vc" else []) + ["--json", "-"]
    if workers:
        cmd += ["--threads", workers]
    if timeout:
        cmd += ["--timeout", str(timeout)]
    if max_memory:
        cmd += ["--max-memory", str(max_memory)]
    cmd += list(extra) + [program]
    # vcdpor enforces the limits; the guard only catches a run that ignores them.
    m = run_measured(cmd, wall_limit=(timeout * 2 + 10) if timeout else None,
                     mem_limit_mb=(max_memory * 1.5 + 100) if max_memory else None)
    r = {"tool": "vcdpor", "engine": engine, "rc": m["rc"], "wall_s": m["wall_s"],
         "rss_mb": m["rss_mb"]}
    if m["killed"]:
        r.update(status="limit", verdict="unknown", message="killed by runner (%s)" % m["killed"])
        return r
    if m["rc"] == 2:
        # An engine refusing a construct it cannot handle soundly is a result
        # (reported as such), not a broken run.
        refused = (": vc: " in m["err"] and "not supported by this engine" in m["err"]) or \
            "bmc: unsupported" in m["err"]
        r.update(status="refused" if refused else "load-error", verdict="unknown",
                 message=m["err"].strip()[-400:])
        return r
    try:
        d = json.loads(m["out"])
    except ValueError:
        r.update(status="crash", verdict="unknown",
                 message="exit %d: %s" % (m["rc"], m["err"].strip()[-400:]))
        return r
    s = d.get("stats", {})
    r.update(status="limit" if m["rc"] == 3 else "ok", verdict=d.get("verdict", "unknown"),
             kinds=sorted({e.get("kind") for e in d.get("errors", [])}),
             executions=s.get("executions"), blocked=s.get("blocked", 0),
             sleep_blocked=s.get("sleep_blocked"), bounded=s.get("bounded", 0),
             nondet_used=d.get("bounds", {}).get("nondet_used", False),
             bounds_hit=d.get("bounds", {}).get("hit", []),
             events=s.get("events"), tool_time_s=s.get("time_s"),
             svcomp=d.get("svcomp"),
             refinement=s.get("refinement"),
             tool_rss_mb=s.get("peak_rss_mb"))
    if m["rc"] == 3:
        r["message"] = "limit reached"
    return r


def run_nidhugg(path, algo, ll, timeout, max_memory):
    exe = path
    if os.path.basename(path).startswith("nidhuggc"):
        # nidhuggc compiles C; the module is already compiled: use its nidhugg.
        sib = os.path.join(os.path.dirname(path), "nidhugg")
        exe = sib if os.path.exists(sib) else path
    m = run_measured([exe, "--sc", "--" + algo, ll], wall_limit=timeout or None,
                     mem_limit_mb=max_memory or None)
    r = parse_nidhugg(m["out"] + "\n" + m["err"], m["rc"])
    r.update(tool="nidhugg", engine="nidhugg --" + algo, rc=m["rc"], wall_s=m["wall_s"],
             rss_mb=m["rss_mb"], status="ok" if r["verdict"] != "unknown" else "failed")
    if m["killed"]:
        r.update(status="limit", verdict="unknown", message="killed by runner (%s)" % m["killed"])
    return r


def run_genmc(path, ll, entry, n, timeout, max_memory):
    base = [path, "--sc", "--disable-estimation"]
    m = run_measured(base + ["--input-from-bitcode-file", ll], wall_limit=timeout or None,
                     mem_limit_mb=max_memory or None)
    r = parse_genmc(m["out"] + "\n" + m["err"], m["rc"])
    r["input"] = "module"
    if r["verdict"] == "unknown" and not m["killed"]:
        # Some GenMC builds refuse or crash on foreign modules (GenMC maps
        # pthreads through its own headers): fall back to compiling the C
        # file itself, as the reference figures were measured.
        cmd = list(base)
        if n is not None:
            cmd += ["--", "-D%s=%d" % (entry["macro"], n)]
        cmd.append(os.path.join(ROOT, entry["file"]))
        m2 = run_measured(cmd, wall_limit=timeout or None, mem_limit_mb=max_memory or None)
        r2 = parse_genmc(m2["out"] + "\n" + m2["err"], m2["rc"])
        r2["input"] = "c-source (module refused: %s)" % r.get("message")
        m, r = m2, r2
    r.update(tool="genmc", engine="genmc", rc=m["rc"], wall_s=m["wall_s"], rss_mb=m["rss_mb"],
             status="ok" if r["verdict"] != "unknown" else "failed")
    if m["killed"]:
        r.update(status="limit", verdict="unknown", message="killed by runner (%s)" % m["killed"])
    return r


def repeat(fn, reps):
    """Runs fn reps times; keeps the first run's counts, the median wall time
    and the maximum peak memory, and every time in 'wall_all'."""
    runs = [fn()]
    for _ in range(reps - 1):
        if runs[0].get("status") != "ok":
            break  # a limit was hit: repeating would only repeat the limit
        runs.append(fn())
    r = dict(runs[0])
    r["wall_all"] = [x["wall_s"] for x in runs]
    r["wall_s"] = statistics.median(r["wall_all"])
    rss = [x["rss_mb"] for x in runs if x.get("rss_mb") is not None]
    r["rss_mb"] = max(rss) if rss else None
    return r


def reference_counts():
    """Nidhugg 0.4 counts measured on this machine kind, keyed (file, N, algo)."""
    ref = {}
    p = os.path.join(SHARED, "reference", "nidhugg-0.4-sc-counts.tsv")
    if os.path.exists(p):
        with open(p) as f:
            for r in csv.DictReader(f, delimiter="\t"):
                try:
                    ref[(r["file"], r["N"], r["algo"])] = int(r["traces"])
                except (ValueError, KeyError):
                    pass
    return ref


def ref_key(entry, n):
    prefix = "../shared/benchmarks/nidhugg/"
    if not entry["file"].startswith(prefix):
        return None
    return entry["file"][len(prefix):], "X" if n is None else str(n)


def run_suites(a, entries, compare, log):
    moddir = os.path.join(a.out, "modules")
    os.makedirs(moddir, exist_ok=True)
    ref = reference_counts()
    cases = []
    for entry in entries:
        limited = {}  # engine -> smallest N that hit a limit
        values = entry["quick"] if a.quick else entry["values"]
        for n in values:
            label = case_label(entry, n)
            case = {"suite": entry["suite"], "family": entry["name"], "file": entry["file"],
                    "macro": entry["macro"], "N": n, "label": label,
                    "expected": entry["expected"], "options": entry["options"], "runs": []}
            cases.append(case)
            ll, err = compile_module(a.vcdpor, entry, n, moddir)
            if ll is None:
                case["compile_error"] = err
                log("%-24s compile error: %s" % (label, err.splitlines()[-1] if err else ""))
                continue
            case["module"] = os.path.relpath(ll, a.out)
            for eng in a.engines:
                if eng in limited:
                    case["runs"].append({"tool": "vcdpor", "engine": eng, "status": "skipped",
                                         "verdict": "unknown",
                                         "message": "limit already hit at %s" % limited[eng]})
                    continue
                r = repeat(lambda: run_vcdpor(a.vcdpor, eng, ll, a.timeout, a.max_memory), a.reps)
                rk = ref_key(entry, n)
                if rk and eng in NIDHUGG_EQUIV and (rk + (NIDHUGG_EQUIV[eng],)) in ref:
                    r["reference_nidhugg"] = ref[rk + (NIDHUGG_EQUIV[eng],)]
                if r["status"] == "limit" and n is not None:
                    limited[eng] = label
                case["runs"].append(r)
                log("%-24s %-11s %-8s execs %-8s time %6.2fs  %5s MB%s" % (
                    label, eng, r["verdict"], r.get("executions"), r["wall_s"], fmt_mb(r["rss_mb"]),
                    "  (" + r["message"] + ")" if r.get("message") else ""))
            for tool, path in compare:
                algos = (a.nidhugg_algos if tool == "nidhugg" else ["sc"])
                for algo in algos:
                    key = tool + ":" + algo
                    if key in limited:
                        case["runs"].append({"tool": tool, "engine": (tool + " --" + algo) if tool == "nidhugg" else tool,
                                             "status": "skipped", "verdict": "unknown",
                                             "message": "limit already hit at %s" % limited[key]})
                        continue
                    if tool == "nidhugg":
                        fn = lambda: run_nidhugg(path, algo, ll, a.timeout, a.max_memory)
                    else:
                        fn = lambda: run_genmc(path, ll, entry, n, a.timeout, a.max_memory)
                    r = repeat(fn, a.reps)
                    if r["status"] == "limit" and n is not None:
                        limited[key] = label
                    case["runs"].append(r)
                    log("%-24s %-11s %-8s execs %-8s time %6.2fs  %5s MB%s" % (
                        label, r["engine"], r["verdict"], r.get("executions"), r["wall_s"],
                        fmt_mb(r["rss_mb"]), "  (" + r["message"] + ")" if r.get("message") else ""))
    return cases


# ----------------------------------------------------------------------------
# SV-COMP scoring

SCORE = {"correct-true": 2, "correct-false": 1, "incorrect-true": -32,
         "incorrect-false": -16, "unknown": 0}


def svcomp_tasks(names=None, prop="unreach-call"):
    # unreach-call tasks are listed with their features in verdicts.tsv,
    # every property in properties.tsv.
    table = "verdicts.tsv" if prop == "unreach-call" else "properties.tsv"
    tasks = []
    with open(os.path.join(SHARED, "svcomp", table)) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["property"] != prop:
                continue
            if names is not None and row["file"] not in names:
                continue
            tasks.append({"file": row["file"], "expected": row["expected_verdict"] == "true",
                          "data_model": row.get("data_model") or "LP64"})
    return tasks


def classify(expected_true, r):
    """SV-COMP outcome of one run. Only an assertion / reach_error finding is
    a violation of unreach-call; another finding (deadlock, memory, ...) stops
    the search before the property is decided, so it is unknown. A safe
    verdict reached with bounded executions is no proof: unknown."""
    if r["status"] not in ("ok",):
        return "unknown", r.get("message") or r["status"]
    if r["verdict"] == "safe":
        if r.get("bounded"):
            return "unknown", "safe only up to a loop bound (%d bounded executions)" % r["bounded"]
        if r.get("nondet_used"):
            # __VERIFIER_nondet_* ranges over the whole type; we explored
            # --nondet-range only, so a safe verdict is no proof.
            return "unknown", "safe only for the explored nondet range"
        return ("correct-true" if expected_true else "incorrect-true"), None
    if r["verdict"] == "bounded":
        # No errors, but some execution was cut (loop bound, nondet range).
        return "unknown", "bounded: %s" % ", ".join(r.get("bounds_hit") or ["a bound"])
    if r["verdict"] == "error":
        if "assertion" not in r.get("kinds", []):
            return "unknown", "stopped at a %s finding" % ",".join(r.get("kinds", []))
        return ("incorrect-false" if expected_true else "correct-false"), None
    return "unknown", r.get("message") or "verdict unknown"


def classify_property(expected_true, r):
    """SV-COMP outcome of a run with --property and --svcomp: vcdpor's own
    result line (TRUE, FALSE(...), UNKNOWN) against the expected verdict."""
    res = r.get("svcomp")
    if r["status"] not in ("ok", "limit") or not res:
        return "unknown", r.get("message") or r["status"]
    if res == "UNKNOWN":
        if r["status"] == "limit":
            return "unknown", "limit reached"
        if r["verdict"] == "bounded":
            return "unknown", "bounded: %s" % ", ".join(r.get("bounds_hit") or ["a bound"])
        return "unknown", "result unknown (verdict %s%s)" % (
            r["verdict"], ", " + ",".join(r.get("kinds", [])) if r.get("kinds") else "")
    if res == "TRUE":
        return ("correct-true" if expected_true else "incorrect-true"), None
    return ("incorrect-false" if expected_true else "correct-false"), None


def run_svcomp(a, names, engines, log):
    prop = a.svcomp_property
    tasks = svcomp_tasks(names, prop)
    out = {"timeout_s": a.svcomp_timeout, "max_memory_mb": a.max_memory,
           "property": prop,
           "options": ["--opt=0"] + (["--unroll", str(a.svcomp_unroll)] if a.svcomp_unroll else []),
           "data_model": a.svcomp_data_model or "each task's",
           "engines": {}}
    for eng in engines:
        counts = {k: 0 for k in SCORE}
        rows = []
        t0 = time.monotonic()
        for t in tasks:
            path = os.path.join(SHARED, "svcomp", t["file"])
            extra = ["--opt=0"] + (["--unroll", str(a.svcomp_unroll)] if a.svcomp_unroll else [])
            if prop != "unreach-call":
                extra += ["--property", prop, "--svcomp"]
            # The task's data model (SV-COMP's ConcurrencySafety tasks are
            # mostly ILP32), unless --svcomp-data-model overrides it.
            extra += ["--data-model", a.svcomp_data_model or t["data_model"]]
            r = run_vcdpor(a.vcdpor, eng, path, a.svcomp_timeout, a.max_memory, extra)
            outcome, why = (classify(t["expected"], r) if prop == "unreach-call"
                            else classify_property(t["expected"], r))
            counts[outcome] += 1
            rows.append({"file": t["file"], "expected": "true" if t["expected"] else "false",
                         "verdict": r["verdict"], "kinds": r.get("kinds", []),
                         "svcomp": r.get("svcomp"),
                         "executions": r.get("executions"), "bounded": r.get("bounded"),
                         "wall_s": r["wall_s"], "rss_mb": r["rss_mb"],
                         "refinement": r.get("refinement"),
                         "outcome": outcome, "reason": why})
            log("svcomp %-10s %-16s %-60s %s" % (eng, outcome, t["file"], why or ""))
        out["engines"][eng] = {"counts": counts,
                               "score": sum(SCORE[k] * v for k, v in counts.items()),
                               "wall_s": time.monotonic() - t0, "tasks": rows}
    return out


# ----------------------------------------------------------------------------
# Reports

def fmt_mb(x):
    return "-" if x is None else "%.0f" % x


def fmt_n(x):
    return "-" if x is None else str(x)


def fmt_t(x):
    return "-" if x is None else ("%.3f" % x if x < 0.1 else "%.2f" % x)


def fmt_ratio(a, b):
    if a is None or b is None or b == 0:
        return "-"
    r = a / b
    return "%.2f" % r if r < 100 else "%.0f" % r


def verdict_cell(case, r):
    v = r.get("verdict", "unknown")
    if v == "error" and r.get("kinds"):
        v = "error (%s)" % ",".join(k for k in r["kinds"] if k)
    if r.get("status") == "skipped":
        return "skipped"
    if r.get("status") not in ("ok", None) or r.get("verdict") == "unknown":
        return "unknown (%s)" % (r.get("message") or r.get("status"))
    exp = case.get("expected")
    if exp and r["verdict"] != exp:
        return "**%s, expected %s**" % (v, exp)
    return v


def counted(r):
    """Counts and times are shown only for finished runs."""
    return r.get("status") == "ok"


def markdown_cases(cases):
    tools = []
    for c in cases:
        for r in c["runs"]:
            if r["tool"] != "vcdpor" and r["tool"] not in tools:
                tools.append(r["tool"])
    has_ref = any("reference_nidhugg" in r for c in cases for r in c["runs"])
    head = ["program", "engine", "verdict", "executions", "blocked", "sleep-blocked",
            "time (s)", "memory (MB)", "execs / optimal", "time / optimal"]
    if has_ref:
        head.append("Nidhugg 0.4 ref. traces")
    if "nidhugg" in tools:
        head += ["Nidhugg traces", "Nidhugg time (s)", "ours / Nidhugg time"]
    if "genmc" in tools:
        head += ["GenMC execs", "GenMC time (s)", "ours / GenMC time"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for c in cases:
        if c.get("compile_error"):
            lines.append("| %s | - | compile error | " % c["label"] + " | ".join(["-"] * (len(head) - 3)) + " |")
            continue
        opt = next((r for r in c["runs"] if r["tool"] == "vcdpor" and r["engine"] == "optimal"
                    and counted(r)), None)
        genmc = next((r for r in c["runs"] if r["tool"] == "genmc"), None)
        for r in c["runs"]:
            if r["tool"] == "genmc":
                continue  # shown in its columns, on every row of the case
            if r["tool"] == "nidhugg" and r["engine"].split("--")[-1] in NIDHUGG_EQUIV.values():
                continue  # shown beside the equivalent engine's row
            ok = counted(r)
            cells = [c["label"], r["engine"], verdict_cell(c, r),
                     fmt_n(r.get("executions")) if ok else "-",
                     fmt_n(r.get("blocked")) if ok else "-",
                     fmt_n(r.get("sleep_blocked")) if ok else "-",
                     fmt_t(r["wall_s"]) if ok else "-",
                     fmt_mb(r["rss_mb"]) if ok else "-",
                     fmt_ratio(r.get("executions"), opt.get("executions")) if ok and opt else "-",
                     fmt_ratio(r["wall_s"], opt["wall_s"]) if ok and opt else "-"]
            if has_ref:
                cells.append(fmt_n(r.get("reference_nidhugg")))
            if "nidhugg" in tools:
                nid = None
                if r["tool"] == "vcdpor" and r["engine"] in NIDHUGG_EQUIV:
                    nid = next((x for x in c["runs"] if x["tool"] == "nidhugg" and
                                x["engine"] == "nidhugg --" + NIDHUGG_EQUIV[r["engine"]]), None)
                if nid is not None and counted(nid):
                    cells += [fmt_n(nid.get("executions")), fmt_t(nid["wall_s"]),
                              fmt_ratio(r["wall_s"], nid["wall_s"]) if ok else "-"]
                elif nid is not None:
                    cells += [verdict_cell(c, nid), "-", "-"]
                else:
                    cells += ["-", "-", "-"]
            if "genmc" in tools:
                if genmc is not None and counted(genmc) and r["tool"] == "vcdpor":
                    cells += [fmt_n(genmc.get("executions")), fmt_t(genmc["wall_s"]),
                              fmt_ratio(r["wall_s"], genmc["wall_s"]) if ok else "-"]
                elif genmc is not None and r["tool"] == "vcdpor":
                    cells += [verdict_cell(c, genmc), "-", "-"]
                else:
                    cells += ["-", "-", "-"]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def markdown_svcomp(sv):
    prop = sv.get("property", "unreach-call")
    table = "verdicts.tsv" if prop == "unreach-call" else "properties.tsv"
    lines = ["SV-COMP `%s` tasks of `../shared/benchmarks/svcomp/%s`, "
             "`%s`, %s s and %s MB per task." % (prop, table, " ".join(sv["options"]),
                                                 sv["timeout_s"], sv["max_memory_mb"]), "",
             "| engine | tasks | correct true | correct false | incorrect true | incorrect false "
             "| unknown | score | time (s) |", "|---|---|---|---|---|---|---|---|---|"]
    for eng, e in sv["engines"].items():
        c = e["counts"]
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d | %.0f |" % (
            eng, sum(c.values()), c["correct-true"], c["correct-false"], c["incorrect-true"],
            c["incorrect-false"], c["unknown"], e["score"], e["wall_s"]))
    lines.append("")
    for eng, e in sv["engines"].items():
        why = {}
        for t in e["tasks"]:
            if t["outcome"] == "unknown":
                k = re.sub(r"\(\d+ bounded executions\)", "", t["reason"] or "").strip()
                why[k] = why.get(k, 0) + 1
        if why:
            lines.append("- %s unknown: %s" % (eng, "; ".join(
                "%d %s" % (v, k) for k, v in sorted(why.items(), key=lambda kv: -kv[1]))))
    wrong = [(eng, t) for eng, e in sv["engines"].items() for t in e["tasks"]
             if t["outcome"].startswith("incorrect")]
    lines.append("")
    if wrong:
        lines.append("Incorrect verdicts:")
        lines.append("")
        for eng, t in wrong:
            lines.append("- %s: `%s` expected %s, got %s%s" % (
                eng, t["file"], t["expected"], t.get("svcomp") or t["verdict"],
                " (%s)" % ",".join(t["kinds"]) if t["kinds"] else ""))
    else:
        lines.append("No incorrect verdicts.")
    return "\n".join(lines) + "\n"


def plot(cases, outdir, log):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib is not importable from %s: plots skipped (make them later with an "
            "interpreter that has it: /usr/bin/python3 %s --plot-only %s)"
            % (sys.executable, os.path.relpath(os.path.abspath(__file__)), outdir))
        return None
    pdir = os.path.join(outdir, "plots")
    os.makedirs(pdir, exist_ok=True)
    made = []
    fams = {}
    for c in cases:
        if c["N"] is not None:
            fams.setdefault((c["suite"], c["family"]), []).append(c)
    for (suite, fam), cs in fams.items():
        if len(cs) < 2:
            continue
        series = {}
        for c in cs:
            for r in c["runs"]:
                if counted(r) and r.get("executions") is not None:
                    series.setdefault(r["engine"], []).append((c["N"], r["executions"], r["wall_s"]))
        if not series:
            continue
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 3.2), dpi=80)
        styles = [("o", "-"), ("s", "--"), ("^", ":"), ("v", "-."), ("D", "-"), ("x", "--")]
        for i, (eng, pts) in enumerate(series.items()):
            pts.sort()
            ns = [p[0] for p in pts]
            mk, ls = styles[i % len(styles)]
            # overlapping lines (source = optimal) stay visible: hollow markers, dashes
            kw = dict(marker=mk, linestyle=ls, label=eng, markerfacecolor="none")
            ax1.plot(ns, [max(p[1], 1) for p in pts], **kw)
            ax2.plot(ns, [max(p[2], 1e-3) for p in pts], **kw)
        for ax, yl in ((ax1, "executions"), (ax2, "wall time (s)")):
            ax.set_yscale("log")
            ax.set_xlabel("N")
            ax.set_ylabel(yl)
            ax.grid(True, which="major", alpha=0.3)
            ax.xaxis.get_major_locator().set_params(integer=True)
        ax1.legend(fontsize=8)
        fig.suptitle("%s (%s)" % (fam, suite), fontsize=10)
        fig.tight_layout()
        path = os.path.join(pdir, "%s.png" % fam)
        fig.savefig(path)
        plt.close(fig)
        made.append(os.path.relpath(path, outdir))
    log("plots: %s" % (", ".join(made) or "none (no family with 2+ finished sizes)"))
    return made


def write_reports(outdir, results, log):
    md = ["# vcdpor benchmark results", "",
          "`%s`" % results["meta"]["command"], "",
          "%s; %s; engines %s; %d repetition(s) (median wall time, max peak RSS); "
          "%s s / %s MB per case. Times and memory are measured by the runner around "
          "each process (wall clock including process start and module loading, "
          "GNU time's maximum resident set size); ratios are against `optimal` on the "
          "same case." % (results["meta"]["date"], results["meta"]["host"],
                          ", ".join(results["meta"]["engines"]), results["meta"]["reps"],
                          results["meta"]["timeout_s"], results["meta"]["max_memory_mb"]), ""]
    if results.get("cases"):
        md.append(markdown_cases(results["cases"]))
    if results.get("svcomp"):
        md.append("## SV-COMP score\n")
        md.append(markdown_svcomp(results["svcomp"]))
    if results.get("plots"):
        md.append("Plots: " + ", ".join("[%s](%s)" % (os.path.basename(p), p)
                                        for p in results["plots"]) + "\n")
    with open(os.path.join(outdir, "results.md"), "w") as f:
        f.write("\n".join(md))
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    log("wrote %s, %s" % (os.path.join(outdir, "results.json"), os.path.join(outdir, "results.md")))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vcdpor", default=os.path.join(ROOT, "build", "tools", "vcdpor"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench-results"))
    ap.add_argument("--suite", action="append",
                    help="suite TSV (repeatable; default: families.tsv and nidhugg.tsv)")
    ap.add_argument("--engines", default=",".join(ENGINES),
                    help="comma-separated; ENGINE/tN runs ENGINE on N workers "
                         "(--threads N, vc only), e.g. vc/t2")
    ap.add_argument("--only", help="regex on program names")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=10, help="seconds per case (default 10)")
    ap.add_argument("--max-memory", type=int, default=2048, help="MB per case (default 2048)")
    ap.add_argument("--compare", action="append", default=[], metavar="TOOL=PATH",
                    help="also run nidhugg=PATH or genmc=PATH on the same modules")
    ap.add_argument("--nidhugg-algos", default="source,optimal",
                    help="Nidhugg algorithms to run (from %s)" % ",".join(NIDHUGG_ALGOS))
    ap.add_argument("--svcomp", action="store_true", help="SV-COMP scoring mode")
    ap.add_argument("--svcomp-property", default="unreach-call",
                    choices=["unreach-call", "no-data-race", "valid-memsafety"],
                    help="SV-COMP property scored (default unreach-call; the others "
                         "run with --property and --svcomp)")
    ap.add_argument("--svcomp-data-model", choices=["LP64", "ILP32"],
                    help="check every SV-COMP task in this data model (default: "
                         "each task's own, from its .yml)")
    ap.add_argument("--svcomp-timeout", type=float, help="seconds per SV-COMP task (default: --timeout)")
    ap.add_argument("--svcomp-unroll", type=int, metavar="N",
                    help="pass --unroll N in SV-COMP mode (a bounded safe verdict stays unknown)")
    ap.add_argument("--quick", action="store_true", help="CI smoke profile (< 2 minutes)")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--plot-only", metavar="DIR", help="redo the plots of DIR/results.json")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)

    def log(msg):
        if not a.quiet:
            print(msg, flush=True)

    if a.plot_only:
        with open(os.path.join(a.plot_only, "results.json")) as f:
            results = json.load(f)
        results["plots"] = plot(results.get("cases", []), a.plot_only, log)
        write_reports(a.plot_only, results, log)
        return 0

    a.engines = [e for e in a.engines.split(",") if e]
    a.nidhugg_algos = [x for x in a.nidhugg_algos.split(",") if x]
    for x in a.nidhugg_algos:
        if x not in NIDHUGG_ALGOS:
            ap.error("unknown Nidhugg algorithm %r" % x)
    compare = []
    for c in a.compare:
        tool, _, path = c.partition("=")
        if tool not in ("nidhugg", "genmc") or not path:
            ap.error("--compare takes nidhugg=PATH or genmc=PATH")
        compare.append((tool, os.path.abspath(path)))
    if not os.path.exists(a.vcdpor):
        ap.error("no vcdpor at %s (build it, or pass --vcdpor)" % a.vcdpor)
    a.vcdpor = os.path.abspath(a.vcdpor)
    if a.quick:
        a.reps = 1
        a.timeout = min(a.timeout, 5)
    if a.svcomp_timeout is None:
        a.svcomp_timeout = 2 if a.quick else a.timeout
    a.out = os.path.abspath(a.out)
    os.makedirs(a.out, exist_ok=True)

    t0 = time.monotonic()
    results = {"meta": {
        "command": " ".join(["benchmarks/run.py"] + (argv if argv is not None else sys.argv[1:])),
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "host": "%s, %d cores" % (os.uname().machine, os.cpu_count() or 0),
        "vcdpor": a.vcdpor, "engines": a.engines, "reps": a.reps,
        "timeout_s": a.timeout, "max_memory_mb": a.max_memory,
        "compare": dict(compare)}}
    if not a.svcomp or a.quick:
        suites = a.suite or [os.path.join(SUITES, s) for s in DEFAULT_SUITES]
        entries = []
        for s in suites:
            entries += load_suite(s)
        if a.only:
            entries = [e for e in entries if re.search(a.only, e["name"])]
        missing = [e for e in entries if not os.path.exists(os.path.join(ROOT, e["file"]))]
        for e in missing:
            log("%s: %s not found, skipped" % (e["name"], e["file"]))
        entries = [e for e in entries if e not in missing]
        results["cases"] = run_suites(a, entries, compare, log)
        results["plots"] = None if a.no_plots else plot(results["cases"], a.out, log)
    if a.svcomp or a.quick:
        if not os.path.exists(os.path.join(SHARED, "svcomp", "verdicts.tsv")):
            log("no %s: SV-COMP scoring skipped" % os.path.join(SHARED, "svcomp"))
        else:
            names = QUICK_SVCOMP if a.quick else None
            engines = ["optimal"] if a.quick and "optimal" in a.engines else a.engines
            results["svcomp"] = run_svcomp(a, names, engines, log)
            for eng, e in results["svcomp"]["engines"].items():
                log("SV-COMP %s: score %d %s" % (eng, e["score"], e["counts"]))
    results["meta"]["total_wall_s"] = time.monotonic() - t0
    write_reports(a.out, results, log)
    log("total %.1f s" % results["meta"]["total_wall_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
