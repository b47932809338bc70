"""User-level threads (`farhint run --ult`): thousands of threads over far
memory at a few percent local, the thread API's semantics, and an ordinary
pthread program that must print the same with and without --ult."""

import pytest

from conftest import native


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
    ult = farhint_run("ult_pthreads", 256, 64,
                      options=["--local", "1M", "--ult", "--hint-mode", mode])
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
