#!/usr/bin/env python3
"""The far-memory runtime's torture suite, in the spirit of the kernel's
rcutorture and the userfaultfd selftests: the stress programs of the
end-to-end tests (writers racing eviction, the frame pool, munmap and
mremap during prefetch, madvise drops during scans, fork during eviction, thousands of user-level
threads, set*id with threads running, a hole unmapped behind the runtime),
each with a policy, a reclaim mode, a thread mode and a backend (a farmem-server or
the compressed pool) drawn at random, run
one after another with the CPUs oversubscribed (busy loops beside them,
stopped and started again at random, so the machine goes busy and quiet
under the runs and their fault-serving threads are raised and lowered as
they serve: --steady keeps them busy) for as long as asked: each workload
once, then workloads drawn at random, each with --fault-priority auto or rt.
--build names the build folder whose runtime runs (build/checked: the
checked runtime, whose invariants stop a run that breaks one). Every run must give the program's native output; a
run whose processes make no progress (no CPU time) for --stall seconds is
a hang: every thread's stack is printed (gdb) and it is killed. Its
statistics must hold too: the runtime's CPU within the process's.

  make torture                      # 10 minutes, one busy loop a core and one more
  build/venv/bin/python test-suite/torture/torture.py --minutes 60 --busy 4

Prints a line a run and, last, "N passed, F failed"; exits 1 on any failure."""

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "e2e"))
from proctree import MARK, kill_marked, marked, new_mark  # noqa: E402


@dataclass(frozen=True)
class Workload:
    name: str
    program: str
    args: tuple
    local: str
    ult: bool = True  # may run under --ult
    ult_only: bool = False  # the thread API: runs only under --ult, prints "ok ..."
    traced: bool = False  # run by `farhint profile` (trace mode), not `farhint run`
    windows: bool = False  # traced in short windows of time (--max-slowdown)


WORKLOADS = [
    Workload("racing-writers", "fm_racing_writers", (20, 4, 10000), "1M"),
    Workload("frame-pool", "fm_racing_writers", (160, 4, 5000), "16M"),
    Workload("munmap-mremap-during-prefetch", "fm_big_mmap", (64,), "1M"),
    Workload("fork-during-eviction", "fm_fork", (32, 3), "2M", ult=False),
    Workload("many-threads", "ult_api", (2000, 16), "1M", ult_only=True),
    Workload("pthreads", "ult_pthreads", (256, 64), "1M"),
    Workload("setxid-with-threads", "fm_setxid", (8, 2), "4M"),
    Workload("wait-for-children", "fm_wait", ("forks", 3), "4M", ult=False),
    Workload("spawn-and-sigchld", "fm_wait", ("spawns", 3), "4M"),
    Workload("hole-behind-the-runtime", "fm_gone", (32,), "4M"),
    Workload("drop-during-scan", "fm_drop_during_scan", (32, 500), "2M"),
    Workload("rmw-threads", "rmw_threads", (32, 20000, 2), "4M"),
    # writes logged for far pages as readers check what was published, a
    # fork, a drop (forks: not under --ult)
    Workload("buffered-writes", "fm_buffered_writes", (8, 2, 2, 20000), "1M", ult=False),
    # pages turning same-filled, compressible and random, read by every thread
    Workload("page-kinds", "fm_page_kinds", (20, 4, 3), "1M", ult=False),
    # faults served in the faulting thread's signal handler, as the
    # writers race eviction at 5% local
    Workload("profiled-racing-writers", "fm_racing_writers", (128, 4, 20000), "5%", traced=True),
    # every 10 ms or so, the pages in use evicted down to the budget or
    # fetched back, as the writers go on
    Workload(
        "profiled-in-windows",
        "fm_racing_writers",
        (128, 4, 300000),
        "5%",
        traced=True,
        windows=True,
    ),
]
POLICIES = ["fifo", "clock", "lru", "prio"]
# normal is left out: beside busy loops its servers at SCHED_IDLE may get
# no CPU for longer than --stall, which would read as a hang
PRIORITIES = ["auto", "auto", "rt"]
RECLAIMS = ["auto", "background", "inline"]
# far memory on a farmem-server 2 runs in 5, compressed in the program's own
# memory 2 in 5, and in both tiers (a 1 MiB pool in front of a farmem-server
# over tcp, two_tiers) 1 in 5
BACKENDS = ["local", "local", "compress", "compress:zstd", "two tiers"]


