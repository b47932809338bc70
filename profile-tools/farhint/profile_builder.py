"""From a trace to a profile: symbolize every fault's stack, attribute the
fault to the innermost frame with source in the application (library frames
such as memcpy or std::vector's operator[] are attributed to the application
call that reached them), and analyze each site's pattern."""

import os
from collections import Counter, OrderedDict

from farhint import analysis, sampling
from farhint import trace as tracefile
from farhint.profile import FORMAT, VERSION
from farhint.symbolize import Symbolizer, build_id, is_application

PAGE_SHIFT = 12


def _source_line(path, line):
    try:
        with open(path, errors="replace") as f:
            for i, text in enumerate(f, 1):
                if i == line:
                    return text.rstrip("\n")
    except OSError:
        pass
    return None


def _app_modules(maps, binary):
    """The program and its own libraries: not system ones, not the runtime."""
    binary = os.path.realpath(binary)
    mods = {binary}
    for m in maps:
        if not m.path.startswith(("/usr/", "/lib")) and not m.path.endswith("libfarmem.so"):
            mods.add(m.path)
    return mods


def _lookup_ip(fault, i, ip):
    """The address to symbolize for frame i: only the first frame of a fault
    taken in the faulting context is exact; every other frame, and the first
    one of a hinted fault or one inside a system call, is a return address,
    so its call instruction is the byte before it."""
    exact = i == 0 and not fault.flags & (tracefile.KERNEL | tracefile.HINTED)
    return ip if exact else ip - 1


def _expand(fault, symbols):
    """The fault's stack as physical frames, each a list of source frames
    (inlined ones first)."""
    return [symbols[_lookup_ip(fault, i, ip)] for i, ip in enumerate(fault.frames)]


def _site_of(stack, app):
    for inline_frames in stack:
        for j, fr in enumerate(inline_frames):
            if is_application(fr, app):
                return fr, tuple(inline_frames[j + 1 :])
    return None, ()


def _loc(fr):
    return {"file": fr.file, "line": fr.line, "column": fr.column, "function": fr.function}


def _attribute(trace, symbols, app):
    """Each fault to its site: (sites, unattributed, stacks, sampled,
    pages)."""
    allocs = analysis.AllocationIndex(trace.allocs, trace.frees)
    reader_of = {}  # page -> the site that last read-faulted it
    sites = OrderedDict()  # key -> [SiteFaults, site frame, chain, sample stack]
    unattributed = Counter()  # innermost function -> faults
    stacks = Counter()  # outer-to-inner function names -> faults
    sampled = []  # (burst weight, site) of each record, in time order
    pages = []  # (page, site, burst weight) of each record, when space is sampled
    windows = Counter()  # (window, site) -> estimated faults, traced in windows of time
    for f in sorted(trace.faults, key=lambda f: f.time_ns):
        allocs.advance(f.time_ns)
        stack = _expand(f, symbols)
        names = [fr.function for frames in reversed(stack) for fr in reversed(frames)]
        stacks[tuple(names) or ("??",)] += f.weight
        site, chain = _site_of(stack, app)
        sampled.append((f.burst_weight, (site, chain)))
        windows[f.window, (site, chain)] += f.weight
        if trace.spatial_rate > 1:
            pages.append((f.addr >> PAGE_SHIFT, (site, chain), f.burst_weight))
        if site is None:
            inner = stack[0][0] if stack else None
            unattributed[
                f"{inner.function} ({os.path.basename(inner.module)})" if inner else "??"
            ] += f.weight
            continue
        key = (site, chain)
        if key not in sites:
            sites[key] = [analysis.SiteFaults(), site, chain, stack]
        page = f.addr >> PAGE_SHIFT
        sites[key][0].add(f.tid, page, f.kind, f.hinted, allocs.size_at(f.addr), f.weight)
        reader = reader_of.pop(page, None)
        if f.kind == "write_protect" and reader is not None:
            sites[reader][0].reads_written_later += f.weight
        if f.kind == "read":
            reader_of[page] = key
    return sites, unattributed, stacks, sampled, pages, windows


