"""farhint profile and report, end to end: programs with deliberate faulting
loops at marked lines (SITE:<name>) are profiled at 10% local; the faults
must land on those lines and the suggestions must fit each pattern."""

import json
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import BUILD, CLANG, FARHINT

HERE = Path(__file__).parent


def markers(source):
    """SITE:<name> -> line number, from a test program's source."""
    out = {}
    for n, line in enumerate((HERE / source).read_text().splitlines(), 1):
        m = re.search(r"SITE:(\w+)", line)
        if m:
            out[m.group(1)] = n
    return out


def profile_path(tmp_path, program, *args, options=()):
    """Where profile() writes the profile of program with args and options."""
    return tmp_path / f"{program}-{'-'.join(args)}{''.join(options)}.fhprof"


def profile(tmp_path, program, *args, local="10%", recorder="farmem", options=()):
    out = profile_path(tmp_path, program, *args, options=options)
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--recorder",
            recorder,
            "--local",
            local,
            *options,
            "-o",
            str(out),
            "--",
            str(BUILD / "bin" / program),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text()), proc


def faults_by_line(prof, source):
    by_line = Counter()
    for s in prof["sites"]:
        if s["file"].endswith(source):
            f = s["faults"]
            by_line[s["line"]] += f["read"] + f["write"] + f["write_protect"]
    return by_line


def site_at(prof, source, line):
    found = [s for s in prof["sites"] if s["file"].endswith(source) and s["line"] == line]
    assert found, f"no site at {source}:{line}"
    return max(found, key=lambda s: sum(s["faults"][k] for k in ("read", "write", "write_protect")))


@pytest.mark.parametrize(
    "pattern,lines",
    [
        ("scan", ["array_write", "array_read"]),
        ("list", ["list_build", "list_walk"]),
        ("memcpy", ["memset", "memcpy"]),
        ("hash", ["hash_clear", "hash_probe"]),
        # faults inside write() and read(): the trace scans the stack for the caller
        ("syscall", ["syscall_fill", "syscall_write", "syscall_read"]),
    ],
)
def test_faults_land_on_the_marked_lines(tmp_path, pattern, lines):
    prof, _ = profile(tmp_path, "prof_patterns", pattern, "16")
    m = markers("prof_patterns.c")
    by_line = faults_by_line(prof, "prof_patterns.c")
    on_marked = sum(by_line[m[name]] for name in lines)
    total = prof["run"]["total_faults"]
    assert total > 2000
    assert on_marked >= 0.99 * total, f"{on_marked} of {total} faults on {lines}: {by_line}"


@pytest.mark.parametrize(
    "pattern,lines,top,seq",
    [
        ("scan", ["array_write", "array_read"], "array_read", True),
        ("list", ["list_build", "list_walk"], "list_walk", False),
        ("hash", ["hash_clear", "hash_probe"], "hash_probe", False),
    ],
)
def test_perf_recorder_finds_the_lines_under_kernel_swap(tmp_path, pattern, lines, top, seq):
    """The unmodified program under a cgroup limit with swap: perf's major
    faults land on the same lines, and scans still get seq."""
    prof, _ = profile(tmp_path, "prof_patterns", pattern, "32", recorder="perf")
    assert prof["run"]["recorder"] == "perf-major-faults"
    m = markers("prof_patterns.c")
    by_line = faults_by_line(prof, "prof_patterns.c")
    total = prof["run"]["total_faults"]
    assert total > 2000
    assert sum(by_line[m[name]] for name in lines) >= 0.99 * total, by_line
    assert bool(site_at(prof, "prof_patterns.c", m[top])["suggest"]["seq"]) == seq


def test_perf_recorder_stops_a_program_swap_cannot_hold(tmp_path):
    """256 MiB at 4 MiB local under kernel swap sized for 4 MiB: with the
    cgroup's OOM killer off, the program would wait on reclaim for ever; a
    wait that long gets the killer back, and the profile says so."""
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--recorder",
            "perf",
            "--local",
            "4M",
            "-o",
            str(tmp_path / "p.fhprof"),
            "--",
            str(BUILD / "bin" / "prof_patterns"),
            "scan",
            "256",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 137, proc.stderr
    assert "OOM killer stopped the program at this limit; give more --local" in proc.stderr


