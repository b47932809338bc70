"""Nothing hangs, nothing is orphaned: a program under farhint sees exactly
the children it made (the memory server is none of them), drops root with
threads running as daemons do, and ends with the supervisor that started
`farhint run` -- a SIGKILL leaves no process behind, and SIGINT, SIGTERM
and SIGHUP sent to farhint's pid reach the program as they would natively."""

import os
import signal
import subprocess
import time

import pytest
from proctree import marked

from conftest import BUILD, FARHINT, native

KERNEL = ["--local", "4M"]
ULT = ["--local", "4M", "--ult"]
ULT2 = ["--local", "4M", "--ult", "--cores", "2"]
FOLLOW = ["--local", "4M", "--follow-children"]


@pytest.mark.parametrize(
    "args,options",
    [
        (["forks", 3], KERNEL),
        (["forks", 3], FOLLOW),
        (["spawns", 3], KERNEL),
        (["spawns", 3], ULT),
        (["spawns", 3], FOLLOW),
        (["none"], KERNEL),
        (["none"], ULT),
    ],
)
def test_wait_sees_exactly_the_programs_children(farhint_run, args, options):
    run = farhint_run("fm_wait", *args, options=options, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("ok"), run.stdout + run.stderr


@pytest.mark.parametrize("options", [KERNEL, ULT, ULT2], ids=["kernel", "ult", "ult-2-cores"])
def test_dropping_root_with_threads_running(farhint_run, options):
    assert os.geteuid() == 0, "the test drops root: run it as root"
    run = farhint_run("fm_setxid", 8, 2, options=options, timeout=60)
    assert run.returncode == 0 and run.stdout.startswith("ok"), run.stdout + run.stderr


def default_signals():
    """A test run in the background (`make test &`) inherits SIGINT ignored,
    and so would what it starts."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def start_holding(options, seconds=120):
    """farhint run of a program that touched its far memory and now waits;
    returns once it says so, with its memory server up."""
    proc = subprocess.Popen(
        [str(FARHINT), "run", *options, "--", str(BUILD / "bin" / "fm_wait"), "hold", str(seconds)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_signals,
    )
    assert proc.stdout.readline() == "holding\n", proc.stderr.read()
    return proc


def wait_until_none_left(mark, within=20.0):
    deadline = time.monotonic() + within
    while (left := marked(mark)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


CGROUP = ["--local", "4M", "--cgroup-limit", "256M"]


@pytest.mark.parametrize("options", [KERNEL, ULT, CGROUP], ids=["kernel", "ult", "cgroup"])
def test_sigkill_of_farhint_run_leaves_nothing_running(nothing_left_running, options):
    proc = start_holding(options)
    assert len(marked(nothing_left_running)) >= 2, "the program and its memory server run"
    proc.kill()
    proc.wait()
    left = wait_until_none_left(nothing_left_running)
    assert not left, f"still running after farhint run was killed: {left}"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("options", [KERNEL, ULT, CGROUP], ids=["kernel", "ult", "cgroup"])
def test_a_signal_to_farhint_run_reaches_the_program(nothing_left_running, options, sig):
    prog = subprocess.Popen(
        [str(BUILD / "bin" / "fm_wait"), "hold", "120"],
        stdout=subprocess.PIPE,
        preexec_fn=default_signals,
    )
    assert prog.stdout.readline() == b"holding\n"
    prog.send_signal(sig)
    natively = prog.wait(timeout=10)

    proc = start_holding(options)
    proc.send_signal(sig)
    rc = proc.wait(timeout=30)
    # farhint run becomes the program; with a cgroup it waits for it and
    # exits as a shell does for a program a signal ended.
    assert rc == (128 - natively if "--cgroup-limit" in options else natively), proc.stderr.read()
    assert not wait_until_none_left(nothing_left_running)


def test_native_wait_program_agrees():
    """The programs above behave so without farhint: the tests check farhint."""
    for args in (["forks", 3], ["spawns", 3], ["none"]):
        assert native("fm_wait", *args).stdout.startswith("ok")
