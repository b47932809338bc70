"""Far memory compressed in the program's own memory (--backend compress):
pages of every kind (same-filled, compressible, random) written under
pressure read back identical, with racing writers, user-level threads and a
forked child, with lz4 and zstd; the pool holds them in less memory than
they take natively; and a malformed backend is refused before the program
starts."""

import pytest

from conftest import native

CODECS = ["compress", "compress:zstd"]


@pytest.mark.parametrize("backend", CODECS)
@pytest.mark.parametrize("ult", [False, True])
def test_pages_of_every_kind_read_back_at_5_percent_local(farhint_run, backend, ult):
    """20 MiB at 1 MiB local, four threads rewriting pages that change kind
    each round while every thread reads them all, then a forked child (user-
    level threads have no fork)."""
    run = farhint_run(
        "fm_page_kinds",
        20,
        4,
        3,
        *(["nofork"] if ult else []),
        options=["--local", "1M", "--backend", backend, *(["--ult"] if ult else [])],
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "ok\n"
    c = run.stats["counters"]
    assert c["evicted_pages"] > 3 * (20 << 8), "every round goes through the pool"
    for kind in ("compressed_pages", "same_filled_pages", "incompressible_pages"):
        assert c[kind] > 1000, f"{kind}: {c[kind]}"
    assert c["restored_pages"] > 1000
    assert run.stats["latency_ns"]["restore"]["p99"] > 0


@pytest.mark.parametrize("backend", CODECS)
def test_writers_racing_eviction_lose_nothing_in_the_pool(farhint_run, backend):
    run = farhint_run(
        "fm_racing_writers", 20, 4, 10000, options=["--local", "1M", "--backend", backend]
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    assert run.stats["counters"]["written_back_pages"] > 0


def test_the_pool_holds_far_pages_in_less_memory_than_native(farhint_run):
    """A third of the pages same-filled, a third compressible, a third
    random: the process's peak under compression is well below the native
    one, and the pool's own count says why."""
    mib = 48
    run = farhint_run(
        "fm_page_kinds", mib, 2, 2, options=["--local", "4M", "--backend", "compress"]
    )
    assert run.returncode == 0, run.stderr
    nat = native("fm_page_kinds", mib, 2, 2)
    assert nat.returncode == 0
    pool = run.stats["compressed_pool"]
    assert pool["pages"] >= (mib << 8) * 0.9
    held = pool["pages"] * 4096
    assert pool["bytes"] < 0.5 * held, f"{pool['bytes']} bytes hold {held}"
    assert run.stats["rss_anon_kib"] < 0.6 * (mib << 10), run.stats["rss_anon_kib"]


@pytest.mark.parametrize("spec", ["compress:lzma", "compress:", "compressed"])
def test_a_malformed_compressed_backend_is_refused(farhint_run, spec):
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", spec])
    assert run.returncode == 2, run.stderr
    assert "compress" in run.stderr and "not starting the program" in run.stderr


def test_a_page_is_in_one_place_local_or_in_the_pool(farhint_run):
    """A page read back from the pool leaves it (zswap's exclusive loads):
    after scanning 32 MiB three times at 4 MiB local, the pool holds the
    pages that are far now, not every page it ever held."""
    mib, local_mib = 32, 4
    run = farhint_run(
        "fm_scan", mib, 3, "nohint", options=["--local", f"{local_mib}M", "--backend", "compress"]
    )
    assert run.returncode == 0, run.stderr
    pool = run.stats["compressed_pool"]
    assert run.stats["counters"]["restored_pages"] > 2 * (mib << 8) * 0.8, "two passes restore"
    far_now = (mib - local_mib) << 8
    # not every page it ever held ((mib << 8) and more): what is far now, and
    # the reserve of free frames and the program's other pages
    assert 0.9 * far_now <= pool["pages"] <= 1.08 * far_now, pool
