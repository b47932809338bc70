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
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import BUILD, FARHINT

HERE = Path(__file__).parent


def make(build_dir, cflags, profile="", report="", env=None, jobs=1):
    env = {
        **os.environ,
        "CC": str(BUILD / "bin" / "farhint-cc"),
        "FARHINT_PROFILE": profile,
        "FARHINT_PLUGIN_ARGS": f"report={report}" if report else "",
        "CFLAGS": cflags,
        **(env or {}),
    }
    subprocess.run(["make", "-s", "clean"], cwd=build_dir, check=True)
    out = subprocess.run(
        ["make", "-s", f"-j{jobs}"],
        cwd=build_dir,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    assert "warning" not in out.stderr, out.stderr  # every hint found its site
    return out.stderr


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
    said = make(build, cflags, profile=str(profile), report=str(tmp_path / "hints") + "/")

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
    # one line at the link for the whole program, not one a compile
    line = re.findall(r"farhint cc: app: (\d+) of the profile's (\d+) sites hinted .*", said)
    assert len(line) == 1 and int(line[0][0]) >= 2, said

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


def hinted_sites(tmp_path, name, build_dir, profile, env=None, one_file=False):
    """Builds the project in build_dir with the profile; the functions whose
    profiled sites got hints (from the plugin's reports: a file per
    translation unit, or one_file: one file every compile of a parallel make
    merges its report into)."""
    hints = tmp_path / (f"hints-{name}.yaml" if one_file else f"hints-{name}/")
    jobs = 4 if one_file else 1
    make(build_dir, "-O2 -g", profile=str(profile), report=str(hints), env=env, jobs=jobs)
    if one_file:
        assert hints.read_text().count("farhint-report: 1") == 2, "main.c's and scan.c's"
    report = subprocess.run(
        [str(FARHINT), "report", "--json", "--hints", str(hints), str(profile)],
        capture_output=True,
        text=True,
        check=True,
    )
    sites = json.loads(report.stdout)["sites"]
    return {s["function"] for s in sites if s["plugin"].startswith("hinted")}


def test_a_profile_hints_the_same_sources_built_in_another_folder(tmp_path):
    """Profiled in one checkout (a git repository), the profile hints the
    same sources built in a copy at another absolute path and unpacked from
    a tarball, with no option: the sites' paths below the profile's source
    root match (the copy's make -j4 merging both compiles' reports into one
    report=FILE). A tree whose layout also differs gets the same hints with
    FARHINT_PROFILE_PREFIX_MAP."""
    first = tmp_path / "checkout"
    shutil.copytree(HERE / "project_tree", first)
    subprocess.run(["git", "init", "-q", str(first)], check=True)
    make(first / "build", "-O2 -g")
    profile = tmp_path / "app.fhprof"
    subprocess.run(
        [str(FARHINT), "profile", "-o", str(profile), "--", str(first / "build" / "app")],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert json.loads(profile.read_text())["source_root"] == str(first)
    here = hinted_sites(tmp_path, "first", first / "build", profile)
    assert {"fill", "sum"} <= here, here

    copy = tmp_path / "ci" / "workspace" / "proj"
    shutil.copytree(first, copy)
    assert hinted_sites(tmp_path, "copy", copy / "build", profile, one_file=True) == here

    tarball = tmp_path / "proj.tar.gz"
    subprocess.run(["tar", "czf", str(tarball), "-C", str(first), "."], check=True)
    unpacked = tmp_path / "unpacked" / "proj-1.0"
    unpacked.mkdir(parents=True)
    subprocess.run(["tar", "xzf", str(tarball), "-C", str(unpacked)], check=True)
    assert hinted_sites(tmp_path, "tarball", unpacked / "build", profile) == here

    moved = tmp_path / "moved"  # src/ is code/ here: only a map can say so
    shutil.copytree(first, moved)
    (moved / "src").rename(moved / "code")
    for makefile in moved.rglob("Makefile"):
        makefile.write_text(makefile.read_text().replace("src", "code"))
    env = {"FARHINT_PROFILE_PREFIX_MAP": f"{first}/src={moved}/code"}
    assert hinted_sites(tmp_path, "moved", moved / "build", profile, env=env) == here