def test_scans_suggest_seq_with_readahead_and_writes_mut(tmp_path):
    prof, _ = profile(tmp_path, "prof_patterns", "scan", "16")
    m = markers("prof_patterns.c")
    write = site_at(prof, "prof_patterns.c", m["array_write"])["suggest"]
    read = site_at(prof, "prof_patterns.c", m["array_read"])["suggest"]
    assert write["seq"] and write["rdahead"] > 0 and write["mut"]
    assert read["seq"] and read["rdahead"] > 0 and not read["mut"] and read["ev_prio"] != -1


def test_a_rescanned_range_is_suggested_keep_and_reported(tmp_path):
    """A scan of what the site scanned before (reuse, in address order) gets
    ev_prio -1, which keeps part of the range resident; a scan read once
    (test above) does not."""
    prof, _ = profile(tmp_path, "prof_patterns", "rescan", "16")
    site = site_at(prof, "prof_patterns.c", markers("prof_patterns.c")["rescan_read"])
    assert site["suggest"]["seq"] and site["suggest"]["ev_prio"] == -1, site
    path = profile_path(tmp_path, "prof_patterns", "rescan", "16")
    table = subprocess.run([str(FARHINT), "report", str(path)], capture_output=True, text=True)
    assert "ev_prio=-1(keep)" in table.stdout
    assert f"re-scanned ranges: site {site['id']} " in table.stdout, table.stdout


def test_reads_of_pages_written_next_suggest_mut(tmp_path):
    """flip_peek only reads, but flip_store writes each page right after: the
    read site is suggested mut, which saves a write-protect fault per page."""
    prof, _ = profile(tmp_path, "prof_patterns", "flip", "64")
    m = markers("prof_patterns.c")
    peek = site_at(prof, "prof_patterns.c", m["flip_peek"])
    assert peek["faults"]["write"] == 0 and peek["faults"]["write_protect"] == 0
    assert peek["pattern"]["written_later"] > 0.9
    assert peek["suggest"]["mut"]


def test_random_probes_get_no_seq(tmp_path):
    prof, _ = profile(tmp_path, "prof_patterns", "hash", "16")
    m = markers("prof_patterns.c")
    probe = site_at(prof, "prof_patterns.c", m["hash_probe"])
    assert not probe["suggest"]["seq"] and probe["suggest"]["rdahead"] == 0
    assert probe["pattern"]["seq_share"] < 0.2
    assert probe["pattern"]["alloc_bytes"] == 16 << 20, "faults tied to their allocation"


def test_pointer_chasing_gets_no_seq_and_build_is_mut(tmp_path):
    prof, _ = profile(tmp_path, "prof_patterns", "list", "16")
    m = markers("prof_patterns.c")
    walk = site_at(prof, "prof_patterns.c", m["list_walk"])["suggest"]
    build = site_at(prof, "prof_patterns.c", m["list_build"])["suggest"]
    assert not walk["seq"] and not walk["mut"]
    assert build["mut"] and not build["seq"]


def test_memcpy_faults_are_attributed_to_the_call(tmp_path):
    prof, _ = profile(tmp_path, "prof_patterns", "memcpy", "16")
    m = markers("prof_patterns.c")
    site = site_at(prof, "prof_patterns.c", m["memcpy"])
    assert site["faults"]["read"] > 3000 and site["faults"]["write"] > 3000
    assert any("memcpy" in f for f in site["frames"]), "the library frame is kept"
    assert site["suggest"]["seq"] and site["suggest"]["mut"]