def _site_entries(sites, peak_bytes, spatial_rate):
    """The profile's sites, most faults first. Each site's counts are
    estimates when the trace is a sample (records weighted by the faults
    they stand for), so shares are of all faults."""
    ranked = sorted(sites.values(), key=lambda s: -s[0].total)
    out = []
    for rank, (sf, site, chain, sample) in enumerate(ranked, 1):
        pattern = analysis.analyze(sf, peak_bytes >> PAGE_SHIFT if peak_bytes else 0, spatial_rate)
        sug = analysis.suggest(sf, pattern)
        # Left out when unknown (readers refuse null): a file not at its
        # debug-info path (-fdebug-prefix-map) has no line to show.
        line = _source_line(site.file, site.line)
        out.append(
            {
                "id": rank,
                **_loc(site),
                "inlined_at": [_loc(c) for c in chain],
                **({"source_line": line} if line is not None else {}),
                "frames": [f"{fr.function} {fr.location()}" for frames in sample for fr in frames],
                "faults": {
                    "read": sf.kinds["read"],
                    "write": sf.kinds["write"],
                    "write_protect": sf.kinds["write_protect"],
                    "hinted": sf.hinted,
                },
                "pattern": vars(pattern),
                "suggest": vars(sug),
            }
        )
    return out


VCS_MARKS = (".git", ".hg", ".svn", ".jj")


def source_root(sites) -> str:
    """The folder the sites' sources are under, which a profile used in
    another checkout is matched against (docs/profile-format.md): the
    version-control root above the busiest site's file, else the deepest
    folder all sites' files (outside the system's) share."""
    files = [s["file"] for s in sites if os.path.isabs(s.get("file", ""))]
    if not files:
        return ""
    folder = os.path.dirname(files[0])  # sites come busiest first
    while folder != os.path.dirname(folder):
        if any(os.path.exists(os.path.join(folder, mark)) for mark in VCS_MARKS):
            return folder
        folder = os.path.dirname(folder)
    own = [os.path.dirname(f) for f in files if not f.startswith("/usr/")]
    return os.path.commonpath(own) if own else ""


def _per_window(trace, counts, share):
    """Traced in windows: each recorded window's Counter of site -> its
    estimated faults, in time order, and share, the recorded share of the
    time (sampling.share_error); None otherwise."""
    if not trace.windows:
        return None
    per_window = [Counter() for _ in trace.windows]
    for (window, key), n in counts.items():
        if window < len(per_window):
            per_window[window][key] += n
    return [c for c, (on, _) in zip(per_window, trace.windows, strict=False) if on], share


def _windows_summary(trace, share):
    """A trace in windows of time: how many were recorded, and share, their
    share of the traced run's time."""
    return {
        "recorded": sum(1 for recorded, _ in trace.windows if recorded),
        "recorded_share": round(share, 3),
    }


def build(
    trace,
    binary,
    command,
    local_bytes,
    peak_bytes,
    duration_s,
    recorder="farmem-trace",
    warmup_s=0.0,
    start_signal="",
):
    sym = Symbolizer(trace.maps)
    app = _app_modules(sym.maps, binary)
    ips = {_lookup_ip(f, i, ip) for f in trace.faults for i, ip in enumerate(f.frames)}
    sites, unattributed, stacks, sampled, pages, windows = _attribute(
        trace, sym.symbolize(ips), app
    )
    rate = trace.spatial_rate
    share = tracefile.recorded_share(trace.started_ns, trace.windows) if trace.windows else 1.0
    out_sites = _site_entries(sites, peak_bytes, rate)
    estimated = trace.faults_estimated
    return {
        "format": FORMAT,
        "version": VERSION,
        "binary": {"path": os.path.realpath(binary), "build_id": build_id(binary)},
        "source_root": source_root(out_sites),
        "run": {
            "command": command,
            "recorder": recorder,
            "local_bytes": local_bytes,
            "peak_bytes": peak_bytes,
            "total_faults": estimated,
            "faults_seen": max(trace.faults_seen, estimated),
            "faults_recorded": len(trace.faults),
            **(
                {
                    "share_error_pct": sampling.share_error(
                        sampled, estimated, rate, pages, _per_window(trace, windows, share)
                    )
                }
                if rate > 1 or trace.windows or any(w > 1 for w, _ in sampled)
                else {}
            ),
            **({"spatial_sampling": {"one_in": rate}} if rate > 1 else {}),
            **({"windows": _windows_summary(trace, share)} if trace.windows else {}),
            "duration_s": round(duration_s, 3),
            **({"warmup_s": warmup_s} if warmup_s else {}),
            **({"start_signal": start_signal} if start_signal else {}),
        },
        "sites": out_sites,
        "unattributed": [{"function": k, "faults": v} for k, v in unattributed.most_common()],
        "stacks": [{"frames": list(k), "faults": v} for k, v in stacks.most_common(2000)],
    }
