#!/usr/bin/env python3
"""Which share of a profile's faults lies inside loop nests Polly takes as
static control parts (SCoPs): the most a footprint hint per SCoP (issue 14,
item 2) could cover. Compiles each source the profile names with Polly's
SCoP detection and code generation (built into Debian's LLVM 19: clang
-mllvm -polly), takes the lines of the statements Polly copied into its
SCoPs, and counts the faults of the sites on those lines.

Usage: scop-share.py PROFILE [PROFILE ...] [-- CLANG FLAGS]
       (default flags: -O2 -g; C++ sources also get -std=c++17 -pthread)
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../profile-tools"))
from farhint.profile import load_profile, site_faults  # noqa: E402

DBG = re.compile(r"^(!\d+) = !DILocation\(line: (\d+)")


def scop_lines(source, flags):
    """The lines inside the SCoPs Polly detects in source: its code
    generation copies each SCoP's statements into blocks named polly.stmt.*,
    keeping the debug locations of all but the loads and stores."""
    cxx = source.endswith((".cc", ".cpp", ".cxx"))
    cmd = [
        "clang++-19" if cxx else "clang-19",
        *flags,
        *(["-std=c++17", "-pthread"] if cxx else []),
        "-fno-discard-value-names",
        "-mllvm",
        "-polly",
        "-mllvm",
        "-polly-process-unprofitable",
        "-S",
        "-emit-llvm",
        source,
        "-o",
        "-",
    ]
    ir = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    lines_of = {m.group(1): int(m.group(2)) for m in map(DBG.match, ir) if m}
    inside, in_stmt = set(), False
    for text in ir:
        if text and not text[0].isspace():  # a block's label, or the end of a function
            in_stmt = text.startswith("polly.stmt")
        elif in_stmt:
            m = re.search(r"!dbg (!\d+)", text)
            if m and m.group(1) in lines_of:
                inside.add(lines_of[m.group(1)])
    return inside


def share(profile_path, flags):
    sites = load_profile(profile_path)["sites"]
    total = sum(site_faults(s) for s in sites) or 1
    lines = {f: scop_lines(f, flags) for f in {s["file"] for s in sites} if os.path.exists(f)}
    inside = sum(site_faults(s) for s in sites if s["line"] in lines.get(s["file"], ()))
    return inside / total, sum(len(v) for v in lines.values())


def main(argv):
    flags = ["-O2", "-g"]
    if "--" in argv:
        flags = argv[argv.index("--") + 1 :]
        argv = argv[: argv.index("--")]
    if not argv:
        sys.exit(__doc__)
    print(f"{'profile':40} {'lines in SCoPs':>14} {'faults there':>13}")
    for path in argv:
        frac, n = share(path, flags)
        print(f"{os.path.basename(path):40} {n:>14} {100 * frac:>12.1f}%")


if __name__ == "__main__":
    main(sys.argv[1:])
