"""What the benchmarks that run a suite's programs side by side share: their
options and the preparation (built, profiled at 10% local, hinted) of each
program once (load-bench.py, priority-bench.py)."""

import csv
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))

from farhint import bench, suite  # noqa: E402


def add_options(ap, reps):
    ap.add_argument("--suite", default="bundled")
    ap.add_argument("--src", help="the suite's sources (for crono: a checkout)")
    ap.add_argument("--programs", help="comma-separated (default all but servers)")
    ap.add_argument("--size", choices=["small", "large"], default="small")
    ap.add_argument("--local", type=float, default=25, help="%% of each program's peak (25)")
    ap.add_argument("--reps", type=int, default=reps)
    ap.add_argument("--busy", type=int, default=os.cpu_count() or 1, help="busy loops (a CPU each)")
    ap.add_argument("--timeout-factor", type=float, default=30)
    ap.add_argument("--out", required=True)


def prepare(args, say):
    """(OUT as a folder made, its work folder, each program prepared)."""
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    s = suite.bundled() if args.suite == "bundled" else suite.load(args.suite, args.src)
    wanted = args.programs.split(",") if args.programs else None
    programs = [
        p for n, p in s.programs.items() if (wanted is None or n in wanted) and not p.server
    ]
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    return out, work, [bench.prepare(p, args.size, work, say) for p in programs]


def busy_loops(n, seconds=None):
    """n busy loops, a CPU each; with seconds, they end by themselves then."""
    timed = ["timeout", str(seconds)] if seconds else []
    return [
        subprocess.Popen([*timed, "sh", "-c", "while :; do :; done"], start_new_session=True)
        for _ in range(n)
    ]


def stop(loops):
    for p in loops:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()


def write(out, name, report, rows):
    """OUT/NAME.md (the report, also printed) and OUT/NAME.csv (rows, dicts
    of the same keys)."""
    (out / f"{name}.md").write_text(report)
    with open(out / f"{name}.csv", "w", newline="") as f:
        w = csv.DictWriter(f, list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(report)
