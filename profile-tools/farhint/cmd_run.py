"""farhint run: run a program with its heap in far memory.

The runtime (libfarmem) is preloaded; every flag becomes one FARHINT_<NAME>
environment variable that the runtime reads, named as in its statistics.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from farhint import buildtree, settings
from farhint.cgroup import MemoryCgroup
from farhint.errors import UserError
from farhint.profile import load_profile
from farhint.runenv import (
    call_forwarding,
    die_with_parent,
    exec_program,
    exit_code,
    program_of,
    program_path,
    runtime_env,
)
from farhint.symbolize import build_id, is_elf, profiled_builds
from farhint.units import parse_budget, parse_size


def add_arguments(p):
    p.add_argument(
        "--local",
        metavar="SIZE|PCT%",
        help="local memory budget for far pages: 512M, or 25%% of --peak (default 1G; with "
        "--proactive, none but the machine's memory)",
    )
    p.add_argument(
        "--proactive",
        nargs="?",
        const="0.2%",
        metavar="RATE",
        help="proactive mode: no fixed budget; pages idle for a while go to the far tier (the "
        "compressed pool, unless --backend names another), the while adapting so that faults "
        "on evicted pages stay under RATE of the pages in use a minute (default 0.2%%, "
        "Google's far memory's; 0.5%% or 0.005)",
    )
    p.add_argument("--peak", metavar="SIZE", help="the program's peak memory, for --local PCT%%")
    p.add_argument(
        "--profile",
        metavar="FILE",
        help="a profile of the program: its recorded peak is the base of --local PCT%%",
    )
    for name in settings.options():  # the runtime's own, from farhint/settings.def
        settings.add_option(p, name)
    p.add_argument(
        "--cgroup-limit",
        metavar="SIZE",
        help="run the program in a memory cgroup with this limit (the "
        "memory server runs outside it)",
    )
    p.add_argument("program", nargs=argparse.REMAINDER, help="-- PROGRAM ARGS...")


def proactive_rate(text: str) -> float:
    """--proactive's RATE: 0.2% or 0.002, a share of the pages in use a minute."""
    try:
        rate = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        rate = -1
    if not 0 < rate <= 1:
        raise UserError(
            f"--proactive {text}: RATE is a share of the pages in use a minute, in (0, 100%]: "
            "0.2% or 0.002"
        )
    return rate


def settings_of(args, local: int | None) -> dict:
    s = settings.environment(args, settings.options())
    if local is not None:
        s["FARHINT_LOCAL"] = local
    if args.proactive:
        s["FARHINT_PROACTIVE"] = proactive_rate(args.proactive)
    if args.stats_file:  # the program may change its folder
        s["FARHINT_STATS_FILE"] = Path(args.stats_file).resolve()
    return s


def start_server(sock: Path) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(buildtree.part("bin/farmem-server")), "--listen", str(sock)],
        stderr=subprocess.DEVNULL,
        preexec_fn=die_with_parent(os.getpid()),
    )
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
    print(
        f"farhint run: warning: {profile_path} was recorded from "
        f"{profile['binary'].get('path', 'another binary')} (build id {recorded[:12]}), and "
        f"{program} is neither that build nor compiled with that profile: its recorded "
        "peak may not be this program's (profile this program, or give --peak)",
        file=sys.stderr,
    )


def run(args):
    cmd = program_of(args, "run")
    if not cmd:
        return 2
    if not args.ult and (args.cores or args.hint_mode):
        print(
            "farhint run: --cores and --hint-mode apply to user-level threads: add --ult",
            file=sys.stderr,
        )
        return 2
    peak = parse_size(args.peak) if args.peak else None
    if peak is None and args.profile:
        profile = load_profile(args.profile)
        warn_if_profile_of_another_program(args.profile, profile, cmd[0])
        peak = profile["run"].get("peak_bytes") or None
        if peak is None:
            raise UserError(f"profile {args.profile} records no peak; give --peak SIZE")
    # proactive mode has no budget unless one is given: the runtime takes the machine's
    local = (
        None if args.proactive and args.local is None else parse_budget(args.local or "1G", peak)
    )
    limit = parse_size(args.cgroup_limit) if args.cgroup_limit else None
    env = runtime_env(settings_of(args, local))
    if limit is None:
        exec_program(cmd, env)

    # Under a cgroup the server must live outside it: start it here.
    with tempfile.TemporaryDirectory(prefix="farhint-") as tmp:
        sock = Path(tmp) / "farmem.sock"
        server = start_server(sock)
        env["FARHINT_BACKEND"] = f"unix:{sock}"
        try:
            with MemoryCgroup(limit) as cg:
                rc = call_forwarding(cmd, env=env, preexec_fn=cg.enter_self)
                used = cg.usage()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait()
    print(
        f"farhint run: cgroup limit {limit} bytes, peak usage {used.max_usage} bytes, "
        f"oom kills {used.oom_kills}",
        file=sys.stderr,
    )
    return exit_code(rc)
