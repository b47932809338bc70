"""The farhint command's contract: help, usage errors and exit codes."""

import os
import subprocess
import sys

import pytest

from farhint import cli, errors


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "farhint", *args], capture_output=True, text=True)


def test_help_lists_every_subcommand():
    out = run_cli("--help")
    assert out.returncode == 0
    for name in cli.SUBCOMMANDS:
        assert name in out.stdout


def test_help_documents_the_exit_codes():
    """One table, errors.EXIT_CODES, for the help and the tests."""
    out = run_cli("--help").stdout.split("exit codes:")[1]
    for code, what in errors.EXIT_CODES:
        assert f"\n  {str(code):<4} {what.splitlines()[0]}" in out


def test_no_subcommand_prints_help_and_fails():
    out = run_cli()
    assert out.returncode == 2
    assert "usage: farhint" in out.stdout


def test_unknown_subcommand_is_a_usage_error():
    out = run_cli("frobnicate")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr


@pytest.mark.parametrize("name", sorted(cli.SUBCOMMANDS))
def test_each_subcommand_has_help(name):
    out = run_cli(name, "--help")
    assert out.returncode == 0, out.stderr
    assert name in out.stdout


def test_missing_subcommand_module_says_so(monkeypatch, capsys):
    monkeypatch.setitem(cli.SUBCOMMANDS, "ghost", ("farhint.cmd_ghost", "a part not written"))
    assert cli.main(["ghost"]) == cli.EXIT_NOT_BUILT
    assert "not available in this version" in capsys.readouterr().err


@pytest.mark.parametrize(
    "program,why",
    [
        ("./no-such-program", "no such program"),
        ("/etc/passwd", "is not an executable program"),
        ("/tmp", "is not an executable program"),
    ],
)
def test_a_program_that_cannot_run_is_named_without_a_traceback(program, why):
    for sub in ("run", "profile"):
        out = run_cli(sub, "--", program)
        assert out.returncode == 2
        assert f"farhint {sub}: {program}" in out.stderr and why in out.stderr
        assert "Traceback" not in out.stderr


def test_a_negative_size_is_told_as_such():
    out = run_cli("run", "--local", "-5M", "--", "true")
    assert out.returncode == 2
    assert "'-5M' is not a size" in out.stderr


def test_negative_numbers_after_the_program_are_its_own():
    assert cli._join_negative_values(["run", "--local", "-5M", "--", "prog", "--x", "-5"]) == [
        "run",
        "--local=-5M",
        "--",
        "prog",
        "--x",
        "-5",
    ]


