"""Where the built native parts are (build/bin, build/lib)."""

import os
from pathlib import Path

from farhint.errors import UserError


class MissingPart(UserError):
    """A native part the command needs has not been built."""


def build_dir() -> Path:
    env = os.environ.get("FARHINT_BUILD_DIR")
    if env:  # absolute: programs run in folders of their own
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2] / "build"


def part(relative: str) -> Path:
    """Path of a built file, e.g. part('lib/libfarmem.so'); clear error if absent."""
    path = build_dir() / relative
    if not path.exists():
        raise MissingPart(f"{path} is not built; run `make` in the farhint source tree")
    return path


def llvm_dir() -> Path:
    """The LLVM 19 installation the build was configured with
    (FARHINT_LLVM_DIR: set by the launchers, else read from the build's
    CMake cache)."""
    env = os.environ.get("FARHINT_LLVM_DIR")
    if env:
        return Path(env)
    cache = build_dir() / "CMakeCache.txt"
    if cache.exists():
        for line in cache.read_text().splitlines():
            if line.startswith("FARHINT_LLVM_DIR:"):
                return Path(line.split("=", 1)[1])
    raise MissingPart(
        f"{cache} is not there to say where LLVM 19 is; run `make` in the "
        "farhint source tree, or set FARHINT_LLVM_DIR"
    )


def llvm_tool(name: str) -> str:
    """An LLVM tool of that installation: llvm_tool('clang'), ('llvm-nm')."""
    return str(llvm_dir() / "bin" / name)


def include_dir() -> Path:
    """Where farhint/hint.h is: the installed include/ or the source tree's."""
    env = os.environ.get("FARHINT_INCLUDE_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "runtime" / "include"