def test_cpp_library_faults_are_attributed_to_application_lines(tmp_path):
    prof, _ = profile(tmp_path, "prof_vector", "16")
    m = markers("prof_vector.cpp")
    by_line = faults_by_line(prof, "prof_vector.cpp")
    total = prof["run"]["total_faults"]
    assert sum(by_line[m[k]] for k in m) >= 0.99 * total, by_line
    for k in m:
        assert site_at(prof, "prof_vector.cpp", m[k])["suggest"]["seq"], k


def test_build_without_debug_info_is_told_so(tmp_path):
    exe = tmp_path / "nodebug"
    subprocess.run([CLANG, "-O1", str(HERE / "prof_patterns.c"), "-o", str(exe)], check=True)
    out = tmp_path / "nodebug.fhprof"
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--peak",
            "16M",
            "--local",
            "2M",
            "-o",
            str(out),
            "--",
            str(exe),
            "scan",
            "8",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "has no debug info" in proc.stderr and "build with -g" in proc.stderr
    prof = json.loads(out.read_text())
    assert prof["sites"] == [] and prof["unattributed"], "faults kept by function only"


def test_report_table_json_html_and_diff(tmp_path):
    prof, _ = profile(tmp_path, "prof_patterns", "scan", "8")
    path = profile_path(tmp_path, "prof_patterns", "scan", "8")
    table = subprocess.run([str(FARHINT), "report", str(path)], capture_output=True, text=True)
    assert table.returncode == 0
    assert "array_write" in table.stdout and "95% of faults: 2" in table.stdout
    as_json = json.loads(
        subprocess.run(
            [str(FARHINT), "report", "--json", str(path)], capture_output=True, text=True
        ).stdout
    )
    assert as_json["coverage_sites"]["95%"] == 2 and as_json["sites"][0]["hint"].startswith(
        ("mut", "seq")
    )
    html = tmp_path / "r.html"
    subprocess.run(
        [str(FARHINT), "report", str(path), "--html", str(html)], check=True, capture_output=True
    )
    page = html.read_text()
    assert "<svg" in page and "flame graph" in page and "array_read" in page
    same = subprocess.run(
        [str(FARHINT), "report", str(path), "--diff", str(path), "--json"],
        capture_output=True,
        text=True,
    )
    rows = json.loads(same.stdout)
    assert all(r["before"] == r["after"] for r in rows)


def profiled_and_hinted(tmp_path, mib):
    """prof_patterns built plainly, its profile (scan of mib MiB at 1/8
    local) and the build hinted from it."""
    src = HERE / "prof_patterns.c"
    plain, prof, hinted = tmp_path / "plain", tmp_path / "plain.fhprof", tmp_path / "hinted"
    subprocess.run([CLANG, "-O1", "-g", str(src), "-o", str(plain)], check=True)
    subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--peak",
            f"{mib}M",
            "--local",
            f"{int(mib) // 8}M",
            "-o",
            str(prof),
            "--",
            str(plain),
            "scan",
            mib,
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    subprocess.run(
        [
            str(FARHINT),
            "cc",
            "--profile",
            str(prof),
            "--",
            "-O1",
            "-g",
            str(src),
            "-o",
            str(hinted),
        ],
        check=True,
    )
    return plain, prof, hinted


def test_profile_cc_run_loop_replaces_unhinted_faults(tmp_path):
    """Eden's iterative use, automated: profile, compile with the profile,
    profile the hinted build: what remains is hinted."""
    _, first, hinted = profiled_and_hinted(tmp_path, "16")
    second = tmp_path / "second.fhprof"
    subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--peak",
            "16M",
            "--local",
            "2M",
            "-o",
            str(second),
            "--",
            str(hinted),
            "scan",
            "16",
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    rows = json.loads(
        subprocess.run(
            [str(FARHINT), "report", str(first), "--diff", str(second), "--json"],
            capture_output=True,
            text=True,
        ).stdout
    )
    after = sum(r["after"] for r in rows)
    unhinted = sum(r["unhinted_after"] for r in rows)
    # One fault may stay: stdio's buffer, first touched by printf in libc,
    # is faulted or mapped with its fresh window depending on the frames
    # free at that moment (a profile here holds only a few dozen faults).
    assert after > 0 and unhinted <= max(1, 0.01 * after), rows


