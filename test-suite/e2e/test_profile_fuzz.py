"""Both profile readers -- the Python tools' (farhint report) and the
plugin's -- on profiles damaged at random (seeded): each either takes the
profile or rejects it with an error naming it. Never a traceback, a
compiler crash, or one reader taking what the other rejects."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BUILD, CLANG, FARHINT

SOURCE = Path(__file__).parents[1] / "lit" / "Inputs" / "simple.c"
GOOD = {
    "format": "farhint-profile",
    "version": 1,
    "binary": {"path": "a.out", "build_id": "f58c8684"},
    "run": {"total_faults": 150, "peak_bytes": 1 << 20},
    "sites": [
        {
            "id": 7,
            "file": "simple.c",
            "line": 2,
            "column": 10,
            "function": "get",
            "faults": {"read": 100, "write": 0, "write_protect": 0},
            "suggest": {"mut": False, "size": 8, "seq": True, "rdahead": 16, "ev_prio": 0},
        },
        {
            "id": 8,
            "file": "other.c",
            "line": 5,
            "column": 3,
            "function": "g",
            "faults": {"read": 50, "write": 0, "write_protect": 0},
        },
    ],
}
ODD_VALUES = [None, True, -1, 0, 2**31, 2**63, -(2**63), 1.5, "", "x", [], {}, [1], {"a": 1}]


def paths(node, prefix=()):
    """Every (container, key) in the JSON tree."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for k, v in items:
        yield prefix + (k,)
        if isinstance(v, (dict, list)) and v:
            yield from paths(v, prefix + (k,))


def damaged(rng):
    """A copy of GOOD as text, damaged one way."""
    tree = json.loads(json.dumps(GOOD))
    how = rng.choice(["value", "value", "drop", "truncate", "byte"])
    if how in ("value", "drop"):
        path = rng.choice(list(paths(tree)))
        parent = tree
        for k in path[:-1]:
            parent = parent[k]
        if how == "drop":
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(ODD_VALUES)
        return json.dumps(tree)
    text = json.dumps(tree)
    cut = rng.randrange(len(text))
    if how == "truncate":
        return text[:cut]
    return text[:cut] + chr(rng.choice(b'{}[]",:0-9aZ \\')) + text[cut + 1 :]


@pytest.mark.parametrize("seed", range(150))
def test_damaged_profiles_are_taken_or_rejected_alike(tmp_path, seed):
    text = damaged(random.Random(seed))
    prof = tmp_path / "p.fhprof"
    prof.write_text(text)
    report = subprocess.run([str(FARHINT), "report", str(prof)], capture_output=True, text=True)
    assert report.returncode in (0, 2), report.stderr
    assert "Traceback" not in report.stderr, (text, report.stderr)
    if report.returncode == 2:
        assert str(prof) in report.stderr, report.stderr
    plugin = subprocess.run(
        [
            CLANG,
            "-O2",
            "-g",
            f"-fplugin={BUILD / 'lib' / 'farhint.so'}",
            f"-fplugin-arg-farhint-profile={prof}",
            "-S",
            "-emit-llvm",
            str(SOURCE),
            "-o",
            "/dev/null",
        ],
        capture_output=True,
        text=True,
    )
    assert plugin.returncode in (0, 1), (text, plugin.stderr)
    assert "Stack dump" not in plugin.stderr and "PLEASE submit" not in plugin.stderr, text
    if plugin.returncode == 1:
        assert "farhint: profile" in plugin.stderr, plugin.stderr
    assert (report.returncode == 0) == (plugin.returncode == 0), (
        f"the readers disagree on {text!r}:\nreport: {report.stderr}\nplugin: {plugin.stderr}"
    )


def test_a_large_profile_is_read_in_bounded_memory(tmp_path):
    """20,000 sites with their stacks (30 MB): the plugin parses one site at
    a time (a tree of the whole profile took 760 MB of the compiler) and
    still finds the one site of this file."""
    sites = [
        {
            "id": i,
            "file": f"/src/dir{i % 50}/file{i % 400}.c",
            "line": i % 3000 + 1,
            "column": 5,
            "function": f"fn{i}",
            "source_line": "x = a[i] + b[j] * c[k];",
            "frames": [f"fn{i} /src/dir{i % 50}/file{i % 400}.c:{i % 3000 + 1}:5"] * 20,
            "faults": {"read": 1000 - i % 900, "write": 0, "write_protect": 0},
        }
        for i in range(2, 20001)
    ]
    sites.append({**GOOD["sites"][0], "id": 1, "faults": {"read": 5000}})
    prof = tmp_path / "big.fhprof"
    total = sum(s["faults"]["read"] for s in sites)  # the sites' faults are among the run's
    prof.write_text(
        json.dumps(
            {**GOOD, "run": {**GOOD["run"], "total_faults": total}, "sites": sites}, indent=1
        )
    )
    assert prof.stat().st_size > 20 << 20
    # The compiler's peak, measured in a process of its own that runs only it.
    measure = (
        "import resource, subprocess, sys\n"
        "rc = subprocess.run(sys.argv[1:]).returncode\n"
        "print('maxrss_kb', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,"
        " file=sys.stderr)\n"
        "sys.exit(rc)"
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            measure,
            CLANG,
            "-O2",
            "-g",
            f"-fplugin={BUILD / 'lib' / 'farhint.so'}",
            f"-fplugin-arg-farhint-profile={prof}",
            "-S",
            "-emit-llvm",
            str(SOURCE),
            "-o",
            "-",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "farhint_hint_slow_preserve_most(ptr %" in out.stdout, "site 1 is hinted"
    rss_kb = int(out.stderr.split("maxrss_kb")[-1])
    assert rss_kb < 300 << 10, f"the compiler took {rss_kb >> 10} MiB"
