"""The kernel-swap baseline ("kswap"): the unmodified program under a
cgroup-v1 memory limit equal to the local budget, with swap on zram (lz4),
on a swapfile, or on a swapfile behind zswap (lz4, zsmalloc): the kernel's
own compressed tiers. Swap is switched on for the run only and the machine is put back
as it was. The cgroup's OOM killer is off and ReclaimAssist runs the
kernel's reclaim for a charge that waits (docs/design/benchmarks.md, "The
kernel-swap baseline"); a run that stays stalled is reported as OOM, never
retried."""

import os
import select
import subprocess
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from farhint.cgroup import MemoryCgroup
from farhint.errors import UserError


class SwapError(UserError):
    pass


def _active_swaps():
    return [name for name, _, _ in _swap_usage()]


def _swap_usage():
    """(device, size KiB, used KiB) of each swap that is on."""
    lines = Path("/proc/swaps").read_text().splitlines()[1:]
    return [(f[0], int(f[2]), int(f[3])) for f in (line.split() for line in lines) if len(f) >= 4]


ZSWAP = Path("/sys/module/zswap/parameters")
# zswap as the baseline sets it: lz4 into zsmalloc (kernels since 6.15 have
# no zpool setting: zsmalloc is the only one). A kernel whose crypto API
# lacks lz4 (built as a module, and none loaded) gets the first it has of
# the others (_zswap_compressor), which describe() names.
ZSWAP_SETTINGS = {"zpool": "zsmalloc", "enabled": "Y"}
ZSWAP_COMPRESSORS = ("lz4", "lzo-rle", "lzo")


def _zswap_compressor() -> str:
    try:
        names = {
            line.split(":", 1)[1].strip()
            for line in Path("/proc/crypto").read_text().splitlines()
            if line.startswith("name")
        }
    except OSError:
        return "lz4"
    return next((c for c in ZSWAP_COMPRESSORS if c in names), "lz4")


SWAP_KINDS = ("zram", "file", "zswap")


