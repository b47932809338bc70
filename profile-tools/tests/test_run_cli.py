"""farhint run's argument handling, and the demo as a user runs it."""

import json
import subprocess
import sys

import pytest

from farhint import buildtree
from farhint.errors import UserError
from farhint.units import parse_budget, parse_size


def farhint(*args, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "farhint", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize(
    "text,value", [("4096", 4096), ("512M", 512 << 20), ("2g", 2 << 30), ("1.5K", 1536)]
)
def test_sizes(text, value):
    assert parse_size(text) == value


def test_percentage_budget_needs_a_peak():
    assert parse_budget("25%", 1 << 30) == 256 << 20
    with pytest.raises(UserError, match="--peak"):
        parse_budget("25%", None)
    with pytest.raises(UserError, match="not a size"):
        parse_size("lots")


def test_run_without_a_program_is_a_usage_error():
    out = farhint("run", "--local", "8M")
    assert out.returncode == 2
    assert "no program given" in out.stderr


@pytest.mark.parametrize("option", ["--far-size", "--mmap-threshold"])
def test_run_with_a_bad_size_says_which(option):
    out = farhint("run", option, "lots", "--", "/bin/true")
    assert out.returncode == 2
    assert "'lots' is not a size" in out.stderr and "Traceback" not in out.stderr


def test_run_with_a_bad_budget_says_which():
    out = farhint("run", "--local", "25%", "--", "/bin/true")
    assert out.returncode == 2
    assert "--peak" in out.stderr


def test_run_passes_the_exit_code_through():
    out = farhint("run", "--local", "8M", "--", "/bin/sh", "-c", "exit 7")
    assert out.returncode == 7


def test_quick_demo_takes_an_app_through_the_pipeline(tmp_path):
    out = farhint("demo", "--quick", "--app", "blackscholes", "--out", str(tmp_path), timeout=600)
    assert out.returncode == 0, out.stderr
    for step in ("1. profile", "2. report", "3. compile", "4. run", "5. comparison"):
        assert step in out.stdout
    assert "sites hinted" in out.stdout and "auto" in out.stdout
    assert "kind: R read faults" in out.stdout  # the report's columns explained
    assert "in this sweep (the native run while preparing" in out.stdout
    assert (tmp_path / "blackscholes.fhprof").exists() and (tmp_path / "results.csv").exists()


def test_percentage_of_a_profiles_peak(tmp_path):
    prof = tmp_path / "p.fhprof"
    prof.write_text(
        json.dumps(
            {
                "format": "farhint-profile",
                "version": 1,
                "sites": [],
                "run": {"peak_bytes": 64 << 20},
            }
        )
    )
    out = farhint(
        "run",
        "--local",
        "25%",
        "--profile",
        str(prof),
        "--stats",
        "--",
        str(buildtree.part("bin/fm_scan")),
        "1",
        "1",
        "nohint",
    )
    assert out.returncode == 0, out.stderr
    assert "local=16M " in out.stderr  # 25% of the profile's 64 MiB peak


def test_demo_names_the_apps_it_knows():
    out = farhint("demo", "--app", "nope")
    assert out.returncode == 2 and "choose from qsort, gen" in out.stderr
