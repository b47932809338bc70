#!/usr/bin/env python3
"""A key-value server under far memory (issue 23's targets): the bundled
kvserver (apps/kvserver: an epoll loop per thread, values of 1-4 KiB in one
table), or evserver (apps/evserver: the same on libevent, dropping root) serving the bundled load generator kvload (closed-loop connections,
90% GET / 10% SET, Zipf 0.99 or uniform keys, every value checked), with
the server run natively, under kernel swap (zram, a memory cgroup of the
same local budget), under `farhint run` with kernel threads, and under
`farhint run --ult`; with auto and auto-ult, the same two on the server
built with the hints of its own profile (profiled at 10% local over its
serving, as `farhint bench` does). The load generator always runs
natively, outside any limit; --busy N runs N busy loops beside each run. Each run: start the server, wait until it listens, one warm-up
pass of the load, the measured pass, SIGTERM; the server's final checksum
must equal native's (the same requests in the same order per connection
leave the same table). Configurations interleaved within each repetition;
prints markdown tables of medians, of ratios to native, and of --ult's to
kernel threads' on the same binary, one table per key distribution and
loop count (--loops 2,8 sweeps threads = cores against 4x cores).

Usage: server-bench.py [--build DIR] [--mib N] [--loops 2,8] [--conns N]
       [--requests N] [--warmup N] [--reps N] [--local 100,25] [--dist zipf,uniform]
       [--configs native,kswap,threads,ult,auto,auto-ult] [--busy N]
       [--server kvserver|evserver]"""

import argparse
import dataclasses
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))
from bench_tables import table  # noqa: E402
from suite_runs import busy_loops, stop  # noqa: E402

from farhint import bench, suite  # noqa: E402
from farhint.cgroup import MemoryCgroup  # noqa: E402
from farhint.kswap import Swap  # noqa: E402
from farhint.serve import Serving  # noqa: E402

# Kernel swap's limit beyond the table (code, stacks, the allocator's own):
# a native server charges ~1 MiB more than its table (513 MiB for 512).
OVERHEAD = 4 << 20
LOAD = re.compile(r"([\d.]+) ops/s; latency us p50 ([\d.]+) p99 ([\d.]+) p99.9 ([\d.]+)")


CONFIGS = ("native", "kswap", "threads", "ult", "auto", "auto-ult")
ULT_OVER = {"ult": "threads", "auto-ult": "auto"}  # --ult against kernel threads, same binary


def server_args(args, loops):
    drop = ["-u", "nobody"] if args.server == "evserver" else []  # a daemon's start
    return [*drop, str(args.mib), str(loops), "{port}"]


def hinted(args, dist, work):
    """The server built with its own profile's hints, in folder work:
    bench.prepare on the bundled suite's program given this run's arguments
    and load."""
    program = suite.bundled().programs[args.server]
    client = f"{{client}} {{port}} {args.conns}"
    program = dataclasses.replace(
        program,
        inputs={"bench": server_args(args, args.loops[0])},
        load={"bench": f"{client} {args.requests} {dist}"},
        warmup={"bench": f"{client} {args.warmup or 1000} {dist}"},
    )
    say = lambda msg: print(msg, file=sys.stderr)  # noqa: E731
    return bench.prepare(program, "bench", work, say).auto


def server_cmd(args, config, local, loops, auto):
    binary = auto if config.startswith("auto") else args.build / f"bin/app-{args.server}"
    server = [str(binary), *server_args(args, loops)]
    if config in ("native", "kswap"):
        return server
    ult = ["--ult"] if config.endswith("ult") else []
    return [str(args.build / "bin/farhint"), "run", "--local", str(local), *ult, "--", *server]


def serve_once(args, cmd, config, local, dist):
    """(ops/s, p50, p99, p99.9, the server's checksum) of one run of cmd."""
    loops = busy_loops(args.busy)
    try:
        if config != "kswap":
            return serve_in(None, args, cmd, config, dist)
        with MemoryCgroup(local + OVERHEAD) as cg:
            (cg.path / "memory.swappiness").write_text("100\n")
            return serve_in(cg, args, cmd, config, dist)
    finally:
        stop(loops)