def test_output_cut_short_by_the_reader_is_not_an_error():
    """`farhint report p.fhprof | head`: no BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line
    out = subprocess.run(
        [sys.executable, "-m", "farhint", "--help"],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(write_end)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize(
    "args,said",
    [
        (["report", "missing.fhprof"], "missing.fhprof"),
        (["report", "/etc/passwd"], "not valid JSON"),
        (["bench", "--local", "abc", "--size", "small"], "--local abc: each value is a percentage"),
        (["bench", "--configs", "fast", "--size", "small"], "unknown configuration: fast"),
        (["bench", "--suite", "nope"], "no suite named 'nope'"),
        (["bench", "--check", "md5", "--", "/bin/true"], "check 'md5' is none of"),
        (
            ["run", "--free-fraction", "abc", "--", "/bin/true"],
            "--free-fraction: 'abc' is not a fraction",
        ),
        (
            ["run", "--link-latency", "5 parsecs", "--", "/bin/true"],
            "--link-latency: '5 parsecs' is not a time",
        ),
        (
            ["run", "--local", "250%", "--peak", "1G", "--", "/bin/true"],
            "a percentage must be in (0, 100]",
        ),
        (["profile", "--start-signal", "USR9", "--", "/bin/true"], "'USR9' is not a signal"),
        # an output's folder is checked before any work, not found missing after it
        (["profile", "-o", "nodir/x.fhprof", "--", "/bin/true"], "nodir does not exist"),
        (["profile", "--keep-trace", "nodir/t", "--", "/bin/true"], "nodir does not exist"),
        (["report", "any.fhprof", "--html", "nodir/r.html"], "nodir does not exist"),
        # values refused where they are parsed, not by the runtime
        *(
            (
                ["profile", "--one-run", "--max-slowdown", x, "--", "/bin/true"],
                "give a number above 1",
            )
            for x in ("nan", "inf", "-inf")
        ),
        (["run", "--server-deadline", "0", "--", "/bin/true"], "the least it takes is 1ms"),
        (["run", "--link-latency", "10", "--", "/bin/true"], "give its unit, e.g. 10ms"),
        (["run", "--backend", "", "--", "/bin/true"], "--backend is empty"),
        (["run", "--free-fraction", "2", "--", "/bin/true"], "the most it takes is 0.5"),
    ],
)
def test_bad_input_is_one_line_naming_the_problem(args, said):
    """Every command's user errors go through one handler (cli.main): a
    last line `farhint COMMAND: ...`, exit code 2, no traceback."""
    out = run_cli(*args)
    last = out.stderr.splitlines()[-1]
    assert out.returncode == 2, out.stderr
    assert last.startswith(f"farhint {args[0]}: ") and said in last, out.stderr
    assert "Traceback" not in out.stderr, out.stderr


def test_run_options_and_defaults_come_from_the_runtime_table():
    """farhint/settings.def is the one place a setting is described: each
    row with an option is a `farhint run` option showing its default."""
    from farhint import settings

    text = " ".join(run_cli("run", "--help").stdout.split())
    for name in settings.options():
        s = settings.table()[name]
        assert s.option in text
        if s.default and s.kind != "FLAG":
            assert f"(default {s.default})" in text, s.option
    assert settings.table()["EVICT_BATCH"].max == "1024"


def test_spatial_sampling_keeps_enough_pages_and_budget():
    from farhint.cmd_profile import spatial_rate

    mib, gib = 1 << 20, 1 << 30
    assert spatial_rate("auto", 200 * mib, 20 * mib) == 1  # quick to profile as it is
    assert spatial_rate("auto", 256 * mib, 25 * mib) == 16  # 16 MiB of pages sampled
    assert spatial_rate("auto", 745 * mib, 74 * mib) == 32
    assert spatial_rate("auto", 16 * gib, 1600 * mib) == 64  # at most 1 in 64
    assert spatial_rate("auto", gib, 4 * mib) == 4  # 1 MiB of budget left to them
    assert spatial_rate("auto", None, gib) == 1  # peak not measured: no sampling
    assert spatial_rate("8", 0, 0) == 8


def test_a_profile_that_thrashes_points_to_windows_of_time_while_it_runs(capsys, monkeypatch):
    import re
    import signal
    import time
    from pathlib import Path

    from farhint import cmd_profile

    monkeypatch.setattr(cmd_profile, "SLOW_TRACE_S", 0.05)
    assert cmd_profile._warn_when_slow(None) is None  # no run measured the peak
    timer = cmd_profile._warn_when_slow(0.01)  # says so at 0.05 s
    # A Ctrl-C meant for the run must not end farhint in the timer's thread.
    status = Path(f"/proc/self/task/{timer.native_id}/status").read_text()
    blocked = int(re.search(r"SigBlk:\s*([0-9a-f]+)", status)[1], 16)
    assert blocked >> (signal.SIGINT - 1) & 1 and blocked >> (signal.SIGTERM - 1) & 1
    time.sleep(0.5)
    assert not timer.is_alive()
    err = capsys.readouterr().err
    assert "has taken 5x the run that measured the peak" in err, err
    assert "--one-run --max-slowdown 1.5" in err and "Ctrl-C" in err, err
    cmd_profile._warn_when_slow(0.01).cancel()  # the run ended first: nothing said
    time.sleep(0.2)
    assert capsys.readouterr().err == ""
