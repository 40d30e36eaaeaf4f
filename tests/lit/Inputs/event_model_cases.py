"""The brute-force counts quoted in the lit tests. Run: python3 event_model_cases.py"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from event_model import explore

def case(name, main, glob, **kw):
    s, _ = explore(main, glob, **kw)
    print("%-32s executions %d (blocked %d), errors %d" % (name, s['execs'], s['blocked'], s['errors']))

def spin(var):
    v = yield ('read', var)
    while not v:
        v = yield ('await', var, lambda x: x != 0)
    return v

# basic/lost_update.c
def inc_plain():
    v = yield ('read', 'c'); yield ('write', 'c', v + 1)
def lost_main():
    a = yield ('create', inc_plain); b = yield ('create', inc_plain)
    yield ('join', a); yield ('join', b)
    v = yield ('read', 'c'); yield ('assert', v == 2)
case('basic/lost_update --all-errors', lost_main, {'c': 0})
case('basic/lost_update', lost_main, {'c': 0}, all_errors=False)

# pthread/mutex_counter.c
def inc_locked():
    yield ('lock', 'm'); v = yield ('read', 'c'); yield ('write', 'c', v + 1); yield ('unlock', 'm')
def mc_main():
    a = yield ('create', inc_locked); b = yield ('create', inc_locked)
    yield ('join', a); yield ('join', b)
case('pthread/mutex_counter', mc_main, {'c': 0})

# pthread/cond_broadcast.c, cond_signal_choice.c
def waiter():
    yield ('lock', 'm'); g = yield ('read', 'go')
    while not g:
        yield ('wait', 'c', 'm'); g = yield ('read', 'go')
    yield ('unlock', 'm')
def cond_main(sig):
    def main():
        a = yield ('create', waiter); b = yield ('create', waiter)
        yield ('lock', 'm'); yield ('write', 'go', 1); yield (sig, 'c'); yield ('unlock', 'm')
        yield ('join', a); yield ('join', b)
    return main
case('pthread/cond_broadcast', cond_main('broadcast'), {'go': 0})
case('pthread/cond_signal_choice', cond_main('signal'), {'go': 0})

# atomics/cas.c
def claim(i):
    def f():
        v = yield ('cas', 'owner', 0, i)
        if v == 0: yield ('rmw', 'wins', lambda v: v + 1)
    return f
def cas_main():
    a = yield ('create', claim(1)); b = yield ('create', claim(2))
    yield ('join', a); yield ('join', b)
    w = yield ('read', 'wins'); yield ('assert', w == 1)
    o = yield ('read', 'owner'); yield ('assert', o == 1)
case('atomics/cas', cas_main, {'owner': 0, 'wins': 0})

# atomics/sb_litmus.c
def sb1():
    yield ('write', 'x', 1); v = yield ('read', 'y'); yield ('write', 'r1', v)
def sb2():
    yield ('write', 'y', 1); v = yield ('read', 'x'); yield ('write', 'r2', v)
def sb_main():
    a = yield ('create', sb1); b = yield ('create', sb2)
    yield ('join', a); yield ('join', b)
    v = yield ('read', 'r1'); w = yield ('read', 'r2'); yield ('assert', v == 1 or w == 1)
case('atomics/sb_litmus', sb_main, {'x': 0, 'y': 0, 'r1': 0, 'r2': 0})

# atomics/exchange_lock.c --unroll 2 (a second failed xchg is cut: counted as blocked here)
def tas_inc():
    n = 0
    while True:
        v = yield ('rmw', 'lock', lambda v: 1)
        if v == 0: break
        n += 1
        if n >= 2: yield ('assume', False)
    c = yield ('read', 'c'); yield ('write', 'c', c + 1); yield ('write', 'lock', 0)
def tas_main():
    t = yield ('create', tas_inc)
    yield from tas_inc()
    yield ('join', t)
case('atomics/exchange_lock (cut=blocked)', tas_main, {'lock': 0, 'c': 0})

# spin/spin_error.c, spin/spin_ping_pong.c
def sp_prod():
    yield ('write', 'flag', 1); yield ('write', 'data', 42)
def sp_main():
    t = yield ('create', sp_prod)
    yield from spin('flag')
    d = yield ('read', 'data'); yield ('assert', d == 42); yield ('join', t)
case('spin/spin_error', sp_main, {'flag': 0, 'data': 0})
def ponger():
    yield from spin('ping'); yield ('write', 'pong', 1)
def pp_main():
    t = yield ('create', ponger); yield ('write', 'ping', 1)
    yield from spin('pong'); yield ('join', t)
case('spin/spin_ping_pong', pp_main, {'ping': 0, 'pong': 0})

# instructions/opt_levels.c
def withdraw():
    b = yield ('read', 'bal')
    if b >= 60: yield ('write', 'bal', b - 60)
def ol_main():
    a = yield ('create', withdraw); b = yield ('create', withdraw)
    yield ('join', a); yield ('join', b); yield ('read', 'bal')
case('instructions/opt_levels', ol_main, {'bal': 100})

# basic/three_threads.c
def writer(v):
    def f():
        yield ('write', v, 1)
    return f
def tt_main():
    a = yield ('create', writer('a')); b = yield ('create', writer('b')); c = yield ('create', writer('c'))
    yield ('join', a); yield ('join', b); yield ('join', c)
case('basic/three_threads', tt_main, {})
