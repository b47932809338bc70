"""Buffered writes (docs/design/buffered-writes.md): writes to far pages
that wait in a log per page instead of fetching it, and the pass that
emits them at sites that only write."""

import pytest

from conftest import CSR, csr_counters_at_25, csr_profiled_and_built


@pytest.mark.parametrize(
    "options, fork",
    [([], []), (["--backend", "compress"], []), (["--ult"], ["nofork"])],
    ids=["shm", "compress", "ult"],
)
def test_logged_writes_are_seen_by_readers_a_fork_and_a_drop(farhint_run, options, fork):
    """Two writers store and add at random into far pages with 1 MiB local
    while two readers check every version a writer published: nothing read
    is older than published, every word and counter is exact after the
    join and in a forked child (not under --ult, which cannot fork), and
    writes logged for a dropped range die with it. The logs were used: applied as pages came in, and written to
    pages that stayed far."""
    run = farhint_run(
        "fm_buffered_writes",
        8,
        2,
        2,
        30000,
        *fork,
        options=["--local", "1M", *options],
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "ok\n"
    c = run.stats["counters"]
    assert c["logged_writes"] > 10000, c
    assert c["log_applied_pages"] > 0 and c["log_written_pages"] > 0, c


def test_a_tiny_log_budget_writes_pages_often_and_loses_nothing(farhint_run):
    """With the logs' budget at its smallest (8 KiB), most writes find no
    room: the longest logs go to their pages, or the write goes with its
    page's log, and every value still arrives."""
    run = farhint_run(
        "fm_buffered_writes", 4, 2, 1, 20000, options=["--local", "1M", "--write-log", "8K"]
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "ok\n"
    c = run.stats["counters"]
    assert c["log_written_pages"] > 1000, c


def test_a_csr_builder_logs_its_scatter_from_its_own_profile(tmp_path):
    """apps/csr profiled and compiled as a user would: its scatter
    (neighs[fetch_and_add(fill[u])] = v) is taken for buffered writes and
    its claim (a fetch_and_add whose result is used) is hinted with a
    prefetch ahead; at 25% local the build computes what it computes
    natively, and moves far fewer pages than its unhinted build."""
    report = tmp_path / "csr.yaml"
    prof, hinted, _ = csr_profiled_and_built(tmp_path, f"report={report}")
    assert "buffered-writes: true" in report.read_text()
    unhinted = csr_counters_at_25(tmp_path, prof, CSR)
    buffered = csr_counters_at_25(tmp_path, prof, hinted)
    assert buffered["logged_writes"] > 100000, buffered
    moved = buffered["fetched_pages"] - buffered["zero_fill_pages"]
    assert moved < 0.5 * (unhinted["fetched_pages"] - unhinted["zero_fill_pages"]), (
        buffered,
        unhinted,
    )
