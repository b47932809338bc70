"""Benchmark suites as data (`farhint bench --suite FILE --src DIR`).

A suite is a TOML file (format in docs/suites.md): per program how to build
it from the sources under --src, its inputs by size, how to check its
output, and its threads. The bundled applications are one suite
(suites/bundled.toml); CRONO's graph programs another (suites/crono.toml),
run against a CRONO checkout the user points --src at."""

import hashlib
import re
import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from farhint.errors import UserError

SUITES_DIR = Path(__file__).resolve().parent / "suites"
SIZES = ("small", "large")
STDOUT_FILE = ".farhint-stdout"  # a check command finds the run's stdout here
CXX_SUFFIXES = (".cc", ".cpp", ".cxx", ".C")
SUITE_KEYS = {"name", "description", "src", "threads", "flags", "libs", "check"}
PROGRAM_KEYS = {
    "what",
    "sources",
    "build",
    "binary",
    "flags",
    "libs",
    "small",
    "large",
    "check",
    "ignore",
    "threads",
    "manual",
    "client",
    "load",
    "warmup",
}


class SuiteError(UserError):
    """A suite file that cannot be used: the message names the file, the
    program and the field."""


@dataclass(frozen=True)
class Check:
    """How a run's output is reduced to a value compared with native's:
    the last `checksum <hex>` line of stdout, a hash of stdout (lines
    matching `ignore` dropped), of a file the run writes in its folder, or
    of a shell command's output run in that folder (the run's stdout is in
    its file .farhint-stdout there); or nothing."""

    kind: str
    arg: str = ""
    ignore: str = ""

    def value(self, stdout: str, folder: Path):
        """The output's value, or None when the output is missing."""
        if self.kind == "none":
            return "unchecked"
        if self.kind == "checksum-line":
            for line in reversed(stdout.strip().splitlines()):
                if line.startswith("checksum "):
                    return line.split()[1]
            return None
        if self.kind == "stdout":
            keep = [
                line
                for line in stdout.splitlines()
                if not (self.ignore and re.search(self.ignore, line))
            ]
            return hashlib.sha256("\n".join(keep).encode()).hexdigest()[:16]
        if self.kind == "file":
            path = folder / self.arg
            return _file_hash(path) if path.is_file() else None
        (folder / STDOUT_FILE).write_text(stdout)
        out = subprocess.run(self.arg, shell=True, cwd=folder, capture_output=True)
        return hashlib.sha256(out.stdout).hexdigest()[:16] if out.returncode == 0 else None

    def describe(self) -> str:
        text = {
            "checksum-line": "the last 'checksum' line of stdout",
            "stdout": "stdout",
            "file": f"the file {self.arg}",
            "command": f"the output of `{self.arg}`",
            "none": "nothing (not checked)",
        }[self.kind]
        return text + (f" without lines matching /{self.ignore}/" if self.ignore else "")


def _file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def parse_check(text: str, ignore: str = "") -> Check:
    """'checksum-line', 'stdout', 'file:PATH', 'command:SHELL' or 'none'."""
    for kind in ("file", "command"):
        if text.startswith(kind + ":") and text[len(kind) + 1 :].strip():
            return Check(kind, text[len(kind) + 1 :].strip(), ignore)
    if text in ("checksum-line", "stdout", "none"):
        return Check(text, "", ignore)
    raise SuiteError(
        f"check {text!r} is none of checksum-line, stdout, file:PATH, command:SHELL, none"
    )


