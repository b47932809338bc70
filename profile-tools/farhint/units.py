"""Sizes and durations as users type them: 512M, 2G, 25%, 5us, 100gbit."""

import re

_SIZE = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20,
         "mb": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
         "t": 1 << 40}


def parse_size(text: str) -> int:
    """'512M' -> 536870912. Raises ValueError with an example on bad input."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)\s*", text)
    if not m or m.group(2).lower() not in _SIZE:
        raise ValueError(f"{text!r} is not a size (examples: 512M, 2G, 1048576)")
    return int(float(m.group(1)) * _SIZE[m.group(2).lower()])


def parse_budget(text: str, peak: int | None) -> int:
    """A local-memory budget: a size, or a percentage of the program's peak."""
    if text.strip().endswith("%"):
        pct = float(text.strip()[:-1])
        if not 0 < pct <= 100:
            raise ValueError(f"{text!r}: a percentage must be in (0, 100]")
        if peak is None:
            raise ValueError(f"--local {text} needs the program's peak memory: give "
                             "--peak SIZE or --profile FILE")
        return int(peak * pct / 100)
    return parse_size(text)
