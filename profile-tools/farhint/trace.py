"""Reading the binary trace libfarmem writes in trace mode
(runtime/include/farhint/trace.h is the one description of the layout)."""

import random
import struct
from dataclasses import dataclass, field
from pathlib import Path

from farhint.errors import UserError

MAGIC = b"FHTRACE1"
_HEADER = struct.Struct("<IIQQQHHI")

FAULT, ALLOC, FREE, MAPS, INFO, EXE, SAMPLING, BUDGET, WINDOW = 1, 2, 3, 4, 5, 6, 7, 8, 9
WRITE, WP, HINTED, KERNEL, NOSTACK = 1, 2, 4, 8, 16
_TEXT = {MAPS: "maps", EXE: "exe"}  # records followed by text, and the field it fills


class TraceError(UserError):
    pass


@dataclass
class Fault:
    tid: int
    time_ns: int
    addr: int
    flags: int
    frames: tuple  # instruction pointers, innermost first
    weight: int = 1  # faults this record stands for (more than 1 when sampled)
    burst_weight: int = 1  # of which the recorder's bursts (the rest is spatial)
    window: int = 0  # the recording window it came in (traced in windows of time)

    @property
    def kind(self) -> str:
        return "write_protect" if self.flags & WP else "write" if self.flags & WRITE else "read"

    @property
    def hinted(self) -> bool:
        return bool(self.flags & HINTED)


@dataclass
class Trace:
    faults: list = field(default_factory=list)
    allocs: list = field(default_factory=list)  # (time_ns, addr, size)
    frees: list = field(default_factory=list)  # (time_ns, addr)
    maps: str = ""
    faults_seen: int = 0  # recorded or not (sampling: see farhint/trace.h)
    exe: str = ""  # the program the traced process ran (older traces: unknown)
    spatial_rate: int = 1  # 1 page in this many was far (spatial sampling), at the end
    # When the budget followed the pages in use: the most bytes in use at
    # once, and the budget's bytes at the end (None otherwise).
    peak_bytes: int | None = None
    local_bytes: int | None = None
    # Traced in windows of time: when the first started, and each one's
    # (recorded, end time in ns) in order; empty when recorded throughout.
    started_ns: int | None = None
    windows: list = field(default_factory=list)

    @property
    def faults_estimated(self) -> int:
        return sum(f.weight for f in self.faults)


def read_trace(path: Path) -> Trace:
    data = Path(path).read_bytes()
    if data[:8] != MAGIC:
        raise TraceError(f"{path} is not a farhint trace (bad magic)")
    t = Trace()
    off = 8
    while off + _HEADER.size <= len(data):
        kind, tid, time_ns, addr, size, flags, nframes, weight = _HEADER.unpack_from(data, off)
        off += _HEADER.size
        if t.started_ns is None:
            t.started_ns = time_ns
        if kind in _TEXT:
            setattr(t, _TEXT[kind], data[off : off + size].decode(errors="replace"))
            off += size
            continue
        if kind == INFO:
            t.faults_seen = addr * t.spatial_rate
            continue
        if kind == SAMPLING:
            t.spatial_rate = max(addr, 1)
            continue
        if kind == BUDGET:
            t.peak_bytes, t.local_bytes = addr, size
            continue
        frames = struct.unpack_from(f"<{nframes}Q", data, off)
        off += 8 * nframes
        if kind == WINDOW:
            t.windows.append((bool(flags), time_ns))
        elif kind == FAULT:
            burst = max(weight, 1)
            window = len(t.windows)
            t.faults.append(
                Fault(tid, time_ns, addr, flags, frames, burst * t.spatial_rate, burst, window)
            )
        elif kind == ALLOC:
            t.allocs.append((time_ns, addr, size))
        elif kind == FREE:
            t.frees.append((time_ns, addr))
        else:
            raise TraceError(f"{path}: unknown record kind {kind} at byte {off}")
    if not t.maps:
        raise TraceError(
            f"{path} has no memory map: the traced program did not exit "
            "normally (killed, or it called _exit before the runtime finished)"
        )
    _weigh_windows(t)
    return t


def _window_lengths(started_ns, windows):
    """Each window's length in ns: from the previous one's end (the first's,
    from the trace's start) to its own."""
    ends = [end for _, end in windows]
    return [b - a for a, b in zip([started_ns, *ends], ends, strict=False)]


def window_factors(started_ns, windows):
    """What the faults of each window stand for (farhint/trace.h): the time
    from its start to the next recorded window's, over its own; 0 for an
    unrecorded window."""
    lengths = [max(n, 1) for n in _window_lengths(started_ns, windows)]
    factors = [0.0] * len(windows)
    for i, (recorded, _) in enumerate(windows):
        if not recorded:
            continue
        after = i + 1
        while after < len(windows) and not windows[after][0]:
            after += 1
        factors[i] = sum(lengths[i:after]) / lengths[i]
    return factors


def recorded_share(started_ns, windows):
    """The share of the traced run's time in recorded windows."""
    lengths = _window_lengths(started_ns, windows)
    on = sum(n for n, (recorded, _) in zip(lengths, windows, strict=False) if recorded)
    return on / sum(lengths) if sum(lengths) else 1.0


def _weigh_windows(t):
    """Traced in windows: each fault's weight times its window's factor,
    rounded at random (seeded: the same trace, the same profile) so that
    weights stay whole and their sum unbiased. A fault whose record came
    just after its window's end belongs to that window; those after the
    last WINDOW record (none, unless the run ended without one) stand for
    themselves."""
    if not t.windows:
        return
    pick = random.Random(0)
    factors = window_factors(t.started_ns, t.windows)
    for f in t.faults:
        window = min(f.window, len(factors))
        while 0 < window < len(factors) and not t.windows[window][0]:
            window -= 1
        f.window = window
        if window < len(factors):
            exact = f.weight * factors[window]
            f.weight = int(exact) + (pick.random() < exact - int(exact))
