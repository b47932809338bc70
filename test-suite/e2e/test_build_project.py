"""A project as users have them, built with CC=farhint-cc: sources under
src/ compiled from build/ as ../src/x.c, a static library and a program
linked from it, also with -fdebug-prefix-map (the debug info then names
files that are not there). Profiled and rebuilt with the profile, every
site that faults in the library and the program gets its hint (out-of-tree
paths and remapped paths match their sources, and both readers accept the
profile), and the hinted program computes what the plain one does at 25%
local."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, FARHINT

HERE = Path(__file__).parent


def make(build_dir, cflags, profile="", report=""):
    env = {
        **os.environ,
        "CC": str(BUILD / "bin" / "farhint-cc"),
        "FARHINT_PROFILE": profile,
        "FARHINT_PLUGIN_ARGS": f"report={report}" if report else "",
        "CFLAGS": cflags,
    }
    subprocess.run(["make", "-s", "clean"], cwd=build_dir, check=True)
    out = subprocess.run(
        ["make", "-s"], cwd=build_dir, env=env, check=True, capture_output=True, text=True
    )
    assert "warning" not in out.stderr, out.stderr  # every hint found its site


@pytest.mark.parametrize("remap", [False, True])
def test_an_out_of_tree_build_with_a_library_gets_every_hint(tmp_path, remap):
    tree = tmp_path / "project"
    shutil.copytree(HERE / "project_tree", tree)
    build = tree / "build"
    cflags = f"-O2 -g -fdebug-prefix-map={tree}=/elsewhere" if remap else "-O2 -g"
    src_in_profile = "/elsewhere/src/" if remap else f"{tree}/src/"
    make(build, cflags)
    plain = subprocess.run([str(build / "app")], capture_output=True, text=True, check=True).stdout

    profile = build / "app.fhprof"
    subprocess.run(
        [str(FARHINT), "profile", "-o", str(profile), "--", str(build / "app")],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    make(build, cflags, profile=str(profile), report=str(tmp_path / "hints") + "/")

    report = subprocess.run(
        [str(FARHINT), "report", "--json", "--hints", str(tmp_path / "hints"), str(profile)],
        capture_output=True,
        text=True,
        check=True,
    )
    sites = [s for s in json.loads(report.stdout)["sites"] if s["percent"] >= 1]
    ours = [s for s in sites if s["site"].startswith(src_in_profile)]
    assert {s["function"] for s in ours} == {"fill", "sum"}, sites
    assert all(s["plugin"].startswith("hinted") for s in ours), ours

    hinted = subprocess.run(
        [
            str(FARHINT),
            "run",
            "--local",
            "25%",
            "--profile",
            str(profile),
            "--",
            str(build / "app"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert hinted.returncode == 0, hinted.stderr
    assert hinted.stdout == plain