@dataclass(frozen=True)
class Program:
    name: str
    what: str
    src: Path  # the folder sources and {src} are taken from
    sources: tuple = ()  # built with clang-19 (and farhint cc) from these...
    build: str = ""  # ...or by this shell command, honouring CC/CXX/CFLAGS
    binary: str = ""  # what `build` produces
    flags: tuple = ()
    libs: tuple = ()
    inputs: dict = field(default_factory=dict)  # size -> argument list
    check: Check = Check("checksum-line")
    threads: int = 1
    manual: bool = False  # has hand hints (built with -DFARHINT_MANUAL)
    prebuilt: Path | None = None  # `farhint bench -- CMD`: nothing to build
    # A server: serves on {port} in its arguments until SIGTERM; per size a
    # shell command that loads it (timed) and one run before (the warm-up),
    # both natively, {client} being the client built from these sources.
    client: tuple = ()
    load: dict = field(default_factory=dict)
    warmup: dict = field(default_factory=dict)

    @property
    def server(self) -> bool:
        return bool(self.load)

    @property
    def cxx(self) -> bool:
        return any(s.endswith(CXX_SUFFIXES) for s in self.sources)

    @property
    def source(self) -> str:
        """What a reader is told the program is built from."""
        return ", ".join(self.sources) or self.build or str(self.prebuilt)

    def args(self, size: str) -> list:
        """The arguments of a size, {threads} and {src} (the source folder:
        input files beside the sources) expanded; a server's still hold
        {port}."""
        return [
            a.replace("{threads}", str(self.threads)).replace("{src}", str(self.src))
            for a in self.inputs[size]
        ]


@dataclass(frozen=True)
class Suite:
    name: str
    description: str
    path: Path
    programs: dict  # name -> Program, in the file's order


def resolve(name_or_path: str) -> Path:
    """A suite file: a path, or the name of one shipped with farhint."""
    path = Path(name_or_path)
    if path.suffix != ".toml" and "/" not in name_or_path:
        shipped = SUITES_DIR / f"{name_or_path}.toml"
        if shipped.exists():
            return shipped
        names = ", ".join(sorted(p.stem for p in SUITES_DIR.glob("*.toml")))
        raise SuiteError(
            f"no suite named {name_or_path!r} (shipped: {names}; or give the path of a .toml file)"
        )
    if not path.is_file():
        raise SuiteError(f"suite file {path} does not exist")
    return path


def load(name_or_path: str, src: str | None = None, threads: int | None = None) -> Suite:
    """Reads and checks a suite; src overrides the suite's own `src` (taken
    relative to the file), threads its thread count."""
    path = resolve(name_or_path)
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise SuiteError(f"{path}: not valid TOML: {err}") from err
    head = data.get("suite", {})
    _known(head, SUITE_KEYS, f"{path}: [suite]")
    if src is None and "src" not in head:
        raise SuiteError(
            f"{path}: the suite's sources are not bundled with it; give the "
            "folder of a checkout with --src DIR"
        )
    folder = Path(src).resolve() if src is not None else (path.parent / head["src"]).resolve()
    if not folder.is_dir():
        raise SuiteError(f"{path}: source folder {folder} does not exist (give --src DIR)")
    programs = data.get("programs")
    if not isinstance(programs, dict) or not programs:
        raise SuiteError(f"{path}: no [programs.NAME] tables")
    unknown = set(data) - {"suite", "programs"}
    if unknown:
        raise SuiteError(
            f"{path}: unknown table(s) {', '.join(sorted(unknown))} "
            "(a suite has [suite] and [programs.NAME])"
        )
    suite = Suite(
        _string(head, "name", path.stem, f"{path}: [suite]"),
        _string(head, "description", "", f"{path}: [suite]"),
        path,
        {},
    )
    for name, entry in programs.items():
        suite.programs[name] = _program(
            name, entry, head, folder, threads, f"{path}: [programs.{name}]"
        )
    return suite


