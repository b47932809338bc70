"""Signals under the runtime, with kernel threads and --ult: handlers that touch
far memory, signals blocked for sigwait and signalfd, a mask per thread."""

import pytest

from conftest import native


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_signal_handlers_that_touch_far_memory_are_served(farhint_run, options):
    """A timer's handler writes heap memory at 5% local: its faults are
    served (the runtime's own threads block signals, so the handler never
    runs on the thread that serves faults), and nothing it wrote is lost."""
    run = farhint_run("fm_signals", "alarm", 20, options=["--local", "1M", *options], timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == native("fm_signals", "alarm", 20).stdout
    assert run.stdout.startswith("handled\n")
    assert run.stats["counters"]["evicted_pages"] > 0


@pytest.mark.parametrize("how", ["sigwait", "signalfd"])
@pytest.mark.parametrize("options", [[], ["--ult"], ["--ult", "--cores", "1"]])
def test_blocked_signals_are_received_where_the_program_waits(farhint_run, how, options):
    """Signals every thread blocks stay pending for sigwait() or a signalfd
    (under --ult a user-level thread's mask is its own, whichever worker
    runs it: no worker takes the signal's default action)."""
    run = farhint_run("fm_signals", how, options=["--local", "1M", *options], timeout=30)
    assert run.returncode == 0, (
        f"killed by signal {-run.returncode}" if run.returncode < 0 else run.stderr
    )
    assert run.stdout == "received SIGUSR1\nreceived SIGTERM\nclean exit\n"


@pytest.mark.parametrize("options", [[], ["--ult", "--cores", "1"]])
def test_each_thread_has_its_own_signal_mask(farhint_run, options):
    """A signal one thread blocks is not blocked in main, even when both ran
    on the same worker; raise() runs the handler before it returns."""
    run = farhint_run("fm_signals", "masks", options=["--local", "1M", *options], timeout=30)
    assert run.returncode == 0, run.stderr
    assert run.stdout == native("fm_signals", "masks").stdout
    assert run.stdout == (
        "handled by raise: 1\nthread blocks SIGUSR1: yes\nmain blocks SIGUSR1: no\n"
    )
