"""The .fhprof profile: writing it, and reading it back with validation.
docs/profile-format.md is the one description of the schema."""

import json
from pathlib import Path

FORMAT = "farhint-profile"
VERSION = 1
ID_MAX = 2**31 - 1  # site ids are int32 in the plugin and the runtime


class ProfileError(Exception):
    pass


def write_profile(path, profile: dict):
    Path(path).write_text(json.dumps(profile, indent=1) + "\n")


def _require(cond, path, what):
    if not cond:
        raise ProfileError(f"profile '{path}': {what}")


def load_profile(path) -> dict:
    """The profile as a dict, or ProfileError naming the file and the problem."""
    try:
        text = Path(path).read_text()
    except OSError as err:
        raise ProfileError(f"profile '{path}': cannot read it: {err.strerror}") from err
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ProfileError(f"profile '{path}': not valid JSON ({err.msg} at line {err.lineno} "
                           f"column {err.colno}); was it truncated? record it again with "
                           "`farhint profile`") from err
    _require(isinstance(data, dict), path, "not a JSON object")
    _require(data.get("format") == FORMAT, path,
             f"not a farhint profile (its 'format' is {data.get('format')!r}, expected '{FORMAT}')")
    _require(data.get("version") == VERSION, path,
             f"version {data.get('version')!r} is not supported: this farhint reads version "
             f"{VERSION}; record it again with `farhint profile`")
    sites = data.get("sites")
    _require(isinstance(sites, list), path, "has no 'sites' array")
    first_with = {}  # id -> site number, to name a repeated one
    for i, s in enumerate(sites, 1):
        _require(isinstance(s, dict), path, f"site #{i} is not an object")
        # The same bounds as the plugin's reader (llvm-pass/lib/Profile.cpp).
        _require(isinstance(s.get("id"), int) and 0 < s["id"] <= ID_MAX, path,
                 f"site #{i} has no positive integer 'id'")
        _require(s["id"] not in first_with, path,
                 f"site #{i} repeats id {s['id']} of site #{first_with.get(s['id'])}")
        first_with[s["id"]] = i
        _require(isinstance(s.get("file"), str) and s["file"], path, f"site #{i} has no 'file'")
        _require(isinstance(s.get("line"), int) and s["line"] > 0, path,
                 f"site #{i} has no positive 'line'")
        _require(isinstance(s.get("faults"), dict), path, f"site #{i} has no 'faults' object")
        _require(all(isinstance(n, int) and n >= 0 for n in s["faults"].values()), path,
                 f"site #{i} has a negative fault count")
    return data


def site_faults(site: dict) -> int:
    f = site["faults"]
    return f.get("read", 0) + f.get("write", 0) + f.get("write_protect", 0)
