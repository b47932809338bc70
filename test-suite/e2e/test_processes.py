"""The program's processes under the runtime: shutdown on SIGTERM, children and
exec (natively or followed), fork, and nothing left behind."""

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from conftest import BUILD, FARHINT, native

MiB = 1 << 20


def start_graceful(mib, **popen):
    """fm_signals graceful MIB under `farhint run` at 1M local: it says
    "ready", and on SIGTERM reads its far memory while it shuts down."""
    cmd = [FARHINT, "run", "--local", "1M", "--", BUILD / "bin/fm_signals", "graceful", mib]
    return subprocess.Popen(
        list(map(str, cmd)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen
    )


@pytest.mark.parametrize("group", [False, True])
def test_sigterm_lets_the_program_finish_its_shutdown(group):
    """SIGTERM to `farhint run` (or to its whole process group, as a
    service manager sends it) reaches the program, which still reads far
    memory while it shuts down: the memory server leaves after it, never
    before, and farhint returns the program's exit code."""
    proc = start_graceful(16, start_new_session=True)
    assert proc.stdout.readline() == "ready\n"
    if group:
        os.killpg(proc.pid, signal.SIGTERM)
    else:
        proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    words = 16 * MiB // 8
    assert out == f"saved {words * (words - 1) // 2}\n"


def test_a_target_that_runs_the_program_natively_says_so(tmp_path):
    """Pointed at a shell script, farhint runs the shell: the program the
    script starts runs without far memory. One line says so (with --stats,
    the shell's statistics are printed though it ends with _exit), and so
    does a target that execs the program; --follow-children says nothing."""
    script = tmp_path / "run.sh"
    script.write_text(
        f"#!/bin/sh\n{BUILD / 'bin' / 'fm_scan'} 64 2 nohint > /dev/null\necho done\n"
    )
    script.chmod(0o755)

    def run(*options, cmd):
        return subprocess.run(
            [str(FARHINT), "run", "--local", "4M", *options, "--", *cmd],
            capture_output=True,
            text=True,
            timeout=120,
        )

    spawned = run("--stats", cmd=[str(script)])
    assert spawned.returncode == 0 and spawned.stdout == "done\n", spawned.stderr
    assert "children of sh ran without far memory" in spawned.stderr, spawned.stderr
    assert "--follow-children" in spawned.stderr and "farhint: faults:" in spawned.stderr
    execed = run(cmd=["sh", "-c", f"exec {BUILD / 'bin' / 'fm_scan'} 1 1 nohint"])
    assert execed.returncode == 0
    assert "sh execs " in execed.stderr and "runs without far memory" in execed.stderr
    followed = run("--follow-children", cmd=[str(script)])
    assert followed.returncode == 0 and "without far memory" not in followed.stderr
    plain = run(cmd=[str(BUILD / "bin" / "fm_scan"), "1", "1", "nohint"])
    assert "without far memory" not in plain.stderr, plain.stderr


def test_children_run_natively(farhint_run, tmp_path):
    """system() and popen() start a shell that forks a pipeline: it runs
    without the runtime (it loads none of its own), and the parent's far
    memory is intact. Profiling such a program records the parent's faults,
    which no child's trace overwrites."""
    run = farhint_run("fm_children", 8, options=["--local", "1M"])
    assert run.returncode == 0, run.stderr
    assert run.stdout == native("fm_children", 8).stdout
    assert "child runs natively" in run.stdout and "checksum 0" in run.stdout
    out = tmp_path / "children.fhprof"
    prof = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--local",
            "10%",
            "-o",
            str(out),
            "--",
            str(BUILD / "bin/fm_children"),
            "8",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert prof.returncode == 0, prof.stderr
    assert "child runs natively" in prof.stdout
    faults = sum(
        sum(s["faults"][k] for k in ("read", "write", "write_protect"))
        for s in json.loads(out.read_text())["sites"]
    )
    assert faults > 1000, "the parent's faults are in the profile"


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_follow_children_gives_each_exec_its_own_runtime(farhint_run, options):
    """With --follow-children a program's children run on far memory too:
    a shell pipeline through system() and popen() still works (the shell
    forks under its runtime, on kernel threads even with --ult), a child's
    64 MiB of arenas are evicted and come back intact at a 1 MiB budget of
    its own, the statistics file stays the parent's, and every child's
    memory server leaves with it."""
    before = leftovers()
    run = farhint_run(
        "fm_children", 8, options=["--local", "1M", "--follow-children", "--stats", *options]
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == native("fm_children", 8).stdout.replace(
        "child runs natively", "runtime in child"
    )
    assert run.stats["counters"]["fetched_pages"] > 0, "the parent's own statistics"
    child = subprocess.run(
        [
            str(FARHINT),
            "run",
            "--local",
            "1M",
            "--follow-children",
            "--stats",
            *options,
            "--",
            "sh",
            "-c",
            f"{BUILD / 'bin/fm_big_mmap'} 64",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout == native("fm_big_mmap", 64).stdout
    evicted = [
        int(m)
        for m in re.findall(r"pages: fetched \d+ \(zero-filled \d+\), evicted (\d+)", child.stderr)
    ]
    assert evicted and max(evicted) >= 64 * MiB // 4096, child.stderr
    assert_nothing_new_left(before)


def test_a_forked_child_sees_the_parent_memory_and_both_go_on(farhint_run):
    """At 3% local, with a second thread evicting all along: each of three
    children sees the parent's memory as it was at its fork (most of it far),
    then parent and child write the same pages and each sees only its own
    writes; posix_spawn still runs a program."""
    run = farhint_run("fm_fork", 32, 3, options=["--local", "2M"])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == "ok\n"
    assert run.stats["counters"]["evicted_pages"] > 3 * (32 << 8), "far when forked"
    # The children's memory as the line about them gives it is what the
    # program holds natively: the far store they copied from is not theirs.
    said = re.search(r"children of fm_fork ran .* the largest (\d+) MiB resident", run.stderr)
    measure = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    native = subprocess.run(
        [sys.executable, "-c", measure, str(BUILD / "bin" / "fm_fork"), "32", "3"],
        capture_output=True,
        text=True,
    )
    native_mib = int(native.stdout) >> 10
    assert said and int(said.group(1)) <= 1.1 * native_mib + 4, (said, native_mib)


def leftovers():
    """What a run could leave behind: files of ours in /tmp and /dev/shm,
    and memory servers still running (an ended one is reparented to init,
    which may reap it later: not left running)."""
    files = {f"/tmp/{n}" for n in os.listdir("/tmp") if "farhint" in n or "farmem" in n}
    files |= {f"/dev/shm/{n}" for n in os.listdir("/dev/shm")}
    servers = subprocess.run(
        ["pgrep", "--runstates", "R,S,D,T", "-f", "farmem-server"], capture_output=True, text=True
    ).stdout.split()
    return files, set(servers)


def assert_nothing_new_left(before):
    """Nothing in leftovers() that was not there before (a server of an
    earlier test may leave meanwhile: only new ones count)."""

    def new():
        return [sorted(now - then) for now, then in zip(leftovers(), before, strict=False)]

    for _ in range(50):  # a server leaves right after its last client
        if new() == [[], []]:
            break
        time.sleep(0.1)
    assert new() == [[], []]


def test_nothing_is_left_behind(farhint_run):
    """100 fork and exec cycles, forks without exec, and a run stopped by
    SIGTERM leave no file, shared memory or memory server behind."""
    before = leftovers()
    run = farhint_run("fm_fork", 4, 2, 100, options=["--local", "1M"])
    assert run.returncode == 0 and run.stdout == "ok\n", run.stderr
    proc = start_graceful(4)
    assert proc.stdout.readline() == "ready\n"
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)
    assert_nothing_new_left(before)


def test_fork_under_user_level_threads_is_refused_clearly(farhint_run):
    run = farhint_run("fm_fork", 4, 1, options=["--local", "2M", "--ult"])
    assert run.returncode == 1
    assert "fork() is not supported with user-level threads" in run.stderr
