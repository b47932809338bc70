"""The bench harness's summary: what a user reads after a sweep."""

from farhint import bench


def _row(app, config, pct, seconds, status="ok", repeat=1):
    return {
        "app": app,
        "config": config,
        "local_pct": pct,
        "seconds": seconds,
        "status": status,
        "repeat": repeat,
    }


def test_summary_normalizes_medians_to_native_and_shows_how_long_a_killed_run_ran():
    rows = [
        _row("qsort", "native", 100, 2.0),
        _row("qsort", "native", 100, 1.0, repeat=2),
        _row("qsort", "native", 100, 9.0, repeat=3),
        _row("qsort", "auto", 25, 3.0),
        _row("qsort", "auto", 25, 4.0, repeat=2),
        _row("qsort", "auto", 25, 100.0, repeat=3),
        _row("qsort", "kswap", 25, 5.0, "oom-killed"),
        _row("qsort", "nohint", 25, 6.0, "CHECKSUM MISMATCH"),
    ]
    text = bench.summary_markdown(rows, [0.25])
    assert "| qsort | auto | 2.00x |" in text  # median 4.0 over median 2.0
    assert "| qsort | kswap | oom-killed at 2.5x |" in text
    assert "| qsort | nohint | CHECKSUM MISMATCH at 3.0x |" in text
    assert "| qsort | native | 2.00 s = 1.00x" in text


def test_a_mixed_cell_keeps_the_finished_median_and_names_the_failures():
    rows = [
        _row("gen", "native", 100, 1.0),
        _row("gen", "kswap", 25, 3.0),
        _row("gen", "kswap", 25, 9.0, "oom-killed", repeat=2),
    ]
    assert "| gen | kswap | 3.00x (oom-killed) |" in bench.summary_markdown(rows, [0.25])


def test_a_sweep_without_native_shows_seconds():
    rows = [
        _row("graph", "nohint", 25, 1.5),
        _row("graph", "auto", 25, 1.25),
        _row("graph", "auto", 25, 2.0, "timeout", repeat=2),
    ]
    text = bench.summary_markdown(rows, [0.25])
    assert "| graph | nohint | 1.50 s |" in text
    assert "| graph | auto | 1.25 s (timeout) |" in text
    assert "| graph | native |" not in text


def test_a_run_that_will_not_finish_is_skipped_at_its_budget_and_below():
    given_up = bench.GivenUp()
    given_up.record("bfs", "kswap", 0.5, "ok")
    given_up.record("bfs", "kswap", 0.25, "timeout")
    assert given_up.skip_status("bfs", "kswap", 0.5) is None
    assert given_up.skip_status("bfs", "kswap", 0.25) == "skipped: timeout at 25%"
    assert given_up.skip_status("bfs", "kswap", 0.1) == "skipped: timeout at 25%"
    assert given_up.skip_status("bfs", "auto", 0.1) is None  # another config
    assert given_up.skip_status("sssp", "kswap", 0.1) is None  # another program
    given_up.record("sssp", "auto", 0.1, "CHECKSUM MISMATCH")  # always run again
    assert given_up.skip_status("sssp", "auto", 0.1) is None


def test_a_cell_of_skipped_runs_says_why_and_a_cell_with_runs_ignores_skips():
    rows = [
        _row("bfs", "native", 100, 2.0),
        _row("bfs", "kswap", 25, 20.0, "timeout"),
        _row("bfs", "kswap", 25, "", "skipped: timeout at 25%", repeat=2),
        _row("bfs", "kswap", 10, "", "skipped: timeout at 25%"),
    ]
    text = bench.summary_markdown(rows, [0.25, 0.1])
    assert "| bfs | kswap | timeout at 10.0x | skipped: timeout at 25% |" in text


def test_run_times_are_not_rounded_to_a_polling_interval():
    """Popen.wait(timeout) polls every 50 ms; a 10 ms run must not read as 50."""
    rc, seconds, out = bench._timed(["sh", "-c", "sleep 0.01; echo checksum 1"])
    assert rc == 0 and out.strip() == "checksum 1"
    assert 0.01 <= seconds < 0.04, seconds


def test_a_run_past_its_timeout_is_stopped_and_reported_as_such():
    rc, seconds, _ = bench._timed(["sleep", "5"], timeout=0.2)
    assert rc is None and seconds < 1


def test_plots_draw_a_sweep_with_runs_skipped_and_stopped(tmp_path):
    from farhint.bench_plot import plot_all

    rows = [
        _row("bfs", "native", 100, 2.0),
        _row("bfs", "auto", 100, 2.1),
        _row("bfs", "auto", 25, 5.0),
        _row("bfs", "kswap", 100, 2.0),
        _row("bfs", "kswap", 25, 20.0, "timeout"),
        _row("bfs", "kswap", 10, "", "skipped: timeout at 25%"),
        _row("bfs", "auto", 10, 7.0),
    ]
    for r in rows:
        if r["config"] == "auto":
            r.update(
                faults_hinted=900,
                faults_unhinted=100,
                latency_hinted_p50_us=5,
                latency_hinted_p99_us=50,
                runtime_cpu_ms=1500,
            )
    plot_all(rows, [1.0, 0.25, 0.1], tmp_path)
    for name in ("time-vs-local", "faults-latency-cpu"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
