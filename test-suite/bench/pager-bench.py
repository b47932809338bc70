#!/usr/bin/env python3
"""The process-pager's four workloads (apps/interactive_burst, anon_streamer,
random_touch_heap, mmap_churn), native against `farhint run --proactive`,
alternated run by run, measured as the process-pager measured itself
(../shared/seeds/process-pager-ab-results.md): throughput ratio (units/s),
memory saved, runtime CPU split between the background (finding idle pages
and compressing them) and the rest (fault serving), missing-fault latency
p50/p95/p99, restore (decompression) p95/p99, pages compressed and restored,
and the range adds and removes of mmap_churn.

Memory is the kernel's view, sampled every 50 ms from /proc/PID/status
(RssAnon + RssShmem: the pool, the runtime's tables and all), averaged over
the middle of each run (30-90% of its time: after the workload has filled
its data, before its final check reads all of it back); saved = 1 - farhint's
mean / native's mean. CPU is the process's (user + system) over its wall
time; "added" is farhint's less native's.

  build/venv/bin/python test-suite/bench/pager-bench.py --out /tmp/pager
  build/venv/bin/python test-suite/bench/pager-bench.py --mib 256 --seconds 20 --runs 5 --out DIR
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from suite_runs import busy_loops, stop, write  # noqa: E402

WORKLOADS = ("interactive_burst", "anon_streamer", "random_touch_heap", "mmap_churn")
WINDOW = (0.3, 0.9)


def rss_kib(pid):
    try:
        fields = dict(
            line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        )
        return sum(int(fields.get(k, "0 kB").split()[0]) for k in ("RssAnon", "RssShmem"))
    except (OSError, ValueError):
        return None


def timed_run(cmd):
    """(stdout, wall s, CPU s, [(t, RssAnon+RssShmem KiB)])."""
    samples = []
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def sample():
        while proc.poll() is None:
            kib = rss_kib(proc.pid)
            if kib:
                samples.append((time.monotonic() - t0, kib))
            time.sleep(0.05)

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    out, err = proc.communicate(timeout=600)
    wall = time.monotonic() - t0
    watcher.join()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({proc.returncode}): {err[-500:]}")
    return out, err, wall, samples


def mean_rss(samples, wall):
    lo, hi = WINDOW[0] * wall, WINDOW[1] * wall
    inside = [kib for t, kib in samples if lo <= t <= hi]
    return statistics.mean(inside) / 1024 if inside else None


def units(stdout):
    line = next(x for x in stdout.splitlines() if x.startswith("units_per_s "))
    return float(line.split()[1])


def checksum(stdout):
    return next(x for x in stdout.splitlines() if x.startswith("checksum "))


def run_with_cpu(cmd):
    """timed_run, with the process's CPU from its rusage."""
    before = os.times()
    out, err, wall, samples = timed_run(cmd)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return out, err, wall, cpu, samples


def one(workload, config, args, rep, work):
    binary = ROOT / args.build / "bin" / f"app-{workload}"
    prog = [str(binary), str(args.mib), str(args.seconds)]
    stats = work / f"{workload}-{rep}.json"
    if config == "native":
        cmd = prog
    else:
        stats.unlink(missing_ok=True)
        cmd = [
            str(ROOT / args.build / "bin" / "farhint"),
            "run",
            "--proactive",
            args.rate,
            "--stats-file",
            str(stats),
            "--",
            *prog,
        ]
    out, err, wall, cpu, samples = run_with_cpu(cmd)
    row = {
        "workload": workload,
        "config": config,
        "rep": rep,
        "units_per_s": units(out),
        "checksum": checksum(out),
        "wall_s": round(wall, 2),
        "cpu_pct": round(100 * cpu / wall, 1),
        "rss_mib": round(mean_rss(samples, wall) or 0, 1),
        "rss_series": samples,
    }
    if config != "native":
        s = json.loads(stats.read_text())
        c, lat, pro = s["counters"], s["latency_ns"], s["proactive"]
        runtime_ms = s["runtime_cpu_ns"] / 1e6
        bg_ms = pro["background_cpu_ns"] / 1e6
        row.update(
            {
                "bg_cpu_pct": round(100 * bg_ms / 1e3 / wall, 2),
                "fault_cpu_pct": round(100 * (runtime_ms - bg_ms) / 1e3 / wall, 2),
                "fault_p50_us": lat["unhinted"]["p50"] / 1e3,
                "fault_p95_us": lat["unhinted"]["p95"] / 1e3,
                "fault_p99_us": lat["unhinted"]["p99"] / 1e3,
                "restore_p95_us": lat["restore"]["p95"] / 1e3,
                "restore_p99_us": lat["restore"]["p99"] / 1e3,
                "compressed": c["proactive_evicted_pages"],
                "promotions": pro["promotions"],
                "restored": c["restored_pages"],
                "range_adds": c["mmap_blocks"],
                "range_removes": c["munmap_blocks"],
                "idle_s": pro["idle_s"],
            }
        )
    return row


