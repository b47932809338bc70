#!/usr/bin/env python3
"""User-level threads against blocking (Eden §5.3.3, Fig. 8b): throughput of
a memcached-like store (test-suite/bench/bench_kv_ult.c: Zipf 1.0 GETs,
hand hints, THREADS threads = 64 per core) with kernel threads, with
user-level threads that switch on a hinted miss (`--ult`), and with
user-level threads that wait in place (`--ult --hint-mode block`), at each
local fraction, default 5 us link; then the sequential page-fetch
microbenchmark (bench_fault_rate) with switching and blocking on 1 and 2
cores. Interleaved repetitions; prints markdown tables of medians.

Usage: ult-bench.py [--build DIR] [--mib N] [--ops N] [--reps N] [--local 100,50,25,10]"""

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

from bench_tables import table

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = {
    "kernel threads": [],
    "ult, switch": ["--ult"],
    "ult, block": ["--ult", "--hint-mode", "block"],
}


def rate(build, local, options, program, args, key):
    cmd = [
        str(build / "bin/farhint"),
        "run",
        "--local",
        str(local),
        *options,
        "--",
        str(build / "bin" / program),
        *map(str, args),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return float(re.search(key + r" (\d+)", out).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--mib", type=int, default=256, help="store size (default 256)")
    ap.add_argument("--ops", type=int, default=400000)
    ap.add_argument("--threads", type=int, default=128, help="threads (default 128: 64 per core)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--local", default="100,50,25,10", help="local %% of the store")
    args = ap.parse_args()
    fractions = [int(x) for x in args.local.split(",")]
    kv = {(f, c): [] for f in fractions for c in CONFIGS}
    seq = {(cores, mode): [] for cores in (1, 2) for mode in ("switch", "block")}
    for r in range(args.reps):
        for f in fractions:
            # 100% gets room for the allocator's overhead beyond the data.
            local = (args.mib << 20) * f // 100 + ((16 << 20) if f == 100 else 0)
            for c, opts in CONFIGS.items():
                kv[(f, c)].append(
                    rate(
                        args.build,
                        local,
                        opts,
                        "bench_kv_ult",
                        [args.mib, args.ops, args.threads],
                        "ops_per_s",
                    )
                )
                print(
                    f"rep {r + 1}/{args.reps} {f}% {c}: {kv[(f, c)][-1]:,.0f} ops/s",
                    file=sys.stderr,
                )
        for cores, mode in seq:
            seq[(cores, mode)].append(
                rate(
                    args.build,
                    16 << 20,
                    ["--ult", "--cores", str(cores), "--hint-mode", mode],
                    "bench_fault_rate",
                    [4, 64 * cores, "hint"],
                    "faults_per_s",
                )
            )
    med = {k: statistics.median(v) for k, v in kv.items()}
    print(f"{args.mib} MiB store, {args.ops} GETs, {args.threads} threads, median of {args.reps}")
    table(
        "Key-value GETs per second",
        ["local", *CONFIGS, "switch / block"],
        [
            [
                f"{f}%",
                *(f"{med[(f, c)]:,.0f}" for c in CONFIGS),
                f"{med[(f, 'ult, switch')] / med[(f, 'ult, block')]:.2f}x",
            ]
            for f in fractions
        ],
    )
    sm = {k: statistics.median(v) for k, v in seq.items()}
    table(
        "Hinted sequential page fetches per second (64 threads per core, 4 MiB each, 16 MiB local)",
        ["cores", "switch", "block", "switch / block"],
        [
            [
                str(c),
                f"{sm[(c, 'switch')]:,.0f}",
                f"{sm[(c, 'block')]:,.0f}",
                f"{sm[(c, 'switch')] / sm[(c, 'block')]:.2f}x",
            ]
            for c in (1, 2)
        ],
    )


if __name__ == "__main__":
    main()
