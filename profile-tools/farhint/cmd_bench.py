"""farhint bench: the A/B sweep of a suite's programs (the bundled
applications unless --suite names another), or of one program already built
(`farhint bench -- CMD ARGS`), against native and kernel swap, at several
local-memory fractions.

Writes into --out: results.csv (one row per run, appended as runs finish, so
an interrupted sweep keeps what it did), summary.md, the plots (PNG and SVG),
and per program its profile, hint report and the binaries."""

import argparse
import datetime
import os
import platform
import signal
import sys
import tempfile
from pathlib import Path

from farhint import bench, suite
from farhint.errors import EXIT_INTERRUPTED, UserError
from farhint.kswap import SWAP_KINDS
from farhint.runenv import program_of, program_path
from farhint.symbolize import is_elf


def _list(text, allowed, what):
    items = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in items if x not in allowed]
    if bad:
        raise UserError(f"unknown {what}: {', '.join(bad)} (choose from {', '.join(allowed)})")
    return items


def _percentage(text):
    try:
        pct = float(text)
    except ValueError:
        pct = -1
    if not 0 < pct <= 100:
        raise UserError(f"--local {text}: each value is a percentage in (0, 100]")
    return pct


def _add_sweep_options(p):
    """Where a sweep runs, against what, and how long a run may take."""
    p.add_argument(
        "--swap",
        choices=list(SWAP_KINDS),
        default="zram",
        help="swap for the kswap baseline: zram (lz4), a swapfile, or a swapfile behind zswap "
        "(lz4, zsmalloc) (default zram)",
    )
    p.add_argument(
        "--ab",
        metavar="BUILD",
        type=Path,
        help="also run each configuration on the runtime with BUILD's runtime (another build "
        "folder: its lib/libfarmem.so and bin/farmem-server), alternated with this build's in "
        "every repeat; its rows are CONFIG@base",
    )
    p.add_argument("--out", metavar="DIR", help="results folder (default a new one under /tmp)")
    p.add_argument(
        "--timeout-factor",
        type=float,
        default=30.0,
        help="a run is stopped after this many times native's time (default 30)",
    )


def add_arguments(p):
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = (
        "examples:\n"
        "  farhint bench --size small --local 25          the bundled apps\n"
        "  farhint bench --suite crono --src ~/CRONO --programs bfs,sssp\n"
        "  farhint bench --programs kvserver --local 100,25   a server, loaded and timed\n"
        "  farhint bench --check 'file:out.txt' -- ./myprog -n 1000\n"
        "  farhint bench --ab ../main/build --configs native,auto --local 25   two runtimes\n"
        "suite files: docs/suites.md"
    )
    p.add_argument(
        "--suite",
        default="bundled",
        metavar="FILE|NAME",
        help="a suite file (.toml), or a suite shipped with farhint: "
        f"{', '.join(sorted(x.stem for x in suite.SUITES_DIR.glob('*.toml')))} "
        "(default bundled)",
    )
    p.add_argument(
        "--src",
        metavar="DIR",
        help="the suite's source checkout (the bundled suite's is farhint's apps/)",
    )
    p.add_argument(
        "--programs",
        "--apps",
        dest="programs",
        help="comma-separated programs of the suite (default all)",
    )
    p.add_argument("--threads", type=int, help="threads each program runs (default the suite's)")
    p.add_argument(
        "--configs",
        default=",".join(bench.CONFIGS),
        help="comma-separated configurations (default native,kswap,nohint,auto,"
        "manual; manual runs only for programs with hand hints; "
        "also auto-noprefetch and auto-nobuffer: the same hints without prefetches ahead "
        "or without buffered writes, and ult and "
        "nohint-ult: auto's and nohint's builds on user-level threads, --ult, and compress and "
        "nohint-compress: the same builds with far memory compressed in the program's own "
        "memory, --backend compress)",
    )
    p.add_argument(
        "--local",
        default="100,75,50,25,10",
        help="local memory as %% of each program's native peak, the same for farhint and kswap "
        "(default 100,75,50,25,10)",
    )
    p.add_argument("--repeats", type=int, default=3, help="repetitions (default 3)")
    p.add_argument(
        "--size", choices=list(suite.SIZES), default="large", help="program inputs (default large)"
    )
    p.add_argument(
        "--check",
        default="stdout",
        metavar="CHECK",
        help="with -- CMD: how its output is checked against native's: stdout, "
        "file:PATH, command:SHELL, checksum-line or none (default stdout)",
    )
    _add_sweep_options(p)
    p.add_argument(
        "program",
        nargs=argparse.REMAINDER,
        help="-- CMD ARGS: one program already built with -g, instead of a suite",
    )


def _prebuilt(cmd, check_text) -> suite.Program:
    """The program after --, run as it is."""
    path = Path(program_path(cmd[0])).resolve()
    return suite.Program(
        path.name,
        " ".join(cmd),
        Path.cwd(),
        check=suite.parse_check(check_text),
        inputs=dict.fromkeys(suite.SIZES, cmd[1:]),
        prebuilt=path,
    )


def _programs(args) -> list:
    """The programs to run: the suite's chosen ones."""
    loaded = suite.load(args.suite, args.src, args.threads)
    names = (
        _list(args.programs, list(loaded.programs), "program")
        if args.programs
        else list(loaded.programs)
    )
    return [loaded.programs[n] for n in names]


