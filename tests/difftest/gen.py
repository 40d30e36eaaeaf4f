#!/usr/bin/env python3
"""Seeded generator of small random concurrent C programs for differential
testing. A program is a list of threads (main is thread 0), each a list of
statements over a few shared variables; `render` turns it into C.

Statements: load into a local, store a constant or local+1, fetch_add,
compare-exchange, a mutex section around a few statements (lock/unlock or
trylock), a branch on a local, an assume on a local, a nondet value, a
condition-variable wait for a flag and its signal or broadcast (a missing
signal is a deadlock), and in main the creation
and join of the other threads (a thread may create a nested child).
With EXTENDED set (harness --extended), also atomic sections
(__VERIFIER_atomic_begin/end) around a few loads, stores, RMWs, CASes,
branches, assumes and nondet values, spin loops waiting for one or two
variables to change, exit() or abort() on a value a thread observed (also
inside atomic and critical sections), calls of helper functions that
load, store and add (the caller goes on after the return with what it
does next; some take the variable by pointer), accesses of an array at an
index the thread read, and loops of two iterations; the programs of a seed
are the same as without it only when EXTENDED is off.
With FINAL set (harness --final-writes), other programs: three or four
threads that mostly end with a store to x, and a main that joins them one
by one, between its own statements, and then loads and asserts on x (the
shape in which VC-DPOR chooses only the last of the final writes). With
FLOATING also set (harness --floating-reads), main often reads x before it
joins the threads and then mostly only joins, and some threads end with a
read of x and an assert instead of a store: floating reads.
With HOLES set (harness --holes), other programs again, made of the
constructs of the issue "Soundness holes", which every engine, exhaustive
included, once got wrong: library calls on shared memory (atoi, strtol
with a shared end pointer, sscanf into a shared int) over a buffer whose
characters other threads write; a thread id created into a global
(pthread_create(&gt, ...), by main or by thread 1) that other threads read
and join, and join results (threads return distinct values) stored in a
global that other threads read; a malloc'd int* passed through a long
global by a union, read back, dereferenced and incremented; spins on a
call (while (atoi(buf) == 0)); stack objects passed to a child the thread
creates, which writes through the pointer while its creator may have
returned (joined or not); and double joins of the global thread id.
Every thread ends by asserting something it observed, so verdicts vary.
"""
import random

VARS = ["x", "y", "z"]
EXTENDED = False
FINAL = False
FLOATING = False
HOLES = False


def fresh(locals_):
    """A new local of the thread (or helper) whose locals are locals_."""
    locals_.append("l%d" % len(locals_))
    return locals_[-1]


