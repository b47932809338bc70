#!/usr/bin/env python3
"""The kernel primitives' cost per page and per batch (bench_primitives),
with the other core idle and with a sibling thread running in the address
space (--busy: every TLB flush must interrupt it, as the program's threads
are interrupted). Writes both Google Benchmark JSON files, a markdown table
of microseconds per page and a plot into OUT.

Usage: primitives-bench.py OUT [--build DIR] [--min-time SECONDS] [--replot]"""

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODES = {"idle": [], "busy": ["--busy"]}


def measure(build, out, mode, min_time):
    path = out / f"primitives-{mode}.json"
    cmd = [
        str(build / "bin/bench_primitives"),
        *MODES[mode],
        f"--benchmark_min_time={min_time}",
        "--benchmark_format=json",
        f"--benchmark_out={path}",
        "--benchmark_out_format=json",
    ]
    print(" ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return json.loads(path.read_text())


def per_page_us(report):
    """{primitive: {batch: us per page}}"""
    table = defaultdict(dict)
    for b in report["benchmarks"]:
        if b.get("error_occurred"):
            continue
        name, batch = b["name"].split("/")[:2]
        table[name.removeprefix("BM_")][int(batch)] = b["per_page"] * 1e6
    return table


def write_table(tables, out):
    batches = sorted({n for t in tables.values() for row in t.values() for n in row})
    lines = [
        "| primitive | other core | " + " | ".join(f"{n}" for n in batches) + " |",
        "|---|---|" + "---|" * len(batches),
    ]
    for name in tables["idle"]:
        for mode, t in tables.items():
            row = t.get(name, {})
            cells = [f"{row[n]:.2f}" if n in row else "" for n in batches]
            lines.append(f"| {name} | {mode} | " + " | ".join(cells) + " |")
    (out / "per-page.md").write_text(
        "Microseconds per page, by pages per call (columns)\n\n" + "\n".join(lines) + "\n"
    )
    print("\n".join(lines))


def plot(tables, out):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(15, 5.5), sharey=True)
    for ax, (mode, t) in zip(axes, tables.items(), strict=False):
        ax.set_prop_cycle(color=plt.cm.tab20.colors[: len(t)])
        for name, row in t.items():
            if len(row) > 1:
                xs = sorted(row)
                ax.plot(xs, [row[x] for x in xs], marker="o", label=name)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("pages per call")
        ax.set_title(f"other core {mode}")
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("microseconds per page")
    axes[1].legend(fontsize=8, loc="center left", bbox_to_anchor=(1.02, 0.5))
    fig.tight_layout()
    fig.savefig(out / "per-page.png", dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--min-time", default="0.2", help="seconds per benchmark (default 0.2)")
    ap.add_argument(
        "--replot", action="store_true", help="only redraw the table and plot from OUT's JSON files"
    )
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.replot:
        tables = {
            m: per_page_us(json.loads((args.out / f"primitives-{m}.json").read_text()))
            for m in MODES
        }
    else:
        tables = {m: per_page_us(measure(args.build, args.out, m, args.min_time)) for m in MODES}
    write_table(tables, args.out)
    plot(tables, args.out)


if __name__ == "__main__":
    main()
