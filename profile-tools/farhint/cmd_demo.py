"""farhint demo: the whole pipeline on a bundled application.

Steps that this version of farhint does not have yet are named and skipped,
so the demo always shows what exists and says plainly what does not.
"""

import subprocess
import sys

from farhint import buildtree, cli


def add_arguments(parser):
    parser.add_argument("--quick", action="store_true",
                        help="shorter measurements (for smoke tests)")


def _step(title):
    print(f"\n=== {title}", flush=True)


def run(args):
    _step("hint fast path: cost of a hint on a local page, against the bare load")
    bench = buildtree.part("bin/bench_hint")
    min_time = "0.05s" if args.quick else "0.3s"
    done = subprocess.run([str(bench), f"--benchmark_min_time={min_time}"])
    if done.returncode != 0:
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
