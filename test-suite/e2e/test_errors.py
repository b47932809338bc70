"""Clear errors: a budget too small or beyond the machine, settings trace mode
cannot record, a bad variable, an unreachable or dying memory server, no
userfaultfd permission, an unprivileged profile."""

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from proctree import marked

from conftest import BUILD, FARHINT


def test_budget_below_minimum_is_a_clear_error(farhint_run):
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--local", "64K"])
    assert run.returncode == 2
    assert "below the smallest budget" in run.stderr


@pytest.mark.parametrize(
    "setting,message",
    [
        ("FARHINT_ULT", "FARHINT_ULT and trace mode do not go together"),
        ("FARHINT_FOLLOW_CHILDREN", "FARHINT_FOLLOW_CHILDREN in trace mode needs %p"),
    ],
)
def test_trace_mode_refuses_what_it_cannot_record(farhint_run, tmp_path, setting, message):
    run = farhint_run(
        "fm_scan",
        1,
        1,
        "nohint",
        options=["--local", "1M"],
        env={setting: "1", "FARHINT_MODE": "trace", "FARHINT_TRACE_FILE": str(tmp_path / "t")},
    )
    assert run.returncode == 2
    assert message in run.stderr


def test_budget_beyond_the_machine_is_refused_before_the_program_starts(farhint_run):
    machine = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    for options in (["--local", str(2 * machine)], ["--local", "25%", "--peak", "100T"]):
        run = farhint_run("fm_scan", 1, 1, "nohint", options=options, timeout=30)
        assert run.returncode == 2, run.stderr
        assert "more than this machine's memory" in run.stderr
        assert run.stdout == ""


def test_bad_configuration_names_the_variable(farhint_run):
    """The runtime's own checks, for settings given in its environment (the
    CLI refuses the same values as options, naming the option)."""
    run = farhint_run("fm_scan", 1, 1, "nohint", env={"FARHINT_EVICT_BATCH": "0"})
    assert run.returncode == 2
    assert "FARHINT_EVICT_BATCH" in run.stderr
    run = farhint_run(
        "fm_scan", 1, 1, "nohint", env={"FARHINT_POLICY": "lru", "FARHINT_LRU_LISTS": "1"}
    )
    assert run.returncode == 2
    assert "FARHINT_LRU_LISTS=1 must be between 2 and 8" in run.stderr
    run = farhint_run("fm_scan", 1, 1, "nohint", env={"FARHINT_SERVER_DEADLINE": "0"})
    assert run.returncode == 2
    assert "FARHINT_SERVER_DEADLINE=0 must be at least 1ms" in run.stderr
    run = farhint_run("fm_scan", 1, 1, "nohint", env={"FARHINT_LINK_LATENCY": "10"})
    assert run.returncode == 2
    assert "FARHINT_LINK_LATENCY=10 is not a time" in run.stderr


@pytest.mark.parametrize(
    "backend,said",
    [
        ("tcp://", "tcp:// has no port"),
        ("tcp://memhost", "tcp://memhost has no port"),
        ("rdma://x:notaport", "the port must be 1..65535"),
        ("memcached://", "has no port"),
        ("tcp://127.0.0.1:99999", "the port must be 1..65535"),
        ("foo://h:1", "FARHINT_BACKEND=foo://h:1 is not a backend"),
        ("tcp://127.0.0.1:7000", "needs the server's token: farhint run --token-file FILE"),
    ],
)
def test_a_malformed_backend_is_a_configuration_error(farhint_run, backend, said):
    """Exit 2, as the help says of configuration errors, before the program
    starts: not 70, the code of a runtime that stopped a running program."""
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", backend])
    assert run.returncode == 2, run.stderr
    assert said in run.stderr and "configuration error" in run.stderr, run.stderr
    assert "sum" not in run.stdout
    run = farhint_run("fm_scan", 1, 1, "nohint", env={"FARHINT_TRACE_START_SIGNAL": "9"})
    assert run.returncode == 2
    assert "FARHINT_TRACE_START_SIGNAL=9 is not a signal the recorder can take" in run.stderr
    run = farhint_run("fm_scan", 1, 1, "nohint", env={"FARHINT_TRACE_SLOWDOWN": "1.5"})
    assert run.returncode == 2
    assert "FARHINT_TRACE_SLOWDOWN=1.5: give a slowdown above 1, with a budget that follows" in (
        run.stderr
    )


def test_unreachable_server_is_a_clear_error(farhint_run, tmp_path):
    run = farhint_run(
        "fm_scan", 1, 1, "nohint", options=["--backend", f"unix:{tmp_path}/nobody.sock"]
    )
    assert run.returncode == 70
    assert "cannot reach the memory server" in run.stderr


def _memory_server_of(mark):
    """The memory server the program of this test's `farhint run` started
    (not any farmem-server on the machine: one a killed run left would be
    taken). It is no child of the program: found by the test's mark."""
    for pid in marked(mark):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == "farmem-server":
                return pid
        except FileNotFoundError:
            pass
    return None


def test_server_death_stops_the_program_with_an_error(nothing_left_running):
    prog = subprocess.Popen(
        [
            str(FARHINT),
            "run",
            "--local",
            "2M",
            "--",
            str(BUILD / "bin" / "fm_scan"),
            "16",
            "100000",
            "nohint",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server = None
        for _ in range(100):
            server = _memory_server_of(nothing_left_running)
            if server:
                break
            time.sleep(0.05)
        assert server, "the runtime did not start its memory server"
        time.sleep(0.3)
        os.kill(server, signal.SIGKILL)
        _, err = prog.communicate(timeout=30)
    finally:
        prog.kill()
    assert prog.returncode == 70
    assert "memory server" in err and "is gone" in err


# Runs the rest of a command as the unprivileged user nobody.
AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def test_missing_userfaultfd_permission_is_a_clear_error():
    """An unprivileged user without access to userfaultfd gets told why."""
    if Path("/proc/sys/vm/unprivileged_userfaultfd").read_text().strip() != "0":
        pytest.fail("vm.unprivileged_userfaultfd=1 here: this test needs it at 0")
    proc = subprocess.run(
        [
            *AS_NOBODY,
            "env",
            f"LD_PRELOAD={BUILD / 'lib' / 'libfarmem.so'}",
            f"FARHINT_SERVER={BUILD / 'bin' / 'farmem-server'}",
            str(BUILD / "bin" / "fm_scan"),
            "1",
            "1",
            "nohint",
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 70, proc.stderr
    assert "userfaultfd is not available" in proc.stderr


@pytest.mark.parametrize("peak", [[], ["--peak", "16M"]])
def test_unprivileged_profile_says_why_without_a_traceback(tmp_path, peak):
    """`farhint profile` as a user without userfaultfd: the runtime's reason,
    no advice to give --peak (it would not help), and no traceback. (The
    profile goes to a folder the user may write: one it may not is refused
    before the run.)"""
    out = Path(tempfile.mkdtemp(prefix="nobody-"))  # pytest's folders are root's alone
    out.chmod(0o777)
    proc = subprocess.run(
        [
            *AS_NOBODY,
            str(FARHINT),
            "profile",
            "--local",
            "10%",
            *peak,
            "-o",
            str(out / "p.fhprof"),
            "--",
            str(BUILD / "bin" / "fm_scan"),
            "1",
            "1",
            "nohint",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd="/",
    )
    shutil.rmtree(out)
    assert proc.returncode == 2, proc.stderr
    assert "userfaultfd is not available" in proc.stderr
    assert "the far-memory runtime stopped" in proc.stderr
    assert "Traceback" not in proc.stderr and "give --peak" not in proc.stderr
