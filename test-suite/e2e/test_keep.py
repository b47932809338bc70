"""ev_prio keep (FARHINT_EV_KEEP): a range scanned again and again while it
is larger than local memory keeps part of itself resident, and gives it back
once the scans end (frames.c, "Kept pages")."""

from conftest import native


def sums(run):
    return [line for line in run.stdout.splitlines() if line.startswith("sum_")]


def test_kept_part_of_a_rescanned_range_is_not_fetched_again(farhint_run):
    """64 MiB scanned 12 times with 32 MiB local: without keep every pass
    fetches the whole range (FIFO evicts what the next pass reads first);
    with keep, the kept part is read locally on every pass."""
    args = (64, 12, 1, 1)
    expected = sums(native("fm_rescan", *args, "plain"))
    runs = {}
    for mode in ("plain", "keep"):
        run = farhint_run("fm_rescan", *args, mode, options=["--local", "32M"])
        assert run.returncode == 0, run.stderr
        assert sums(run) == expected
        runs[mode] = run.stats["counters"]
    assert runs["plain"]["keep_admitted"] == 0
    assert runs["keep"]["keep_admitted"] > 0
    assert runs["keep"]["fetched_pages"] < 0.8 * runs["plain"]["fetched_pages"], runs


def test_kept_pages_go_back_when_the_rescans_end(farhint_run):
    """After A's scans, B (24 MiB, fits in 32 MiB only without A's kept
    part) is scanned 40 times: the kept pages must go back to the reclaim
    lists, all of them, and B then stops faulting."""
    run = farhint_run("fm_rescan", 64, 4, 24, 40, "keep", options=["--local", "32M"])
    assert run.returncode == 0, run.stderr
    assert sums(run) == sums(native("fm_rescan", 64, 4, 24, 40, "keep"))
    c = run.stats["counters"]
    assert c["keep_admitted"] > 0
    assert c["keep_released"] + c["keep_evicted"] == c["keep_admitted"], c
    b_pages = 24 << 8
    # A: fill plus 4 passes of 64 MiB; B: its fill, then faults only until
    # the kept pages went back (at most 8 budgets' worth of evictions).
    assert c["fetched_pages"] < 5 * (64 << 8) + b_pages + 8 * (32 << 8), c


def test_keep_at_5_percent_local_loses_nothing(farhint_run):
    """Kept pages crowd a tiny budget: the rest still finds victims (the kept
    list gives them up last) and every sum is right."""
    args = (64, 3, 16, 3)
    run = farhint_run("fm_rescan", *args, "keep", options=["--local", "4M"])
    assert run.returncode == 0, run.stderr
    assert sums(run) == sums(native("fm_rescan", *args, "keep"))
    assert run.stats["counters"]["keep_admitted"] > 0