def test_run_warns_when_the_profile_is_of_another_program(tmp_path):
    """The profile's peak is the base of --local PCT%: a profile of the
    program, or of the build its hints came from, is taken as it is; one of
    another program is taken with a warning that says so."""
    plain, prof, hinted = profiled_and_hinted(tmp_path, "8")
    other = BUILD / "bin" / "fm_scan"
    for program, args, warned in (
        (plain, ["scan", "8"], False),
        (hinted, ["scan", "8"], False),
        (other, ["8", "1", "nohint"], True),
    ):
        run = subprocess.run(
            [
                str(FARHINT),
                "run",
                "--local",
                "50%",
                "--profile",
                str(prof),
                "--",
                str(program),
                *args,
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        assert ("was recorded from" in run.stderr) == warned, (program, run.stderr)


def test_a_crashing_program_still_gets_a_profile_of_its_run(tmp_path):
    """The trace and the peak are finished on a fatal signal: the profile
    covers the run up to the crash, and is written."""
    out = tmp_path / "crash.fhprof"
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--local",
            "10%",
            "-o",
            str(out),
            "--",
            str(BUILD / "bin/prof_patterns"),
            "scan-abort",
            "16",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "the profile covers the run up to there" in proc.stderr, proc.stderr
    assert proc.returncode == 128 + 6, proc.stderr  # as the program's own: SIGABRT
    prof = json.loads(out.read_text())
    assert faults_by_line(prof, "prof_patterns.c"), "the scan's faults are in the profile"


def test_profile_messages_give_true_figures(tmp_path):
    """The trace counts faults, not every record (allocations are records
    too): "N of M faults recorded" never has N > M; and a budget above the
    program's peak is not said to be a part of it."""
    _, proc = profile(tmp_path, "prof_patterns", "scan", "8")
    recorded, seen = map(int, re.search(r"(\d+) of (\d+) faults recorded", proc.stderr).groups())
    assert 0 < recorded <= seen, proc.stderr
    tiny = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--local",
            "10%",
            "-o",
            str(tmp_path / "tiny.fhprof"),
            "--",
            "true",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "local (all of its" in tiny.stderr, tiny.stderr


def test_a_sampled_profile_weighs_each_record_by_the_faults_it_stands_for(tmp_path, monkeypatch):
    """Past the faults recorded in full (lowered here from 20,000 so the
    test is quick), the recorder keeps bursts; each counts for the faults it
    stands for, so a long phase after a short one keeps its true share, and
    the report says the profile is a sample and how far to trust a share."""
    monkeypatch.setenv("FARHINT_TRACE_FULL", "4096")
    prof, proc = profile(tmp_path, "prof_patterns", "phases", "64")
    recorded, seen = map(int, re.search(r"(\d+) of (\d+) faults recorded", proc.stderr).groups())
    assert recorded < seen / 10
    # An estimate: how many pages read-ahead saved between bursts varies from
    # run to run (5.3% off was seen once); a wrong weight is off by 4x.
    assert abs(prof["run"]["total_faults"] - seen) < 0.1 * seen
    # Between bursts faults are served with read-ahead, each page read ahead
    # counting as the fault it saved: the fill and 20 passes fault on every
    # one of the 16,384 pages of 64 MiB without read-ahead, as recorded ones are.
    assert 0.9 * 21 * 16384 < seen < 1.1 * 21 * 16384, seen
    lines = markers("prof_patterns.c")
    scan = faults_by_line(prof, "prof_patterns.c")[lines["phase_scan"]]
    assert 0.9 < scan / prof["run"]["total_faults"] < 0.99  # 20 passes of 21 over the pages
    # Runs are judged among the records: the sampled scan is still a scan.
    assert site_at(prof, "prof_patterns.c", lines["phase_scan"])["suggest"]["seq"]
    report = subprocess.run(
        [str(FARHINT), "report", str(profile_path(tmp_path, "prof_patterns", "phases", "64"))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert re.search(
        rf"a sample: {recorded} of about \d+ faults recorded.*within \+-[\d.]+ points",
        report.stdout,
    ), report.stdout


def test_spatial_sampling_faults_a_fraction_and_estimates_the_whole(tmp_path):
    """With 1 page in 8 far (the rest local), the run faults about an
    eighth as often, yet the profile estimates every site's faults, shares
    within its stated bound of the unsampled profile's, and suggests the
    same hints."""
    seen = {}
    profs = {}
    for rate in ("1", "8"):
        prof, proc = profile(
            tmp_path, "prof_patterns", "hash", "128", options=("--spatial-sampling", rate)
        )
        seen[rate] = int(re.search(r"of (\d+) faults recorded", proc.stderr).group(1))
        profs[rate] = prof
        whole = re.search(r"about (\d+) faults in the whole run", proc.stderr)
        assert (whole is None) == (rate == "1"), proc.stderr
    exact, sampled = profs["1"], profs["8"]
    assert sampled["run"]["spatial_sampling"] == {"one_in": 8}
    assert "spatial_sampling" not in exact["run"]
    assert 0.08 < seen["8"] / seen["1"] < 0.2, seen
    total = exact["run"]["total_faults"]
    assert abs(sampled["run"]["total_faults"] - total) < 0.15 * total
    assert abs(int(whole.group(1)) - total) < 0.15 * total, (whole.group(0), total)
    lines = markers("prof_patterns.c")
    bound = sampled["run"]["share_error_pct"]
    assert bound < 25
    for name in ("hash_clear", "hash_probe"):
        a, b = (site_at(p, "prof_patterns.c", lines[name]) for p in (exact, sampled))
        share = [
            100
            * sum(s["faults"][k] for k in ("read", "write", "write_protect"))
            / p["run"]["total_faults"]
            for s, p in ((a, exact), (b, sampled))
        ]
        assert abs(share[0] - share[1]) < bound + 2, (name, share, bound)
        assert a["suggest"] == b["suggest"], name
    out = profile_path(
        tmp_path, "prof_patterns", "hash", "128", options=("--spatial-sampling", "8")
    )
    report = subprocess.run([str(FARHINT), "report", str(out)], capture_output=True, text=True)
    assert "on 1 page in 8" in report.stdout, report.stdout
    # ... and that its bound is of sampling alone.
    assert "evicting among the sampled pages alone" in report.stdout, report.stdout


def test_one_run_profile_finds_the_peak_and_raises_the_sampling_rate(tmp_path):
    """`--local 10% --one-run`: one traced run, whose budget follows the
    memory in use and whose sampling rate rises with it, ends where a run
    given the peak starts (1 page in 16 for 384 MiB, 10% of it local) and
    counts the same faults; no run measures the peak first."""
    prof, proc = profile(tmp_path, "prof_patterns", "hash", "384", options=("--one-run",))
    assert "measuring" not in proc.stderr, proc.stderr
    run = prof["run"]
    assert run["spatial_sampling"] == {"one_in": 16}, run
    assert abs(run["peak_bytes"] - (384 << 20)) < (8 << 20), run
    assert abs(run["local_bytes"] - run["peak_bytes"] / 10) < (2 << 20), run
    assert "the budget followed the memory in use" in proc.stderr, proc.stderr
    given, _ = profile(tmp_path, "prof_patterns", "hash", "384", options=("--peak", "384M"))
    assert given["run"]["spatial_sampling"] == {"one_in": 16}
    seen, seen_given = run["faults_seen"], given["run"]["faults_seen"]
    assert abs(seen - seen_given) < 0.1 * seen_given, (seen, seen_given)
    lines = markers("prof_patterns.c")
    assert prof["sites"][0]["line"] == lines["hash_probe"], prof["sites"]


def test_a_profile_in_windows_of_time_loses_no_write_and_finds_the_busy_code(tmp_path, monkeypatch):
    """`--one-run --max-slowdown 1.5` on writers racing eviction: faults are
    recorded in windows of time that take about a third of the traced run
    (what bounds its cost), every page local between them; at each window's
    start the pages in use are evicted down to the budget, at its end those
    left far are fetched back while the writers run on. The program's own
    check of every word passes, the profile and its report say how it was
    sampled, and its busiest sites are the writers' loop."""
    monkeypatch.setenv("FARHINT_TRACE_WINDOW", "50ms")
    args, options = ("128", "4", "3000000"), ("--one-run", "--max-slowdown", "1.5")
    prof, proc = profile(tmp_path, "fm_racing_writers", *args, options=options)
    assert proc.stdout.startswith("ok "), proc.stdout
    windows = prof["run"]["windows"]
    assert windows["recorded"] >= 3, windows
    assert 0.2 < windows["recorded_share"] < 0.6, windows
    assert "in windows of time" in proc.stderr, proc.stderr
    assert "faults recorded in" in proc.stderr and "in its recording windows" in proc.stderr
    path = profile_path(tmp_path, "fm_racing_writers", *args, options=options)
    report = subprocess.run(
        [str(FARHINT), "report", str(path)], capture_output=True, text=True, timeout=60
    )
    assert f"in {windows['recorded']} windows of time" in report.stdout, report.stdout
    # The program's final check of every word (in main) may fall in a
    # window too: a read of each page at most, against the writers' many.
    faults = {}
    for site in prof["sites"]:
        n = sum(site["faults"][k] for k in ("read", "write", "write_protect"))
        faults[site["function"]] = faults.get(site["function"], 0) + n
    assert prof["sites"][0]["function"] == "update", prof["sites"][0]
    assert faults.get("update", 0) >= 0.75 * prof["run"]["total_faults"], faults


def refused(*options):
    """farhint profile with options it must refuse, of prof_patterns hash 16:
    its stderr, after checking it exits with 2."""
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            *options,
            "--",
            str(BUILD / "bin" / "prof_patterns"),
            "hash",
            "16",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    return proc.stderr


def test_max_slowdown_needs_one_run(tmp_path):
    stderr = refused("--max-slowdown", "1.5")
    assert "--max-slowdown goes with --one-run" in stderr, stderr


def test_spatial_sampling_loses_no_write(tmp_path):
    """Writers racing eviction at 5% local, profiled with 1 page in 4 far:
    the sampled pages are evicted and fetched under a quarter of the
    budget, the others stay local; the program's own check of every word
    passes."""
    prof, proc = profile(
        tmp_path,
        "fm_racing_writers",
        "128",
        "4",
        "20000",
        local="5%",
        options=("--spatial-sampling", "4"),
    )
    assert proc.stdout.startswith("ok "), proc.stdout
    assert prof["run"]["spatial_sampling"]["one_in"] == 4
    assert prof["run"]["total_faults"] > 4 * (128 << 20) // 4096, "it must fault heavily"


def test_spatial_sampling_refuses_to_leave_too_little_budget(tmp_path):
    stderr = refused("--local", "4M", "--spatial-sampling", "16", "-o", str(tmp_path / "p.fhprof"))
    assert "--spatial-sampling 16 leaves the sampled pages 256 KiB" in stderr


def _profile_signalled_in_pause(out, sig, options=(), status=0):
    """farhint profile of prof_patterns' fill, 2 s pause, scan, with sig
    (if any) sent to farhint profile during the pause, which exits with
    status; (its stderr, the profile's faults by line, the markers' lines)."""
    import time

    proc = subprocess.Popen(
        [
            str(FARHINT),
            "profile",
            "--local",
            "10%",
            "--peak",
            "16M",
            *options,
            "-o",
            str(out),
            "--",
            str(BUILD / "bin" / "prof_patterns"),
            "warmup",
            "16",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    if sig:
        time.sleep(1.5)  # the fill takes well under a second; then it pauses for 2 s
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == status, err
    return (
        err,
        faults_by_line(json.loads(out.read_text()), "prof_patterns.c"),
        markers("prof_patterns.c"),
    )


# How a profile leaves out a server's start: (options, signal sent in the
# pause, what profile and report say, a bad option and its message).
WINDOWS = {
    "warmup": (
        ["--warmup", "1"],
        None,
        "after the first 1 s",
        "after a warm-up of 1 s",
        ["--warmup", "-1"],
        "--warmup is a number of seconds",
    ),
    "start-signal": (
        ["--start-signal", "usr2"],
        "SIGUSR2",
        "from the first SIGUSR2 it gets to the second",
        "from the program's first SIGUSR2 to its second",
        ["--start-signal", "USR9"],
        "'USR9' is not a signal",
    ),
}


@pytest.mark.parametrize("window", WINDOWS)
def test_a_window_leaves_the_start_out_of_the_profile(tmp_path, window):
    """--warmup SECONDS, or --start-signal (the signal sent to farhint
    profile, which passes it on, during the pause after the fill): the
    fill's faults are neither recorded nor counted, the scan's are, and the
    report says which window it shows. A bad value is refused first."""
    import signal

    options, sig, said, reported, bad_options, bad_message = WINDOWS[window]
    out = tmp_path / "window.fhprof"
    err, by_line, lines = _profile_signalled_in_pause(
        out, getattr(signal, sig) if sig else None, options
    )
    assert said in err
    assert by_line[lines["phase_fill"]] == 0 and by_line[lines["phase_scan"]] > 1000, by_line
    report = subprocess.run([str(FARHINT), "report", str(out)], capture_output=True, text=True)
    assert reported in report.stdout
    bad = subprocess.run(
        [str(FARHINT), "profile", *bad_options, "--", "true"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad_message in bad.stderr


def test_a_program_stopped_by_sigterm_still_gets_a_profile(tmp_path):
    """How a server's profile run ends: SIGTERM to farhint profile reaches
    the program, which leaves its trace on the way out (here during the
    pause after its fill)."""
    import signal

    err, by_line, lines = _profile_signalled_in_pause(
        tmp_path / "stopped.fhprof", signal.SIGTERM, status=128 + signal.SIGTERM
    )
    assert "was ended by SIGTERM; the profile covers the run up to there" in err
    assert by_line[lines["phase_fill"]] > 1000, by_line


def test_follow_children_profiles_each_program_the_run_execs(tmp_path):
    """A program started from a shell gets a profile of its own: each
    process writes its own trace (the shell's child is followed, and no
    trace overwrites another), the profile of a program run twice is
    of the run that faulted most, and programs without debug info are named,
    not profiled. dash ends with _exit, so the shell's own trace is
    incomplete: said, not fatal."""
    prog = BUILD / "bin" / "prof_patterns"
    proc = subprocess.run(
        [
            str(FARHINT),
            "profile",
            "--follow-children",
            "--local",
            "10%",
            "-o",
            str(tmp_path / "sh.fhprof"),
            "--",
            "sh",
            "-c",
            f"{prog} scan 16 && {prog} rescan 8 | wc -l",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "no profile for wc: no debug info" in proc.stderr
    prof = json.loads((tmp_path / "prof_patterns.fhprof").read_text())
    assert prof["binary"]["path"] == str(prog.resolve())
    # rescan of 8 MiB faults more (10 K) than scan of 16 MiB (8 K).
    assert prof["sites"][0]["line"] == markers("prof_patterns.c")["rescan_read"], prof["sites"]
    assert prof["run"]["total_faults"] > 9000, prof["run"]
    # The budget is a share of the biggest process's peak, not of the shell's.
    assert prof["run"]["peak_bytes"] >= 16 << 20, prof["run"]
    assert not (tmp_path / "sh.fhprof").exists()


def test_follow_children_is_for_the_farmem_recorder(tmp_path):
    proc = subprocess.run(
        [str(FARHINT), "profile", "--follow-children", "--recorder", "perf", "--", "true"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "--follow-children needs the farmem recorder" in proc.stderr
