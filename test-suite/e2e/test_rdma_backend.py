"""Far memory over real RDMA: soft-RoCE (rdma_rxe) in a QEMU guest running
Debian's 6.1 kernel (test-suite/rdma-guest/guest.py), farmem-server
listening on rdma:// and programs under the runtime against it. One boot
runs every scenario; each test reads its section of the console: writers
racing eviction at 5% local lose nothing (kernel threads, and user-level
threads parked while their pages are read), a 64 MiB mapping registered
on the server as it is written, far memory striped over two servers, a
forked child reads its parent's far memory over a connection
of its own, a wrong token is refused, and a server killed mid-run stops
the program with a clear error within a second."""

import re
import sys
from pathlib import Path

import pytest

from conftest import BUILD

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rdma-guest"))
import guest  # noqa: E402

pytestmark = pytest.mark.skipif(
    not guest.qemu(),
    reason="qemu-system-x86_64 is not installed (scripts/install-deps.sh installs Debian's "
    "qemu-system-x86): the rdma:// tests need a guest with soft-RoCE",
)

URL = f"rdma://{guest.GUEST_IP}:7471"
URL2 = f"rdma://{guest.GUEST_IP}:7472"
RUNTIME = f"FARHINT_TOKEN_FILE=/tmp/token LD_PRELOAD={BUILD}/lib/libfarmem.so FARHINT_BACKEND={URL}"
SCRIPT = f"""
section() {{ echo "== $1"; }}
uptime_cs() {{ tr -d . < /proc/uptime | cut -d' ' -f1; }}
head -c 24 /dev/urandom | base64 > /tmp/token; chmod 600 /tmp/token
echo wrong-token-0123456789 > /tmp/wrong; chmod 600 /tmp/wrong
{BUILD}/bin/farmem-server --listen {URL} --token-file /tmp/token 2>/dev/null &
server=$!
sleep 0.5
section writers
env {RUNTIME} FARHINT_LOCAL=1M FARHINT_STATS_FILE=/tmp/s1 {BUILD}/bin/fm_racing_writers 8 4 2000
echo "rc=$?"; cat /tmp/s1; echo
section writers-ult
env {RUNTIME} FARHINT_LOCAL=1M FARHINT_ULT=1 FARHINT_STATS_FILE=/tmp/s2 {BUILD}/bin/fm_racing_writers 8 4 2000
echo "rc=$?"; cat /tmp/s2; echo
section big-mapping
env {RUNTIME} FARHINT_LOCAL=1M {BUILD}/bin/bench_fault_rate 64 1 hint
echo "rc=$?"
section fork
env {RUNTIME} FARHINT_LOCAL=2M {BUILD}/bin/fm_fork 16 2 2>&1
echo "rc=$?"
section wrong-token
env {RUNTIME} FARHINT_TOKEN_FILE=/tmp/wrong FARHINT_LOCAL=1M {BUILD}/bin/fm_racing_writers 8 1 10 2>&1
echo "rc=$?"
section striped
{BUILD}/bin/farmem-server --listen {URL2} --token-file /tmp/token 2>/dev/null &
server2=$!
sleep 0.5
env {RUNTIME},{URL2} FARHINT_LOCAL=1M {BUILD}/bin/fm_racing_writers 8 4 2000
echo "rc=$?"
section striped-server-killed
env {RUNTIME},{URL2} FARHINT_LOCAL=1M {BUILD}/bin/fm_racing_writers 8 2 100000000 2>/tmp/err &
program=$!
sleep 3
kill -9 $server2; wait $program; echo "rc=$?"; cat /tmp/err
section server-killed
env {RUNTIME} FARHINT_SERVER_DEADLINE=1s FARHINT_LOCAL=1M {BUILD}/bin/fm_racing_writers 8 2 100000000 2>/tmp/err &
program=$!
sleep 3
killed=$(uptime_cs); kill -9 $server; wait $program; rc=$?; ended=$(uptime_cs)
cat /tmp/err; echo "rc=$rc"; echo "stopped_after_cs=$((ended - killed))"
section end
"""


@pytest.fixture(scope="module")
def console(tmp_path_factory):
    programs = ("farmem-server", "fm_racing_writers", "fm_fork", "bench_fault_rate")
    files = [BUILD / "bin" / p for p in programs]
    try:
        vm = guest.Guest(BUILD / "rdma-guest")
    except guest.GuestError as e:
        pytest.skip(f"no guest kernel: {e}")
    out = vm.run([*files, BUILD / "lib" / "libfarmem.so", "/usr/bin/true"], SCRIPT, timeout=900)
    return dict(re.findall(r"^== (\S+)\n(.*?)(?=^== )", out, re.M | re.S))


def rc(text):
    return int(re.search(r"^rc=(\d+)$", text, re.M).group(1))


@pytest.mark.parametrize("section", ["writers", "writers-ult"])
def test_writers_racing_eviction_over_rdma_lose_nothing(console, section):
    text = console[section]
    assert rc(text) == 0, text
    assert re.search(r"^ok ", text, re.M), text
    if section == "writers":
        assert counter(text, "evicted_pages") > 10 * (8 << 8), "the pages went through the server"
        assert counter(text, "written_back_pages") > 0
    else:  # a parked thread's page is read while it is parked
        assert counter(text, "ult_parked_reads") > 100, text


def counter(text, name):
    return int(re.search(rf'"{name}":(\d+)', text).group(1))


def test_far_memory_is_striped_over_two_servers(console):
    text = console["striped"]
    assert rc(text) == 0 and re.search(r"^ok ", text, re.M), text
    # The second server held its share: losing it stops the program.
    text = console["striped-server-killed"]
    assert rc(text) == 70, text
    assert f"memory server at {URL2} stopped answering" in text, text


def test_a_64_mib_mapping_is_registered_as_it_is_written(console):
    # 64 MiB written at once: the server registers (pins) it a chunk at a
    # time, each well within a request's deadline, not all in one request.
    text = console["big-mapping"]
    assert rc(text) == 0 and "pages 16384" in text, text


def test_a_forked_child_reads_the_parent_far_memory_over_rdma(console):
    text = console["fork"]
    assert rc(text) == 0 and "ok" in text, text


def test_a_wrong_token_is_refused(console):
    text = console["wrong-token"]
    assert rc(text) == 70, text
    assert "refused: wrong token" in text


def test_a_server_killed_mid_run_stops_the_program_within_its_deadline(console):
    """With --server-deadline 1s (the default is 10 s: a busy machine must
    not stop a correct program), a request to a killed server is given up
    after a second."""
    text = console["server-killed"]
    assert rc(text) == 70, text
    assert "stopped answering rdma requests" in text or "is lost" in text, text
    assert int(re.search(r"stopped_after_cs=(\d+)", text).group(1)) <= 150, text
