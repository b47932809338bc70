"""The .fhprof profile: writing it, and reading it back with validation.
docs/profile-format.md is the one description of the schema."""

import json
from pathlib import Path

FORMAT = "farhint-profile"
VERSION = 1


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
    for i, s in enumerate(sites, 1):
        _require(isinstance(s, dict), path, f"site #{i} is not an object")
        _require(isinstance(s.get("id"), int) and s["id"] > 0, path,
                 f"site #{i} has no positive integer 'id'")
        _require(isinstance(s.get("file"), str) and s["file"], path, f"site #{i} has no 'file'")
        _require(isinstance(s.get("line"), int) and s["line"] > 0, path,
                 f"site #{i} has no positive 'line'")
        _require(isinstance(s.get("faults"), dict), path, f"site #{i} has no 'faults' object")
    return data


def site_faults(site: dict) -> int:
    f = site["faults"]
    return f.get("read", 0) + f.get("write", 0) + f.get("write_protect", 0)
