#!/usr/bin/env python3
"""Unit tests of run.py's parsers of Nidhugg and GenMC output (on the real
samples in ../shared/benchmarks/reference/tool-output/), of the --compare
plumbing (fake nidhugg/genmc binaries that print those samples) and of the
SV-COMP classification. Needs neither tool nor vcdpor.

  python3 benchmarks/test_parsers.py
"""
import os
import stat
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

SAMPLES = os.path.join(run.SHARED, "reference", "tool-output")


def sample(*path):
    with open(os.path.join(SAMPLES, *path)) as f:
        return f.read()


@unittest.skipUnless(os.path.isdir(SAMPLES), "no %s" % SAMPLES)
class NidhuggParser(unittest.TestCase):
    def test_source_with_sleepset_blocked(self):
        r = run.parse_nidhugg(sample("nidhugg", "lastzero_10_source.log"), 0)
        self.assertEqual(r["verdict"], "safe")
        self.assertEqual(r["executions"], 3328)
        self.assertEqual(r["sleep_blocked"], 16867)
        self.assertEqual(r["blocked"], 0)

    def test_assume_blocked(self):
        r = run.parse_nidhugg(sample("nidhugg", "parker_8_source.log"), 0)
        self.assertEqual(r["verdict"], "safe")
        self.assertEqual(r["executions"], 2008)
        self.assertEqual(r["assume_blocked"], 1423)
        self.assertEqual(r["blocked"], 1423)
        self.assertEqual(r["sleep_blocked"], 0)

    def test_optimal(self):
        r = run.parse_nidhugg(sample("nidhugg", "casrot_6_optimal.log"), 0)
        self.assertEqual((r["verdict"], r["executions"], r["blocked"]), ("safe", 144, 0))

    def test_error(self):
        r = run.parse_nidhugg(sample("nidhugg", "reorder_c11_bad_5_source.log"), 42)
        self.assertEqual(r["verdict"], "error")
        self.assertEqual(r["executions"], 1825)
        self.assertEqual(r["kinds"], ["assertion"])
        self.assertTrue(r["message"].startswith("Assertion violation"))

    def test_error_detected_without_exit_code(self):
        r = run.parse_nidhugg(sample("nidhugg", "reorder_c11_bad_5_source.log"))
        self.assertEqual(r["verdict"], "error")

    def test_tool_failure(self):
        r = run.parse_nidhugg("Error: Unsupported instruction\n", 1)
        self.assertEqual(r["verdict"], "unknown")
        self.assertIsNone(r["executions"])


@unittest.skipUnless(os.path.isdir(SAMPLES), "no %s" % SAMPLES)
class GenMCParser(unittest.TestCase):
    def test_safe(self):
        r = run.parse_genmc(sample("genmc", "safe.log"), 0)
        self.assertEqual(r["verdict"], "safe")
        self.assertEqual(r["executions"], 256)
        self.assertEqual(r["blocked"], 0)
        self.assertAlmostEqual(r["tool_time_s"], 0.06)

    def test_safety_violation(self):
        r = run.parse_genmc(sample("genmc", "safety-violation.log"), 42)
        self.assertEqual(r["verdict"], "error")
        self.assertEqual(r["kinds"], ["assertion"])
        self.assertEqual(r["message"], "Safety violation!")

    def test_unordered_writes_is_an_error_under_ipr(self):
        r = run.parse_genmc(sample("genmc", "error-unordered-writes.log"), 42)
        self.assertEqual(r["verdict"], "error")
        self.assertEqual(r["kinds"], ["unordered-writes"])
        self.assertEqual(r["executions"], 1)
        self.assertEqual(r["blocked"], 1)
        self.assertAlmostEqual(r["tool_time_s"], 0.10)

    def test_compile_failure(self):
        r = run.parse_genmc("error: unknown type name 'foo'\n", 5)
        self.assertEqual(r["verdict"], "unknown")
        self.assertIn("compile failure", r["message"])


def fake_tool(dirname, name, log, rc):
    """A stand-in binary that prints a sample log and exits with rc."""
    path = os.path.join(dirname, name)
    with open(path, "w") as f:
        f.write("#!%s\nimport sys\nsys.stdout.write(open(%r).read())\nsys.exit(%d)\n"
                % (sys.executable, log, rc))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


