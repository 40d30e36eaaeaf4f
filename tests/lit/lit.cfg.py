# lit configuration for vcdpor's system tests.
import os
import lit.formats

config.name = "vcdpor"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.vcdpor_obj_root, "tests", "lit")

py = config.python_executable
config.substitutions.append(("%vcdpor", config.vcdpor_bin))
config.substitutions.append(("%expect-exit", "%s %s" % (py, os.path.join(config.test_source_root, "expect_exit.py"))))
config.substitutions.append(("%benchmarks", config.shared_benchmarks))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%python", py))
config.substitutions.append(("%srcroot", config.vcdpor_src_root))
config.substitutions.append(("%builddir", config.vcdpor_obj_root))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
if os.path.isdir(config.shared_benchmarks):
    config.available_features.add("shared-benchmarks")
# The sanitized build (ASan, UBSan and the expensive cross-checks) runs the
# large generated and benchmark corpora at a smaller size
# (tests/lit/sanitized/); the release build runs them whole.
if config.vcdpor_sanitized.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitized")
import shutil
if shutil.which("cpack") and shutil.which("dpkg-deb"):
    config.available_features.add("debian-packaging")
if shutil.which("chromium"):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", shutil.which("chromium")))
if shutil.which("dot"):
    config.available_features.add("graphviz")
