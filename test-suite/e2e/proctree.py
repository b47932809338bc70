"""Every process a test started, however it was started: the test puts a
marker in the environment of what it runs, which every descendant inherits
(the memory server too, though it is no child of the program), and finds
the processes by it in /proc. A timed-out test kills them all, so none is
left running on the machine."""

import contextlib
import os
import signal
import uuid
from pathlib import Path

MARK = "FHTEST_MARK"


def new_mark() -> str:
    return uuid.uuid4().hex


def marked(mark: str) -> list[int]:
    """Live processes (zombies have no environment) carrying the mark."""
    want = f"{MARK}={mark}".encode()
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if want in (proc / "environ").read_bytes().split(b"\0"):
                found.append(int(proc.name))
        except OSError:  # gone meanwhile, or a kernel thread
            pass
    return found


def kill_marked(mark: str) -> None:
    for pid in marked(mark):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