@unittest.skipUnless(os.path.isdir(SAMPLES), "no %s" % SAMPLES)
class ComparePlumbing(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        d = self.tmp.name
        self.nidhugg = fake_tool(d, "nidhugg", os.path.join(SAMPLES, "nidhugg", "lastzero_10_source.log"), 0)
        self.genmc = fake_tool(d, "genmc", os.path.join(SAMPLES, "genmc", "safe.log"), 0)
        self.genmc_bad = fake_tool(d, "genmc-bad", "/dev/null", 5)
        self.ll = os.path.join(d, "m.ll")
        open(self.ll, "w").close()
        self.entry = {"name": "lastzero", "file": "x.c", "macro": "N", "expected": "safe"}

    def tearDown(self):
        self.tmp.cleanup()

    def test_run_nidhugg(self):
        r = run.run_nidhugg(self.nidhugg, "source", self.ll, 10, 0)
        self.assertEqual((r["status"], r["verdict"], r["executions"]), ("ok", "safe", 3328))
        self.assertEqual(r["engine"], "nidhugg --source")
        self.assertGreater(r["wall_s"], 0)

    def test_run_genmc_module_then_fallback(self):
        r = run.run_genmc(self.genmc, self.ll, self.entry, 10, 10, 0)
        self.assertEqual((r["status"], r["executions"], r["input"]), ("ok", 256, "module"))
        r = run.run_genmc(self.genmc_bad, self.ll, self.entry, 10, 10, 0)
        self.assertEqual(r["status"], "failed")
        self.assertTrue(r["input"].startswith("c-source"))

    def test_table_columns_and_ratios(self):
        nid = run.run_nidhugg(self.nidhugg, "source", self.ll, 10, 0)
        nid["wall_s"] = 2.0
        gen = run.run_genmc(self.genmc, self.ll, self.entry, 10, 10, 0)
        gen["wall_s"] = 0.5
        ours = {"tool": "vcdpor", "engine": "source", "status": "ok", "verdict": "safe",
                "kinds": [], "executions": 3328, "blocked": 0, "sleep_blocked": 16867,
                "wall_s": 1.0, "rss_mb": 10.0}
        opt = dict(ours, engine="optimal", sleep_blocked=0, wall_s=0.25)
        case = {"label": "lastzero(10)", "expected": "safe", "runs": [ours, opt, nid, gen]}
        md = run.markdown_cases([case])
        head = md.splitlines()[0]
        for col in ("Nidhugg traces", "Nidhugg time (s)", "ours / Nidhugg time",
                    "GenMC execs", "GenMC time (s)", "ours / GenMC time"):
            self.assertIn(col, head)
        src_row = [l for l in md.splitlines() if "| source |" in l][0].split(" | ")
        # ... | 3328 (Nidhugg) | 2.00 | 0.50 (1.0 / 2.0) | 256 (GenMC) | 0.50 | 2.00 (1.0 / 0.5) |
        self.assertEqual(src_row[-6:], ["3328", "2.00", "0.50", "256", "0.50", "2.00 |"])
        opt_row = [l for l in md.splitlines() if "| optimal |" in l][0]
        self.assertIn("| - | - | - |", opt_row)  # no Nidhugg optimal run given

    def test_no_compare_no_columns(self):
        ours = {"tool": "vcdpor", "engine": "optimal", "status": "ok", "verdict": "safe",
                "kinds": [], "executions": 1, "blocked": 0, "sleep_blocked": 0,
                "wall_s": 0.1, "rss_mb": 9.0}
        md = run.markdown_cases([{"label": "x", "expected": "safe", "runs": [ours]}])
        self.assertNotIn("Nidhugg", md)
        self.assertNotIn("GenMC", md)


class SvcompScoring(unittest.TestCase):
    def r(self, verdict, kinds=(), bounded=0, status="ok"):
        return {"status": status, "verdict": verdict, "kinds": list(kinds), "bounded": bounded}

    def test_outcomes(self):
        c = run.classify
        self.assertEqual(c(True, self.r("safe"))[0], "correct-true")
        self.assertEqual(c(False, self.r("safe"))[0], "incorrect-true")
        self.assertEqual(c(False, self.r("error", ["assertion"]))[0], "correct-false")
        self.assertEqual(c(True, self.r("error", ["assertion"]))[0], "incorrect-false")
        self.assertEqual(c(True, self.r("safe", bounded=3))[0], "unknown")
        self.assertEqual(c(False, self.r("error", ["deadlock"]))[0], "unknown")
        self.assertEqual(c(True, self.r("unknown", status="limit"))[0], "unknown")

    def test_score(self):
        self.assertEqual([run.SCORE[k] for k in ("correct-true", "correct-false", "incorrect-true",
                                                  "incorrect-false", "unknown")],
                         [2, 1, -32, -16, 0])


if __name__ == "__main__":
    unittest.main()
