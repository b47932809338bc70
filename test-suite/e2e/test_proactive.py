"""Proactive mode (farhint run --proactive [RATE]): no budget given, pages
idle for a while go to the compressed pool and come back intact when the
program reads them again; the run says once how it finds idle pages; the
statistics carry memory over time; a bad RATE is refused."""

import subprocess

import pytest

from conftest import BUILD, FARHINT, native


@pytest.mark.parametrize(
    "app, args",
    [
        ("app-anon_streamer", (48, 4)),
        ("app-interactive_burst", (48, 4)),
        ("app-random_touch_heap", (48, 4)),
        ("app-mmap_churn", (48, 3)),
    ],
)
def test_idle_pages_go_to_the_pool_and_come_back_intact(farhint_run, app, args):
    run = farhint_run(app, *args, options=["--proactive", "--stats"])
    assert run.returncode == 0, run.stderr
    nat = native(app, *args)
    assert run.stdout.splitlines()[-1] == nat.stdout.splitlines()[-1], "the checksum"
    assert "idle pages are found by the runtime's own sampling" in run.stderr
    assert run.stderr.count("proactive mode:") == 1, "said once"
    pro = run.stats["proactive"]
    assert pro["samples"], "memory over time"
    if app != "app-mmap_churn":  # its mappings live under a second: never idle
        cold = (args[0] << 8) // 2  # at least half the data is not touched after its fill
        assert pro["evicted_pages"] > 0.8 * cold, pro["evicted_pages"]
        assert run.stats["counters"]["restored_pages"] > 0, "the final check read them back"
        # at some point the process held its data in well under its size
        least = min(s[1] * 4096 + s[3] for s in pro["samples"][1:])
        assert least < 0.8 * (args[0] << 20), least


def test_without_local_the_budget_is_the_machine(farhint_run):
    run = farhint_run("app-anon_streamer", 16, 1, options=["--proactive", "1%"])
    assert run.returncode == 0, run.stderr
    config = run.stats["config"]
    assert config["proactive"] == 0.01
    assert config["backend"] == "compress", "on its own, proactive saves memory on this machine"
    assert config["local"] > 1 << 30


@pytest.mark.parametrize("rate", ["0", "150%", "fast"])
def test_a_bad_rate_is_refused(rate):
    r = subprocess.run(
        [
            str(FARHINT),
            "run",
            "--proactive",
            rate,
            "--",
            str(BUILD / "bin" / "app-mmap_churn"),
            "8",
            "1",
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2, r.stderr
    assert "--proactive" in r.stderr and "RATE" in r.stderr
