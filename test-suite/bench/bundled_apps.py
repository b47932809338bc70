"""What the benchmark scripts that run every bundled app share: their
options, and each app's command line (the build's app-NAME with the
bundled suite's input). kvserver, a server timed by its load in `farhint
bench`, is left out by default."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "profile-tools"))

from farhint import suite  # noqa: E402


def add_options(ap, size):
    ap.add_argument("--size", choices=["small", "large"], default=size)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--skip", default="kvserver", help="apps left out (default kvserver)")
    ap.add_argument("--build", default=str(ROOT / "build"))


def commands(args):
    """(name, arguments, command) of each app the options ask for."""
    skip = set(args.skip.split(","))
    for name, program in suite.bundled().programs.items():
        if name in skip or program.server:
            continue
        app_args = program.args(args.size)
        yield name, app_args, [str(Path(args.build) / "bin" / f"app-{name}"), *app_args]
