"""User-level threads (`farhint run --ult`): thousands of threads over far
memory at a few percent local, the thread API's semantics, ordinary pthread
programs that must print the same with and without --ult: per-thread state
as threads move between workers, blocking system calls, a server with an
epoll loop per thread, and the bundled servers (apps/kvserver, and
apps/evserver on libevent, dropping root as daemons do) serving their load
generator."""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import BUILD, FARHINT, native

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "profile-tools"))
from farhint.serve import Serving, accepts, free_port  # noqa: E402


def test_thousands_of_threads_at_3_percent_local(farhint_run):
    # 2000 threads x 16 KiB of far data each (31 MiB) at 1 MiB local.
    run = farhint_run("ult_api", 2000, 16, options=["--local", "1M", "--ult"])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok "), run.stdout
    c = run.stats["counters"]
    assert c["ult_spawns"] >= 2001  # main and its threads
    assert c["ult_parked_misses"] > 1000, "hinted misses must park, not wait"
    assert c["evicted_pages"] > 8 * 256, "the data must go far and come back"
    # The stats say how long threads waited parked, and when workers idled.
    assert c["ult_parked_ns"] >= 1000 * c["ult_parked_misses"]  # >= 1 us each
    assert c["ult_idle"] > 0 and c["ult_idle_ns"] > 0


@pytest.mark.parametrize("cores", [1, 2])
def test_api_semantics_hold_on_one_and_two_workers(farhint_run, cores):
    run = farhint_run("ult_api", 300, 8, options=["--local", "1M", "--ult", "--cores", str(cores)])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok ")


def test_api_outside_ult_mode_says_how_to_run(farhint_run):
    run = farhint_run("ult_api", 10, 8, options=["--local", "4M"])
    assert run.returncode == 2
    assert "farhint run --ult" in run.stderr


@pytest.mark.parametrize("mode", ["switch", "block"])
def test_unmodified_pthread_program_prints_the_same(farhint_run, mode):
    want = native("ult_pthreads", 256, 64).stdout
    kernel = farhint_run("ult_pthreads", 256, 64, options=["--local", "1M"])
    ult = farhint_run(
        "ult_pthreads", 256, 64, options=["--local", "1M", "--ult", "--hint-mode", mode]
    )
    assert kernel.returncode == 0 and ult.returncode == 0, ult.stderr
    assert kernel.stdout == want and ult.stdout == want
    c = ult.stats["counters"]
    assert c["ult_spawns"] == 257
    if mode == "switch":
        assert c["ult_parked_misses"] > 0
    else:
        assert c["ult_parked_misses"] == 0


def test_ult_options_need_ult(farhint_run):
    run = farhint_run("ult_pthreads", 4, 4, options=["--cores", "2"])
    assert run.returncode == 2
    assert "add --ult" in run.stderr


