"""The kernel-swap baseline (farhint/kswap.py) runs what the kernel can run
at a limit, instead of reporting the cgroup-v1 controller's premature OOM
kills as the kernel's result."""

import subprocess
from pathlib import Path

import pytest

from conftest import BUILD
from farhint.kswap import Swap, SwapError, native_peaks, run_kswap

LIMIT = 80 << 20  # of 256 MiB


def test_threads_faulting_in_from_swap_finish_at_the_limit():
    """Two threads updating 256 MiB at random under an 80 MiB limit: the v1
    controller kills this (a failing charge reclaims in its own thread and
    gives up after passes the other thread's touches make fruitless; killed
    within 3 s here, where one thread finishes). With the OOM killer off and
    the reclaim assist it finishes within the limit, with the native output."""
    cmd = [str(BUILD / "bin" / "rmw_threads"), "256", "300000", "2"]
    native = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    try:
        with Swap(1 << 30):
            r = run_kswap(cmd, LIMIT, timeout=240)
    except SwapError as err:
        pytest.skip(f"no swap for the baseline here: {err}")
    assert not r.oom_killed and r.returncode == 0, r
    assert r.stdout == native
    assert r.max_usage <= LIMIT and r.major_faults > 0


def test_a_run_past_its_timeout_is_a_timeout_not_a_failure():
    """A sweep stops a kswap run at its timeout with SIGKILL: it must be
    reported as timed out (and not as the program failing with -9, which is
    how the sweeps printed it before), and not as killed for memory."""
    r = run_kswap(["sleep", "30"], LIMIT, timeout=1)
    assert r.timed_out and not r.oom_killed, r
    assert r.seconds < 10


def test_the_native_peak_leaves_out_page_cache_of_written_files(tmp_path):
    """Both systems' budgets are fractions of the native peak, which must
    not grow with the output a program writes (sssp: 370 MB) but must hold
    its anonymous memory."""
    written = tmp_path / "out"
    charged, peak = native_peaks(
        ["dd", "if=/dev/zero", f"of={written}", "bs=1M", "count=96", "status=none"]
    )
    assert charged >= 96 << 20 and peak < 32 << 20, (charged, peak)
    charged, peak = native_peaks([str(BUILD / "bin" / "rmw_threads"), "64", "1000", "1"])
    assert peak >= 64 << 20, (charged, peak)


def test_a_swap_switched_off_under_the_sweep_is_made_again():
    """kswap found another job's swap on and ran on it; that job ended and
    took its swap away: before the next kswap run the sweep makes one of its
    own and says so, instead of timing a program with no swap at all."""
    other = subprocess.run(
        ["zramctl", "--find", "--size", "64M"], capture_output=True, text=True
    ).stdout.strip()
    if not other or subprocess.run(["mkswap", other], capture_output=True).returncode:
        pytest.skip("no zram device for another job's swap here")
    said = []
    try:
        subprocess.run(["swapon", other], check=True)
        with Swap(64 << 20) as swap:
            assert swap.preexisting
            subprocess.run(["swapoff", other], check=True)  # the other job ends
            swap.still_on(said.append)
            assert not swap.preexisting and swap.device and swap.device != other
            assert swap.device in Path("/proc/swaps").read_text()
        assert "is off now" in said[0] and "made for this sweep" in said[1], said
    finally:
        subprocess.run(["swapoff", other], capture_output=True)
        subprocess.run(["zramctl", "--reset", other], capture_output=True)


def test_kernel_swap_behind_zswap_compresses_and_the_machine_is_put_back():
    """--swap zswap: a program pushed past its limit is compressed by zswap
    (lz4 in zsmalloc), and zswap's settings are as they were after."""
    zswap = Path("/sys/module/zswap/parameters")
    if not zswap.exists():
        pytest.skip("this kernel has no zswap")
    before = {n: (zswap / n).read_text() for n in ("enabled", "compressor")}

    def zswpout():
        vmstat = dict(line.split() for line in Path("/proc/vmstat").read_text().splitlines())
        return int(vmstat.get("zswpout", -1))

    out_before = zswpout()
    with Swap(256 << 20, "zswap") as swap:
        assert (zswap / "enabled").read_text().strip() == "Y"
        # lz4 where the kernel's crypto API has it (this machine's has lzo-rle)
        compressor = (zswap / "compressor").read_text().strip()
        assert compressor in ("lz4", "lzo-rle", "lzo")
        assert f"zswap (compressor {compressor}" in swap.describe()
        r = run_kswap([str(BUILD / "bin" / "fm_page_kinds"), "48", "2", "2"], 16 << 20, timeout=120)
        assert r.returncode == 0 and r.stdout == "ok\n", r.stdout
        assert r.major_faults > 0
        assert zswpout() > out_before >= 0, "zswap compressed the program's pages"
    assert {n: (zswap / n).read_text() for n in before} == before
