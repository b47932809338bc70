"""Shared helpers for the end-to-end runtime tests: run a built program under
`farhint run` and read its statistics."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from proctree import MARK, kill_marked, new_mark

from farhint.buildtree import llvm_tool

BUILD = Path(os.environ.get("FARHINT_BUILD_DIR", Path(__file__).resolve().parents[2] / "build"))
FARHINT = BUILD / "bin" / "farhint"
os.environ.setdefault("FARHINT_BUILD_DIR", str(BUILD))
CLANG = llvm_tool("clang")  # the LLVM 19 the build was configured with


class Run:
    def __init__(self, proc, stats_path):
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr
        self._stats_path = stats_path

    @property
    def stats(self):
        return json.loads(Path(self._stats_path).read_text())


@pytest.fixture
def farhint_run(tmp_path):
    def run(program, *args, options=(), timeout=120, env=None):
        """program: a name in the build's bin/, or a path (a test's own build)."""
        stats = tmp_path / f"stats-{Path(program).name}.json"
        cmd = [
            str(FARHINT),
            "run",
            "--stats-file",
            str(stats),
            *options,
            "--",
            str(BUILD / "bin" / program),
            *map(str, args),
        ]
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
        )
        return Run(proc, stats)

    return run


@pytest.fixture(autouse=True)
def nothing_left_running():
    """Every process a test starts inherits its mark; whatever is still
    running at its end (after a timeout killed only the first of a tree: the
    program's children, its memory server) is killed."""
    mark = new_mark()
    os.environ[MARK] = mark
    yield mark
    del os.environ[MARK]
    kill_marked(mark)


def native(program, *args):
    return subprocess.run(
        [str(BUILD / "bin" / program), *map(str, args)], capture_output=True, text=True, timeout=120
    )


CSR = BUILD / "bin" / "app-csr"
CSR_ARGS = ("16", "2")


def csr_profiled_and_built(tmp_path, *plugin_args):
    """apps/csr profiled and compiled with its profile's hints as a user
    would (plugin_args: more plugin options): the profile, the hinted
    binary and farhint cc's run."""
    prof = tmp_path / "csr.fhprof"
    subprocess.run(
        [str(FARHINT), "profile", "-o", str(prof), "--", str(CSR), *CSR_ARGS],
        check=True,
        capture_output=True,
        timeout=300,
    )
    hinted = tmp_path / "csr"
    apps = Path(__file__).resolve().parents[2] / "apps"
    cc = subprocess.run(
        [str(FARHINT), "cc", "--cxx", "--profile", str(prof)]
        + [arg for a in plugin_args for arg in ("--plugin-arg", a)]
        + ["--", "-O2", "-g", "-pthread", f"-I{apps}/common", str(apps / "csr" / "csr.cpp")]
        + ["-o", str(hinted)],
        capture_output=True,
        text=True,
        check=True,
    )
    return prof, hinted, cc


def csr_counters_at_25(tmp_path, prof, binary):
    """binary (apps/csr or a build of it) run at 25% local with prof: its
    counters, once its checksum is checked against the native run's."""
    checksum = native(CSR.name, *CSR_ARGS).stdout.splitlines()[-1]
    stats = tmp_path / f"{binary.name}.json"
    proc = subprocess.run(
        [str(FARHINT), "run", "--local", "25%", "--profile", str(prof)]
        + ["--stats-file", str(stats), "--", str(binary), *CSR_ARGS],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == checksum
    return json.loads(stats.read_text())["counters"]