class Swap:
    """Context manager: swap of `size` bytes on zram (default), a swapfile,
    or a swapfile behind zswap. If the machine already has swap on, it is
    used as it is and left alone (zswap is still switched on for zswap, and
    put back after)."""

    def __init__(self, size: int, kind: str = "zram", swapfile_dir: str = "/var/tmp"):
        if kind not in SWAP_KINDS:
            raise SwapError(f"unknown swap kind {kind!r} (zram, file or zswap)")
        self.size, self.kind, self.dir = size, kind, swapfile_dir
        self.device = None
        self.preexisting = False
        self.zswap_before = {}
        self.zswap_settings = dict(ZSWAP_SETTINGS)

    def _run(self, *cmd):
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise SwapError(f"{' '.join(cmd)}: {out.stderr.strip() or out.stdout.strip()}")
        return out.stdout.strip()

    def __enter__(self):
        if self.kind == "zswap":
            self._zswap_on()
        if _active_swaps():
            self.preexisting = True
            return self
        self._make()
        return self

    def _zswap_on(self):
        if not ZSWAP.exists():
            raise SwapError(
                "zswap is not in this kernel (no /sys/module/zswap); use --swap zram or file"
            )
        self.zswap_settings = {"compressor": _zswap_compressor(), **ZSWAP_SETTINGS}
        for name, value in self.zswap_settings.items():
            path = ZSWAP / name
            if not path.exists() and name == "zpool":
                continue
            self.zswap_before[name] = path.read_text().strip()
            try:
                path.write_text(value)
            except OSError as e:
                self._zswap_back()
                raise SwapError(f"cannot set zswap's {name} to {value}: {e.strerror}") from e

    def still_on(self, say) -> None:
        """Before each run: the swap found on at the start may have been
        switched off since (another job's, ended); then one of the sweep's
        own is made, and said."""
        if _active_swaps():
            return
        say(f"farhint bench: the swap kernel swap ran on is off now; making {self.kind} swap")
        self.preexisting = False
        self._make()
        say(f"farhint bench: {self.describe()}")

    def _make(self):
        if self.kind == "zram":
            if not Path("/sys/class/zram-control").exists():
                raise SwapError(
                    "zram is not available in this kernel; use the swapfile kind (--swap file)"
                )
            self.device = self._run(
                "zramctl", "--find", "--size", str(self.size), "--algorithm", "lz4"
            )
        else:
            self.device = str(Path(self.dir) / f"farhint-swap-{os.getpid()}")
            self._run("fallocate", "-l", str(self.size), self.device)
            os.chmod(self.device, 0o600)
        try:
            self._run("mkswap", self.device)
            self._run("swapon", self.device)
        except SwapError:
            self._release()
            raise

    def describe(self) -> str:
        """The line a sweep prints: which swap kernel swap runs on, how full."""
        swaps = ", ".join(
            f"{dev} ({used / 2**20:.1f} of {size / 2**20:.1f} GiB used)"
            for dev, size, used in _swap_usage()
        )
        if self.kind == "zswap":
            swaps += " behind zswap (" + ", ".join(
                f"{k} {v}" for k, v in self.zswap_settings.items()
            )
            swaps += ")"
        if self.preexisting:
            return (
                f"kernel swap runs on the swap already on, as it is: {swaps} (another job's "
                "use of it is in the kswap times; swapoff it for a swap of the sweep's own)"
            )
        return f"kernel swap runs on {self.kind} swap made for this sweep: {swaps}"

    def _release(self):
        if self.kind == "zram":
            subprocess.run(["zramctl", "--reset", self.device], capture_output=True)
        else:
            Path(self.device).unlink(missing_ok=True)

    def _zswap_back(self):
        # enabled last: the others can change only while it is on or off alike
        for name in sorted(self.zswap_before, key=lambda n: n == "enabled"):
            (ZSWAP / name).write_text(self.zswap_before[name])
        self.zswap_before = {}

    def __exit__(self, *exc):
        if self.device:
            subprocess.run(["swapoff", self.device], capture_output=True)
            self._release()
        self._zswap_back()


@dataclass
class KswapResult:
    returncode: int
    seconds: float
    oom_killed: bool  # killed, or still stalled under_oom when it timed out
    timed_out: bool  # stopped at its timeout (and, unless oom_killed, still running)
    max_usage: int
    major_faults: int
    stdout: str
    reclaim_assists: int  # times ReclaimAssist ran reclaim for it


