"""farhint bench on a suite file and on a prebuilt program: programs built
from sources and by make, natively and with the plugin; every run's output
checked against native's; a wrong output and an output that varies are
reported, not passed; nothing the runs wrote is left behind. And a server:
started, loaded, timed by its load, profiled while serving, stopped."""

import csv
import json
import re
import subprocess
from pathlib import Path

from conftest import CLANG, FARHINT

SUITE = Path(__file__).resolve().parent / "bench_suite"


def bench(*args, timeout=900):
    return subprocess.run(
        [str(FARHINT), "bench", *map(str, args)], capture_output=True, text=True, timeout=timeout
    )


def rows_of(out):
    with open(out / "results.csv") as f:
        return {(r["app"], r["config"]): r["status"] for r in csv.DictReader(f)}


def test_a_suite_is_built_run_and_checked(tmp_path):
    run = bench(
        "--suite",
        SUITE / "suite.toml",
        "--size",
        "small",
        "--local",
        "25",
        "--configs",
        "native,nohint,auto,auto-nobuffer",
        "--repeats",
        "1",
        "--out",
        tmp_path,
    )
    assert run.returncode == 1, run.stderr  # the two programs a bench must not accept
    status = rows_of(tmp_path)
    for name in ("walk", "walk-make"):
        for config in ("native", "nohint", "auto", "auto-nobuffer"):
            assert status[(name, config)] == "ok", (name, config, run.stderr[-2000:])
        # built with the plugin: by farhint cc, and by make through CC=farhint-cc
        assert "farhint-report" in (tmp_path / f"{name}.hints.yaml").read_text()
    assert status[("tells-preload", "native")] == "ok"
    assert status[("tells-preload", "nohint")] == "CHECKSUM MISMATCH"
    assert "WRONG OUTPUT" in run.stderr and "left out: varies" in run.stderr
    summary = (tmp_path / "summary.md").read_text()
    assert "**Left out: varies**" in summary and "two native runs gave different output" in summary
    assert "| walk-make | `24 3 plain` |" in summary and "| the file out.txt |" in summary
    assert not (tmp_path / "run").exists(), "the runs' folders are removed"
    assert not list(tmp_path.glob("*.build")), "make's scratch folders are removed"


