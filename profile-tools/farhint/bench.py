"""The A/B benchmark behind `farhint bench` and `farhint demo`: each app
under native, kswap, nohint (the runtime, no hints) and auto (hints the pass
inserted from a profile taken at 10% local), at several local-memory
fractions of the app's peak; configurations interleaved within each
repetition so machine noise hits all alike; every run's checksum compared
with native's."""

import csv
import json
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from farhint import apps, buildtree, report
from farhint.profile import load_profile
from farhint.kswap import Swap, charged_peak, run_kswap
from farhint.runenv import measure_peak, runtime_env

CONFIGS = ("native", "kswap", "nohint", "auto", "manual")
# On request: the same hints without the prefetches ahead (prefetch-distance=0),
# to measure what the prefetches add.
OPTIONAL_CONFIGS = ("auto-noprefetch",)
MIN_LOCAL = 1 << 20
FIELDS = ["app", "size", "config", "local_pct", "repeat", "seconds", "status", "local_bytes",
          "faults_hinted", "faults_unhinted", "faults_write_protect", "readahead_pages",
          "fetched_pages", "evicted_pages", "latency_hinted_p50_us", "latency_hinted_p99_us",
          "latency_unhinted_p50_us", "latency_unhinted_p99_us", "runtime_cpu_ms",
          "cgroup_max_usage", "major_faults"]


@dataclass
class Prepared:
    app: apps.App
    size: str
    args: list
    native: Path
    auto: Path
    auto_noprefetch: Path | None  # built only when that configuration runs
    manual: Path | None  # built with its hand hints, if it has them
    profile: Path
    peak: int            # far memory the app touches with everything local
    other: int           # the rest of what the kernel charges it (code, stacks, libc)
    checksum: str
    native_seconds: float


