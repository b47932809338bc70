"""farhint bench: the A/B sweep of the bundled applications against native
and kernel swap, at several local-memory fractions.

Writes into --out: results.csv (one row per run, appended as runs finish, so
an interrupted sweep keeps what it did), summary.md, the plots (PNG and SVG),
and per app its profile, hint report and the hinted binary."""

import datetime
import platform
import signal
import sys
import tempfile
from pathlib import Path

from farhint import apps, bench
from farhint.kswap import SwapError


def _list(text, allowed, what):
    items = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in items if x not in allowed]
    if bad:
        raise ValueError(f"unknown {what}: {', '.join(bad)} (choose from {', '.join(allowed)})")
    return items


def add_arguments(p):
    p.add_argument("--apps", default=",".join(apps.APPS),
                   help=f"comma-separated apps (default all: {', '.join(apps.APPS)})")
    p.add_argument("--configs", default=",".join(bench.CONFIGS),
                   help="comma-separated configurations (default native,kswap,nohint,auto,"
                        "manual; manual runs only for apps with hand hints: kvstore, websvc; "
                        "also auto-noprefetch: the same hints without prefetches ahead)")
    p.add_argument("--local", default="100,75,50,25,10",
                   help="local memory as %% of each app's peak (default 100,75,50,25,10)")
    p.add_argument("--repeats", type=int, default=3, help="repetitions (default 3)")
    p.add_argument("--size", choices=["small", "large"], default="large",
                   help="app inputs (default large)")
    p.add_argument("--swap", choices=["zram", "file"], default="zram",
                   help="swap for the kswap baseline (default zram)")
    p.add_argument("--out", metavar="DIR", help="results folder (default a new one under /tmp)")
    p.add_argument("--timeout-factor", type=float, default=30.0,
                   help="a run is stopped after this many times native's time (default 30)")


def run(args):
    # SIGTERM unwinds like Ctrl-C: swap is switched off and the cgroup removed.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    say = bench.progress_printer()
    try:
        names = _list(args.apps, list(apps.APPS), "app")
        configs = _list(args.configs, list(bench.CONFIGS + bench.OPTIONAL_CONFIGS), "configuration")
        fractions = [float(x) / 100 for x in args.local.split(",")]
        if any(not 0 < f <= 1 for f in fractions):
            raise ValueError("--local values are percentages in (0, 100]")
    except ValueError as err:
        print(f"farhint bench: {err}", file=sys.stderr)
        return 2
    out = Path(args.out or tempfile.mkdtemp(prefix="farhint-bench-"))
    out.mkdir(parents=True, exist_ok=True)
    say(f"farhint bench: results in {out}")
    try:
        prepared = [bench.prepare(apps.APPS[n], args.size, out, say,
                                  noprefetch="auto-noprefetch" in configs) for n in names]
        rows = bench.sweep(prepared, configs, fractions, args.repeats, out, out / "results.csv",
                           args.swap, args.timeout_factor, say)
    except (RuntimeError, SwapError) as err:
        print(f"farhint bench: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"farhint bench: interrupted; finished runs are in {out / 'results.csv'}",
              file=sys.stderr)
        return 130
    header = (f"# farhint bench\n\nCommand: `farhint bench {' '.join(sys.argv[2:])}`  \n"
              f"Date: {datetime.date.today()}  \nMachine: {platform.node()}, "
              f"{platform.platform()}, {__import__('os').cpu_count()} cores\n\n")
    summary = header + bench.summary_markdown(rows, fractions) + \
        bench.sites_markdown(prepared, out)
    (out / "summary.md").write_text(summary)
    from farhint.bench_plot import plot_all
    plot_all(rows, fractions, out)
    print(summary)
    bad = [r for r in rows if r["status"] == "CHECKSUM MISMATCH"]
    if bad:
        print(f"farhint bench: {len(bad)} runs gave a WRONG CHECKSUM: "
              + ", ".join(f"{r['app']}/{r['config']}/{r['local_pct']}%" for r in bad),
              file=sys.stderr)
        return 1
    return 0
