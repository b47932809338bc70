"""Hints inside a shared library (docs/hints-in-libraries.md): a program
whose far memory is read inside a library it links (shared_lib/: the
values live and are summed in libvalues.so, as a server's in libevent's
buffers) is profiled as it is; the profile names the library's sites, as
a program's; the library alone is rebuilt with `farhint cc` and that
profile, and the program, not rebuilt, then takes hinted faults in it and
prints what it printed natively."""

import json
import re
import subprocess
from pathlib import Path

from conftest import FARHINT

SRC = Path(__file__).parent / "shared_lib"
ARGS = ("65536", "200000")  # 64 MiB of values, random lookups


def cc(*args, profile=None, report=None):
    options = ["--profile", str(profile)] if profile else []
    options += ["--plugin-arg", f"report={report}"] if report else []
    return subprocess.run(
        [str(FARHINT), "cc", *options, "--", "-O2", "-g", *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "FARHINT_PROFILE": ""},
    )


def test_a_librarys_faults_are_hinted_when_the_library_is_built_with_the_profile(
    tmp_path, farhint_run
):
    lib = tmp_path / "libvalues.so"
    cc("-shared", "-fPIC", SRC / "values.c", "-o", lib)
    program = tmp_path / "lookups"
    cc(
        SRC / "lookups.c",
        f"-I{SRC}",
        f"-L{tmp_path}",
        "-lvalues",
        f"-Wl,-rpath,{tmp_path}",
        "-o",
        program,
    )
    native = subprocess.run([program, *ARGS], capture_output=True, text=True, check=True).stdout

    profile = tmp_path / "lookups.fhprof"
    subprocess.run(
        [str(FARHINT), "profile", "-o", str(profile), "--", str(program), *ARGS],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    report = subprocess.run(
        [str(FARHINT), "report", "--json", str(profile)], capture_output=True, text=True, check=True
    )
    sites = json.loads(report.stdout)["sites"]
    in_lib = [s for s in sites if s["site"].split(":")[0].endswith("shared_lib/values.c")]
    assert in_lib and in_lib[0]["function"] == "values_sum", sites
    assert sum(s["percent"] for s in in_lib) >= 50, sites  # where the program faults

    def run(local):
        return farhint_run(
            program, *ARGS, options=["--local", local, "--profile", str(profile)], timeout=300
        )

    plain = run("25%")
    assert plain.returncode == 0 and plain.stdout == native, plain.stderr
    plain_hinted = plain.stats["counters"]["faults_hinted"]

    said = cc(
        "-shared",
        "-fPIC",
        SRC / "values.c",
        "-o",
        lib,
        profile=profile,
        report=tmp_path / "hints.yaml",
    ).stderr
    # The library's link says what was hinted in it: its sites are the profile's.
    hinted_sites = re.search(r"libvalues\.so: (\d+) of the profile's (\d+) sites hinted", said)
    assert hinted_sites and int(hinted_sites.group(1)) >= 1, said
    hinted = run("25%")
    assert hinted.returncode == 0 and hinted.stdout == native, hinted.stderr
    c = hinted.stats["counters"]
    assert plain_hinted == 0
    assert c["faults_hinted"] > c["faults_unhinted"], c  # the library's misses, hinted
