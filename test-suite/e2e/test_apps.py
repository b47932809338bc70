"""The bundled applications run unmodified under the far-memory runtime with
a quarter of their memory local, and compute exactly what they compute
natively (the checksum each prints last)."""

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BUILD

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "profile-tools"))
from farhint import suite  # noqa: E402

# Programs that run to their end; the server (kvserver) is served its load
# in test_ult.py and test_bench_suites.py.
APPS = {name: app for name, app in suite.bundled().programs.items() if not app.server}
checksum_of = suite.Check("checksum-line").value

# gen writes at random into its k-mer table, slow unhinted at 25% local with
# its small input; a smaller genome exercises the same code.
ARGS = {name: app.args("small") for name, app in APPS.items()} | {"gen": ["2"]}
# Apps that free large buffers while running (vector growth, sort buffers):
# under pressure their freed pages are marked dead (never written back).
FREES_LARGE = {"dataframe", "psort", "pipeline"}


@pytest.mark.parametrize("name", sorted(APPS))
def test_app_under_the_runtime_matches_native(farhint_run, name):
    native = subprocess.run(
        [str(BUILD / "bin" / f"app-{name}"), *ARGS[name]],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    checksum = checksum_of(native.stdout, None)
    assert checksum, f"{name} printed no checksum"
    # A freed buffer of a 64th of the budget or more is decommitted even with
    # all memory local (pressure may come later); at 16G none here is.
    all_local = farhint_run(f"app-{name}", *ARGS[name], options=["--local", "16G"])
    assert checksum_of(all_local.stdout, None) == checksum
    peak = all_local.stats["peak_resident_pages"] * 4096
    assert all_local.stats["counters"]["freed_pages"] == 0, "nothing decommitted without pressure"
    local = max(peak // 4, 800 << 10)  # the runtime's smallest budget is 768 KiB
    run = farhint_run(f"app-{name}", *ARGS[name], options=["--local", str(local)], timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert checksum_of(run.stdout, None) == checksum
    assert run.stats["counters"]["evicted_pages"] > 0, "a quarter local must evict"
    if name in FREES_LARGE:
        assert run.stats["counters"]["freed_pages"] > 0
