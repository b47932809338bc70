"""farhint cc: compile with the FarHint Clang plugin and a profile.

Used directly (`farhint cc --profile app.fhprof -- -O2 -c app.c`) or through
the farhint-cc / farhint-c++ wrappers, which read FARHINT_PROFILE and
FARHINT_PLUGIN_ARGS so `CC=farhint-cc ./configure && make` builds an existing
project unchanged. Without a profile the compiler runs plainly.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

from farhint import buildtree
from farhint.profile import ProfileError, load_profile, site_faults
from farhint.symbolize import has_hints, hinted_sites

SOURCE_SUFFIXES = {".c", ".cc", ".cp", ".cpp", ".cxx", ".c++", ".C", ".i", ".ii", ".m", ".mm"}


def add_arguments(p):
    p.add_argument(
        "--profile",
        default=os.environ.get("FARHINT_PROFILE"),
        help="the .fhprof to hint from (default: $FARHINT_PROFILE)",
    )
    p.add_argument("--cxx", action="store_true", help="compile as C++ (clang++-19)")
    p.add_argument(
        "--plugin-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="more plugin options: coverage=, max-sites=, min-faults=, "
        "report=, mode=, prefetch-distance=, prefix-map=, buffered-writes= (also from "
        "$FARHINT_PLUGIN_ARGS, space-separated)",
    )
    p.add_argument(
        "--profile-prefix-map",
        action="append",
        default=[],
        metavar="OLD=NEW",
        help="the profile's sources were under OLD, this build's are under NEW (as "
        "-fdebug-prefix-map: of several that match a path, the last wins; also from "
        "$FARHINT_PROFILE_PREFIX_MAP, space-separated, taken before these)",
    )
    p.add_argument("--print", action="store_true", help="print the compiler command first")
    p.add_argument("compiler_args", nargs=argparse.REMAINDER, help="-- CLANG ARGS...")


def compiles_source(args) -> bool:
    """Whether this invocation compiles (a link-only one must not get -fplugin)."""
    return any(Path(a).suffix in SOURCE_SUFFIXES for a in args if not a.startswith("-"))


PLUGIN_ARG = "-fplugin-arg-farhint-"

WRAPPER_HELP = """\
usage: farhint-cc | farhint-c++ [CLANG ARGS...]

clang-19 (clang++-19) with the FarHint plugin: hints before the sites a
profile names (record one with `farhint profile`). Without a profile the
compiler runs plainly and says so when it links (FARHINT_PROFILE= set but
empty: plainly, without the note).

  FARHINT_PROFILE=app.fhprof      the profile (or -fplugin-arg-farhint-profile=FILE)
  FARHINT_PLUGIN_ARGS="k=v ..."   plugin options, or -fplugin-arg-farhint-KEY=VALUE:
                                  coverage=, max-sites=, min-faults=, report=,
                                  mode=, prefetch-distance=, prefix-map=, buffered-writes=
  FARHINT_PROFILE_PREFIX_MAP="OLD=NEW ..."  the profile's sources were under OLD,
                                  this build's are under NEW

Example: CC=farhint-cc FARHINT_PROFILE=$PWD/app.fhprof make
clang's own options: clang-19 --help
"""


def split_plugin_args(args):
    """clang's own spelling, -fplugin-arg-farhint-KEY=VALUE, taken out of the
    compiler arguments: (KEY=VALUE list, the rest)."""
    ours = [a[len(PLUGIN_ARG) :] for a in args if a.startswith(PLUGIN_ARG)]
    return ours, [a for a in args if not a.startswith(PLUGIN_ARG)]


def spelled_profile(args):
    """The profile given in clang's spelling, -fplugin-arg-farhint-profile=FILE."""
    spelled, _ = split_plugin_args(args)
    return next((kv[len("profile=") :] for kv in spelled if kv.startswith("profile=")), None)


def compiler_command(profile, cxx, plugin_args, args):
    """profile: the one to hint from, whichever way it was given."""
    cmd = [buildtree.llvm_tool("clang++" if cxx else "clang"), f"-I{buildtree.include_dir()}"]
    spelled, args = split_plugin_args(args)
    plugin_args = [*plugin_args, *(kv for kv in spelled if not kv.startswith("profile="))]
    if profile and compiles_source(args):
        if not Path(profile).is_file():
            where = (
                ""
                if Path(profile).is_absolute()
                else f" in {Path.cwd()} (a relative path is taken from each compile's folder: "
                "give an absolute one, e.g. FARHINT_PROFILE=$PWD/app.fhprof)"
            )
            raise FileNotFoundError(
                f"profile {profile} does not exist{where}; record one with `farhint profile`"
            )
        cmd += [
            f"-fplugin={buildtree.part('lib/farhint.so')}",
            f"{PLUGIN_ARG}profile={Path(profile).resolve()}",
        ]
        cmd += [f"{PLUGIN_ARG}{kv}" for kv in plugin_args]
    return cmd + list(args)


