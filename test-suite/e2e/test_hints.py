"""Hints at run time: a hinted miss is served without a trap, hints stay idle
until a far page is not local, and go quiet while nothing is missing; the
control thread serves a lone faulting thread from its core."""

import os

import pytest

from conftest import native

MiB = 1 << 20


def test_hinted_scan_serves_faults_without_traps(farhint_run):
    run = farhint_run("fm_scan", 32, 1, "hint", 16, options=["--local", "4M"])
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    assert c["faults_hinted"] > 0 and c["readahead_pages"] > 0
    assert c["faults_unhinted"] < 0.05 * (c["faults_hinted"] + c["readahead_pages"])
    assert run.stdout.split()[1] == native("fm_scan", 32, 1, "nohint").stdout.split()[1]


def test_a_hint_without_read_ahead_reads_ahead_of_misses_in_order_as_a_fault_would(farhint_run):
    """rdahead 0: the hint asks for no window, yet its misses go in address
    order, so they get the read-ahead an unhinted fault would (a hinted
    program is never left with a miss a page where unhinted faults would
    have been read ahead)."""
    run = farhint_run("fm_scan", 32, 1, "hint", 0, options=["--local", "4M"])
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    pages = 2 * (32 * MiB >> 12)  # filled, then summed
    # Without it: no page read ahead, every page a hinted miss. With it the
    # scan races the read-ahead thread through each window, and takes a
    # varying share of the window's pages itself (10-30% here).
    assert c["readahead_pages"] > pages // 4, c
    assert c["faults_hinted"] < pages // 2, c
    assert run.stdout.split()[1] == native("fm_scan", 32, 1, "nohint").stdout.split()[1]


def test_hints_stay_idle_until_a_far_page_is_not_local(farhint_run):
    """With all memory local no far page is ever missing, so the runtime
    leaves the module's live word at 0 and every hint stops at it. Under
    pressure the same binary's word is set and its hints serve the faults."""
    roomy = farhint_run("fm_scan", 8, 2, "hint", 16, options=["--local", "64M"])
    assert roomy.returncode == 0, roomy.stderr
    assert "hints_live 0" in roomy.stdout
    c = roomy.stats["counters"]
    assert c["evicted_pages"] == 0 and c["hint_slow_calls"] == 0, c
    tight = farhint_run("fm_scan", 8, 2, "hint", 16, options=["--local", "2M"])
    assert tight.returncode == 0, tight.stderr
    assert "hints_live 1" in tight.stdout
    assert tight.stats["counters"]["faults_hinted"] > 0
    assert (
        roomy.stdout.split()[1]
        == tight.stdout.split()[1]
        == native("fm_scan", 8, 2, "nohint").stdout.split()[1]
    )


def test_hints_go_quiet_while_nothing_is_missing_and_come_back_with_misses(farhint_run):
    """Hints are live once a 33 MiB array has been evicted in part at a 33
    MiB budget (which also holds the small array and the frame pool), with
    what is far under an eighth of the budget (at 32 MiB it reached an
    eighth in half the runs). A second of hinted reads of a small local array then meets
    no missing page, with nearly all data local: the checks are turned off
    (the live word back at 0). The re-read of the large array misses, and
    its misses turn them on again. With --hints-quiet-below 0 they stay on;
    with most of the data far (64 MiB at 16 MiB) they stay on too: the
    program will need them when it comes back to it."""
    args = ("fm_quiet_phase", 33, 256, 1000)
    quiet = farhint_run(*args, options=["--local", "33M"])
    assert quiet.returncode == 0, quiet.stderr
    assert "calm_live 0" in quiet.stdout and "scan_live 1" in quiet.stdout, quiet.stdout
    c = quiet.stats["counters"]
    assert c["hints_quieted"] >= 1 and c["hints_quiet_ns"] >= 500_000_000, c
    always = farhint_run(*args, options=["--local", "33M", "--hints-quiet-below", "0"])
    assert always.returncode == 0, always.stderr
    assert "calm_live 1" in always.stdout, always.stdout
    assert always.stats["counters"]["hints_quieted"] == 0
    sums = {r.stdout.split("sum ")[1] for r in (quiet, always, native(*args))}
    assert len(sums) == 1, sums
    mostly_far = farhint_run("fm_quiet_phase", 64, 256, 1000, options=["--local", "16M"])
    assert mostly_far.returncode == 0, mostly_far.stderr
    assert "calm_live 1" in mostly_far.stdout, mostly_far.stdout
    assert mostly_far.stats["counters"]["hints_quieted"] == 0


def test_control_thread_serves_a_lone_thread_from_its_core(farhint_run):
    """While only the main thread faults, the control thread answers from
    that thread's core (no halted core to wake); the thread, woken by the
    copy, runs before the fault's service has unlocked the page, and must
    not wait for it there (each page is touched unhinted, then through a
    hint). Once a second thread faults while the first keeps its core busy,
    a server waits beside each core, and the second's faults are served
    from its own core; --no-colocate turns both off. Every page is read from far memory by
    each thread. (Colocation is for a quiet machine: --fault-priority
    normal keeps it on while other work shares the CPUs.)"""
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: the control thread shares it with the program anyway")
    runs = {}
    for options in ([], ["--no-colocate"]):
        run = farhint_run(
            "fm_lone_then_pair",
            64,
            options=["--local", "8M", "--no-unhinted-readahead", "--fault-priority", "normal"]
            + options,
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.split()[1] == native("fm_lone_then_pair", 64).stdout.split()[1]
        c = run.stats["counters"]
        assert c["faults_unhinted"] > 2 * 16384, c  # both passes fault on most pages
        runs[bool(options)] = c
    # (How much faster: test-suite/bench/colocate-bench.py; a time measured
    # here would say more about the machine's load than about colocation.)
    beside, apart = runs[False], runs[True]
    assert beside["colocate_moves"] > 0, beside
    # the lone pass once 64 faults have shown the main thread is alone, then
    # the second thread's (0.65 of all when only the lone pass was)
    assert beside["faults_colocated"] > 0.9 * beside["faults_unhinted"], beside
    assert apart["colocate_moves"] == 0 and apart["faults_colocated"] == 0, apart