def gen_stmt(r, depth, locals_):
    top = ["load", "load", "store", "store", "rmw", "cas", "mutex", "if", "assume",
           "nondet", "wait", "signal"]
    if EXTENDED:
        top += ["atomic", "atomic", "spin", "exit", "call", "call", "pcall",
                "index", "loop"]
    inner = ["load", "store", "rmw", "cas", "if", "assume"]
    if EXTENDED:
        inner.append("exit")  # inside atomic sections and critical sections
    k = r.choice(top if depth < 1 else ["load", "store", "rmw"] if depth >= 2 else
                 inner)
    v = r.choice(VARS)
    if k == "load" or not locals_:
        return ("load", fresh(locals_), v)
    if k == "store":
        return ("store", v, r.choice([str(r.randint(0, 2)), r.choice(locals_) + " + 1"]))
    if k == "rmw":
        return ("rmw", v, r.randint(1, 2))
    if k == "cas":
        return ("cas", fresh(locals_), v, r.randint(0, 2), r.randint(0, 2))
    if k == "mutex":
        body = [gen_stmt(r, depth + 1, locals_) for _ in range(r.randint(1, 2))]
        return ("mutex", r.choice(["m", "m", "n"]), r.random() < 0.25, body)
    if k == "atomic":
        body = [gen_stmt(r, depth + 1, locals_) for _ in range(r.randint(1, 3))]
        if r.random() < 0.3:
            name = fresh(locals_)
            body.insert(r.randint(0, len(body)), ("nondet", name))
        return ("atomic", None, None, body)
    if k == "if":
        body = [gen_stmt(r, depth + 1, locals_) for _ in range(r.randint(1, 2))]
        return ("if", r.choice(locals_), r.randint(0, 2), body)
    if k in ("call", "pcall"):
        # A helper with locals of its own: loads, stores, adds; it returns
        # its last load (0 without one) into a local of the caller. A pcall
        # is passed v by pointer and accesses it through that.
        own = []
        body = [gen_stmt(r, 2, own) for _ in range(r.randint(1, 3))]
        if k == "pcall":
            body = [via_pointer(b, v) for b in body]
        return (k, fresh(locals_), v if k == "pcall" else None, body, own)
    if k == "index":
        # An access of a[] whose address depends on a value read.
        if r.random() < 0.5:
            idx = r.choice(locals_)
            return ("iload", fresh(locals_), idx)
        return ("istore", r.choice(locals_), r.randint(0, 2))
    if k == "loop":
        body = [gen_stmt(r, depth + 1, locals_) for _ in range(r.randint(1, 2))]
        return ("loop", None, None, body)
    if k == "nondet":
        return ("nondet", fresh(locals_))
    if k == "wait":
        return ("wait", v)
    if k == "exit":
        return ("exit", r.choice(locals_), r.randint(0, 2), r.random() < 0.3)
    if k == "spin":
        # Waits until v (or, sometimes, also another variable) differs from
        # a constant: an await on one or two locations.
        w = r.choice([u for u in VARS if u != v]) if r.random() < 0.2 else None
        return ("spin", v, r.randint(0, 1), w)
    if k == "signal":
        return ("signal", v, r.random() < 0.3)
    return ("assume", r.choice(locals_), r.randint(0, 2))


def via_pointer(s, v):
    """A helper's load, store or add, with variable v accessed as *p."""
    if s[0] == "load" and s[2] == v:
        return ("load", s[1], "*p")
    if s[0] in ("store", "rmw") and s[1] == v:
        return (s[0], "*p", s[2])
    return s


def gen_final_program(seed):
    """FINAL's programs: main's body holds its joins (("join", t))."""
    r = random.Random(seed)
    # including main; with floating reads, enough threads left to store x
    nthreads = r.randint(5, 6) if FLOATING else r.randint(4, 5)
    threads = [[]]
    for t in range(1, nthreads):
        locals_ = []
        # Thread 1 is VC-DPOR's root; often it does nothing, so that the
        # others' writes are all leaf writes.
        if t == 1 and r.random() < 0.5:
            threads.append([])
            continue
        body = [gen_stmt(r, 1, locals_) for _ in range(r.randint(0, 1))]
        if FLOATING and r.random() < 0.25:
            # A floating read: the thread's last access, then only an assert.
            body.append(("load", fresh(locals_), "x"))
            body.append(("assert", locals_[-1], r.choice(["!=", "<="]), r.randint(0, 2)))
        elif r.random() < 0.85:
            val = r.choice([str(r.randint(0, 2))] + [l + " + 1" for l in locals_])
            body.append(("store", "x" if r.random() < 0.8 else r.choice(VARS), val))
        threads.append(body)
    locals_ = []
    main = [gen_stmt(r, 1, locals_) for _ in range(r.randint(0, 1))]
    floating = FLOATING and r.random() < 0.6
    if floating:
        # main reads x while the threads run, then (mostly) only joins.
        main.append(("load", fresh(locals_), "x"))
    joins = list(range(1, nthreads))
    r.shuffle(joins)
    for t in joins:
        main.append(("join", t))
        if r.random() < (0.08 if floating else 0.2):
            main.append(gen_stmt(r, 2, locals_))
    if not floating or r.random() < 0.2:
        for v in ["x", r.choice(VARS)]:
            main.append(("load", fresh(locals_), v))
    main.append(("assert", r.choice(locals_), r.choice(["!=", "<="]), r.randint(0, 2)))
    threads[0] = main
    return {"threads": threads, "nested": False, "seed": seed}


