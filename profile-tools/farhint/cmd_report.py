"""farhint report: the top faulting sites of a profile, the suggested hint
for each, how many sites cover 90/95/99% of faults; --html for a page with
a flame graph and the coverage curve; --diff to compare a later profile
(e.g. of the hinted build) with this one."""

import json
import sys

from farhint import report
from farhint.paths import output_file
from farhint.profile import load_profile


def add_arguments(p):
    p.add_argument("profile", help="the .fhprof to report on")
    p.add_argument("--top", type=int, default=20, help="sites to list (default 20)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--html", metavar="FILE", help="also write a self-contained HTML report")
    p.add_argument(
        "--diff", metavar="LATER", help="compare with a later profile: which faults remain"
    )
    p.add_argument(
        "--hints",
        metavar="YAML",
        action="append",
        default=[],
        help="the plugin's report (report=PATH) of a build with this profile: "
        "show per site whether it was hinted, with what, or why not "
        "(repeat for several translation units, or give the folder of a "
        "report=DIR/ build)",
    )


def run(args):
    html = output_file(args.html, "--html") if args.html else None
    prof = load_profile(args.profile)
    later = load_profile(args.diff) if args.diff else None
    hints = report.load_hint_reports(args.hints)
    if later is not None:
        rows = report.diff(prof, later)
        if args.json:
            json.dump(rows, sys.stdout, indent=1)
            print()
        else:
            print(f"{'site':<40} {'before':>8} {'after':>8} {'hinted':>8} {'unhinted':>8}")
            for r in rows[: args.top]:
                print(
                    f"{r['site'][-40:]:<40} {r['before']:>8} {r['after']:>8} "
                    f"{r['hinted_after']:>8} {r['unhinted_after']:>8}"
                )
        return 0
    if args.json:
        json.dump(
            {
                "run": prof["run"],
                "coverage_sites": report.coverage_summary(prof),
                "sites": report.rows(prof, args.top, hints),
            },
            sys.stdout,
            indent=1,
        )
        print()
    else:
        report.print_table(prof, top=args.top, hints=hints)
    if html:
        from farhint.report_html import write_html

        write_html(prof, html)
        print(f"farhint report: wrote {args.html}", file=sys.stderr)
    return 0