def serve_in(cg, args, cmd, config, dist):
    """serve_once with the server in memory cgroup cg (None: none), driven
    as farhint bench drives a server (farhint/serve.py)."""
    client = f"{args.build / 'bin/app-kvload'} {{port}} {args.conns}"
    serving = Serving(
        f"{client} {args.requests} {dist}",
        f"{client} {args.warmup} {dist}" if args.warmup else None,
    )
    cmd, drive = serving.start(cmd, timeout=1800)
    server = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=cg.enter_self if cg else None,
    )
    drive(server)
    try:
        rest = server.communicate(timeout=3600)[0]
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    error = drive.result()[1]
    if error:
        raise RuntimeError(f"{config}: {error}")
    checksum = re.search(r"checksum (\w+)", rest)
    if server.returncode != 0 or not checksum:
        raise RuntimeError(f"{config}: the server ended with {server.returncode}: {rest}")
    return (*[float(x) for x in LOAD.search(drive.output).groups()], checksum.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument(
        "--server",
        choices=["kvserver", "evserver"],
        default="kvserver",
        help="kvserver (epoll loops) or evserver (libevent, dropping root with -u nobody)",
    )
    ap.add_argument("--mib", type=int, default=512, help="table size (default 512)")
    ap.add_argument(
        "--loops", default="2", help="server event loops, comma-separated: a sweep (default 2)"
    )
    ap.add_argument("--conns", type=int, default=8, help="client connections (default 8)")
    ap.add_argument("--requests", type=int, default=20000, help="per connection, measured")
    ap.add_argument("--warmup", type=int, default=5000, help="per connection, before")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--local", default="100,25", help="local %% of the table")
    ap.add_argument("--dist", default="zipf,uniform")
    ap.add_argument(
        "--configs",
        default="native,kswap,threads,ult",
        help=f"of {','.join(CONFIGS)}; auto and auto-ult run the hinted build",
    )
    ap.add_argument("--busy", type=int, default=0, help="busy loops beside each run (a CPU each)")
    args = ap.parse_args()
    fractions = [int(x) for x in args.local.split(",")]
    args.loops = [int(x) for x in args.loops.split(",")]
    dists, configs = args.dist.split(","), args.configs.split(",")
    unknown = set(configs) - set(CONFIGS)
    if unknown:
        ap.error(f"unknown configuration {', '.join(sorted(unknown))} (of {', '.join(CONFIGS)})")
    runs = {}
    with Swap(4 * (args.mib << 20)), tempfile.TemporaryDirectory(prefix="server-bench-") as work:
        auto = None
        if any(c.startswith("auto") for c in configs):
            auto = hinted(args, dists[0], Path(work))
        for r in range(args.reps):
            for loops in args.loops:
                for f in fractions:
                    local = (args.mib << 20) * f // 100
                    for d in dists:
                        for c in configs:
                            if c == "native" and f != fractions[0]:
                                continue  # native has no budget: measured once per repetition
                            cmd = server_cmd(args, c, local, loops, auto)
                            got = serve_once(args, cmd, c, local, d)
                            runs.setdefault((loops, f, d, c), []).append(got)
                            print(
                                f"rep {r + 1}/{args.reps} {loops} loops {f}% {d} {c}: "
                                f"{got[0]:,.0f} ops/s, p99 {got[2]:.0f} us, checksum {got[4]}",
                                file=sys.stderr,
                            )
    report(args, runs, fractions, dists, configs)


def report(args, runs, fractions, dists, configs):
    """The tables of medians; exits non-zero if a server's table differs."""
    busy = f", {args.busy} busy loops beside" if args.busy else ""
    for d in dists:
        for loops in args.loops:
            native = runs.get((loops, fractions[0], d, "native"))
            rows = []
            for f in fractions:
                for c in configs:
                    got = runs.get((loops, f, d, c))
                    if not got:
                        continue  # native: measured at the first fraction only
                    m, base = med_of(got), runs.get((loops, f, d, ULT_OVER.get(c)))
                    rows.append(
                        [
                            f"{f}%" if c != "native" else "-",
                            c,
                            f"{m[0]:,.0f}",
                            f"{m[0] / med_of(native)[0]:.2f}" if native else "-",
                            f"{m[0] / med_of(base)[0]:.2f}" if base else "-",
                            *(f"{x:.0f}" for x in m[1:]),
                        ]
                    )
            table(
                f"{d} keys: {args.server}, {args.mib} MiB table, {loops} loops, {args.conns} "
                f"connections, {args.requests} requests each{busy} (medians of {args.reps})",
                ["local", "server", "ops/s", "x native", "ult / threads"]
                + ["p50 us", "p99 us", "p99.9 us"],
                rows,
            )
    sums = {d: {g[4] for k, v in runs.items() if k[2] == d for g in v} for d in dists}
    for d in dists:
        same = "the same in every run" if len(sums[d]) == 1 else "DIFFER between runs"
        print(f"\nserver checksums, {d}: {', '.join(sorted(sums[d]))} ({same})")
    if any(len(v) != 1 for v in sums.values()):
        sys.exit("a server's table differs from native's: a lost or corrupted write")


def med_of(got):
    """Medians of ops/s, p50, p99, p99.9 over runs."""
    return [statistics.median(g[i] for g in got) for i in range(4)]


if __name__ == "__main__":
    main()
