#!/usr/bin/env python3
"""Fault throughput (Eden Fig. 8b): faults/s of hinted against unhinted
fetches, with 1 and 2 application threads, with the link model off (the
runtime's own cost) and at the default 5 us. Every configuration runs once
per repetition, interleaved, so noise hits all alike; prints a markdown table
of medians and the hinted/unhinted ratio.

Usage: fault-rate.py [--build DIR] [--mib N] [--reps N]"""

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def one(build, mib, threads, mode, link):
    # Every read must be a fault of its own: no read-ahead of in-order faults.
    cmd = [
        str(build / "bin/farhint"),
        "run",
        "--local",
        "16M",
        "--link-latency",
        link,
        "--no-unhinted-readahead",
        "--",
        str(build / "bin/bench_fault_rate"),
        str(mib),
        str(threads),
        mode,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return float(re.search(r"faults_per_s (\d+)", out).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--mib", type=int, default=128, help="far MiB read per thread (default 128)")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    configs = [
        (link, t, mode) for link in ("0", "5us") for t in (1, 2) for mode in ("nohint", "hint")
    ]
    rates = {c: [] for c in configs}
    for r in range(args.reps):
        for c in configs:
            rates[c].append(one(args.build, args.mib, c[1], c[2], c[0]))
            print(
                f"rep {r + 1}/{args.reps} link {c[0]} threads {c[1]} {c[2]}: "
                f"{rates[c][-1]:,.0f} faults/s",
                file=sys.stderr,
            )
    print(f"{args.mib} MiB per thread, 16 MiB local, median of {args.reps}\n")
    print("| link latency | threads | unhinted faults/s | hinted faults/s | hinted / unhinted |")
    print("|---|---|---|---|---|")
    for link in ("0", "5us"):
        for t in (1, 2):
            u = statistics.median(rates[(link, t, "nohint")])
            h = statistics.median(rates[(link, t, "hint")])
            print(f"| {link} | {t} | {u:,.0f} | {h:,.0f} | {h / u:.2f}x |")


if __name__ == "__main__":
    main()
