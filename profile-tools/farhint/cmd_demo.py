"""farhint demo: the whole pipeline on a bundled application.

Steps that this version of farhint does not have yet are named and skipped,
so the demo always shows what exists and says plainly what does not.
"""

import subprocess
import sys
import time

from farhint import buildtree, cli


def add_arguments(parser):
    parser.add_argument("--quick", action="store_true",
                        help="shorter measurements (for smoke tests)")


def _step(title):
    print(f"\n=== {title}", flush=True)


def _timed_scan(mib, mode):
    farhint = buildtree.part("bin/farhint")
    scan = buildtree.part("bin/fm_scan")
    t0 = time.monotonic()
    out = subprocess.run([str(farhint), "run", "--local", f"{mib // 4}M", "--stats", "--",
                          str(scan), str(mib), "2", mode, "16"],
                         capture_output=True, text=True)
    elapsed = time.monotonic() - t0
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return None, None, None
    faults = [line for line in out.stderr.splitlines() if "faults:" in line]
    return elapsed, out.stdout.split()[1], faults[0] if faults else ""


def _scan_at_quarter_local(mib):
    _step(f"far-memory runtime: scan {mib} MiB twice with 25% of it local "
          "(modelled 5 us link), without and with hints")
    results = {}
    for mode in ("nohint", "hint"):
        elapsed, checksum, faults = _timed_scan(mib, mode)
        if elapsed is None:
            return False
        results[mode] = (elapsed, checksum)
        print(f"  {mode:7s} {elapsed:6.2f} s   {faults.replace('farhint: ', '')}")
    if results["nohint"][1] != results["hint"][1]:
        print("  CHECKSUM MISMATCH between hinted and unhinted runs", file=sys.stderr)
        return False
    print(f"  hinted is {results['nohint'][0] / results['hint'][0]:.1f}x faster; "
          "checksums match")
    return True


def run(args):
    _step("hint fast path: cost of a hint on a local page, against the bare load")
    bench = buildtree.part("bin/bench_hint")
    min_time = "0.05s" if args.quick else "0.3s"
    done = subprocess.run([str(bench), f"--benchmark_min_time={min_time}"])
    if done.returncode != 0:
        return 1
    if not _scan_at_quarter_local(64 if args.quick else 256):
        return 1
    missing = [name for name, (module, _) in cli.SUBCOMMANDS.items()
               if name != "demo" and cli._load(module) is None]
    if missing:
        _step("not in this version yet")
        for name in missing:
            print(f"  farhint {name}: {cli.SUBCOMMANDS[name][1]}")
        print("The demo will profile, report, compile with the plugin and compare "
              "against kernel swap once these exist.", file=sys.stderr)
    return 0
