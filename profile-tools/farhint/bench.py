"""The A/B benchmark behind `farhint bench` and `farhint demo`: each program
of a suite under native, kswap, nohint (the runtime, no hints) and auto
(hints the pass inserted from a profile taken at 10% local), at several
local-memory fractions of the program's native peak; configurations interleaved
within each repetition so machine noise hits all alike; every run's output
checked against native's (suite.Check). Each program runs in its own
folder under the results, emptied before each run."""

import csv
import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from farhint import buildtree, report, serve, suite
from farhint.kswap import Swap, native_peaks, run_kswap
from farhint.profile import load_profile
from farhint.runenv import measure_peak, runtime_env

CONFIGS = ("native", "kswap", "nohint", "auto", "manual")
# Rebuilt from the program's sources: not for a program given prebuilt.
BUILT_WITH_HINTS = ("auto", "auto-noprefetch", "auto-nobuffer", "manual", "ult")
# On request, auto's profile built otherwise (VARIANTS: the plugin's options),
# to measure what a part of it adds: auto-noprefetch, the same hints without
# the prefetches ahead; auto-nobuffer, without buffered writes.
VARIANTS = {
    "auto-noprefetch": ["prefetch-distance=0"],
    "auto-nobuffer": ["buffered-writes=false"],
}
# ult and nohint-ult: auto's and nohint's binaries on user-level threads
# (farhint run --ult).
# compress and nohint-compress: auto's and nohint's binaries with far memory
# compressed in the program's own memory (--backend compress).
OPTIONAL_CONFIGS = (*VARIANTS, "ult", "nohint-ult", "compress", "nohint-compress")
ON_ULT = ("ult", "nohint-ult")
ON_COMPRESS = ("compress", "nohint-compress")
# With --ab BUILD: each configuration that runs the runtime also runs with
# BUILD's runtime (CONFIG@base), alternated with this build's in every repeat.
ON_RUNTIME = ("nohint", "auto", *VARIANTS, "manual", "ult", "nohint-ult") + ON_COMPRESS
BASE = "@base"


def plain(config: str) -> str:
    """The configuration a CONFIG@base run is of."""
    return config.removesuffix(BASE)


def with_base(configs) -> list:
    """configs, each that runs the runtime followed by its @base twin."""
    return [x for c in configs for x in ([c, c + BASE] if c in ON_RUNTIME else [c])]


MIN_LOCAL = 1 << 20
# How long a server gets to listen, and each of its load commands to end,
# outside the sweep's runs (which have their own timeout).
SERVER_TIMEOUT = 1800.0
# Sent to a server's profiling run after its warm-up: recording starts there.
PROFILE_START = signal.SIGUSR2
FIELDS = [
    "app",
    "size",
    "config",
    "local_pct",
    "repeat",
    "seconds",
    "status",
    "local_bytes",
    "faults_hinted",
    "faults_unhinted",
    "faults_write_protect",
    "readahead_pages",
    "fetched_pages",
    "evicted_pages",
    "latency_hinted_p50_us",
    "latency_hinted_p99_us",
    "latency_unhinted_p50_us",
    "latency_unhinted_p99_us",
    "runtime_cpu_ms",
    "syscalls_per_page",
    "fault_priority_raised",
    "fault_priority_lowered",
    "fault_priority_raised_s",
    "pool_mib",
    "restored_pages",
    "latency_restore_p99_us",
    "cgroup_max_usage",
    "major_faults",
    "reclaim_assists",
]


@dataclass
class Prepared:
    program: suite.Program
    size: str
    args: list
    folder: Path  # where it runs (cwd), emptied before each run
    native: Path
    auto: Path | None  # None for a prebuilt program: nothing to rebuild with hints
    variants: dict  # VARIANTS' builds, those whose configuration runs
    manual: Path | None  # built with its hand hints, if it has them
    profile: Path
    serving: serve.Serving | None  # a server's load; its times are the load's
    peak: int  # far memory the program touches with everything local (profiled at 10% of it)
    native_peak: int  # what the kernel charges a native run, less unmapped page cache
    charged: int  # everything the kernel charges a native run
    checksum: str
    native_seconds: float
    profile_seconds: float  # the profiling run at 10% local


STOP_GRACE_S = 5  # from SIGTERM at a timeout to SIGKILL


