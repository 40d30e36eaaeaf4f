#!/usr/bin/env python3
"""Checks a --trace-html page against the run's JSON report.

  check_html.py PAGE.html REPORT.json [--dom]

PAGE is the page vcdpor wrote, or (--dom) the DOM a browser dumped after
running its script. The checks: one column per thread of the trace (in
order of appearance, main first); every event of the trace present, in
order, in its thread's column, with its kind and source line; every read
linked to a step before it (or the initial value); the failing event marked
in the failing thread's column (for a deadlock, every blocked thread with
what it waits for; for a data race, both accesses marked). Prints 'ok: N
events, T threads' or the first difference, exit 1.
"""
import json
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.columns = []      # data-thread of each thread header
        self.events = []       # dicts: attrs of each div.ev with text
        self.fail_cells = []   # attrs of td.fail
        self.blocked = []      # (thread, text) of td.blocked
        self.row = -1
        self.cell = -1
        self.cur = None
        self.cur_td = None
        self.body_classes = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "body":
            self.body_classes = cls
        if tag == "th" and "thread" in cls:
            self.columns.append(a.get("data-thread"))
        elif tag == "tr":
            self.row += 1
            self.cell = -1
        elif tag == "td":
            self.cell += 1
            self.cur_td = (a, cls, [])
        elif tag == "div" and "ev" in cls:
            a["column"] = self.cell - 1  # the first cell is the step number
            a["classes"] = cls
            a["text"] = []
            self.cur = a

    def handle_data(self, data):
        if self.cur is not None:
            self.cur["text"].append(data)
        if self.cur_td is not None:
            self.cur_td[2].append(data)

    def handle_endtag(self, tag):
        if tag == "div" and self.cur is not None:
            self.cur["text"] = "".join(self.cur["text"])
            self.events.append(self.cur)
            self.cur = None
        elif tag == "td" and self.cur_td is not None:
            a, cls, text = self.cur_td
            if "fail" in cls:
                self.fail_cells.append((a, "".join(text)))
            if "blocked" in cls:
                self.blocked.append((a.get("data-thread"), "".join(text)))
            self.cur_td = None


def fail(why):
    print("MISMATCH: " + why)
    sys.exit(1)


def main():
    page_path, report_path = sys.argv[1], sys.argv[2]
    p = Page()
    p.feed(open(page_path, encoding="utf-8").read())
    rep = json.load(open(report_path))
    err = rep["errors"][0]
    trace = err["trace"]
    threads = []
    for e in trace:
        for t in (e["thread"],):
            if t not in threads:
                threads.append(t)
    if not p.columns or p.columns[0] != "0":
        fail("the first column is not main's")
    cols = [int(c) for c in p.columns]
    for t in threads + [err["thread"]]:
        if t not in cols:
            fail("no column for thread %d" % t)
    if len(set(cols)) != len(cols):
        fail("a thread has two columns")
    steps = [e for e in p.events if "output" not in e["classes"]]
    want = [e for e in trace if e["kind"] != "output"]
    if len(steps) != len(want):
        fail("%d events on the page, %d in the trace" % (len(steps), len(want)))
    for i, (got, exp) in enumerate(zip(steps, want)):
        if int(got["data-step"]) != i + 1:
            fail("step %d is numbered %s" % (i + 1, got["data-step"]))
        if int(got["data-thread"]) != exp["thread"] or \
                cols[got["column"]] != exp["thread"]:
            fail("step %d is not in thread %d's column" % (i + 1, exp["thread"]))
        if got["data-kind"] != exp["kind"]:
            fail("step %d: kind %s, trace %s" % (i + 1, got["data-kind"], exp["kind"]))
        line = exp.get("location", {}).get("line")
        if line and (":%d" % line) not in got["text"]:
            fail("step %d does not show line %d" % (i + 1, line))
        if exp["kind"] in ("read", "rmw", "read (failed cas)") and exp.get("object"):
            rf = got.get("data-rf")
            if rf is None:
                if "initial value" not in got["text"]:
                    fail("step %d reads without a link" % (i + 1))
            elif int(rf[1:]) >= i + 1:
                fail("step %d reads from a later step %s" % (i + 1, rf))
    kind = err["kind"]
    if kind == "deadlock":
        if not p.blocked:
            fail("no blocked thread shown")
        for t, text in p.blocked:
            if "waits for" not in text:
                fail("blocked thread %s without what it waits for" % t)
    else:
        cells = [a for a, _ in p.fail_cells if a.get("data-thread") is not None]
        if len(cells) != 1 or int(cells[0]["data-thread"]) != err["thread"]:
            fail("the failure is not marked in thread %d's column" % err["thread"])
    if kind == "data-race":
        races = [e for e in steps if "race" in e["classes"]]
        if len(races) != 2:
            fail("%d accesses marked as racing, 2 expected" % len(races))
    if err["message"] not in "".join(t for _, t in p.fail_cells):
        fail("the failure's message is not shown")
    if "--dom" in sys.argv[3:]:
        # The page's script ran in the browser: every read linked to a
        # write got its hover handlers, and the body was marked.
        if "ready" not in p.body_classes:
            fail("the page's script did not run to its end")
        for e in steps:
            if e.get("data-rf") and e.get("data-rf-linked") != "yes":
                fail("step %s's link to its write was not set up" % e["data-step"])
    print("ok: %d events, %d threads" % (len(steps), len(cols)))


if __name__ == "__main__":
    main()
