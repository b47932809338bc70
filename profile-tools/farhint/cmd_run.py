"""farhint run: run a program with its heap in far memory.

The runtime (libfarmem) is preloaded; every flag becomes one FARHINT_<NAME>
environment variable that the runtime reads, named as in its statistics.
"""

import argparse
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from farhint import buildtree
from farhint.cgroup import CgroupError, MemoryCgroup
from farhint.profile import ProfileError, load_profile
from farhint.runenv import call_forwarding, program_of, program_path, runtime_env
from farhint.symbolize import build_id, is_elf, profiled_builds
from farhint.units import parse_budget, parse_size


def add_arguments(p):
    p.add_argument("--local", default="1G", metavar="SIZE|PCT%",
                   help="local memory budget for far pages: 512M, or 25%% of --peak (default 1G)")
    p.add_argument("--peak", metavar="SIZE", help="the program's peak memory, for --local PCT%%")
    p.add_argument("--profile", metavar="FILE",
                   help="a profile of the program: its recorded peak is the base of --local PCT%%")
    p.add_argument("--far-size", default="64G", metavar="SIZE",
                   help="far-memory capacity (default 64G)")
    add_mmap_threshold(p)
    p.add_argument("--policy", choices=["fifo", "clock", "lru", "prio"], default="fifo",
                   help="reclaim policy: fifo (one list), clock (second chance), "
                        "lru (--lru-lists lists by recency), prio (higher ev_prio "
                        "reclaimed first)")
    p.add_argument("--lru-lists", type=int, default=4, metavar="N",
                   help="lists of the lru policy, 2..8 (default 4)")
    p.add_argument("--evict-batch", type=int, default=32, metavar="PAGES",
                   help="pages evicted per batch (default 32)")
    p.add_argument("--free-fraction", type=float, default=0.01, metavar="F",
                   help="fraction of the budget kept free by the reclaim thread (default 0.01)")
    p.add_argument("--keep-fraction", type=float, default=0.75, metavar="F",
                   help="most of the budget kept for ranges a hint marks as re-scanned "
                        "(ev_prio -1, which the profile suggests for them), 0..0.9 "
                        "(default 0.75)")
    p.add_argument("--reclaim", choices=["auto", "background", "inline"], default="auto",
                   help="who evicts: the reclaim thread ahead of need (background), the "
                        "faulting thread when no frame is left (inline), or auto: "
                        "background unless recent victims were scattered, where each "
                        "needs its own TLB flush (default auto)")
    p.add_argument("--no-unhinted-readahead", action="store_true",
                   help="serve every unhinted fault alone (by default, unhinted faults in "
                        "address order grow a read-ahead window, as kernel swap does)")
    p.add_argument("--follow-children", action="store_true",
                   help="programs the program starts (exec) run on far memory too, each "
                        "with its own runtime, budget of --local and memory server "
                        "(by default they run natively)")
    p.add_argument("--link-latency", default="5us", metavar="TIME",
                   help="modelled latency per transfer, 0 = off (default 5us)")
    p.add_argument("--link-bandwidth", default="100gbit", metavar="RATE",
                   help="modelled bandwidth, 0 = off (default 100gbit)")
    p.add_argument("--backend", default="local",
                   help="local (start a farmem-server here) or unix:PATH (default local)")
    p.add_argument("--ult", action="store_true",
                   help="run main() and every pthread as user-level threads: a hinted miss "
                        "parks its thread and the worker runs another (farhint/ult.h)")
    p.add_argument("--cores", type=int, metavar="N",
                   help="with --ult: worker kernel threads (default: the online CPUs)")
    p.add_argument("--hint-mode", choices=["switch", "block"], default="switch",
                   help="with --ult: a hinted miss switches threads (default) or waits in place")
    p.add_argument("--stats", action="store_true", help="print statistics at exit")
    p.add_argument("--stats-file", metavar="PATH", help="write statistics as JSON")
    p.add_argument("--cgroup-limit", metavar="SIZE",
                   help="run the program in a memory cgroup with this limit (the "
                        "memory server runs outside it)")
    p.add_argument("program", nargs=argparse.REMAINDER, help="-- PROGRAM ARGS...")


def add_mmap_threshold(p):
    p.add_argument("--mmap-threshold", default="1M", metavar="SIZE",
                   help="anonymous private mmaps this big or bigger are placed in far "
                        "memory too (programs with their own allocators), 0 = none "
                        "(default 1M)")


