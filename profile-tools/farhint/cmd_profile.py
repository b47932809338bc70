"""farhint profile: run a program under a small local-memory budget and
record every fault (code location, stack, address, kind) into a profile.

  farhint profile --local 10% -o app.fhprof -- ./app args
  farhint profile --recorder perf --local 10% -o app.fhprof -- ./app args
  farhint profile --follow-children -- sh -c './app args'   # also app.fhprof

The default recorder is the far-memory runtime in trace mode; `perf` runs
the unmodified program under a cgroup memory limit with swap and samples the
kernel's major faults (farhint/perf_recorder.py). A percentage budget is of
the program's peak memory, measured first with one run where everything is
local (or given with --peak): its far memory under the runtime, its memory
cgroup's peak under perf. With --one-run the runtime measures it as it goes:
the budget is the share of the most memory in use so far, growing with it."""

import argparse
import math
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from farhint import perf_recorder, profile_builder, report, settings
from farhint.errors import EXIT_RUNTIME_STOPPED
from farhint.kswap import charged_peak
from farhint.paths import output_file
from farhint.profile import write_profile
from farhint.runenv import (
    RuntimeStopped,
    call_forwarding,
    exit_code,
    measure_peak,
    parse_signal,
    program_of,
    runtime_env,
)
from farhint.symbolize import has_debug_info
from farhint.trace import TraceError, read_trace
from farhint.units import parse_budget, parse_percentage, parse_size

# The profile's run.recorder for each --recorder.
RECORDERS = {"farmem": "farmem-trace", "perf": "perf-major-faults"}

# Spatial sampling's automatic rate (farhint/trace.h), for a peak of
# SPATIAL_MIN_PEAK or more (smaller programs profile quickly as they are):
# the largest power of two up to SPATIAL_MAX that leaves the sampled pages
# SPATIAL_MIN_SAMPLED of the peak (4096 pages) and SPATIAL_MIN_LOCAL of the
# budget (docs/results, "What a profile costs"). With --one-run, the runtime
# raises the rate by the same rule but for the floor, as the pages in use
# grow (runtime/src/memory/trace_budget.c).
SPATIAL_MAX = 64
SPATIAL_MIN_PEAK = 256 << 20
SPATIAL_MIN_SAMPLED = 16 << 20
SPATIAL_MIN_LOCAL = 1 << 20


def spatial_rate(choice, peak, local):
    """1 page in how many to keep far: choice is "auto" or a number."""
    if choice != "auto":
        return int(choice)
    if (peak or 0) < SPATIAL_MIN_PEAK:
        return 1
    n = 1
    while (
        2 * n <= SPATIAL_MAX
        and peak // (2 * n) >= SPATIAL_MIN_SAMPLED
        and local // (2 * n) >= SPATIAL_MIN_LOCAL
    ):
        n *= 2
    return n


def _spatial_choice(text):
    if text == "auto" or (text.isdigit() and int(text) in [1 << k for k in range(11)]):
        return text
    raise argparse.ArgumentTypeError(f"{text!r}: give auto or a power of two from 1 (off) to 1024")


def _slowdown(text):
    try:
        x = float(text)
    except ValueError:
        x = 0
    if not math.isfinite(x) or x <= 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number above 1, e.g. 1.5")
    return x


def _add_sampling_arguments(p):
    """The options that make the traced run cheaper: one run, windows of
    time, 1 page in N far."""
    p.add_argument(
        "--one-run",
        action="store_true",
        help="with --local PCT%%: no run to measure the peak first; the traced run's "
        "budget is that share of the memory in use so far, growing with it, and its "
        "spatial sampling rises with it (cheaper, but a program whose memory grows is "
        "traced at a tighter budget while it grows; farmem recorder)",
    )
    p.add_argument(
        "--max-slowdown",
        type=_slowdown,
        metavar="X",
        help="with --one-run: record in windows of time, with every page local between "
        "them, so that the traced run takes about X times the program alone (e.g. 1.5) "
        "however much it faults at the budget; each window's faults stand for the time "
        "up to the next, so shares are estimates and the total is low (farmem recorder)",
    )
    p.add_argument(
        "--spatial-sampling",
        type=_spatial_choice,
        default="auto",
        metavar="N|auto",
        help="keep only 1 page in N far, under 1/N of the budget, and the rest "
        "local: about 1/N of the faults, each counted N times (SHARDS-style sampling "
        "by address). auto (default): for a peak of "
        f"{SPATIAL_MIN_PEAK >> 20} MiB or more, the largest power of two up to "
        f"{SPATIAL_MAX} leaving the sampled pages {SPATIAL_MIN_SAMPLED >> 20} MiB of "
        "the peak (with --one-run or an absolute --local: rising as the program's "
        "memory grows); 1: off (farmem recorder)",
    )


