"""Two tiers (--backend compress,tcp://HOST:PORT): evicted pages are
compressed locally, and past the pool's budget (--pool-size) its coldest go
on to a farmem-server over tcp (loopback here). Pages of every kind read
back identical with racing writers, user-level threads and a forked child;
the pool keeps to its budget; a server that dies behind the pool stops the
program with its message; a remote tier that cannot be one is refused."""

import pytest
from test_tcp_backend import kill_server_under_a_scan, server  # noqa: F401 (a fixture)

from conftest import native


def two_tiers(server, codec="compress"):  # noqa: F811
    url, token, _ = server
    return ["--backend", f"{codec},{url}", "--token-file", str(token)]


@pytest.mark.parametrize("codec", ["compress", "compress:zstd"])
@pytest.mark.parametrize("ult", [False, True])
def test_pages_of_every_kind_read_back_through_both_tiers(farhint_run, server, codec, ult):  # noqa: F811
    """20 MiB at 1 MiB local and a 1 MiB pool: most pages go on to the
    server, come back and change kind each round, with four threads."""
    run = farhint_run(
        "fm_page_kinds",
        20,
        4,
        3,
        *(["nofork"] if ult else []),
        options=["--local", "1M", "--pool-size", "1M", *two_tiers(server, codec)]
        + (["--ult"] if ult else []),
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "ok\n"
    c = run.stats["counters"]
    assert c["pool_demoted_pages"] > 20 << 8, "the pool sent its coldest on"
    assert c["remote_tier_pages"] > 1000, "pages come back from the server"
    pool = run.stats["compressed_pool"]
    assert pool["bytes"] <= 1 << 20, "the pool keeps to its budget"
    assert pool["remote_pages"] > 0


def test_writers_racing_eviction_lose_nothing_in_two_tiers(farhint_run, server):  # noqa: F811
    run = farhint_run(
        "fm_racing_writers",
        20,
        4,
        10000,
        options=["--local", "1M", "--pool-size", "1M", *two_tiers(server)],
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    assert run.stats["counters"]["pool_demoted_pages"] > 0


def test_the_pool_in_front_holds_what_fits_its_budget(farhint_run, server):  # noqa: F811
    """48 MiB of mixed pages at 4 MiB local with an 8 MiB pool: the pool
    stays within its budget, the rest is on the server, and the process
    holds far less than natively."""
    mib = 48
    run = farhint_run(
        "fm_page_kinds",
        mib,
        2,
        2,
        options=["--local", "4M", "--pool-size", "8M", "--stats", *two_tiers(server)],
    )
    assert run.returncode == 0, run.stderr
    assert native("fm_page_kinds", mib, 2, 2).returncode == 0
    pool = run.stats["compressed_pool"]
    assert 4 << 20 < pool["bytes"] <= 8 << 20, pool
    assert pool["pages"] + pool["remote_pages"] >= (mib << 8) * 0.85, pool
    c = run.stats["counters"]
    from_far = c["fetched_pages"] - c["zero_fill_pages"]
    assert 0 < c["remote_tier_pages"] < from_far, "the check reads both tiers"
    assert "remote tier behind the pool" in run.stderr


def test_a_server_that_dies_behind_the_pool_stops_the_program(server):  # noqa: F811
    """It stops at once with the server's message, and runs no shutdown
    path (no statistics, though --stats asked for them): that code may wait
    on the state that failed."""
    rc, err, stopped = kill_server_under_a_scan(
        ["--pool-size", "1M", "--stats", *two_tiers(server)], server[2]
    )
    assert rc == 70, err
    assert "the connection to the memory server (tcp://" in err and "is lost" in err
    assert stopped < 1.5, f"stopped {stopped:.2f} s after the server died"
    assert "farhint: pages:" not in err, "a fatal stop reports nothing more"


@pytest.mark.parametrize(
    "backend, options, says",
    [
        ("compress,rdma://127.0.0.1:7000", [], "rdma is not supported behind it"),
        ("compress,unix:/tmp/x", [], "tier behind the compressed pool is tcp://"),
        ("compress:lzma,tcp://127.0.0.1:7000", [], "compress:zstd"),
        ("compress", ["--pool-size", "8M"], "--pool-size (FARHINT_POOL_SIZE) bounds"),
    ],
)
def test_a_two_tier_spec_that_cannot_work_is_refused(farhint_run, backend, options, says):
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", backend, *options])
    assert run.returncode == 2, run.stderr
    assert says in run.stderr and "not starting the program" in run.stderr
