"""Paths a user gives: taken from the folder the command was typed in, and
a file to write checked before any work, not found missing after it."""

import os
from pathlib import Path

from farhint.errors import UserError


def output_file(text: str, option: str) -> Path:
    """The absolute path of a file the command will write; UserError now
    when its folder does not exist or cannot be written, or it is a folder."""
    path = Path(text).expanduser().absolute()
    folder = path.parent
    try:
        if path.is_dir():
            raise UserError(f"{option} {text} is a folder: name a file in it")
        if not folder.is_dir():
            raise UserError(
                f"{option} {text}: the folder {folder} does not exist: create it, or name a "
                "file in a folder that does"
            )
    except PermissionError:
        raise UserError(f"{option} {text}: cannot reach {folder} (permission denied)") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UserError(f"{option} {text}: cannot write in {folder}")
    return path
