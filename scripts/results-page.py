#!/usr/bin/env python3
"""Renders docs/results/README.md, the page of current results, from
docs/results/tables.yaml and the CSVs in docs/results/data/.

Usage: results-page.py [--check]   (--check: fail if the page differs)
"""

import csv
import sys
from pathlib import Path

import yaml

RESULTS = Path(__file__).resolve().parents[1] / "docs" / "results"
HEADER = """# Results

The current numbers, one table a measurement, each with the command that
produced it, the date and the machine. Ratios are measured side by side in
one run; this machine's runs of the same program vary by 10-30% hours
apart. The page is rendered by `scripts/results-page.py` from `tables.yaml`
and `data/*.csv`: a new measurement replaces its CSV and its entry (`farhint
bench --ab OTHER_BUILD` measures a change against the build before it), and
the numbers it replaces stay in git history (`git log -p -- docs/results`).
"""


def table(path: Path, columns=None) -> str:
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    keep = [head.index(c) for c in columns] if columns else range(len(head))
    missing = [c for c in columns or [] if c not in head]
    if missing:
        raise SystemExit(f"results-page: {path.name} has no column {', '.join(missing)}")
    lines = ["| " + " | ".join(head[i] for i in keep) + " |", "|" + "---|" * len(keep)]
    lines += ["| " + " | ".join(r[i] for i in keep) + " |" for r in body]
    return "\n".join(lines)


def section(entry: dict) -> str:
    command = entry["command"].strip()
    commands = "\n".join(f"    {line}" for line in command.splitlines())
    parts = [
        f"## {entry['title']}",
        f"Date: {entry['date']}  \nMachine: {entry['machine']}  \nCommand:\n\n{commands}",
        entry.get("note", "").strip(),
        table(RESULTS / "data" / entry["csv"], entry.get("columns")),
        f"Data: [data/{entry['csv']}](data/{entry['csv']})",
    ]
    parts += [f"![{entry['title']}]({fig})" for fig in entry.get("figures", [])]
    return "\n\n".join(p for p in parts if p)


def render() -> str:
    spec = yaml.safe_load((RESULTS / "tables.yaml").read_text())
    sections = spec["sections"]
    contents = "\n".join(f"- [{s['title']}](#{anchor(s['title'])})" for s in sections)
    body = "\n\n".join(section(s) for s in sections)
    return f"{HEADER}\n{contents}\n\n{body}\n"


def anchor(title: str) -> str:
    """GitHub's anchor of a heading."""
    kept = "".join(c for c in title.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def main():
    page = render()
    target = RESULTS / "README.md"
    if sys.argv[1:] == ["--check"]:
        if target.read_text() != page:
            sys.exit(
                "results-page: docs/results/README.md is not what tables.yaml and data/ give: "
                "run scripts/results-page.py"
            )
        print("results-page: docs/results/README.md matches tables.yaml and data/")
        return
    target.write_text(page)
    print(f"results-page: wrote {target}")


if __name__ == "__main__":
    main()
