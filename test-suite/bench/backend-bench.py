#!/usr/bin/env python3
"""The memory server's transports side by side (issue 18): random
read-modify-writes (bench_rmw) and a pipeline's churn (bench_churn) at a
quarter local, with far memory in the shared store of a server on this
machine (link model off, and the default 5 us + 100 Gbit/s model), on
farmem-servers over tcp on the loopback (one, and two striped), and as
items in memcached servers started with -M (one, and two by consistent
hashing). Every
configuration runs once per repetition, interleaved; prints a markdown
table of medians.

Usage: backend-bench.py [--build DIR] [--reps N]"""

import argparse
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = {  # name: (arguments, budget)
    "bench_rmw 256 200000": (["256", "200000"], "64M"),
    "bench_churn 1024 256 256": (["1024", "256", "256"], "16M"),
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_servers(build, token, n):
    urls, procs = [], []
    for _ in range(n):
        urls.append(f"tcp://127.0.0.1:{free_port()}")
        cmd = [str(build / "bin/farmem-server"), "--listen", urls[-1], "--token-file", str(token)]
        procs.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL))
    time.sleep(0.3)
    return ",".join(urls), procs


def start_memcached(n):
    ports, procs = [], []
    for _ in range(n):
        ports.append(free_port())
        cmd = ["memcached", "-u", "root", "-l", "127.0.0.1", "-p", str(ports[-1]), "-U", "0"]
        procs.append(subprocess.Popen([*cmd, "-M", "-m", "2048"]))
    time.sleep(0.3)
    return "memcached://" + ",".join(f"127.0.0.1:{p}" for p in ports), procs


def seconds(out):
    m = re.search(r"in ([\d.]+) s \(|^seconds ([\d.]+)", out, re.M)
    return float(m.group(1) or m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        token = Path(tmp) / "token"
        token.write_text("backend-bench-token-0123456789\n")
        token.chmod(0o600)
        one, procs1 = start_servers(args.build, token, 1)
        two, procs2 = start_servers(args.build, token, 2)
        mc1, procs3 = start_memcached(1)
        mc2, procs4 = start_memcached(2)
        configs = {
            "shared memory, link off": ["--link-latency", "0", "--link-bandwidth", "0"],
            "shared memory, 5 us link": [],
            "tcp loopback, one server": ["--backend", one, "--token-file", str(token)],
            "tcp loopback, two striped": ["--backend", two, "--token-file", str(token)],
            "memcached loopback, one server": ["--backend", mc1],
            "memcached loopback, two servers": ["--backend", mc2],
        }
        times = {}
        try:
            for rep in range(args.reps):
                for prog, (argv, budget) in PROGRAMS.items():
                    binary = str(args.build / "bin" / prog.split()[0])
                    for name, opts in configs.items():
                        cmd = [str(args.build / "bin/farhint"), "run", "--local", budget, *opts]
                        out = subprocess.run(
                            [*cmd, "--", binary, *argv], capture_output=True, text=True
                        )
                        if out.returncode:
                            sys.exit(f"backend-bench: {name}, {prog} failed:\n{out.stderr}")
                        times.setdefault((prog, name), []).append(seconds(out.stdout))
                        print(
                            f"rep {rep + 1} {prog}, {name}: {times[prog, name][-1]:.2f} s",
                            file=sys.stderr,
                        )
        finally:
            for p in procs1 + procs2 + procs3 + procs4:
                p.kill()
    print(f"median of {args.reps}; seconds (the random phase for bench_rmw)\n")
    print(
        "| configuration | "
        + " | ".join(f"{p} ({b} local)" for p, (_, b) in PROGRAMS.items())
        + " |"
    )
    print("|---|" + "---|" * len(PROGRAMS))
    for name in configs:
        cells = [f"{statistics.median(times[p, name]):.2f}" for p in PROGRAMS]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
