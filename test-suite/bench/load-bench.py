#!/usr/bin/env python3
"""How farhint holds up on a busy machine (issue "A runtime that holds under
load"): each program of a suite at one local-memory budget, native, kernel
swap, the runtime unhinted and hinted, measured quiet and then with one busy
loop per CPU beside it, side by side in one run (prepared once: built,
profiled, hinted). Prints, per program and configuration, the time quiet,
the time busy, and their ratio, and checks what the issue asks:

  - the runtime's busy/quiet ratio, unhinted and hinted, is no more than
    kernel swap's (a run slows down by no more than its CPU share explains);
  - hinted is no slower than unhinted, busy.

  build/venv/bin/python test-suite/bench/load-bench.py --size small --local 25 \\
      --out OUT
  build/venv/bin/python test-suite/bench/load-bench.py --suite crono \\
      --src CRONO_CHECKOUT --size small --local 25 --out OUT

Writes OUT/load.md (the table, with the command, date and machine), the
sweeps' CSVs (quiet.csv, busy.csv) and OUT/load.csv, a row a program in the
form of docs/results/data/load.csv."""

import argparse
import datetime
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import suite_runs  # noqa: E402
from scipy.stats import mannwhitneyu  # noqa: E402

from farhint import bench  # noqa: E402

CONFIGS = ["native", "kswap", "nohint", "auto"]


def finished_seconds(rows, app, config):
    """The times of the runs that finished, sorted."""
    return sorted(
        float(r["seconds"])
        for r in rows
        if (r["app"], r["config"]) == (app, config) and r["status"] == "ok"
    )


def median_seconds(rows, app, config):
    """The median time of the runs that finished, or None with the statuses."""
    ok = finished_seconds(rows, app, config)
    statuses = sorted({r["status"] for r in rows if (r["app"], r["config"]) == (app, config)})
    return (ok[len(ok) // 2] if ok else None), statuses


def spread_note(busy, app):
    """Whether hinted's busy runs differ from unhinted's: a two-sided
    Mann-Whitney test (a rank test: times on a busy machine have long tails,
    far from normal), with both ranges. Three runs a side can never show a
    difference at 5% (the smallest p is 0.1)."""
    hinted, unhinted = finished_seconds(busy, app, "auto"), finished_seconds(busy, app, "nohint")
    if len(hinted) < 2 or len(unhinted) < 2:
        return ""
    p = mannwhitneyu(hinted, unhinted, alternative="two-sided").pvalue
    return (
        f"; {'within the noise' if p >= 0.05 else 'a difference'} (Mann-Whitney p = {p:.2f}; "
        f"hinted {hinted[0]:.2f}-{hinted[-1]:.2f} s, unhinted {unhinted[0]:.2f}-{unhinted[-1]:.2f} s)"
    )


def medians(prepared, quiet, busy):
    """program -> configuration -> (quiet median, its statuses, busy median,
    its statuses), each median None where no run finished."""
    return {
        p.program.name: {
            c: (*median_seconds(quiet, p.program.name, c), *median_seconds(busy, p.program.name, c))
            for c in CONFIGS
        }
        for p in prepared
    }


def table(med, busy):
    lines = [
        "| program | config | quiet (s) | busy (s) | busy / quiet |",
        "|---|---|---|---|---|",
    ]
    verdicts = []
    for app, by_config in med.items():
        ratio = {}
        for c, (q, qs, b, bs) in by_config.items():
            ratio[c] = b / q if q and b else None
            lines.append(
                f"| {app} | {c} | {q if q else ', '.join(qs)} | {b if b else ', '.join(bs)} | "
                f"{f'{ratio[c]:.2f}x' if ratio[c] else '-'} |"
            )
        ks = ratio.get("kswap")
        for c in ("nohint", "auto"):
            if ratio[c] is None:
                verdicts.append(f"{app}: {c} did not finish in both conditions")
            elif ks is not None and ratio[c] > ks:
                verdicts.append(f"{app}: {c} slows down {ratio[c]:.2f}x, kernel swap {ks:.2f}x")
        nb, ab = by_config["nohint"][2], by_config["auto"][2]
        if nb and ab and ab > nb:
            verdicts.append(
                f"{app}: hinted ({ab:.2f} s) slower than unhinted ({nb:.2f} s) busy"
                + spread_note(busy, app)
            )
    return "\n".join(lines), verdicts


def summary_rows(suite_name, med):
    """A row a program: each configuration's median seconds quiet and busy,
    and their ratio (docs/results/data/load.csv's columns)."""
    rows = []
    for app, by_config in med.items():
        row = {"suite": suite_name, "program": app}
        for c, (q, qs, b, bs) in by_config.items():
            row[f"{c}_quiet_s"] = f"{q:.2f}" if q else ", ".join(qs)
            row[f"{c}_busy_s"] = f"{b:.2f}" if b else ", ".join(bs)
            row[f"{c}_busy_over_quiet"] = f"{b / q:.2f}x" if q and b else "-"
        rows.append(row)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    suite_runs.add_options(ap, reps=1)
    args = ap.parse_args()
    say = bench.progress_printer()
    out, work, prepared = suite_runs.prepare(args, say)
    fraction = [args.local / 100]
    quiet, busy = [], []
    for _ in range(args.reps):  # quiet and busy alternate: drift hits both alike
        quiet += bench.sweep(
            prepared,
            CONFIGS,
            fraction,
            1,
            work,
            out / "quiet.csv",
            timeout_factor=args.timeout_factor,
            say=say,
        )
        loops = suite_runs.busy_loops(args.busy)
        try:
            busy += bench.sweep(
                prepared,
                CONFIGS,
                fraction,
                1,
                work,
                out / "busy.csv",
                timeout_factor=args.timeout_factor,
                say=say,
            )
        finally:
            suite_runs.stop(loops)
    med = medians(prepared, quiet, busy)
    text, verdicts = table(med, busy)
    report = (
        f"# farhint under load: {args.suite} at {args.local:g}% local\n\n"
        f"Command: `{' '.join(sys.argv)}`  \nDate: {datetime.date.today()}  \n"
        f"Machine: {platform.node()}, {platform.platform()}, {os.cpu_count()} CPUs; "
        f"busy: {args.busy} loops of `while :; do :; done`\n\n{text}\n\n"
        + (
            "Targets missed:\n" + "\n".join(f"- {v}" for v in verdicts)
            if verdicts
            else "Every target met: each farhint configuration slows down no more than "
            "kernel swap, and hinted is no slower than unhinted busy."
        )
        + "\n"
    )
    suite_runs.write(out, "load", report, summary_rows(args.suite, med))
    return 0


if __name__ == "__main__":
    sys.exit(main())