def test_a_prebuilt_program_runs_without_the_configurations_that_rebuild_it(tmp_path):
    binary = tmp_path / "subject"
    subprocess.run([CLANG, "-O1", "-g", SUITE / "bench_subject.c", "-o", binary], check=True)
    out = tmp_path / "out"

    def bench_subject(*options):
        return bench(*options, "--out", out, "--", binary, "16", "2", "plain")

    run = bench_subject(
        "--local", "25", "--repeats", "1", "--check", "file:out.txt", "--configs", "native,nohint"
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert rows_of(out) == {("subject", "native"): "ok", ("subject", "nohint"): "ok"}
    # one number per configuration: on the screen as in summary.md
    shown = re.search(r"subject +nohint .*\( *([\d.]+)x native\)", run.stdout + run.stderr)
    assert shown, run.stdout + run.stderr
    assert f"| subject | nohint | {shown.group(1)}x |" in (out / "summary.md").read_text()
    again = bench_subject("--repeats", "1", "--check", "file:out.txt", "--configs", "native")
    assert again.returncode == 0, again.stderr[-2000:]
    assert "holds 2 runs of an earlier sweep; this sweep's rows follow them" in again.stderr
    assert (out / "results.csv").read_text().count("\nsubject,") == 3  # nothing lost
    ult = bench_subject(
        "--repeats", "1", "--check", "file:out.txt", "--configs", "native,nohint-ult"
    )
    assert ult.returncode == 0, ult.stderr[-2000:]
    assert rows_of(out)[("subject", "nohint-ult")] == "ok"  # on user-level threads (--ult)
    refused = bench_subject("--configs", "auto")
    assert refused.returncode == 2 and "describe it in a suite file" in refused.stderr
    missing = bench("--", tmp_path / "nothing")
    assert missing.returncode == 2 and "no such program" in missing.stderr


def test_a_server_is_loaded_timed_by_its_load_and_stopped(tmp_path):
    """The bundled kvserver in every configuration: each run starts it on a
    free port, runs kvload's warm-up and timed load (which checks every
    value) and stops it with SIGTERM; its table's checksum equals native's.
    Its profile covers the serving only: not the fill at start-up nor the
    checksum on the way out (both in main). No server is left running."""
    out = tmp_path / "out"
    run = bench(
        "--programs",
        "kvserver",
        "--size",
        "small",
        "--local",
        "25",
        "--repeats",
        "1",
        "--configs",
        "native,kswap,nohint,auto",
        "--out",
        out,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert set(rows_of(out).values()) == {"ok"}, rows_of(out)
    assert len(rows_of(out)) == 4
    said = run.stdout + run.stderr  # which swap kernel swap ran on, and how full
    assert re.search(r"kernel swap runs on .*swap.*GiB used", said), said[-3000:]
    with open(out / "results.csv") as f:  # the runtime's system calls per page moved
        runtime_rows = [r for r in csv.DictReader(f) if r["config"] in ("nohint", "auto")]
    assert all(float(r["syscalls_per_page"]) > 0 for r in runtime_rows), runtime_rows
    prof = json.loads((out / "kvserver.fhprof").read_text())
    assert prof["run"]["start_signal"] == "SIGUSR2"
    in_main = [s for s in prof["sites"] if s["function"] == "main"]
    assert not in_main and prof["run"]["total_faults"] > 1000, prof["sites"][:3]
    left = subprocess.run(["pgrep", "-f", "kvserver-native|kvserver-auto"], capture_output=True)
    assert left.returncode == 1, left.stdout


def test_ab_runs_each_configuration_on_another_builds_runtime_too(tmp_path):
    """--ab BUILD: CONFIG@base rows come from BUILD's runtime and memory
    server, alternated with this build's in the same sweep. The other build
    here has this build's runtime and a memory server that fails: its rows,
    and only its rows, fail."""
    binary = tmp_path / "subject"
    subprocess.run([CLANG, "-O1", "-g", SUITE / "bench_subject.c", "-o", binary], check=True)
    base = tmp_path / "base-build"
    (base / "lib").mkdir(parents=True)
    (base / "bin").mkdir()
    (base / "lib" / "libfarmem.so").symlink_to(FARHINT.parents[1] / "lib" / "libfarmem.so")
    server = base / "bin" / "farmem-server"
    server.write_text("#!/bin/sh\necho 'the base build's server' >&2\nexit 1\n")
    server.chmod(0o755)
    out = tmp_path / "out"
    run = bench(
        "--ab",
        base,
        "--configs",
        "native,nohint",
        "--local",
        "25",
        "--repeats",
        "2",
        "--check",
        "file:out.txt",
        "--out",
        out,
        "--",
        binary,
        "16",
        "2",
        "plain",
    )
    with open(out / "results.csv") as f:
        rows = [(r["config"], r["status"]) for r in csv.DictReader(f)]
    assert [c for c, _ in rows] == ["native", "nohint", "nohint@base"] * 2, rows
    assert all(s == "ok" for c, s in rows if not c.endswith("@base")), run.stderr[-2000:]
    assert all(s.startswith("failed") for c, s in rows if c.endswith("@base")), rows
    assert "| subject | nohint@base |" in (out / "summary.md").read_text()
    wrong = bench("--ab", tmp_path, "--configs", "native,nohint", "--", binary, "16", "2", "plain")
    assert (
        wrong.returncode == 2 and "no lib/libfarmem.so or bin/farmem-server there" in wrong.stderr
    )


def test_a_run_stopped_at_its_timeout_keeps_its_statistics(tmp_path):
    """A sweep stops a run at its timeout with SIGTERM first: the runtime
    writes the statistics it has (faults, pages moved) before the run ends."""
    from farhint import bench
    from farhint.runenv import runtime_env

    stats = tmp_path / "stats.json"
    env = runtime_env({"FARHINT_LOCAL": 4 << 20, "FARHINT_STATS_FILE": stats})
    cmd = [str(FARHINT.parent / "fm_scan"), "64", "100000", "nohint"]
    rc, seconds, _ = bench._timed(cmd, env=env, timeout=1.5)
    assert rc is None and seconds < 1.5 + bench.STOP_GRACE_S, (rc, seconds)
    assert json.loads(stats.read_text())["counters"]["faults_unhinted"] > 0
