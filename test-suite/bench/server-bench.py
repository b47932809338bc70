#!/usr/bin/env python3
"""A key-value server under far memory (issue 23's targets): the bundled
kvserver (apps/kvserver: an epoll loop per thread, values of 1-4 KiB in one
table), or evserver (apps/evserver: the same on libevent, dropping root) serving the bundled load generator kvload (closed-loop connections,
90% GET / 10% SET, Zipf 0.99 or uniform keys, every value checked), with
the server run natively, under kernel swap (zram, a memory cgroup of the
same local budget), under `farhint run` with kernel threads, and under
`farhint run --ult`. The load generator always runs natively, outside any
limit. Each run: start the server, wait until it listens, one warm-up
pass of the load, the measured pass, SIGTERM; the server's final checksum
must equal native's (the same requests in the same order per connection
leave the same table). Configurations interleaved within each repetition;
prints markdown tables of medians and of ratios to native.

Usage: server-bench.py [--build DIR] [--mib N] [--loops N] [--conns N]
       [--requests N] [--warmup N] [--reps N] [--local 100,25] [--dist zipf,uniform]
       [--configs native,kswap,threads,ult] [--server kvserver|evserver]"""

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))
from bench_tables import table  # noqa: E402

from farhint.cgroup import MemoryCgroup  # noqa: E402
from farhint.kswap import Swap  # noqa: E402
from farhint.serve import Serving  # noqa: E402

# Kernel swap's limit beyond the table (code, stacks, the allocator's own):
# a native server charges ~1 MiB more than its table (513 MiB for 512).
OVERHEAD = 4 << 20
LOAD = re.compile(r"([\d.]+) ops/s; latency us p50 ([\d.]+) p99 ([\d.]+) p99.9 ([\d.]+)")


def server_cmd(args, config, local):
    drop = ["-u", "nobody"] if args.server == "evserver" else []  # a daemon's start
    server = [str(args.build / f"bin/app-{args.server}"), *drop, str(args.mib), str(args.loops)]
    server.append("{port}")
    if config in ("native", "kswap"):
        return server
    ult = ["--ult"] if config == "ult" else []
    return [str(args.build / "bin/farhint"), "run", "--local", str(local), *ult, "--", *server]


def serve_once(args, config, local, dist):
    """(ops/s, p50, p99, p99.9, the server's checksum) of one run."""
    if config != "kswap":
        return serve_in(None, args, config, local, dist)
    with MemoryCgroup(local + OVERHEAD) as cg:
        (cg.path / "memory.swappiness").write_text("100\n")
        return serve_in(cg, args, config, local, dist)


def serve_in(cg, args, config, local, dist):
    """serve_once with the server in memory cgroup cg (None: none), driven
    as farhint bench drives a server (farhint/serve.py)."""
    client = f"{args.build / 'bin/app-kvload'} {{port}} {args.conns}"
    serving = Serving(
        f"{client} {args.requests} {dist}",
        f"{client} {args.warmup} {dist}" if args.warmup else None,
    )
    cmd, drive = serving.start(server_cmd(args, config, local), timeout=1800)
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
    ap.add_argument("--loops", type=int, default=2, help="server event loops (default 2)")
    ap.add_argument("--conns", type=int, default=8, help="client connections (default 8)")
    ap.add_argument("--requests", type=int, default=20000, help="per connection, measured")
    ap.add_argument("--warmup", type=int, default=5000, help="per connection, before")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--local", default="100,25", help="local %% of the table")
    ap.add_argument("--dist", default="zipf,uniform")
    ap.add_argument("--configs", default="native,kswap,threads,ult")
    args = ap.parse_args()
    fractions = [int(x) for x in args.local.split(",")]
    dists, configs = args.dist.split(","), args.configs.split(",")
    runs = {}
    with Swap(4 * (args.mib << 20)):
        for r in range(args.reps):
            for f in fractions:
                local = (args.mib << 20) * f // 100
                for d in dists:
                    for c in configs:
                        if c == "native" and f != fractions[0]:
                            continue  # native has no budget: measured once per repetition
                        got = serve_once(args, c, local, d)
                        runs.setdefault((f, d, c), []).append(got)
                        print(
                            f"rep {r + 1}/{args.reps} {f}% {d} {c}: {got[0]:,.0f} ops/s, "
                            f"p99 {got[2]:.0f} us, checksum {got[4]}",
                            file=sys.stderr,
                        )
    sums = {d: {g[4] for (f, dd, c), v in runs.items() if dd == d for g in v} for d in dists}
    for d in dists:
        native = (
            statistics.median(g[0] for g in runs[(fractions[0], d, "native")])
            if "native" in configs
            else None
        )
        rows = []
        for f in fractions:
            for c in configs:
                got = runs.get((f, d, c))
                if not got:
                    continue
                med = [statistics.median(g[i] for g in got) for i in range(4)]
                ratio = f"{med[0] / native:.2f}" if native else "-"
                rows.append(
                    [
                        f"{f}%" if c != "native" else "-",
                        c,
                        f"{med[0]:,.0f}",
                        ratio,
                        f"{med[1]:.0f}",
                        f"{med[2]:.0f}",
                        f"{med[3]:.0f}",
                    ]
                )
        table(
            f"{d} keys: {args.mib} MiB table, {args.loops} loops, {args.conns} connections, "
            f"{args.requests} requests each (medians of {args.reps})",
            ["local", "server", "ops/s", "x native", "p50 us", "p99 us", "p99.9 us"],
            rows,
        )
    for d in dists:
        same = "the same in every run" if len(sums[d]) == 1 else "DIFFER between runs"
        print(f"\nserver checksums, {d}: {', '.join(sorted(sums[d]))} ({same})")
    if any(len(v) != 1 for v in sums.values()):
        sys.exit("a server's table differs from native's: a lost or corrupted write")


if __name__ == "__main__":
    main()