def _program(name, entry, head, folder, threads, where) -> Program:
    if not isinstance(entry, dict):
        raise SuiteError(f"{where} is not a table")
    _known(entry, PROGRAM_KEYS, where)
    sources = _strings(entry, "sources", [], where)
    build = _string(entry, "build", "", where)
    if bool(sources) == bool(build):
        raise SuiteError(
            f"{where}: give either sources (a list of files under the source "
            "folder) or build (a shell command) with binary"
        )
    binary = _string(entry, "binary", "", where)
    if build and not binary:
        raise SuiteError(f"{where}: build needs binary, the file the command produces")
    for s in sources:
        if not (folder / s).is_file():
            raise SuiteError(
                f"{where}: source {folder / s} does not exist (is --src the suite's checkout?)"
            )
    inputs = {}
    for size in SIZES:
        if size not in entry:
            raise SuiteError(f"{where}: no {size} input (a list of arguments)")
        inputs[size] = [str(a) for a in _list(entry, size, where, (str, int))]
    try:
        check = parse_check(
            _string(entry, "check", _string(head, "check", "checksum-line", where), where),
            _string(entry, "ignore", "", where),
        )
    except SuiteError as err:
        raise SuiteError(f"{where}: {err}") from err
    count = threads or entry.get("threads", head.get("threads", 1))
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise SuiteError(f"{where}: threads must be a positive integer")
    manual = entry.get("manual", False)
    if not isinstance(manual, bool):
        raise SuiteError(f"{where}: manual must be true or false")

    def at_src(text):  # {src} in a flag, a library, the build command or binary
        return text.replace("{src}", str(folder))

    def listed(key):  # a program's own flags or libs, else the suite's
        return tuple(map(at_src, _strings(entry, key, _strings(head, key, [], where), where)))

    client, load, warmup = _serving(entry, inputs, folder, where)
    return Program(
        name,
        _string(entry, "what", "", where),
        folder,
        tuple(sources),
        at_src(build),
        at_src(binary),
        listed("flags"),
        listed("libs"),
        inputs,
        check,
        count,
        manual,
        client=client,
        load=load,
        warmup=warmup,
    )


def _serving(entry, inputs, folder, where):
    """A server's client sources, load and warm-up commands by size (none
    for a program that runs to its end)."""
    client = tuple(_strings(entry, "client", [], where))
    for s in client:
        if not (folder / s).is_file():
            raise SuiteError(f"{where}: client source {folder / s} does not exist")
    if "load" not in entry:
        if client or "warmup" in entry:
            raise SuiteError(f"{where}: client and warmup are for a server, which needs load")
        return (), {}, {}
    commands = [_by_size(entry, key, where) for key in ("load", "warmup")]
    for size, args in inputs.items():
        if not any("{port}" in a for a in args):
            raise SuiteError(
                f"{where}: a server's {size} arguments must hold {{port}} "
                "(where it listens; the bench picks a free port)"
            )
    return client, *commands


def _by_size(entry, key, where) -> dict:
    """size -> shell command, from a string for every size or a table."""
    if key not in entry:
        return {}
    value = entry[key]
    if isinstance(value, str):
        value = dict.fromkeys(SIZES, value)
    if (
        not isinstance(value, dict)
        or set(value) != set(SIZES)
        or not all(isinstance(v, str) and v for v in value.values())
    ):
        raise SuiteError(
            f"{where}: {key} must be a shell command, or a table of one per "
            f"size ({', '.join(SIZES)})"
        )
    return value


def _known(table, allowed, where):
    unknown = set(table) - allowed
    if unknown:
        raise SuiteError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))} "
            f"(known: {', '.join(sorted(allowed))})"
        )


def _string(table, key, default, where):
    value = table.get(key, default)
    if not isinstance(value, str):
        raise SuiteError(f"{where}: {key} must be a string")
    return value


def _list(table, key, where, kinds):
    value = table.get(key)
    if not isinstance(value, list) or not all(
        isinstance(v, kinds) and not isinstance(v, bool) for v in value
    ):
        kind = " or ".join({str: "strings", int: "integers"}[k] for k in kinds)
        raise SuiteError(f"{where}: {key} must be a list of {kind}")
    return value


def _strings(table, key, default, where):
    return _list(table, key, where, (str,)) if key in table else default


def bundled() -> Suite:
    """The applications in farhint's apps/ folder."""
    return load(str(SUITES_DIR / "bundled.toml"))
