"""farhint demo: one bundled application through the whole pipeline --
profile at 10% local, report the top sites and suggested hints, compile
with the FarHint plugin, run -- and the comparison with native, kernel swap
and the runtime without hints at 25% and 10% local."""

import sys
import tempfile
from pathlib import Path

from farhint import bench, report, suite
from farhint.profile import load_profile

FRACTIONS = (0.25, 0.10)


def add_arguments(parser):
    # Checked in run(): reading the suite here would cost every farhint
    # command, whatever its subcommand, a parse of the suite file.
    parser.add_argument(
        "--app",
        default="qsort",
        help="the bundled application (suites/bundled.toml) to take through "
        "the pipeline (default qsort)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip the kernel-swap and unhinted runs (for smoke tests)",
    )
    parser.add_argument(
        "--out", metavar="DIR", help="keep the profile, hinted binary and results here"
    )


def _step(n, title):
    print(f"\n=== {n}. {title}", flush=True)


def _by_location(hinted) -> dict:
    """The hinted sites by (location, function): sites at one line (its
    code inlined from different calls) are one line of the listing."""
    out = {}
    for h in hinted:
        out.setdefault((h["location"], h["function"]), []).append(h)
    return out


def run(args):
    apps = suite.bundled().programs
    if args.app not in apps:
        print(
            f"farhint demo: no bundled app {args.app!r} (choose from {', '.join(apps)})",
            file=sys.stderr,
        )
        return 2
    app = apps[args.app]
    out = Path(args.out or tempfile.mkdtemp(prefix="farhint-demo-"))
    out.mkdir(parents=True, exist_ok=True)
    say = bench.progress_printer()
    print(f"farhint demo: {app.name} -- {app.what}; files in {out}")

    _step(1, f"profile: run {app.name} with 10% of its memory local, record every fault")
    try:
        prepared = bench.prepare(app, "small", out, say)
    except RuntimeError as err:
        print(f"farhint demo: {err}", file=sys.stderr)
        return 1

    _step(2, "report: the sites that fault, and the hint suggested for each")
    prof = load_profile(prepared.profile)
    report.print_table(prof, top=8)

    _step(3, "compile: clang-19 -fplugin=farhint.so with the profile")
    hinted = [
        h
        for h in report.load_hint_reports([out / f"{app.name}.hints.yaml"]).values()
        if h["hinted"]
    ]
    print(f"{len(hinted)} sites hinted, with no change to {app.source}; the pass's report:")
    for where, same in _by_location(hinted).items():
        params = ", ".join(f"{k}: {str(v).lower()}" for k, v in same[0]["params"].items())
        share = 100 * sum(h["fault-share"] for h in same)
        sites = f" ({len(same)} sites, inlined from different calls)" if len(same) > 1 else ""
        print(
            f"  {report.short_path(where[0]):<28} {where[1]:<12} {share:5.1f}% of faults, "
            f"{same[0]['accesses']} accesses, {{{params}}}{sites}"
        )

    _step(4, "run: native, kernel swap (zram), the runtime without and with the hints")
    configs = (
        ["native", "auto"]
        if args.quick
        else [c for c in bench.CONFIGS if c != "manual" or app.manual]
    )
    rows = bench.sweep([prepared], configs, FRACTIONS, 1, out, out / "results.csv", say=say)

    _step(5, "comparison: time relative to native (all memory local)")
    print(f"{'':<10}" + "".join(f"{int(f * 100):>16}% local" for f in FRACTIONS))
    med = bench.medians(rows)
    base = med[(app.name, "native", 100)][0]
    for config in configs[1:]:
        cells = [bench.ratio_text(med[(app.name, config, round(f * 100))], base) for f in FRACTIONS]
        print(f"{config:<10}" + "".join(f"{c:>22}" for c in cells))
    print(
        f"native: {base:.2f} s in this sweep (the native run while preparing, above, measured "
        "the peak). Every run's checksum is compared with native's."
    )
    wrong = [r for r in rows if r["status"] == "CHECKSUM MISMATCH"]
    if wrong:
        print(
            "CHECKSUM MISMATCH in: " + ", ".join(f"{r['config']} {r['local_pct']}%" for r in wrong),
            file=sys.stderr,
        )
        return 1
    return 0
