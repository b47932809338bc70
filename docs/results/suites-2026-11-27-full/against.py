"""auto against kswap per program and budget from a farhint bench results.csv:
medians of the runs that finished; a configuration that did not finish (or was
skipped after it did not at a larger budget) is a lower bound: its timeout."""

import csv
import statistics
import sys


def load(paths):
    rows = []
    for p in paths:
        rows += list(csv.DictReader(open(p)))
    return rows


def cell(rows, app, config, pct):
    rs = [
        r for r in rows if r["app"] == app and r["config"] == config and int(r["local_pct"]) == pct
    ]
    ok = [float(r["seconds"]) for r in rs if r["status"] == "ok"]
    if ok:
        return statistics.median(ok), True, len(ok), len(rs)
    # did not finish here, or skipped: the longest run of this config stopped
    stopped = [
        float(r["seconds"])
        for r in rows
        if r["app"] == app
        and r["config"] == config
        and r["status"] in ("timeout", "oom-killed", "failed (-9)")
    ]
    return (max(stopped) if stopped else None), False, 0, len(rs)


def times_native(t, ok, nat):
    """A cell's time over native: '1.24x', a lower bound '> 11.2x', or '-'."""
    if ok:
        return f"{t / nat:.2f}x"
    return f"> {t / nat:.1f}x" if t else "-"


def main(paths, pcts=(100, 50, 25, 10)):
    rows = load(paths)
    apps = sorted({r["app"] for r in rows})
    print(
        "| program | native | "
        + " | ".join(f"{p}%: kswap / auto / auto faster by" for p in pcts)
        + " |"
    )
    summary = {p: [] for p in pcts}
    slow = {p: [] for p in pcts}
    for app in apps:
        nat = statistics.median(
            float(r["seconds"])
            for r in rows
            if r["app"] == app and r["config"] == "native" and r["status"] == "ok"
        )
        cells = []
        for p in pcts:
            tk, kok, _, _ = cell(rows, app, "kswap", p)
            ta, aok, _, _ = cell(rows, app, "auto", p)
            if kok and aok:
                ratio, text = tk / ta, f"{tk / ta:.2f}x"
            elif aok and tk:
                ratio, text = tk / ta, f"> {tk / ta:.2f}x"
            elif kok and ta:
                ratio, text = tk / ta, f"< {tk / ta:.2f}x"
            else:
                ratio, text = None, "neither finishes"
            summary[p].append((ratio, text, app))
            if aok:
                slow[p].append(ta / nat)
            cells.append(f"{times_native(tk, kok, nat)} / {times_native(ta, aok, nat)} / {text}")
        print(f"| {app} | {nat:.2f} s | " + " | ".join(cells) + " |")
    own = []  # each system's slowdown from its own all-local run, at 25%
    for app in apps:
        tk100, k1, _, _ = cell(rows, app, "kswap", 100)
        ta100, a1, _, _ = cell(rows, app, "auto", 100)
        tk, kok, _, _ = cell(rows, app, "kswap", 25)
        ta, aok, _, _ = cell(rows, app, "auto", 25)
        if k1 and a1 and tk and ta and (kok or aok):
            own.append(((tk / tk100) / (ta / ta100), app, kok, aok))
    print(
        "25%, each against its own all-local run:",
        ", ".join(
            f"{a} {'' if k and a_ else '> ' if a_ else '< '}{r:.2f}x" for r, a, k, a_ in sorted(own)
        ),
        f"median {statistics.median(r for r, *_ in own):.2f}x",
    )
    for p in pcts:
        rs = sorted(r for r, _, _ in summary[p] if r is not None)
        print(
            f"{p}%: auto faster than kswap on {sum(r > 1 for r in rs)} of {len(summary[p])};"
            f" median of the ratios {statistics.median(rs):.2f}x (n={len(rs)});"
            f" auto slowdown median {statistics.median(slow[p]):.2f}x (n={len(slow[p])})"
        )
        print(
            "   ",
            ", ".join(
                f"{a} {t}"
                for r, t, a in sorted(summary[p], key=lambda x: (x[0] is None, x[0] or 0))
            ),
        )


main(sys.argv[1:])
