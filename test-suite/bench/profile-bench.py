#!/usr/bin/env python3
"""What a profile costs, and what spatial sampling changes (issue 15): each
program at its large input, side by side in one run --

  native         the program alone
  profile        `farhint profile --local 10%` as a user types it: the run
                 measuring the peak, then the traced run, spatial sampling
                 at its automatic rate (1 page in N far); with --one-run,
                 `farhint profile --one-run`: no run measuring the peak
  exact          the traced run with every page far (--spatial-sampling 1),
                 given the peak: the reference the sampled profile is held to

or, with --max-slowdown X, what tracing in windows of time changes --

  windows        `farhint profile --one-run --max-slowdown X`
  throughout     `farhint profile --local 10%` as a user types it, the
                 reference the windowed profile is held to

and compares the two profiles: the estimated faults, each top site's share
(the exact profile's sites covering 90% of its faults) and its suggestion.

and, with --hinted-reps N, what the two profiles' hints are worth: each
program built with each and timed at its small input, 25% local.

Usage: profile-bench.py --out DIR [--crono SRC] [--programs a,b]
                        [--exact-timeout S] [--one-run | --max-slowdown X
                        [--hinted-reps N]]
                        [--build DIR]
Programs and inputs are the suites' (profile-tools/farhint/suites/): the
bundled apps, and CRONO's when --crono names a CRONO checkout. An exact
profile already in DIR (NAME-exact.fhprof) is kept, not measured again."""

import argparse
import csv
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))

from farhint import bench, suite  # noqa: E402
from farhint.runenv import measure_peak  # noqa: E402

# The suites' programs compared here (kvserver, a server, is not: its
# profile window is its load's); tsp, apsp, bc and sssp are left out for
# time (their profiles are small or their natives long).
BUNDLED = ["qsort", "kvstore", "gen", "graph", "dataframe", "blackscholes", "psort", "kmedian"]
CRONO = ["connected_components", "triangle_counting", "dfs", "pagerank", "bfs", "community"]
COVER = 0.9  # the exact profile's top sites covering this share are compared


def timed(cmd, timeout=None, **kw):
    """Seconds, and the completed process (None on a timeout, after which
    nothing it started is left running)."""
    t0 = time.monotonic()
    with subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True, **kw
    ) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return time.monotonic() - t0, None
    proc = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return time.monotonic() - t0, proc


def faults(site):
    return sum(site["faults"][k] for k in ("read", "write", "write_protect"))


def hint(site):
    """What the plugin would insert: mut, seq and read-ahead (ev_prio apart)."""
    s = site["suggest"]
    return s.get("mut"), s.get("seq"), s.get("rdahead")


def compare(exact, sampled):
    """Over exact's top sites: the largest share difference in points, and
    how many got the same mut/seq/read-ahead and the same ev_prio, of how
    many."""

    def key(s):  # a site: its location and where it was inlined (swap in two callers)
        chain = tuple((c["file"], c["line"], c["column"]) for c in s.get("inlined_at", []))
        return s["file"], s["line"], s["column"], s["function"], chain

    total_e, total_s = exact["run"]["total_faults"], sampled["run"]["total_faults"]
    theirs = {key(s): s for s in sampled["sites"]}
    worst, same, same_prio, n, covered = 0.0, 0, 0, 0, 0
    for s in exact["sites"]:
        if covered >= COVER * total_e:
            break
        covered += faults(s)
        n += 1
        other = theirs.get(key(s))
        share_s = 100 * faults(other) / total_s if other else 0.0
        worst = max(worst, abs(100 * faults(s) / total_e - share_s))
        same += other is not None and hint(other) == hint(s)
        same_prio += other is not None and other["suggest"].get("ev_prio") == s["suggest"].get(
            "ev_prio"
        )
    return worst, same, same_prio, n


def programs(args, bins):
    """name -> (its suite's Program, the command running it at its large input)."""
    chosen = [(suite.bundled(), BUNDLED)]
    if args.crono:
        chosen.append((suite.load("crono", args.crono), CRONO))
    out = {}
    for s, names in chosen:
        for name in names:
            program = s.programs[name]
            exe = program.prebuilt or bins / name
            if not program.prebuilt and not exe.exists():
                bench.build(program, exe)
            out[name] = program, [str(exe), *program.args("large")]
    if args.programs:
        out = {k: v for k, v in out.items() if k in args.programs.split(",")}
    return out


def measure_windows(args, farhint, name, cmd, work):
    """One program's row with --max-slowdown: the windowed profile, and the
    one recorded throughout that it stands for."""
    native, _ = timed(cmd, cwd=work)
    windowed_path, ref_path = args.out / f"{name}.fhprof", args.out / f"{name}-throughout.fhprof"
    windowed_s, _ = timed(
        [
            farhint,
            "profile",
            "--local",
            "10%",
            "--one-run",
            "--max-slowdown",
            str(args.max_slowdown),
            "-o",
            windowed_path,
            "--",
            *cmd,
        ],
        cwd=work,
    )
    ref_s, _ = timed([farhint, "profile", "--local", "10%", "-o", ref_path, "--", *cmd], cwd=work)
    windowed, ref = json.loads(windowed_path.read_text()), json.loads(ref_path.read_text())
    worst, same, same_prio, n = compare(ref, windowed)
    windows = windowed["run"].get("windows", {})
    row = {
        "program": name,
        "native_s": round(native, 2),
        "windows_profile_s": round(windowed_s, 1),
        "windows_ratio": round(windowed_s / native, 2),
        "throughout_profile_s": round(ref_s, 1),
        "throughout_ratio": round(ref_s / native, 2),
        "recorded_share": windows.get("recorded_share", 1),
        "estimate_ratio": round(windowed["run"]["total_faults"] / ref["run"]["total_faults"], 3),
        "max_share_diff": round(worst, 1),
        "same_hints": f"{same}/{n}",
        "same_ev_prio": f"{same_prio}/{n}",
    }
    print(", ".join(f"{k} {v}" for k, v in row.items()), flush=True)
    return row