def add_arguments(p):
    p.add_argument(
        "--local",
        default="10%",
        metavar="SIZE|PCT%",
        help="local memory during profiling: a size, or a percentage of the "
        "program's peak (default 10%%)",
    )
    p.add_argument(
        "--peak", metavar="SIZE", help="the program's peak far memory (skips measuring it)"
    )
    p.add_argument(
        "-o", "--output", metavar="FILE", help="profile to write (default PROGRAM.fhprof)"
    )
    p.add_argument(
        "--recorder",
        choices=["farmem", "perf"],
        default="farmem",
        help="farmem: the far-memory runtime in trace mode (default); perf: "
        "major faults of the unmodified program under a cgroup memory "
        "limit with swap on zram (needs root and perf; cannot tell writes "
        "from reads)",
    )
    _add_sampling_arguments(p)
    settings.add_option(p, "FAR_SIZE")
    settings.add_option(p, "MMAP_THRESHOLD")
    p.add_argument(
        "--keep-trace",
        metavar="FILE",
        help="also keep the raw trace here (farmem recorder; with "
        "--follow-children, FILE.PID for each process)",
    )
    p.add_argument(
        "--follow-children",
        action="store_true",
        help="also trace the programs it execs (a shell, a driver script), each "
        "process on its own runtime and trace, and write a profile for each "
        "program with debug info, as NAME.fhprof next to the output "
        "(farmem recorder)",
    )
    p.add_argument(
        "--warmup",
        type=float,
        default=0,
        metavar="SECONDS",
        help="record nothing for this long after the start, so the profile "
        "shows a server's steady state, not its loading (farmem recorder)",
    )
    p.add_argument(
        "--start-signal",
        metavar="SIGNAL",
        help="record nothing until the program gets this signal (e.g. USR2, sent "
        "to farhint or to the program) and nothing after the second one: "
        "a window chosen while it runs, e.g. after a load's warm-up; pick a "
        "signal the program does not use (farmem recorder)",
    )
    p.add_argument("--top", type=int, default=10, help="sites to show in the summary (default 10)")
    p.add_argument("program", nargs=argparse.REMAINDER, help="-- PROGRAM ARGS...")


def _runtime_env(local, far_size, extra):
    """Profiling runs without the modelled link: it changes timing, not
    which code faults."""
    return runtime_env(
        {
            "FARHINT_LOCAL": local,
            "FARHINT_FAR_SIZE": far_size,
            "FARHINT_LINK_LATENCY": 0,
            "FARHINT_LINK_BANDWIDTH": 0,
            **extra,
        }
    )


def _peak_for(args, peak, what, measure):
    """The peak a --local PCT% is of: given, or measured (saying what by)."""
    if peak is not None or not args.local.strip().endswith("%"):
        return peak
    print(f"farhint profile: measuring the program's peak {what}...", file=sys.stderr, flush=True)
    try:
        return measure()
    except RuntimeStopped:
        raise
    except RuntimeError as err:
        raise RuntimeError(f"{err}; give --peak SIZE instead") from err


def _budget_env(args, peak, far_size):
    """The traced run's budget (bytes: what FARHINT_LOCAL holds) and the
    runtime settings of its budget and sampling. With --one-run the
    percentage is of the pages in use so far, the budget growing as they do
    (the runtime's memory/trace_budget.c), so no run measures the peak
    first; with no peak, automatic spatial sampling rises as the pages do."""
    if args.one_run:  # a percentage, no peak: run() checked
        machine = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        local = min(far_size, machine)  # the most the budget may grow to
        env = {"FARHINT_TRACE_LOCAL_SHARE": parse_percentage(args.local) / 100}
        if args.max_slowdown:
            env["FARHINT_TRACE_SLOWDOWN"] = args.max_slowdown
    else:
        local = max(parse_budget(args.local, peak), 1 << 20)
        env = {}
    if args.spatial_sampling == "auto" and peak is None:
        return local, {**env, "FARHINT_TRACE_SPATIAL_UP_TO": SPATIAL_MAX}
    rate = spatial_rate(args.spatial_sampling, peak, local)
    if not args.one_run and local // rate < SPATIAL_MIN_LOCAL:
        raise RuntimeError(
            f"--spatial-sampling {rate} leaves the sampled pages "
            f"{(local // rate) >> 10} KiB of the {local >> 10} KiB budget, under "
            f"{SPATIAL_MIN_LOCAL >> 20} MiB: give a smaller N or more --local"
        )
    return local, {**env, "FARHINT_TRACE_SPATIAL": rate}


