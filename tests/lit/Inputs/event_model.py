"""Brute-force enumerator of the exhaustive explorer's event model, used to
derive the execution counts quoted as "brute force" in the lit tests (not run
by the suite). Threads are generator functions yielding abstract operations;
every interleaving of visible operations is enumerated by replay, lowest thread
id first, as vcdpor's exhaustive DFS does. Run: python3 event_model.py
"""
import itertools
class Err(Exception): pass
class Blocked(Exception): pass

def explore(main, glob=None, nd=(0,1), all_errors=True, verbose=False):
    stats = dict(execs=0, blocked=0, errors=0, deadlocks=0)
    results = []
    def run(sched):
        # sched: list of (tid, choice)
        G = dict(glob or {})
        locks = {}
        threads = {}  # tid -> dict(gen, pending, done, send)
        cvw = {}  # cv -> list of waiting tids (not yet woken)
        woken = set()
        inatomic = [None]
        nexttid = [0]
        trace = []
        def spawn(fn, arg):
            tid = nexttid[0]; nexttid[0] += 1
            th = dict(gen=fn(arg) if arg is not None else fn(), pending=None, done=False, blocked=None)
            threads[tid] = th
            advance(tid, None)
            return tid
        def advance(tid, val):
            th = threads[tid]
            while True:
                try:
                    op = th['gen'].send(val) if th.get('started') else next(th['gen'])
                    th['started'] = True
                except StopIteration:
                    # main returning ends only main; yield ('exit',) models
                    # exit()/abort() while other threads are live.
                    th['done'] = True; th['pending'] = None
                    return
                val = None
                k = op[0]
                if k == 'assert':
                    if not op[1]: raise Err('assert')
                    continue
                if k == 'assume':
                    if not op[1]: th['pending'] = ('assumeblock',); return
                    continue
                if k == 'atomic_end':
                    inatomic[0] = None; continue
                th['pending'] = op; return
        def enabled(tid):
            th = threads[tid]
            if th['done'] or th['pending'] is None: return False
            if inatomic[0] is not None and inatomic[0] != tid: return False
            op = th['pending']; k = op[0]
            if k == 'assumeblock': return False
            if k == 'lock': return locks.get(op[1]) is None
            if k == 'join': return threads[op[1]]['done']
            if k == 'reacq': return tid in woken and locks.get(op[2]) is None
            if k == 'await': return op[2](G[op[1]])
            return True
        def nchoices(tid):
            op = threads[tid]['pending']
            if op[0] == 'nondet': return nd[1]-nd[0]+1
            if op[0] == 'signal' and len(cvw.get(op[1], [])) >= 2: return len(cvw[op[1]])
            return 1
        def step(tid, ch):
            th = threads[tid]; op = th['pending']; k = op[0]; val = None
            trace.append((tid,) + tuple(x for x in op if not callable(x)))
            if k == 'read': val = G[op[1]]
            elif k == 'write': G[op[1]] = op[2]
            elif k == 'rmw': val = G[op[1]]; G[op[1]] = op[2](val)
            elif k == 'cas':
                val = G[op[1]]
                if val == op[2]: G[op[1]] = op[3]
            elif k == 'lock': locks[op[1]] = tid
            elif k == 'trylock':
                if locks.get(op[1]) is not None: val = 1
                else: locks[op[1]] = tid; val = 0
            elif k == 'unlock':
                if locks.get(op[1]) != tid: raise Err('unlock-not-held')
                locks[op[1]] = None
            elif k == 'create': val = spawn(op[1], op[2] if len(op) > 2 else None)
            elif k == 'join': pass
            elif k == 'nondet': val = nd[0] + ch
            elif k == 'atomic_begin': inatomic[0] = tid
            elif k == 'wait':
                locks[op[2]] = None; cvw.setdefault(op[1], []).append(tid)
                th['pending'] = ('reacq', op[1], op[2]); return
            elif k == 'reacq':
                locks[op[2]] = tid; woken.discard(tid)
            elif k == 'signal':
                w = cvw.get(op[1], [])
                if w: woken.add(w.pop(ch))
            elif k == 'broadcast':
                for t in cvw.get(op[1], []): woken.add(t)
                cvw[op[1]] = []
            elif k == 'await': val = G[op[1]]
            elif k == 'exit':
                for t in threads.values(): t['done'] = True; t['pending'] = None
                return
            elif k == 'event': pass
            else: raise Exception(k)
            advance(tid, val)
        spawn(main, None)
        pos = 0
        while True:
            en = [t for t in sorted(threads) if enabled(t)]
            if not en:
                live = [t for t in threads.values() if not t['done']]
                if not live: return ('done', None, trace, G)
                if any(t['pending'][0] in ('assumeblock','await') for t in live): return ('blocked', None, trace, G)
                return ('deadlock', None, trace, G)
            if pos < len(sched):
                tid, ch = sched[pos]
            else:
                return ('choose', [(t, c) for t in en for c in range(nchoices(t))], trace, G)
            pos += 1
            try:
                step(tid, ch)
            except Err as e:
                return ('error', str(e), trace, G)
    def dfs(sched):
        r, info, trace, G = run(sched)
        if r == 'choose':
            for c in info:
                if dfs(sched + [c]) and not all_errors: return True
            return False
        if r == 'blocked': stats['blocked'] += 1; return False
        stats['execs'] += 1
        results.append((r, info, trace, G))
        if verbose: print(r, info, trace)
        if r in ('error', 'deadlock'):
            stats['errors'] += 1
            return True
        return False
    dfs([])
    return stats, results
