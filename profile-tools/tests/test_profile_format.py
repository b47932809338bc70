"""Reading a .fhprof: malformed, truncated, wrong-version and incomplete
profiles give errors naming the file and the problem, in the library and
in `farhint report`."""

import json
import subprocess
import sys

import pytest

from farhint.profile import ProfileError, load_profile, write_profile

GOOD = {
    "format": "farhint-profile",
    "version": 1,
    "run": {"total_faults": 10, "command": ["./a"], "local_bytes": 1 << 20},
    "sites": [
        {
            "id": 1,
            "file": "a.c",
            "line": 3,
            "column": 5,
            "function": "f",
            "faults": {"read": 10, "write": 0, "write_protect": 0},
        }
    ],
}


def write(tmp_path, text):
    p = tmp_path / "p.fhprof"
    p.write_text(text)
    return p


def test_round_trip(tmp_path):
    p = tmp_path / "p.fhprof"
    write_profile(p, GOOD)
    assert load_profile(p) == {**GOOD, "binary": {}}  # an absent object reads as empty


@pytest.mark.parametrize(
    "text,message",
    [
        ('{"format": "farhint-profile", "version": 1, "sites": [', "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"format": "perf", "version": 1, "sites": []}', "not a farhint profile"),
        ('{"format": "farhint-profile", "version": 9, "sites": []}', "version 9 is not supported"),
        ('{"format": "farhint-profile", "version": 1}', "has no 'sites' array"),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 1, "file": "a.c", "faults": {}}]}',
            "site #1 has no positive 'line'",
        ),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 0, "file": "a.c", "line": 1, "faults": {}}]}',
            "site #1 has no positive integer 'id'",
        ),
        # The plugin's reader rejects the same (lit: profile-validation.test).
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 4294967297, "file": "a.c", "line": 1, "faults": {}}]}',
            "site #1 has no positive integer 'id'",
        ),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 1, "file": "a.c", "line": 1, "faults": {"read": -5}}]}',
            "site #1 has a negative fault count",
        ),
        # Optional fields are typed when present (both readers: test_profile_fuzz.py).
        (
            '{"format": "farhint-profile", "version": 1, "run": true, "sites": []}',
            "'run' is not an object",
        ),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 1, "file": "a.c", "line": 1, '
            '"faults": {"read": true}}]}',
            "site #1 has a fault count that is not an integer",
        ),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 1, "file": "a.c", "line": 1, '
            '"column": -1, "faults": {}}]}',
            "site #1 has a 'column' that is not a non-negative integer",
        ),
        (
            '{"format": "farhint-profile", "version": 1, "sites": [{"id": 3, "file": "a.c", "line": 1, "faults": {}}, '
            '{"id": 3, "file": "b.c", "line": 2, "faults": {}}]}',
            "site #2 repeats id 3 of site #1",
        ),
    ],
)
def test_bad_profiles_are_named(tmp_path, text, message):
    p = write(tmp_path, text)
    with pytest.raises(ProfileError, match=message) as err:
        load_profile(p)
    assert str(p) in str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(ProfileError, match="cannot read it"):
        load_profile(tmp_path / "absent.fhprof")


def test_report_command_exits_2_with_the_message(tmp_path):
    p = write(tmp_path, json.dumps({**GOOD, "version": 2}))
    out = subprocess.run(
        [sys.executable, "-m", "farhint", "report", str(p)], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert "version 2 is not supported" in out.stderr and "Traceback" not in out.stderr


def test_report_of_a_good_profile(tmp_path):
    p = write(tmp_path, json.dumps(GOOD))
    out = subprocess.run(
        [sys.executable, "-m", "farhint", "report", str(p)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert "a.c:3:5" in out.stdout and "90% of faults: 1" in out.stdout


def test_report_shows_what_the_plugin_did(tmp_path):
    p = write(
        tmp_path,
        json.dumps(
            {
                **GOOD,
                "run": {**GOOD["run"], "total_faults": GOOD["run"]["total_faults"] + 1},
                "sites": GOOD["sites"]
                + [{"id": 2, "file": "b.c", "line": 9, "column": 1, "faults": {"read": 1}}],
            }
        ),
    )
    hints = tmp_path / "hints.yaml"
    hints.write_text(
        'farhint-report: 1\nmodule: "a.c"\nprofile: "p"\nprofile-faults: 11\n'
        'hinted:\n  - site: 1\n    location: "a.c:3:5"\n    function: "f"\n'
        "    fault-share: 0.9\n    accesses: 1\n"
        '    params: {mut: true, seq: true, rdahead: 16, ev_prio: 0}\n    why: "write"\n'
        'not-hinted:\n  - site: 2\n    location: "b.c:9:1"\n    function: ""\n'
        '    fault-share: 0.1\n    reason: "not in this translation unit"\n'
    )
    out = subprocess.run(
        [sys.executable, "-m", "farhint", "report", str(p), "--hints", str(hints)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "plugin: hinted: mut seq rdahead=16" in out.stdout
    assert "plugin: not hinted: not in this translation unit" in out.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("just: text\n")
    out = subprocess.run(
        [sys.executable, "-m", "farhint", "report", str(p), "--hints", str(bad)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and "not a FarHint plugin report" in out.stderr


def test_a_hint_with_no_parameters_reads_basic():
    from farhint import report

    hints = {4: {"hinted": True, "params": {"mut": False, "seq": False, "rdahead": 0}}}
    assert report.plugin_text(4, hints) == "hinted: basic"
