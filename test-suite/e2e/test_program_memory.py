"""The program's own memory calls on far memory, end to end: frees reused in
place, fresh memory mapped as touched, the first allocation far, madvise,
mremap, munmap, big mmaps and mlock behaving as on anonymous memory."""

import re

import pytest

from conftest import native

MiB = 1 << 20


@pytest.mark.parametrize(
    "options",
    [
        ["--policy", "fifo"],
        ["--policy", "clock"],
        ["--policy", "lru"],
        ["--policy", "prio"],
        ["--ult"],
    ],
)
def test_freed_buffers_are_reused_in_place(farhint_run, options):
    """A pipeline's buffers (filled, read back 16 MiB later, freed): a buffer
    allocated where one was freed is neither written back, fetched nor
    zero-filled through a fault, and every word read back is the one
    written (bench_churn checks each)."""
    args = (256, 256, 64)  # 256 MiB churned in 256 KiB buffers, 64 live: 16 MiB
    churned = 256 * MiB // 4096
    # jemalloc starts a large allocation at a random cache line of one page
    # more (opt.cache_oblivious): each buffer spans 65 pages; beside them the
    # program's few other heap pages (its ring of pointers, stdio's buffer).
    # Up to a tenth more: a read-back window evicted before it is read is
    # fetched again, and one mapped writable (reuse in place counts as a
    # write) and evicted before its buffer's free is written back again
    # (66.6-69.5 K pages written back and 70 K fetched, against 66.6 K).
    spanned = 256 * MiB // (256 * 1024) * 65 + 64
    again = spanned // 10
    run = farhint_run("bench_churn", *args, options=["--local", "4M", *options])
    assert run.returncode == 0, run.stderr
    checksum = re.compile(r"^checksum \S+$", re.M)
    assert checksum.findall(run.stdout) == checksum.findall(native("bench_churn", *args).stdout)
    c = run.stats["counters"]
    # Freed pages are the next victims: the reclaim thread drops some before
    # their reuse (8-20% here), and those zero-fill when touched.
    assert c["reused_pages"] > 0.5 * churned, c
    assert c["zero_fill_pages"] < 0.3 * churned, c
    assert c["written_back_pages"] <= spanned + again, "a buffer is written back about once"
    assert c["fetched_pages"] - c["zero_fill_pages"] <= spanned + again, "read back about once"


def test_an_allocation_that_fits_the_free_frames_leaves_hints_off(farhint_run):
    """A 33 MiB array at a 40 MiB budget fits: nothing is ever evicted, so
    hints have nothing to do and stay off (their live word 0) -- though
    jemalloc hands the runtime a 40 MiB extent for it (its size class),
    more than the free frames. At 32 MiB it does not fit, and they go live.
    Hints never go quiet here, so the word shows when they went live."""
    args = ("fm_quiet_phase", 33, 256, 100)
    fits = farhint_run(*args, options=["--local", "40M", "--hints-quiet-below", "0"])
    assert fits.returncode == 0, fits.stderr
    assert "calm_live 0" in fits.stdout and "scan_live 0" in fits.stdout, fits.stdout
    assert fits.stats["counters"]["evicted_pages"] == 0, fits.stats["counters"]
    short = farhint_run(*args, options=["--local", "32M", "--hints-quiet-below", "0"])
    assert short.returncode == 0, short.stderr
    assert "scan_live 1" in short.stdout, short.stdout
    sums = {r.stdout.split("sum ")[1] for r in (fits, short, native(*args))}
    assert len(sums) == 1, sums


def test_a_large_buffer_freed_while_all_is_local_is_never_written_back(farhint_run):
    """An 8 MiB buffer written and freed while every page is local (at a
    20 MiB budget), then a 14 MiB one written: the second must evict. The
    freed buffer (a 64th of the budget or more) is decommitted at its free
    though nothing was short yet, so its dead pages are dropped, not
    written back (before: kept as they were, 832 pages written back)."""
    args = ("fm_free_then_fill", 8, 14)
    run = farhint_run(*args, options=["--local", "20M"])
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    assert c["evicted_pages"] > 0, c
    assert c["freed_pages"] >= 8 * MiB // 4096, c
    assert c["written_back_pages"] < 256, c
    assert run.stdout == native(*args).stdout


def test_a_programs_first_allocation_is_far_memory(farhint_run):
    """A program's first 1 MiB `malloc`, written, then 16 MiB written at a
    2 MiB budget, then the first read back: its pages were evicted and
    come back from far memory. Before, jemalloc served it from what it had
    mapped before the runtime's hooks were installed: never evicted, and
    nothing fetched."""
    args = ("fm_first_alloc", 1024, 16)
    run = farhint_run(*args, options=["--local", "2M"])
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    assert c["fetched_pages"] - c["zero_fill_pages"] >= 200, c
    assert run.stdout == native(*args).stdout


