#!/usr/bin/env python3
"""Checks that libfarmem's layers depend only downwards (docs/design/layers.md).

Each folder of runtime/src is a layer; LAYERS lists them from the bottom. A
file may include headers and call functions of its own layer and the layers
below it, never above; files directly in runtime/src (start-up and the
report) may use every layer. Includes are read from the sources; calls from
the object files (nm): a function of the runtime's own (fm_*, fh_*,
farhint_*) used by an object must be defined in its layer or below.

Usage: check-layers.py SRC_DIR [OBJECT...]
       check-layers.py --self-test   (the check finds an upward include and call)
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LAYERS = ["base", "core", "backend", "memory", "fault", "ult", "interpose"]
TOP = len(LAYERS)  # files directly in runtime/src
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(rel_path):
    """The rank of the layer a path relative to runtime/src is in."""
    head = rel_path.split("/", 1)[0]
    if "/" not in rel_path:
        return TOP
    if head not in LAYERS:
        raise SystemExit(
            f"check-layers: {rel_path} is in no layer: add its folder to LAYERS "
            f"in {sys.argv[0]} and to docs/design/layers.md"
        )
    return LAYERS.index(head)


def name(rank):
    return LAYERS[rank] if rank < TOP else "(top)"


def check_includes(src):
    problems, uses = [], {}
    for root, _, files in os.walk(src):
        for f in sorted(files):
            if not f.endswith((".c", ".h", ".S", ".def")):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)
            mine = layer_of(rel)
            for inc in INCLUDE.findall(Path(path).read_text(encoding="utf-8")):
                if not os.path.exists(os.path.join(src, inc)):
                    continue  # a header of another target (farmem/protocol.h, fh_tcp.h)
                theirs = layer_of(inc)
                uses.setdefault((mine, theirs), set()).add(rel)
                if theirs > mine:
                    problems.append(
                        f"{rel} ({name(mine)}) includes {inc} ({name(theirs)}), a layer above it"
                    )
    return problems, uses


def symbols(obj):
    """What obj defines, and what it uses: undefined (U) and weak undefined
    (w, v) symbols alike, since a weak reference binds to a definition when
    there is one."""
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in "Uwv":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRVWu":
            defined.add(parts[2])
    return defined, undefined


def source_of(obj):
    """runtime/src-relative source of a CMake object (.../src/fault/pagein.c.o)."""
    marker = "/src/"
    i = obj.rfind(marker)
    rel = obj[i + len(marker) :] if i >= 0 else os.path.basename(obj)
    return rel[:-2] if rel.endswith(".o") else rel


OWN_PREFIXES = ("fm_", "fh_", "farhint_")
LIBC_ADVICE = ": call glibc's through base/libc.h (add the name to base/libc.def)"


def check_calls(objects):
    owner, needs = {}, {}
    for obj in objects:
        rel = source_of(obj)
        defined, undefined = symbols(obj)
        for s in defined:
            owner[s] = rel
        needs[rel] = undefined
    problems = []
    for rel, syms in sorted(needs.items()):
        for s in sorted(syms):
            if s in owner and layer_of(owner[s]) > layer_of(rel):
                problems.append(
                    f"{rel} ({name(layer_of(rel))}) calls {s} of {owner[s]} "
                    f"({name(layer_of(owner[s]))}), a layer above it"
                    + (LIBC_ADVICE if not s.startswith(OWN_PREFIXES) else "")
                )
    return problems


def run(src, objects):
    if not objects:
        print("check-layers: no object files given: build libfarmem first", file=sys.stderr)
        return 1
    problems, uses = check_includes(src)
    problems += check_calls(objects)
    for p in problems:
        print(f"check-layers: {p}", file=sys.stderr)
    if problems:
        print(
            f"check-layers: {len(problems)} dependencies go up the layers "
            f"({' < '.join(LAYERS)} < top): move the code, or let the upper layer register "
            "a callback (docs/design/layers.md)",
            file=sys.stderr,
        )
        return 1
    for mine in range(TOP + 1):
        below = sorted(
            {name(t) for (m, t) in uses if m == mine and t != mine},
            key=lambda n: LAYERS.index(n) if n in LAYERS else TOP,
        )
        print(f"{name(mine):10} includes {', '.join(below) or '-'}")
    print(f"check-layers: {len(objects)} objects, no include or call goes up a layer")
    return 0


SELF_TEST_TREE = {
    # an upward include and call
    "fault/up.h": "void fm_up(void);\n",
    "base/low.c": '#include "fault/up.h"\nvoid fm_low(void) { fm_up(); }\n',
    "fault/up.c": "void fm_up(void) {}\nvoid fm_weak_up(void) {}\n",
    # a call through a libc name an upper layer interposes
    "interpose/mmap.c": "#include <stddef.h>\nvoid *mmap(void *a, size_t n, int p, int f, int fd, "
    "long o) { return a; }\n",
    "memory/pool.c": "#include <sys/mman.h>\nvoid *fm_pool(void) { return mmap(0, 4096, "
    "PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); }\n",
    # through a weak reference
    "core/meta.c": "void fm_weak_up(void) __attribute__((weak));\n"
    "void fm_meta(void) { if (fm_weak_up) fm_weak_up(); }\n",
    # downward calls, of libc names too, pass
    "base/libc.c": "#include <unistd.h>\nlong fm_read(int fd) { char c; return read(fd, &c, 1); }\n",
    "fault/down.c": "long fm_read(int);\nvoid fm_meta(void);\n"
    "void fm_down(void) { fm_read(0); fm_meta(); }\n",
}


def self_test():
    """A tree with an upward include, an upward call, one through a libc
    name and one through a weak reference fails on exactly those."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "src")
        objs = []
        for rel, text in SELF_TEST_TREE.items():
            os.makedirs(os.path.join(src, os.path.dirname(rel)), exist_ok=True)
            path = os.path.join(src, rel)
            Path(path).write_text(text)
            if rel.endswith(".c"):
                obj = path + ".o"
                subprocess.run(["cc", "-c", "-I", src, "-o", obj, path], check=True)
                objs.append(obj)
        inc, _ = check_includes(src)
        calls = check_calls(objs)
        assert len(inc) == 1 and "includes fault/up.h" in inc[0], inc
        found = sorted(c.split(" calls ")[1].split(" ")[0] for c in calls)
        assert found == ["fm_up", "fm_weak_up", "mmap"], calls
        assert "base/libc.h" in next(c for c in calls if " calls mmap " in c), calls
    print("check-layers: self-test found the upward include, call, libc name and weak reference")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(run(sys.argv[1], sys.argv[2:]))