# The --holes constructs, weighted (gen_hole_stmt): buffer writes and the
# calls that read the buffer, readers of what the calls and joins wrote,
# the union's publication and increments, children given a stack object.
HOLE_KINDS = ["bufw", "bufw", "bufw", "atoi", "atoi", "strtol", "endp", "sscanf",
              "si", "spin", "tid", "gjoin", "gjoin", "res", "res", "upub", "uinc",
              "uinc", "stack", "stack", "rjoin", "rjoin"]


def gen_hole_stmt(r, prog, t, locals_, children):
    """One statement of thread t of a --holes program: a hole construct, or
    (one in four) a plain load, store or add of x, y or z. rjoin (main only)
    joins a thread into the global gr; stack children's bodies are appended
    to children."""
    k = r.choice(HOLE_KINDS) if r.random() < 0.75 else "plain"
    gt = prog["gt"]
    if k in ("tid", "gjoin") and (gt is None or t == gt):
        k = "bufw"
    if k == "stack" and prog["n"] + len(children) >= 4:
        k = "atoi"  # at most four threads, for exhaustive's sake
    if k == "rjoin":
        # Main joins a thread it has not joined yet, its result into gr.
        free = [u for u in range(1, prog["n"]) if ("rjoin", u) not in prog["threads"][0]
                and (u != gt or prog["gt_by"] == 0)]
        if t != 0 or not free:
            k = "res"
        else:
            return ("rjoin", r.choice(free))
    if k == "plain":
        return gen_stmt(r, 2, locals_) if locals_ else ("load", fresh(locals_), "x")
    if k == "bufw":
        return ("bufw", r.randint(0, 1), r.randint(0, 2))
    if k in ("atoi", "strtol", "endp", "si", "tid", "res"):
        return (k, fresh(locals_))
    if k == "sscanf":
        return ("sscanf",)
    if k == "spin":
        return ("spin_call",)
    if k == "gjoin":
        return ("gjoin", r.random() < 0.5)
    if k == "upub":
        return ("upub", r.randint(0, 2))
    if k == "uinc":
        return ("uinc", fresh(locals_), r.random() < 0.7)
    # stack: a child writes (and may read) the thread's stack object s<N>
    # through its argument; the thread joins it or not, then reads s<N>.
    own = []
    body = [("pstore", r.randint(1, 2))]
    if r.random() < 0.4:
        body.insert(r.randint(0, 1), r.choice([("pload", fresh(own)),
                                                ("store", "x", str(r.randint(1, 2)))]))
    children.append(body)
    return ("stack", fresh(locals_), "s%d" % (len(children) - 1), r.random() < 0.5, body, own)


def gen_holes_program(seed):
    """HOLES's programs: 2-4 threads (main and stack children included),
    of hole constructs, fewer statements the more threads;
    "gt" is the thread created into the global gt (by main, or by thread 1
    where gt_by is 1), None for none; "pre" what main runs before it
    creates the threads (a publication through the union)."""
    r = random.Random(seed)
    n = r.choice([2, 2, 3, 3, 4])  # including main
    gt = r.choice([None] + list(range(1, n)) * 2)
    gt_by = 1 if gt is not None and gt > 1 and r.random() < 0.3 else 0
    prog = {"threads": [[] for _ in range(n)], "nested": False, "seed": seed,
            "holes": True, "n": n, "gt": gt, "gt_by": gt_by,
            "pre": [("upub", r.randint(0, 2))] if r.random() < 0.25 else []}
    children = []
    for t in range(n):
        locals_ = []
        body = prog["threads"][t]
        for _ in range(r.randint(1, 3 if n == 2 else 2)):
            body.append(gen_hole_stmt(r, prog, t, locals_, children))
        if locals_ and r.random() < 0.8:
            body.append(("assert", r.choice(locals_), r.choice(["!=", "<="]), r.randint(0, 2)))
    del prog["n"]
    # Double joins: two threads (main among them) both join gt's thread.
    others = [u for u in range(n) if u != gt]
    if gt is not None and len(others) >= 2 and r.random() < 0.25:
        for u in r.sample(others, 2):
            b = prog["threads"][u]
            b.insert(r.randint(0, len(b)), ("gjoin", r.random() < 0.5))
    # A spin on atoi(buf) needs another thread that may write a digit
    # other than 0 (else it only blocks for good).
    for t, body in enumerate(prog["threads"]):
        if ("spin_call",) in body and not any(
                s[0] == "bufw" and s[2] for u, b in enumerate(prog["threads"]) if u != t
                for s in b):
            other = r.choice([u for u in range(n) if u != t])
            b = prog["threads"][other]
            b.insert(r.randint(0, len(b)), ("bufw", r.randint(0, 1), r.randint(1, 2)))
    return prog


