#!/usr/bin/env python3
"""What the scheduling class of the fault-serving threads costs (issue "Fault
priority that follows the machine"): each program of a suite at one
local-memory budget, unhinted and hinted, prepared once (built, profiled,
hinted), each repeat running side by side:

  - quiet, --fault-priority normal and rt: what being raised costs where it
    was not needed (target: rt within 1.15x of normal);
  - quiet and with busy loops (one per CPU) for the run's first seconds only,
    the default --fault-priority auto, and native likewise: a burst of
    someone else's work at a run's start (target: within 1.1x of the quiet
    run; native's own ratio says what the burst costs any program).

  build/venv/bin/python test-suite/bench/priority-bench.py --size small --local 25 --out OUT
  build/venv/bin/python test-suite/bench/priority-bench.py --suite crono \\
      --src CRONO_CHECKOUT --size small --local 25 --out OUT

Writes OUT/priority.md (the table, with the command, date and machine),
OUT/runs.csv (every run, with the fault_priority_* counters) and
OUT/priority.csv, a row a program and configuration."""

import argparse
import csv
import datetime
import os
import platform
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import suite_runs  # noqa: E402

from farhint import bench  # noqa: E402

CONFIGS = ["nohint", "auto"]
# (name, configuration, --fault-priority, busy loops at the start)
VARIANTS = [
    ("native", "native", "auto", False),
    ("native-burst", "native", "auto", True),
    *[(f"{c}-{prio}", c, prio, False) for c in CONFIGS for prio in ("normal", "rt", "auto")],
    *[(f"{c}-burst", c, "auto", True) for c in CONFIGS],
]


def run(p, variant, fraction, rep, work, timeout, busy, burst_s):
    name, config, prio, loud = variant
    os.environ["FARHINT_FAULT_PRIORITY"] = prio  # runtime_env passes it on
    loops = suite_runs.busy_loops(busy, burst_s) if loud else []
    try:
        row = bench.run_one(p, config, fraction, rep, work, timeout)
    finally:
        for loop in loops:
            loop.wait()
    row["variant"] = name
    return row


def median(rows, app, variant):
    ok = [
        float(r["seconds"])
        for r in rows
        if (r["app"], r["variant"]) == (app, variant) and r["status"] == "ok"
    ]
    return statistics.median(ok) if ok else None


def ratio(a, b):
    return a / b if a and b else None


def fmt(x, unit=""):
    return f"{x:.2f}{unit}" if x else "-"


def summarize(prepared, rows):
    """A row a program and configuration, and the targets missed."""
    out, missed = [], []
    for p in prepared:
        app = p.program.name
        native_burst = ratio(median(rows, app, "native-burst"), median(rows, app, "native"))
        for c in CONFIGS:
            m = {v: median(rows, app, f"{c}-{v}") for v in ("normal", "rt", "auto", "burst")}
            rt_over = ratio(m["rt"], m["normal"])
            burst_over = ratio(m["burst"], m["auto"])
            out.append(
                {
                    "program": app,
                    "config": c,
                    **{f"{v}_s": fmt(s) for v, s in m.items()},
                    "rt_over_normal": fmt(rt_over, "x"),
                    "burst_over_quiet": fmt(burst_over, "x"),
                    "native_burst_over_quiet": fmt(native_burst, "x"),
                }
            )
            if rt_over is None or burst_over is None:
                missed.append(f"{app} {c}: a run did not finish")
                continue
            if rt_over > 1.15:
                missed.append(f"{app} {c}: rt {rt_over:.2f}x normal (target 1.15x)")
            if burst_over > 1.1:
                missed.append(
                    f"{app} {c}: a burst at the start {burst_over:.2f}x quiet "
                    f"(target 1.1x; native {fmt(native_burst, 'x')})"
                )
    return out, missed


def markdown(rows):
    head = list(rows[0])
    return "\n".join(
        ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        + ["| " + " | ".join(str(r[k]) for k in head) + " |" for r in rows]
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    suite_runs.add_options(ap, reps=3)
    ap.add_argument("--burst", type=float, default=2, help="seconds the busy loops run (2)")
    args = ap.parse_args()
    say = bench.progress_printer()
    out, work, prepared = suite_runs.prepare(args, say)
    fraction = args.local / 100
    rows = []
    with open(out / "runs.csv", "w", newline="") as f:
        w = csv.DictWriter(f, ["variant", *bench.FIELDS], extrasaction="ignore")
        w.writeheader()
        for rep in range(1, args.reps + 1):  # the variants alternate: drift hits all alike
            for p in prepared:
                timeout = max(60.0, args.timeout_factor * p.native_seconds)
                for v in VARIANTS:
                    row = run(p, v, fraction, rep, work, timeout, args.busy, args.burst)
                    rows.append(row)
                    w.writerow(row)
                    f.flush()
                    say(
                        f"[rep {rep}] {p.program.name:<12} {v[0]:<14} {row['seconds']:7.2f} s "
                        f"raised {row.get('fault_priority_raised', '-')}, lowered "
                        f"{row.get('fault_priority_lowered', '-')} {row['status']}"
                    )
    table, missed = summarize(prepared, rows)
    report = (
        f"# Fault priority: {args.suite} at {args.local:g}% local\n\n"
        f"Command: `{' '.join(sys.argv)}`  \nDate: {datetime.date.today()}  \n"
        f"Machine: {platform.node()}, {platform.platform()}, {os.cpu_count()} CPUs; "
        f"burst: {args.busy} loops of `while :; do :; done` for the first {args.burst:g} s; "
        f"medians of {args.reps}\n\n{markdown(table)}\n\n"
        + (
            "Targets missed:\n" + "\n".join(f"- {m}" for m in missed)
            if missed
            else "Every target met: rt within 1.15x of normal, a burst within 1.1x of quiet."
        )
        + "\n"
    )
    suite_runs.write(out, "priority", report, table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
