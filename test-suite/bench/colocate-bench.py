#!/usr/bin/env python3
"""Unhinted faults served beside a lone faulting thread, or from the other
core: every bundled app (its plain build, no hints) under `farhint run` at
a share of its native peak, with the control thread free to move beside
the program's main thread (the default) and with --no-colocate,
alternated, REPS times each. The apps are the build's (build/bin/app-NAME),
the inputs the bundled suite's; kvserver (a server, timed by its load in
`farhint bench`) is left out.

Usage: colocate-bench.py [--size small|large] [--local PCT] [--reps N]
                         [--skip a,b] [--build DIR]"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bundled_apps import add_options, commands

from farhint.bench import local_bytes
from farhint.kswap import native_peaks


def run(cmd, cwd, stats):
    t0 = time.monotonic()
    proc = subprocess.run(
        [*cmd[:2], "--stats-file", stats, *cmd[2:]], cwd=cwd, capture_output=True, text=True
    )
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    c = json.loads(Path(stats).read_text())["counters"]
    return time.monotonic() - t0, proc.stdout.strip().splitlines()[-1], c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_options(ap, "small")
    ap.add_argument("--local", type=int, default=25, help="percent of the native peak")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        compare(args, str(Path(tmp) / "stats.json"))


def compare(args, stats):
    """The table of each app's runs beside and apart, and their median ratio."""
    build = Path(args.build)
    farhint = str(build / "bin" / "farhint")
    print(f"unhinted builds at {args.local}% of the native peak, median of {args.reps}\n")
    print(
        "| app | arguments | native peak | beside (s) | apart (s) | apart / beside | faults served beside |"
    )
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for name, app_args, cmd in commands(args):
        _, peak = native_peaks(cmd)
        budget = local_bytes(peak, args.local / 100)
        base = [farhint, "run", "--local", str(budget)]
        times = {"beside": [], "apart": []}
        outs, beside_faults = set(), 0
        for _ in range(args.reps):
            for key, extra in (("beside", []), ("apart", ["--no-colocate"])):
                t, out, c = run([*base, *extra, "--", *cmd], build, stats)
                times[key].append(t)
                outs.add(out)
                if key == "beside":
                    beside_faults = c["faults_colocated"] / max(1, c["faults_unhinted"])
        if len(outs) != 1:
            sys.exit(f"{name}: the two configurations printed {sorted(outs)}")
        beside, apart = (statistics.median(times[k]) for k in ("beside", "apart"))
        ratios.append(apart / beside)
        print(
            f"| {name} | `{' '.join(app_args)}` | {peak >> 20} MiB | {beside:.2f} "
            f"| {apart:.2f} | {apart / beside:.2f}x | {100 * beside_faults:.0f}% |",
            flush=True,
        )
    print(f"\nmedian apart / beside: {statistics.median(ratios):.2f}x over {len(ratios)} apps")


if __name__ == "__main__":
    main()