def gen_program(seed):
    if HOLES:
        return gen_holes_program(seed)
    if FINAL:
        return gen_final_program(seed)
    r = random.Random(seed)
    nthreads = r.randint(2, 4)  # including main
    threads = []
    for t in range(nthreads):
        locals_ = []
        body = [gen_stmt(r, 0, locals_) for _ in range(r.randint(1, 3))]
        if locals_ and r.random() < 0.8:
            body.append(("assert", r.choice(locals_), r.choice(["!=", "<="]), r.randint(0, 2)))
        threads.append(body)
    nested = nthreads >= 3 and r.random() < 0.3
    return {"threads": threads, "nested": nested, "seed": seed}


def render_stmt(s, out, ind):
    p = "  " * ind
    k = s[0]
    if k == "load":
        out.append("%s%s = atomic_load(&%s);" % (p, s[1], s[2]))
    elif k == "store":
        out.append("%satomic_store(&%s, %s);" % (p, s[1], s[2]))
    elif k == "rmw":
        out.append("%satomic_fetch_add(&%s, %d);" % (p, s[1], s[2]))
    elif k == "cas":
        out.append("%s{ int e = %d; %s = atomic_compare_exchange_strong(&%s, &e, %d); }"
                   % (p, s[3], s[1], s[2], s[4]))
    elif k == "mutex":
        if s[2]:
            out.append("%sif (pthread_mutex_trylock(&%s) == 0) {" % (p, s[1]))
        else:
            out.append("%spthread_mutex_lock(&%s); {" % (p, s[1]))
        for b in s[3]:
            render_stmt(b, out, ind + 1)
        out.append("%s  pthread_mutex_unlock(&%s);" % (p, s[1]))
        out.append("%s}" % p)
    elif k == "exit":
        out.append("%sif (%s == %d) %s;" % (p, s[1], s[2], "abort()" if s[3] else "exit(0)"))
    elif k == "spin":
        cond = "atomic_load(&%s) == %d" % (s[1], s[2])
        if s[3]:
            cond += " && atomic_load(&%s) == %d" % (s[3], s[2])
        out.append("%swhile (%s)" % (p, cond))
        out.append("%s  ;" % p)
    elif k == "atomic":
        out.append("%s__VERIFIER_atomic_begin(); {" % p)
        for b in s[3]:
            render_stmt(b, out, ind + 1)
        out.append("%s} __VERIFIER_atomic_end();" % p)
    elif k == "if":
        out.append("%sif (%s == %d) {" % (p, s[1], s[2]))
        for b in s[3]:
            render_stmt(b, out, ind + 1)
        out.append("%s}" % p)
    elif k == "assume":
        out.append("%s__VERIFIER_assume(%s != %d);" % (p, s[1], s[2]))
    elif k == "nondet":
        out.append("%s%s = __VERIFIER_nondet_int();" % (p, s[1]))
    elif k == "wait":
        out.append("%spthread_mutex_lock(&m);" % p)
        out.append("%swhile (atomic_load(&%s) == 0) pthread_cond_wait(&c, &m);" % (p, s[1]))
        out.append("%spthread_mutex_unlock(&m);" % p)
    elif k == "signal":
        out.append("%spthread_mutex_lock(&m);" % p)
        out.append("%satomic_store(&%s, 1);" % (p, s[1]))
        out.append("%spthread_cond_%s(&c);" % (p, "broadcast" if s[2] else "signal"))
        out.append("%spthread_mutex_unlock(&m);" % p)
    elif k == "join":
        out.append("%spthread_join(h%d, 0);" % (p, s[1]))
    elif k == "assert":
        out.append("%sassert(!(%s %s %d));" % (p, s[1], s[2], s[3]))
    elif k == "call":
        out.append("%s%s = f%d();" % (p, s[1], _HELPERS[id(s)]))
    elif k == "pcall":
        out.append("%s%s = f%d(&%s);" % (p, s[1], _HELPERS[id(s)], s[2]))
    elif k == "iload":
        out.append("%s%s = atomic_load(&a[%s & 1]);" % (p, s[1], s[2]))
    elif k == "istore":
        out.append("%satomic_store(&a[%s & 1], %d);" % (p, s[1], s[2]))
    elif k == "loop":
        out.append("%sfor (int i = 0; i < 2; i++) {" % p)
        for b in s[3]:
            render_stmt(b, out, ind + 1)
        out.append("%s}" % p)
    elif k == "bufw":
        out.append("%sbuf[%d] = '%d';" % (p, s[1], s[2]))
    elif k == "atoi":
        out.append("%s%s = atoi(buf);" % (p, s[1]))
    elif k == "strtol":
        out.append("%s%s = strtol(buf, &ep, 10);" % (p, s[1]))
    elif k == "endp":
        out.append("%s%s = ep ? (int)(ep - buf) : 3;" % (p, s[1]))
    elif k == "sscanf":
        out.append("%ssscanf(buf, \"%%d\", &si);" % p)
    elif k == "si":
        out.append("%s%s = si;" % (p, s[1]))
    elif k == "spin_call":
        out.append("%swhile (atoi(buf) == 0)" % p)
        out.append("%s  ;" % p)
    elif k == "tid":
        out.append("%s%s = (int)gt;" % (p, s[1]))
    elif k == "gjoin":
        out.append("%spthread_join(gt, %s);" % (p, "&gr" if s[1] else "0"))
    elif k == "res":
        out.append("%s%s = (int)(long)gr;" % (p, s[1]))
    elif k == "rjoin":
        out.append("%spthread_join(%s, &gr);" % (p, _HANDLES.get(s[1], "h%d" % s[1])))
    elif k == "upub":
        out.append("%s{ union U u; u.p = malloc(sizeof(int)); *u.p = %d; gl = u.l; }"
                   % (p, s[1]))
    elif k == "uinc":
        out.append("%s{ union U u; u.l = gl; %s{ *u.p += 1; %s = *u.p; } }"
                   % (p, "if (u.p) " if s[2] else "", s[1]))
    elif k == "stack":
        out.append("%s{ pthread_t ch; pthread_create(&ch, 0, c%d, &%s);%s }"
                   % (p, _HELPERS[id(s)], s[2], " pthread_join(ch, 0);" if s[3] else ""))
        out.append("%s%s = %s;" % (p, s[1], s[2]))
    elif k == "pstore":
        out.append("%s*(int *)arg = %d;" % (p, s[1]))
    elif k == "pload":
        out.append("%s%s = *(int *)arg;" % (p, s[1]))


