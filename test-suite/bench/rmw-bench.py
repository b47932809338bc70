#!/usr/bin/env python3
"""Random read-modify-writes under far memory (issue 22): bench_rmw fills
1 GiB and then adds to 1 M words chosen at random, with a 256 MiB budget.
Side by side, interleaved per repetition: the runtime serving every fault
from the userfaultfd (`farhint run`, link model off), the same with the
program built by `farhint cc` from a profile (hinted: the thread fetches
its own page, no trap), and kernel swap on zram under a cgroup of the same
size. The random phase is timed by the program; the pages it fetched are
the run's pages fetched (or major faults) less those of a run with no
random accesses, so the fill and the final checksum scan do not count.

Usage: rmw-bench.py [--build DIR] [--reps N] [--mib N] [--accesses N]
(run as root: kernel swap needs a cgroup and swap)."""

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))

from farhint.kswap import Swap, run_kswap  # noqa: E402

LINK_OFF = ["--link-latency", "0", "--link-bandwidth", "0"]
# The cgroup holds the program's stack, libraries and libc heap besides the
# array: a few MiB over the far-memory budget.
KSWAP_EXTRA = 8 << 20


def phase(stdout):
    """(seconds of the random phase, checksum) from bench_rmw's output."""
    m = re.search(r"read-modify-writes in ([\d.]+) s", stdout)
    return float(m.group(1)), re.search(r"^checksum (\S+)", stdout, re.M).group(1)


def check(proc, what):
    if proc.returncode:
        sys.exit(f"rmw-bench: {what} failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc.stdout


def farhint_run(build, budget, binary, args, stats_file):
    cmd = [str(build / "bin/farhint"), "run", "--local", f"{budget}M", *LINK_OFF]
    cmd += ["--stats-file", str(stats_file), "--", str(binary), *args]
    out = check(subprocess.run(cmd, capture_output=True, text=True), " ".join(cmd))
    s = json.loads(stats_file.read_text())
    return out, s["counters"]["fetched_pages"], s


def kswap_run(binary, args, budget):
    r = run_kswap([str(binary), *args], (budget << 20) + KSWAP_EXTRA)
    if r.returncode or r.oom_killed:
        sys.exit(f"rmw-bench: kernel swap run of {binary} failed (exit {r.returncode})")
    return r.stdout, r.major_faults


def build_hinted(build, tmp, budget, args):
    """bench_rmw built natively with -g, profiled at the budget, rebuilt with
    the profile's hints."""
    src = ROOT / "test-suite/bench/bench_rmw.c"
    native, hinted, prof = tmp / "rmw-native", tmp / "rmw-hinted", tmp / "rmw.fhprof"
    fh = str(build / "bin/farhint")
    steps = [
        ["clang-19", "-O2", "-g", str(src), "-o", str(native)],
        [fh, "profile", "--local", f"{budget}M", "-o", str(prof), "--", str(native), *args],
        [fh, "cc", "--profile", str(prof), "--", "-O2", "-g", str(src), "-o", str(hinted)],
    ]
    for cmd in steps:
        check(subprocess.run(cmd, capture_output=True, text=True), " ".join(cmd))
    return native, hinted


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--mib", type=int, default=1024, help="MiB of memory (default 1024)")
    ap.add_argument("--accesses", type=int, default=1000000)
    ap.add_argument("--budget", type=int, default=256, help="local MiB (default 256)")
    args = ap.parse_args()
    full, none = [str(args.mib), str(args.accesses)], [str(args.mib), "0"]
    rows = {}  # configuration -> list of (us per access, us per page fetched, p99)

    def note(name, secs, pages, p99=None):
        per_page = secs * 1e6 / pages if pages > 0 else float("nan")
        rows.setdefault(name, []).append((secs * 1e6 / args.accesses, per_page, p99))
        print(f"{name}: {secs:.2f} s, {pages:,} pages fetched in the phase", file=sys.stderr)

    with tempfile.TemporaryDirectory() as d, Swap(2 * args.mib << 20):
        tmp = Path(d)
        stats_file = tmp / "stats.json"
        native, hinted = build_hinted(args.build, tmp, args.budget, full)
        for rep in range(args.reps):
            print(f"repetition {rep + 1}/{args.reps}", file=sys.stderr)
            want = None
            for name, binary, path in (
                ("farhint run (unhinted)", native, "unhinted"),
                ("farhint cc (hinted)", hinted, "hinted"),
            ):
                out, fetched, s = farhint_run(args.build, args.budget, binary, full, stats_file)
                _, base, _ = farhint_run(args.build, args.budget, binary, none, stats_file)
                secs, total = phase(out)
                want = want or total
                if total != want:
                    sys.exit(f"rmw-bench: {name}: checksum {total}, expected {want}")
                note(name, secs, fetched - base, s["latency_ns"][path]["p99"] / 1000)
            out, faults = kswap_run(native, full, args.budget)
            _, base = kswap_run(native, none, args.budget)
            secs, total = phase(out)
            if total != want:
                sys.exit(f"rmw-bench: kernel swap: checksum {total}, expected {want}")
            note("kernel swap (zram)", secs, faults - base)
    print(
        f"bench_rmw {args.mib} {args.accesses}: {args.mib} MiB, {args.accesses:,} random "
        f"read-modify-writes, {args.budget} MiB local, link model off; median of {args.reps}\n"
    )
    print("| configuration | us per access | us per page fetched | runtime fault p99 (us) |")
    print("|---|---|---|---|")
    for name, vals in rows.items():
        access, page, p99 = (
            statistics.median(v[i] for v in vals) if vals[0][i] is not None else None
            for i in range(3)
        )
        print(f"| {name} | {access:.2f} | {page:.2f} | {'-' if p99 is None else f'{p99:.0f}'} |")


if __name__ == "__main__":
    main()