def _plot(rows, fractions, out):
    try:
        import matplotlib  # noqa: F401 (only to know it is there)
    except ImportError:
        print(
            "farhint bench: no plots: matplotlib is not installed for this Python "
            "(apt install python3-matplotlib); the results are in summary.md and results.csv",
            file=sys.stderr,
        )
        return
    from farhint.bench_plot import plot_all

    plot_all(rows, fractions, out)


def _earlier_runs(csv_path: Path) -> int:
    """Rows a results.csv already holds (the sweep appends to it)."""
    if not csv_path.exists():
        return 0
    with open(csv_path) as f:
        return max(0, sum(1 for _ in f) - 1)


def _base_build(folder: Path, configs) -> Path:
    """The build folder --ab names, checked."""
    folder = folder.expanduser().resolve()
    missing = [x for x in ("lib/libfarmem.so", "bin/farmem-server") if not (folder / x).is_file()]
    if missing:
        raise UserError(
            f"--ab {folder}: no {' or '.join(missing)} there: give the build folder of "
            "another checkout (the one `make` built, e.g. ../other/build)"
        )
    if not is_elf(folder / "lib/libfarmem.so"):  # the loader would skip it: runs native
        raise UserError(
            f"--ab {folder}: lib/libfarmem.so there is no built library: give the build "
            "folder of another checkout, built (`make`)"
        )
    if not any(c in bench.ON_RUNTIME for c in configs):
        raise UserError(
            f"--ab compares runtimes: add one of {', '.join(bench.ON_RUNTIME)} to --configs"
        )
    return folder


def _prepare_all(programs, size, out, say, configs):
    """Each program prepared (built, measured natively, profiled), and those
    that could not be, with why: the others still run."""
    prepared, left_out = [], {}
    for program in programs:
        try:
            prepared.append(
                bench.prepare(
                    program, size, out, say, variants=[c for c in bench.VARIANTS if c in configs]
                )
            )
        except RuntimeError as err:
            say(f"farhint bench: {err}; {program.name} is left out")
            left_out[program.name] = str(err)
    return prepared, left_out


def run(args):
    # SIGTERM unwinds like Ctrl-C: swap is switched off and the cgroup removed.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    say = bench.progress_printer()
    cmd = program_of(args, "bench") if args.program else None
    if args.program and cmd is None:
        return 2
    programs = [_prebuilt(cmd, args.check)] if cmd else _programs(args)
    configs = _list(args.configs, list(bench.CONFIGS + bench.OPTIONAL_CONFIGS), "configuration")
    wanted = [c for c in configs if c in bench.BUILT_WITH_HINTS]
    if cmd and wanted and args.configs != ",".join(bench.CONFIGS):
        raise UserError(
            f"{', '.join(wanted)} rebuild the program from its sources: "
            "describe it in a suite file (docs/suites.md)"
        )
    fractions = [_percentage(x) / 100 for x in args.local.split(",")]
    base_build = _base_build(args.ab, configs) if args.ab else None
    # absolute: the runs take their own folders
    out = Path(args.out or tempfile.mkdtemp(prefix="farhint-bench-")).absolute()
    out.mkdir(parents=True, exist_ok=True)
    say(f"farhint bench: results in {out}")
    if earlier := _earlier_runs(out / "results.csv"):
        say(
            f"farhint bench: {out / 'results.csv'} holds {earlier} runs of an earlier sweep; "
            "this sweep's rows follow them (summary.md and the plots are this sweep's alone)"
        )
    try:
        prepared, left_out = _prepare_all(programs, args.size, out, say, configs)
        if not prepared:
            print("farhint bench: no program could be prepared", file=sys.stderr)
            return 1
        rows = bench.sweep(
            prepared,
            configs,
            fractions,
            args.repeats,
            out,
            out / "results.csv",
            args.swap,
            args.timeout_factor,
            say,
            base_build,
        )
    except RuntimeError as err:
        print(f"farhint bench: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            f"farhint bench: interrupted; finished runs are in {out / 'results.csv'}",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    _report(prepared, left_out, rows, fractions, out)
    bad = [r for r in rows if r["status"] == "CHECKSUM MISMATCH" or r["status"].startswith("error")]
    return 1 if bad or left_out else 0


def _report(prepared, left_out, rows, fractions, out):
    """summary.md and the plots; a wrong output or a program left out said
    on stderr."""
    header = (
        f"# farhint bench\n\nCommand: `farhint bench {' '.join(sys.argv[2:])}`  \n"
        f"Date: {datetime.date.today()}  \nMachine: {platform.node()}, "
        f"{platform.platform()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f} at the end\n\n"
    )
    summary = (
        header
        + bench.programs_markdown(prepared, left_out)
        + "\n"
        + bench.summary_markdown(rows, fractions)
        + bench.sites_markdown(prepared, out)
    )
    (out / "summary.md").write_text(summary)
    print(summary)
    _plot(rows, fractions, out)
    bad = [r for r in rows if r["status"] == "CHECKSUM MISMATCH"]
    if bad:
        print(
            f"farhint bench: {len(bad)} runs gave a WRONG OUTPUT: "
            + ", ".join(f"{r['app']}/{r['config']}/{r['local_pct']}%" for r in bad),
            file=sys.stderr,
        )
    if left_out:
        print(
            f"farhint bench: left out: {', '.join(left_out)} (why: {out / 'summary.md'})",
            file=sys.stderr,
        )