# Helper ids of the program render() is rendering, by id() of the call
# (or of the stack statement whose child it is).
_HELPERS = {}
# Handles of main's threads where they are not h<N> (the global gt).
_HANDLES = {}


def helpers(prog):
    """The helper functions of every call statement, numbered in order."""
    _HELPERS.clear()
    out = []
    def walk(b):
        for s in b:
            if s[0] in ("call", "pcall"):
                n = _HELPERS[id(s)] = len(_HELPERS)
                out.append("int f%d(%s) {" % (n, "atomic_int *p" if s[0] == "pcall"
                                              else "void"))
                for name in s[4]:
                    out.append("  int %s = 0;" % name)
                for b2 in s[3]:
                    render_stmt(b2, out, 1)
                out.append("  return %s;" % (s[4][-1] if s[4] else "0"))
                out.append("}")
            if s[0] == "stack":
                n = _HELPERS[id(s)] = len(_HELPERS)
                out.append("void *c%d(void *arg) {" % n)
                for name in s[5]:
                    out.append("  int %s = 0;" % name)
                for b2 in s[4]:
                    render_stmt(b2, out, 1)
                out.append("  return 0;")
                out.append("}")
            if s[0] in ("mutex", "if", "atomic", "loop"):
                walk(s[3])
    for t in prog["threads"]:
        walk(t)
    return out


