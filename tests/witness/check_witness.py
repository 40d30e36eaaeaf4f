#!/usr/bin/env python3
"""Checks vcdpor's violation witnesses against the formats.

GraphML (format 1.0): xmllint against graphml-witness.xsd, then the
format's rules a schema cannot state: one entry node, one violation node,
a path from the entry to it, every edge with a threadId and a startline,
createThread ids fresh, each thread created before it runs.
YAML (format 2.0): parsed, checked against witness-2.0.schema.json, and the
sequence's rules: one target waypoint, in the last segment, and the input
file's hash matching the file.

  check_witness.py WITNESS...   prints 'valid: FILE' per witness, exit 1 on
                                the first that is not, with the reason.
"""
import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
NS = "{http://graphml.graphdrawing.org/xmlns}"


def fail(path, why):
    print("INVALID: %s: %s" % (path, why))
    sys.exit(1)


def check_graphml(path):
    p = subprocess.run(["xmllint", "--noout", "--schema",
                        os.path.join(HERE, "graphml-witness.xsd"), path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        fail(path, "xmllint: " + p.stderr.strip())
    g = ET.parse(path).getroot().find(NS + "graph")
    data = lambda el: {d.get("key"): (d.text or "") for d in el.findall(NS + "data")}
    gd = data(g)
    if gd.get("witness-type") != "violation_witness":
        fail(path, "witness-type is not violation_witness")
    for k in ("producer", "specification", "programfile", "programhash",
              "architecture", "sourcecodelang", "creationtime"):
        if not gd.get(k):
            fail(path, "graph data '%s' missing" % k)
    nodes = {n.get("id"): data(n) for n in g.findall(NS + "node")}
    entries = [n for n, d in nodes.items() if d.get("entry") == "true"]
    viols = [n for n, d in nodes.items() if d.get("violation") == "true"]
    if len(entries) != 1 or len(viols) != 1:
        fail(path, "%d entry and %d violation nodes (one each expected)"
             % (len(entries), len(viols)))
    out = {}
    for e in g.findall(NS + "edge"):
        out.setdefault(e.get("source"), []).append(e)
    at, running, seen = entries[0], {"0"}, set()
    while at != viols[0]:
        if at in seen or len(out.get(at, [])) != 1:
            fail(path, "node %s is not on one path to the violation" % at)
        seen.add(at)
        e = out[at][0]
        d = data(e)
        if "threadId" not in d or not d.get("startline", "").isdigit():
            fail(path, "an edge from %s without threadId or startline" % at)
        if d["threadId"] not in running:
            fail(path, "thread %s runs before it is created" % d["threadId"])
        if "createThread" in d:
            if d["createThread"] in running:
                fail(path, "thread %s created twice" % d["createThread"])
            running.add(d["createThread"])
        at = e.get("target")
    prog = gd["programfile"]
    if os.path.exists(prog) and \
            hashlib.sha256(open(prog, "rb").read()).hexdigest() != gd["programhash"]:
        fail(path, "programhash is not the SHA-256 of " + prog)


def check_yaml(path):
    import jsonschema
    import yaml
    doc = yaml.safe_load(open(path))
    schema = json.load(open(os.path.join(HERE, "witness-2.0.schema.json")))
    try:
        jsonschema.validate(doc, schema)
    except jsonschema.ValidationError as e:
        fail(path, "schema: %s at %s" % (e.message, list(e.absolute_path)))
    for entry in doc:
        segs = entry["content"]
        targets = [(i, w["waypoint"]) for i, s in enumerate(segs)
                   for w in s["segment"] if w["waypoint"]["type"] == "target"]
        if len(targets) != 1 or targets[0][0] != len(segs) - 1:
            fail(path, "one target waypoint, in the last segment, expected")
        for s in segs:
            if s["segment"][-1]["waypoint"]["action"] != "follow":
                fail(path, "a segment that does not end with a follow waypoint")
        for f, h in entry["metadata"]["task"]["input_file_hashes"].items():
            if os.path.exists(f) and \
                    hashlib.sha256(open(f, "rb").read()).hexdigest() != h:
                fail(path, "input_file_hashes: not the SHA-256 of " + f)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    for path in sys.argv[1:]:
        if path.endswith((".yml", ".yaml")):
            check_yaml(path)
        else:
            check_graphml(path)
        print("valid: " + os.path.basename(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
