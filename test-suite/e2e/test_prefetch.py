"""Prefetches ahead of indirect accesses (llvm-pass Prefetch.h, the runtime's
farhint_prefetch), end to end: a program with a gather a[idx[i]] and a
scatter out[pos[key[i]]]++ is compiled with the plugin from a profile that
names those two lines, and run in far memory. It must compute what it
computes natively, and the prefetches must be issued and used."""

import json
import subprocess

from test_profile import HERE, markers

from conftest import CSR, FARHINT, csr_counters_at_25, csr_profiled_and_built


def build(tmp_path, name, *plugin_args):
    lines = markers("fm_gather.c")
    prof = tmp_path / "gather.fhprof"
    prof.write_text(
        json.dumps(
            {
                "format": "farhint-profile",
                "version": 1,
                "binary": {"path": "fm_gather", "build_id": ""},
                "run": {"total_faults": 200},
                "sites": [
                    {
                        "id": 1,
                        "file": "fm_gather.c",
                        "line": lines["gather"],
                        "column": 0,
                        "function": "gather",
                        "faults": {"read": 100, "write": 0, "write_protect": 0},
                    },
                    {
                        "id": 2,
                        "file": "fm_gather.c",
                        "line": lines["scatter"],
                        "column": 0,
                        "function": "scatter",
                        "faults": {"read": 0, "write": 100, "write_protect": 0},
                    },
                ],
            }
        )
    )
    out = tmp_path / name
    args = [a for kv in plugin_args for a in ("--plugin-arg", kv)]
    subprocess.run(
        [
            str(FARHINT),
            "cc",
            "--profile",
            str(prof),
            *args,
            "--",
            "-O2",
            "-g",
            str(HERE / "fm_gather.c"),
            "-o",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    return out


def run(tmp_path, binary, local, mib, options=()):
    stats = tmp_path / f"{binary.name}-{local}.json"
    proc = subprocess.run(
        [
            str(FARHINT),
            "run",
            "--local",
            local,
            "--peak",
            f"{mib}M",
            "--stats-file",
            str(stats),
            *options,
            "--",
            str(binary),
            str(mib),
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(stats.read_text())


def test_prefetched_program_computes_the_native_result_at_5_percent_local(tmp_path):
    hinted = build(tmp_path, "gather-prefetch")
    native = subprocess.run([str(hinted), "16", "1"], capture_output=True, text=True, check=True)
    out, stats = run(tmp_path, hinted, "5%", 16)
    assert out == native.stdout
    assert stats["counters"]["prefetch_pages"] > 0, stats["counters"]


def test_prefetches_are_used_and_take_misses_off_the_hints(tmp_path):
    """At 25% local a page prefetched 32 iterations ahead is still here when
    its access comes: most are used (accuracy), per site, and the blocking
    hints at the accesses miss far less often than without prefetches."""
    with_pf = build(tmp_path, "gather-prefetch")
    without = build(tmp_path, "gather-noprefetch", "prefetch-distance=0")
    out_pf, pf = run(tmp_path, with_pf, "25%", 16)
    out_no, no = run(tmp_path, without, "25%", 16)
    assert out_pf == out_no
    c = pf["counters"]
    assert no["counters"]["prefetch_pages"] == 0
    assert c["prefetch_used"] > 0.5 * c["prefetch_pages"], c
    assert c["faults_hinted"] < 0.5 * no["counters"]["faults_hinted"], (c, no["counters"])
    sites = {s["site"]: s for s in pf["prefetch_sites"]}
    assert set(sites) == {1, 2} and all(s["used"] > 0 for s in sites.values()), sites


def test_a_csr_builder_gets_prefetches_from_its_own_profile(tmp_path):
    """The bundled CSR builder (apps/csr, C++: range-for over a vector of
    edges in lambdas, std::atomic's fetch_add, a template over
    __sync_fetch_and_add), profiled and compiled as a user would: both of
    its loops get a prefetch ahead, the build computes what it computes
    natively at 25% local, and its prefetched pages take most misses off
    the faults."""
    # test_buffered_writes.py: with buffered writes
    prof, hinted, cc = csr_profiled_and_built(tmp_path, "buffered-writes=false")
    assert "2 with a prefetch ahead" in cc.stderr + cc.stdout, cc.stderr
    unhinted = csr_counters_at_25(tmp_path, prof, CSR)
    prefetched = csr_counters_at_25(tmp_path, prof, hinted)
    assert prefetched["prefetch_used"] > 0.5 * prefetched["prefetch_pages"] > 0, prefetched
    misses = prefetched["faults_hinted"] + prefetched["faults_unhinted"]
    assert misses < 0.5 * unhinted["faults_unhinted"], (prefetched, unhinted)
