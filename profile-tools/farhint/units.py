"""Sizes, times and rates as users type them: 512M, 2G, 25%, 5us, 100gbit.

The grammar and suffixes are the runtime's and the memory server's
(common/fh_units.c); both parsers are tested on common/units-cases.tsv.
"""

import re

from farhint.errors import UserError

_SIZES = {
    "": 1,
    "b": 1,
    "k": 1 << 10,
    "kb": 1 << 10,
    "kib": 1 << 10,
    "m": 1 << 20,
    "mb": 1 << 20,
    "mib": 1 << 20,
    "g": 1 << 30,
    "gb": 1 << 30,
    "gib": 1 << 30,
    "t": 1 << 40,
    "tb": 1 << 40,
    "tib": 1 << 40,
}
KINDS = {
    "size": (_SIZES, "a size", "512M, 2G, 1048576"),
    "time": ({"": 1, "ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}, "a time", "5us, 200ns, 0"),
    "rate": (
        {"": 1, "bit": 1, "kbit": 1e3, "mbit": 1e6, "gbit": 1e9},
        "a rate",
        "100gbit, 25gbit, 0",
    ),
    "count": ({"": 1}, "a whole number", "32, 1024"),
}
_VALUE = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)\s*([a-zA-Z]*)\s*")


def parse_units(text: str, kind: str) -> int:
    """'512M', 'size' -> 536870912. Raises UserError naming the kind, with
    examples, on anything else."""
    suffixes, what, examples = KINDS[kind]
    m = _VALUE.fullmatch(text)
    mult = suffixes.get(m.group(2).lower()) if m else None
    value = float(m.group(1)) * mult if mult is not None else None
    if value is None or not value < 2.0**64 or (kind == "count" and value != int(value)):
        raise UserError(f"{text!r} is not {what} (examples: {examples})")
    if kind == "time" and not m.group(2) and value != 0:  # as fh_units.c: "10" is no time
        raise UserError(f"{text!r} is not {what}: give its unit, e.g. {text.strip()}ms")
    return int(value)


def parse_size(text: str) -> int:
    """'512M' -> 536870912."""
    return parse_units(text, "size")


def parse_percentage(text: str) -> float:
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]*)?)\s*%\s*", text)
    if not m or not 0 < float(m.group(1)) <= 100:
        raise UserError(f"{text!r}: a percentage must be in (0, 100]")
    return float(m.group(1))


def parse_budget(text: str, peak: int | None) -> int:
    """A local-memory budget: a size, or a percentage of the program's peak."""
    if text.strip().endswith("%"):
        pct = parse_percentage(text)
        if peak is None:
            raise UserError(
                f"--local {text} needs the program's peak memory: give "
                "--peak SIZE or --profile FILE"
            )
        return int(peak * pct / 100)
    return parse_size(text)
