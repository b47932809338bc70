"""The farhint command's contract: help, usage errors and exit codes."""

import subprocess
import sys

import pytest

from farhint import cli


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "farhint", *args],
                          capture_output=True, text=True)


def test_help_lists_every_subcommand():
    out = run_cli("--help")
    assert out.returncode == 0
    for name in cli.SUBCOMMANDS:
        assert name in out.stdout


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