def _timed(cmd, env=None, timeout=None, cwd=None, on_start=None):
    """(returncode or None on timeout, seconds, stdout). The child is reaped
    by a blocking wait on a thread: Popen.wait(timeout) polls with sleeps of
    up to 50 ms, which would round short runs up to the next poll. on_start
    gets the Popen once it started. A run stopped at its timeout gets
    SIGTERM first, so that the runtime writes the statistics it has."""
    t0 = time.monotonic()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.DEVNULL, cwd=cwd)
        if on_start:
            on_start(proc)
        ended = []
        waiter = threading.Thread(target=lambda: ended.append((proc.wait(), time.monotonic())))
        waiter.start()
        timed_out = False
        try:
            waiter.join(timeout)
        finally:  # a timeout, or an interrupted sweep: the run must not outlive it
            if not ended:
                timed_out = True
                proc.terminate()
                waiter.join(STOP_GRACE_S)
                if not ended:
                    proc.kill()
                    waiter.join()
        rc, t1 = ended[0]
        out.seek(0)
        return None if timed_out else rc, t1 - t0, out.read().decode(errors="replace")


def _farhint(*args, on_start=None, **kw):
    """farhint's CompletedProcess; on_start gets its Popen once it started."""
    with subprocess.Popen(
        [str(buildtree.part("bin/farhint")), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    ) as proc:
        if on_start:
            on_start(proc)
        out, err = proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _launch(serving, args, timeout=SERVER_TIMEOUT, start_signal=None):
    """The arguments of one run and, for a server, the LoadDriver to give
    the run's on_start (None for a program that runs to its end)."""
    return serving.start(args, timeout, start_signal) if serving else (args, None)


def _loaded(name, drive, what):
    """A server's load time in the run `what`; RuntimeError if its load failed."""
    seconds, error = drive.result()
    if error:
        raise RuntimeError(f"{name}: {what}: {error}")
    return seconds


def _fresh(folder: Path) -> Path:
    """The run folder, emptied: what a run writes there is all that is checked."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def build(
    program: suite.Program, dest: Path, profile: Path | None = None, plugin_args=(), defines=()
):
    """Builds program into dest through farhint cc: plainly without a
    profile, with the FarHint plugin and the profile's hints with one.
    RuntimeError with the compiler's message if it fails."""
    if program.sources:
        cmd = ["cc", *(["--cxx"] if program.cxx else [])]
        if profile:
            cmd += ["--profile", profile, *[a for kv in plugin_args for a in ("--plugin-arg", kv)]]
        out = _farhint(
            *cmd,
            "--",
            *program.flags,
            *defines,
            *[program.src / s for s in program.sources],
            "-o",
            dest,
            *program.libs,
            env={**os.environ, "FARHINT_PROFILE": ""},
        )  # plain means plain
    else:  # the program's own build, run in a scratch folder with the wrappers as CC and CXX
        flags = " ".join([*program.flags, *defines])
        env = {
            **os.environ,
            "CC": str(buildtree.part("bin/farhint-cc")),
            "CXX": str(buildtree.part("bin/farhint-c++")),
            "CFLAGS": flags,
            "CXXFLAGS": flags,
            "FARHINT_PROFILE": str(profile.resolve()) if profile else "",
            "FARHINT_PLUGIN_ARGS": " ".join(plugin_args),
        }
        folder = _fresh(dest.with_name(dest.name + ".build"))
        out = subprocess.run(
            program.build, shell=True, cwd=folder, env=env, capture_output=True, text=True
        )
        binary = folder / program.binary  # relative to the folder, or absolute
        if out.returncode == 0:
            if not binary.is_file():
                raise RuntimeError(f"{program.name}: `{program.build}` did not produce {binary}")
            shutil.copy2(binary, dest)
        shutil.rmtree(folder)
    if out.returncode != 0:
        what = "with hints" if profile else "natively"
        raise RuntimeError(
            f"building {program.name} {what} failed: {(out.stderr or out.stdout).strip()[-800:]}"
        )


def _native_run(program, binary, args, folder, serving):
    """(seconds, checked value) of a native run; RuntimeError if it fails."""
    args, drive = _launch(serving, args)
    rc, seconds, stdout = _timed([str(binary), *args], cwd=_fresh(folder), on_start=drive)
    if drive:
        seconds = _loaded(program.name, drive, "its native run")
    value = program.check.value(stdout, folder)
    if rc != 0:
        raise RuntimeError(f"{program.name} failed natively (exit {rc})")
    if value is None:
        raise RuntimeError(
            f"{program.name}: its native run has no output to check ({program.check.describe()})"
        )
    return seconds, value


def prepare(program: suite.Program, size: str, workdir: Path, say, variants=()) -> Prepared:
    """Builds (natively, profiles at 10% local, builds with the hints), runs
    natively twice -- the output checked must be the same both times -- and
    measures the peak. variants: the VARIANTS to build too."""
    name = program.name
    folder = workdir / "run" / name
    if program.prebuilt:
        native = program.prebuilt
    else:
        say(f"{name}: building natively ({program.source})")
        native = workdir / f"{name}-native"
        build(program, native)
    args = program.args(size)
    serving = _serving(program, size, workdir, say)
    first = _native_run(program, native, args, folder, serving)[1]  # also warms the page cache
    seconds, checksum = _native_run(program, native, args, folder, serving)
    if checksum != first:
        raise RuntimeError(
            f"{name}: two native runs gave different output "
            f"({program.check.describe()}); a check must ignore what varies "
            "from run to run (`ignore`, or a check command: docs/suites.md)"
        )
    peak, native_peak, charged = _peaks(name, native, args, folder, serving, workdir)
    say(
        f"{name}: native {seconds:.2f} s, native peak {native_peak >> 20} MiB, far-memory peak "
        f"{peak >> 20} MiB; profiling at 10% local" + (" after its warm-up" if serving else "")
    )
    prof, profile_seconds = _profile(name, native, args, folder, serving, workdir, peak)
    say(f"{name}: profiled in {profile_seconds:.1f} s ({profile_seconds / seconds:.1f}x native)")
    builds = _hinted_builds(program, workdir, prof, variants, say)
    return Prepared(
        program,
        size,
        args,
        folder,
        native,
        *builds,
        prof,
        serving,
        peak,
        native_peak,
        charged,
        checksum,
        seconds,
        profile_seconds,
    )


def _peaks(name, native, args, folder, serving, workdir):
    """The far-memory peak (the profile's budget is 10% of it), the native
    peak without unmapped page cache, and all the kernel charges. Both
    systems get the same fraction of the native peak (docs/design/benchmarks.md,
    "One footprint for both systems"). (Not ru_maxrss: a child forked from
    Python starts with the parent's high-water mark.)"""
    try:
        run_args, drive = _launch(serving, args)
        peak = measure_peak(
            [str(native), *run_args],
            workdir / f"{name}-peak.json",
            cwd=_fresh(folder),
            on_start=drive,
        )
        if drive:
            _loaded(name, drive, "the run measuring its peak")
        run_args, drive = _launch(serving, args)
        charged, native_peak = native_peaks(
            [str(native), *run_args], cwd=_fresh(folder), on_start=drive
        )
        if drive:
            _loaded(name, drive, "the run measuring its native peak")
    except RuntimeError as err:
        raise RuntimeError(f"{name}: {err}") from err
    return peak, native_peak, charged


def _profile(name, native, args, folder, serving, workdir, peak):
    """The profile at 10% local (of a server: of its serving only), and
    how long it took."""
    prof = workdir / f"{name}.fhprof"
    t0 = time.monotonic()
    run_args, drive = _launch(serving, args, start_signal=PROFILE_START)
    window = ["--start-signal", PROFILE_START.name] if serving else []
    out = _farhint(
        "profile",
        "--peak",
        peak,
        "--local",
        "10%",
        *window,
        "-o",
        prof.resolve(),
        "--",
        native.resolve(),
        *run_args,
        cwd=_fresh(folder),
        on_start=drive,
    )
    if out.returncode != 0:
        raise RuntimeError(f"profiling {name} failed: {out.stderr.strip()[-500:]}")
    return prof, _loaded(name, drive, "its profiling run") if drive else time.monotonic() - t0


def _hinted_builds(program, workdir, prof, variants, say):
    """The auto build, the variants' (by name) and the manual build (None
    where not made)."""
    name = program.name
    auto = manual = None
    built = {}
    if not program.prebuilt:
        say(f"{name}: building with the profile's hints")
        auto = workdir / f"{name}-auto"
        build(program, auto, prof, [f"report={workdir / name}.hints.yaml"])
        for variant in variants:
            built[variant] = workdir / f"{name}-{variant}"
            build(program, built[variant], prof, VARIANTS[variant])
        if program.manual:
            manual = workdir / f"{name}-manual"
            build(program, manual, defines=["-DFARHINT_MANUAL"])
    return auto, built, manual


def _serving(program, size, workdir, say):
    """A server's Serving, its client built natively if it has one; None
    for a program that runs to its end."""
    if not program.server:
        return None
    client = ""
    if program.client:
        say(f"{program.name}: building its client ({', '.join(program.client)})")
        client = str(workdir / f"{program.name}-client")
        build(
            dataclasses.replace(program, name=f"{program.name}-client", sources=program.client),
            Path(client),
        )
    fill = lambda c: c.replace("{client}", client) if c else None  # noqa: E731
    return serve.Serving(fill(program.load[size]), fill(program.warmup.get(size)))


# The system calls --stats counts per page moved (report.c's report_syscalls).
SYSCALL_COUNTERS = (
    "copy_syscalls",
    "unmap_syscalls",
    "wp_syscalls",
    "unprotect_syscalls",
    "uffd_read_syscalls",
    "wake_syscalls",
    "sleep_syscalls",
    "move_syscalls",
    "splice_syscalls",
)


def _stats_fields(path: Path) -> dict:
    if not path.exists():
        return {}
    s = json.loads(path.read_text())
    c, lat = s["counters"], s["latency_ns"]
    moved = c["fetched_pages"] + c["evicted_pages"]
    return {
        "faults_hinted": c["faults_hinted"],
        "faults_unhinted": c["faults_unhinted"],
        "faults_write_protect": c["faults_write_protect"],
        "readahead_pages": c["readahead_pages"],
        "fetched_pages": c["fetched_pages"],
        "evicted_pages": c["evicted_pages"],
        "latency_hinted_p50_us": lat["hinted"]["p50"] / 1e3,
        "latency_hinted_p99_us": lat["hinted"]["p99"] / 1e3,
        "latency_unhinted_p50_us": lat["unhinted"]["p50"] / 1e3,
        "latency_unhinted_p99_us": lat["unhinted"]["p99"] / 1e3,
        "runtime_cpu_ms": s["runtime_cpu_ns"] / 1e6,
        "syscalls_per_page": (
            round(sum(c.get(k, 0) for k in SYSCALL_COUNTERS) / moved, 3) if moved else ""
        ),
        # an --ab base build may be older than these counters
        "fault_priority_raised": c.get("fault_priority_raised", ""),
        "fault_priority_lowered": c.get("fault_priority_lowered", ""),
        "fault_priority_raised_s": round(c.get("fault_priority_raised_ns", 0) / 1e9, 2),
        # the compressed pool (--backend compress): its size at the end, restores
        "pool_mib": round(s.get("compressed_pool", {}).get("bytes", 0) / 2**20, 2),
        "restored_pages": c.get("restored_pages", ""),
        "latency_restore_p99_us": lat.get("restore", {}).get("p99", 0) / 1e3,
    }


def local_bytes(peak: int, fraction: float) -> int:
    """Local memory for a fraction of the peak, plus the runtime's free-frame
    reserve (1%, at least one eviction batch), which it takes out of its
    budget: without it, '100%' would be slightly less than the working set,
    and a cyclic scan would miss on every pass. kswap gets the same."""
    local = int(peak * fraction)
    return max(local + max(local // 100, 32 * 4096), MIN_LOCAL)


def _row_head(p: Prepared, config, fraction, repeat) -> dict:
    """What a results row says of the run before it runs."""
    return {
        "app": p.program.name,
        "size": p.size,
        "config": config,
        "local_pct": round(fraction * 100),
        "repeat": repeat,
        "local_bytes": local_bytes(p.native_peak, fraction),
    }


def run_one(
    p: Prepared,
    config: str,
    fraction: float,
    repeat: int,
    workdir: Path,
    timeout: float,
    base_build: Path | None = None,
) -> dict:
    row = _row_head(p, config, fraction, repeat)
    local = row["local_bytes"]
    args, drive = _launch(p.serving, p.args, timeout)
    if config == "native":
        rc, seconds, stdout = _timed(
            [str(p.native), *args], timeout=timeout, cwd=_fresh(p.folder), on_start=drive
        )
    elif config == "kswap":
        r = run_kswap(
            [str(p.native), *args],
            local,
            timeout=timeout,
            cwd=_fresh(p.folder),
            on_start=drive,
        )
        # A run stopped at its timeout is a timeout, not the kill's -9.
        rc = None if r.timed_out else r.returncode
        seconds, stdout = r.seconds, r.stdout
        row["cgroup_max_usage"] = r.max_usage
        row["major_faults"] = r.major_faults
        row["reclaim_assists"] = r.reclaim_assists
        if r.oom_killed:
            rc = "oom-killed"
    else:
        stats = workdir / "last-stats.json"
        stats.unlink(missing_ok=True)
        binary = {
            "nohint": p.native,
            "auto": p.auto,
            **p.variants,
            "manual": p.manual,
            "ult": p.auto,
            "nohint-ult": p.native,
            "compress": p.auto,
            "nohint-compress": p.native,
        }[plain(config)]
        # Preloaded directly (as `farhint run` does), so the time is the
        # program's and not the launcher's.
        settings = {"FARHINT_LOCAL": local, "FARHINT_STATS_FILE": stats}
        if plain(config) in ON_ULT:
            settings["FARHINT_ULT"] = 1
        if plain(config) in ON_COMPRESS:
            settings["FARHINT_BACKEND"] = "compress"
        env = runtime_env(settings, base_build if config.endswith(BASE) else None)
        rc, seconds, stdout = _timed(
            [str(binary), *args], env=env, timeout=timeout, cwd=_fresh(p.folder), on_start=drive
        )
        row.update(_stats_fields(stats))
        if rc == 0 and not stats.exists():
            rc = "no runtime"
    load_seconds, load_error = drive.result() if drive else (None, None)
    row["seconds"] = round(load_seconds or seconds, 4)
    if load_error and rc == 0:
        row["status"] = f"load failed: {load_error[:120]}"
    elif rc is None:
        row["status"] = "timeout"
    elif rc == "oom-killed":
        row["status"] = "oom-killed"
    elif rc == "no runtime":  # a build whose library does not load: the run was native
        row["status"] = "error: the far-memory runtime did not run (no statistics)"
    elif rc != 0:
        row["status"] = f"failed ({rc})"
    elif p.program.check.value(stdout, p.folder) != p.checksum:
        row["status"] = "CHECKSUM MISMATCH"
    else:
        row["status"] = "ok"
    return row


# Outcomes another repeat or less local memory would not turn into a finished
# run: once a configuration ends so at some budget, the sweep records its runs
# at that budget and below as skipped instead of spending their timeouts (in
# CRONO's large sweep, about an hour of ~2.3 hours went to kernel swap's).
# -9 that is not the sweep's own timeout is the kernel's OOM killer.
WILL_NOT_FINISH = ("timeout", "oom-killed", "failed (-9)")
SKIPPED = "skipped"


class GivenUp:
    """Which (program, config) runs did not finish, and at what budget."""

    def __init__(self):
        self._at = {}  # (program, config) -> (largest fraction, its status)

    def record(self, program, config, fraction, status):
        if status in WILL_NOT_FINISH:
            key = (program, config)
            self._at[key] = max(self._at.get(key, (0.0, "")), (fraction, status))

    def skip_status(self, program, config, fraction):
        """The status a run skipped here gets, or None to run it."""
        at = self._at.get((program, config))
        if at and fraction <= at[0]:
            return f"{SKIPPED}: {at[1]} at {round(at[0] * 100)}%"
        return None


def plan_runs(prepared, configs, fractions, repeats):
    """Every run a sweep makes, (repeat, program, configuration, fraction),
    in the order it makes them: manual hints only where a program has
    them, builds with hints only where it was built so."""
    return [
        (r, p, c, f)
        for r in range(1, repeats + 1)
        for p in prepared
        for c in configs
        for f in ([1.0] if c == "native" else sorted(fractions, reverse=True))
        if (plain(c) != "manual" or p.manual) and (plain(c) not in BUILT_WITH_HINTS or p.auto)
    ]


def _progress(p, config, row, natives, timeout_factor):
    """What a run's progress line says of it; natives (program -> seconds of
    its native runs so far) takes a native run's time."""
    if config == "native" and row["status"] == "ok":
        natives.setdefault(p.program.name, []).append(row["seconds"])
    if row["status"] == "timeout":  # its base is the preparation's native run
        return (
            f"stopped at its timeout, {row['seconds']:.1f} s "
            f"({timeout_factor:g}x the native run measured while preparing, "
            f"{p.native_seconds:.2f} s; at least 60 s; --timeout-factor raises it)"
        )
    # against the median native run so far, as summary.md's against the
    # median of all (the same with one repeat)
    done = sorted(natives.get(p.program.name, [])) or [p.native_seconds]
    base = done[len(done) // 2]
    ratio = row["seconds"] / base if base else 0
    mark = "" if row["status"] == "ok" else f"  <-- {row['status']}"
    return f"{row['seconds']:7.2f} s ({ratio:5.2f}x native){mark}"


def sweep(
    prepared,
    configs,
    fractions,
    repeats,
    workdir: Path,
    csv_path: Path,
    swap_kind="zram",
    timeout_factor=30.0,
    say=print,
    base_build: Path | None = None,
):
    """Runs everything, appending each row to csv_path as it finishes, so an
    interrupted sweep keeps what it did; with base_build, each configuration
    on the runtime also with that build's (CONFIG@base). Returns the rows."""
    if base_build:
        configs = with_base(configs)
    plan = plan_runs(prepared, configs, fractions, repeats)
    rows = []
    natives = {}  # program -> the seconds of its native runs so far
    given_up = GivenUp()
    new = not csv_path.exists()
    with open(csv_path, "a", newline="") as out:
        writer = csv.DictWriter(out, FIELDS)
        if new:
            writer.writeheader()
        swap_size = 2 * max(max(p.peak, p.native_peak) for p in prepared) + (64 << 20)
        swap = Swap(swap_size, swap_kind) if "kswap" in configs else None
        try:
            if swap:
                swap.__enter__()
                say(f"farhint bench: {swap.describe()}")
            for i, (r, p, c, f) in enumerate(plan, 1):
                skip = given_up.skip_status(p.program.name, c, f)
                if skip:
                    row = {**_row_head(p, c, f, r), "seconds": "", "status": skip}
                else:
                    timeout = max(60.0, timeout_factor * p.native_seconds)
                    if swap and c == "kswap":
                        swap.still_on(say)
                    row = run_one(p, c, f, r, workdir, timeout, base_build)
                    given_up.record(p.program.name, c, f, row["status"])
                rows.append(row)
                writer.writerow(row)
                out.flush()
                heading = (
                    f"[{i}/{len(plan)}] {p.program.name:<12} {c:<7} {row['local_pct']:>3}% local "
                    f"rep {r}:"
                )
                if skip:
                    say(f"{heading} {skip}")
                else:
                    say(f"{heading} {_progress(p, c, row, natives, timeout_factor)}")
        finally:
            if swap:
                swap.__exit__(None, None, None)
            shutil.rmtree(workdir / "run", ignore_errors=True)  # what the runs wrote
    return rows


def medians(rows):
    """(app, config, local_pct) -> (median seconds of the runs that finished,
    statuses seen, median seconds of all runs). Skipped runs count only where
    nothing ran: then the statuses are the skips' and the last is None."""
    groups = {}
    for r in rows:
        key = (r["app"], r["config"], int(r["local_pct"]))
        groups.setdefault(key, []).append(r)
    out = {}
    for key, rs in groups.items():
        ran = [r for r in rs if not r["status"].startswith(SKIPPED)]
        ok = sorted(float(r["seconds"]) for r in ran if r["status"] == "ok")
        every = sorted(float(r["seconds"]) for r in ran)
        out[key] = (
            ok[len(ok) // 2] if ok else None,
            sorted({r["status"] for r in ran or rs}),
            every[len(every) // 2] if every else None,
        )
    return out


def ratio_text(entry, base) -> str:
    """A summary cell: '1.62x', or for runs that did not finish their status
    and how long they ran, e.g. 'oom-killed at 70.1x'; seconds where there
    is no native time to divide by (native not swept, or failed)."""
    t, statuses, every = entry
    bad = [s for s in statuses if s != "ok"]
    if every is None:  # every run skipped
        return ", ".join(statuses)
    if t is None:
        return f"{', '.join(statuses)} at " + (f"{every / base:.1f}x" if base else f"{every:.1f} s")
    return (f"{t / base:.2f}x" if base else f"{t:.2f} s") + (f" ({', '.join(bad)})" if bad else "")


def summary_markdown(rows, fractions) -> str:
    med = medians(rows)
    pcts = [round(f * 100) for f in fractions]
    lines = [
        "| program | config | " + " | ".join(f"{p}% local" for p in pcts) + " |",
        "|---|---|" + "---|" * len(pcts),
    ]
    for app in sorted({r["app"] for r in rows}):
        base = med.get((app, "native", 100), (None,))[0]
        for config in [c for c in with_base(CONFIGS + OPTIONAL_CONFIGS) if c != "native"]:
            if not any(k[0] == app and k[1] == config for k in med):
                continue
            cells = [
                ratio_text(med[(app, config, p)], base) if (app, config, p) in med else "-"
                for p in pcts
            ]
            lines.append(f"| {app} | {config} | " + " | ".join(cells) + " |")
        if base:
            lines.append(f"| {app} | native | {base:.2f} s = 1.00x" + " |" * len(pcts))
        elif any(k[0] == app and k[1] == "native" for k in med):
            lines.append(f"| {app} | native | failed |")
    return "\n".join(lines) + (
        "\n\nTimes are medians normalized to the native median of the "
        "same run (seconds where native was not swept); a run that did not "
        "finish shows how long it ran; CONFIG@base is CONFIG on the runtime "
        "of the build given with --ab.\n"
    )


def programs_markdown(prepared, left_out: dict) -> str:
    """What ran: each program's arguments, native time, peaks (the native
    one, which both systems' budgets are fractions of; far memory with
    everything local, whose 10% the profile ran at; and all the kernel
    charges a native run, page cache included), profiling time and check;
    and which programs were left out, and why."""
    out = [
        "| program | arguments | native, measuring its peak | native peak (the budgets' base) | "
        "far-memory peak | "
        "charged natively | profiling at 10% | output checked |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p in prepared:
        checked = p.program.check.describe().replace("|", "\\|")
        out.append(
            f"| {p.program.name} | `{' '.join(p.args)}` | {p.native_seconds:.2f} s | "
            f"{p.native_peak >> 20} MiB | {p.peak >> 20} MiB | {p.charged >> 20} MiB | "
            f"{p.profile_seconds:.1f} s "
            f"({p.profile_seconds / p.native_seconds:.1f}x) | {checked} |"
        )
    out += [f"\n**Left out: {name}**: {why}" for name, why in left_out.items()]
    return "\n".join(out) + "\n"


def sites_markdown(prepared, workdir: Path, top: int = 8) -> str:
    """Per app, the top sites of its 10% profile: share of faults, the
    suggested hint, and what the plugin did with it."""
    out = ["\n## Sites of each program's profile at 10% local"]
    for p in prepared:
        prof = load_profile(p.profile)
        hints = (
            report.load_hint_reports([workdir / f"{p.program.name}.hints.yaml"]) if p.auto else {}
        )  # a prebuilt program was not rebuilt with hints
        cov = report.coverage_summary(prof)
        out += [
            f"\n### {p.program.name}: {prof['run']['total_faults']} faults; sites covering "
            + ", ".join(f"{k}: {v or '-'}" for k, v in cov.items())
            + "\n",
            "| rank | site | function | % | cum % | suggested | plugin |",
            "|---|---|---|---|---|---|---|",
        ]
        for r in report.rows(prof, top, hints):
            out.append(
                f"| {r['rank']} | `{r['site']}` | {r['function'][:40]} | {r['percent']} | "
                f"{r['cumulative']} | {r['hint']} | {r.get('plugin', '')[:80]} |"
            )
    return "\n".join(out) + "\n"


def progress_printer():
    def say(msg):
        print(msg, file=sys.stderr, flush=True)

    return say