def two_tiers(build: Path, tmp: str):
    """A farmem-server on the loopback for the two-tier backend: its process
    and the options that put a 1 MiB pool in front of it."""
    token = Path(tmp) / "token"
    token.write_text("a-token-for-the-torture-runs\n")
    token.chmod(0o600)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        url = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    log = Path(tmp) / "farmem-server.log"  # a pipe nobody reads would stall it once full
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(build / "bin" / "farmem-server"), "--listen", url, "--token-file", str(token)],
            stderr=out,
        )
    for _ in range(100):
        if "listening" in log.read_text() or server.poll() is not None:
            break
        time.sleep(0.05)
    if "listening" not in log.read_text():
        why = log.read_text()
        server.kill()
        shutil.rmtree(tmp, ignore_errors=True)
        sys.exit(f"torture: the farmem-server for two tiers did not start: {why}")
    return server, [f"compress,{url}", "--token-file", str(token), "--pool-size", "1M"]


def cpu_ticks(pids) -> int:
    """utime + stime of these processes, in clock ticks."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total


def honest_cpu(stats: Path) -> bool:
    """--stats' runtime CPU is CPU: never more than the whole process's."""
    s = json.loads(stats.read_text())
    return s["runtime_cpu_ns"] <= s["process_cpu_ns"]


def dump_stacks(pids):
    for pid in pids:
        print(f"--- stacks of pid {pid}", flush=True)
        if shutil.which("gdb"):
            subprocess.run(
                ["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt"],
                stdin=subprocess.DEVNULL,
                timeout=60,
                check=False,
            )
        else:
            for task in Path(f"/proc/{pid}/task").iterdir():
                print(task.name, (task / "comm").read_text().strip(), (task / "wchan").read_text())


def run_once(build: Path, w: Workload, options, stall: float, limit: float, stats: Path):
    """(exit code or "hang", seconds, (stdout, stderr) or why)."""
    mark = new_mark()
    farhint = str(build / "bin" / "farhint")
    env = {**os.environ, MARK: mark}
    if w.traced:
        cmd = [farhint, "profile", "--local", w.local, "-o", str(stats.with_suffix(".fhprof"))]
        if w.windows:
            cmd += ["--one-run", "--max-slowdown", "1.5"]
            env["FARHINT_TRACE_WINDOW"] = "10ms"
        cmd.append("--")
    else:
        cmd = [farhint, "run", "--local", w.local, "--stats-file", str(stats), *options, "--"]
    cmd += [str(build / "bin" / w.program), *map(str, w.args)]
    t0 = time.monotonic()
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    last_ticks, last_progress = -1, time.monotonic()
    try:
        while True:
            try:
                out, err = proc.communicate(timeout=1.0)
                break
            except subprocess.TimeoutExpired:
                pass
            now = time.monotonic()
            ticks = cpu_ticks(marked(mark))
            if ticks != last_ticks:
                last_ticks, last_progress = ticks, now
            if now - last_progress > stall or now - t0 > limit:
                pids = marked(mark)
                why = "no progress" if now - last_progress > stall else "past the limit"
                print(f"HANG ({why} for {now - last_progress:.0f} s): {' '.join(cmd)}", flush=True)
                dump_stacks(pids)
                kill_marked(mark)
                proc.communicate()
                return "hang", now - t0, why
    finally:
        kill_marked(mark)
    seconds = time.monotonic() - t0
    return proc.returncode, seconds, (out, err)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10, help="how long to go on (default 10)")
    ap.add_argument(
        "--busy",
        type=int,
        default=(os.cpu_count() or 1) + 1,
        help="busy loops beside the runs (default one a core and one more)",
    )
    ap.add_argument(
        "--stall", type=float, default=30, help="seconds without progress that make a hang"
    )
    ap.add_argument("--limit", type=float, default=600, help="seconds one run may take at most")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--steady", action="store_true", help="busy loops that never stop")
    ap.add_argument("--only", help="comma-separated workload names (default all)")
    ap.add_argument("--build", default=str(HERE.parents[1] / "build"))
    args = ap.parse_args()
    args.workloads = [w for w in WORKLOADS if not args.only or w.name in args.only.split(",")]
    if not args.workloads:
        ap.error(f"--only names no workload (known: {', '.join(w.name for w in WORKLOADS)})")
    return args


def native_outputs(build, workloads):
    """What a correct run prints: each program's own output, run natively."""
    expected = {}
    for w in workloads:
        if w.ult_only:
            continue
        native = subprocess.run(
            [str(build / "bin" / w.program), *map(str, w.args)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if native.returncode != 0:
            sys.exit(f"torture: {w.program} fails natively: {native.stdout}{native.stderr}")
        expected[w] = native.stdout
    return expected


def verdict_of(rc, detail, expected_output, stats):
    """stats: the run's --stats-file, None for a traced run (farhint
    profile writes none)."""
    if rc == "hang":
        return "hang"
    if rc == 70:
        return "stopped by the runtime"
    if rc != 0:
        return f"exit {rc}"
    if expected_output is not None and detail[0] != expected_output:
        return "wrong result"
    if expected_output is None and not detail[0].startswith("ok"):
        return "wrong result"
    if stats is not None and not honest_cpu(stats):
        return "runtime CPU over the process's"
    return "ok"


def torture(args, build, expected, rng, tmp):
    """Runs until the deadline; returns (passed, failures by kind)."""
    passed, failed = 0, {}
    deadline = time.monotonic() + args.minutes * 60
    n = 0
    while time.monotonic() < deadline:
        n += 1
        # each workload once, then drawn at random
        w = args.workloads[n - 1] if n <= len(args.workloads) else rng.choice(args.workloads)
        options = [
            "--policy",
            rng.choice(POLICIES),
            "--reclaim",
            rng.choice(RECLAIMS),
            "--fault-priority",
            rng.choice(PRIORITIES),
            "--backend",
        ]
        backend = rng.choice(BACKENDS)
        options += args.two_tiers if backend == "two tiers" else [backend]
        if w.ult_only or (w.ult and rng.random() < 0.5):
            options.append("--ult")
        if w.traced:
            options = ["(traced in windows)" if w.windows else "(traced)"]
        stats = Path(tmp) / "stats.json"
        stats.unlink(missing_ok=True)
        rc, seconds, detail = run_once(build, w, options, args.stall, args.limit, stats)
        verdict = verdict_of(rc, detail, expected.get(w), None if w.traced else stats)
        print(f"run {n}: {w.name} {' '.join(options)}: {verdict} ({seconds:.1f} s)", flush=True)
        if verdict == "ok":
            passed += 1
            continue
        failed[verdict] = failed.get(verdict, 0) + 1
        if rc != "hang":
            print(f"  stdout: {detail[0][-500:]}\n  stderr: {detail[1][-2000:]}", flush=True)
    return passed, failed


def come_and_go(loops, rng, done):
    """Stops and continues the busy loops, each state for 0.3-3 s, until
    done: runs see the machine get busy and quiet again."""
    on = True
    while not done.wait(rng.uniform(0.3, 3)):
        on = not on
        signal_all(loops, signal.SIGCONT if on else signal.SIGSTOP)
    signal_all(loops, signal.SIGCONT)


def signal_all(loops, sig):
    for b in loops:
        with contextlib.suppress(ProcessLookupError):  # killed at the end meanwhile
            os.killpg(b.pid, sig)


def main():
    # stopped (timeout, kill): the busy loops and the server go too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    args = parse_args()
    build = Path(args.build).resolve()
    seed = args.seed if args.seed is not None else int(time.time())
    expected = native_outputs(build, args.workloads)
    print(
        f"torture: seed {seed}, {args.busy} busy loops on {os.cpu_count()} CPUs, "
        f"{args.minutes:g} minutes",
        flush=True,
    )
    tmp = tempfile.mkdtemp(prefix="farhint-torture-")
    server, args.two_tiers = two_tiers(build, tmp)  # before the busy loops: it may stop here
    busy = [
        subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True)
        for _ in range(args.busy)
    ]
    done = threading.Event()
    if not args.steady:
        threading.Thread(
            target=come_and_go, args=(busy, random.Random(seed), done), daemon=True
        ).start()
    try:
        passed, failed = torture(args, build, expected, random.Random(seed), tmp)
    finally:
        done.set()
        server.kill()
        server.wait()
        shutil.rmtree(tmp, ignore_errors=True)
        for b in busy:
            os.killpg(b.pid, signal.SIGKILL)
            b.wait()
    kinds = ", ".join(f"{k}: {v}" for k, v in sorted(failed.items())) or "none"
    print(f"torture: {passed + sum(failed.values())} runs, failures by kind: {kinds}")
    print(f"{passed} passed, {sum(failed.values())} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