def _timed(cmd, env=None, timeout=None):
    """(returncode or None on timeout, seconds, stdout). The child is reaped
    by a blocking wait on a thread: Popen.wait(timeout) polls with sleeps of
    up to 50 ms, which would round short runs up to the next poll."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.DEVNULL)
        ended = []
        waiter = threading.Thread(target=lambda: ended.append((proc.wait(), time.monotonic())))
        waiter.start()
        timed_out = False
        try:
            waiter.join(timeout)
        finally:  # a timeout, or an interrupted sweep: the run must not outlive it
            if not ended:
                timed_out = True
                proc.kill()
                waiter.join()
        rc, t1 = ended[0]
        out.seek(0)
        return None if timed_out else rc, t1 - t0, out.read().decode(errors="replace")


def _farhint(*args, **kw):
    return subprocess.run([str(buildtree.part("bin/farhint")), *map(str, args)],
                          capture_output=True, text=True, **kw)


def prepare(app: apps.App, size: str, workdir: Path, say, noprefetch=False) -> Prepared:
    """noprefetch: also build the auto-noprefetch configuration."""
    native = buildtree.part(f"bin/app-{app.name}")
    args = app.args(size)
    rc, seconds, stdout = _timed([str(native), *args])
    checksum = apps.checksum_of(stdout)
    if rc != 0 or not checksum:
        raise RuntimeError(f"{app.name} failed natively (exit {rc})")
    try:
        peak = measure_peak([str(native), *args], workdir / f"{app.name}-peak.json")
        # kswap's limit covers everything the kernel charges the program, so
        # it gets the local budget plus what is not heap. (Not ru_maxrss: a
        # child forked from Python starts with the parent's high-water mark.)
        other = max(charged_peak([str(native), *args]) - peak, 0)
    except RuntimeError as err:
        raise RuntimeError(f"{app.name}: {err}") from err
    say(f"{app.name}: native {seconds:.2f} s, far-memory peak {peak >> 20} MiB; profiling at 10% local")
    prof = workdir / f"{app.name}.fhprof"
    out = _farhint("profile", "--peak", peak, "--local", "10%", "-o", prof, "--",
                   native, *args)
    if out.returncode != 0:
        raise RuntimeError(f"profiling {app.name} failed: {out.stderr.strip()[-500:]}")
    auto = workdir / f"app-{app.name}-auto"
    auto_noprefetch = workdir / f"app-{app.name}-auto-noprefetch" if noprefetch else None
    builds = [(auto, f"report={workdir / app.name}.hints.yaml")]
    if auto_noprefetch:
        builds.append((auto_noprefetch, "prefetch-distance=0"))
    for binary, extra in builds:
        out = _farhint("cc", *(["--cxx"] if app.cxx else []), "--profile", prof,
                       "--plugin-arg", extra,
                       "--", *apps.FLAGS, app.source_path, "-o", binary, *apps.LIBS)
        if out.returncode != 0:
            raise RuntimeError(f"compiling {app.name} with hints failed: "
                               f"{out.stderr.strip()[-500:]}")
    manual = workdir / f"app-{app.name}-manual" if app.manual else None
    if manual:
        out = _farhint("cc", *(["--cxx"] if app.cxx else []), "--", *apps.FLAGS,
                       "-DFARHINT_MANUAL", app.source_path, "-o", manual, *apps.LIBS)
        if out.returncode != 0:
            raise RuntimeError(f"compiling {app.name} with its hand hints failed: "
                               f"{out.stderr.strip()[-500:]}")
    return Prepared(app, size, args, native, auto, auto_noprefetch, manual, prof, peak, other,
                    checksum, seconds)


def _stats_fields(path: Path) -> dict:
    if not path.exists():
        return {}
    s = json.loads(path.read_text())
    c, lat = s["counters"], s["latency_ns"]
    return {"faults_hinted": c["faults_hinted"], "faults_unhinted": c["faults_unhinted"],
            "faults_write_protect": c["faults_write_protect"],
            "readahead_pages": c["readahead_pages"], "fetched_pages": c["fetched_pages"],
            "evicted_pages": c["evicted_pages"],
            "latency_hinted_p50_us": lat["hinted"]["p50"] / 1e3,
            "latency_hinted_p99_us": lat["hinted"]["p99"] / 1e3,
            "latency_unhinted_p50_us": lat["unhinted"]["p50"] / 1e3,
            "latency_unhinted_p99_us": lat["unhinted"]["p99"] / 1e3,
            "runtime_cpu_ms": s["runtime_cpu_ns"] / 1e6}


def local_bytes(peak: int, fraction: float) -> int:
    """Local memory for a fraction of the peak, plus the runtime's free-frame
    reserve (1%, at least one eviction batch), which it takes out of its
    budget: without it, '100%' would be slightly less than the working set,
    and a cyclic scan would miss on every pass. kswap gets the same."""
    local = int(peak * fraction)
    return max(local + max(local // 100, 32 * 4096), MIN_LOCAL)


def run_one(p: Prepared, config: str, fraction: float, repeat: int, workdir: Path,
            timeout: float) -> dict:
    local = local_bytes(p.peak, fraction)
    row = {"app": p.app.name, "size": p.size, "config": config,
           "local_pct": round(fraction * 100), "repeat": repeat, "local_bytes": local}
    if config == "native":
        rc, seconds, stdout = _timed([str(p.native), *p.args], timeout=timeout)
    elif config == "kswap":
        r = run_kswap([str(p.native), *p.args], local + p.other, timeout=timeout)
        rc, seconds, stdout = r.returncode, r.seconds, r.stdout
        row["cgroup_max_usage"] = r.max_usage
        row["major_faults"] = r.major_faults
        if r.oom_killed:
            rc = "oom-killed"
    else:
        stats = workdir / "last-stats.json"
        stats.unlink(missing_ok=True)
        binary = {"nohint": p.native, "auto": p.auto, "auto-noprefetch": p.auto_noprefetch,
                  "manual": p.manual}[config]
        # Preloaded directly (as `farhint run` does), so the time is the
        # program's and not the launcher's.
        env = runtime_env({"FARHINT_LOCAL": local, "FARHINT_STATS_FILE": stats})
        rc, seconds, stdout = _timed([str(binary), *p.args], env=env, timeout=timeout)
        row.update(_stats_fields(stats))
    row["seconds"] = round(seconds, 4)
    if rc is None:
        row["status"] = "timeout"
    elif rc == "oom-killed":
        row["status"] = "oom-killed"
    elif rc != 0:
        row["status"] = f"failed ({rc})"
    elif apps.checksum_of(stdout) != p.checksum:
        row["status"] = "CHECKSUM MISMATCH"
    else:
        row["status"] = "ok"
    return row


def sweep(prepared, configs, fractions, repeats, workdir: Path, csv_path: Path,
          swap_kind="zram", timeout_factor=30.0, say=print):
    """Runs everything, appending each row to csv_path as it finishes, so an
    interrupted sweep keeps what it did. Returns the rows."""
    plan = [(r, p, c, f) for r in range(1, repeats + 1) for p in prepared for c in configs
            for f in ([1.0] if c == "native" else fractions)
            if c != "manual" or p.manual]
    rows = []
    new = not csv_path.exists()
    with open(csv_path, "a", newline="") as out:
        writer = csv.DictWriter(out, FIELDS)
        if new:
            writer.writeheader()
        swap_size = 2 * max(p.peak for p in prepared) + (64 << 20)
        swap = Swap(swap_size, swap_kind) if "kswap" in configs else None
        try:
            if swap:
                swap.__enter__()
            for i, (r, p, c, f) in enumerate(plan, 1):
                timeout = max(60.0, timeout_factor * p.native_seconds)
                row = run_one(p, c, f, r, workdir, timeout)
                rows.append(row)
                writer.writerow(row)
                out.flush()
                ratio = row["seconds"] / p.native_seconds if p.native_seconds else 0
                mark = "" if row["status"] == "ok" else f"  <-- {row['status']}"
                say(f"[{i}/{len(plan)}] {p.app.name:<12} {c:<7} {row['local_pct']:>3}% local "
                    f"rep {r}: {row['seconds']:7.2f} s ({ratio:5.2f}x native){mark}")
        finally:
            if swap:
                swap.__exit__(None, None, None)
    return rows


def medians(rows):
    """(app, config, local_pct) -> (median seconds of the runs that finished,
    statuses seen, median seconds of all runs)."""
    groups = {}
    for r in rows:
        key = (r["app"], r["config"], int(r["local_pct"]))
        groups.setdefault(key, []).append(r)
    out = {}
    for key, rs in groups.items():
        ok = sorted(float(r["seconds"]) for r in rs if r["status"] == "ok")
        every = sorted(float(r["seconds"]) for r in rs)
        out[key] = (ok[len(ok) // 2] if ok else None, sorted({r["status"] for r in rs}),
                    every[len(every) // 2])
    return out


def ratio_text(entry, base) -> str:
    """A summary cell: '1.62x', or for runs that did not finish their status
    and how long they ran, e.g. 'oom-killed at 70.1x'."""
    t, statuses, every = entry
    bad = [s for s in statuses if s != "ok"]
    if t is None:
        return f"{', '.join(statuses)} at {every / base:.1f}x" if base else ", ".join(statuses)
    return f"{t / base:.2f}x" + (f" ({', '.join(bad)})" if bad else "")


def summary_markdown(rows, fractions) -> str:
    med = medians(rows)
    pcts = [round(f * 100) for f in fractions]
    lines = ["| app | config | " + " | ".join(f"{p}% local" for p in pcts) + " |",
             "|---|---|" + "---|" * len(pcts)]
    for app in sorted({r["app"] for r in rows}):
        base = med.get((app, "native", 100), (None,))[0]
        for config in [c for c in CONFIGS + OPTIONAL_CONFIGS if c != "native"]:
            if not any(k[0] == app and k[1] == config for k in med):
                continue
            cells = [ratio_text(med[(app, config, p)], base) if (app, config, p) in med else "-"
                     for p in pcts]
            lines.append(f"| {app} | {config} | " + " | ".join(cells) + " |")
        lines.append(f"| {app} | native | {base:.2f} s = 1.00x" + " |" * len(pcts) if base else
                     f"| {app} | native | failed |")
    return "\n".join(lines) + ("\n\nTimes are medians normalized to the native median of the "
                               "same run; a run that did not finish shows how long it ran.\n")


def sites_markdown(prepared, workdir: Path, top: int = 8) -> str:
    """Per app, the top sites of its 10% profile: share of faults, the
    suggested hint, and what the plugin did with it."""
    out = ["\n## Sites of each app's profile at 10% local"]
    for p in prepared:
        prof = load_profile(p.profile)
        hints = report.load_hint_reports([workdir / f"{p.app.name}.hints.yaml"])
        cov = report.coverage_summary(prof)
        out += [f"\n### {p.app.name}: {prof['run']['total_faults']} faults; sites covering "
                + ", ".join(f"{k}: {v or '-'}" for k, v in cov.items()) + "\n",
                "| rank | site | function | % | cum % | suggested | plugin |",
                "|---|---|---|---|---|---|---|"]
        for r in report.rows(prof, top, hints):
            out.append(f"| {r['rank']} | `{r['site']}` | {r['function'][:40]} | {r['percent']} | "
                       f"{r['cumulative']} | {r['hint']} | {r.get('plugin', '')[:80]} |")
    return "\n".join(out) + "\n"


def progress_printer():
    def say(msg):
        print(msg, file=sys.stderr, flush=True)
    return say
