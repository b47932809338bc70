"""How much memory kernel swap needs to finish gen: run it in a cgroup-v1
memory limit with swap on zram and the OOM killer off; each time the cgroup
is under OOM, raise the limit by one page (that wakes the stalled fault).
Prints the time and the limit it ended with. Run from the repository root
after `make build`, as root:  python3 <this file> 8 2752512"""
import subprocess
import sys
import time

sys.path.insert(0, "profile-tools")
from farhint.cgroup import MemoryCgroup  # noqa: E402
from farhint.kswap import Swap  # noqa: E402

cmd = ["build/bin/app-gen", sys.argv[1]]
limit = int(sys.argv[2]) & ~4095
with Swap(256 << 20, "zram"), MemoryCgroup(limit) as cg:
    (cg.path / "memory.swappiness").write_text("100\n")
    (cg.path / "memory.oom_control").write_text("1\n")
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, preexec_fn=cg.enter_self)
    nudges = 0
    while p.poll() is None and time.monotonic() - t0 < 150:
        time.sleep(0.002)
        if "under_oom 1" in (cg.path / "memory.oom_control").read_text():
            nudges += 1
            limit += 4096
            (cg.path / "memory.limit_in_bytes").write_text(f"{limit}\n")
    if p.poll() is None:
        p.kill()
    print(f"exit {p.wait()} after {time.monotonic() - t0:.2f} s, {nudges} raises, "
          f"limit {limit} bytes")
