# lit configuration for the FarHint pass tests.
#
# A test of what the pass does is an .ll file run through %opt_farhint, with
# its profile inside (split-file): the IR is the clang -O2 -g output of the C
# source quoted at its top, so the profile's lines are those of the IR's
# debug info, and the test depends on the pass alone. The .c and .test files
# test the plugin route end to end (clang -fplugin, farhint-cc, the report).
#
# Substitutions:
#   %clang        clang-19 with the runtime's include path
#   %plugin       -fplugin=<build>/lib/farhint.so
#   %opt_farhint  opt with FarHintPass.so loaded
#   %passplugin   <build>/lib/FarHintPass.so
#   %inputs       this folder's Inputs/
#   %farhint      the farhint command
#   %bin          <build>/bin
#   %python       the Python running lit
import os
import sys

import lit.formats

config.name = "FarHint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.farhint_build_dir, "test-suite", "lit")

tools = config.llvm_tools_dir
build = config.farhint_build_dir
lib = os.path.join(build, "lib")
include = os.path.join(config.farhint_source_dir, "runtime", "include")

config.substitutions.append(("%clangxx", f"{tools}/clang++ -fno-discard-value-names -I{include}"))
config.substitutions.append(("%clang", f"{tools}/clang -fno-discard-value-names -I{include}"))
config.substitutions.append(("%plugin", f"-fplugin={lib}/farhint.so"))
config.substitutions.append(("%passplugin", f"{lib}/FarHintPass.so"))
config.substitutions.append(("%opt_farhint", f"{tools}/opt -load-pass-plugin={lib}/FarHintPass.so"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%farhint", os.path.join(build, "bin", "farhint")))
config.substitutions.append(("%bin", os.path.join(build, "bin")))
config.substitutions.append(("%python", sys.executable))

# FileCheck, not, count from LLVM 19 first on PATH.
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
for var in ("FARHINT_PASS_OPTIONS", "FARHINT_PROFILE"):
    config.environment.pop(var, None)