def test_fresh_memory_is_mapped_in_windows_as_it_is_touched(farhint_run):
    """With frames to spare, the first touch of fresh memory maps its whole
    window of 64 pages at once (a fault per 256 KiB, not per page), and
    what the program allocates but never touches takes no local memory."""
    run = farhint_run("fm_touch_part", 64, 8, options=["--local", "256M"])
    assert run.returncode == 0, run.stderr
    c = run.stats["counters"]
    touched = 8 * MiB // 4096
    assert c["faults_unhinted"] <= touched // 32, c
    assert c["evicted_pages"] == 0
    # 8 MiB written, plus the program's and the allocator's own first pages
    assert run.stats["peak_resident_pages"] < touched + 1024, run.stats["peak_resident_pages"]
    assert run.stdout == native("fm_touch_part", 64, 8).stdout


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_madvise_and_mremap_on_far_memory_behave_as_on_anonymous_memory(farhint_run, options):
    """DONTNEED'd heap pages read as zeros afterwards, whether they were
    local or evicted; FREE'd ones hold zeros or their data; WILLNEED'd ones
    come back intact; a block moved and grown by mremap keeps every byte,
    evicted ones included, and one shrunk in place keeps its head; a hole
    unmapped in a far block leaves the rest intact, and no read-ahead maps
    into the hole (fm_anon_ops checks every word)."""
    run = farhint_run("fm_anon_ops", 16, options=["--local", "1M", *options])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == native("fm_anon_ops", 16).stdout
    assert run.stats["counters"]["dropped_pages"] >= 16, "the local run was dropped"


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_big_anonymous_mmaps_are_far_memory(farhint_run, options):
    """A program with its own allocator (arenas from mmap) gets far memory:
    64 MiB of arenas at a 1 MiB budget are evicted and fetched back intact,
    read as zeros when mapped (also where a freed arena's data was), and an
    aligned trim, MAP_FIXED over an arena, mremap, a guard page (mprotect
    PROT_NONE while its page is local and dirty: a touch is SIGSEGV, the
    data is back after mprotect again) and a read-only range behave as on
    the kernel's mappings (fm_big_mmap checks every word)."""
    run = farhint_run("fm_big_mmap", 64, options=["--local", "1M", *options])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == native("fm_big_mmap", 64).stdout
    counters = run.stats["counters"]
    assert counters["mmap_blocks"] >= 4, "the arenas were not placed in far memory"
    assert counters["written_back_pages"] >= 64 * MiB // 4096 // 2, counters


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_memory_locking_leaves_far_memory_evictable(farhint_run, options):
    """mlock of heap memory and mlockall(MCL_CURRENT | MCL_FUTURE) succeed as
    natively, and 16 MiB of heap at 1 MiB local is still evicted and comes
    back intact (the kernel refuses to unmap locked pages, so far memory
    stays unlocked); a stack buffer's mlock really
    locks, and munlockall leaves nothing locked. Far memory is never
    locked, and the runtime says so once per kind of call."""
    run = farhint_run("fm_mlock", 16, options=["--local", "1M", *options])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == native("fm_mlock", 16).stdout
    assert run.stats["counters"]["written_back_pages"] >= 2 * 16 * MiB // 4096
    for call in ("mlock", "mlockall"):
        assert run.stderr.count(f"farhint: {call}: far memory is never locked") == 1, run.stderr


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_a_range_dropped_while_threads_scan_it_keeps_the_lock_order(farhint_run, options):
    """madvise(MADV_DONTNEED) of a far mmap, 2000 times, while two threads
    scan it with read-ahead: the drop takes every page's lock and must never
    wait for one while holding others. It did, and the runtime's lock-order
    check stopped this program every time (the deadlock it guards against
    was a prefetch holding 64 pages and waiting for a frame)."""
    run = farhint_run("fm_drop_during_scan", 32, 2000, options=["--local", "2M", *options])
    assert run.returncode == 0 and run.stdout == "ok\n", run.stdout + run.stderr


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_far_memory_unmapped_behind_the_runtime_is_dropped(farhint_run, options):
    """A program unmaps part of its far mmap with a raw system call, which
    the runtime cannot see, then scans up to the hole: read-ahead into the
    hole is refused by the kernel (ENOENT), and the runtime drops those
    pages and serves the rest instead of stopping the program."""
    run = farhint_run("fm_gone", 32, options=["--local", "4M", *options], timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == native("fm_gone", 32).stdout
    assert run.stats["counters"]["fetch_range_gone"] > 0


def test_mmap_threshold_zero_leaves_mmaps_to_the_kernel(farhint_run):
    run = farhint_run("fm_big_mmap", 16, options=["--local", "1M", "--mmap-threshold", "0"])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == native("fm_big_mmap", 16).stdout
    assert run.stats["counters"]["mmap_blocks"] == 0
    assert run.stats["counters"]["evicted_pages"] == 0


def test_read_and_write_syscalls_on_evicted_buffers(farhint_run, tmp_path):
    run = farhint_run("fm_syscalls", 8, tmp_path, options=["--local", "1M"])
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
    assert run.stats["counters"]["evicted_pages"] > 2048
