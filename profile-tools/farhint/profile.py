"""The .fhprof profile: writing it, and reading it back with validation.
docs/profile-format.md is the one description of the schema."""

import json
from pathlib import Path

from farhint.errors import UserError

FORMAT = "farhint-profile"
VERSION = 1
ID_MAX = 2**31 - 1  # site ids are int32 in the plugin and the runtime


class ProfileError(UserError):
    pass


def write_profile(path, profile: dict):
    Path(path).write_text(json.dumps(profile, indent=1) + "\n")


def _require(cond, path, what):
    if not cond:
        raise ProfileError(f"profile '{path}': {what}")


COUNT_MAX = 2**48  # fault counts and sizes: far beyond any run, safe to add up


def _number(text):
    """A JSON number with a fraction or exponent: an int when integral, as
    the plugin's reader takes it (10.0 is 10)."""
    x = float(text)
    return int(x) if x.is_integer() and abs(x) < 2**63 else x


def _integer(x):
    """x as a JSON integer that fits 64 bits (not a bool), or None."""
    return x if type(x) is int and -(2**63) <= x < 2**63 else None


def _count(x) -> bool:
    n = _integer(x)
    return n is not None and 0 <= n < COUNT_MAX


def _is_str(x) -> bool:
    return isinstance(x, str)


def _is_str_list(x) -> bool:
    return isinstance(x, list) and all(isinstance(a, str) for a in x)


def _is_bool(x) -> bool:
    return isinstance(x, bool)


def _is_integer(x) -> bool:
    return _integer(x) is not None


def _is_dict(x) -> bool:
    return isinstance(x, dict)


def _optional(obj, key, check) -> bool:
    return key not in obj or check(obj[key])


def _check_loc(path, obj, where):
    _require(isinstance(obj.get("file"), str) and obj["file"], path, f"{where} has no 'file'")
    line = _integer(obj.get("line"))
    _require(line is not None and line > 0, path, f"{where} has no positive 'line'")
    _require(
        _optional(obj, "column", _count),
        path,
        f"{where} has a 'column' that is not a non-negative integer",
    )
    _require(
        _optional(obj, "function", _is_str), path, f"{where} has a 'function' that is not a string"
    )


# Optional fields, checked alike by the plugin's reader (llvm-pass/lib/Profile.cpp).
RUN_COUNTS = ("total_faults", "faults_seen", "local_bytes", "peak_bytes")
FAULT_KINDS = ("read", "write", "write_protect", "hinted")


def _check_top(path, data):
    _require(_optional(data, "binary", _is_dict), path, "'binary' is not an object")
    _require(
        _optional(data.get("binary", {}), "build_id", _is_str),
        path,
        "'binary.build_id' is not a string",
    )
    _require(_optional(data, "source_root", _is_str), path, "'source_root' is not a string")
    _require(_optional(data, "run", _is_dict), path, "'run' is not an object")
    run = data.get("run", {})
    for key in RUN_COUNTS:
        _require(_optional(run, key, _count), path, f"'run.{key}' is not a non-negative integer")
    _require(
        _optional(run, "command", _is_str_list), path, "'run.command' is not a list of strings"
    )
    _require(
        _optional(
            data,
            "unattributed",
            lambda v: (
                isinstance(v, list)
                and all(
                    _is_dict(u) and _is_str(u.get("function")) and _count(u.get("faults"))
                    for u in v
                )
            ),
        ),
        path,
        "'unattributed' is not a list of {function, faults}",
    )


def _check_site(path, s, i):
    where = f"site #{i}"
    _require(isinstance(s, dict), path, f"{where} is not an object")
    sid = _integer(s.get("id"))
    _require(sid is not None and 0 < sid <= ID_MAX, path, f"{where} has no positive integer 'id'")
    _check_loc(path, s, where)
    chain = s.get("inlined_at", [])
    _require(isinstance(chain, list), path, f"{where}: 'inlined_at' is not a list")
    for k, c in enumerate(chain):
        _require(isinstance(c, dict), path, f"{where}: inlined_at entry {k} is not an object")
        _check_loc(path, c, f"{where} inlined_at[{k}]")
    _require(
        _optional(s, "source_line", _is_str),
        path,
        f"{where} has a 'source_line' that is not a string",
    )
    _require(
        _optional(s, "frames", _is_str_list),
        path,
        f"{where} has 'frames' that are not a list of strings",
    )
    faults = s.get("faults")
    _require(isinstance(faults, dict), path, f"{where} has no 'faults' object")
    for kind in FAULT_KINDS:
        n = _integer(faults.get(kind, 0))
        _require(n is not None, path, f"{where} has a fault count that is not an integer")
        _require(n >= 0, path, f"{where} has a negative fault count")
        _require(n < COUNT_MAX, path, f"{where} has a fault count above 2^48")
    g = s.get("suggest", {})
    _require(isinstance(g, dict), path, f"{where}: 'suggest' is not an object")
    for key, check in (
        ("mut", _is_bool),
        ("seq", _is_bool),
        ("size", _count),
        ("rdahead", _is_integer),
        ("ev_prio", _is_integer),
    ):
        _require(_optional(g, key, check), path, f"{where}: 'suggest.{key}' has the wrong type")
    return sid


def load_profile(path) -> dict:
    """The profile as a dict, or ProfileError naming the file and the problem."""
    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as err:
        raise ProfileError(
            f"profile '{path}': cannot read it: {getattr(err, 'strerror', None) or err}"
        ) from err
    try:
        data = json.loads(text, parse_float=_number)
    except (json.JSONDecodeError, RecursionError) as err:
        why = (
            f"{err.msg} at line {err.lineno} column {err.colno}"
            if isinstance(err, json.JSONDecodeError)
            else "nested too deep"
        )
        raise ProfileError(
            f"profile '{path}': not valid JSON ({why}); was it truncated? "
            "record it again with `farhint profile`"
        ) from err
    _require(isinstance(data, dict), path, "not a JSON object")
    _require(
        data.get("format") == FORMAT,
        path,
        f"not a farhint profile (its 'format' is {data.get('format')!r}, expected '{FORMAT}')",
    )
    _require(
        _integer(data.get("version")) == VERSION,
        path,
        f"version {data.get('version')!r} is not supported: this farhint reads version "
        f"{VERSION}; record it again with `farhint profile`",
    )
    _check_top(path, data)
    sites = data.get("sites")
    _require(isinstance(sites, list), path, "has no 'sites' array")
    first_with = {}  # id -> site number, to name a repeated one
    for i, s in enumerate(sites, 1):
        sid = _check_site(path, s, i)
        _require(
            sid not in first_with,
            path,
            f"site #{i} repeats id {sid} of site #{first_with.get(sid)}",
        )
        first_with[sid] = i
    total = (data.get("run") or {}).get("total_faults")
    in_sites = sum(site_faults(s) for s in sites)
    _require(
        total is None or total >= in_sites,
        path,
        f"its 'run.total_faults' is {total}, fewer than its sites' {in_sites} faults: it was "
        "edited or damaged; record it again with `farhint profile`",
    )
    data.setdefault("run", {})  # optional: the tools read them as empty
    data.setdefault("binary", {})
    return data


def site_faults(site: dict) -> int:
    f = site["faults"]
    return f.get("read", 0) + f.get("write", 0) + f.get("write_protect", 0)
