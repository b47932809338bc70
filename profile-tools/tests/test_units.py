"""The CLI's units parser against the table of cases it shares with the
runtime's and the memory server's (common/units-cases.tsv)."""

from pathlib import Path

import pytest

from farhint.errors import UserError
from farhint.units import parse_budget, parse_units

CASES = Path(__file__).resolve().parents[2] / "common" / "units-cases.tsv"


def _cases():
    for line in CASES.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, text, want = line.split("\t")
            yield pytest.param(kind, text, want, id=f"{kind}:{text!r}")


@pytest.mark.parametrize("kind,text,want", list(_cases()))
def test_every_case_of_the_shared_table(kind, text, want):
    if want == "error":
        with pytest.raises(UserError, match="is not a"):
            parse_units(text, kind)
    else:
        assert parse_units(text, kind) == int(want)


def test_a_budget_is_a_size_or_a_share_of_the_peak():
    assert parse_budget("25%", 1 << 30) == 1 << 28
    assert parse_budget("4GiB", None) == 4 << 30
    with pytest.raises(UserError, match="needs the program's peak"):
        parse_budget("25%", None)
    with pytest.raises(UserError, match=r"in \(0, 100\]"):
        parse_budget("0%", 1 << 30)
