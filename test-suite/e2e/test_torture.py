"""The torture suite (test-suite/torture/torture.py; `make torture
MINUTES=60` for longer) on the checked runtime (build/checked: the
invariants of the page lock, frame ownership, the free-frame count and the
metadata word checked on every fault and eviction): the stress programs
under random policies, reclaim modes and thread modes, beside a busy loop a
CPU and one more, must give their native output every time, never hang (no
progress for 30 s), never be stopped by the runtime, and never break an
invariant (which stops the program: a failure)."""

import os
import subprocess
import sys
from pathlib import Path

from conftest import BUILD

TORTURE = Path(__file__).resolve().parents[1] / "torture" / "torture.py"
CHECKED = BUILD / "checked"


def torture(*options):
    run = subprocess.run(
        [sys.executable, str(TORTURE), "--build", str(CHECKED), *options],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "FARHINT_BUILD_DIR": str(CHECKED)},
    )
    last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    assert run.returncode == 0 and last.endswith(" 0 failed"), run.stdout[-5000:] + run.stderr
    return run.stdout, int(last.split()[0])


def test_the_checked_runtime_is_built_with_its_checks():
    library = CHECKED / "lib" / "libfarmem.so"
    assert b"frame_table.nodes[i].list" in library.read_bytes(), "fm_check compiled out"
    assert b"frame_table.nodes[i].list" not in (BUILD / "lib" / "libfarmem.so").read_bytes()


def test_racing_writers_and_the_frame_pool_keep_the_invariants():
    out, runs = torture("--minutes", "0.4", "--only", "racing-writers,frame-pool")
    assert "racing-writers" in out and "frame-pool" in out, out
    assert runs >= 2


def test_a_minute_of_torture_with_the_cpus_oversubscribed():
    _, runs = torture("--minutes", "1")
    assert runs >= 10, f"too few runs to mean anything: {runs}"
