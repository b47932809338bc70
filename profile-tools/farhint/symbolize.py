"""Instruction pointers to source locations with llvm-symbolizer, using
the memory map the trace recorded (position-independent code moves)."""

import json
import os
import re
import subprocess
from dataclasses import dataclass

from farhint import buildtree

SYSTEM_DIRS = ("/usr/include/", "/usr/lib/", "/usr/local/include/", "/usr/src/")
RUNTIME_HEADERS = ("farhint/hint.h",)


@dataclass(frozen=True)
class Frame:
    """One source frame; an address expands to several when code was inlined."""

    module: str
    function: str
    file: str
    line: int
    column: int

    def location(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.file else f"{self.module}+?"


@dataclass
class Mapping:
    start: int
    end: int
    offset: int
    path: str


def parse_maps(text: str) -> list:
    maps = []
    for line in text.splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) < 6 or not parts[5].startswith("/"):
            continue
        lo, hi = (int(x, 16) for x in parts[0].split("-"))
        maps.append(Mapping(lo, hi, int(parts[2], 16), parts[5].strip()))
    return maps


def _elf_head(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            head = f.read(18)
        return head if head[:4] == b"\x7fELF" else b""
    except OSError:
        return b""


def is_elf(path: str) -> bool:
    return bool(_elf_head(path))


def _is_exec_type(path: str) -> bool:
    """ET_EXEC (not position-independent): addresses are used as they are."""
    head = _elf_head(path)
    return bool(head) and int.from_bytes(head[16:18], "little") == 2


def build_id(path: str) -> str:
    out = subprocess.run(
        [buildtree.llvm_tool("llvm-readelf"), "--notes", path], capture_output=True, text=True
    )
    m = re.search(r"Build ID:\s*([0-9a-f]+)", out.stdout)
    return m.group(1) if m else ""


def profiled_builds(path: str) -> set:
    """Build ids of the binaries whose profiles the hints in path were
    compiled from (the pass's .farhint.profile section, hint.h)."""
    out = subprocess.run(
        [buildtree.llvm_tool("llvm-readelf"), "--string-dump=.farhint.profile", path],
        capture_output=True,
        text=True,
    )
    return set(re.findall(r"\]\s+([0-9a-f]+)$", out.stdout, re.M))


def hinted_sites(path: str) -> tuple[set, set]:
    """The profile's sites the pass hinted in path, and those with a
    prefetch ahead (its .farhint.sites section, hint.h), summed over the
    objects linked in."""
    out = subprocess.run(
        [buildtree.llvm_tool("llvm-readelf"), "--string-dump=.farhint.sites", path],
        capture_output=True,
        text=True,
    )
    words = re.findall(r"\b([hp])(\d+)\b", " ".join(re.findall(r"\]\s+(.*)$", out.stdout, re.M)))
    return {int(n) for k, n in words if k == "h"}, {int(n) for k, n in words if k == "p"}


def has_hints(path: str) -> bool:
    """Whether the pass hinted anything in path: its profile mark, or (for
    a profile without a build id) the runtime entry points hints call."""
    if profiled_builds(path):
        return True
    out = subprocess.run(
        [buildtree.llvm_tool("llvm-nm"), "--undefined-only", path], capture_output=True, text=True
    )
    return re.search(r"\bfarhint_(hint|prefetch)", out.stdout) is not None


def has_debug_info(path: str) -> bool:
    out = subprocess.run(
        [buildtree.llvm_tool("llvm-readelf"), "--sections", "--wide", path],
        capture_output=True,
        text=True,
    )
    return ".debug_info" in out.stdout or ".debug_line" in out.stdout


class Symbolizer:
    def __init__(self, maps_text: str):
        self.maps = parse_maps(maps_text)
        self.base = {}
        for m in self.maps:
            if m.offset == 0 and m.path not in self.base:
                self.base[m.path] = 0 if _is_exec_type(m.path) else m.start
        self.cache = {}

    def module_of(self, ip: int):
        for m in self.maps:
            if m.start <= ip < m.end:
                return m.path, ip - self.base.get(m.path, m.start)
        return None, ip

    def symbolize(self, ips) -> dict:
        """ip -> [Frame, ...] innermost first. ips are exact (first frame of
        a fault) or return addresses (pass ip - 1 for those)."""
        pending = {}
        for ip in set(ips) - set(self.cache):
            module, offset = self.module_of(ip)
            if module:
                pending[ip] = (module, offset)
            else:
                self.cache[ip] = [Frame("?", "??", "", 0, 0)]
        if pending:
            order = list(pending)
            query = "".join(f'"{pending[ip][0]}" 0x{pending[ip][1]:x}\n' for ip in order)
            out = subprocess.run(
                [
                    buildtree.llvm_tool("llvm-symbolizer"),
                    "--output-style=JSON",
                    "--inlines",
                    "--demangle",
                ],
                input=query,
                capture_output=True,
                text=True,
                check=True,
            )
            for ip, line in zip(order, out.stdout.splitlines(), strict=False):
                result = json.loads(line)
                frames = []
                for s in result.get("Symbol", []):
                    name = s.get("FileName", "")
                    frames.append(
                        Frame(
                            pending[ip][0],
                            s.get("FunctionName") or "??",
                            "" if name in ("", "??") else os.path.normpath(name),
                            int(s.get("Line") or 0),
                            int(s.get("Column") or 0),
                        )
                    )
                self.cache[ip] = frames or [Frame(pending[ip][0], "??", "", 0, 0)]
        return {ip: self.cache[ip] for ip in ips}


def is_application(frame: Frame, app_modules) -> bool:
    """A frame with source in the application: in its binary, not in a system
    header or library, not in farhint's own hint header."""
    return (
        frame.module in app_modules
        and bool(frame.file)
        and frame.line > 0
        and not frame.file.startswith(SYSTEM_DIRS)
        and not frame.file.endswith(RUNTIME_HEADERS)
    )
