"""Where the built native parts are (build/bin, build/lib)."""

import os
from pathlib import Path


class MissingPart(Exception):
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


def include_dir() -> Path:
    """Where farhint/hint.h is: the installed include/ or the source tree's."""
    env = os.environ.get("FARHINT_INCLUDE_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "runtime" / "include"
