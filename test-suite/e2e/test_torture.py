"""A minute of the torture suite (test-suite/torture/torture.py; `make
torture MINUTES=60` for longer): the stress programs under random
policies, reclaim modes and thread modes, beside a busy loop a CPU and one
more, must give their native output every time, never hang (no progress
for 30 s) and never be stopped by the runtime."""

import os
import subprocess
import sys
from pathlib import Path

from conftest import BUILD

TORTURE = Path(__file__).resolve().parents[1] / "torture" / "torture.py"


def test_a_minute_of_torture_with_the_cpus_oversubscribed():
    run = subprocess.run(
        [sys.executable, str(TORTURE), "--minutes", "1", "--build", str(BUILD)],
        capture_output=True,
        text=True,
        timeout=900,
        env=os.environ,
    )
    last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    assert run.returncode == 0 and last.endswith(" 0 failed"), run.stdout[-5000:] + run.stderr
    assert int(last.split()[0]) >= 10, f"too few runs to mean anything: {last}"
