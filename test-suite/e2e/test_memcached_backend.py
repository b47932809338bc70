"""Far memory as items in real memcached servers (Debian's memcached, on
loopback ports): programs compute the same results with one server and with
two (consistent hashing), a server that may evict is refused, a page a
server could not keep stops the program with an error rather than reading
as zeros, a server that dies stops it within a second, and the items are
deleted once the program has ended, even when it is killed."""

import os
import shutil
import socket
import subprocess
import time

import pytest
from test_tcp_backend import free_port

from conftest import BUILD, FARHINT

MEMCACHED = shutil.which("memcached") or "/usr/bin/memcached"
pytestmark = pytest.mark.skipif(
    not os.access(MEMCACHED, os.X_OK),
    reason="memcached is not installed (scripts/install-deps.sh installs Debian's package)",
)


class Memcached:
    def __init__(self, megabytes=256, no_evict=True):
        self.port = free_port()
        self.proc = subprocess.Popen(
            [MEMCACHED, "-u", "root", "-l", "127.0.0.1", "-p", str(self.port), "-U", "0"]
            + ["-m", str(megabytes)]
            + (["-M"] if no_evict else [])
        )
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port)).close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("memcached did not start")

    @property
    def url(self):
        return f"127.0.0.1:{self.port}"

    def stats(self):
        with socket.create_connection(("127.0.0.1", self.port)) as s:
            s.sendall(b"stats\r\n")
            data = b""
            while not data.endswith(b"END\r\n"):
                data += s.recv(65536)
        fields = (line.split() for line in data.decode().splitlines() if line.startswith("STAT"))
        return {f[1]: f[2] for f in fields}

    def stop(self):
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def memcached_servers():
    started = []

    def start(**kw):
        started.append(Memcached(**kw))
        return started[-1]

    yield start
    for m in started:
        m.stop()


def on(*servers):
    return ["--backend", "memcached://" + ",".join(m.url for m in servers)]


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_writers_racing_eviction_on_memcached_lose_nothing(farhint_run, memcached_servers, options):
    """20 MiB at 1 MiB local (5%), four writers against eviction."""
    server = memcached_servers()
    run = farhint_run(
        "fm_racing_writers", 20, 4, 10000, options=["--local", "1M", *on(server), *options]
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    c = run.stats["counters"]
    assert c["evicted_pages"] > 10 * (20 << 8) and c["written_back_pages"] > 0
    stats = server.stats()
    assert int(stats["cmd_set"]) >= c["written_back_pages"]
    assert int(stats["get_hits"]) > 0
    assert stats["curr_items"] == "0", "the program's items are deleted once it has ended"


def test_two_servers_share_far_memory_by_consistent_hashing(farhint_run, memcached_servers):
    a, b = memcached_servers(), memcached_servers()
    run = farhint_run("fm_racing_writers", 20, 4, 10000, options=["--local", "1M", *on(a, b)])
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    sets = [int(m.stats()["cmd_set"]) for m in (a, b)]
    assert min(sets) > 0.3 * sum(sets), f"pages spread over both servers: {sets}"
    assert [m.stats()["curr_items"] for m in (a, b)] == ["0", "0"]


def test_a_forked_child_reads_the_parent_far_memory_from_memcached(farhint_run, memcached_servers):
    run = farhint_run("fm_fork", 32, 3, options=["--local", "2M", *on(memcached_servers())])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == "ok\n"


def test_a_server_that_may_evict_is_refused(farhint_run, memcached_servers):
    good, evicting = memcached_servers(), memcached_servers(no_evict=False)
    run = farhint_run("fm_scan", 1, 1, "nohint", options=on(good, evicting))
    assert run.returncode == 70
    assert f"memcached at {evicting.url} evicts items when full" in run.stderr
    assert "-M" in run.stderr


def test_an_unreachable_server_says_so(farhint_run):
    url = f"127.0.0.1:{free_port()}"
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", f"memcached://{url}"])
    assert run.returncode == 70
    assert "cannot reach the memcached servers" in run.stderr and url in run.stderr


def test_pages_a_full_server_could_not_keep_stop_the_program(farhint_run, memcached_servers):
    """A server with 8 MiB for 20 MiB of far data: a set it refuses leaves
    no item, and the fetch that misses it stops the program."""
    run = farhint_run(
        "fm_racing_writers",
        20,
        2,
        2000,
        options=["--local", "1M", *on(memcached_servers(megabytes=8))],
    )
    assert run.returncode == 70, run.stdout + run.stderr
    assert not run.stdout.startswith("ok")
    assert "missing from memcached" in run.stderr or "memcached: " in run.stderr


def start_long_run(server):
    return subprocess.Popen(
        [str(FARHINT), "run", "--local", "1M", *on(server), "--"]
        + [str(BUILD / "bin" / "fm_racing_writers"), "20", "4", "100000000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_items(server, timeout=20):
    deadline = time.monotonic() + timeout
    while int(server.stats()["curr_items"]) < 1000:
        assert time.monotonic() < deadline, "the program stored no pages"
        time.sleep(0.1)


def test_a_server_that_dies_stops_the_program_within_a_second(memcached_servers):
    server = memcached_servers()
    proc = start_long_run(server)
    wait_for_items(server)
    server.stop()
    killed = time.monotonic()
    _, err = proc.communicate(timeout=10)
    assert time.monotonic() - killed < 1.5
    assert proc.returncode == 70
    assert "the connection to the memory server (memcached://" in err and "is lost" in err


def test_items_are_deleted_when_the_program_is_killed(memcached_servers):
    server = memcached_servers()
    proc = start_long_run(server)
    wait_for_items(server)
    proc.kill()  # farhint run has become the program
    proc.communicate(timeout=10)
    deadline = time.monotonic() + 5
    while server.stats()["curr_items"] != "0":
        assert time.monotonic() < deadline, "the items outlived the program"
        time.sleep(0.1)
