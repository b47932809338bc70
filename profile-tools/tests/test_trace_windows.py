"""A trace recorded in windows of time (farhint/trace.h, FARHINT_TRACE_WINDOW):
each recorded window's faults stand for the time from its start to the
next recorded window's."""

import struct

from farhint import trace
from farhint.trace import read_trace, recorded_share, window_factors

HEADER = struct.Struct("<IIQQQHHI")
MS = 1_000_000


def record(kind, time_ms=0, flags=0, addr=0, weight=0, frames=(), text=b""):
    head = HEADER.pack(kind, 1, time_ms * MS, addr, len(text), flags, len(frames), weight)
    return head + struct.pack(f"<{len(frames)}Q", *frames) + text


def fault(time_ms, addr):
    return record(trace.FAULT, time_ms, addr=addr, weight=1, frames=(0x401000,))


def window(time_ms, recorded):
    return record(trace.WINDOW, time_ms, flags=int(recorded))


def write(tmp_path, *records):
    path = tmp_path / "t.trace"
    maps = b"00400000-00402000 r-xp 00000000 00:00 0 /bin/x\n"
    start = record(trace.SAMPLING, 0, addr=1)
    path.write_bytes(trace.MAGIC + start + b"".join(records) + record(trace.MAPS, text=maps))
    return read_trace(path)


def test_a_recorded_window_stands_for_the_time_up_to_the_next_one():
    # Recorded 0-10 ms, not 10-40, recorded 40-45, not 45-50, recorded 50-60.
    windows = [
        (True, 10 * MS),
        (False, 40 * MS),
        (True, 45 * MS),
        (False, 50 * MS),
        (True, 60 * MS),
    ]
    assert window_factors(0, windows) == [4.0, 0.0, 2.0, 0.0, 1.0]
    assert recorded_share(0, windows) == 25 / 60


def test_the_reader_weighs_each_fault_by_its_window(tmp_path):
    t = write(
        tmp_path,
        fault(1, 0x1000),
        fault(2, 0x2000),
        window(10, True),
        window(40, False),
        fault(41, 0x3000),
        window(50, True),
    )
    assert [f.window for f in t.faults] == [0, 0, 2]
    assert [f.weight for f in t.faults] == [4, 4, 1]
    assert t.faults_estimated == 9


def test_a_fault_written_just_after_its_window_ended_belongs_to_it(tmp_path):
    # Records of many threads are appended as they come: a fault of the
    # recorded window may follow the record that ended it.
    t = write(tmp_path, window(10, True), fault(9, 0x1000), window(40, False))
    assert t.faults[0].window == 0 and t.faults[0].weight == 4


def test_fractional_weights_round_at_random_with_the_right_sum(tmp_path):
    # Each fault stands for 1.5: 1 or 2, 1.5 on average, the same each read.
    faults = [fault(1, 0x1000 * (i + 1)) for i in range(4000)]
    tail = (window(20, True), window(30, False))
    t = write(tmp_path, *faults, *tail)
    assert {f.weight for f in t.faults} == {1, 2}
    assert abs(t.faults_estimated - 6000) < 200
    assert t.faults_estimated == write(tmp_path, *faults, *tail).faults_estimated


def test_a_trace_without_windows_is_weighed_as_recorded(tmp_path):
    t = write(tmp_path, fault(1, 0x1000), fault(2, 0x2000))
    assert t.windows == [] and [f.weight for f in t.faults] == [1, 1]
