#!/usr/bin/env python3
"""The runtime's overhead when every page is local (issue 22: every bundled
app within 5% of native): each bundled app at its input, natively and under
`farhint run` with a budget above its peak, alternated, REPS times each.
The apps are the build's (build/bin/app-NAME), the inputs the bundled
suite's; kvserver (a server, timed by its load in `farhint bench`) is left
out.

Usage: all-local-bench.py [--size small|large] [--reps N] [--skip a,b]
                          [--build DIR]"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bundled_apps import add_options, commands

BUDGET = "16G"  # above any bundled app's peak (3.3 GiB), below this machine's 24 GiB


def seconds(cmd, cwd):
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.monotonic() - t0, proc.stdout.strip().splitlines()[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_options(ap, "large")
    args = ap.parse_args()
    build = Path(args.build)
    farhint = str(build / "bin" / "farhint")
    print("| app | arguments | native (s) | all local (s) | x native |")
    print("|---|---|---|---|---|")
    ratios = []
    for name, app_args, cmd in commands(args):
        runs = {"native": [], "local": []}
        for _ in range(args.reps):
            t, native_out = seconds(cmd, build)
            runs["native"].append(t)
            t, local_out = seconds([farhint, "run", "--local", BUDGET, "--", *cmd], build)
            runs["local"].append(t)
            if local_out != native_out:
                sys.exit(f"{name}: all local printed {local_out!r}, natively {native_out!r}")
        native, local = (statistics.median(runs[k]) for k in ("native", "local"))
        ratios.append(local / native)
        print(
            f"| {name} | {' '.join(app_args)} | {native:.2f} | {local:.2f} "
            f"| {local / native:.3f} |",
            flush=True,
        )
    print(
        f"\nmedian {statistics.median(ratios):.3f}x, largest {max(ratios):.3f}x (medians of {args.reps})"
    )


if __name__ == "__main__":
    main()