def _say_budget(budget):
    """How the traced run's budget and sampling are set, in words."""
    said = []
    if "FARHINT_TRACE_LOCAL_SHARE" in budget:
        share = budget["FARHINT_TRACE_LOCAL_SHARE"]
        said.append(f"with {share:.0%} of the memory in use so far local")
    rate = budget.get("FARHINT_TRACE_SPATIAL", 1)
    if "FARHINT_TRACE_SLOWDOWN" in budget:
        said.append(
            f"in windows of time (every page local between them, about "
            f"{budget['FARHINT_TRACE_SLOWDOWN']:g}x the program's own time)"
        )
    if "FARHINT_TRACE_SPATIAL_UP_TO" in budget:
        said.append(
            "recording every fault on 1 page in N (N rising from 1 to "
            f"{budget['FARHINT_TRACE_SPATIAL_UP_TO']} as the program grows; the rest stays local)"
        )
    else:
        said.append(
            "recording every fault"
            + (f" on 1 page in {rate} (the rest stays local)" if rate > 1 else "")
        )
    return ", ".join(said)


def _record_farmem(args, cmd, tmp, peak):
    """The started program's trace, the budget, its peak, the run's duration,
    and the traces of the processes it exec'd (with --follow-children: one
    per process, named by pid)."""
    far_size = parse_size(settings.value(args, "FAR_SIZE"))
    follow = {"FARHINT_FOLLOW_CHILDREN": 1} if args.follow_children else {}
    mmaps = {"FARHINT_MMAP_THRESHOLD": settings.value(args, "MMAP_THRESHOLD")}
    alone_s = None  # the run measuring the peak, when there is one
    if not args.one_run:
        measuring = peak is None and args.local.strip().endswith("%")
        t0 = time.monotonic()
        peak = _peak_for(
            args,
            peak,
            "far memory (a run with all of it local)",
            lambda: measure_peak(
                cmd, tmp / "peak.json", far_size, extra=mmaps, follow_children=bool(follow)
            ),
        )
        alone_s = time.monotonic() - t0 if measuring else None
    local, budget = _budget_env(args, peak, far_size)
    start = args.start_signal
    how = (
        _say_budget(budget)
        + (f" after the first {args.warmup:g} s" if args.warmup else "")
        + (f" from the first {start.name} it gets to the second" if start else "")
        + (", in it and in every program it starts" if follow else "")
    )
    if "FARHINT_TRACE_LOCAL_SHARE" in budget:
        print(f"farhint profile: running {' '.join(cmd)} {how}...", file=sys.stderr, flush=True)
    else:
        _say_running(cmd, local, peak, how)
    started = []
    t0 = time.monotonic()
    slow = _warn_when_slow(alone_s)
    rc = call_forwarding(
        cmd,
        on_start=started.append,
        also=[start] if start else [],
        env=_runtime_env(
            local,
            far_size,
            {
                **mmaps,
                **follow,
                "FARHINT_MODE": "trace",
                "FARHINT_TRACE_FILE": str(tmp / "trace.%p"),
                **budget,
                "FARHINT_TRACE_WARMUP": f"{int(args.warmup * 1e9)}ns",
                **({"FARHINT_TRACE_START_SIGNAL": int(start)} if start else {}),
            },
        ),
    )
    duration = time.monotonic() - t0
    if slow:
        slow.cancel()
    trace_path = tmp / f"trace.{started[0].pid}"
    if not trace_path.exists():
        raise RuntimeStopped(
            f"the traced run wrote no trace (exit {rc}): "
            + (
                "the far-memory runtime stopped it (its message above says why)"
                if rc == EXIT_RUNTIME_STOPPED
                else "it ended before the runtime started"
            )
        )
    _say_exit(rc)
    children = sorted(p for p in tmp.glob("trace.*") if p != trace_path)
    if args.keep_trace:
        shutil.copy(trace_path, args.keep_trace)
        for p in children:
            shutil.copy(p, f"{args.keep_trace}{p.suffix}")
    trace = _started_trace(trace_path, follow)
    if trace and trace.peak_bytes is not None:
        local, peak = trace.local_bytes, trace.peak_bytes
        _say_followed(local, peak, trace.spatial_rate)
    return trace, local, peak, duration, children, rc


