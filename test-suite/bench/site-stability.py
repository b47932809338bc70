#!/usr/bin/env python3
"""Sites covering 90/95/99% of faults per profile, and whether the top sites
of a profile at one budget are the top sites at another (Eden: a median of 12
sites cover 95% of faults, and the set is stable across memory pressure).

Usage: site-stability.py APP=LOW.fhprof,HIGH.fhprof ...
Prints a markdown table."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "profile-tools"))
from farhint.profile import load_profile, site_faults  # noqa: E402
from farhint.report import coverage_summary  # noqa: E402


def top_sites(prof, share=0.95):
    total = prof["run"].get("total_faults") or 1
    out, covered = [], 0
    for s in sorted(prof["sites"], key=site_faults, reverse=True):
        if covered >= share * total:
            break
        covered += site_faults(s)
        out.append((s["file"], s["line"], s.get("column", 0)))
    return out


def main(args):
    print(
        "| app | budget | faults | sites for 90% / 95% / 99% | top-95% sites at the higher budget "
        "found in the lower one's | share of the higher budget's faults those cover |"
    )
    print("|---|---|---|---|---|---|")
    for arg in args:
        app, paths = arg.split("=")
        low, high = (load_profile(p) for p in paths.split(","))
        for name, prof in (("low", low), ("high", high)):
            cov = coverage_summary(prof)
            mib = prof["run"]["local_bytes"] / (1 << 20)
            print(
                f"| {app} | {mib:.1f} MiB ({name}) | {prof['run']['total_faults']} | "
                f"{cov['90%']} / {cov['95%']} / {cov['99%']} | | |"
            )
        low_top, high_top = set(top_sites(low)), top_sites(high)
        kept = [s for s in high_top if s in low_top]
        total = high["run"].get("total_faults") or 1
        # One location can be several sites (a line inlined at two callers).
        covered = sum(
            site_faults(s)
            for s in high["sites"]
            if (s["file"], s["line"], s.get("column", 0)) in low_top
        )
        print(f"| {app} | | | | {len(kept)} of {len(high_top)} | {100 * covered / total:.1f}% |")


if __name__ == "__main__":
    main(sys.argv[1:])
