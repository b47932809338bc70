"""The hint report of a profile: ranked sites with their share of faults and
suggested hint, how many sites cover 90/95/99%, what the plugin did with
each site (from its YAML reports), and the comparison of two profiles
(Eden's iterative use: which faults remain after hinting)."""

import os
from pathlib import Path

import yaml

from farhint.analysis import EV_KEEP
from farhint.errors import UserError
from farhint.profile import site_faults


class HintReportError(UserError):
    pass


def load_hint_reports(paths) -> dict:
    """site id -> what the plugin did: {"hinted": bool, "why": str, and for
    a hinted site its "params", "location", "function", "fault-share" and
    "accesses" as the report gives them}.
    A site hinted in any translation unit counts as hinted. A report file
    holds a document a translation unit (report=FILE, merged by every
    compile); a folder (report=DIR/) stands for every report in it."""
    out = {}
    files = []
    for path in map(Path, paths):
        files += sorted(path.glob("*.yaml")) if path.is_dir() else [path]
    docs = []
    for path in files:
        try:
            with open(path) as f:
                found = [d for d in yaml.safe_load_all(f) if d is not None]
        except (OSError, yaml.YAMLError) as err:
            raise HintReportError(f"cannot read the plugin's report {path}: {err}") from err
        if not found or any(not isinstance(d, dict) or d.get("farhint-report") != 1 for d in found):
            raise HintReportError(f"{path} is not a FarHint plugin report (report=PATH output)")
        docs += found
    for doc in docs:  # one a translation unit
        for entry in doc.get("hinted") or []:
            out[entry["site"]] = {
                **entry,
                "hinted": True,
                "params": entry.get("params", {}),
                "why": entry.get("why", ""),
            }
        for entry in doc.get("not-hinted") or []:
            if not out.get(entry["site"], {}).get("hinted"):
                reason = entry.get("reason", "")
                # "not in this translation unit" yields to what another unit says
                if entry["site"] not in out or "translation unit" not in reason:
                    out[entry["site"]] = {"hinted": False, "why": reason}
    return out


def plugin_text(site_id, hints) -> str:
    h = hints.get(site_id)
    if h is None:
        return ""
    if h.get("buffered-writes"):
        return "hinted: " + h["why"]  # "buffered writes: <shapes>; the profile: ..."
    if h["hinted"]:
        ahead = "; prefetch ahead" if h.get("prefetch-ahead") else ""
        return "hinted: " + params_text(h["params"]) + ahead  # as the suggestions read
    return "not hinted: " + h["why"]


COVERAGE_LEVELS = (0.90, 0.95, 0.99)


def sites_to_cover(sites, total, share):
    """How many of the top sites cover share of all faults (None if never)."""
    covered = 0
    for n, s in enumerate(sorted(sites, key=site_faults, reverse=True), 1):
        covered += site_faults(s)
        if total and covered >= share * total:
            return n
    return None


def coverage_summary(profile) -> dict:
    total = profile["run"].get("total_faults") or sum(site_faults(s) for s in profile["sites"])
    return {
        f"{int(level * 100)}%": sites_to_cover(profile["sites"], total, level)
        for level in COVERAGE_LEVELS
    }


def sample_text(run):
    """When the profile holds a sample of the faults: how much of the run it
    recorded, and the error bound on each site's share (None otherwise)."""
    recorded, total = run.get("faults_recorded"), run.get("total_faults")
    error = run.get("share_error_pct")
    if not isinstance(recorded, int) or not isinstance(total, int) or recorded >= total:
        return None
    bound = (
        f"; each share is within +-{error:.1f} points (95%)"
        if isinstance(error, (int, float))
        else ""
    )
    spatial = run.get("spatial_sampling") or {}
    where, caveat = "", ""
    if spatial.get("one_in"):
        where = (
            f" on 1 page in {spatial['one_in']} (kept far under as small a share of the "
            f"budget; the other pages stayed local)"
        )
        # The bound is of sampling alone: the sampled pages compete only
        # among themselves for the budget, so a share can move further.
        caveat = (
            "; evicting among the sampled pages alone can move a share a few points "
            "more (docs/results, 'What a profile costs')"
        )
    windows = run.get("windows") or {}
    when = (
        f", in {windows['recorded']} windows of time holding "
        f"{windows['recorded_share']:.0%} of the traced run (every page local between "
        "them; each window counted for the time up to the next, so the total is low: "
        "a program runs slower in a window than between them)"
        if windows
        else ""
    )
    return (
        f"a sample: {recorded} of about {total} faults recorded{where}{when} (every fault "
        f"at first, then bursts of consecutive faults, each counted for the faults it "
        f"stands for){bound}{caveat}"
    )


def hint_text(s) -> str:
    g = s.get("suggest")
    return params_text(g) if g else "-"


def params_text(g) -> str:
    """A hint's parameters in words: a suggestion's, or the plugin's."""
    parts = (["mut"] if g.get("mut") else []) + (["seq"] if g.get("seq") else [])
    if g.get("rdahead"):
        parts.append(f"rdahead={g['rdahead']}")
    if g.get("ev_prio") == EV_KEEP:
        parts.append(f"ev_prio={EV_KEEP}(keep)")
    elif g.get("ev_prio"):
        parts.append(f"ev_prio={g['ev_prio']}")
    return " ".join(parts) or "basic"