# How far below the limit ReclaimAssist reclaims: a sixteenth of it, 1-16 MiB.
def assist_margin(limit: int) -> int:
    return min(max(limit // 16, 1 << 20), 16 << 20)


class ReclaimAssist(threading.Thread):
    """Background reclaim for a cgroup-v1 memory cgroup, which has none of its
    own (kswapd works for the whole node; memory.high is cgroup v2's).
    Without it the v1 controller OOM-kills programs faulting in from swap
    with swap free: a charge over the limit reclaims in its own thread and
    gives up after MAX_RECLAIM_RETRIES passes that free nothing, which
    happens when the pages scanned were just touched (CRONO dfs, 2 threads
    at 25%: killed at 35 s, with 1 thread it finishes; qsort and gen, one
    thread, at 10% of their ~50 MiB). Here the OOM killer is off, so such a
    charge waits (under_oom) until memory is uncharged -- which another
    thread's reclaim usually does, but not when every thread waits (dfs: 374
    times in one run) -- and this thread, woken by the cgroup's OOM
    notification (an eventfd: no CPU while nothing waits), runs the kernel's
    own reclaim for it until the usage is a margin below the limit
    (MemoryCgroup.reclaim): the limit, the LRU policy and swap are the
    kernel's. A charge that reclaim can never satisfy (swap full) stays
    waiting, and the run ends at its timeout, reported as OOM."""

    def __init__(self, cg: MemoryCgroup, limit: int):
        super().__init__(daemon=True)
        self.cg, self.limit, self.assists = cg, limit, 0
        self.waits = cg.oom_notifier()
        self.stop = os.eventfd(0)

    def run(self):
        poller = select.poll()
        poller.register(self.waits, select.POLLIN)
        poller.register(self.stop, select.POLLIN)
        while True:
            ready = {fd for fd, _ in poller.poll()}
            if self.stop in ready:
                return
            os.eventfd_read(self.waits)
            while self.cg.under_oom():
                if not self.cg.reclaim(self.limit, assist_margin(self.limit)):
                    time.sleep(0.001)  # nothing reclaimable now: let the others run
                self.assists += 1

    def finish(self):
        os.eventfd_write(self.stop, 1)
        self.join()
        os.close(self.waits)
        os.close(self.stop)


POLL_SECONDS = 0.01  # how often native_peaks samples the cgroup's memory.stat


def native_peaks(cmd, cwd=None, on_start=None) -> tuple[int, int]:
    """The program's peak memory as the kernel charges it (heap, code,
    stacks, page tables, page cache), and the same without the page cache
    of files it writes or reads but does not map (sssp: 969 MiB charged,
    370 MB of it its output): one native run in a memory cgroup with no
    limit. The second is the larger of the anonymous and mapped pages
    sampled every POLL_SECONDS and, for a peak shorter than that, the
    highest charge less the unmapped page cache left at the exit. on_start
    gets the Popen once it started."""
    with MemoryCgroup(1 << 50) as cg:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, preexec_fn=cg.enter_self, cwd=cwd)
        if on_start:
            on_start(proc)
        sampled = 0
        while proc.poll() is None:
            stat = cg.stat()
            sampled = max(sampled, stat["rss"] + stat["mapped_file"])
            time.sleep(POLL_SECONDS)
        if proc.returncode != 0:
            raise RuntimeError(f"the native run failed (exit {proc.returncode})")
        charged, stat = cg.usage().max_usage, cg.stat()
        return charged, max(sampled, charged - (stat["cache"] - stat["mapped_file"]))


def charged_peak(cmd, cwd=None, on_start=None) -> int:
    """native_peaks' first: everything the kernel charges the program."""
    return native_peaks(cmd, cwd, on_start)[0]


@contextmanager
def assisted_cgroup(limit: int):
    """A memory cgroup of `limit` bytes as kernel swap runs in (swap must be
    on): swapping as readily as dropping cache, its OOM killer off and
    ReclaimAssist making room for a charge that waits. Yields (cgroup,
    assist); the assist is finished on the way out."""
    with MemoryCgroup(limit) as cg:
        (cg.path / "memory.swappiness").write_text("100\n")
        cg.disable_oom_kill()
        assist = ReclaimAssist(cg, limit)
        assist.start()
        try:
            yield cg, assist
        finally:
            assist.finish()


def run_kswap(cmd, limit: int, env=None, timeout=None, cwd=None, on_start=None) -> KswapResult:
    """Run cmd in a memory cgroup of `limit` bytes (swap must be on), with
    ReclaimAssist; on_start gets the Popen once it started."""
    with assisted_cgroup(limit) as (cg, assist):
        t0 = time.monotonic()
        proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.PIPE, text=True, preexec_fn=cg.enter_self, cwd=cwd
        )
        if on_start:
            on_start(proc)
        stalled = timed_out = False
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            stalled = cg.under_oom()
            proc.kill()
            out, _ = proc.communicate()
        seconds = time.monotonic() - t0
        usage = cg.usage()
    killed = usage.oom_kills > 0 or stalled
    return KswapResult(
        proc.returncode,
        seconds,
        killed,
        timed_out,
        usage.max_usage,
        usage.major_faults,
        out,
        assist.assists,
    )
