"""The farhint command: subcommands in the manner of git and perf.

Each subcommand lives in its own module with `add_arguments(parser)` and
`run(args) -> int`. Exit codes: 0 success, 1 the work failed, 2 usage or
input error, 3 the feature is not built in this version.
"""

import argparse
import importlib
import os
import re
import sys

from farhint import __version__, buildtree
from farhint.errors import EXIT_CODES, EXIT_INTERRUPTED, EXIT_NOT_BUILT, UserError

# name -> (module, one-line help). A module that does not exist yet is a
# subcommand this version does not have; it says so instead of crashing.
SUBCOMMANDS = {
    "profile": (
        "farhint.cmd_profile",
        "run a program under a small local budget and record its faults",
    ),
    "report": ("farhint.cmd_report", "show the top faulting sites and the suggested hints"),
    "cc": ("farhint.cmd_cc", "compile with the FarHint plugin and a profile"),
    "run": ("farhint.cmd_run", "run a program with its heap in far memory"),
    "bench": ("farhint.cmd_bench", "A/B sweep against native and kernel swap"),
    "demo": ("farhint.cmd_demo", "the whole pipeline on a bundled application"),
}

EXIT_CODES_HELP = "exit codes:\n" + "".join(f"  {code:<4} {what}\n" for code, what in EXIT_CODES)


def _load(module_name):
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name == module_name:
            return None
        raise


def build_parser():
    parser = argparse.ArgumentParser(
        prog="farhint",
        description="Run unmodified C/C++ programs with most of their memory far away.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"farhint {__version__}")
    sub = parser.add_subparsers(dest="subcommand", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = _load(module_name)
        p = sub.add_parser(
            name,
            help=help_text if module else help_text + " (not in this version)",
            description=help_text,
        )
        if module:
            module.add_arguments(p)
        else:
            p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(module=module, subcommand=name)
    return parser


def _join_negative_values(argv):
    """`--local -5M` reads to argparse as two options; as `--local=-5M` the
    value reaches its parser, which says what is wrong with it. Not after
    `--`: those are the program's own arguments."""
    out = []
    for i, tok in enumerate(argv):
        if tok == "--":
            return out + argv[i:]
        if (
            out
            and out[-1].startswith("--")
            and "=" not in out[-1]
            and re.match(r"-([0-9.]|inf$|nan$)", tok)
        ):
            out[-1] = f"{out[-1]}={tok}"
        else:
            out.append(tok)
    return out


def main(argv=None):
    try:
        return _main(argv)
    except BrokenPipeError:  # `farhint report ... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _main(argv):
    if os.environ.get("FARHINT_BUILD_DIR"):  # children may run in other folders
        os.environ["FARHINT_BUILD_DIR"] = str(buildtree.build_dir())
    parser = build_parser()
    args = parser.parse_args(_join_negative_values(sys.argv[1:] if argv is None else argv))
    if not args.subcommand:
        parser.print_help()
        return 2
    if args.module is None:
        print(
            f"farhint {args.subcommand}: not available in this version of farhint yet",
            file=sys.stderr,
        )
        return EXIT_NOT_BUILT
    try:
        return args.module.run(args)
    except UserError as err:  # said once here, for every command
        print(f"farhint {args.subcommand}: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print(f"farhint {args.subcommand}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