STAGE_ONLY = {"-c", "-S", "-E", "-M", "-MM", "-fsyntax-only"}


def links(args) -> bool:
    """Whether this invocation links a program or library: once per thing
    built, where a build's compiles (-c) are many."""
    inputs = [a for a in args if not a.startswith("-")]
    return bool(inputs) and not STAGE_ONLY.intersection(args) and "--version" not in args


def output_of(args) -> str:
    return args[args.index("-o") + 1] if "-o" in args[:-1] else "a.out"


def no_profile_note(args):
    """Said when a build links without a profile, which is silent otherwise
    (CC=farhint-cc make with FARHINT_PROFILE forgotten builds no hints):
    once per program, not per file. FARHINT_PROFILE set but empty means
    plainly, on purpose."""
    return (
        f"farhint cc: no profile (FARHINT_PROFILE is not set): {output_of(args)} is built "
        "without hints; record one with `farhint profile` (FARHINT_PROFILE= builds plainly "
        "without this note)"
    )


def nothing_hinted_note(out, profile):
    return (
        f"farhint cc: warning: nothing in {out} was hinted from {profile}: none of its "
        "compiles matched a site of the profile (a profile of another program, of sources "
        "since changed, or of sources in another folder: the compiler's warnings say which "
        "--profile-prefix-map maps it); report=DIR/ in FARHINT_PLUGIN_ARGS and `farhint "
        "report --hints DIR PROFILE` say per site why"
    )


def hinted_line(out, profile) -> str:
    """What the pass did in the whole program: its sites hinted, of the
    profile's, with the share of its faults they had, and those with a
    prefetch ahead."""
    hinted, prefetched = hinted_sites(str(out))
    try:
        sites = load_profile(profile)["sites"]
    except ProfileError:
        return f"farhint cc: {out}: {len(hinted)} sites hinted, {len(prefetched)} with prefetches"
    faults = {s["id"]: site_faults(s) for s in sites}
    total = sum(faults.values()) or 1
    share = 100 * sum(faults.get(i, 0) for i in hinted) / total
    return (
        f"farhint cc: {out}: {len(hinted)} of the profile's {len(sites)} sites hinted "
        f"({share:.0f}% of its faults), {len(prefetched)} with a prefetch ahead"
    )


def link_and_check(cmd, args, profile) -> int:
    """Links, then says in one line what was hinted in the program, or if
    nothing was -- once per program, where a line per compile would flag
    every file without sites."""
    rc = subprocess.run(cmd).returncode
    out = Path(output_of(args))
    if rc == 0 and out.is_file():
        if not has_hints(str(out)):
            print(nothing_hinted_note(out, profile), file=sys.stderr)
        else:
            print(hinted_line(out, profile), file=sys.stderr)
    return rc


def run(args):
    rest = args.compiler_args[1:] if args.compiler_args[:1] == ["--"] else args.compiler_args
    if rest in (["--help"], ["-help"]):
        print(WRAPPER_HELP, end="")
        return 0
    maps = os.environ.get("FARHINT_PROFILE_PREFIX_MAP", "").split() + args.profile_prefix_map
    plugin_args = [
        *os.environ.get("FARHINT_PLUGIN_ARGS", "").split(),
        *args.plugin_arg,
        *(f"prefix-map={m}" for m in maps),
    ]
    profile = args.profile or spelled_profile(rest)
    try:
        cmd = compiler_command(profile, args.cxx, plugin_args, rest)
    except FileNotFoundError as err:
        print(f"farhint cc: {err}", file=sys.stderr)
        return 2
    if args.print:
        print(" ".join(cmd), file=sys.stderr)
    if links(rest):
        if profile:
            return link_and_check(cmd, rest, profile)
        if args.profile is None:
            print(no_profile_note(rest), file=sys.stderr)
    os.execvp(cmd[0], cmd)  # returns only by raising OSError
    return 127
