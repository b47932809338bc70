"""The scheduling class of the threads that serve faults follows the machine
(--fault-priority, docs/design/fault-serving.md): raised to SCHED_FIFO
while other processes keep the CPUs busy, lowered once they stop, and
serving beside a lone faulting thread again; `rt` keeps them raised and
still serves beside the thread while the machine is quiet. Checked by the
runtime's counters, not by time: a time measured here says more about the
machine than about the runtime (test-suite/bench/priority-bench.py times it)."""

import os
import signal
import subprocess
import threading

import pytest

from conftest import native

# fm_scan over 64 MiB at 8 MiB local without read-ahead: every page of
# every pass a fault, steadily through the run (about 0.3 s a pass)
SCAN = ("fm_scan", 64, 24, "nohint")
OPTIONS = ["--local", "8M", "--no-unhinted-readahead"]


def busy_loops():
    return [
        subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True)
        for _ in range(os.cpu_count() or 1)
    ]


def stop(loops):
    for p in loops:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()


@pytest.fixture(scope="module")
def expected():
    return native(*SCAN).stdout.split()[1]


@pytest.fixture(autouse=True)
def two_cores():
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: the servers share it with the program anyway")


def test_raised_while_others_are_busy_then_lowered_and_beside_the_thread_again(
    farhint_run, expected
):
    """Busy loops for the run's first 2.5 s only: the threads are raised
    while they run, lowered once the machine has been quiet for a second,
    and most of the run's faults are then served from the faulting thread's
    core, as on a quiet machine (before, they stayed raised to the end and
    none was)."""
    loops = busy_loops()
    timer = threading.Timer(2.5, stop, [loops])
    timer.start()
    try:
        run = farhint_run(*SCAN, options=OPTIONS + ["--stats"])
    finally:
        timer.cancel()
        stop(loops)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[1] == expected
    c = run.stats["counters"]
    assert c["fault_priority_raised"] >= 1 and c["fault_priority_lowered"] >= 1, c
    raised = c["fault_priority_raised_ns"] / 1e9
    assert 0.5 < raised < 6, c  # the burst (from its second window) and a quiet second
    assert c["faults_colocated"] > 0.3 * c["faults_unhinted"], c
    assert "fault-serving threads: raised to SCHED_FIFO" in run.stderr


def test_rt_stays_raised_and_serves_beside_the_thread_on_a_quiet_machine(farhint_run, expected):
    """rt: raised from the start to the end, never lowered; on a quiet
    machine the control thread still serves beside the lone faulting thread
    (a server at SCHED_FIFO there would make every wake-up move the thread
    to the other core: twice as slow on this VM)."""
    run = farhint_run(*SCAN, options=OPTIONS + ["--fault-priority", "rt"])
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[1] == expected
    c = run.stats["counters"]
    assert c["fault_priority_raised"] == 1 and c["fault_priority_lowered"] == 0, c
    assert c["fault_priority_raised_ns"] > 0, c
    assert c["faults_colocated"] > 0.5 * c["faults_unhinted"], c


def test_normal_never_raises(farhint_run, expected):
    """normal: never raised, even beside busy loops."""
    loops = busy_loops()
    try:
        run = farhint_run(
            "fm_scan", 32, 2, "nohint", options=OPTIONS + ["--fault-priority", "normal"]
        )
    finally:
        stop(loops)
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    assert c["fault_priority_raised"] == 0 and c["fault_priority_raised_ns"] == 0, c