LEGEND = (
    "kind: R read faults, W write faults, P write-protect faults (a first write to a page "
    "read before); suggested hint: mut (the access writes: mapped writable), seq (a scan), "
    "rdahead=N (pages read ahead, negative: backwards), ev_prio (eviction class: 1 reclaim "
    "first, -1 keep a part resident); basic: a hint with none of these (the page fetched "
    "before the access, without a trap)"
)


def kind_text(s) -> str:
    f = s["faults"]
    return "".join(
        k
        for k, n in (
            ("R", f.get("read", 0)),
            ("W", f.get("write", 0)),
            ("P", f.get("write_protect", 0)),
        )
        if n
    )


def short_path(path) -> str:
    try:
        rel = os.path.relpath(path)
        return rel if not rel.startswith("..") else path
    except ValueError:
        return path


def rows(profile, top=None, hints=None):
    total = profile["run"].get("total_faults") or 1
    cum = 0
    out = []
    for s in sorted(profile["sites"], key=site_faults, reverse=True)[:top]:
        n = site_faults(s)
        cum += n
        out.append(
            {
                "rank": len(out) + 1,
                "id": s["id"],
                "site": f"{short_path(s['file'])}:{s['line']}:{s.get('column', 0)}",
                "function": s.get("function", ""),
                "faults": n,
                "percent": round(100 * n / total, 2),
                "cumulative": round(100 * cum / total, 2),
                "kind": kind_text(s),
                "hinted": s["faults"].get("hinted", 0),
                "hint": hint_text(s),
                "source": (s.get("source_line") or "").strip(),
                **({"plugin": plugin_text(s["id"], hints)} if hints else {}),
            }
        )
    return out


def print_table(profile, top=20, out=None, hints=None):
    import sys

    out = out or sys.stdout
    run = profile["run"]
    total = run.get("total_faults", 0)
    print(
        f"{total} faults at {run.get('local_bytes', 0) >> 20} MiB local "
        f"({len(profile['sites'])} sites) in {' '.join(run.get('command', []))}",
        file=out,
    )
    sample = sample_text(run)
    if sample:
        print(sample, file=out)
    if isinstance(run.get("warmup_s"), (int, float)) and run["warmup_s"] > 0:
        print(
            f"faults after a warm-up of {run['warmup_s']:g} s (farhint profile --warmup)", file=out
        )
    if isinstance(run.get("start_signal"), str) and run["start_signal"]:
        print(
            f"faults from the program's first {run['start_signal']} to its second "
            "(farhint profile --start-signal)",
            file=out,
        )
    header = f"{'rank':>4} {'site':<32} {'function':<18} {'faults':>8} {'%':>6} {'cum%':>6} {'kind':<4} {'suggested hint':<26} source"
    print(header, file=out)
    for r in rows(profile, top, hints):
        print(
            f"{r['rank']:>4} {r['site'][-32:]:<32} {r['function'][:18]:<18} {r['faults']:>8} "
            f"{r['percent']:>6.1f} {r['cumulative']:>6.1f} {r['kind']:<4} {r['hint']:<26} "
            f"{r['source'][:60]}",
            file=out,
        )
        if r.get("plugin"):
            print(f"{'':>5}plugin: {r['plugin'][:150]}", file=out)
    print(LEGEND, file=out)
    cov = coverage_summary(profile)
    print(
        "sites covering " + ", ".join(f"{k} of faults: {v if v else '-'}" for k, v in cov.items()),
        file=out,
    )
    kept = [s for s in profile["sites"] if (s.get("suggest") or {}).get("ev_prio") == EV_KEEP]
    if kept:
        share = 100 * sum(site_faults(s) for s in kept) / (total or 1)
        print(
            f"re-scanned ranges: site{'s' if len(kept) > 1 else ''} "
            f"{', '.join(str(s['id']) for s in kept)} ({share:.1f}% of faults) scan again what "
            "they scanned before: ev_prio=-1 keeps part of each resident under any policy "
            "(farhint run --keep-fraction)",
            file=out,
        )
    unattributed = sum(u["faults"] for u in profile.get("unattributed", []))
    if unattributed:
        print(
            f"{unattributed} faults had no frame with source in the application "
            f"(top: {profile['unattributed'][0]['function']})",
            file=out,
        )


def diff(before, after):
    """Per site (by location): faults before and after, largest remaining first."""

    def by_loc(p):
        return {f"{s['file']}:{s['line']}:{s.get('column', 0)}": s for s in p["sites"]}

    a, b = by_loc(before), by_loc(after)
    out = []
    for loc in set(a) | set(b):
        fa = site_faults(a[loc]) if loc in a else 0
        fb = site_faults(b[loc]) if loc in b else 0
        hinted = b[loc]["faults"].get("hinted", 0) if loc in b else 0
        out.append(
            {
                "site": short_path(loc),
                "before": fa,
                "after": fb,
                "hinted_after": hinted,
                "unhinted_after": fb - hinted,
            }
        )
    return sorted(out, key=lambda r: (-r["unhinted_after"], -r["before"]))
