"""What `farhint run` and `farhint profile` share: the program after `--`,
and the environment that preloads the runtime with FARHINT_* settings."""

import os
import sys

from farhint import buildtree


def program_of(args, subcommand):
    """The program and its arguments after `--`, or None after saying why."""
    cmd = args.program[1:] if args.program[:1] == ["--"] else args.program
    if not cmd:
        print(f"farhint {subcommand}: no program given (usage: farhint {subcommand} "
              "[options] -- PROGRAM ARGS)", file=sys.stderr)
        return None
    return cmd


def runtime_env(settings: dict) -> dict:
    """This process's environment plus libfarmem preloaded and settings
    (FARHINT_<NAME> -> value)."""
    env = dict(os.environ)
    lib = buildtree.part("lib/libfarmem.so")
    env["LD_PRELOAD"] = f"{lib}:{env['LD_PRELOAD']}" if env.get("LD_PRELOAD") else str(lib)
    env["FARHINT_SERVER"] = str(buildtree.part("bin/farmem-server"))
    env.update({k: str(v) for k, v in settings.items()})
    return env
