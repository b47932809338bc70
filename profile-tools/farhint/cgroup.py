"""A cgroup-v1 memory cgroup for one run: create with a limit, put a child in
it, read what it used and whether the OOM killer struck, remove it."""

import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from farhint.errors import UserError

ROOT = Path("/sys/fs/cgroup/memory")


class CgroupError(UserError):
    pass


@dataclass
class Usage:
    max_usage: int
    failcnt: int
    oom_kills: int
    major_faults: int  # page faults that read from swap (or a file)


def _remove_abandoned():
    """The empty cgroups of farhint processes that were killed before they
    could remove their own (SIGKILL leaves no time to clean up)."""
    for path in ROOT.glob("farhint-*-*"):
        pid = path.name.split("-")[1]
        if not pid.isdigit() or Path(f"/proc/{pid}").exists():
            continue
        with contextlib.suppress(OSError):  # refused while a process is still in it
            path.rmdir()


class MemoryCgroup:
    def __init__(self, limit_bytes: int, name: str | None = None):
        if not (ROOT / "memory.limit_in_bytes").exists():
            raise CgroupError(
                f"no cgroup-v1 memory controller at {ROOT}: a memory "
                "limit needs it (mount -t cgroup -o memory cgroup "
                f"{ROOT})"
            )
        _remove_abandoned()
        self.path = ROOT / (name or f"farhint-{os.getpid()}-{time.monotonic_ns()}")
        try:
            self.path.mkdir()
        except PermissionError as err:
            raise CgroupError(f"cannot create {self.path}: run as root") from err
        self._write("memory.limit_in_bytes", limit_bytes)

    def _write(self, name, value):
        (self.path / name).write_text(f"{value}\n")

    def _read(self, name) -> str:
        return (self.path / name).read_text()

    def disable_oom_kill(self):
        """A charge that reclaim cannot make room for waits (under_oom)
        instead of killing the task."""
        self._write("memory.oom_control", 1)

    def enable_oom_kill(self):
        """The OOM killer back: a charge that waits now kills instead."""
        self._write("memory.oom_control", 0)

    def under_oom(self) -> bool:
        return "under_oom 1" in self._read("memory.oom_control")

    def oom_notifier(self) -> int:
        """An eventfd the kernel signals each time a charge of this cgroup
        finds no room (memory.oom_control's notification)."""
        efd = os.eventfd(0)
        ofd = os.open(self.path / "memory.oom_control", os.O_RDONLY)
        try:
            self._write("cgroup.event_control", f"{efd} {ofd}")
        finally:
            os.close(ofd)  # the kernel keeps its own reference
        return efd

    def reclaim(self, limit: int, below: int) -> bool:
        """The kernel's own reclaim, run from the calling thread: the limit is
        set `below` bytes lower (which reclaims until usage fits) and back,
        which wakes the tasks waiting under_oom. False when nothing could
        be reclaimed."""
        try:
            self._write("memory.limit_in_bytes", limit - below)
            done = True
        except OSError:  # EBUSY: nothing could be reclaimed this time
            done = False
        self._write("memory.limit_in_bytes", limit)
        return done

    def enter_self(self):
        """For preexec_fn: move the calling (child) process into this cgroup."""
        self._write("cgroup.procs", os.getpid())

    def stat(self) -> dict:
        """memory.stat as numbers (rss, cache, mapped_file, ...)."""
        return {
            k: int(v) for k, v in (line.split() for line in self._read("memory.stat").splitlines())
        }

    def usage(self) -> Usage:
        oom = 0
        for line in self._read("memory.oom_control").splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                oom = int(value)
        return Usage(
            int(self._read("memory.max_usage_in_bytes")),
            int(self._read("memory.failcnt")),
            oom,
            self.stat().get("pgmajfault", 0),
        )

    def remove(self):
        for _ in range(50):  # a dying child may linger for a moment
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
