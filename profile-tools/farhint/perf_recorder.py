"""The kernel-paging recorder (`farhint profile --recorder perf`): the
unmodified program runs under a cgroup-v1 memory limit with swap on zram,
and `perf record` samples every major page fault (a swap-in) with its data
address, the faulting instruction and the call chain the kernel walks
through frame pointers. `perf script` turns the samples into the same Trace
the runtime's trace mode produces, so symbolization, analysis and the
profile are shared.

Call chains: the faulting instruction is always exact; its callers are
found only through code built with frame pointers (-fno-omit-frame-pointer).
perf's DWARF unwinding would not need them, but for page-fault samples this
kernel hands perf no copy of the user stack (`ustack: size 0` in every
sample: measured on Linux 6.18), so it unwinds nothing.

What the kernel does not say, and the runtime's recorder does: whether a
fault was a read or a write (every fault is recorded as a read, so no `mut`
is suggested), first-touch faults (minor, no swap-in), and allocations."""

import re
import shutil
import subprocess
import time
from pathlib import Path

from farhint.errors import UserError
from farhint.kswap import Swap, assisted_cgroup
from farhint.trace import KERNEL, Fault, Trace, TraceError

KERNEL_START = 0xFFFF800000000000

_MMAP = re.compile(
    r"PERF_RECORD_MMAP2? (\d+)/\d+: \[0x([0-9a-f]+)\(0x([0-9a-f]+)\) @ "
    r"(0x[0-9a-f]+|0)[^\]]*\]: (\S+) (.+)$"
)
_EXEC = re.compile(r"PERF_RECORD_COMM exec: .*:(\d+)/\d+$")
_SAMPLE = re.compile(r"^\s*(\d+)\s+(\d+)\.(\d+):\s+([0-9a-f]+)")
_FRAME = re.compile(r"^\s+([0-9a-f]+) \((.*)\)$")


class PerfError(UserError):
    pass


def check_available():
    """Raise PerfError naming what is missing: perf, root, the software event."""
    if not shutil.which("perf"):
        raise PerfError("--recorder perf needs the perf tool (apt-get install linux-perf)")
    probe = subprocess.run(
        ["perf", "record", "-q", "-o", "/dev/null", "-e", "major-faults", "--", "true"],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        raise PerfError(
            "perf cannot sample major-faults here: "
            f"{probe.stderr.strip().splitlines()[-1:] or ['(no message)']} "
            "(run as root, or lower /proc/sys/kernel/perf_event_paranoid)"
        )


def record(cmd, limit: int, swap_bytes: int, tmp: Path):
    """Run cmd under a `limit`-byte memory cgroup with swap; return
    (Trace, seconds, exit code, OOM-killed)."""
    data = tmp / "perf.data"
    # As kernel swap runs in farhint bench: a charge that reclaim falls
    # behind on at a small limit waits while ReclaimAssist makes room,
    # instead of the cgroup's OOM killer ending the program.
    with Swap(swap_bytes), assisted_cgroup(limit) as (cg, _):
        # Only the program enters the cgroup: perf's buffers stay outside it.
        enter = 'echo $$ > "$0/cgroup.procs" && exec "$@"'
        t0 = time.monotonic()
        proc = subprocess.Popen(
            [
                "perf",
                "record",
                "-q",
                "-o",
                str(data),
                "-e",
                "major-faults",
                "-c",
                "1",
                "-d",
                "--call-graph",
                "fp",
                "--",
                "sh",
                "-c",
                enter,
                str(cg.path),
                *cmd,
            ]
        )
        rc = _wait_unless_stalled(proc, cg)
        seconds = time.monotonic() - t0
        oom = cg.usage().oom_kills > 0
    if not data.exists():
        raise PerfError(f"perf record wrote no data (exit {rc})")
    return parse_script(script_of(data)), seconds, rc, oom


# A charge that waits this long with reclaim unable to make room (swap
# full: more memory than the limit and swap hold) never will.
STALL_S = 10


def _wait_unless_stalled(proc, cg) -> int:
    """proc's exit code; a program stalled STALL_S on a charge gets the
    cgroup's OOM killer back, which ends it (reported as OOM-killed)."""
    since = None
    while True:
        try:
            return proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            if not cg.under_oom():
                since = None
            elif since is None:
                since = time.monotonic()
            elif time.monotonic() - since > STALL_S:
                cg.enable_oom_kill()


def script_of(data: Path) -> str:
    out = subprocess.run(
        [
            "perf",
            "script",
            "-i",
            str(data),
            "-F",
            "tid,time,addr,ip,dso",
            "--no-inline",
            "--show-mmap-events",
            "--show-task-events",
        ],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise PerfError(f"perf script failed: {out.stderr.strip()}")
    return out.stdout


def _absolute(rel, dso, maps):
    """perf prints a frame as (address - mapping start + file offset, object);
    back to the address, through the mapping of that object that holds it."""
    for start, size, pgoff, _, path in maps:
        if path == dso and pgoff <= rel < pgoff + size:
            return start + rel - pgoff
    return None


def parse_script(text: str) -> Trace:
    """perf script output -> Trace. Call-chain addresses come relative to
    their object (as perf prints them); they are turned back into the
    process's addresses with the mmap events, so the trace reads like one
    from the runtime's recorder."""
    maps = []  # (start, size, file offset, perms, path) since the program's exec
    samples = []  # (tid, time_ns, addr, [(rel, dso), ...])
    cur = None
    for line in text.splitlines():
        if "PERF_RECORD_" in line:
            if _EXEC.search(line):
                # The sh that put the program in the cgroup exec'd it: from here on.
                maps, samples = [], []
            m = _MMAP.search(line)
            if m:
                _, start, size, pgoff, perms, path = m.groups()
                maps.append((int(start, 16), int(size, 16), int(pgoff, 16), perms, path.strip()))
            continue
        m = _SAMPLE.match(line)
        if m:
            tid, sec, frac, addr = m.groups()
            ns = int(sec) * 10**9 + int(frac.ljust(9, "0")[:9])
            cur = (int(tid), ns, int(addr, 16), [])
            samples.append(cur)
            continue
        m = _FRAME.match(line)
        if m and cur is not None:
            cur[3].append((int(m.group(1), 16), m.group(2)))
    if not maps:
        raise TraceError("perf recorded no memory map of the program: did it start?")
    trace = Trace(
        maps="".join(
            f"{start:x}-{start + size:x} {perms} {pgoff:08x} 00:00 0 {path}\n"
            for start, size, pgoff, perms, path in maps
        )
    )
    for tid, ns, addr, chain in samples:
        flags = 0
        frames = []
        for rel, dso in chain:
            if rel >= KERNEL_START or dso.startswith("[kernel"):
                if not frames:
                    flags |= KERNEL  # faulted inside a system call
                continue
            ip = _absolute(rel, dso, maps)
            if ip is not None:
                frames.append(ip)
        trace.faults.append(Fault(tid, ns, addr, flags, tuple(frames)))
    trace.faults_seen = len(trace.faults)
    return trace