def settings_of(args, local: int) -> dict:
    s = {
        "FARHINT_LOCAL": local,
        "FARHINT_FAR_SIZE": parse_size(args.far_size),
        "FARHINT_MMAP_THRESHOLD": parse_size(args.mmap_threshold),
        "FARHINT_POLICY": args.policy,
        "FARHINT_LRU_LISTS": args.lru_lists,
        "FARHINT_EVICT_BATCH": args.evict_batch,
        "FARHINT_FREE_FRACTION": args.free_fraction,
        "FARHINT_KEEP_FRACTION": args.keep_fraction,
        "FARHINT_RECLAIM": args.reclaim,
        "FARHINT_UNHINTED_READAHEAD": 0 if args.no_unhinted_readahead else 1,
        "FARHINT_LINK_LATENCY": args.link_latency,
        "FARHINT_LINK_BANDWIDTH": args.link_bandwidth,
        "FARHINT_BACKEND": args.backend,
    }
    if args.ult:
        s["FARHINT_ULT"] = 1
        s["FARHINT_HINT_MODE"] = args.hint_mode
        if args.cores:
            s["FARHINT_CORES"] = args.cores
    if args.follow_children:
        s["FARHINT_FOLLOW_CHILDREN"] = 1
    if args.stats:
        s["FARHINT_STATS"] = 1
    if args.stats_file:
        s["FARHINT_STATS_FILE"] = Path(args.stats_file).resolve()
    return s


def start_server(sock: Path) -> subprocess.Popen:
    server = subprocess.Popen([str(buildtree.part("bin/farmem-server")), "--listen", str(sock)],
                              stderr=subprocess.DEVNULL)
    for _ in range(200):
        if sock.exists():
            return server
        if server.poll() is not None:
            break
        time.sleep(0.01)
    server.kill()
    raise RuntimeError("farmem-server did not start")


def warn_if_profile_of_another_program(profile_path, profile, program):
    """The profile's binary must be the program, or the build the program's
    hints were compiled from; else its peak (the base of --local PCT%) is
    another program's. A warning: a rebuild that changed nothing is fine."""
    recorded = profile.get("binary", {}).get("build_id")
    path = program_path(program)
    if not recorded or not path or not is_elf(path):
        return
    if recorded == build_id(path) or recorded in profiled_builds(path):
        return
    print(f"farhint run: warning: {profile_path} was recorded from "
          f"{profile['binary'].get('path', 'another binary')} (build id {recorded[:12]}), and "
          f"{program} is neither that build nor compiled with that profile: its recorded "
          "peak may not be this program's (profile this program, or give --peak)",
          file=sys.stderr)


def exit_code(rc: int) -> int:
    return 128 - rc if rc < 0 else rc


def run(args):
    cmd = program_of(args, "run")
    if not cmd:
        return 2
    if not args.ult and (args.cores or args.hint_mode != "switch"):
        print("farhint run: --cores and --hint-mode apply to user-level threads: add --ult",
              file=sys.stderr)
        return 2
    try:
        peak = parse_size(args.peak) if args.peak else None
        if peak is None and args.profile:
            profile = load_profile(args.profile)
            warn_if_profile_of_another_program(args.profile, profile, cmd[0])
            peak = profile["run"].get("peak_bytes") or None
            if peak is None:
                raise ValueError(f"profile {args.profile} records no peak; give --peak SIZE")
        local = parse_budget(args.local, peak)
        limit = parse_size(args.cgroup_limit) if args.cgroup_limit else None
        env = runtime_env(settings_of(args, local))
    except (ValueError, ProfileError) as err:
        print(f"farhint run: {err}", file=sys.stderr)
        return 2
    if limit is None:
        return exit_code(call_forwarding(cmd, env=env))

    # Under a cgroup the server must live outside it: start it here.
    with tempfile.TemporaryDirectory(prefix="farhint-") as tmp:
        sock = Path(tmp) / "farmem.sock"
        server = start_server(sock)
        env["FARHINT_BACKEND"] = f"unix:{sock}"
        try:
            with MemoryCgroup(limit) as cg:
                rc = call_forwarding(cmd, env=env, preexec_fn=cg.enter_self)
                used = cg.usage()
        except CgroupError as err:
            print(f"farhint run: {err}", file=sys.stderr)
            return 2
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait()
    print(f"farhint run: cgroup limit {limit} bytes, peak usage {used.max_usage} bytes, "
          f"oom kills {used.oom_kills}", file=sys.stderr)
    return exit_code(rc)
