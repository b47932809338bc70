"""The command line keeps its promises: exit codes as the help gives them,
Ctrl-C that keeps a profile, paths taken from where the command was typed,
and a bench --ab that cannot measure native and call it the base."""

import json
import shutil
import signal
import subprocess
import time

import pytest

from conftest import BUILD, CLANG, FARHINT
from farhint.errors import EXIT_USAGE

EXITS_3 = r"""
#include <stdlib.h>
#include <string.h>
int main(void) {
  size_t n = 16 << 20;
  char *p = malloc(n);
  for (int pass = 0; pass < 3; pass++)
    memset(p, pass, n);
  return 3;
}
"""


def farhint(*args, cwd=None, timeout=300):
    return subprocess.run(
        [str(FARHINT), *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


def test_profile_exits_as_the_program_did_and_still_writes_the_profile(tmp_path):
    src = tmp_path / "exits3.c"
    src.write_text(EXITS_3)
    subprocess.run([CLANG, "-O1", "-g", str(src), "-o", tmp_path / "exits3"], check=True)
    out = tmp_path / "p.fhprof"
    run = farhint("profile", "--local", "25%", "-o", out, "--", tmp_path / "exits3")
    assert run.returncode == 3, run.stderr
    assert "exited with 3" in run.stderr and out.exists()


def test_a_bench_base_build_that_is_no_runtime_is_refused_or_an_error(tmp_path):
    """--ab with an empty libfarmem.so is refused before anything runs; one
    whose library loads but is not the runtime (it wrote no statistics)
    gives error rows and a failing exit, never `ok` at native speed."""
    empty = tmp_path / "empty"
    (empty / "lib").mkdir(parents=True)
    (empty / "bin").mkdir()
    (empty / "lib" / "libfarmem.so").write_bytes(b"")
    shutil.copy("/bin/true", empty / "bin" / "farmem-server")
    common = ["--configs", "native,nohint", "--local", "100", "--repeats", "1", "--check", "none"]
    program = ["--", BUILD / "bin" / "fm_scan", 4, 1, "nohint"]
    refused = farhint("bench", "--ab", empty, *common, "--out", tmp_path / "a", *program)
    assert refused.returncode == EXIT_USAGE, refused.stderr
    assert "lib/libfarmem.so there is no built library" in refused.stderr
    other = tmp_path / "other"
    (other / "lib").mkdir(parents=True)
    (other / "bin").mkdir()
    libz = subprocess.run(
        ["sh", "-c", "ldconfig -p | grep -m1 'libz.so.1 ' | sed 's/.*=> //'"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    shutil.copy(libz, other / "lib" / "libfarmem.so")
    shutil.copy(BUILD / "bin" / "farmem-server", other / "bin" / "farmem-server")
    run = farhint("bench", "--ab", other, *common, "--out", tmp_path / "b", *program)
    assert run.returncode == 1, run.stderr
    rows = (tmp_path / "b" / "results.csv").read_text()
    assert "nohint@base" in rows and "the far-memory runtime did not run" in rows, rows


def test_bench_takes_a_relative_out_from_where_it_was_typed(tmp_path):
    run = farhint(
        "bench",
        "--configs",
        "native,nohint",
        "--local",
        "100",
        "--repeats",
        "1",
        "--check",
        "none",
        "--out",
        "ab",
        "--",
        BUILD / "bin" / "fm_scan",
        4,
        1,
        "nohint",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    assert "nohint,100,1" in (tmp_path / "ab" / "results.csv").read_text().replace('"', "")


@pytest.mark.parametrize("after", [1.0, 1.7, 2.5, 3.5])
def test_ctrl_c_during_a_windowed_profile_keeps_the_profile_so_far(tmp_path, after):
    """SIGINT (as a terminal's Ctrl-C reaches the program and farhint) at
    several moments of a profile in windows of time: the profile of the run
    so far is written, and farhint profile exits 130 as the program did."""
    out = tmp_path / "w.fhprof"
    proc = subprocess.Popen(
        [
            str(FARHINT),
            "profile",
            "--one-run",
            "--local",
            "10%",
            "--max-slowdown",
            "1.5",
            "-o",
            str(out),
            "--",
            str(BUILD / "bin" / "fm_scan"),
            "64",
            "5000",  # passes: longer than the test waits
            "nohint",
        ],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a terminal's Ctrl-C goes to the whole group
    )
    time.sleep(after)
    subprocess.run(["pkill", "-INT", "-g", str(proc.pid)])
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGINT, err
    assert out.exists(), err
    assert json.loads(out.read_text())["format"] == "farhint-profile"


def one_site_profile(total, faults, **more):
    site = {"id": 1, "file": "x.c", "line": 2, "column": 3, "function": "f", **more}
    site["faults"] = {"read": faults, "write": 0, "write_protect": 0}
    return {
        "format": "farhint-profile",
        "version": 1,
        "run": {"total_faults": total},
        "sites": [site],
    }


def test_a_profile_whose_total_is_below_its_sites_is_refused(tmp_path):
    """An edited profile (run.total_faults 0 while its sites hold faults):
    the report refuses it, naming the problem, as the plugin does, instead
    of printing shares of millions of percent."""
    path = tmp_path / "edited.fhprof"
    path.write_text(json.dumps(one_site_profile(total=0, faults=516076)))
    report = farhint("report", path)
    assert report.returncode == EXIT_USAGE, report.stdout
    assert "'run.total_faults' is 0, fewer than its sites' 516076 faults" in report.stderr
    src = tmp_path / "x.c"
    src.write_text("long f(long *p) {\n  return\n  p[1];\n}\n")
    cc = subprocess.run(
        [
            CLANG,
            "-O2",
            "-g",
            f"-fplugin={BUILD / 'lib' / 'farhint.so'}",
            f"-fplugin-arg-farhint-profile={path}",
            "-c",
            str(src),
            "-o",
            str(tmp_path / "x.o"),
        ],
        capture_output=True,
        text=True,
    )
    assert cc.returncode != 0 and "fewer than its sites' 516076 faults" in cc.stderr, cc.stderr


def test_report_shows_the_plugins_hint_as_the_suggestion_reads(tmp_path):
    """--hints: the plugin's parameters in the suggestions' words, ev_prio
    and a prefetch ahead included."""
    suggest = {"mut": False, "seq": True, "rdahead": 256, "ev_prio": -1}
    prof = one_site_profile(total=100, faults=100, suggest=suggest)
    (tmp_path / "p.fhprof").write_text(json.dumps(prof))
    (tmp_path / "r.yaml").write_text(
        "farhint-report: 1\nmodule: x.c\nprofile: p.fhprof\nprofile-faults: 100\nhinted:\n"
        "  - site: 1\n    location: x.c:2:3\n    function: f\n    fault-share: 1.0\n"
        "    accesses: 2\n    params: {mut: false, seq: true, rdahead: 256, ev_prio: -1}\n"
        "    prefetch-ahead: true\n"
        '    why: "a scan; prefetch ahead: indirect through 1 load(s)"\nnot-hinted: []\n'
    )
    run = farhint("report", tmp_path / "p.fhprof", "--hints", tmp_path / "r.yaml")
    assert run.returncode == 0, run.stderr
    assert "hinted: seq rdahead=256 ev_prio=-1(keep); prefetch ahead" in run.stdout, run.stdout