# A traced run this many times the run measuring the peak, and this long,
# gets a word on tracing in windows of time, while it runs.
SLOW_TRACE = 4
SLOW_TRACE_S = 20


def _warn_when_slow(alone_s):
    """A started timer that says so once the traced run has taken SLOW_TRACE
    times the run that measured the peak (and SLOW_TRACE_S), so that the
    user may stop it there; None without that run."""
    if not alone_s:
        return None
    at = max(SLOW_TRACE * alone_s, SLOW_TRACE_S)
    timer = threading.Timer(at, _say_slow, (at, alone_s))
    timer.daemon = True
    # Started with every signal blocked: a Ctrl-C or kill meant for the run
    # must reach call_forwarding, not end farhint in this thread.
    before = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        timer.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
    return timer


def _say_slow(traced_s, alone_s):
    print(
        f"farhint profile: the traced run has taken {traced_s / alone_s:.0f}x the run that "
        "measured the peak so far (the program faults that much at the budget); "
        "`--one-run --max-slowdown 1.5` records in windows of time instead, at about 1.5x, "
        "and its hints ran as fast (docs/results, 'What a profile costs in windows of "
        "time'); Ctrl-C ends this run, and the profile covers it up to there",
        file=sys.stderr,
        flush=True,
    )


def _say_followed(local, peak, rate):
    """The budget the run ended with, of the peak it found."""
    if local < peak:
        budget = f"{local >> 10} KiB of its {peak >> 10} KiB peak"
    else:  # the smallest budget the runtime takes is above the program's peak
        budget = f"{local >> 10} KiB local (all of its {peak >> 10} KiB peak)"
    print(
        f"farhint profile: the budget followed the memory in use: {budget} at the end"
        + (f", 1 page in {rate} sampled" if rate > 1 else ""),
        file=sys.stderr,
    )


def _started_trace(path, following):
    """The started program's trace; None when it is incomplete but its
    children are followed (a shell that ends with _exit writes no map)."""
    try:
        return read_trace(path)
    except TraceError as err:
        if not following:
            raise
        print(f"farhint profile: no profile of the started program: {err}", file=sys.stderr)
        return None


def _record_perf(args, cmd, tmp, peak):
    perf_recorder.check_available()
    peak = _peak_for(
        args, peak, "memory (a native run in an unlimited memory cgroup)", lambda: charged_peak(cmd)
    )
    local = max(parse_budget(args.local, peak), 4 << 20)
    _say_running(
        cmd,
        local,
        peak,
        "under a memory cgroup with swap on zram, sampling every major fault with perf",
    )
    trace, duration, rc, oom = perf_recorder.record(
        cmd, local, 2 * (peak or local) + (64 << 20), tmp
    )
    if oom:
        print(
            "farhint profile: the kernel's OOM killer stopped the program at this limit; "
            "give more --local",
            file=sys.stderr,
        )
    _say_exit(rc)
    return trace, local, peak, duration, [], rc


def _say_running(cmd, local, peak, how):
    if peak is None:  # not measured: an absolute --local
        budget = f"{local >> 10} KiB local"
    elif local < peak:
        budget = f"{local >> 10} KiB of its {peak >> 10} KiB local"
    else:  # the smallest budget the runtime takes is above the program's peak
        budget = f"{local >> 10} KiB local (all of its {(peak or 0) >> 10} KiB peak)"
    print(
        f"farhint profile: running {' '.join(cmd)} with {budget}, {how}...",
        file=sys.stderr,
        flush=True,
    )


def _say_exit(rc):
    if rc != 0:
        how = f"was ended by {signal.Signals(-rc).name}" if rc < 0 else f"exited with {rc}"
        print(
            f"farhint profile: the program {how}; the profile covers the run up to there, "
            f"and farhint profile exits with {exit_code(rc)} as the program did",
            file=sys.stderr,
        )


def _own_facts(trace, run_facts):
    """The run's facts with the budget and peak of this trace's process,
    where its budget followed its pages in use (the runtime measured both)."""
    if trace.peak_bytes is None:
        return run_facts
    return (trace.local_bytes, trace.peak_bytes, *run_facts[2:])