def locals_of(body):
    names = []
    def walk(b):
        for s in b:
            if (s[0] in ("load", "cas", "nondet", "call", "pcall", "iload", "atoi",
                         "strtol", "endp", "si", "tid", "res", "uinc", "stack")
                    and s[1] not in names):
                names.append(s[1])
            if s[0] == "stack":
                names.append(s[2])
            if s[0] in ("mutex", "if", "atomic", "loop"):
                walk(s[3])
    walk(body)
    return names


def render(prog):
    out = ["// generated by tests/difftest/gen.py, seed %s" % prog["seed"],
           "#include <assert.h>", "#include <pthread.h>", "#include <stdatomic.h>",
           "#include <stdlib.h>",
           "void __VERIFIER_assume(int);", "int __VERIFIER_nondet_int(void);",
           "pthread_cond_t c = PTHREAD_COND_INITIALIZER;",
           "atomic_int x, y, z;",
           "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;"]
    threads = prog["threads"]
    holes = prog.get("holes", False)
    # --holes: the thread created into the global gt, and by whom.
    gt, gt_by = prog.get("gt"), prog.get("gt_by", 0)
    _HANDLES.clear()
    if gt is not None and gt_by == 0:
        _HANDLES[gt] = "gt"
    if holes:
        out[4:4] = ["#include <stdio.h>"]
        out += ["char buf[4] = \"0\";", "char *ep;", "int si;", "pthread_t gt;", "void *gr;",
                "union U { int *p; long l; };", "long gl;"]
    if "'iload'" in repr(threads) or "'istore'" in repr(threads):
        out.append("atomic_int a[2];")
    if "atomic" in repr(threads):
        out.append("void __VERIFIER_atomic_begin(void);")
        out.append("void __VERIFIER_atomic_end(void);")
    out += helpers(prog)
    # Whether some thread, or main's rjoin, joins the thread of gt.
    gt_joined = any(s[0] == "gjoin" for b in threads for s in b) or \
        ("rjoin", gt) in threads[0]
    for t in range(len(threads) - 1, 0, -1):
        out.append("void *t%d(void *arg) {" % t)
        for name in locals_of(threads[t]):
            out.append("  int %s = 0;" % name)
        if prog["nested"] and t == 1 and len(threads) > 2:
            out.append("  pthread_t c; pthread_create(&c, 0, t%d, 0);" % (len(threads) - 1))
        if gt is not None and gt_by == 1 and t == 1:
            out.append("  pthread_create(&gt, 0, t%d, 0);" % gt)
        for s in threads[t]:
            render_stmt(s, out, 1)
        if prog["nested"] and t == 1 and len(threads) > 2:
            out.append("  pthread_join(c, 0);")
        if gt is not None and gt_by == 1 and t == 1 and not gt_joined:
            out.append("  pthread_join(gt, 0);")
        # --holes: distinct results, for joins into gr.
        out.append("  return %s;" % ("(void *)(long)%d" % t if holes else "0"))
        out.append("}")
    out.append("int main(void) {")
    for name in locals_of(threads[0] + prog.get("pre", [])):
        out.append("  int %s = 0;" % name)
    for s in prog.get("pre", []):
        render_stmt(s, out, 1)
    direct = [t for t in range(1, len(threads))
              if not (prog["nested"] and t == len(threads) - 1 and len(threads) > 2)
              and not (t == gt and gt_by == 1)]
    for t in direct:
        if t == gt:
            out.append("  pthread_create(&gt, 0, t%d, 0);" % t)
        else:
            out.append("  pthread_t h%d; pthread_create(&h%d, 0, t%d, 0);" % (t, t, t))
    for s in threads[0]:
        render_stmt(s, out, 1)
    joined = {s[1] for s in threads[0] if s[0] in ("join", "rjoin")}
    for t in direct:
        if t == gt:
            if not gt_joined:
                out.append("  pthread_join(gt, 0);")
        elif t not in joined:
            out.append("  pthread_join(h%d, 0);" % t)
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys
    print(render(gen_program(int(sys.argv[1]) if len(sys.argv) > 1 else 0)))
