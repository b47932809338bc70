#!/usr/bin/env python3
"""Sequential scan at 25% local: hinted (seq, rdahead) against unhinted under
`farhint run` (default modelled link; unhinted with and without the runtime's
own read-ahead of in-order faults), and against kernel swap on zram with
a cgroup limit of the same budget (plus the program's few MiB outside the
heap). Interleaved repetitions; prints each time, the medians and the
ratios. Needs root for the kernel-swap run.

Usage: scan-bench.py [--build DIR] [--mib N] [--reps N] [--rdahead N]"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))
from farhint.kswap import Swap, run_kswap  # noqa: E402

OTHER_RSS = 4 << 20  # code, stacks and libc of fm_scan: outside the heap


def timed(cmd):
    t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    return time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--mib", type=int, default=256)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--rdahead", type=int, default=16)
    args = ap.parse_args()
    local = (args.mib << 20) // 4
    scan = [str(args.build / "bin/fm_scan"), str(args.mib), "2"]
    farhint_run = [str(args.build / "bin/farhint"), "run", "--local", str(local)]
    runs = {
        "unhinted, every fault alone": lambda: timed(
            farhint_run + ["--no-unhinted-readahead", "--"] + scan + ["nohint"]
        ),
        "unhinted": lambda: timed(farhint_run + ["--"] + scan + ["nohint"]),
        "hinted": lambda: timed(farhint_run + ["--"] + scan + ["hint", str(args.rdahead)]),
        "kswap": lambda: kswap(scan + ["nohint"], local + OTHER_RSS),
    }
    times = {k: [] for k in runs}
    with Swap(2 * (args.mib << 20)):
        for r in range(args.reps):
            for name, run in runs.items():
                times[name].append(run())
                print(f"rep {r + 1}/{args.reps} {name}: {times[name][-1]:.2f} s", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(
        f"scan {args.mib} MiB x2 passes at 25% local ({local >> 20} MiB), rdahead "
        f"{args.rdahead}, median of {args.reps}\n"
    )
    print("| configuration | median time |\n|---|---|")
    for k, v in med.items():
        print(f"| {k} | {v:.2f} s |")
    print(
        f"\nhinted vs every fault alone {med['unhinted, every fault alone'] / med['hinted']:.2f}x, "
        f"hinted vs unhinted (with the runtime's read-ahead) {med['unhinted'] / med['hinted']:.2f}x, "
        f"hinted vs kswap {med['kswap'] / med['hinted']:.2f}x"
    )


def kswap(cmd, limit):
    r = run_kswap(cmd, limit)
    if r.returncode != 0:
        sys.exit(
            f"the kernel-swap run failed (exit {r.returncode}"
            f"{', OOM-killed' if r.oom_killed else ''})"
        )
    return r.seconds


if __name__ == "__main__":
    main()