def _children_profiles(paths, output, started_binary, run_facts):
    """A profile for each program the run exec'd that has debug info (of its
    process that faulted most), as NAME.fhprof next to output. Says what it
    wrote and which programs got none; returns how many it wrote."""
    busiest = {}  # exe -> (trace, processes)
    for path in paths:
        try:
            t = read_trace(path)
        except TraceError as err:
            print(
                f"farhint profile: a child's trace is incomplete, left out: {err}", file=sys.stderr
            )
            continue
        best, n = busiest.get(t.exe, (None, 0))
        keep = best is None or t.faults_estimated > best.faults_estimated
        busiest[t.exe] = (t if keep else best, n + 1)
    without_debug, written = [], 0
    for exe, (t, n) in sorted(busiest.items()):
        if not exe or os.path.realpath(exe) == os.path.realpath(started_binary):
            continue  # the started program's profile is the one at output
        name = Path(exe).name
        if not has_debug_info(exe):
            without_debug.append(name)
            continue
        out = output.with_name(f"{name}.fhprof")
        if out == output:
            out = output.with_name(f"{name}.child.fhprof")
        write_profile(out, profile_builder.build(t, exe, [exe], *_own_facts(t, run_facts)))
        written += 1
        print(
            f"farhint profile: wrote {out} for {exe} ({t.faults_estimated} faults; "
            f"{n} process{'es' if n > 1 else ''} ran it, the profile is of the one "
            "that faulted most)",
            file=sys.stderr,
        )
    if without_debug:
        print(
            f"farhint profile: no profile for {', '.join(sorted(set(without_debug)))}: "
            "no debug info",
            file=sys.stderr,
        )
    return written


def _mistake(args):
    """What is wrong with the options together, or None."""
    farmem = args.recorder == "farmem"
    if args.follow_children and not farmem:
        return "--follow-children needs the farmem recorder"
    if args.warmup < 0 or (args.warmup and not farmem):
        return "--warmup is a number of seconds >= 0, for the farmem recorder"
    if args.spatial_sampling not in ("auto", "1") and not farmem:
        return "--spatial-sampling needs the farmem recorder"
    if args.one_run and (not farmem or args.peak or not args.local.strip().endswith("%")):
        return "--one-run is for a --local PCT% with no --peak, with the farmem recorder"
    if args.max_slowdown and not args.one_run:
        return (
            "--max-slowdown goes with --one-run (between windows every page is local, and "
            "the budget follows the memory in use)"
        )
    if args.start_signal and not farmem:
        return "--start-signal needs the farmem recorder"
    return None


def run(args):
    cmd = program_of(args, "profile")
    if not cmd:
        return 2
    binary = shutil.which(cmd[0])
    if not binary:
        print(f"farhint profile: {cmd[0]}: no such program", file=sys.stderr)
        return 2
    mistake = _mistake(args)
    if mistake:
        print(f"farhint profile: {mistake}", file=sys.stderr)
        return 2
    debug_info = has_debug_info(binary)
    if not args.follow_children and not debug_info:
        print(
            f"farhint profile: {cmd[0]} has no debug info: faults can be attributed to "
            "functions only, not to source lines, and the plugin cannot use them; build "
            "with -g (any -O level) and profile again",
            file=sys.stderr,
        )
    output = output_file(args.output or f"{Path(cmd[0]).name}.fhprof", "-o")
    if args.keep_trace:
        args.keep_trace = output_file(args.keep_trace, "--keep-trace")
    args.start_signal = parse_signal(args.start_signal) if args.start_signal else None
    try:
        peak = parse_size(args.peak) if args.peak else None
        with tempfile.TemporaryDirectory(prefix="farhint-profile-") as tmp:
            record = _record_perf if args.recorder == "perf" else _record_farmem
            trace, local, peak, duration, children, rc = record(args, cmd, Path(tmp), peak)
            run_facts = (
                local,
                peak or 0,
                duration,
                RECORDERS[args.recorder],
                args.warmup,
                args.start_signal.name if args.start_signal else "",
            )
            if trace and args.follow_children and not debug_info:
                print(
                    f"farhint profile: no profile for {Path(binary).name}: no debug info",
                    file=sys.stderr,
                )
                trace = None
            if trace:
                print(
                    f"farhint profile: symbolizing {len(trace.faults)} faults...",
                    file=sys.stderr,
                    flush=True,
                )
                prof = profile_builder.build(trace, binary, cmd, *_own_facts(trace, run_facts))
                write_profile(output, prof)
                report.print_table(prof, top=args.top, out=sys.stderr)
                print(f"farhint profile: wrote {output}", file=sys.stderr)
            if not _children_profiles(children, output, binary, run_facts) and not trace:
                raise RuntimeError(
                    "no profile written: no program of the run left a "
                    "complete trace with debug info"
                )
    except RuntimeError as err:
        print(f"farhint profile: {err}", file=sys.stderr)
        return 2
    return exit_code(rc)
