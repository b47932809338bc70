#!/usr/bin/env python3
"""A pipeline's allocation pattern under the runtime (issue 22): bench_churn
(buffers filled once, read back once some hundreds of MiB later, freed)
natively, with all memory local, and at a quarter local with the link model
off (the runtime's own mechanism) and at its default. Every configuration
runs once per repetition, interleaved, so noise hits all alike; prints a
markdown table of medians: time, x native, pages moved (fetched + evicted)
per second, and system calls per page moved.

With --base BUILD, each farhint configuration also runs under that build's
runtime (another checkout's build/), side by side, for an A/B comparison.

Usage: churn-bench.py [--build DIR] [--base DIR] [--mib N] [--reps N]"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def configs(live_mib):
    quarter = f"{live_mib // 4}M"
    return {
        "all local": ["--local", f"{2 * live_mib}M"],
        "25%, link off": ["--local", quarter, "--link-latency", "0", "--link-bandwidth", "0"],
        "25%, 5 us link": ["--local", quarter],
    }


def run(cmd, build=None):
    """Runs cmd, with farhint taking its runtime from build if given (a
    folder with its own lib/ and links to another build's bin/ will do)."""
    env = {**os.environ, "FARHINT_BUILD_DIR": str(build)} if build else None
    t0 = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode:
        sys.exit(f"churn-bench: {' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    return time.monotonic() - t0, re.search(r"^checksum (\S+)", proc.stdout, re.M).group(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--base", type=Path, help="another build to compare with, side by side")
    ap.add_argument("--mib", type=int, default=4096, help="MiB churned (default 4096)")
    ap.add_argument("--buf-kib", type=int, default=256)
    ap.add_argument("--live", type=int, default=1024, help="buffers alive at once")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    prog = [str(args.mib), str(args.buf_kib), str(args.live)]
    live_mib = args.buf_kib * args.live // 1024
    builds = {"": args.build} | ({" (base)": args.base} if args.base else {})
    times, stats = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        stats_file = Path(tmp) / "stats.json"
        for r in range(args.reps):
            t, native_sum = run([str(args.build / "bin/bench_churn"), *prog])
            times.setdefault("native", []).append(t)
            for name, opts in configs(live_mib).items():
                for tag, build in builds.items():
                    key = name + tag
                    cmd = [
                        str(build / "bin/farhint"),
                        "run",
                        "--stats-file",
                        str(stats_file),
                        *opts,
                        "--",
                        str(args.build / "bin/bench_churn"),
                        *prog,
                    ]
                    t, total = run(cmd, build)
                    if total != native_sum:
                        sys.exit(f"churn-bench: {key}: checksum {total}, native {native_sum}")
                    times.setdefault(key, []).append(t)
                    stats[key] = json.loads(stats_file.read_text())["counters"]
                    print(f"rep {r + 1}/{args.reps} {key}: {t:.2f} s", file=sys.stderr)
    native = statistics.median(times["native"])
    print(
        f"bench_churn {' '.join(prog)}: {args.mib} MiB churned in {args.buf_kib} KiB "
        f"buffers, {live_mib} MiB live; median of {args.reps}, native {native:.2f} s\n"
    )
    print(
        "| configuration | time (s) | x native | pages moved | M pages/s "
        "| system calls per page moved |"
    )
    print("|---|---|---|---|---|---|")
    for key, ts in times.items():
        if key == "native":
            continue
        t = statistics.median(ts)
        c = stats[key]
        moved = c["fetched_pages"] + c["evicted_pages"]
        per_page = sum(v for k, v in c.items() if k.endswith("_syscalls")) / moved if moved else 0
        rate = f"{moved / t / 1e6:.2f}" if moved else "-"
        print(f"| {key} | {t:.2f} | {t / native:.2f} | {moved:,} | {rate} | {per_page:.3f} |")


if __name__ == "__main__":
    main()
