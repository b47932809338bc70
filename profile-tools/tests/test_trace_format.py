"""The trace's layout is written twice: in C (runtime/include/farhint/trace.h,
what libfarmem writes) and in Python (farhint/trace.py, what `farhint
profile` reads). A program compiled against the header prints the record's
size and field offsets, the kinds and the flags; they must be trace.py's."""

import json
import subprocess
from pathlib import Path

from farhint import trace

HEADER = Path(__file__).resolve().parents[2] / "runtime" / "include"

# trace.py's header fields, in the order of its struct format.
FIELDS = ("kind", "tid", "time_ns", "addr", "size", "flags", "nframes", "weight")
KINDS = ("FAULT", "ALLOC", "FREE", "MAPS", "INFO", "EXE", "SAMPLING", "BUDGET", "WINDOW")
FLAGS = ("WRITE", "WP", "HINTED", "KERNEL", "NOSTACK")

PROGRAM = (
    """
#include <farhint/trace.h>
#include <stddef.h>
#include <stdio.h>
#define R struct farhint_trace_rec
int main(void) {
  printf("{\\"magic\\": \\"%s\\", \\"size\\": %zu, \\"offsets\\": [", FARHINT_TRACE_MAGIC,
         sizeof(R));
"""
    + "".join(
        f'  printf("%s%zu", "{", " if i else ""}", offsetof(R, {f}));\n'
        for i, f in enumerate(FIELDS)
    )
    + '  printf("], \\"kinds\\": [");\n'
    + "".join(
        f'  printf("%s%d", "{", " if i else ""}", (int)FARHINT_TRACE_{k});\n'
        for i, k in enumerate(KINDS)
    )
    + '  printf("], \\"flags\\": [");\n'
    + "".join(
        f'  printf("%s%u", "{", " if i else ""}", (unsigned)FARHINT_TRACE_{f});\n'
        for i, f in enumerate(FLAGS)
    )
    + '  printf("]}\\n");\n  return 0;\n}\n'
)


def layout_in_c(tmp_path):
    src, exe = tmp_path / "layout.c", tmp_path / "layout"
    src.write_text(PROGRAM)
    subprocess.run(["clang-19", "-I", str(HEADER), str(src), "-o", str(exe)], check=True)
    return json.loads(subprocess.run([str(exe)], capture_output=True, text=True).stdout)


def offsets_in_python():
    """Each field's offset in trace.py's struct format (little-endian, no padding)."""
    offsets, at = [], 0
    for code in trace._HEADER.format.lstrip("<"):
        offsets.append(at)
        at += {"I": 4, "Q": 8, "H": 2}[code]
    return offsets


def test_trace_py_reads_the_layout_the_header_describes(tmp_path):
    c = layout_in_c(tmp_path)
    assert c["magic"].encode() == trace.MAGIC
    assert c["size"] == trace._HEADER.size, "a record's header"
    assert c["offsets"] == offsets_in_python(), dict(zip(FIELDS, c["offsets"], strict=False))
    assert c["kinds"] == [getattr(trace, k) for k in KINDS]
    assert c["flags"] == [getattr(trace, f) for f in FLAGS]
