"""Far memory on a farmem-server over tcp (loopback here): programs compute
the same results as on the shared-memory backend, a wrong or missing token
and bad requests are refused, and a server that dies stops the program
within a second."""

import socket
import struct
import subprocess
import time
from pathlib import Path

import pytest

from conftest import BUILD, FARHINT

SERVER = BUILD / "bin" / "farmem-server"
# struct farmem_msg (rdma-server/include/farmem/protocol.h), version 2
MSG = struct.Struct("<IIQQQQQ160s")
HELLO, WELCOME, ERROR, ATTACH, READ, DATA = 1, 2, 5, 6, 8, 9


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(listen, token_file):
    proc = subprocess.Popen(
        [str(SERVER), "--listen", listen, "--token-file", str(token_file)],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert "listening" in proc.stderr.readline()
    return proc


@pytest.fixture
def server(tmp_path):
    token = tmp_path / "token"
    token.write_text("s3cret-token-for-the-tests\n")
    token.chmod(0o600)
    url = f"tcp://127.0.0.1:{free_port()}"
    proc = start_server(url, token)
    yield url, token, proc
    proc.kill()
    proc.wait()


def over_tcp(server):
    url, token, _ = server
    return ["--backend", url, "--token-file", str(token)]


@pytest.mark.parametrize("options", [[], ["--ult"]])
def test_writers_racing_eviction_over_tcp_lose_nothing(farhint_run, server, options):
    """20 MiB at 1 MiB local (5%), four writers against eviction."""
    run = farhint_run(
        "fm_racing_writers", 20, 4, 10000, options=["--local", "1M", *over_tcp(server), *options]
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    c = run.stats["counters"]
    assert c["evicted_pages"] > 10 * (20 << 8) and c["written_back_pages"] > 0
    assert run.stats["config"]["link_latency"] == 0, "the network is the link: no model"


def test_a_forked_child_reads_the_parent_far_memory_over_tcp(farhint_run, server):
    run = farhint_run("fm_fork", 32, 3, options=["--local", "2M", *over_tcp(server)])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == "ok\n"


def test_wrong_token_is_refused(farhint_run, server, tmp_path):
    url, _, _ = server
    other = tmp_path / "other"
    other.write_text("not-the-servers-token\n")
    other.chmod(0o600)
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", url, "--token-file", other])
    assert run.returncode == 70
    assert "refused: wrong token" in run.stderr


def test_tcp_without_a_token_file_says_what_to_give(farhint_run, server):
    url, _, _ = server
    run = farhint_run("fm_scan", 1, 1, "nohint", options=["--backend", url])
    assert run.returncode == 2  # a configuration error: the program did not start
    assert "--token-file" in run.stderr


def test_server_needs_a_token_for_tcp():
    out = subprocess.run(
        [str(SERVER), "--listen", f"tcp://127.0.0.1:{free_port()}"], capture_output=True, text=True
    )
    assert out.returncode == 2 and "--token-file" in out.stderr


def test_server_binds_the_loopback_unless_told(tmp_path):
    token = tmp_path / "token"
    token.write_text("s3cret-token-for-the-tests\n")
    token.chmod(0o600)
    port = free_port()
    proc = start_server(f"tcp://:{port}", token)
    try:
        listening = [
            line.split()[1]
            for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
            if line.split()[3] == "0A"  # LISTEN
        ]
        assert f"0100007F:{port:04X}" in listening
    finally:
        proc.kill()
        proc.wait()


def request(sock, op, arg=0, length=0, region=0, text=b""):
    sock.sendall(MSG.pack(op, 2, arg, length, region, 0, 0, text))
    data = b""
    while len(data) < MSG.size:
        chunk = sock.recv(MSG.size - len(data))
        if not chunk:
            return None
        data += chunk
    return MSG.unpack(data)


def test_server_checks_every_request(server):
    url, token, _ = server
    port = int(url.rsplit(":", 1)[1])
    secret = token.read_text().strip().encode()
    with socket.create_connection(("127.0.0.1", port)) as s:  # no HELLO yet
        reply = request(s, READ, 0, 4096)
        assert reply[0] == ERROR and b"HELLO or ATTACH first" in reply[7]
    with socket.create_connection(("127.0.0.1", port)) as s:
        assert request(s, HELLO, 1 << 20, text=secret)[0] == WELCOME
        reply = request(s, READ, 1 << 20, 4096)  # one page past the end
        assert reply[0] == ERROR and b"bad transfer" in reply[7]
        assert s.recv(1) == b"", "the server closes the connection after a bad request"
    with socket.create_connection(("127.0.0.1", port)) as s:
        assert request(s, HELLO, 1 << 20, text=secret)[0] == WELCOME
        reply = request(s, READ, 100, 4096)  # not page-aligned
        assert reply[0] == ERROR
    with socket.create_connection(("127.0.0.1", port)) as s:
        reply = request(s, ATTACH, region=12345, text=secret)
        assert reply[0] == ERROR and b"no far memory region" in reply[7]
    with socket.create_connection(("127.0.0.1", port)) as s:  # it still serves
        hello = request(s, HELLO, 1 << 20, text=secret)
        assert hello[0] == WELCOME
        reply = request(s, READ, 4096, 8192)
        assert reply[0] == DATA and reply[3] == 8192


def kill_server_under_a_scan(backend, server_proc):
    """Runs a long scan at 2 MiB local on the backend options, kills the
    server a second in; the scan's exit code, stderr and how long after the
    kill it stopped."""
    prog = subprocess.Popen(
        [str(FARHINT), "run", "--local", "2M", *backend, "--"]
        + [str(BUILD / "bin" / "fm_scan"), "16", "1000000", "nohint"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.0)
        assert prog.poll() is None, "the program must still be running"
        server_proc.kill()
        killed = time.monotonic()
        _, err = prog.communicate(timeout=30)
        return prog.returncode, err, time.monotonic() - killed
    finally:
        prog.kill()


def test_server_death_stops_the_program_within_a_second(server):
    rc, err, stopped = kill_server_under_a_scan(over_tcp(server), server[2])
    assert rc == 70
    assert "the connection to the memory server (tcp://" in err and "is lost" in err
    assert stopped < 1.5, f"stopped {stopped:.2f} s after the server died"


@pytest.fixture
def two_servers(tmp_path, server):
    _, token, _ = server
    url = f"tcp://127.0.0.1:{free_port()}"
    proc = start_server(url, token)
    yield server, (url, token, proc)
    proc.kill()
    proc.wait()


def test_far_memory_is_striped_over_several_servers(farhint_run, two_servers):
    """Both servers hold part of it: runs are right (a forked child's too),
    and the second server's death stops a later run with an error that
    names it."""
    (url_a, token, _), (url_b, _, proc_b) = two_servers
    both = ["--backend", f"{url_a},{url_b}", "--token-file", str(token)]
    run = farhint_run("fm_racing_writers", 20, 4, 10000, options=["--local", "1M", *both])
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok ")
    forked = farhint_run("fm_fork", 32, 3, options=["--local", "2M", *both])
    assert forked.returncode == 0 and forked.stdout == "ok\n", forked.stderr
    rc, err, _ = kill_server_under_a_scan(both, proc_b)
    assert rc == 70
    assert f"the memory server at {url_b}" in err, err
