# Brute force for atomics/exchange_spin.c under await semantics.
import sys
sys.setrecursionlimit(10000)
def threads():
    pass
count = {'exec':0,'blocked':0}
# state: lock, counter, per-thread pc, registers
# T0: c(create T1) ; inc: X, [await], R, W, S ; J(join T1) ; RC (read counter)
# T1: inc
def prog(tid):
    ops = []
    if tid == 0: ops.append(('c',))
    ops += [('X',), ('R',), ('W',), ('S',)]
    if tid == 0: ops += [('J',), ('RC',)]
    return ops
def enabled(st, t):
    pc, regs, wait = st['th'][t]
    ops = prog(t)
    if pc >= len(ops): return False
    if t == 1 and not st['created']: return False
    if wait: return False
    if ops[pc][0] == 'J': return st['th'][1][0] >= len(prog(1))
    return True
def step(st, t):
    import copy
    st = copy.deepcopy(st)
    pc, regs, wait = st['th'][t]
    op = prog(t)[pc][0]
    if op == 'c': st['created'] = True; pc += 1
    elif op == 'X':
        old = st['lock']; st['lock'] = 1
        if old == 1:
            # The loop keeps nothing in memory (vcdpor promotes its locals
            # to registers), so the first failed try leaves it as it
            # entered: the thread blocks until lock is written.
            wait = True
        else: pc += 1; regs = None
    elif op == 'R': regs = st['counter']; pc += 1
    elif op == 'W': st['counter'] = regs + 1; pc += 1
    elif op == 'S':
        st['lock'] = 0; pc += 1
        for u in (0, 1):
            if st['th'][u][2]: st['th'][u] = (st['th'][u][0], st['th'][u][1], False)
    elif op == 'J': pc += 1
    elif op == 'RC': pc += 1
    st['th'][t] = (pc, regs, wait)
    return st
def dfs(st):
    en = [t for t in (0, 1) if enabled(st, t)]
    if not en:
        if any(st['th'][t][2] for t in (0,1)): count['blocked'] += 1
        else: count['exec'] += 1
        return
    for t in en: dfs(step(st, t))
dfs({'lock':0,'counter':0,'created':False,'th':{0:(0,None,False),1:(0,None,False)}})
print(count)