def med(rows, key):
    vals = [r[key] for r in rows if r.get(key) not in (None, "")]
    return statistics.median(vals) if vals else None


def summarize(rows):
    out = []
    for w in WORKLOADS:
        nat = [r for r in rows if r["workload"] == w and r["config"] == "native"]
        far = [r for r in rows if r["workload"] == w and r["config"] == "proactive"]
        if not nat or not far:
            continue
        ratios = [f["units_per_s"] / n["units_per_s"] for n, f in zip(nat, far, strict=False)]
        saved = [
            1 - f["rss_mib"] / n["rss_mib"] for n, f in zip(nat, far, strict=False) if n["rss_mib"]
        ]
        out.append(
            {
                "workload": w,
                "ratio": round(statistics.median(ratios), 3),
                "ratio_min": round(min(ratios), 3),
                "saved_pct": round(100 * statistics.median(saved), 1),
                "rss_native_mib": med(nat, "rss_mib"),
                "rss_farhint_mib": med(far, "rss_mib"),
                "cpu_added_pct": round(med(far, "cpu_pct") - med(nat, "cpu_pct"), 1),
                **{
                    k: med(far, k)
                    for k in (
                        "bg_cpu_pct",
                        "fault_cpu_pct",
                        "fault_p50_us",
                        "fault_p95_us",
                        "fault_p99_us",
                        "restore_p95_us",
                        "restore_p99_us",
                        "compressed",
                        "promotions",
                        "restored",
                        "range_adds",
                        "range_removes",
                        "idle_s",
                    )
                },
            }
        )
    return out


COLUMNS = [
    ("workload", "workload"),
    ("ratio", "throughput ratio (min)"),
    ("saved_pct", "memory saved %"),
    ("bg_cpu_pct", "background CPU %"),
    ("fault_cpu_pct", "fault-serving CPU %"),
    ("cpu_added_pct", "CPU added over native %"),
    ("fault_p50_us", "fault p50 us"),
    ("fault_p95_us", "p95"),
    ("fault_p99_us", "p99"),
    ("restore_p95_us", "restore p95 us"),
    ("restore_p99_us", "p99"),
    ("compressed", "pages compressed"),
    ("promotions", "promotions"),
    ("restored", "restored"),
    ("range_adds", "range adds"),
    ("range_removes", "removes"),
]


def markdown(summary, args):
    head = "| " + " | ".join(t for _, t in COLUMNS) + " |"
    lines = [head, "|" + "---|" * len(COLUMNS)]
    for s in summary:
        cells = []
        for k, _ in COLUMNS:
            v = s.get(k)
            if k == "ratio":
                v = f"{s['ratio']} ({s['ratio_min']})"
            cells.append("" if v is None else str(v))
        lines.append("| " + " | ".join(cells) + " |")
    return (
        f"{args.mib} MiB, {args.seconds} s a run, {args.runs} runs a side alternated, "
        f"--proactive {args.rate}; medians\n\n" + "\n".join(lines)
    )


def plot(rows, out):
    """Memory over time: each workload's first native and proactive run."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, axes = plt.subplots(1, len(WORKLOADS), figsize=(4 * len(WORKLOADS), 3.2))
    for ax, w in zip(axes, WORKLOADS, strict=False):
        for config, color in (("native", "tab:gray"), ("proactive", "tab:green")):
            r = next((r for r in rows if r["workload"] == w and r["config"] == config), None)
            if r:
                ts, kib = zip(*r["rss_series"], strict=False) if r["rss_series"] else ((), ())
                ax.plot(ts, [k / 1024 for k in kib], color=color, label=config)
        ax.set_title(w, fontsize=9)
        ax.set_xlabel("s")
        ax.set_ylabel("MiB (RssAnon + RssShmem)")
        ax.legend(fontsize=7)
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(out / f"pager-memory.{ext}", dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mib", type=int, default=128)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rate", default="0.2%", help="--proactive's RATE (0.2%%)")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--busy", type=int, default=0, help="busy loops beside the runs")
    ap.add_argument("--build", default="build")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out).resolve()
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    loops = busy_loops(args.busy) if args.busy else []
    rows = []
    try:
        for rep in range(args.runs):
            for w in args.workloads.split(","):
                for config in ("native", "proactive") if rep % 2 == 0 else ("proactive", "native"):
                    r = one(w, config, args, rep, work)
                    print(
                        f"{w} {config} run {rep + 1}: {r['units_per_s']:.4g} units/s, "
                        f"{r['rss_mib']} MiB",
                        flush=True,
                    )
                    rows.append(r)
    finally:
        stop(loops)
    for w in WORKLOADS:
        sums = {r["checksum"] for r in rows if r["workload"] == w}
        if len(sums) > 1:
            sys.exit(f"{w}: the checksums differ between runs: {sums}")
    summary = summarize(rows)
    plot(rows, out)
    keys = list(dict.fromkeys(k for r in rows for k in r if k != "rss_series"))
    flat = [{k: r.get(k, "") for k in keys} for r in rows]
    write(out, "pager", markdown(summary, args), flat)
    (out / "pager-summary.json").write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
