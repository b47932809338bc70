"""Page fetch over rdma:// against the device's own ceiling, in the QEMU
guest with soft-RoCE (test-suite/rdma-guest): perftest's ib_read_lat and
ib_read_bw with 4 KiB reads, then bench_fault_rate under the runtime with
its far memory on farmem-server over rdma and, for reference, on the
shared-memory server, side by side in one boot. Every read in
bench_fault_rate is a fetch (a 1 MiB budget for 64 MiB per thread). Then
four threads over rdma, as kernel threads and as user-level threads that
park while their pages are read, and bench_rdma_place: what placing a read
page costs (UFFDIO_COPY against a registration per page; Debian's 6.1 has
no UFFDIO_MOVE).

    build/venv/bin/python test-suite/bench/rdma-bench.py [--reps 3]
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
sys.path.insert(0, str(ROOT / "test-suite" / "rdma-guest"))
import guest  # noqa: E402

URL = f"rdma://{guest.GUEST_IP}:7471"


def script(reps):
    runs = []
    for backend in ("rdma", "local"):
        env = (
            f"FARHINT_BACKEND={URL} FARHINT_TOKEN_FILE=/tmp/token" if backend == "rdma" else ""
        ) + f" FARHINT_LOCAL=1M LD_PRELOAD={BUILD}/lib/libfarmem.so"
        for mode in ("nohint", "hint"):
            runs.append(
                f'echo "run {backend} {mode} $(env {env} {BUILD}/bin/bench_fault_rate 64 1 {mode})"'
            )
    rdma = f"FARHINT_BACKEND={URL} FARHINT_TOKEN_FILE=/tmp/token FARHINT_LOCAL=1M"
    rdma += f" LD_PRELOAD={BUILD}/lib/libfarmem.so"
    for mode, ult in (("hint-4threads", ""), ("hint-4ult", "FARHINT_ULT=1")):
        runs.append(
            f'echo "run rdma {mode} $(env {rdma} {ult} FARHINT_STATS_FILE=/tmp/{mode}.json '
            f'{BUILD}/bin/bench_fault_rate 16 4 hint)"'
        )
    runs.append("grep -o '\"ult_parked_reads\":[0-9]*' /tmp/hint-4ult.json")
    return f"""
echo "place $({BUILD}/bin/bench_rdma_place 2000 | tr '\\n' ' ')"
head -c 24 /dev/urandom | base64 > /tmp/token; chmod 600 /tmp/token
for r in $(seq {reps}); do
  (ib_read_lat -s 4096 -n 2000 >/dev/null 2>&1 &); sleep 1
  echo "lat $(ib_read_lat -s 4096 -n 2000 {guest.GUEST_IP} 2>/dev/null | awk '$1 == 4096 {{print $5}}')"
  (ib_read_bw -s 4096 -n 5000 >/dev/null 2>&1 &); sleep 1
  echo "bw $(ib_read_bw -s 4096 -n 5000 {guest.GUEST_IP} 2>/dev/null | awk '$1 == 4096 {{print $4}}')"
done
{BUILD}/bin/farmem-server --listen {URL} --token-file /tmp/token 2>/dev/null &
sleep 0.5
for r in $(seq {reps}); do
{chr(10).join(runs)}
done
"""


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    vm = guest.Guest(BUILD / "rdma-guest")
    files = [BUILD / "bin" / p for p in ("farmem-server", "bench_fault_rate", "bench_rdma_place")]
    files += [BUILD / "lib" / "libfarmem.so", "/usr/bin/ib_read_lat", "/usr/bin/ib_read_bw"]
    out = vm.run(files, script(args.reps), timeout=1800)
    lat = [float(x) for x in re.findall(r"^lat ([\d.]+)", out, re.M)]
    bw = [float(x) for x in re.findall(r"^bw ([\d.]+)", out, re.M)]
    fetch = {}
    for backend, mode, pages, secs in re.findall(
        r"^run (\S+) (\S+) pages (\d+) seconds ([\d.]+)", out, re.M
    ):
        fetch.setdefault((backend, mode), []).append(float(secs) / int(pages) * 1e6)
    print("placing a page:", re.search(r"^place (.*)$", out, re.M).group(1))
    print("parked reads:", re.findall(r'"ult_parked_reads":(\d+)', out))
    print(f"ib_read_lat 4 KiB, typical: {median(lat):.1f} us  (runs {lat})")
    print(f"ib_read_bw 4 KiB, average: {median(bw):.1f} MB/s = {median(bw) / 4.096:.0f} K pages/s")
    print("bench_fault_rate, 1 MiB local: us per page fetched (median); 64 MiB x 1 thread, or")
    print("16 MiB x 4 threads (hint-4*)")
    for (backend, mode), us in sorted(fetch.items()):
        print(
            f"  {backend:6s} {mode:7s} {median(us):7.1f} us  {1e3 / median(us):6.1f} K pages/s"
            f"  x ib_read_lat {median(us) / median(lat):.2f}  (runs {[round(u, 1) for u in us]})"
        )


if __name__ == "__main__":
    main()
