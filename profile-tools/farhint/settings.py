"""The far-memory runtime's settings, read from the table the runtime is
built with (farhint/settings.def): `farhint run`'s options, their defaults
and help, and the FARHINT_* variables they set. The runtime checks bounds
and says which variable is wrong; the CLI checks only that a value is one
of its kind, so that its message names the option."""

import re
from dataclasses import dataclass
from functools import cache

from farhint import buildtree
from farhint.errors import UserError
from farhint.units import KINDS, parse_units

COLUMNS = ("name", "field", "kind", "default", "min", "max", "option", "choices", "help")
_TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_]\w*)|([,)]))')


@dataclass(frozen=True)
class Setting:
    name: str
    field: str
    kind: str  # SIZE TIME RATE COUNT FRACTION FLAG CHOICE TEXT
    default: str
    min: str
    max: str
    option: str
    choices: str
    help: str

    @property
    def env(self) -> str:
        return f"FARHINT_{self.name}"

    def checked(self, text: str) -> str:
        """text, if it is a value of this setting's kind within its bounds;
        else UserError naming the option."""
        kind = self.kind.lower()
        if not text.strip():  # the runtime would take its default instead
            raise UserError(f"{self.option} is empty: give a value or leave the option out")
        if kind in KINDS:
            try:
                value = parse_units(text, kind)
            except UserError as err:
                raise UserError(f"{self.option}: {err}") from None
            bound = lambda b: parse_units(b, kind)  # noqa: E731
        elif self.kind == "FRACTION":
            if not re.fullmatch(r"[0-9]+(\.[0-9]*)?|\.[0-9]+", text):
                raise UserError(f"{self.option}: {text!r} is not a fraction (e.g. {self.default})")
            value, bound = float(text), float
        else:
            return text
        if self.min and value < bound(self.min):
            raise UserError(f"{self.option} {text}: the least it takes is {self.min}")
        if self.max and value > bound(self.max):
            raise UserError(f"{self.option} {text}: the most it takes is {self.max}")
        return text


def _rows(text: str):
    """The columns of each SETTING(...) row: adjacent strings joined."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for start in re.finditer(r"^SETTING\(", text, re.M):
        row, part, pos = [], [], start.end()
        while True:
            m = _TOKEN.match(text, pos)
            if not m:
                raise ValueError(
                    f"settings.def: cannot read the row at {text[start.start() : pos + 20]!r}"
                )
            pos = m.end()
            if m.group(3):
                row.append("".join(part))
                part = []
                if m.group(3) == ")":
                    break
            else:
                part.append(m.group(1) if m.group(1) is not None else m.group(2))
        yield row


@cache
def table() -> dict[str, Setting]:
    path = buildtree.include_dir() / "farhint" / "settings.def"
    rows = [Setting(*row) for row in _rows(path.read_text()) if len(row) == len(COLUMNS)]
    return {s.name: s for s in rows}


def add_option(parser, name: str):
    """The setting's `farhint run` option on parser; unset, it stays None
    and the runtime takes the table's default."""
    s = table()[name]
    default = f" (default {s.default})" if s.default else ""
    if s.kind == "FLAG":
        parser.add_argument(s.option, action="store_true", help=s.help)
    elif s.kind == "CHOICE":
        parser.add_argument(s.option, choices=s.choices.split(), help=s.help + default)
    else:
        bounds = f", {s.min}..{s.max}" if s.min and s.max else ""
        metavar = {"COUNT": "N", "FRACTION": "F", "TEXT": s.name}.get(s.kind, s.kind)
        parser.add_argument(s.option, metavar=metavar, help=f"{s.help}{bounds}{default}")


def options() -> list[str]:
    """The settings `farhint run` has an option for, in the table's order."""
    return [s.name for s in table().values() if s.option]


def given(args, name: str):
    return getattr(args, table()[name].option.lstrip("-").replace("-", "_"))


def value(args, name: str) -> str:
    """The option's value as given, or the table's default."""
    s = table()[name]
    v = given(args, name)
    return s.checked(v) if v is not None else s.default


def environment(args, names) -> dict:
    """FARHINT_<NAME> for each of the settings whose option was given."""
    env = {}
    for name in names:
        s, v = table()[name], given(args, name)
        if s.kind == "FLAG" and v:
            env[s.env] = 0 if s.default == "1" else 1
        elif s.kind != "FLAG" and v is not None:
            env[s.env] = s.checked(str(v))
    return env