@pytest.mark.parametrize("cores", [1, 2])
def test_each_thread_keeps_its_own_state_across_workers(farhint_run, cores):
    # errno, __thread variables, pthread keys and their destructors,
    # thread_local destructors, pthread_self() and ctype, checked after
    # every park and yield; the program exits 1 naming what leaked.
    want = native("ult_thread_state", 50, 20, 16)
    run = farhint_run(
        "ult_thread_state", 50, 20, 16, options=["--local", "1M", "--ult", "--cores", str(cores)]
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == want.stdout
    assert "all ran" in run.stdout and "missing" not in run.stdout
    if cores == 2:  # the threads did move, so the state followed them
        moves = int(re.search(r"moved between kernel threads (\d+) times", run.stderr)[1])
        assert moves > 0


@pytest.mark.parametrize("cores", [1, 2])
def test_the_schedulers_statistics_count_what_the_program_did(farhint_run, cores):
    """4 threads yield 1000 times and sleep 20 times each; two threads pass
    a byte over pipes 500 times each way: the statistics give the yields and
    the calls (exactly, but for calls handed off), the sleeps among the parks
    in the poller, and every run of a thread as a yield, a park or its end."""
    threads, yields, sleeps, rounds = 4, 1000, 20, 500
    run = farhint_run(
        "ult_counted",
        threads,
        yields,
        sleeps,
        rounds,
        options=["--ult", "--cores", str(cores), "--stats"],
        timeout=60,
    )
    assert run.returncode == 0 and run.stdout == "ok\n", run.stdout + run.stderr
    workers, c = run.stats["ult_workers"], run.stats["counters"]
    assert len(workers) == cores
    total = {k: sum(w[k] for w in workers) for k in workers[0]}
    # A call that blocks while a thread waits for its worker (a busy machine
    # can hold one up) has the worker handed on; its thread yields when the
    # call returns, and the call counts on no worker.
    handed = c["ult_handoffs"]
    assert threads * yields <= total["yields"] <= threads * yields + handed
    calls = 4 * rounds + 1  # each side's reads and writes, and the first byte
    assert calls - handed <= total["calls"] <= calls
    assert threads * sleeps <= c["ult_poller_parks"] <= threads * sleeps + 2 * rounds
    assert c["ult_poller_park_ns"] >= threads * sleeps * 100_000  # each sleep 100 us at least
    assert total["parks"] >= c["ult_poller_parks"]
    assert total["switches"] == total["yields"] + total["parks"] + c["ult_spawns"]
    assert total["idle_ns"] == c["ult_idle_ns"] and total["idle"] == c["ult_idle"]
    assert (total["steals"] > 0) == (cores > 1)  # a worker takes from the other's queue
    assert f"worker {cores - 1}: ran threads" in run.stderr


@pytest.mark.parametrize("cores", [1, 2])
def test_blocking_calls_never_stall_a_worker(farhint_run, cores):
    # Each call blocks a thread until one created after it (queued on the
    # same worker with --cores 1) acts; then each timeout expires on time.
    # Without a hand-off the first read would hang the program.
    want = native("ult_blocking")
    run = farhint_run(
        "ult_blocking", options=["--local", "1M", "--ult", "--cores", str(cores)], timeout=60
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == want.stdout
    assert "sem_wait ok" in run.stdout  # a futex inside glibc, not interposed
    c = run.stats["counters"]
    assert c["ult_poller_parks"] > 0  # descriptor waits and sleeps park
    assert c["ult_handoffs"] > 0  # select, waitpid, sem_wait hold their kernel thread


def test_server_with_an_epoll_loop_per_thread_at_5_percent_local(farhint_run):
    # 4 event loops, 8 clients checking every value, a 16 MiB table at
    # 800 KiB local: all in one program, all user-level threads.
    args = (4, 8, 2000, 16384)
    want = native("ult_server", *args)
    run = farhint_run("ult_server", *args, options=["--local", "800K", "--ult"], timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == want.stdout
    c = run.stats["counters"]
    assert c["evicted_pages"] > 4096, "the table must go far and come back"
    assert c["ult_poller_parks"] > 0  # the loops' epoll_wait and the clients' reads


def _serve(cmd, load_args):
    """Starts the bundled kvserver by cmd (its port as {port}), runs kvload
    (natively) against it once it listens and stops it with SIGTERM, as
    farhint bench does: (what went wrong with the load or None, kvload's
    output, the server's run)."""
    load = " ".join([str(BUILD / "bin/app-kvload"), "{port}", *map(str, load_args)])
    args, drive = Serving(load, None).start(cmd, timeout=120)
    server = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    drive(server)
    try:
        out, err = server.communicate(timeout=180)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    error = drive.result()[1]
    return error, drive.output, subprocess.CompletedProcess(args, server.returncode, out, err)


@pytest.mark.parametrize("ult", [[], ["--ult"]])
def test_bundled_server_serves_its_load_at_5_percent_local_and_stops_on_sigterm(tmp_path, ult):
    # kvserver (epoll loop per thread, 16 MiB of values) at 800 KiB local,
    # kvload's 4 connections checking every value; SIGTERM ends the server
    # through its handler, and its table is what the native server's is.
    server = [str(BUILD / "bin/app-kvserver"), "16", "2", "{port}"]
    load_args = (4, 2000, "zipf")
    want_error, _, want = _serve(server, load_args)
    assert want_error is None and want.returncode == 0, f"{want_error} {want.stderr}"
    stats = tmp_path / "stats.json"
    error, load, run = _serve(
        [str(FARHINT), "run", "--stats-file", str(stats), "--local", "800K", *ult, "--", *server],
        load_args,
    )
    assert error is None, error
    assert "checked 7" in load and ", 0 wrong" in load, load
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == want.stdout.splitlines()[-1]  # the table's checksum
    c = json.loads(stats.read_text())["counters"]
    assert c["evicted_pages"] > 2048, "the table must go far and come back"
    if ult:
        assert c["ult_poller_parks"] > 0


def _cpu_ticks(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def test_a_server_at_rest_takes_almost_no_cpu():
    """kvserver with 8 loops on 2 workers, after serving a load, waits for
    the next request: its loops are parked in the poller or wait in
    epoll_wait, and its kernel threads sleep in the kernel rather than
    wake every millisecond to spin (which took 8% of a core)."""
    port = free_port()
    server = subprocess.Popen(
        [str(FARHINT), "run", "--local", "1G", "--ult", "--"]
        + [str(BUILD / "bin/app-kvserver"), "16", "8", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not accepts(port):
            assert server.poll() is None and time.monotonic() < deadline, server.stderr.read()
            time.sleep(0.05)
        load = subprocess.run(
            [str(BUILD / "bin/app-kvload"), str(port), "16", "500", "zipf"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert load.returncode == 0 and ", 0 wrong" in load.stdout, load.stdout + load.stderr
        time.sleep(0.5)
        before, start = _cpu_ticks(server.pid), time.monotonic()
        time.sleep(3)
        used = (_cpu_ticks(server.pid) - before) / os.sysconf("SC_CLK_TCK")
        assert used < 0.04 * (time.monotonic() - start), f"{used:.2f} s of CPU at rest"
    finally:
        server.terminate()
        server.wait(timeout=60)


@pytest.mark.parametrize("local", ["100%", "25%", "5%"])
@pytest.mark.parametrize("ult", [[], ["--ult"]], ids=["kernel", "ult"])
def test_libevent_server_dropping_root_serves_every_value(tmp_path, ult, local):
    """evserver (libevent: a loop and a listener per thread, bufferevents),
    started as root and dropping to nobody with its threads running, serves
    kvload's checked values from far memory and ends with the native
    server's table (its checksum)."""
    server = [str(BUILD / "bin/app-evserver"), "-u", "nobody", "16", "2", "{port}"]
    load_args = (4, 2000, "zipf")
    want_error, _, want = _serve(server, load_args)
    assert want_error is None and want.returncode == 0, f"{want_error} {want.stderr}"
    stats = tmp_path / "stats.json"
    budget = f"{16 * int(local[:-1]) // 100 + 1}M"  # of its 16 MiB table
    error, load, run = _serve(
        [str(FARHINT), "run", "--stats-file", str(stats), "--local", budget, *ult, "--", *server],
        load_args,
    )
    assert error is None, error
    assert "checked 7" in load and ", 0 wrong" in load, load
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == want.stdout.splitlines()[-1]  # the table's checksum
    c = json.loads(stats.read_text())["counters"]  # written though it runs as nobody
    if local != "100%":
        assert c["evicted_pages"] > 0, "the table must go far and come back"


def test_pthread_kill_and_dlopen_tls_work_and_cancel_stops_clearly(farhint_run):
    """pthread_kill to another user-level thread runs its handler; a
    library with TLS loaded by dlopen gives each thread its own copy;
    pthread_cancel, which user-level threads do not support, stops the
    program naming the call instead of leaving a thread that never ends."""
    lib = str(BUILD / "lib" / "libult_tls_module.so")
    want = native("ult_calls", "kill-and-tls", lib).stdout
    assert want.count("ok ") == 3, want
    run = farhint_run("ult_calls", "kill-and-tls", lib, options=["--local", "4M", "--ult"])
    assert run.returncode == 0 and run.stdout == want, run.stdout + run.stderr
    run = farhint_run("ult_calls", "cancel", options=["--local", "4M", "--ult"], timeout=30)
    assert run.returncode == 70 and "pthread_cancel is not supported" in run.stderr, run.stderr


def test_the_watchdog_says_where_a_worker_is_held(farhint_run):
    """A user-level thread that computes for 12 s without a switch holds its
    worker: the runtime's watchdog says so once, after 10 s, with where the
    thread is, and the program still ends as it would."""
    run = farhint_run("ult_calls", "spin", 12, options=["--local", "4M", "--ult"], timeout=60)
    assert run.returncode == 0 and run.stdout == "spun\n", run.stderr
    assert run.stderr.count("watchdog: kernel thread") == 1, run.stderr
    assert "without a switch, running in user space" in run.stderr, run.stderr