def hinted_times(args, farhint, program, native, work):
    """What the profiles' hints are worth (native: the program's plain
    binary, as programs() chose it): the program built with the
    windowed profile's hints and with the one's recorded throughout, at its
    small input with 25% of its peak there local and the load table's
    modelled link, medians of --hinted-reps runs each, alternated."""
    name, small = program.name, program.args("small")
    peak = measure_peak([native, *small], work / f"{name}-small-peak.json", cwd=work)
    runs = {}
    for kind, prof in (("windows", f"{name}.fhprof"), ("throughout", f"{name}-throughout.fhprof")):
        binary = work / f"{name}-{kind}-hinted"
        bench.build(program, binary, args.out / prof)
        runs[kind] = (binary, [])
    run = [farhint, "run", "--local", str(peak // 4), "--link-latency", "5us"]
    run += ["--link-bandwidth", "100gbit", "--"]
    for _ in range(args.hinted_reps):
        for binary, times in runs.values():
            times.append(timed([*run, str(binary), *small], cwd=work)[0])
    medians = {kind: statistics.median(times) for kind, (_, times) in runs.items()}
    row = {f"{kind}_hinted_s": round(m, 3) for kind, m in medians.items()}
    row["hinted_ratio"] = round(medians["windows"] / medians["throughout"], 3)
    print(f"{name}: hinted from windows {row}", flush=True)
    return row


def measure(args, farhint, name, cmd, work):
    """One program's row: the sampled profile, and the exact one it stands for."""
    native, _ = timed(cmd, cwd=work)
    auto_path, exact_path = args.out / f"{name}.fhprof", args.out / f"{name}-exact.fhprof"
    one_run = ["--one-run"] if args.one_run else []
    total, _ = timed(
        [farhint, "profile", "--local", "10%", *one_run, "-o", auto_path, "--", *cmd], cwd=work
    )
    run = json.loads(auto_path.read_text())["run"]
    rate = run.get("spatial_sampling", {}).get("one_in", 1)
    row = {
        "program": name,
        "native_s": round(native, 2),
        "peak_mib": run["peak_bytes"] >> 20,
        "one_in": rate,
        "profile_s": round(total, 1),
        "traced_s": run["duration_s"],
        "bound_points": run.get("share_error_pct", ""),
    }
    done = exact_path.exists()  # kept from an earlier run: delete it to measure again
    if not done:
        exact_cmd = [farhint, "profile", "--local", "10%", "--peak", str(run["peak_bytes"])]
        exact_cmd += ["--spatial-sampling", "1", "-o", exact_path, "--", *cmd]
        _, done = timed(exact_cmd, timeout=args.exact_timeout, cwd=work)
    if done and rate > 1:
        exact = json.loads(exact_path.read_text())
        worst, same, same_prio, n = compare(exact, json.loads(auto_path.read_text()))
        row.update(
            exact_traced_s=exact["run"]["duration_s"],
            estimate_ratio=round(run["total_faults"] / exact["run"]["total_faults"], 3),
            max_share_diff=round(worst, 1),
            same_hints=f"{same}/{n}",
            same_ev_prio=f"{same_prio}/{n}",
        )
    elif done:
        row["exact_traced_s"] = json.loads(exact_path.read_text())["run"]["duration_s"]
    else:
        row["exact_traced_s"] = f">{args.exact_timeout:g}"
    print(
        f"{name}: native {native:.2f} s, profile {total:.1f} s ({total / native:.1f}x, "
        f"traced {row['traced_s']} s, 1 in {rate}); exact traced {row['exact_traced_s']} s; "
        f"estimate x{row.get('estimate_ratio', '-')}, shares within "
        f"{row.get('max_share_diff', '-')} points (bound {row['bound_points']}), "
        f"same mut/seq/rdahead {row.get('same_hints', '-')}, same ev_prio "
        f"{row.get('same_ev_prio', '-')}",
        flush=True,
    )
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--crono", help="a CRONO checkout: also its programs")
    ap.add_argument("--programs", help="only these (comma-separated)")
    ap.add_argument("--exact-timeout", type=float, default=600)
    ap.add_argument("--one-run", action="store_true", help="profile with farhint profile --one-run")
    ap.add_argument(
        "--max-slowdown",
        type=float,
        help="profile with --one-run --max-slowdown X, against the profile recorded throughout",
    )
    ap.add_argument(
        "--hinted-reps",
        type=int,
        default=0,
        metavar="N",
        help="with --max-slowdown: also build each program with each profile's hints and "
        "time both at its small input, 25%% local, N runs each, alternated",
    )
    ap.add_argument("--build", default=str(ROOT / "build"))
    args = ap.parse_args()
    farhint = str(Path(args.build) / "bin" / "farhint")
    args.out.mkdir(parents=True, exist_ok=True)
    bins = args.out / "bin"
    bins.mkdir(exist_ok=True)
    work = args.out / "work"
    work.mkdir(exist_ok=True)
    rows = []
    for name, (program, cmd) in programs(args, bins).items():
        if not args.max_slowdown:
            rows.append(measure(args, farhint, name, cmd, work))
            continue
        rows.append(measure_windows(args, farhint, name, cmd, work))
        if args.hinted_reps:
            rows[-1].update(hinted_times(args, farhint, program, cmd[0], work))
    fields = list(dict.fromkeys(k for r in rows for k in r))
    with open(args.out / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
