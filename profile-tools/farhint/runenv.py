"""What `farhint run` and `farhint profile` share: the program after `--`,
and the environment that preloads the runtime with FARHINT_* settings."""

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from farhint import buildtree, settings
from farhint.errors import EXIT_RUNTIME_STOPPED, UserError
from farhint.units import parse_size


def program_path(name):
    """Where the program runs from: the name as given when it has a slash,
    else as the shell finds it on PATH (None if it does not)."""
    return name if "/" in name else shutil.which(name)


def program_of(args, subcommand):
    """The program and its arguments after `--`, or None after saying why."""
    cmd = args.program[1:] if args.program[:1] == ["--"] else args.program
    if not cmd:
        print(
            f"farhint {subcommand}: no program given (usage: farhint {subcommand} "
            "[options] -- PROGRAM ARGS)",
            file=sys.stderr,
        )
        return None
    path = program_path(cmd[0])
    if not path or not os.path.exists(path):
        print(
            f"farhint {subcommand}: {cmd[0]}: no such program (give its path, or put it on PATH)",
            file=sys.stderr,
        )
        return None
    if os.path.isdir(path) or not os.access(path, os.X_OK):
        print(f"farhint {subcommand}: {cmd[0]} is not an executable program", file=sys.stderr)
        return None
    return cmd


def runtime_env(settings: dict, build: Path | None = None) -> dict:
    """This process's environment plus libfarmem preloaded and settings
    (FARHINT_<NAME> -> value); build: another build's runtime and memory
    server instead of this one's."""
    env = dict(os.environ)
    lib = build / "lib/libfarmem.so" if build else buildtree.part("lib/libfarmem.so")
    env["LD_PRELOAD"] = f"{lib}:{env['LD_PRELOAD']}" if env.get("LD_PRELOAD") else str(lib)
    server = build / "bin/farmem-server" if build else buildtree.part("bin/farmem-server")
    env["FARHINT_SERVER"] = str(server)
    env.update({k: str(v) for k, v in settings.items()})
    return env


def exit_code(rc: int) -> int:
    """A program's status as a shell gives it: 128+N for signal N."""
    return 128 - rc if rc < 0 else rc


def measure_peak(
    cmd,
    stats_path,
    far_size: int | None = None,
    cwd=None,
    extra=None,
    follow_children=False,
    on_start=None,
) -> int:
    """Far memory the program touches when nothing is evicted: one run with
    all of it local (as much as the machine has) and no modelled link; with
    follow_children, the most any process of the tree it starts touches.
    on_start gets the Popen once it started. RuntimeError if the run fails."""
    machine = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    far_size = far_size or parse_size(settings.table()["FAR_SIZE"].default)
    stats_path = Path(stats_path)
    per_pid = ".%p" if follow_children else ""  # each process writes its own
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.DEVNULL,
        cwd=cwd,
        env=runtime_env(
            {
                "FARHINT_LOCAL": min(far_size, machine),
                "FARHINT_FAR_SIZE": far_size,
                "FARHINT_STATS_FILE": f"{stats_path}{per_pid}",
                **({"FARHINT_FOLLOW_CHILDREN": 1} if follow_children else {}),
                "FARHINT_LINK_LATENCY": 0,
                "FARHINT_LINK_BANDWIDTH": 0,
                **(extra or {}),
            }
        ),
    )
    if on_start:
        on_start(proc)
    rc = proc.wait()
    if rc == EXIT_RUNTIME_STOPPED:
        raise RuntimeStopped(
            "the far-memory runtime stopped the program (its message above says why)"
        )
    written = list(stats_path.parent.glob(stats_path.name + per_pid.replace("%p", "*")))
    if not written:  # a crash still leaves them (the peak so far)
        raise RuntimeError(f"the run with all far memory local failed (exit {rc})")
    return max(json.loads(p.read_text())["peak_resident_pages"] * 4096 for p in written)


class RuntimeStopped(RuntimeError):
    """libfarmem could not run the program (no userfaultfd, no memory
    server...): another size or budget would not help."""


def parse_signal(text: str) -> signal.Signals:
    """A signal by name (USR2, SIGUSR2) or number; UserError naming it."""
    try:
        return (
            signal.Signals(int(text))
            if text.isdigit()
            else signal.Signals["SIG" + text.upper().removeprefix("SIG")]
        )
    except (KeyError, ValueError):
        raise UserError(
            f"{text!r} is not a signal (give a name such as USR2, or a number)"
        ) from None


PR_SET_PDEATHSIG = 1
SI_KERNEL = 0x80  # si_code of a signal the terminal sent (Ctrl-C), not kill()


def die_with_parent(parent: int, then=None):
    """A preexec_fn: the child is killed when the process that started it
    dies (even by SIGKILL), takes the signals its parent holds blocked, and
    runs then (e.g. entering a cgroup)."""

    def preexec():
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl took hold
            os._exit(128 + signal.SIGKILL)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        if then:
            then()

    return preexec


def call_forwarding(cmd, on_start=None, also=(), preexec_fn=None, **popen_kwargs) -> int:
    """subprocess.call, but the program goes with farhint: it is killed if
    farhint is (even by SIGKILL), and SIGINT, SIGTERM, SIGHUP, SIGQUIT (and
    the signals in also) sent to farhint's pid go to the program, which gets
    to finish its own shutdown while farhint waits for it (and then cleans
    up after it). A Ctrl-C from the terminal reaches the program from the
    terminal already and is not sent twice: a second one would cut a
    graceful shutdown short. on_start gets the Popen as soon as it started."""
    forward = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, *also}
    watched = forward | {signal.SIGCHLD}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, watched)
    try:
        proc = subprocess.Popen(
            cmd, preexec_fn=die_with_parent(os.getpid(), preexec_fn), **popen_kwargs
        )
        if on_start:
            on_start(proc)
        while proc.poll() is None:
            info = signal.sigtimedwait(watched, 1.0)
            if not info or info.si_signo == signal.SIGCHLD:
                continue
            if info.si_signo == signal.SIGINT and info.si_code == SI_KERNEL:
                continue
            proc.send_signal(info.si_signo)
        return proc.returncode
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def exec_program(cmd, env) -> None:
    """Become the program, as env, nice and taskset do: a supervisor's
    signals (SIGKILL too) reach it, its exit status is farhint's, and
    nothing of farhint is left to orphan it."""
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execvpe(cmd[0], cmd, env)
    except OSError as e:
        raise UserError(f"cannot run {cmd[0]}: {e.strerror}") from None
